package biz

import (
	"strings"
	"testing"
	"time"

	"anquan/kit/errs"
)

var zone = time.FixedZone("CST", 8*3600)

// 2026-11-20 is a Friday, 2026-11-21 a Saturday.
func at(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, zone)
	if err != nil {
		panic(err)
	}
	return t
}

func TestValidityWindowBoundaries(t *testing.T) {
	start := at("2026-11-20 08:00")
	cases := []struct {
		name     string
		workType string
		level    int32
		dur      time.Duration
		wantErr  string
	}{
		{"一级动火 exactly 8 h", HotWork, FireFirst, 8 * time.Hour, ""},
		{"一级动火 8 h + 1 min", HotWork, FireFirst, 8*time.Hour + time.Minute, "不得超过8小时"},
		{"特级动火 exactly 8 h", HotWork, FireSpecial, 8 * time.Hour, ""},
		{"特级动火 9 h", HotWork, FireSpecial, 9 * time.Hour, "特级动火作业作业票有效期不得超过8小时"},
		{"二级动火 exactly 72 h", HotWork, FireSecond, 72 * time.Hour, ""},
		{"二级动火 72 h + 1 min", HotWork, FireSecond, 72*time.Hour + time.Minute, "不得超过72小时"},
		{"受限空间 exactly 24 h", ConfinedSpaceWork, 0, 24 * time.Hour, ""},
		{"受限空间 25 h", ConfinedSpaceWork, 0, 25 * time.Hour, "不得超过24小时"},
		{"高处 no limit from the standard", AltitudeWork, 2, 100 * time.Hour, ""},
		{"end equals start", HotWork, FireFirst, 0, "必须晚于"},
		{"end before start", OrdinaryWork, 0, -time.Hour, "必须晚于"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckWindow(c.workType, c.level, start, start.Add(c.dur))
			expectErr(t, err, c.wantErr)
		})
	}
}

func expectErr(t *testing.T, err error, want string) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Fatalf("unexpected refusal: %v", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("want refusal containing %q, got none", want)
	}
	if !strings.Contains(errs.Message(err), want) {
		t.Fatalf("refusal %q does not contain %q", errs.Message(err), want)
	}
}

func TestExpiredPermitCannotStartOrContinue(t *testing.T) {
	end := at("2026-11-20 16:00")
	expectErr(t, CheckNotExpired(end, end, "开始作业"), "")
	expectErr(t, CheckNotExpired(end, end.Add(time.Second), "恢复作业"), "已超过有效期")
}

func TestAltitudeLevelBands(t *testing.T) {
	cases := []struct {
		h     float64
		level int32
		bad   bool
	}{
		{1.99, 0, true}, {2, 1, false}, {5, 1, false}, {5.01, 2, false}, {15, 2, false}, {15.5, 3, false},
		{30, 3, false}, {30.01, 4, false}, {120, 4, false},
	}
	for _, c := range cases {
		lv, err := AltitudeLevel(c.h)
		if (err != nil) != c.bad || lv != c.level {
			t.Errorf("height %v: level %d err %v, want %d bad=%v", c.h, lv, err, c.level, c.bad)
		}
	}
}

func TestLiftingLevelByWeight(t *testing.T) {
	cases := []struct {
		w     float64
		level int32
		bad   bool
	}{
		{0, 0, true}, {-1, 0, true}, {39.99, 3, false}, {40, 2, false}, {100, 2, false}, {100.01, 1, false}, {500, 1, false},
	}
	for _, c := range cases {
		lv, err := LiftingLevel(c.w)
		if (err != nil) != c.bad || lv != c.level {
			t.Errorf("weight %v: level %d err %v, want %d bad=%v", c.w, lv, err, c.level, c.bad)
		}
	}
}

