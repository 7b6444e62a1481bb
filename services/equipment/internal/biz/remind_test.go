package biz

import (
	"slices"
	"testing"
)

func TestRemindStageAtTheLeadTimes(t *testing.T) {
	leads := []int32{30, 7, 1}
	today := "2026-03-01"
	cases := []struct {
		name    string
		due     string
		overdue bool
		want    string
	}{
		{"no date", "", true, ""},
		{"31 days before: none yet", AddDays(today, 31), true, ""},
		{"exactly 30 days before", AddDays(today, 30), true, "30"},
		{"29 days before: still the 30-day stage", AddDays(today, 29), true, "30"},
		{"exactly 7 days before", AddDays(today, 7), true, "7"},
		{"5 days before (a missed run): the 7-day stage", AddDays(today, 5), true, "7"},
		{"exactly 1 day before", AddDays(today, 1), true, "1"},
		{"on the due day: the last stage", today, true, "1"},
		{"the day after: overdue", AddDays(today, -1), true, "overdue"},
		{"long overdue: the same overdue stage", AddDays(today, -400), true, "overdue"},
		{"overdue reminders off", AddDays(today, -1), false, ""},
	}
	for _, c := range cases {
		if got := RemindStage(c.due, today, leads, c.overdue); got != c.want {
			t.Errorf("%s: RemindStage(%q) = %q, want %q", c.name, c.due, got, c.want)
		}
	}
	if got := RemindStage(today, today, []int32{7, 0}, true); got != "0" {
		t.Errorf("lead 0 on the due day = %q, want 0", got)
	}
	if got := RemindStage(AddDays(today, 3), today, nil, true); got != "" {
		t.Errorf("no leads = %q", got)
	}
}

func TestParseLeadsSortsAndBounds(t *testing.T) {
	got, err := ParseLeads(" 7, 30,1,7 ")
	if err != nil || !slices.Equal(got, []int32{30, 7, 1}) {
		t.Fatalf("ParseLeads = %v, %v", got, err)
	}
	if JoinLeads(got) != "30,7,1" {
		t.Fatalf("JoinLeads = %q", JoinLeads(got))
	}
	for _, bad := range []string{"-1", "366", "a", "1,2,3,4,5,6,7", "1.5"} {
		if _, err := ParseLeads(bad); err == nil {
			t.Errorf("ParseLeads(%q) accepted", bad)
		}
	}
	if got, err := ParseLeads(""); err != nil || len(got) != 0 {
		t.Errorf("empty = %v, %v", got, err)
	}
}
