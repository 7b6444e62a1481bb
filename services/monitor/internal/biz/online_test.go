package biz

import (
	"context"
	"sync"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)

func at(sec int) time.Time { return t0.Add(time.Duration(sec) * time.Second) }

func endAt(sec int) *time.Time { e := at(sec); return &e }

// TestOnlineAtOfflineAfterExactlyThreeIntervals: a point is online while
// less than three expected intervals have passed since its last sample;
// at exactly three it is offline; never heard from, it is offline.
func TestOnlineAtOfflineAfterExactlyThreeIntervals(t *testing.T) {
	cases := []struct {
		name     string
		last     time.Time
		interval int32
		now      time.Time
		want     bool
	}{
		{"just sampled", at(0), 10, at(0), true},
		{"one interval", at(0), 10, at(10), true},
		{"a nanosecond before 3x", at(0), 10, at(30).Add(-time.Nanosecond), true},
		{"exactly 3x", at(0), 10, at(30), false},
		{"after 3x", at(0), 10, at(31), false},
		{"default interval (60 s): 179 s", at(0), 0, at(179), true},
		{"default interval (60 s): 180 s", at(0), 0, at(180), false},
		{"never sampled", time.Time{}, 10, at(0), false},
	}
	for _, c := range cases {
		if got := OnlineAt(c.last, c.interval, c.now); got != c.want {
			t.Errorf("%s: online %v, want %v", c.name, got, c.want)
		}
	}
}

func TestOnlineDurationClipsMergesAndEndsOpenSpans(t *testing.T) {
	cases := []struct {
		name     string
		spans    []OnlineSpan
		from, to int
		open     int
		want     int
	}{
		{"none", nil, 0, 100, 100, 0},
		{"inside", []OnlineSpan{{StartAt: at(10), EndAt: endAt(40)}}, 0, 100, 100, 30},
		{"clipped both ends", []OnlineSpan{{StartAt: at(-50), EndAt: endAt(150)}}, 0, 100, 100, 100},
		{"overlaps counted once", []OnlineSpan{{StartAt: at(10), EndAt: endAt(40)}, {StartAt: at(30), EndAt: endAt(60)}}, 0, 100, 100, 50},
		{"touching spans", []OnlineSpan{{StartAt: at(10), EndAt: endAt(20)}, {StartAt: at(20), EndAt: endAt(30)}}, 0, 100, 100, 20},
		{"unsorted with a gap", []OnlineSpan{{StartAt: at(70), EndAt: endAt(80)}, {StartAt: at(0), EndAt: endAt(10)}}, 0, 100, 100, 20},
		{"open span ends at openEnd", []OnlineSpan{{StartAt: at(90)}}, 0, 100, 95, 5},
		{"open span past the range", []OnlineSpan{{StartAt: at(90)}}, 0, 100, 500, 10},
		{"outside", []OnlineSpan{{StartAt: at(200), EndAt: endAt(300)}}, 0, 100, 100, 0},
		{"empty range", []OnlineSpan{{StartAt: at(0), EndAt: endAt(300)}}, 50, 50, 100, 0},
	}
	for _, c := range cases {
		got := OnlineDuration(c.spans, at(c.from), at(c.to), at(c.open))
		if got != time.Duration(c.want)*time.Second {
			t.Errorf("%s: %v, want %d s", c.name, got, c.want)
		}
	}
}

// TestMeetsTargetAtTheBoundary: 99.5 % of a day is met, one second less is not.
func TestMeetsTargetAtTheBoundary(t *testing.T) {
	day := 24 * time.Hour
	exact := day * 995 / 1000 // 85,968 s
	if !MeetsTarget(exact, day, 995) {
		t.Error("exactly 99.5 % not met")
	}
	if MeetsTarget(exact-time.Second, day, 995) {
		t.Error("99.5 % less a second met")
	}
	if MeetsTarget(0, 0, 995) {
		t.Error("a day without points met")
	}
	if r := Ratio(exact, day); r < 0.99499 || r > 0.99501 {
		t.Errorf("ratio %v", r)
	}
}

// TestObservedFromCreationToNow: a point counts from its creation, and
// today only up to now.
func TestObservedFromCreationToNow(t *testing.T) {
	p := &Point{}
	p.CreateTime = at(3600)
	f, e := observed(p, at(0), at(86400), at(7200))
	if !f.Equal(at(3600)) || !e.Equal(at(7200)) {
		t.Fatalf("observed [%v, %v)", f, e)
	}
	po := onlineOf(p, []OnlineSpan{{StartAt: at(3600), EndAt: endAt(5400)}}, LiveState{}, at(0), at(86400), at(7200))
	if po.Time != time.Hour || po.OnlineTime != 30*time.Minute || po.Ratio != 0.5 {
		t.Fatalf("%+v", po)
	}
	// created after the day: nothing to count
	if po := onlineOf(p, nil, LiveState{}, at(-86400), at(0), at(7200)); po.Time != 0 || po.Ratio != 0 {
		t.Fatalf("%+v", po)
	}
}

