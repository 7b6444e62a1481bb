package biz

import (
	"context"
	"sync"
	"testing"
	"time"

	"anquan/monitor/internal/biz/alarm"
)

// testEngine is an engine on a settable clock with its alarm writes.
type testEngine struct {
	*Engine
	log *alarmLog
	mu  sync.Mutex
	now time.Time
}

func newTestEngine(t *testing.T, points ...Point) *testEngine {
	t.Helper()
	return newTestEngineWithRules(t, nil, points...)
}

// newTestEngineWithRules starts an engine that has tenants' rules from the start: SetRules on
// a running engine is a command on another channel than the readings, so a reading sent right
// after it may be judged by the old rules.
func newTestEngineWithRules(t *testing.T, rules map[string]Rules, points ...Point) *testEngine {
	t.Helper()
	te := &testEngine{log: &alarmLog{}, now: time.Unix(1_700_000_000, 0)}
	te.Engine = NewEngine(te.log, nopHistory{}, NewHub(100))
	te.PreloadRules(rules)
	te.Clock = func() time.Time { te.mu.Lock(); defer te.mu.Unlock(); return te.now }
	te.ShelfEvery = 2 * time.Millisecond
	confs := make([]PointConf, len(points))
	for i, p := range points {
		confs[i] = ConfOf(p, "gw")
	}
	te.Start(confs, nil)
	t.Cleanup(te.Stop)
	return te
}

func (te *testEngine) at(d time.Duration) time.Time {
	te.mu.Lock()
	defer te.mu.Unlock()
	return te.now.Add(d)
}

func (te *testEngine) setClock(t time.Time) { te.mu.Lock(); te.now = t; te.mu.Unlock() }

func (te *testEngine) read(code string, at time.Time, v float64) {
	te.Ingest(Reading{TenantID: "t", Gateway: "gw", Point: code, TS: at, Value: v})
}

// wait returns the writes once there are n (fails after 5 s).
func (te *testEngine) wait(t *testing.T, n int) []AlarmWrite {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for te.log.n() < n && time.Now().Before(deadline) {
		time.Sleep(2 * time.Millisecond)
	}
	te.log.mu.Lock()
	defer te.log.mu.Unlock()
	if len(te.log.w) < n {
		t.Fatalf("writes: %d, want %d: %+v", len(te.log.w), n, te.log.w)
	}
	return append([]AlarmWrite(nil), te.log.w...)
}

// settle waits until the engine's loop has handled what was sent before.
func (te *testEngine) settle() { te.Snapshot(context.Background(), nil) }

func point(id int64, code string, mod func(*Point)) Point {
	p := Point{Code: code, LimitH: fp(10)}
	p.ID, p.TenantID = id, "t"
	if mod != nil {
		mod(&p)
	}
	return p
}

// TestHoldSuppressesExceptOxygenAndGasLevel2: a held point's alarms are
// stored flagged suppressed and silent, except oxygen and gas level 2; a
// sample at the hold's end is no longer held.
func TestHoldSuppressesExceptOxygenAndGasLevel2(t *testing.T) {
	gas := func(kind int32) func(*Point) {
		return func(p *Point) { p.GasType, p.LimitH, p.LimitHH = kind, fp(25), fp(50) }
	}
	cases := []struct {
		name       string
		p          Point
		value      float64
		after      time.Duration // sample time after the hold began (it lasts an hour)
		suppressed bool
	}{
		{"pressure high alarm", point(1, "PT", nil), 20, time.Minute, true},
		{"combustible level 1", point(1, "GT", gas(GasCombustible)), 30, time.Minute, true},
		{"combustible level 2", point(1, "GT", gas(GasCombustible)), 60, time.Minute, false},
		{"toxic level 2", point(1, "TT", gas(GasToxic)), 60, time.Minute, false},
		{"oxygen low", point(1, "OT", func(p *Point) { p.GasType, p.LimitH, p.LimitL = GasOxygen, fp(23.5), fp(19.5) }), 18, time.Minute, false},
		{"a second before the end", point(1, "PT", nil), 20, time.Hour - time.Second, true},
		{"at the end", point(1, "PT", nil), 20, time.Hour, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			te := newTestEngine(t, c.p)
			start := te.at(0)
			if err := te.Hold(context.Background(), HoldRequest{Tenant: "t", PointID: 1, HoldID: 7, Until: start.Add(time.Hour), At: start}); err != nil {
				t.Fatal(err)
			}
			te.read(c.p.Code, start.Add(c.after), c.value)
			w := te.wait(t, 1)[0]
			if w.Kind != alarm.Raised || w.Alarm.Suppressed != c.suppressed || w.Silent != c.suppressed {
				t.Fatalf("raised: kind %s suppressed %v silent %v, want suppressed %v", w.Kind, w.Alarm.Suppressed, w.Silent, c.suppressed)
			}
		})
	}
}

