package biz

import "testing"

func TestHoursDueStateBoundaries(t *testing.T) {
	plan := func(run float64) *Equipment {
		e := &Equipment{MaintainMode: ModeRunHours, MaintainIntervalHours: 500, MaintainLeadHours: 50, LastMaintainHours: 1000, RunHours: run, Lifecycle: LifecycleInUse}
		planHours(e)
		return e
	}
	for _, c := range []struct {
		run  float64
		want int32
		left float64
	}{
		{1000, DueNone, 500},
		{1449.9, DueNone, 50.1},
		{1450, DueSoon, 50},   // exactly at the lead
		{1499, DueSoon, 1},    // one hour before
		{1500, DueOverdue, 0}, // exactly at the interval: due
		{1620.5, DueOverdue, -120.5},
	} {
		e := plan(c.run)
		if e.NextMaintainHours != 1500 || e.HoursDue != c.want || HoursLeft(e) != c.left {
			t.Errorf("run %v: next %v due %d left %v, want 1500 %d %v", c.run, e.NextMaintainHours, e.HoursDue, HoursLeft(e), c.want, c.left)
		}
	}
	cal := &Equipment{MaintainMode: ModeCalendar, MaintainCycleDays: 30, RunHours: 99999}
	planHours(cal)
	if cal.HoursDue != DueNone || cal.NextMaintainHours != 0 {
		t.Errorf("a calendar plan has no run-hour due: %+v", cal)
	}
	scrapped := plan(1600)
	scrapped.Lifecycle = LifecycleScrapped
	if HoursDueState(scrapped) != DueNone {
		t.Error("a scrapped equipment is never due")
	}
}

func TestValidatePlan(t *testing.T) {
	for _, c := range []struct {
		e   Equipment
		bad bool
	}{
		{Equipment{MaintainMode: ModeRunHours, MaintainIntervalHours: 0}, true},
		{Equipment{MaintainMode: ModeRunHours, MaintainIntervalHours: 100, MaintainLeadHours: 100}, true},
		{Equipment{MaintainMode: ModeRunHours, MaintainIntervalHours: 100, MaintainLeadHours: 99, MaintainCycleDays: 30}, false},
		{Equipment{MaintainMode: 3}, true},
		{Equipment{MaintainMode: ModeRunHours, MaintainIntervalHours: 100, RunHours: -1}, true},
		{Equipment{MaintainMode: ModeRunHours, MaintainIntervalHours: 100, RunHours: MaxRunHours + 1}, true},
		{Equipment{}, false},
	} {
		e := c.e
		err := validatePlan(&e)
		if (err != nil) != c.bad {
			t.Errorf("%+v: err %v, want bad %v", c.e, err, c.bad)
		}
		if err == nil && e.MaintainMode == ModeRunHours && e.MaintainCycleDays != 0 {
			t.Errorf("a run-hour plan keeps no calendar cycle: %+v", e)
		}
	}
	if got := HoursDueKey(1100000.5); len(got) > 10 {
		t.Errorf("HoursDueKey %q is over the marker column's 10 characters", got)
	}
}
