package biz

import (
	"testing"
	"time"
)

// TestGradeAtEachBound: 国务院令第493号 第三条, "以上" includes the bound and
// "以下" excludes it; the grade is the highest any measure reaches.
func TestGradeAtEachBound(t *testing.T) {
	r := RuleSet{}
	cases := []struct {
		f    Figures
		want int32
	}{
		{Figures{}, GradeGeneral},
		{Figures{Deaths: 2}, GradeGeneral},
		{Figures{Deaths: 3}, GradeLarger},
		{Figures{Deaths: 9}, GradeLarger},
		{Figures{Deaths: 10}, GradeMajor},
		{Figures{Deaths: 29}, GradeMajor},
		{Figures{Deaths: 30}, GradeSpecial},
		{Figures{SeriousInjuries: 9}, GradeGeneral},
		{Figures{SeriousInjuries: 10}, GradeLarger},
		{Figures{SeriousInjuries: 49}, GradeLarger},
		{Figures{SeriousInjuries: 50}, GradeMajor},
		{Figures{SeriousInjuries: 99}, GradeMajor},
		{Figures{SeriousInjuries: 100}, GradeSpecial},
		{Figures{DirectLoss: 999.99}, GradeGeneral},
		{Figures{DirectLoss: 1000}, GradeLarger},
		{Figures{DirectLoss: 4999.99}, GradeLarger},
		{Figures{DirectLoss: 5000}, GradeMajor},
		{Figures{DirectLoss: 9999.99}, GradeMajor},
		{Figures{DirectLoss: 10000}, GradeSpecial},
		{Figures{Deaths: 1, SeriousInjuries: 12, DirectLoss: 6000}, GradeMajor},
		{Figures{Deaths: 30, SeriousInjuries: 0, DirectLoss: 1}, GradeSpecial},
		{Figures{MinorInjuries: 1000, Missing: 5}, GradeGeneral},
	}
	for _, c := range cases {
		if got := Grade(c.f, r); got != c.want {
			t.Errorf("%+v: grade %d, want %d", c.f, got, c.want)
		}
	}
	// A tenant's bound moves the grade.
	if Grade(Figures{Deaths: 2}, RuleSet{RuleDeathsLarger: 2}) != GradeLarger {
		t.Fatal("a tenant's bound")
	}
}

func TestClock(t *testing.T) {
	at := time.Date(2026, 3, 1, 8, 30, 0, 0, time.UTC)
	c := ClockOf(at, RuleSet{})
	if !c.ReportDue.Equal(at.Add(time.Hour)) || c.SupplementDue.Format("2006-01-02") != "2026-03-31" || c.InvestigationDue.Format("2006-01-02") != "2026-04-30" {
		t.Fatalf("clock: %+v", c)
	}
	if got := ClockOf(at, RuleSet{RuleReportHours: 0.5}).ReportDue; !got.Equal(at.Add(30 * time.Minute)) {
		t.Fatalf("half an hour: %v", got)
	}
}