func TestHotWorkEscalationByCalendar(t *testing.T) {
	cal := Calendar{Days: map[string]int32{"2026-11-19": DayRest, "2026-11-22": DayWorking}, NightStart: DefaultNightStart, NightEnd: DefaultNightEnd}
	cases := []struct {
		name       string
		level      int32
		start, end string
		want       int32
		reason     string
	}{
		{"weekday daytime stays", FireSecond, "2026-11-20 08:00", "2026-11-20 16:00", FireSecond, ""},
		{"ends exactly at 22:00 stays", FireFirst, "2026-11-20 14:00", "2026-11-20 22:00", FireFirst, ""},
		{"starts exactly at 06:00 stays", FireFirst, "2026-11-20 06:00", "2026-11-20 12:00", FireFirst, ""},
		{"one minute into the night", FireSecond, "2026-11-20 14:00", "2026-11-20 22:01", FireFirst, "夜间"},
		{"early morning is night", FireFirst, "2026-11-20 05:00", "2026-11-20 09:00", FireSpecial, "夜间"},
		{"Saturday is a rest day", FireSecond, "2026-11-21 08:00", "2026-11-21 12:00", FireFirst, "节假日/休息日"},
		{"Sunday overridden as a working day", FireSecond, "2026-11-22 08:00", "2026-11-22 12:00", FireSecond, ""},
		{"Thursday overridden as a holiday", FireFirst, "2026-11-19 08:00", "2026-11-19 12:00", FireSpecial, "节假日/休息日"},
		{"特级 cannot rise further", FireSpecial, "2026-11-21 08:00", "2026-11-21 12:00", FireSpecial, ""},
		{"Friday into Saturday", FireSecond, "2026-11-20 20:00", "2026-11-21 01:00", FireFirst, "节假日/休息日、夜间"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, reason := EscalateFire(c.level, cal, at(c.start), at(c.end))
			if got != c.want || !strings.Contains(reason, c.reason) || (c.reason == "" && reason != "") {
				t.Fatalf("level %d reason %q, want %d containing %q", got, reason, c.want, c.reason)
			}
		})
	}
}

func TestNightWindowNotCrossingMidnight(t *testing.T) {
	cal := Calendar{NightStart: 20 * 60, NightEnd: 23 * 60}
	if !cal.Night(at("2026-11-20 20:00")) || cal.Night(at("2026-11-20 23:00")) || cal.Night(at("2026-11-20 02:00")) {
		t.Fatal("20:00-23:00 night window misread")
	}
}

func TestGasReadingCriteria(t *testing.T) {
	cases := []struct {
		name     string
		r        Reading
		confined bool
		enriched bool
		ok       bool
	}{
		{"LEL exactly 4%: 0.5% passes", Reading{GasType: GasCombustible, LEL: 4, Value: 0.5}, false, false, true},
		{"LEL exactly 4%: 0.51% fails", Reading{GasType: GasCombustible, LEL: 4, Value: 0.51}, false, false, false},
		{"LEL 3.99%: 0.2% passes", Reading{GasType: GasCombustible, LEL: 3.99, Value: 0.2}, false, false, true},
		{"LEL 3.99%: 0.3% fails", Reading{GasType: GasCombustible, LEL: 3.99, Value: 0.3}, false, false, false},
		{"%LEL unit converted (10% of LEL 5 = 0.5% vol)", Reading{GasType: GasCombustible, LEL: 5, Value: 10, Unit: "%LEL"}, false, false, true},
		{"%LEL unit converted (12% of LEL 5 = 0.6% vol)", Reading{GasType: GasCombustible, LEL: 5, Value: 12, Unit: "%LEL"}, false, false, false},
		{"LEL missing", Reading{GasType: GasCombustible, Value: 0.1}, false, false, false},
		{"oxygen 19.5% passes", Reading{GasType: GasOxygen, Value: 19.5}, true, false, true},
		{"oxygen 19.4% fails", Reading{GasType: GasOxygen, Value: 19.4}, true, false, false},
		{"oxygen 21% passes", Reading{GasType: GasOxygen, Value: 21}, true, false, true},
		{"oxygen 21.1% fails", Reading{GasType: GasOxygen, Value: 21.1}, true, false, false},
		{"oxygen 23.5% passes when enriched by design", Reading{GasType: GasOxygen, Value: 23.5}, true, true, true},
		{"oxygen 23.6% fails even when enriched", Reading{GasType: GasOxygen, Value: 23.6}, true, true, false},
		{"toxic at its limit passes", Reading{GasType: GasToxic, Value: 10, Limit: 10, Unit: "mg/m³"}, true, false, true},
		{"toxic over its limit fails", Reading{GasType: GasToxic, Value: 10.1, Limit: 10, Unit: "mg/m³"}, true, false, false},
		{"toxic without a limit fails", Reading{GasType: GasToxic, Value: 1}, true, false, false},
		{"unspecified gas type fails", Reading{GasType: 0, Value: 1}, false, false, false},
		{"negative value fails", Reading{GasType: GasCombustible, LEL: 5, Value: -1}, false, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ok, reason := JudgeReading(c.r, c.confined, c.enriched)
			if ok != c.ok {
				t.Fatalf("ok=%v (%s), want %v", ok, reason, c.ok)
			}
			if !ok && reason == "" {
				t.Fatal("a failed reading needs a reason")
			}
		})
	}
}

