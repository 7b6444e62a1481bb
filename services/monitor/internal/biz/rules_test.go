package biz

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"anquan/kit/errs"
)

func fp(v float64) *float64 { return &v }

func TestValidatePointKeepsGasLimitsWithinGBT50493(t *testing.T) {
	base := func(mod func(p *Point)) *Point {
		p := &Point{Code: "GT-1", Name: "探头", GatewayID: 1, Unit: "%LEL", GasType: GasCombustible, LimitH: fp(25), LimitHH: fp(50)}
		mod(p)
		return p
	}
	cases := []struct {
		name string
		p    *Point
		want string // "" = accepted
	}{
		{"combustible at the maxima", base(func(*Point) {}), ""},
		{"combustible level 1 above 25 %LEL", base(func(p *Point) { p.LimitH = fp(25.1) }), "应小于或等于 25%LEL"},
		{"combustible level 2 above 50 %LEL", base(func(p *Point) { p.LimitHH = fp(51) }), "应小于或等于 50%LEL"},
		{"combustible without level 2", base(func(p *Point) { p.LimitHH = nil }), "二级报警值"},
		{"combustible in ppm", base(func(p *Point) { p.Unit = "ppm" }), "%LEL"},
		{"toxic at 100/200 % OEL", base(func(p *Point) {
			p.GasType, p.Unit, p.OEL, p.LimitH, p.LimitHH = GasToxic, "mg/m³", fp(10), fp(10), fp(20)
		}), ""},
		{"toxic level 1 above OEL", base(func(p *Point) {
			p.GasType, p.Unit, p.OEL, p.LimitH, p.LimitHH = GasToxic, "mg/m³", fp(10), fp(11), fp(20)
		}), "100%OEL"},
		{"toxic level 2 above 2 OEL", base(func(p *Point) {
			p.GasType, p.Unit, p.OEL, p.LimitH, p.LimitHH = GasToxic, "mg/m³", fp(10), fp(10), fp(21)
		}), "200%OEL"},
		{"toxic without OEL", base(func(p *Point) { p.GasType, p.Unit = GasToxic, "mg/m³" }), "职业接触限值"},
		{"oxygen 19.5/23.5", base(func(p *Point) {
			p.GasType, p.Unit, p.LimitL, p.LimitH, p.LimitHH = GasOxygen, "%VOL", fp(19.5), fp(23.5), nil
		}), ""},
		{"oxygen low below 19.5", base(func(p *Point) {
			p.GasType, p.Unit, p.LimitL, p.LimitH, p.LimitHH = GasOxygen, "%VOL", fp(19), fp(23.5), nil
		}), "19.5%VOL"},
		{"oxygen high above 23.5", base(func(p *Point) {
			p.GasType, p.Unit, p.LimitL, p.LimitH, p.LimitHH = GasOxygen, "%VOL", fp(19.5), fp(24), nil
		}), "23.5%VOL"},
		{"unknown gas type", base(func(p *Point) { p.GasType = 7 }), "气体类型"},
		{"plain point, ordered limits", &Point{Code: "LT-1", Name: "液位", GatewayID: 1, LimitLL: fp(1), LimitL: fp(2), LimitH: fp(8), LimitHH: fp(9), Deadband: 0.5}, ""},
		{"HH below H", &Point{Code: "LT-1", Name: "液位", GatewayID: 1, LimitH: fp(8), LimitHH: fp(7)}, "不能小于"},
		{"L not below H", &Point{Code: "LT-1", Name: "液位", GatewayID: 1, LimitL: fp(8), LimitH: fp(8)}, "低报(L)限值必须小于"},
		{"deadband wider than the band", &Point{Code: "LT-1", Name: "液位", GatewayID: 1, LimitL: fp(2), LimitH: fp(8), Deadband: 6}, "死区"},
		{"range upside down", &Point{Code: "LT-1", Name: "液位", GatewayID: 1, RangeLow: fp(10), RangeHigh: fp(0)}, "量程"},
		{"code with a slash", &Point{Code: "a/b", Name: "x", GatewayID: 1}, "点位编码"},
		{"no gateway", &Point{Code: "a", Name: "x"}, "采集网关"},
	}
	for _, c := range cases {
		err := ValidatePoint(c.p)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(errs.Message(err), c.want)):
			t.Errorf("%s: got %v, want a refusal with %q", c.name, err, c.want)
		}
	}
}

type blockedHistory struct{ release chan struct{} }

func (b blockedHistory) Store(ctx context.Context, _ []Sample) error {
	select {
	case <-b.release:
	case <-ctx.Done():
	}
	return nil
}

type alarmLog struct {
	mu sync.Mutex
	w  []AlarmWrite
}

func (l *alarmLog) Write(_ context.Context, w AlarmWrite) error {
	l.mu.Lock()
	l.w = append(l.w, w)
	l.mu.Unlock()
	return nil
}

func (l *alarmLog) n() int { l.mu.Lock(); defer l.mu.Unlock(); return len(l.w) }

// TestAlarmsDoNotWaitForHistory: with the history store stuck and its queue
// overflowing, readings still raise and clear alarms, and history rows are
// dropped and counted instead.
func TestAlarmsDoNotWaitForHistory(t *testing.T) {
	hist := blockedHistory{release: make(chan struct{})}
	log := &alarmLog{}
	e := NewEngine(log, hist, NewHub(10))
	e.HistoryBatch = 1
	e.hist = make(chan Sample, 10)
	p := Point{Code: "P", LimitH: fp(10)}
	p.ID, p.TenantID = 1, "t"
	e.Start([]PointConf{ConfOf(p, "gw")}, nil)
	at := time.Unix(1_700_000_000, 0)
	for i := 0; i < 1000; i++ {
		v := 5.0
		if i%2 == 1 {
			v = 20
		}
		e.Ingest(Reading{TenantID: "t", Gateway: "gw", Point: "P", TS: at.Add(time.Duration(i) * time.Second), Value: v})
	}
	deadline := time.Now().Add(5 * time.Second)
	for log.n() < 999 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if log.n() < 999 { // raised, returned, reactivated ... (the first value is normal)
		t.Fatalf("alarm writes with history stuck: %d", log.n())
	}
	if e.HistoryDropped.Load() == 0 {
		t.Fatal("no history row counted as dropped")
	}
	close(hist.release)
	e.Stop()
}
