package biz

import (
	"context"
	"sync"
	"testing"
	"time"
)

type memSink struct {
	mu     sync.Mutex
	writes []AlarmWrite
}

func (m *memSink) Write(_ context.Context, w AlarmWrite) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.writes = append(m.writes, w)
	return nil
}

func (m *memSink) take() []AlarmWrite {
	m.mu.Lock()
	defer m.mu.Unlock()
	w := m.writes
	m.writes = nil
	return w
}

var t0 = time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)

func square(x0, y0, x1, y1 float64) Polygon {
	return Polygon{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
}

func testEngine() (*Engine, *memSink, *time.Time) {
	sink := &memSink{}
	e := NewEngine(sink, nil, NewHub(10), DefaultRules)
	now := t0
	e.Now = func() time.Time { return now }
	tags := []TagConf{{ID: 1, Code: "A"}, {ID: 2, Code: "B"}, {ID: 3, Code: "C"}}
	zones := []ZoneConf{
		{ID: 10, Name: "罐区", Kind: ZoneHazardous, Floor: 1, Poly: square(0, 0, 10, 10), Max: 2, Allowed: map[int64]bool{1: true}},
		{ID: 20, Name: "办公楼", Kind: ZoneOrdinary, Floor: 1, Poly: square(100, 100, 120, 120)},
	}
	e.Load("t", tags, zones)
	return e, sink, &now
}

type step struct {
	at    time.Duration
	fixes []Fix
	// want: the writes this step makes, as type/new/cleared.
	want []string
}

func describe(ws []AlarmWrite) []string {
	var out []string
	for _, w := range ws {
		s := AlarmTypes[w.Alarm.AlarmType]
		switch {
		case w.New:
			s += " raised"
		case w.Alarm.ClearedAt != nil:
			s += " cleared"
		default:
			s += " again"
		}
		out = append(out, s)
	}
	return out
}

func fix(tag string, x, y float64) Fix { return Fix{Tag: tag, X: x, Y: y, Floor: 1, Battery: -1} }

func TestRules(t *testing.T) {
	low := fix("A", 50, 50)
	low.Battery = 15
	mid := fix("A", 50, 50)
	mid.Battery = 25
	ok := fix("A", 50, 50)
	ok.Battery = 35
	sos := fix("B", 60, 60)
	sos.SOS = true
	cases := []struct {
		name  string
		steps []step
	}{
		{"an allowed person in a hazardous zone raises nothing", []step{
			{0, []Fix{fix("A", 5, 5)}, nil}, {10 * time.Second, []Fix{fix("A", 6, 5)}, nil}}},
		{"a person not allowed raises 串岗 after the debounce, clears on leaving, again while unhandled", []step{
			{0, []Fix{fix("B", 5, 5)}, nil},
			{3 * time.Second, []Fix{fix("B", 5, 6)}, nil},
			{6 * time.Second, []Fix{fix("B", 5, 7)}, []string{"串岗 raised"}},
			{8 * time.Second, []Fix{fix("B", 5, 8)}, nil},
			{9 * time.Second, []Fix{fix("B", 50, 50)}, []string{"串岗 cleared"}},
			{10 * time.Second, []Fix{fix("B", 5, 5)}, nil},
			{16 * time.Second, []Fix{fix("B", 5, 5)}, []string{"串岗 again"}}}},
		{"a short visit stays under the debounce", []step{
			{0, []Fix{fix("C", 5, 5)}, nil}, {4 * time.Second, []Fix{fix("C", 50, 50)}, nil}, {20 * time.Second, []Fix{fix("C", 50, 51)}, nil}}},
		{"more than the capacity raises 超员 after the debounce and clears at the capacity", []step{
			{0, []Fix{fix("A", 1, 1), fix("B", 50, 50), fix("C", 50, 50)}, nil},
			{time.Second, []Fix{fix("B", 2, 2), fix("C", 3, 3)}, nil},
			{4 * time.Second, []Fix{fix("A", 1, 2), fix("B", 2, 3), fix("C", 3, 4)}, nil},
			{7 * time.Second, []Fix{fix("A", 1, 2), fix("B", 2, 3), fix("C", 3, 4)}, []string{"串岗 raised", "串岗 raised", "超员 raised"}},
			{8 * time.Second, []Fix{fix("B", 40, 40)}, []string{"串岗 cleared", "超员 cleared"}},
		}},
		{"one-key SOS raises at once and clears when released", []step{
			{0, []Fix{sos}, []string{"一键求救 raised"}},
			{time.Second, []Fix{sos}, nil},
			{2 * time.Second, []Fix{fix("B", 60, 60)}, []string{"一键求救 cleared"}}}},
		{"low battery raises below 20% and clears only at 30% (hysteresis)", []step{
			{0, []Fix{low}, []string{"低电量 raised"}},
			{time.Second, []Fix{mid}, nil},
			{2 * time.Second, []Fix{ok}, []string{"低电量 cleared"}}}},
		{"still within 3 m for 5 minutes raises 长时间静止, a move clears it", []step{
			{0, []Fix{fix("C", 200, 200)}, nil},
			{2 * time.Minute, []Fix{fix("C", 201, 201)}, nil},
			{5 * time.Minute, []Fix{fix("C", 202, 200)}, []string{"长时间静止 raised"}},
			{6 * time.Minute, []Fix{fix("C", 220, 200)}, []string{"长时间静止 cleared"}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, sink, now := testEngine()
			for i, s := range c.steps {
				*now = t0.Add(s.at)
				for j := range s.fixes {
					s.fixes[j].TS = *now
				}
				e.Ingest(context.Background(), "t", s.fixes)
				got := describe(sink.take())
				if len(got) != len(s.want) {
					t.Fatalf("step %d: writes %v, want %v", i, got, s.want)
				}
				for k := range got {
					if got[k] != s.want[k] {
						t.Fatalf("step %d: writes %v, want %v", i, got, s.want)
					}
				}
			}
		})
	}
}

func TestHandledAlarmIsNotRaisedAgainWhileTheConditionHolds(t *testing.T) {
	e, sink, now := testEngine()
	sos := fix("B", 60, 60)
	sos.SOS = true
	sos.TS = *now
	e.Ingest(context.Background(), "t", []Fix{sos})
	w := sink.take()
	if len(w) != 1 || !w[0].New {
		t.Fatalf("raise: %v", describe(w))
	}
	e.Handled("t", []int64{w[0].Alarm.ID})
	*now = now.Add(time.Second)
	sos.TS = *now
	e.Ingest(context.Background(), "t", []Fix{sos})
	if w := sink.take(); len(w) != 0 {
		t.Fatalf("still pressed after handling: %v", describe(w))
	}
	rel := fix("B", 60, 60)
	*now = now.Add(time.Second)
	rel.TS = *now
	e.Ingest(context.Background(), "t", []Fix{rel})
	*now = now.Add(time.Second)
	sos.TS = *now
	e.Ingest(context.Background(), "t", []Fix{sos})
	if w := sink.take(); len(w) != 1 || !w[0].New {
		t.Fatalf("pressed again: %v", describe(w))
	}
}

func TestIngestDropsUnknownTagsOldAndFutureFixes(t *testing.T) {
	e, _, now := testEngine()
	f := func(tag string, d time.Duration) Fix { x := fix(tag, 1, 1); x.TS = now.Add(d); return x }
	a, d := e.Ingest(context.Background(), "t", []Fix{f("A", 0), f("Z", 0), f("B", -25*time.Hour), f("C", 10*time.Minute)})
	if a != 1 || d != 3 {
		t.Fatalf("accepted %d dropped %d", a, d)
	}
	if a, d := e.Ingest(context.Background(), "t", []Fix{f("A", -time.Second)}); a != 0 || d != 1 {
		t.Fatalf("a fix older than the last: accepted %d dropped %d", a, d)
	}
	if a, _ := e.Ingest(context.Background(), "other", []Fix{f("A", 0)}); a != 0 {
		t.Fatal("another tenant's tag accepted")
	}
	h := e.Headcounts("t")
	if h.Online != 1 || h.Total != 3 || h.Zones[1].ZoneName != "罐区" || h.Zones[1].Count != 1 {
		t.Fatalf("headcounts %+v", h)
	}
	*now = now.Add(2 * time.Minute)
	if h := e.Headcounts("t"); h.Online != 0 || h.Zones[1].Count != 0 {
		t.Fatalf("offline tags still counted: %+v", h)
	}
}

func TestPolygon(t *testing.T) {
	l := Polygon{{0, 0}, {10, 0}, {10, 10}, {5, 3}, {0, 10}}
	if !l.Contains(2, 2) || l.Contains(5, 8) || l.Contains(-1, 1) {
		t.Fatal("contains")
	}
	if (Polygon{{0, 0}, {10, 10}, {10, 0}, {0, 10}}).SelfIntersects() == false {
		t.Fatal("a bow tie crosses itself")
	}
	if l.SelfIntersects() {
		t.Fatal("a concave polygon does not cross itself")
	}
	if DecodePolygon(EncodePolygon(l))[3] != (Vertex{5, 3}) {
		t.Fatal("round trip")
	}
}

func TestRestoredWrongZoneAlarmClearsOnTheFirstFixOutside(t *testing.T) {
	e, sink, now := testEngine()
	a := Alarm{AlarmType: AlarmWrongZone, TagID: 2, ZoneID: 10, State: StateAlarming, RaisedAt: now.Add(-time.Hour)}
	a.TenantID = "t"
	e.Restore([]Alarm{a})
	f := fix("B", 50, 50)
	f.TS = *now
	e.Ingest(context.Background(), "t", []Fix{f})
	if w := describe(sink.take()); len(w) != 1 || w[0] != "串岗 cleared" {
		t.Fatalf("writes %v", w)
	}
}
