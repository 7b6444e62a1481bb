package biz

import (
	"strings"
	"testing"
	"time"
)

func TestWindowAllows(t *testing.T) {
	// t0 is Friday 2026-11-27 08:00 UTC (weekday 5).
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	cases := []struct {
		name           string
		days, from, to string
		t              time.Time
		want           bool
	}{
		{"no window: any time", "", "", "", at(0), true},
		{"weekday listed, whole day", "1,2,3,4,5", "", "", at(0), true},
		{"weekday not listed", "1,2,3,4", "", "", at(0), false},
		{"Sunday is 7", "7", "", "", at(2 * 24 * time.Hour), true},
		{"inside the hours", "5", "08:00", "18:00", at(0), true},
		{"the end is outside", "5", "06:00", "08:00", at(0), false},
		{"before the hours", "5", "08:30", "18:00", at(0), false},
		{"overnight, after midnight", "5", "22:00", "09:00", at(0), true},
		{"overnight, in the day", "5", "22:00", "06:00", at(0), false},
		{"a bad stored value allows any time on the days", "5", "8:00", "x", at(0), true},
	}
	for _, c := range cases {
		if got := ParseWindow(c.days, c.from, c.to).Allows(c.t); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestValidateWindow(t *testing.T) {
	cases := []struct {
		kind     int32
		days     []int32
		from, to string
		want     string // "" valid: the stored weekdays
	}{
		{ZoneHazardous, []int32{5, 1, 1, 3}, "08:00", "18:00", "1,3,5"},
		{ZoneRestricted, nil, "", "", ""},
		{ZoneHazardous, []int32{8}, "", "", "准入星期应为 1-7"},
		{ZoneHazardous, []int32{1}, "8:00", "18:00", "HH:mm"},
		{ZoneHazardous, []int32{1}, "24:00", "18:00", "HH:mm"},
		{ZoneHazardous, []int32{1}, "08:00", "", "同时填写"},
		{ZoneHazardous, nil, "08:00", "18:00", "请选择准入星期"},
		{ZoneHazardous, []int32{1}, "08:00", "08:00", "不能相同"},
		{ZoneOrdinary, []int32{1}, "", "", "只有限制区域和危险区域"},
	}
	for _, c := range cases {
		z := &Zone{Kind: c.kind}
		err := ValidateWindow(z, c.days, c.from, c.to)
		if strings.Contains(c.want, ",") || c.want == "" {
			if err != nil || z.AllowWeekdays != c.want {
				t.Errorf("%v %s-%s: %v, stored %q", c.days, c.from, c.to, err, z.AllowWeekdays)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v %s-%s: %v, want %q", c.days, c.from, c.to, err, c.want)
		}
	}
}

func TestZoneWindowMakesTheAllowedWrongZoneOutsideIt(t *testing.T) {
	// A (allowed in 罐区) on Friday: the window is 08:00-08:01 on Fridays.
	e, sink, now := testEngine()
	e.Loc = time.UTC
	zones := []ZoneConf{{ID: 10, Name: "罐区", Kind: ZoneHazardous, Floor: 1, Poly: square(0, 0, 10, 10), Allowed: map[int64]bool{1: true},
		Window: ParseWindow("5", "08:00", "08:01")}}
	e.Load("t", []TagConf{{ID: 1, Code: "A"}}, zones)
	run(t, e, sink, now, []step{
		{0, []Fix{fix("A", 5, 5)}, nil},
		{59 * time.Second, []Fix{fix("A", 5, 5)}, nil},
		{61 * time.Second, []Fix{fix("A", 5, 6)}, nil},                   // the window closed: the debounce runs
		{67 * time.Second, []Fix{fix("A", 5, 6)}, []string{"串岗 raised"}}, // 6 s past the window
		{70 * time.Second, []Fix{fix("A", 50, 50)}, []string{"串岗 cleared"}},
	})
}
