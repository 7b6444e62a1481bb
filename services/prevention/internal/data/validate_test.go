package data

import (
	"context"
	"strings"
	"testing"
	"time"

	"anquan/kit/errs"
	"anquan/kit/paging"
	"anquan/prevention/internal/biz"
)

type areas map[int64]biz.Area

func (a areas) Get(_ context.Context, ids []int64) (map[int64]biz.Area, error) {
	out := map[int64]biz.Area{}
	for _, id := range ids {
		if v, ok := a[id]; ok {
			out[id] = v
		}
	}
	return out, nil
}

func (a areas) All(context.Context) ([]biz.Area, error) { return nil, nil }

// chain builds object -> unit -> event -> measure for the validation cases.
func chain(t *testing.T, uc *biz.Prevention) (unit, event, measure int64) {
	t.Helper()
	ctx := inTenant()
	uc.Areas = areas{7: {ID: 7, Name: "罐区"}}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(uc.SaveObject(ctx, &biz.RiskObject{Name: "对象", AreaID: 7}))
	objs, _ := uc.Objects.List(ctx, paging.Query{}, 0)
	must(uc.SaveUnit(ctx, &biz.RiskUnit{ObjectID: objs[0].ID, Code: "U1", Name: "单元", RiskClass: 1, ResponsibleUserID: 1}))
	units, _ := uc.Units.List(ctx, paging.Query{}, 0)
	must(uc.SaveEvent(ctx, &biz.RiskEvent{UnitID: units[0].ID, Name: "事件", Method: "LS", L: 2, S: 2}))
	evs, _ := uc.REvents.List(ctx, paging.Query{}, 0)
	must(uc.SaveMeasure(ctx, &biz.Measure{EventID: evs[0].ID, DataSrc: 2, Classify1: 3, Classify2: "3-1", Description: "持证上岗"}))
	ms, _ := uc.Measures.List(ctx, paging.Query{}, 0)
	return units[0].ID, evs[0].ID, ms[0].ID
}

