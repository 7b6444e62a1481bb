package biz

import (
	"testing"
	"time"
)

func d(s string) time.Time {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestAddWorkdays(t *testing.T) {
	cases := []struct {
		name, from string
		n          int32
		cal        Calendar
		want       string
	}{
		{"friday plus one is monday", "2026-11-06", 1, Calendar{}, "2026-11-09"},
		{"20 working days skip four weekends", "2026-11-06", 20, Calendar{}, "2026-12-04"},
		{"publication on a sunday", "2026-11-08", 1, Calendar{}, "2026-11-09"},
		{"a holiday is skipped", "2026-09-30", 1, Calendar{Holidays: map[string]bool{"2026-10-01": true, "2026-10-02": true}}, "2026-10-05"},
		{"a working saturday counts", "2026-10-09", 1, Calendar{Workdays: map[string]bool{"2026-10-10": true}}, "2026-10-10"},
	}
	for _, c := range cases {
		if got := c.cal.AddWorkdays(d(c.from), c.n).Format("2006-01-02"); got != c.want {
			t.Errorf("%s: %s", c.name, got)
		}
	}
}

func TestDrillStateMachine(t *testing.T) {
	cases := []struct {
		from   int32
		action string
		to     int32
		ok     bool
	}{
		{DrillDefault, "start", DrillRunning, true},
		{DrillRunning, "complete", DrillComplete, true},
		{DrillDefault, "reject", DrillRejected, true},
		{DrillDefault, "void", DrillVoided, true},
		{DrillRunning, "void", DrillVoided, true},
		{DrillDefault, "complete", DrillDefault, false},
		{DrillRunning, "reject", DrillRunning, false},
		{DrillComplete, "void", DrillComplete, false},
		{DrillRejected, "start", DrillRejected, false},
		{DrillVoided, "start", DrillVoided, false},
		{DrillComplete, "start", DrillComplete, false},
	}
	for _, c := range cases {
		to, ok := NextDrillState(c.from, c.action)
		if to != c.to || ok != c.ok {
			t.Errorf("%d %s: got %d %v", c.from, c.action, to, ok)
		}
	}
}

func TestDrillMonths(t *testing.T) {
	national := RuleSet{}
	hazchem := RuleSet{RuleHazchemUnit: 1}
	if DrillMonths(national, PlanGeneral) != 12 || DrillMonths(national, PlanOnSite) != 6 {
		t.Fatal("national intervals")
	}
	if DrillMonths(hazchem, PlanSpecial) != 6 || DrillMonths(hazchem, PlanOnSite) != 6 {
		t.Fatal("hazchem units drill every 6 months")
	}
	if DrillMonths(RuleSet{RuleDrillGeneral: 4}, PlanGeneral) != 4 {
		t.Fatal("a tenant's stricter rule")
	}
}

func TestSupplyStatus(t *testing.T) {
	now := d("2026-11-27")
	past, future, created := d("2026-11-26"), d("2026-12-01"), d("2026-01-01")
	recent := d("2026-11-20")
	base := func(s Supply) *Supply { s.CreateTime = created; return &s }
	cases := []struct {
		name string
		s    *Supply
		want int32
	}{
		{"normal", base(Supply{Quantity: 5, MinStock: 2, ExpiryDate: &future}), SupplyNormal},
		{"expiry day itself is still valid", base(Supply{Quantity: 5, ExpiryDate: &now}), SupplyNormal},
		{"expired", base(Supply{Quantity: 5, ExpiryDate: &past}), SupplyExpired},
		{"short", base(Supply{Quantity: 1, MinStock: 2}), SupplyShort},
		{"scrapped wins", base(Supply{Scrapped: true, Quantity: 0, MinStock: 2, ExpiryDate: &past}), SupplyScrapped},
		{"check due", base(Supply{Quantity: 5, CheckCycleDays: 30}), SupplyCheckDue},
		{"checked recently", base(Supply{Quantity: 5, CheckCycleDays: 30, LastCheckDate: &recent}), SupplyNormal},
	}
	for _, c := range cases {
		if got := SupplyStatus(c.s, now); got != c.want {
			t.Errorf("%s: %d", c.name, got)
		}
	}
}

func TestDeadlines(t *testing.T) {
	pub, due := d("2026-01-05"), d("2026-02-02")
	p := &Plan{PlanType: PlanGeneral, State: PlanPublished, PublishDate: &pub, FilingDue: &due}
	got := Deadlines(p, RuleSet{}, nil, d("2026-02-02"))
	if got.FilingOverdue || got.DrillDue.Format("2006-01-02") != "2027-01-05" || got.DrillOverdue {
		t.Fatalf("on the due day: %+v", got)
	}
	got = Deadlines(p, RuleSet{}, nil, d("2026-02-03"))
	if !got.FilingOverdue {
		t.Fatal("the day after the due day is overdue")
	}
	last := d("2026-06-01")
	got = Deadlines(p, RuleSet{}, &last, d("2027-06-02"))
	if got.DrillDue.Format("2006-01-02") != "2027-06-01" || !got.DrillOverdue {
		t.Fatalf("drill due from the last drill: %+v", got)
	}
}

// Today is the tenant's today: at 17:00 UTC it is already the next day in
// China, and that day's date is not in the future; the day after is.
func TestNotFutureTakesTodayInTheDatesZone(t *testing.T) {
	e := &Emergency{Now: func() time.Time { return time.Date(2026, 11, 27, 17, 0, 0, 0, time.UTC) }}
	cst := time.FixedZone("CST", 8*3600)
	if err := e.notFuture("备案日期", time.Date(2026, 11, 28, 0, 0, 0, 0, cst)); err != nil {
		t.Errorf("today in China refused: %v", err)
	}
	if err := e.notFuture("备案日期", time.Date(2026, 11, 29, 0, 0, 0, 0, cst)); err == nil {
		t.Error("tomorrow in China taken")
	}
	if err := e.notFuture("备案日期", time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Errorf("today in UTC refused: %v", err)
	}
}
