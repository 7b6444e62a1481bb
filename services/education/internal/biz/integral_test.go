package biz

import (
	"testing"
	"time"
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
