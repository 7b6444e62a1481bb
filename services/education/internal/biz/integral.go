package biz

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"anquan/kit/ident"
	"anquan/kit/ruletable"
	"anquan/kit/timefmt"
)

// The points centre (我的积分, /system/myIntegralCenter): points are computed from the
// records that earn them (passed exams here, reported hidden dangers in prevention), never
// kept as a balance of their own, so they cannot drift from what people did and a voided
// hazard or a removed attempt takes its points with it.

// PointRules are what each deed earns. No regulation sets these numbers: they are the
// platform's defaults, kept in one table (the research notes name none).
var PointRules = ruletable.Table[int32]{
	{Code: "exam_pass", Name: "通过一场考试(每场只计一次)", Unit: "分", Source: "平台默认值", Default: 10},
	{Code: "exam_full", Name: "考试满分(每场只计一次)", Unit: "分", Source: "平台默认值", Default: 5},
	{Code: "hazard_report", Name: "上报隐患(作废的不计)", Unit: "分", Source: "平台默认值", Default: 2},
	{Code: "hazard_major", Name: "上报的隐患为重大隐患", Unit: "分", Source: "平台默认值", Default: 5},
	{Code: "hazard_closed", Name: "上报的隐患已验收闭环", Unit: "分", Source: "平台默认值", Default: 1},
}

func rule(code string) int32 { return PointRules.Get(nil, code) }

// ReporterCount is one person's hidden dangers (prevention): reported and not voided, of
// them major and accepted.
type ReporterCount struct {
	UserID                    int64
	Reported, Major, Accepted int32
}

// ReportedHazard is one of the caller's own reports.
type ReportedHazard struct {
	ID         int64
	Name       string
	Level      int32
	State      int32
	ReportTime time.Time
}

// Hazard states and level of prevention that earn or lose points.
const (
	hazardVoided   int32 = 8
	hazardAccepted int32 = 9
	dangerMajor    int32 = 1
)

// Reporters reads a tenant's hidden dangers by reporter from prevention.
type Reporters interface {
	// ReporterTally counts every reporter's hidden dangers, or only userID's with mineOnly,
	// and lists userID's latest limit reports.
	ReporterTally(ctx context.Context, tenant string, userID int64, limit int, mineOnly bool) ([]ReporterCount, []ReportedHazard, error)
}

// ExamTally is one person's passed exams: each exam once, and those passed with full marks.
type ExamTally struct {
	UserID       int64
	Passed, Full int32
}

// PointItem is one deed on the caller's list.
type PointItem struct {
	Time   time.Time
	Source string
	Title  string
	Detail string
	Points int32
}

// Points is the caller's points centre.
type Points struct {
	Total, Month int32
	// Rank among the tenant's people with points (1 = most); People is how many have points.
	Rank, People int
	Items        []PointItem
}

// maxPointItems bounds the list of deeds (the latest of each kind).
const maxPointItems = 200

func examPoints(t ExamTally) int32 { return t.Passed*rule("exam_pass") + t.Full*rule("exam_full") }

func hazardPoints(c ReporterCount) int32 {
	return c.Reported*rule("hazard_report") + c.Major*rule("hazard_major") + c.Accepted*rule("hazard_closed")
}

// rankingTTL is how long a tenant's ranking (everyone's totals) is kept in the cache: it
// groups the whole tenant's exams and reports, which the page would otherwise do on every
// visit. The caller's own total is always counted afresh; only the others' may be this old.
const rankingTTL = time.Minute

