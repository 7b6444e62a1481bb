package biz

import (
	"testing"
	"time"

	"anquan/kit/timefmt"
)

func TestDetectionMonthsByUnitClass(t *testing.T) {
	if m := (RuleSet{}).DetectionMonths(); m != 12 {
		t.Fatalf("default class 严重: yearly, got %d", m)
	}
	if m := (RuleSet{RuleUnitClass: UnitGeneral}).DetectionMonths(); m != 36 {
		t.Fatalf("class 一般: every 3 years, got %d", m)
	}
	if m := (RuleSet{RuleUnitClass: UnitGeneral, RuleDetectGeneral: 24}).DetectionMonths(); m != 24 {
		t.Fatalf("a tenant's version wins, got %d", m)
	}
}

func TestExamMonthsPerFactor(t *testing.T) {
	s := RuleSet{}
	for rule, want := range map[string]int{"": 12, RuleExamBenzene: 12, RuleExamCO: 36, RuleExamH2S: 36, RuleUnitClass: 12, "exam.periodic.nope": 12} {
		if got := s.ExamMonths(rule); got != want {
			t.Fatalf("%q: %d, want %d", rule, got, want)
		}
	}
	if !IsExamRule(RuleExamCO) || IsExamRule(RuleDetectSerious) || IsExamRule("exam.periodic.") {
		t.Fatal("IsExamRule")
	}
}

func TestDueBoundary(t *testing.T) {
	z := timefmt.Zone
	last := time.Date(2025, 11, 28, 15, 30, 0, 0, z)
	due := DueAfter(last, 12)
	if !due.Equal(time.Date(2026, 11, 28, 0, 0, 0, 0, z)) {
		t.Fatalf("due: %v", due)
	}
	if Overdue(due, time.Date(2026, 11, 28, 23, 59, 59, 0, z)) {
		t.Fatal("the due day itself is in time")
	}
	if !Overdue(due, time.Date(2026, 11, 29, 0, 0, 0, 0, z)) {
		t.Fatal("the day after is overdue")
	}
	// A UTC instant late on the 27th is already the 28th in the platform's zone.
	if d := Day(time.Date(2026, 11, 27, 16, 0, 0, 0, time.UTC)); d.Day() != 28 {
		t.Fatalf("day in zone: %v", d)
	}
}

// GBZ 188: a periodic examination within the window days before leaving
// counts as the leaving examination; a leaving one counts from the window's
// first day on, also after the leaving day.
func TestLeavingCoveredWindow(t *testing.T) {
	left := time.Date(2026, 6, 30, 15, 0, 0, 0, timefmt.Zone)
	day := func(d int) time.Time { return time.Date(2026, 6, 30+d, 9, 0, 0, 0, timefmt.Zone) }
	for _, c := range []struct {
		name string
		exam Exam
		want bool
	}{
		{"periodic 90 days before", Exam{ExamType: ExamPeriodic, ExamDate: day(-90)}, true},
		{"periodic 91 days before", Exam{ExamType: ExamPeriodic, ExamDate: day(-91)}, false},
		{"periodic on the leaving day", Exam{ExamType: ExamPeriodic, ExamDate: day(0)}, true},
		{"periodic after leaving", Exam{ExamType: ExamPeriodic, ExamDate: day(1)}, false},
		{"leaving exam after leaving", Exam{ExamType: ExamLeaving, ExamDate: day(20)}, true},
		{"leaving exam 90 days before", Exam{ExamType: ExamLeaving, ExamDate: day(-90)}, true},
		{"leaving exam 91 days before", Exam{ExamType: ExamLeaving, ExamDate: day(-91)}, false},
		{"pre-employment the day before", Exam{ExamType: ExamPre, ExamDate: day(-1)}, false},
	} {
		if got := LeavingCovered(left, 90, []Exam{c.exam}); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if LeavingCovered(left, 90, nil) {
		t.Error("no examination: not covered")
	}
	if !LeavingCovered(left, 120, []Exam{{ExamType: ExamPeriodic, ExamDate: day(-100)}}) {
		t.Error("a tenant's longer window counts")
	}
}
