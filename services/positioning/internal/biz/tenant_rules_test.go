package biz

import (
	"context"
	"strings"
	"testing"
	"time"
)

// run plays steps on an engine: a step without fixes is a tick of the
// engine's clock (the wall-clock rules).
func run(t *testing.T, e *Engine, sink *memSink, now *time.Time, steps []step) {
	t.Helper()
	for i, s := range steps {
		*now = t0.Add(s.at)
		if s.fixes == nil {
			e.Tick()
		} else {
			for j := range s.fixes {
				s.fixes[j].TS = *now
			}
			e.Ingest(context.Background(), "t", s.fixes)
		}
		got := describe(sink.take())
		if strings.Join(got, ",") != strings.Join(s.want, ",") {
			t.Fatalf("step %d: writes %v, want %v", i, got, s.want)
		}
	}
}

func TestRulesOfDefaultsAreTheFormerThresholds(t *testing.T) {
	r := RulesOf(nil)
	if r.Offline != 60*time.Second || r.Debounce != 5*time.Second || r.StillRadius != 3 || r.StillAfter != 5*time.Minute ||
		r.LowBattery != 20 || r.BatteryClear != 30 || r.AbsentAfter != 10*time.Minute || r.GatherPeople != 6 || r.GatherRadius != 5 ||
		r.GatherAfter != time.Minute || r.TrackEvery != TrackEvery || r.Retention != TrackRetention {
		t.Fatalf("defaults %+v", r)
	}
	if got := RulesOf(map[string]int32{RuleReportInterval: 5}).Offline; got != 15*time.Second {
		t.Fatalf("offline after 3 intervals of 5 s: %v", got)
	}
}

func TestValidateRule(t *testing.T) {
	cases := []struct {
		code  string
		value int32
		set   map[string]int32
		want  string // "" valid, else a part of the message
	}{
		{RuleReportInterval, 10, nil, ""},
		{RuleReportInterval, 0, nil, "应在 1 到 600"},
		{"no.such.rule", 1, nil, "不存在"},
		{RuleStillRadius, 2, nil, "应在 3 到 50"},
		{RuleBatteryLow, 30, nil, "低于恢复阈值 30"},
		{RuleBatteryLow, 25, nil, ""},
		{RuleBatteryLow, 35, map[string]int32{RuleBatteryClear: 40}, ""},
		{RuleBatteryClear, 20, nil, "高于报警阈值 20"},
		{RuleGatherPeople, 0, nil, ""},
		{RuleGatherPeople, 2, nil, "不少于 3 人"},
		{RuleGatherPeople, 3, nil, ""},
	}
	for _, c := range cases {
		err := ValidateRule(c.code, c.value, "依据", c.set)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s=%d: %v", c.code, c.value, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s=%d: %v, want %q", c.code, c.value, err, c.want)
		}
	}
}

func TestTenantRulesChangeTheEngine(t *testing.T) {
	e, sink, now := testEngine()
	f := fix("A", 50, 50)
	f.Battery = 40
	run(t, e, sink, now, []step{{0, []Fix{f}, nil}})
	e.SetRules("t", RulesOf(map[string]int32{RuleBatteryLow: 50, RuleBatteryClear: 60}))
	if r := e.RulesOf("t"); r.LowBattery != 50 || r.TrackEvery != e.Rules.TrackEvery {
		t.Fatalf("rules in force %+v", r)
	}
	if r := e.RulesOf("other"); r.LowBattery != 20 {
		t.Fatalf("another tenant's rules changed: %+v", r)
	}
	f.Battery = 45
	ok := fix("A", 50, 50)
	ok.Battery = 60
	run(t, e, sink, now, []step{
		{time.Second, []Fix{f}, []string{"低电量 raised"}},
		{2 * time.Second, []Fix{ok}, []string{"低电量 cleared"}},
	})
}

func TestOffline(t *testing.T) {
	cases := []struct {
		name  string
		rules map[string]int32
		steps []step
	}{
		{"silent in a hazardous zone for more than 3 intervals raises 离线, the next fix clears it", nil, []step{
			{0, []Fix{fix("A", 5, 5)}, nil},
			{59 * time.Second, nil, nil},
			{61 * time.Second, nil, []string{"离线 raised"}},
			{62 * time.Second, nil, nil},
			{70 * time.Second, []Fix{fix("A", 5, 6)}, []string{"离线 cleared"}}}},
		{"silent in an ordinary zone goes offline without an alarm", nil, []step{
			{0, []Fix{fix("C", 110, 110)}, nil},
			{5 * time.Minute, nil, nil}}},
		{"a shorter report interval goes offline sooner", map[string]int32{RuleReportInterval: 5}, []step{
			{0, []Fix{fix("A", 5, 5)}, nil},
			{14 * time.Second, nil, nil},
			{16 * time.Second, nil, []string{"离线 raised"}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, sink, now := testEngine()
			if c.rules != nil {
				e.SetRules("t", RulesOf(c.rules))
			}
			run(t, e, sink, now, c.steps)
		})
	}
}

func TestOfflineAtThePost(t *testing.T) {
	e, sink, now := testEngine()
	tags := []TagConf{{ID: 1, Code: "A"}, {ID: 2, Code: "B", PostZone: 20}}
	e.Load("t", tags, []ZoneConf{{ID: 20, Name: "办公楼", Kind: ZoneOrdinary, Floor: 1, Poly: square(100, 100, 120, 120)}})
	run(t, e, sink, now, []step{
		{0, []Fix{fix("A", 110, 110), fix("B", 110, 110)}, nil},
		{2 * time.Minute, nil, []string{"离线 raised"}},
	})
	if h := e.Headcounts("t"); h.Offline != 2 || h.Online != 0 {
		t.Fatalf("headcounts %+v", h)
	}
}
