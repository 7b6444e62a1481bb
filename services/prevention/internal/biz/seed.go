package biz

import (
	"context"
	"log/slog"
	"time"

	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/kit/timefmt"
)

// Seed ids of the demo tenant's rows: fixed, so a second replica seeding at
// the same moment collides on the primary key instead of duplicating.
const seedBase = int64(1000010000000070000)

type seedUnit struct {
	obj              int
	code, name, hz   string
	class            int32
	dept             int64
	deptName, person string
	events           []seedEvent
}

type seedEvent struct {
	name, method string
	l, e, c, s   float64
	control      int32
	measures     []seedMeasure
}

type seedMeasure struct {
	src, c1          int32
	c2, desc, check  string
	cycle, cycleUnit int32
}

var seedObjects = []struct{ name, code, area string }{
	{"甲醇储罐区", "OBJ-TK", "罐区"},
	{"合成氨装置", "OBJ-SC", "合成车间"},
	{"危化品仓库", "OBJ-CK", "仓库"},
}

var seedUnits = []seedUnit{
	{0, "U-TK-01", "甲醇储罐组(T101-T104)", "3205001001", 1, seedids.DemoWorkshop2Dept, "罐区", "赵操作", []seedEvent{
		{"储罐泄漏引发火灾爆炸", "LEC", 3, 6, 40, 0, 1, []seedMeasure{
			{2, 1, "1-4", "储罐设置高低液位报警及高高液位联锁切断进料阀", "检查液位计读数与现场一致,高高液位联锁处于投用状态", 2, CycleHour},
			{2, 2, "2-2", "储罐及附件每月开展外观检查,呼吸阀、阻火器完好", "检查呼吸阀、阻火器、罐体有无泄漏及腐蚀", 1, CycleMonth},
		}},
		{"储罐超压损坏", "LS", 3, 0, 0, 4, 3, []seedMeasure{
			{1, 1, "1-3", "储罐氮封及压力远传监控,超压报警", "核对氮封压力在 0.2-0.5kPa 范围内", 1, CycleDay},
		}},
	}},
	{0, "U-TK-02", "甲醇装卸车站台", "", 2, seedids.DemoWorkshop2Dept, "罐区", "赵操作", []seedEvent{
		{"装卸车静电引发火灾", "LEC", 1, 6, 15, 0, 4, []seedMeasure{
			{2, 3, "3-2", "装卸前连接静电接地报警器,流速控制在 4.5m/s 以内", "检查静电接地报警器完好、装卸记录完整", 1, CycleDay},
		}},
	}},
	{1, "U-SC-01", "合成反应单元", "3205001002", 1, seedids.DemoWorkshop1Dept, "合成车间", "王操作", []seedEvent{
		{"反应器超温超压爆炸", "LS", 4, 0, 0, 5, 1, []seedMeasure{
			{1, 1, "1-4", "反应器温度、压力 SIS 联锁(SIL2)", "检查 SIS 联锁投用率、旁路审批记录", 1, CycleDay},
			{2, 4, "4-1", "装置区配备正压式空气呼吸器及应急器材", "检查应急器材数量、有效期", 1, CycleMonth},
		}},
		{"合成气泄漏中毒", "LEC", 1, 6, 40, 0, 3, []seedMeasure{
			{1, 1, "1-1", "设置有毒气体检测报警仪并联锁排风", "检查有毒气体报警仪运行及标定记录", 8, CycleHour},
		}},
	}},
	{1, "U-SC-02", "合成气压缩机单元", "", 3, seedids.DemoWorkshop1Dept, "合成车间", "王操作", []seedEvent{
		{"压缩机转动部位机械伤害", "LEC", 1, 3, 7, 0, 5, []seedMeasure{
			{2, 2, "2-1", "联轴器防护罩完好,检修执行能量隔离", "检查防护罩、振动和轴承温度", 1, CycleDay},
		}},
	}},
	{2, "U-CK-01", "甲类危化品仓库", "", 2, seedids.DemoSafetyDept, "安全环保部", "李安全", []seedEvent{
		{"危化品泄漏引发火灾", "LS", 3, 0, 0, 5, 3, []seedMeasure{
			{2, 3, "3-1", "仓库管理员持证上岗,禁忌物料分区存放", "检查分区存放、出入库台账", 1, CycleDay},
			{2, 4, "4-3", "仓库配备消防器材并每年检测", "检查灭火器、消防栓压力与年检标签", 1, CycleYear},
		}},
	}},
}