// MyPoints is the caller's total, this month's part, rank and latest deeds.
func (e *Education) MyPoints(ctx context.Context) (*Points, error) {
	me, err := ident.User(ctx)
	if err != nil {
		return nil, err
	}
	totals, err := e.tenantTotals(ctx, me.TenantID)
	if err != nil {
		return nil, err
	}
	exams, err := e.Q.ExamTallies(ctx, me.UserID)
	if err != nil {
		return nil, err
	}
	reports, mine, err := e.Reporters.ReporterTally(ctx, me.TenantID, me.UserID, maxPointItems, true)
	if err != nil {
		return nil, err
	}
	var own int32
	for _, t := range exams {
		own += examPoints(t)
	}
	for _, c := range reports {
		own += hazardPoints(c)
	}
	totals[me.UserID] = own
	out := &Points{Total: own, Rank: 1}
	for _, v := range totals {
		if v > 0 {
			out.People++
		}
		if v > out.Total {
			out.Rank++
		}
	}
	passed, err := e.Q.PassedRecords(ctx, me.UserID, maxPointItems)
	if err != nil {
		return nil, err
	}
	out.Items = pointItems(passed, mine)
	y, m, _ := e.Now().In(timefmt.Zone).Date()
	monthStart := time.Date(y, m, 1, 0, 0, 0, 0, timefmt.Zone)
	for _, it := range out.Items {
		if !it.Time.Before(monthStart) {
			out.Month += it.Points
		}
	}
	return out, nil
}

// pointItems are the deeds behind the points, newest first: each exam's first passing
// attempt (records come newest first, so the last one seen per exam is the first pass) and
// each report that is not voided.
func pointItems(passed []Record, mine []ReportedHazard) []PointItem {
	first := map[int64]Record{}
	full := map[int64]bool{}
	for _, r := range passed {
		first[r.ExamID] = r
		if r.TotalScore > 0 && r.Score >= r.TotalScore {
			full[r.ExamID] = true
		}
	}
	items := make([]PointItem, 0, len(first)+len(mine))
	for id, r := range first {
		it := PointItem{Source: "考试", Title: r.ExamName, Points: rule("exam_pass"),
			Detail: fmt.Sprintf("通过考试(%d分) +%d", r.Score, rule("exam_pass"))}
		if r.SubmittedAt != nil {
			it.Time = *r.SubmittedAt
		}
		if full[id] {
			it.Points += rule("exam_full")
			it.Detail += fmt.Sprintf(",满分 +%d", rule("exam_full"))
		}
		items = append(items, it)
	}
	for _, h := range mine {
		if h.State == hazardVoided {
			continue
		}
		it := PointItem{Time: h.ReportTime, Source: "隐患上报", Title: h.Name, Points: rule("hazard_report"),
			Detail: fmt.Sprintf("上报隐患 +%d", rule("hazard_report"))}
		if h.Level == dangerMajor {
			it.Points += rule("hazard_major")
			it.Detail += fmt.Sprintf(",重大隐患 +%d", rule("hazard_major"))
		}
		if h.State == hazardAccepted {
			it.Points += rule("hazard_closed")
			it.Detail += fmt.Sprintf(",验收闭环 +%d", rule("hazard_closed"))
		}
		items = append(items, it)
	}
	slices.SortStableFunc(items, func(a, b PointItem) int { return b.Time.Compare(a.Time) })
	return items
}

// tenantTotals is every person's points in the tenant, from the cache while it is fresh
// (a cache that cannot be read or written only costs the grouping again).
func (e *Education) tenantTotals(ctx context.Context, tenant string) (map[int64]int32, error) {
	key := "edu:ranking:" + tenant
	if e.Ranking != nil {
		if s, ok, err := e.Ranking.Get(ctx, key); err == nil && ok {
			var cached map[int64]int32
			if json.Unmarshal([]byte(s), &cached) == nil && cached != nil {
				return cached, nil
			}
		}
	}
	exams, err := e.Q.ExamTallies(ctx, 0)
	if err != nil {
		return nil, err
	}
	reports, _, err := e.Reporters.ReporterTally(ctx, tenant, 0, 0, false)
	if err != nil {
		return nil, err
	}
	totals := map[int64]int32{}
	for _, t := range exams {
		totals[t.UserID] += examPoints(t)
	}
	for _, c := range reports {
		totals[c.UserID] += hazardPoints(c)
	}
	if e.Ranking != nil {
		if b, err := json.Marshal(totals); err == nil {
			_ = e.Ranking.Set(ctx, key, string(b), rankingTTL) // best effort: a miss recomputes
		}
	}
	return totals, nil
}
