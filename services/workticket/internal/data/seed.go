package data

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"gorm.io/gorm"

	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/kit/timefmt"
	"anquan/workticket/internal/biz"
)

// Seed gives the demo tenant its night hours and a few permits in
// different states, once (skipped when the tenant has any permit). The
// 2026 national holidays are not seeded: the research notes do not list
// them, so only weekends count as rest days until an administrator enters
// the holidays in the calendar.
func Seed(ctx context.Context, g *gorm.DB, now time.Time) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := db.Conn(ctx, g).Model(&biz.Ticket{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		if err := c.Create(&biz.CalendarSetting{NightStart: "22:00", NightEnd: "06:00"}).Error; err != nil {
			return err
		}
		q := Queries{DB: g}
		day := now.In(timefmt.Zone)
		base := time.Date(day.Year(), day.Month(), day.Day(), 8, 0, 0, 0, timefmt.Zone).Local()
		lv := func(v int32) *int32 { return &v }
		type demo struct {
			t      biz.Ticket
			d      biz.Detail
			signs  []string
			sample bool
		}
		demos := []demo{
			{t: biz.Ticket{WorkType: biz.HotWork, Level: biz.FireFirst, WorkUnit: "合成车间", AreaID: seedids.DemoAreaSynthesis, AreaName: "合成装置区", Location: "合成装置二层管廊",
				Content: "更换E-201出口管线法兰并补焊", OperatorNames: "孙焊工", GuardianName: "张主任", HazardCodes: "07,08,09",
				PlanStart: base.Add(time.Hour), PlanEnd: base.Add(7 * time.Hour), TicketStatus: biz.TicketIssued, JobStatus: biz.JobInProgress, WorkPhase: biz.PhaseDuring, FlowStatus: biz.FlowComplete},
				d: biz.Detail{HotWork: &biz.HotWorkFields{FireLevel: lv(biz.FireFirst), Tools: "weld,grind", Method: "电焊"}}, signs: []string{"作业单位负责人审批", "安全管理部门审批", "开始作业"}, sample: true},
			{t: biz.Ticket{WorkType: biz.ConfinedSpaceWork, WorkUnit: "罐区", AreaName: "罐区", Location: "T-102 甲醇储罐",
				Content: "储罐内部清理及防腐检查", OperatorNames: "王操作", GuardianName: "李安全", HazardCodes: "19,08",
				PlanStart: base.Add(-22 * time.Hour), PlanEnd: base.Add(-16 * time.Hour), TicketStatus: biz.TicketAccepted, JobStatus: biz.JobCompleted, WorkPhase: biz.PhaseAfter, FlowStatus: biz.FlowComplete},
				d: biz.Detail{ConfinedSpace: &biz.ConfinedSpaceFields{SpaceName: "T-102 甲醇储罐", Medium: "甲醇", Isolation: "进出口加盲板,断电挂牌"}}, signs: []string{"作业单位负责人审批", "安全管理部门审批", "开始作业", "完工", "验收"}, sample: true},
			{t: biz.Ticket{WorkType: biz.AltitudeWork, Level: 2, WorkUnit: "设备管理部", AreaName: "合成车间", Location: "造粒塔外平台",
				Content: "造粒塔外部照明灯具更换", OperatorNames: "王操作", GuardianName: "张主任", HazardCodes: "09,01",
				PlanStart: base.Add(26 * time.Hour), PlanEnd: base.Add(30 * time.Hour), TicketStatus: biz.TicketUnissued, JobStatus: biz.JobToStart, WorkPhase: biz.PhaseBefore, FlowStatus: biz.FlowNone},
				d: biz.Detail{Altitude: &biz.AltitudeFields{Height: 12}}},
			{t: biz.Ticket{WorkType: biz.LiftingWork, Level: 3, WorkUnit: "承包商队伍", AreaName: "仓储区", Location: "成品仓库南侧",
				Content: "新泵组吊装就位", OperatorNames: "周承包", GuardianName: "李安全", HazardCodes: "05,01",
				PlanStart: base.Add(-48 * time.Hour), PlanEnd: base.Add(-44 * time.Hour), TicketStatus: biz.TicketVoided, JobStatus: biz.JobToStart, WorkPhase: biz.PhaseBefore, FlowStatus: biz.FlowNone, CloseReason: "设备到货推迟"},
				d: biz.Detail{Lifting: &biz.LiftingFields{Weight: 12.5, Crane: "25t汽车吊", Commander: "周承包"}}},
			{t: biz.Ticket{WorkType: biz.TemporaryPowerWork, WorkUnit: "设备管理部", AreaName: "合成车间", Location: "压缩机房",
				Content: "检修临时照明及电动工具用电", OperatorNames: "王操作", GuardianName: "张主任", HazardCodes: "02",
				PlanStart: base.Add(2 * time.Hour), PlanEnd: base.Add(10 * time.Hour), TicketStatus: biz.TicketIssued, JobStatus: biz.JobToStart, WorkPhase: biz.PhaseBefore, FlowStatus: biz.FlowComplete},
				d: biz.Detail{TemporaryPower: &biz.TemporaryPowerFields{PowerSource: "压缩机房配电箱AP-3", Voltage: 220, Load: 3.5}}, signs: []string{"作业单位负责人审批"}},
		}
		// The demo's people by name (their ids are fixed in kit/seedids), so
		// the seeded permits name their operators, guardians and signers.
		people := map[string]int64{"管理员": seedids.DemoAdminUser, "李安全": seedids.DemoSafetyUser, "张主任": seedids.DemoDirectorUser,
			"王操作": seedids.DemoOperator1User, "孙焊工": seedids.DemoWelderUser, "周承包": seedids.DemoContractor1User}
		for i := range demos {
			dm := &demos[i]
			t := &dm.t
			t.OperatorIDs, t.GuardianID = ident.JoinIDs([]int64{people[t.OperatorNames]}), people[t.GuardianName]
			info, _ := biz.TypeInfo(t.WorkType)
			seq, err := q.NextSeq(ctx, info.Prefix, now.In(timefmt.Zone).Format("20060102"))
			if err != nil {
				return err
			}
			t.TicketNo = fmt.Sprintf("%s-%s-%04d", info.Prefix, now.In(timefmt.Zone).Format("20060102"), seq)
			t.ApplicantID, t.ApplicantName = seedids.DemoAdminUser, "管理员"
			t.PlanDay = timefmt.FormatDate(t.PlanStart)
			apply := t.PlanStart.Add(-2 * time.Hour)
			t.ApplyTime = &apply
			if h := dm.d.HotWork; h != nil {
				// The demo follows the rules too: weekends and nights raise the level.
				cal := biz.Calendar{Loc: timefmt.Zone, NightStart: biz.DefaultNightStart, NightEnd: biz.DefaultNightEnd}
				t.Level, h.EscalationReason = biz.EscalateFire(*h.FireLevel, cal, t.PlanStart, t.PlanEnd)
				h.Escalated = h.EscalationReason != ""
				if t.Level == biz.FireSpecial {
					dm.signs = []string{"作业单位负责人审批", "安全管理部门审批", "主要负责人审批", "开始作业"}
				}
			}
			d, _ := json.Marshal(dm.d)
			t.Detail = string(d)
			var ms []biz.Measure
			for j, m := range biz.MeasureTemplates[t.WorkType] {
				mm := biz.Measure{Seq: int32(j + 1), Content: m, Involved: true}
				if t.TicketStatus != biz.TicketUnissued {
					mm.ConfirmUserID, mm.ConfirmUserName, mm.ConfirmTime = t.GuardianID, t.GuardianName, timefmt.Format(t.PlanStart.Add(-10*time.Minute))
				}
				ms = append(ms, mm)
			}
			b, _ := json.Marshal(ms)
			t.Measures = string(b)
			if t.TicketStatus != biz.TicketUnissued && t.TicketStatus != biz.TicketVoided {
				issue := t.PlanStart.Add(-30 * time.Minute)
				t.IssueTime = &issue
			}
			if t.JobStatus >= biz.JobInProgress {
				s := t.PlanStart
				t.ActualStart = &s
			}
			if t.JobStatus == biz.JobCompleted {
				e := t.PlanEnd.Add(-time.Hour)
				t.ActualEnd = &e
			}
			if t.TicketStatus == biz.TicketAccepted {
				a := t.PlanEnd
				t.AcceptTime, t.AcceptUserID, t.AcceptUserName = &a, seedids.DemoSafetyUser, "李安全"
			}
			if err := c.Create(t).Error; err != nil {
				return err
			}
			for j, name := range dm.signs {
				who := map[string]string{"作业单位负责人审批": "张主任", "安全管理部门审批": "李安全", "主要负责人审批": "管理员", "开始作业": t.GuardianName, "完工": t.GuardianName, "验收": "李安全"}[name]
				at := t.PlanStart.Add(time.Duration(j-3) * 10 * time.Minute)
				action := map[string]string{"开始作业": biz.ActStart, "完工": biz.ActComplete, "验收": biz.ActAccept}[name]
				if action == "" {
					action = "pass"
				}
				if err := c.Create(&biz.Signature{TicketID: t.ID, TaskName: name, Action: action, UserID: people[who], UserName: who, Comment: "同意", SignTime: at}).Error; err != nil {
					return err
				}
			}
			if dm.sample {
				rs := []biz.Reading{{GasName: "甲烷", GasType: biz.GasCombustible, Value: 0.1, Unit: "%VOL", LEL: 5}}
				if t.WorkType == biz.ConfinedSpaceWork {
					rs = append(rs, biz.Reading{GasName: "氧气", GasType: biz.GasOxygen, Value: 20.6, Unit: "%VOL"})
				}
				ok, reason := biz.JudgeSample(t.WorkType, rs, false)
				r, _ := json.Marshal(rs)
				if err := c.Create(&biz.GasSample{TicketID: t.ID, SampleTime: t.PlanStart.Add(-15 * time.Minute), SamplePoint: t.Location, AnalystID: seedids.DemoSafetyUser, AnalystName: "李安全", SampleKind: biz.SampleBefore, Readings: string(r), Qualified: ok, Reason: reason}).Error; err != nil {
					return err
				}
			}
		}
		return nil
	})
}