// TestHoldEndsAtItsTimeAndByHand: the clock ends a hold (the open
// suppressed incident is announced, KindUnheld); a hold begun on an open
// incident suppresses it (KindHeld); ending by hand works once; an
// escalation to gas level 2 while held is announced; a restart restores a
// hold in force.
func TestHoldEndsAtItsTimeAndByHand(t *testing.T) {
	ctx := context.Background()
	gt := point(2, "GT", func(p *Point) { p.GasType, p.LimitH, p.LimitHH = GasCombustible, fp(25), fp(50) })
	te := newTestEngine(t, point(1, "PT", nil), gt)
	t0 := te.at(0)
	if err := te.Hold(ctx, HoldRequest{Tenant: "other", PointID: 1, Until: t0.Add(time.Minute), At: t0}); err != ErrNotOpen {
		t.Fatalf("another tenant's point: %v", err)
	}
	if err := te.Hold(ctx, HoldRequest{Tenant: "t", PointID: 1, HoldID: 1, Until: t0.Add(time.Minute), At: t0}); err != nil {
		t.Fatal(err)
	}
	te.read("PT", t0, 20)
	w := te.wait(t, 1)
	if !w[0].Alarm.Suppressed || !w[0].Silent {
		t.Fatalf("raised while held: %+v", w[0])
	}
	if s := te.Snapshot(ctx, []int64{1})[1]; !s.HeldUntil.Equal(t0.Add(time.Minute)) {
		t.Fatalf("snapshot: %+v", s)
	}
	te.setClock(t0.Add(time.Minute)) // the hold's end: the clock ends it
	w = te.wait(t, 2)
	if w[1].Kind != KindUnheld || w[1].Alarm.Suppressed || w[1].Alarm.ID != w[0].Alarm.ID || w[1].Silent {
		t.Fatalf("expiry: %+v", w[1])
	}

	// A hold begun on an open incident suppresses it; ended by hand, announced.
	t1 := te.at(0)
	if err := te.Hold(ctx, HoldRequest{Tenant: "t", PointID: 1, HoldID: 2, Until: t1.Add(time.Hour), At: t1}); err != nil {
		t.Fatal(err)
	}
	w = te.wait(t, 3)
	if w[2].Kind != KindHeld || !w[2].Alarm.Suppressed {
		t.Fatalf("held: %+v", w[2])
	}
	if err := te.Hold(ctx, HoldRequest{Tenant: "t", PointID: 1, HoldID: 2, End: true, At: t1}); err != nil {
		t.Fatal(err)
	}
	w = te.wait(t, 4)
	if w[3].Kind != KindUnheld || w[3].Alarm.Suppressed {
		t.Fatalf("ended by hand: %+v", w[3])
	}
	if err := te.Hold(ctx, HoldRequest{Tenant: "t", PointID: 1, HoldID: 2, End: true, At: t1}); err != nil {
		t.Fatalf("ending twice: %v", err)
	}
	te.settle()
	if te.log.n() != 4 {
		t.Fatalf("ending twice wrote: %d", te.log.n())
	}

	// Gas level 1 held, then level 2: the escalation is announced.
	if err := te.Hold(ctx, HoldRequest{Tenant: "t", PointID: 2, HoldID: 3, Until: t1.Add(time.Hour), At: t1}); err != nil {
		t.Fatal(err)
	}
	te.read("GT", t1, 30)
	te.read("GT", t1.Add(time.Second), 60)
	w = te.wait(t, 6)
	if !w[4].Silent || w[5].Kind != alarm.Escalated || w[5].Silent || w[5].Alarm.Suppressed {
		t.Fatalf("level 1 then 2 while held: %+v / %+v", w[4], w[5])
	}

	// A restart restores the holds in force (not those ended or over).
	e2 := NewEngine(&alarmLog{}, nopHistory{}, NewHub(10))
	e2.Clock = te.Clock
	h := func(id, pid int64, until time.Time, ended bool) Hold {
		x := Hold{PointID: pid, StartAt: t0, Until: until}
		x.ID, x.TenantID = id, "t"
		if ended {
			x.EndedAt = &t1
		}
		return x
	}
	e2.PreloadHolds([]Hold{h(1, 1, t1.Add(time.Hour), false), h(2, 2, t1.Add(time.Hour), true), h(3, 3, t1, false)})
	e2.Start([]PointConf{ConfOf(point(1, "PT", nil), "gw"), ConfOf(gt, "gw"), ConfOf(point(3, "X", nil), "gw")}, nil)
	defer e2.Stop()
	s := e2.Snapshot(ctx, []int64{1, 2, 3})
	if !s[1].HeldUntil.Equal(t1.Add(time.Hour)) || !s[2].HeldUntil.IsZero() || !s[3].HeldUntil.IsZero() {
		t.Fatalf("restored holds: %+v", s)
	}
}

