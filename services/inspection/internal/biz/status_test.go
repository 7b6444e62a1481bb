package biz

import (
	"testing"
	"time"
)

func TestPointStatusFollowsWindowAndGrace(t *testing.T) {
	start := time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC)
	end := start.Add(8 * time.Hour)
	miss := end.Add(Grace(start, end))
	if miss != end.Add(8*time.Hour) {
		t.Fatalf("the grace of an 8-hour window is one window: %v", miss.Sub(end))
	}
	if g := Grace(start, start.Add(72*time.Hour)); g != 24*time.Hour {
		t.Fatalf("the grace is at most a day: %v", g)
	}
	for _, c := range []struct {
		name      string
		status    int32
		at        time.Time
		open, got int32
	}{
		{"inside the window", PointPending, start.Add(time.Hour), PointPending, PointInspected},
		{"at the window's end", PointPending, end, PointOverdue, PointOverdueDone},
		{"inside the grace", PointOverdue, end.Add(time.Hour), PointOverdue, PointOverdueDone},
		{"at the grace's end", PointOverdue, miss, PointMissed, PointMissedMadeUp},
		{"long after", PointMissed, miss.Add(100 * time.Hour), PointMissed, PointMissedMadeUp},
	} {
		if s := StatusAt(c.status, end, miss, c.at); s != c.open {
			t.Errorf("%s: not inspected is %d, want %d", c.name, s, c.open)
		}
		if s := InspectedStatus(end, miss, c.at); s != c.got {
			t.Errorf("%s: inspected is %d, want %d", c.name, s, c.got)
		}
	}
	for _, s := range []int32{PointInspected, PointOverdueDone, PointMissedMadeUp} {
		if StatusAt(s, end, miss, miss.Add(time.Hour)) != s || !Inspected(s) {
			t.Errorf("an inspected point keeps its status %d", s)
		}
	}
}

func TestTaskStateFollowsItsPoints(t *testing.T) {
	for _, c := range []struct {
		points []int32
		want   int32
	}{
		{[]int32{PointPending, PointInspected}, TaskOpen},
		{[]int32{PointInspected, PointOverdueDone, PointMissedMadeUp}, TaskDone},
		{[]int32{PointOverdue, PointInspected}, TaskOpen},
		{[]int32{PointMissed, PointMissedMadeUp}, TaskMissed},
		{nil, TaskOpen},
	} {
		if got := TaskStateOf(c.points); got != c.want {
			t.Errorf("points %v: task state %d, want %d", c.points, got, c.want)
		}
	}
}

func TestStatRangeIsBounded(t *testing.T) {
	now := time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC)
	from, to, err := StatRange(StatsQuery{}, now)
	if err != nil || to.Sub(from) != 30*24*time.Hour {
		t.Fatalf("default range: %v %v %v", from, to, err)
	}
	from, to, err = StatRange(StatsQuery{From: "2026-03-01", To: "2026-03-01"}, now)
	if err != nil || to.Sub(from) != 24*time.Hour {
		t.Fatalf("one day: %v %v %v", from, to, err)
	}
	for _, q := range []StatsQuery{{From: "2026-03-02", To: "2026-03-01"}, {From: "2024-01-01", To: "2026-03-01"}, {From: "x"}} {
		if _, _, err := StatRange(q, now); err == nil {
			t.Errorf("%+v: want a refusal", q)
		}
	}
	r := StatRow{Due: 6, Inspected: 4, OnTime: 2}
	if r.Coverage() != 0.6667 || r.Timeliness() != 0.5 || (StatRow{}).Coverage() != 0 {
		t.Fatalf("ratios: %v %v", r.Coverage(), r.Timeliness())
	}
}