func TestGasSampleNeedsTheRightReadings(t *testing.T) {
	comb := Reading{GasName: "甲烷", GasType: GasCombustible, LEL: 5, Value: 0.1}
	oxy := Reading{GasName: "氧气", GasType: GasOxygen, Value: 20.8}
	if ok, r := JudgeSample(HotWork, []Reading{comb}, false); !ok {
		t.Fatalf("hot work with a good combustible reading refused: %s", r)
	}
	if ok, _ := JudgeSample(HotWork, []Reading{oxy}, false); ok {
		t.Fatal("hot work without a combustible reading accepted")
	}
	if ok, r := JudgeSample(ConfinedSpaceWork, []Reading{comb}, false); ok || !strings.Contains(r, "氧含量") {
		t.Fatalf("confined space without oxygen: ok=%v %s", ok, r)
	}
	if ok, r := JudgeSample(ConfinedSpaceWork, []Reading{comb, oxy}, false); !ok {
		t.Fatalf("confined space refused: %s", r)
	}
	h2s := Reading{GasName: "硫化氢", GasType: GasToxic, Value: 5, Limit: 10, Unit: "mg/m³"}
	if ok, r := JudgeSample(ConfinedSpaceWork, []Reading{oxy, h2s}, false); !ok {
		t.Fatalf("confined space with oxygen and a toxic gas refused: %s", r)
	}
	if ok, r := JudgeSample(ConfinedSpaceWork, []Reading{oxy}, false); ok || !strings.Contains(r, "可燃或有毒") {
		t.Fatalf("confined space with oxygen only: ok=%v %s", ok, r)
	}
	if ok, r := JudgeSample(BlindPlateWork, []Reading{h2s}, false); !ok {
		t.Fatalf("blind plate toxic check refused: %s", r)
	}
	if ok, _ := JudgeSample(HotWork, nil, false); ok {
		t.Fatal("empty sample accepted")
	}
}

func TestFreshSampleBeforeStart(t *testing.T) {
	now := at("2026-11-20 09:00")
	good := func(d time.Duration) SampleAt {
		return SampleAt{Time: now.Add(-d), Kind: SampleBefore, Qualified: true}
	}
	cases := []struct {
		name    string
		samples []SampleAt
		since   time.Time
		want    string
	}{
		{"exactly 30 min old", []SampleAt{good(30 * time.Minute)}, time.Time{}, ""},
		{"30 min + 1 s old", []SampleAt{good(30*time.Minute + time.Second)}, time.Time{}, "超过30分钟"},
		{"none", nil, time.Time{}, "30分钟内须进行气体分析"},
		{"latest unqualified", []SampleAt{good(20 * time.Minute), {Time: now.Add(-5 * time.Minute), Kind: SampleBefore}}, time.Time{}, "不合格"},
		{"monitoring readings do not count", []SampleAt{{Time: now.Add(-time.Minute), Kind: SampleMonitor, Qualified: true}}, time.Time{}, "30分钟内须进行气体分析"},
		{"future sample ignored", []SampleAt{good(-time.Minute)}, time.Time{}, "30分钟内须进行气体分析"},
		{"sample before the pause ignored", []SampleAt{good(10 * time.Minute)}, now.Add(-5 * time.Minute), "30分钟内须进行气体分析"},
		{"sample after the pause accepted", []SampleAt{good(4 * time.Minute)}, now.Add(-5 * time.Minute), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expectErr(t, CheckFreshSample(c.samples, c.since, now, "开始作业"), c.want)
		})
	}
}

func TestPauseLimits(t *testing.T) {
	cases := []struct {
		workType string
		level    int32
		want     time.Duration
	}{
		{HotWork, FireSpecial, 30 * time.Minute}, {HotWork, FireFirst, 30 * time.Minute}, {HotWork, FireSecond, 60 * time.Minute},
		{ConfinedSpaceWork, 0, 30 * time.Minute},
	}
	for _, c := range cases {
		if got := PauseLimit(c.workType, c.level); got != c.want {
			t.Errorf("%s level %d: %v, want %v", c.workType, c.level, got, c.want)
		}
	}
}