// TestChatteringAtItsBoundaries: the tenant's chatter count of activations
// within its window (inclusive) flags the alarm; one fewer, or spread one
// second wider, does not.
func TestChatteringAtItsBoundaries(t *testing.T) {
	cases := []struct {
		name  string
		acts  []time.Duration // activation times
		rules *Rules
		want  bool
	}{
		{"three in 59 s", []time.Duration{0, 30 * time.Second, 59 * time.Second}, nil, true},
		{"three in exactly 60 s", []time.Duration{0, 30 * time.Second, 60 * time.Second}, nil, true},
		{"three in 61 s", []time.Duration{0, 30 * time.Second, 61 * time.Second}, nil, false},
		{"two in 10 s", []time.Duration{0, 10 * time.Second}, nil, false},
		{"tenant rule: two in 30 s", []time.Duration{0, 20 * time.Second}, &Rules{FloodStart: 10, FloodEnd: 5, FloodWindow: 10 * time.Minute,
			ChatterCount: 2, ChatterWindow: 30 * time.Second, ShelveMaxMinutes: 480}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var rules map[string]Rules
			if c.rules != nil {
				rules = map[string]Rules{"t": *c.rules}
			}
			te := newTestEngineWithRules(t, rules, point(1, "PT", nil))
			t0 := te.at(0)
			for _, d := range c.acts {
				te.read("PT", t0.Add(d), 20)            // raised or reactivated
				te.read("PT", t0.Add(d+time.Second), 5) // returned (not acknowledged)
			}
			w := te.wait(t, 2*len(c.acts))
			last := w[2*len(c.acts)-2]
			if (last.Kind != alarm.Raised && last.Kind != alarm.Reactivated) || last.Alarm.Chattering != c.want {
				t.Fatalf("last activation: %s chattering %v, want %v", last.Kind, last.Alarm.Chattering, c.want)
			}
			te.setClock(t0.Add(2 * time.Minute))
			if s := te.Snapshot(context.Background(), []int64{1})[1]; s.Chattering != c.want {
				t.Fatalf("point chattering %v, want %v", s.Chattering, c.want)
			}
		})
	}
}

