package biz

import (
	"testing"
	"time"
)

// TestTrendRangeBoundsAndNeverMoreBucketsThanWidth: the range and width are
// bounded with a Chinese message; the bucket is a whole number of seconds
// and [from, to+1s) fits in at most width buckets.
func TestTrendRangeBoundsAndNeverMoreBucketsThanWidth(t *testing.T) {
	for _, c := range []struct {
		name, from, to string
		width          int32
		bucket         time.Duration
		bad            bool
	}{
		{"an hour in 600", "2026-11-01 00:00:00", "2026-11-01 00:59:59", 600, 6 * time.Second, false},
		{"an hour in the default width", "2026-11-01 00:00:00", "2026-11-01 00:59:59", 0, 6 * time.Second, false},
		{"a day in 2000", "2026-11-01 00:00:00", "2026-11-02 00:00:00", 2000, 44 * time.Second, false},
		{"31 days", "2026-11-01 00:00:00", "2026-12-02 00:00:00", 1000, 2679 * time.Second, false},
		{"32 days", "2026-11-01 00:00:00", "2026-12-03 00:00:00", 1000, 0, true},
		{"to before from", "2026-11-02 00:00:00", "2026-11-01 00:00:00", 100, 0, true},
		{"equal", "2026-11-01 00:00:00", "2026-11-01 00:00:00", 100, 0, true},
		{"width 9", "2026-11-01 00:00:00", "2026-11-01 01:00:00", 9, 0, true},
		{"width 2001", "2026-11-01 00:00:00", "2026-11-01 01:00:00", 2001, 0, true},
		{"unreadable", "yesterday", "2026-11-01 01:00:00", 100, 0, true},
	} {
		f, to, b, err := TrendRange(c.from, c.to, c.width)
		if c.bad {
			if err == nil {
				t.Errorf("%s: accepted", c.name)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		w := c.width
		if w == 0 {
			w = TrendDefaultWidth
		}
		if b != c.bucket || b%time.Second != 0 {
			t.Errorf("%s: bucket %v, want %v", c.name, b, c.bucket)
		}
		if n := (to.Sub(f) + time.Second + b - 1) / b; n > time.Duration(w) {
			t.Errorf("%s: %d buckets for width %d", c.name, n, w)
		}
	}
}

// TestScreenKeyPointsAlarmingFirstThenDetectors: the screen's trends show
// points in alarm, then gas detectors, then the rest, by code, at most
// ScreenKeyPoints; a held point counts as held, not as alarming.
func TestScreenKeyPointsAlarmingFirstThenDetectors(t *testing.T) {
	now := time.Now()
	pt := func(id int64, code string, gas int32) Point {
		p := Point{Code: code, GasType: gas}
		p.ID = id
		return p
	}
	points := []Point{pt(1, "TT-1", 0), pt(2, "GT-2", 1), pt(3, "LT-3", 0), pt(4, "GT-1", 1), pt(5, "PT-9", 0), pt(6, "AT-1", 2)}
	live := map[int64]LiveState{
		5: {Has: true, State: "ACTIVE_UNACK", Level: "H"},
		3: {Has: true, State: "ACTIVE_ACK", Level: "L", HeldUntil: now.Add(time.Hour)},
	}
	got := keyPoints(points, live, now)
	want := []string{"PT-9", "AT-1", "GT-1", "GT-2"}
	if len(got) != len(want) {
		t.Fatalf("key points: %v", got)
	}
	for i := range want {
		if got[i].Code != want[i] {
			t.Fatalf("key point %d: %s, want %s", i, got[i].Code, want[i])
		}
	}
	for _, c := range []struct {
		l    LiveState
		want string
	}{
		{LiveState{}, "NO_DATA"},
		{LiveState{Has: true, State: "NORMAL"}, "NORMAL"},
		{LiveState{Has: true, State: "LATCHED"}, "ALARM"},
		{LiveState{Has: true, State: "RTN_UNACK"}, "RTN_UNACK"},
		{LiveState{Has: true, State: "ACTIVE_UNACK", HeldUntil: now.Add(-time.Minute)}, "ALARM"},
		{LiveState{Has: true, State: "ACTIVE_UNACK", HeldUntil: now.Add(time.Minute)}, "HELD"},
	} {
		if g := stateGroup(c.l, now); g != c.want {
			t.Errorf("%+v: %s, want %s", c.l, g, c.want)
		}
	}
}