// Every submit refuses bad input with a Chinese message naming the problem.
func TestSubmitValidation(t *testing.T) {
	g := openDB(t)
	now := at("2026-11-21 10:30:00")
	uc, _ := newUC(g, now)
	ctx := inTenant()
	unit, event, measure := chain(t, uc)
	hz := func(mod func(*biz.HazardInput)) func() error {
		return func() error {
			in := &biz.HazardInput{Hazard: biz.Hazard{DangerName: "隐患", DangerSrc: 1, DangerManageType: 1, LiableUserID: 1, UnitID: unit},
				DeadlineText: "2026-11-25 00:00:00"}
			mod(in)
			return uc.ReportHazard(ctx, in)
		}
	}
	plan := func(mod func(*biz.PlanInput)) func() error {
		return func() error {
			in := &biz.PlanInput{CheckPlan: biz.CheckPlan{MeasureID: measure, CheckCycle: 1, CheckCycleUnit: biz.CycleDay, DutyType: biz.DutyPerson, ResponsibleUserID: 1},
				Start: "2026-11-21 08:00:00"}
			mod(in)
			return uc.SavePlan(ctx, in)
		}
	}
	cases := []struct {
		name string
		run  func() error
		msg  string // "" = accepted
	}{
		{"object without area", func() error { return uc.SaveObject(ctx, &biz.RiskObject{Name: "x"}) }, "请选择所属区域"},
		{"object on an unknown area", func() error { return uc.SaveObject(ctx, &biz.RiskObject{Name: "x", AreaID: 8}) }, "所属区域不存在"},
		{"unit of an unknown object", func() error {
			return uc.SaveUnit(ctx, &biz.RiskUnit{ObjectID: 99, Code: "U9", Name: "n", RiskClass: 1, ResponsibleUserID: 1})
		}, "不存在"},
		{"unit class 5", func() error { return uc.SaveUnit(ctx, &biz.RiskUnit{ObjectID: 1, Code: "U9", Name: "n", RiskClass: 5}) }, "风险类别"},
		{"event on an unknown unit", func() error {
			return uc.SaveEvent(ctx, &biz.RiskEvent{UnitID: 99, Name: "e", Method: "LS", L: 1, S: 1})
		}, "不存在"},
		{"event control level 6", func() error {
			return uc.SaveEvent(ctx, &biz.RiskEvent{UnitID: unit, Name: "e", Method: "LS", L: 1, S: 1, ControlLevel: 6})
		}, "管控层级"},
		{"measure classify2 of another class", func() error {
			return uc.SaveMeasure(ctx, &biz.Measure{EventID: event, DataSrc: 2, Classify1: 3, Classify2: "4-1", Description: "d"})
		}, "不属于"},
		{"measure data source 3", func() error {
			return uc.SaveMeasure(ctx, &biz.Measure{EventID: event, DataSrc: 3, Classify1: 3, Classify2: "3-1", Description: "d"})
		}, "管控方式"},
		{"measure description over 4000", func() error {
			return uc.SaveMeasure(ctx, &biz.Measure{EventID: event, DataSrc: 2, Classify1: 3, Classify2: "3-1", Description: strings.Repeat("字", 4001)})
		}, "4000"},
		{"plan ok", plan(func(*biz.PlanInput) {}), ""},
		{"plan cycle 0", plan(func(p *biz.PlanInput) { p.CheckCycle = 0 }), "排查周期"},
		{"plan unit 5", plan(func(p *biz.PlanInput) { p.CheckCycleUnit = 5 }), "排查周期单位"},
		{"plan post duty without post", plan(func(p *biz.PlanInput) { p.DutyType = biz.DutyPost }), "责任岗位"},
		{"plan end before start", plan(func(p *biz.PlanInput) { p.End = "2026-11-20 08:00:00" }), "结束时间"},
		{"plan bad start", plan(func(p *biz.PlanInput) { p.Start = "明天" }), "开始时间格式"},
		{"plan of another tenant's measure", plan(func(p *biz.PlanInput) { p.MeasureID = 12345 }), "不存在"},
		{"hazard ok", hz(func(*biz.HazardInput) {}), ""},
		{"hazard deadline before report", hz(func(h *biz.HazardInput) {
			h.ReportTimeText, h.DeadlineText = "2026-11-21 09:00:00", "2026-11-20 09:00:00"
		}), "不能早于上报时间"},
		{"hazard 限期整改 without deadline", hz(func(h *biz.HazardInput) { h.DeadlineText = "" }), "整改期限"},
		{"hazard 即查即改 defaults to the day's end", hz(func(h *biz.HazardInput) { h.DeadlineText, h.DangerManageType = "", 0 }), ""},
		{"hazard reported in the future", hz(func(h *biz.HazardInput) { h.ReportTimeText = "2026-11-22 09:00:00" }), "上报时间"},
		{"hazard source 11", hz(func(h *biz.HazardInput) { h.DangerSrc = 11 }), "隐患来源"},
		{"hazard level 2", hz(func(h *biz.HazardInput) { h.DangerLevel = 2 }), "隐患等级"},
		{"hazard without liable person", hz(func(h *biz.HazardInput) { h.LiableUserID = 0 }), "整改责任人"},
		{"hazard on an unknown unit", hz(func(h *biz.HazardInput) { h.UnitID = 4242 }), "不存在"},
	}
	for _, c := range cases {
		err := c.run()
		if c.msg == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(errs.Message(err), c.msg) {
			t.Errorf("%s: want %q, got %v", c.name, c.msg, err)
		}
	}
}

// Re-timing a plan drops its pending windows and restarts at the current one.
func TestPlanRetimingRestartsGeneration(t *testing.T) {
	g := openDB(t)
	now := at("2026-11-21 10:30:00")
	uc, _ := newUC(g, now)
	ctx := inTenant()
	_, _, measure := chain(t, uc)
	in := &biz.PlanInput{CheckPlan: biz.CheckPlan{MeasureID: measure, CheckCycle: 1, CheckCycleUnit: biz.CycleHour, DutyType: biz.DutyPerson, ResponsibleUserID: 1},
		Start: "2026-11-21 08:00:00"}
	if err := uc.SavePlan(ctx, in); err != nil {
		t.Fatal(err)
	}
	if _, err := uc.Generate(ctx, now.Add(3*time.Hour)); err != nil {
		t.Fatal(err)
	}
	plans, _ := uc.Plans.List(ctx, paging.Query{}, 0)
	p := plans[0]
	if s := states(t, uc, p.ID); s[biz.TaskPending] != 4 {
		t.Fatalf("10:00..13:00 pending: %v", s)
	}
	in.ID, in.CheckCycle, in.CheckCycleUnit, in.Start = p.ID, 1, biz.CycleDay, "2026-11-21 08:00:00"
	if err := uc.SavePlan(ctx, in); err != nil {
		t.Fatal(err)
	}
	if _, err := uc.Generate(ctx, now); err != nil {
		t.Fatal(err)
	}
	rows, _ := uc.Tasks.List(ctx, paging.Query{Filters: map[string]string{"planId_equal": itoa(p.ID)}}, 0)
	if len(rows) != 1 || rows[0].CheckCycleUnit != biz.CycleDay {
		t.Fatalf("after re-timing: %+v", rows)
	}
}