// TestFloodStartsAboveTheStartCountAndEndsBelowTheEndCount: with the
// defaults (more than 10 in 10 min starts, fewer than 5 ends) the 11th
// alarm starts a flood whose first-out is the window's first alarm; it ends
// when the window holds 4, not 5; held points' alarms do not count.
func TestFloodStartsAboveTheStartCountAndEndsBelowTheEndCount(t *testing.T) {
	var points []Point
	for i := int64(1); i <= 12; i++ {
		points = append(points, point(i, "P"+string(rune('A'+i-1)), nil))
	}
	te := newTestEngine(t, points...)
	ctx := context.Background()
	t0 := te.at(0)
	// A held point's suppressed alarm is not counted.
	if err := te.Hold(ctx, HoldRequest{Tenant: "t", PointID: 12, HoldID: 1, Until: t0.Add(time.Hour), At: t0}); err != nil {
		t.Fatal(err)
	}
	te.read("PL", t0, 20)
	for i := 0; i < 10; i++ {
		te.read(points[i].Code, t0.Add(time.Duration(i+1)*time.Second), 20)
	}
	te.wait(t, 11)
	te.settle()
	if f := te.Floods(ctx, "t"); len(f) != 0 {
		t.Fatalf("10 alarms in the window: no flood, got %+v", f)
	}
	te.read("PK", t0.Add(11*time.Second), 20) // the 11th
	w := te.wait(t, 13)
	var start *AlarmWrite
	for i := range w {
		if w[i].Kind == KindFloodStart {
			start = &w[i]
		}
	}
	if start == nil || start.Flood.FirstPointCode != "PA" || start.Flood.PeakCount != 11 || start.Flood.AlarmCount != 11 || start.Flood.TenantID != "t" {
		t.Fatalf("flood start: %+v", start)
	}
	if f := te.Floods(ctx, "t"); len(f) != 1 || f[0].FirstAlarmID != start.Flood.FirstAlarmID {
		t.Fatalf("open floods: %+v", f)
	}
	// Raised at 1..11 s: at 10 min 7 s the window (from 7 s) holds 5: still on.
	te.setClock(t0.Add(10*time.Minute + 7*time.Second))
	te.settle()
	time.Sleep(20 * time.Millisecond)
	te.settle()
	if f := te.Floods(ctx, "t"); len(f) != 1 {
		t.Fatalf("5 in the window: the flood goes on, got %+v", f)
	}
	// At 10 min 8 s it holds 4: over.
	te.setClock(t0.Add(10*time.Minute + 8*time.Second))
	w = te.wait(t, 14)
	end := w[13]
	if end.Kind != KindFloodEnd || end.Flood.ID != start.Flood.ID || end.Flood.EndAt == nil || end.Flood.PeakCount != 11 {
		t.Fatalf("flood end: %+v", end)
	}
	if f := te.Floods(ctx, "t"); len(f) != 0 {
		t.Fatalf("after the end: %+v", f)
	}
}

// TestValidateRuleAndHold: the rule table's bounds and the hold's inputs.
func TestValidateRuleAndHold(t *testing.T) {
	rules := []struct {
		code   string
		value  int32
		source string
		set    map[string]int32
		want   string
	}{
		{RuleFloodStart, 10, "EEMUA 191", nil, ""},
		{RuleFloodStart, 1, "x", nil, "应在 2 到 1000"},
		{RuleFloodStart, 5, "x", nil, "应大于结束阈值 5"},
		{RuleFloodEnd, 10, "x", nil, "应小于开始阈值 10"},
		{RuleFloodEnd, 9, "x", nil, ""},
		{RuleFloodEnd, 12, "x", map[string]int32{RuleFloodStart: 20}, ""},
		{RuleChatterWindow, 9, "x", nil, "应在 10 到 3600"},
		{RuleShelveMax, 1441, "x", nil, "应在 1 到 1440"},
		{RuleShelveMax, 60, " ", nil, "请填写规则依据"},
		{"nope", 1, "x", nil, "不存在"},
	}
	for _, c := range rules {
		err := ValidateRule(c.code, c.value, c.source, c.set)
		if (c.want == "") != (err == nil) || (err != nil && !contains(err.Error(), c.want)) {
			t.Errorf("rule %s=%d: %v, want %q", c.code, c.value, err, c.want)
		}
	}
	now := time.Unix(1_700_000_000, 0)
	holds := []struct {
		name string
		h    Hold
		want string
	}{
		{"calibration", Hold{Kind: HoldCalibration, Reason: "标定", Until: now.Add(time.Hour)}, ""},
		{"permit without its permit", Hold{Kind: HoldPermit, Reason: "动火", Until: now.Add(time.Hour)}, "请填写作业票"},
		{"permit", Hold{Kind: HoldPermit, PermitID: 5, Reason: "动火", Until: now.Add(time.Hour)}, ""},
		{"unknown kind", Hold{Kind: 9, Reason: "x", Until: now.Add(time.Hour)}, "停用类型"},
		{"no reason", Hold{Kind: HoldMaintenance, Reason: "  ", Until: now.Add(time.Hour)}, "请填写停用原因"},
		{"ends now", Hold{Kind: HoldMaintenance, Reason: "x", Until: now}, "晚于当前时间"},
		{"30 days", Hold{Kind: HoldMaintenance, Reason: "x", Until: now.AddDate(0, 0, 30)}, ""},
		{"beyond 30 days", Hold{Kind: HoldMaintenance, Reason: "x", Until: now.AddDate(0, 0, 30).Add(time.Second)}, "不能超过 30 天"},
	}
	for _, c := range holds {
		err := ValidateHold(&c.h, now)
		if (c.want == "") != (err == nil) || (err != nil && !contains(err.Error(), c.want)) {
			t.Errorf("hold %s: %v, want %q", c.name, err, c.want)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