func TestOpenEndFollowsTheEngine(t *testing.T) {
	now := at(1000)
	if e := openEnd(LiveState{Online: true, SeenAt: at(990)}, 10, now); !e.Equal(now) {
		t.Errorf("online: %v", e)
	}
	if e := openEnd(LiveState{SeenAt: at(900)}, 10, now); !e.Equal(at(930)) {
		t.Errorf("offline, not yet ended: %v", e)
	}
	if e := openEnd(LiveState{}, 10, now); !e.IsZero() {
		t.Errorf("unknown: %v", e)
	}
}

type spanLog struct {
	mu sync.Mutex
	s  []OnlineSpan
}

func (l *spanLog) SaveSpan(_ context.Context, s OnlineSpan) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.s = append(l.s, s)
	return nil
}

func (l *spanLog) all() []OnlineSpan {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]OnlineSpan(nil), l.s...)
}

// TestEngineWritesSpansOnlyOnTransitions: the first sample opens a span,
// further samples write nothing, and three intervals without one end it at
// the last arrival plus three intervals; the next sample opens a new one;
// stopping ends the open span.
func TestEngineWritesSpansOnlyOnTransitions(t *testing.T) {
	log := &spanLog{}
	e := NewEngine(&alarmLog{}, nopHistory{}, NewHub(10))
	e.Spans = log
	var mu sync.Mutex
	now := at(0)
	set := func(sec int) { mu.Lock(); now = at(sec); mu.Unlock() }
	e.Clock = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	e.ShelfEvery = 2 * time.Millisecond
	p := Point{Code: "P", ExpectInterval: 10}
	p.ID, p.TenantID = 7, "t"
	e.Start([]PointConf{ConfOf(p, "gw")}, nil)
	read := func() {
		t.Helper()
		sent := e.Clock()
		e.Ingest(Reading{TenantID: "t", Gateway: "gw", Point: "P", TS: sent, Value: 1})
		deadline := time.Now().Add(5 * time.Second)
		for !e.Snapshot(context.Background(), []int64{7})[7].SeenAt.Equal(sent) {
			if time.Now().After(deadline) {
				t.Fatal("reading not evaluated")
			}
			time.Sleep(time.Millisecond)
		}
	}
	waitFor := func(n int) []OnlineSpan {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for len(log.all()) < n && time.Now().Before(deadline) {
			time.Sleep(2 * time.Millisecond)
		}
		s := log.all()
		if len(s) != n {
			t.Fatalf("span writes %d, want %d: %+v", len(s), n, s)
		}
		return s
	}
	read()
	for sec := 5; sec <= 25; sec += 5 {
		set(sec)
		read()
	}
	s := waitFor(1)
	if s[0].EndAt != nil || !s[0].StartAt.Equal(at(0)) || s[0].PointID != 7 || s[0].TenantID != "t" {
		t.Fatalf("opened: %+v", s[0])
	}
	if ls := e.Snapshot(context.Background(), []int64{7})[7]; !ls.Online || !ls.SeenAt.Equal(at(25)) {
		t.Fatalf("live: %+v", ls)
	}
	set(54) // 29 s after the last sample: still online
	time.Sleep(20 * time.Millisecond)
	waitFor(1)
	set(55) // exactly 3 x 10 s
	s = waitFor(2)
	if s[1].ID != s[0].ID || s[1].EndAt == nil || !s[1].EndAt.Equal(at(55)) {
		t.Fatalf("ended: %+v", s[1])
	}
	if ls := e.Snapshot(context.Background(), []int64{7})[7]; ls.Online {
		t.Fatalf("still online: %+v", ls)
	}
	set(100)
	read()
	s = waitFor(3)
	if s[2].ID == s[0].ID || s[2].EndAt != nil || !s[2].StartAt.Equal(at(100)) {
		t.Fatalf("reopened: %+v", s[2])
	}
	set(101)
	e.Stop()
	s = waitFor(4)
	if s[3].ID != s[2].ID || s[3].EndAt == nil || !s[3].EndAt.Equal(at(101)) {
		t.Fatalf("ended at stop: %+v", s[3])
	}
}
