package biz

import "testing"

func TestNormalizeComputesLevelsAndChecksTheEffectiveValidity(t *testing.T) {
	cal := Calendar{Days: map[string]int32{}, NightStart: DefaultNightStart, NightEnd: DefaultNightEnd}
	lv := func(v int32) *int32 { return &v }
	base := func(workType string, start, end string) *Ticket {
		return &Ticket{WorkType: workType, Content: "x", AreaID: 1, GuardianID: 2, WorkUnit: "u", PlanStart: at(start), PlanEnd: at(end)}
	}
	cases := []struct {
		name  string
		t     *Ticket
		d     Detail
		level int32
		want  string
	}{
		{"二级 daytime 10 h keeps 二级", base(HotWork, "2026-11-20 08:00", "2026-11-20 18:00"), Detail{HotWork: &HotWorkFields{FireLevel: lv(2), Tools: "weld"}}, FireSecond, ""},
		{"二级 over the night becomes 一级 and 8 h applies", base(HotWork, "2026-11-20 08:00", "2026-11-21 08:00"), Detail{HotWork: &HotWorkFields{FireLevel: lv(2), Tools: "weld"}}, FireFirst, "一级动火作业作业票有效期不得超过8小时"},
		{"hot work without level", base(HotWork, "2026-11-20 08:00", "2026-11-20 10:00"), Detail{HotWork: &HotWorkFields{Tools: "weld"}}, 0, "动火级别"},
		{"hot work with an unknown tool", base(HotWork, "2026-11-20 08:00", "2026-11-20 10:00"), Detail{HotWork: &HotWorkFields{FireLevel: lv(1), Tools: "laser"}}, 0, "动火工具无效"},
		{"height 16 m is 三级", base(AltitudeWork, "2026-11-20 08:00", "2026-11-20 10:00"), Detail{Altitude: &AltitudeFields{Height: 16}}, 3, ""},
		{"lifting 120 t is 一级", base(LiftingWork, "2026-11-20 08:00", "2026-11-20 10:00"), Detail{Lifting: &LiftingFields{Weight: 120}}, 1, ""},
		{"confined space 25 h", base(ConfinedSpaceWork, "2026-11-20 08:00", "2026-11-21 09:00"), Detail{ConfinedSpace: &ConfinedSpaceFields{SpaceName: "s", Medium: "m", Isolation: "i"}}, 0, "不得超过24小时"},
		{"blind plate with a bad type", base(BlindPlateWork, "2026-11-20 08:00", "2026-11-20 10:00"), Detail{BlindPlate: &BlindPlateFields{PlateType: 3}}, 0, "盲板抽堵类型"},
		{"temporary power without voltage", base(TemporaryPowerWork, "2026-11-20 08:00", "2026-11-20 10:00"), Detail{TemporaryPower: &TemporaryPowerFields{PowerSource: "AP", Load: 1}}, 0, "工作电压"},
		{"ground breaking without depth", base(BreakGroundWork, "2026-11-20 08:00", "2026-11-20 10:00"), Detail{BreakGround: &BreakGroundFields{Length: 1, Width: 1}}, 0, "长、宽、深"},
		{"road breaking without a plan", base(OpenCircuitWork, "2026-11-20 08:00", "2026-11-20 10:00"), Detail{OpenCircuit: &OpenCircuitFields{RoadSection: "r"}}, 0, "断路方案"},
		{"unknown type", base("welding", "2026-11-20 08:00", "2026-11-20 10:00"), Detail{}, 0, "作业类型无效"},
		{"bad hazard code", func() *Ticket {
			t := base(OrdinaryWork, "2026-11-20 08:00", "2026-11-20 10:00")
			t.HazardCodes = "01,21"
			return t
		}(), Detail{}, 0, "危害辨识代码无效"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Normalize(c.t, &c.d, cal)
			expectErr(t, err, c.want)
			if c.want == "" && c.t.Level != c.level {
				t.Fatalf("level %d, want %d", c.t.Level, c.level)
			}
		})
	}
}

func TestNormalizeKeepsOnlyTheTypesOwnFields(t *testing.T) {
	tk := &Ticket{WorkType: AltitudeWork, Content: "x", AreaID: 1, GuardianID: 2, WorkUnit: "u", PlanStart: at("2026-11-20 08:00"), PlanEnd: at("2026-11-20 09:00")}
	d := Detail{Altitude: &AltitudeFields{Height: 3}, Lifting: &LiftingFields{Weight: 200}}
	if err := Normalize(tk, &d, Calendar{}); err != nil {
		t.Fatal(err)
	}
	if d.Lifting != nil || d.Altitude == nil {
		t.Fatalf("detail %+v", d)
	}
}
