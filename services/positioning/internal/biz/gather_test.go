package biz

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"
	"time"
)

func pointsAt(xy ...[3]float64) []gatherPoint {
	pts := make([]gatherPoint, len(xy))
	for i, p := range xy {
		pts[i] = gatherPoint{st: &tagState{conf: TagConf{ID: int64(i)}, x: p[0], y: p[1], floor: int32(p[2])}}
	}
	return pts
}

func sizes(groups [][]int) []int {
	var out []int
	for _, g := range groups {
		out = append(out, len(g))
	}
	sort.Ints(out)
	return out
}

func TestClusters(t *testing.T) {
	ring := func(cx, cy, r float64, n int, floor float64) [][3]float64 {
		var out [][3]float64
		for i := range n {
			out = append(out, [3]float64{cx + r*float64(i%3), cy + r*float64(i/3), floor})
		}
		return out
	}
	cases := []struct {
		name   string
		pts    [][3]float64
		minPts int
		want   []int
	}{
		{"six within 5 m", ring(100, 100, 1.5, 6, 1), 5, []int{6}},
		{"four are too few", ring(100, 100, 1.5, 4, 1), 5, nil},
		{"spread 6 m apart", ring(100, 100, 6, 6, 1), 5, nil},
		{"two crowds", append(ring(0, 0, 1, 5, 1), ring(50, 50, 1, 7, 1)...), 5, []int{5, 7}},
		{"across a cell edge", ring(4.9, 4.9, 0.2, 5, 1), 5, []int{5}},
		{"other floor does not count", append(ring(0, 0, 1, 3, 1), ring(0, 0, 1, 3, 2)...), 5, nil},
		{"a queue 4 m apart is not a crowd", [][3]float64{{0, 0, 1}, {4, 0, 1}, {8, 0, 1}, {12, 0, 1}, {16, 0, 1}, {20, 0, 1}}, 5, nil},
	}
	for _, c := range cases {
		got := sizes(clusters(pointsAt(c.pts...), 5, c.minPts))
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func gatherEngine(n int) (*Engine, *memSink, *time.Time) {
	sink := &memSink{}
	rules := DefaultRules
	rules.GatherAfter = 30 * time.Second
	e := NewEngine(sink, nil, NewHub(10), rules)
	now := t0
	e.Now = func() time.Time { return now }
	var tags []TagConf
	for i := range n {
		tags = append(tags, TagConf{ID: int64(i + 1), Code: fmt.Sprintf("G%d", i+1), PersonName: fmt.Sprintf("人员%d", i+1)})
	}
	e.Load("t", tags, []ZoneConf{{ID: 30, Name: "装车区", Floor: 1, Poly: square(0, 0, 100, 100), Responsible: 7}})
	return e, sink, &now
}

// step moves the clock, reports every listed tag at (x+i, y) and ticks.
func gatherStep(e *Engine, now *time.Time, d time.Duration, x, y float64, tags ...int) {
	*now = now.Add(d)
	var fixes []Fix
	for i, n := range tags {
		f := fix(fmt.Sprintf("G%d", n), x+float64(i), y)
		f.TS = *now
		fixes = append(fixes, f)
	}
	e.Ingest(context.Background(), "t", fixes)
	e.Tick()
}

func TestGatheringRaisesAfterTAndClearsWithHysteresis(t *testing.T) {
	e, sink, now := gatherEngine(8)
	six := []int{1, 2, 3, 4, 5, 6}
	gatherStep(e, now, 0, 50, 50, six...)
	gatherStep(e, now, 20*time.Second, 50, 50, six...)
	if w := sink.take(); len(w) != 0 {
		t.Fatalf("before T: %v", describe(w))
	}
	gatherStep(e, now, 15*time.Second, 50, 50, six...)
	w := sink.take()
	if len(w) != 1 || !w[0].New || w[0].Alarm.AlarmType != AlarmGather {
		t.Fatalf("after T: %v", describe(w))
	}
	a := w[0].Alarm
	if a.ZoneID != 30 || a.ResponsibleUserID != 7 || a.X < 52 || a.X > 53 || a.Detail == "" {
		t.Fatalf("alarm: %+v", a)
	}
	// A seventh joins, one leaves: the same gathering, no new alarm.
	gatherStep(e, now, time.Second, 50, 50, 2, 3, 4, 5, 6, 7)
	gatherStep(e, now, 0, 90, 10, 1)
	gatherStep(e, now, time.Second, 50, 50, 2, 3, 4, 5, 6, 7)
	if w := sink.take(); len(w) != 0 {
		t.Fatalf("membership change: %v", describe(w))
	}
	// Down to five (N-1): still gathering (hysteresis); four: cleared.
	gatherStep(e, now, time.Second, 10, 90, 7)
	gatherStep(e, now, time.Second, 50, 50, 2, 3, 4, 5, 6)
	if w := sink.take(); len(w) != 0 {
		t.Fatalf("five left: %v", describe(w))
	}
	gatherStep(e, now, time.Second, 80, 80, 6)
	gatherStep(e, now, time.Second, 50, 50, 2, 3, 4, 5)
	if w := sink.take(); len(w) != 1 || w[0].Alarm.ClearedAt == nil || w[0].Alarm.ID != a.ID {
		t.Fatalf("four left: %v", describe(w))
	}
}

func TestRestoredGatheringContinues(t *testing.T) {
	e, sink, now := gatherEngine(6)
	open := Alarm{AlarmType: AlarmGather, X: 52.5, Y: 50, RaisedAt: t0.Add(-time.Minute), State: StateAlarming}
	open.ID, open.TenantID = 99, "t"
	e.Restore([]Alarm{open})
	gatherStep(e, now, time.Second, 50, 50, 1, 2, 3, 4, 5, 6)
	if w := sink.take(); len(w) != 0 {
		t.Fatalf("the restored gathering goes on: %v", describe(w))
	}
	gatherStep(e, now, time.Second, 90, 90, 5)
	gatherStep(e, now, 0, 10, 90, 6)
	gatherStep(e, now, time.Second, 50, 50, 1, 2, 3, 4)
	if w := sink.take(); len(w) != 1 || w[0].Alarm.ClearedAt == nil || w[0].Alarm.ID != 99 {
		t.Fatalf("broken up: %v", describe(w))
	}
}

// BenchmarkGather5000: the gathering rule over 5,000 online tags, 1,000 of
// them in ten crowds. Run: go test -bench Gather5000 ./internal/biz/
func BenchmarkGather5000(b *testing.B) {
	e, _, now := gatherEngine(5000)
	rng := rand.New(rand.NewPCG(1, 2)) //nolint:gosec // G404: a fixed layout of test positions, not a secret
	var fixes []Fix
	for i := range 5000 {
		x, y := rng.Float64()*1000, rng.Float64()*800
		if i < 1000 {
			x, y = float64(i/100)*90+rng.Float64()*4, 400+rng.Float64()*4
		}
		f := fix(fmt.Sprintf("G%d", i+1), x, y)
		f.TS = *now
		fixes = append(fixes, f)
	}
	e.Ingest(context.Background(), "t", fixes)
	t := e.tenants["t"]
	b.ResetTimer()
	for range b.N {
		e.gatherRules(t, "t", *now, nil)
	}
}
