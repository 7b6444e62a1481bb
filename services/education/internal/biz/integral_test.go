package biz

import (
	"context"
	"testing"
	"time"

	"anquan/kit/cache"
	"anquan/kit/ident"
)

func TestPointItemsCountEachExamOnceAndSkipVoidedReports(t *testing.T) {
	at := func(d int) *time.Time { v := time.Date(2026, 11, d, 9, 0, 0, 0, time.UTC); return &v }
	// newest first, as PassedRecords reads them: a retake passed on the 20th, the first pass on the 10th
	passed := []Record{
		{ExamID: 1, ExamName: "动火考试", Score: 100, TotalScore: 100, SubmittedAt: at(20)},
		{ExamID: 1, ExamName: "动火考试", Score: 70, TotalScore: 100, SubmittedAt: at(10)},
		{ExamID: 2, ExamName: "受限空间考试", Score: 60, TotalScore: 100, SubmittedAt: at(5)},
	}
	mine := []ReportedHazard{
		{Name: "重大", Level: dangerMajor, State: hazardAccepted, ReportTime: *at(25)},
		{Name: "作废", State: hazardVoided, ReportTime: *at(24)},
		{Name: "一般", State: 0, ReportTime: *at(1)},
	}
	items := pointItems(passed, mine)
	got := map[string]int32{}
	var order []string
	for _, it := range items {
		got[it.Title] += it.Points
		order = append(order, it.Title)
	}
	want := map[string]int32{"动火考试": 10 + 5, "受限空间考试": 10, "重大": 2 + 5 + 1, "一般": 2}
	if len(got) != len(want) {
		t.Fatalf("items %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %d points, want %d", k, got[k], v)
		}
	}
	// the exam counts once, at its first pass (the 10th), and the list is newest first
	if order[0] != "重大" || order[1] != "动火考试" || order[2] != "受限空间考试" || order[3] != "一般" {
		t.Fatalf("order: %v", order)
	}
	if !items[1].Time.Equal(*at(10)) {
		t.Fatalf("an exam's deed is its first pass: %v", items[1].Time)
	}
	if got, want := examPoints(ExamTally{Passed: 2, Full: 1}), int32(25); got != want {
		t.Fatalf("examPoints = %d, want %d", got, want)
	}
	if got, want := hazardPoints(ReporterCount{Reported: 3, Major: 1, Accepted: 2}), int32(13); got != want {
		t.Fatalf("hazardPoints = %d, want %d", got, want)
	}
}

// pointsQ counts passed exams from a table of tallies; every other query is unused.
type pointsQ struct {
	Queries
	tallies []ExamTally
	groups  int // tenant-wide groupings done
}

func (q *pointsQ) ExamTallies(_ context.Context, userID int64) ([]ExamTally, error) {
	if userID == 0 {
		q.groups++
		return q.tallies, nil
	}
	var out []ExamTally
	for _, t := range q.tallies {
		if t.UserID == userID {
			out = append(out, t)
		}
	}
	return out, nil
}

func (q *pointsQ) PassedRecords(context.Context, int64, int) ([]Record, error) { return nil, nil }

type noReports struct{}

func (noReports) ReporterTally(context.Context, string, int64, int, bool) ([]ReporterCount, []ReportedHazard, error) {
	return nil, nil, nil
}

// The tenant's ranking is grouped once per rankingTTL; the caller's own total is always fresh.
func TestTheRankingIsCachedButMyTotalIsFresh(t *testing.T) {
	q := &pointsQ{tallies: []ExamTally{{UserID: 1, Passed: 1}, {UserID: 2, Passed: 3}}}
	e := &Education{Q: q, Reporters: noReports{}, Ranking: cache.NewMemory(), Now: time.Now}
	me := ident.With(context.Background(), &ident.Identity{TenantID: "100001", UserID: 1, UserName: "me"})
	p, err := e.MyPoints(me)
	if err != nil {
		t.Fatal(err)
	}
	if p.Total != 10 || p.Rank != 2 || p.People != 2 {
		t.Fatalf("first visit: %+v", p)
	}
	// I pass three more exams: my total moves at once and so does my rank against the cached others
	q.tallies[0].Passed = 4
	if p, err = e.MyPoints(me); err != nil {
		t.Fatal(err)
	}
	if p.Total != 40 || p.Rank != 1 || q.groups != 1 {
		t.Fatalf("second visit: %+v after %d groupings", p, q.groups)
	}
	// without a cache every visit groups the tenant
	e.Ranking = nil
	if _, err := e.MyPoints(me); err != nil || q.groups != 2 {
		t.Fatalf("no cache: %d groupings, %v", q.groups, err)
	}
}