// Seed gives the demo tenant a realistic small set once: 3 objects, 5
// units with events, measures and plans, their tasks (a few recorded) and 3
// hazards in different states. Areas come from factory when it answers.
func (p *Prevention) Seed(ctx context.Context) error {
	ctx = ident.With(ident.ForTenant(ctx, seedids.DemoTenant), &ident.Identity{
		TenantID: seedids.DemoTenant, UserID: seedids.DemoAdminUser, UserName: "管理员", Account: "admin",
		DataScope: ident.ScopeAll, Super: true, DeptIDs: []int64{seedids.DemoRootDept},
	})
	if _, err := p.Objects.Get(ctx, seedBase+1); err == nil {
		return nil
	}
	areas, err := p.Areas.All(ctx)
	if err != nil {
		slog.Info("prevention seed: factory areas unavailable, objects seeded without area", "err", err)
	}
	now := p.Now()
	today, _ := DayOf(now)
	id := seedBase
	next := func() int64 { id++; return id }
	objIDs := make([]int64, len(seedObjects))
	err = p.Tx.Tx(ctx, func(ctx context.Context) error {
		for i, o := range seedObjects {
			obj := &RiskObject{Name: o.name, Code: o.code, AreaName: o.area, DeptID: seedids.DemoProductionDept, DeptName: "生产运行部",
				ResponsibleUserID: seedids.DemoAdminUser, ResponsibleUserName: "管理员", Remark: "演示数据"}
			obj.ID = next()
			for _, a := range areas {
				if a.Name == o.area || len(areas) > i && areas[i].ID == a.ID {
					obj.AreaID, obj.AreaName = a.ID, a.Name
					break
				}
			}
			if err := p.Objects.Create(ctx, obj); err != nil {
				return err
			}
			objIDs[i] = obj.ID
		}
		for _, su := range seedUnits {
			u := &RiskUnit{ObjectID: objIDs[su.obj], Code: su.code, Name: su.name, HazardCode: su.hz, DeptID: su.dept, DeptName: su.deptName,
				ResponsibleUserID: seedids.DemoAdminUser, ResponsibleUserName: su.person, RiskClass: su.class, OperationState: 1}
			u.ID = next()
			if err := p.Units.Create(ctx, u); err != nil {
				return err
			}
			for _, se := range su.events {
				e := &RiskEvent{UnitID: u.ID, Name: se.name, Method: se.method, L: se.l, E: se.e, C: se.c, S: se.s, ControlLevel: se.control}
				e.ID = next()
				if err := GradeEvent(e); err != nil {
					return err
				}
				if err := p.REvents.Create(ctx, e); err != nil {
					return err
				}
				for _, sm := range se.measures {
					m := &Measure{EventID: e.ID, UnitID: u.ID, DataSrc: sm.src, Classify1: sm.c1, Classify2: sm.c2, Description: sm.desc, TroubleshootContent: sm.check}
					m.ID = next()
					if err := p.Measures.Create(ctx, m); err != nil {
						return err
					}
					start := today.AddDate(0, 0, -3).Add(8 * time.Hour)
					if sm.cycleUnit == CycleHour {
						start = today.AddDate(0, 0, -1)
					}
					c := &CheckPlan{MeasureID: m.ID, EventID: e.ID, UnitID: u.ID, UnitName: u.Name, Name: firstRunes(sm.desc, 60),
						TroubleshootContent: sm.check, CheckCycle: sm.cycle, CheckCycleUnit: sm.cycleUnit, DutyType: DutyPost,
						DeptID: su.dept, DeptName: su.deptName, PostID: seedids.DemoOperatorPost, PostName: "操作工",
						ResponsibleUserName: su.person, StartTime: start, Enabled: 1}
					c.ID = next()
					// Start two windows back so the demo shows missed windows too.
					c.NextSeq = max(0, FirstSeq(Cycle{Anchor: start, N: c.CheckCycle, Unit: c.CheckCycleUnit}, now)-2)
					ns := Cycle{Anchor: start, N: c.CheckCycle, Unit: c.CheckCycleUnit}.Start(c.NextSeq)
					c.NextStart = &ns
					if err := p.Plans.Create(ctx, c); err != nil {
						return err
					}
				}
			}
			if err := p.recomputeUnitLevel(ctx, u.ID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if _, err := p.Generate(ctx, now); err != nil {
		return err
	}
	return p.seedActivity(ctx, now)
}

// seedActivity records a few tasks and puts three hazards in different states.
func (p *Prevention) seedActivity(ctx context.Context, now time.Time) error {
	tasks, err := p.Tasks.List(ctx, pagingState(TaskMissed), 3)
	if err != nil {
		return err
	}
	for _, t := range tasks[:min(2, len(tasks))] {
		if _, err := p.SubmitRecord(ctx, &RecordInput{CheckRecord: CheckRecord{TaskID: t.ID, CheckStatus: CheckNormal, Remark: "补检:现场正常"}}); err != nil {
			return err
		}
	}
	yesterday := now.AddDate(0, 0, -1)
	mk := func(name, desc string, level, src, mtype, htype int32, deadline time.Time, state int32) *Hazard {
		h := &Hazard{DangerName: name, DangerDesc: desc, DangerLevel: level, DangerSrc: src, DangerManageType: mtype, HazardDangerType: htype,
			UnitID: seedBase + 5, UnitName: "甲醇储罐组(T101-T104)", ReportUserID: seedids.DemoAdminUser, ReportUserName: "管理员",
			ReportTime: yesterday.Add(-48 * time.Hour), Deadline: &deadline, LiableUserID: seedids.DemoAdminUser, LiableUserName: "管理员",
			DangerState: HazardReported}
		return h
	}
	hs := []*Hazard{
		mk("T102 储罐呼吸阀阻火器锈蚀", "现场检查发现 T102 呼吸阀阻火器网片锈蚀堵塞", 0, 1, 1, 7, now.AddDate(0, 0, 5), HazardReported),
		mk("装卸站台静电接地夹损坏", "2 号鹤位静电接地夹弹簧失效,接触不良", 0, 9, 1, 3, yesterday, HazardReported),
		mk("可燃气体报警仪超期未标定", "罐区 GT-03 可燃气体检测报警仪标定超期 1 个月", 1, 3, 1, 4, now.AddDate(0, 0, -3), HazardReported),
	}
	for i, h := range hs {
		h.ID = seedBase + 900 + int64(i)
		if err := p.startFlow(ctx, h, "上报隐患"); err != nil {
			slog.Info("prevention seed: flow unavailable, hazard history not recorded", "err", err)
		}
		if err := p.Hazards.Create(ctx, h); err != nil {
			return err
		}
	}
	steps := []struct {
		h    *Hazard
		step HazardStep
		a    HazardAction
	}{
		{hs[1], StepAssess, HazardAction{Pass: true, DangerLevel: 0, DangerManageType: 1, Deadline: yesterdayText(yesterday), Comment: "确认为一般隐患,限期整改"}},
		{hs[2], StepAssess, HazardAction{Pass: true, DangerLevel: 1, DangerManageType: 1, Deadline: yesterdayText(now.AddDate(0, 0, 10)), Comment: "确认为重大隐患", TreatmentPlan: "立即停用 GT-03 区域动火作业;联系有资质单位 3 日内完成标定;标定前增设便携式检测仪巡检"}},
		{hs[2], StepRectify, HazardAction{RectifyMeasures: "已委托第三方完成标定并出具报告", RectifyCost: 1200}},
		{hs[2], StepAccept, HazardAction{Pass: true, Comment: "标定报告齐全,验收通过"}},
	}
	// Act moves each hazard's flow instance with it, so the instances stand
	// where the hazards do (待评估 at 隐患评估, 整改中 at 隐患整改, 已验收
	// complete). The seed context carries no user token, so flow sees the
	// service acting for itself, which may sign any step (history: 系统).
	// Without an instance (flow was down) Act moves the hazard alone.
	for _, s := range steps {
		s.a.ID = s.h.ID
		if err := p.Act(ctx, s.step, &s.a); err != nil {
			return err
		}
	}
	p.Q.HazardsChanged()
	_, err = p.FlagOverdueHazards(ctx)
	return err
}

func yesterdayText(t time.Time) string { return timefmt.Format(t) }
