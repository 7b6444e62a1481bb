package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/accident/internal/biz"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/kit/timefmt"
)

// Seed gives the demo tenant an accident under investigation with its
// corrective actions, a closed one, and near misses on first start (an
// existing report means it ran). Times are relative to now.
func Seed(ctx context.Context, g *gorm.DB, now time.Time) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Accident{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	now = now.In(timefmt.Zone).Truncate(time.Minute)
	rules := biz.RuleSet{}
	report := func(a *biz.Accident, f biz.Figures, reportedAfter time.Duration) *biz.Accident {
		c := biz.ClockOf(a.OccurredAt, rules)
		a.Deaths, a.SeriousInjuries, a.MinorInjuries, a.Missing, a.DirectLoss = f.Deaths, f.SeriousInjuries, f.MinorInjuries, f.Missing, f.DirectLoss
		a.Grade, a.ReportedAt = biz.Grade(f, rules), a.OccurredAt.Add(reportedAfter)
		a.ReportDue, a.SupplementDue, a.InvestigationDue = c.ReportDue, c.SupplementDue, c.InvestigationDue
		return a
	}
	safety, director := seedids.DemoSafetyUser, seedids.DemoDirectorUser
	closedAt := now.AddDate(0, 0, -100)
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		open := report(&biz.Accident{Title: "合成车间换热器检修烫伤事故", OccurredAt: now.AddDate(0, 0, -6).Add(-3 * time.Hour), Place: "合成车间 E-201 换热器",
			AccidentType: 1, GB6441Type: 12, Cause: 1, Nature: 1, Description: "检修人员拆卸换热器封头时残余热水喷出,一人手臂烫伤。",
			MeasuresTaken: "立即冲洗降温并送医;隔离检修区域", DeptID: seedids.DemoWorkshop1Dept, ResponsibleUserID: director,
			State: biz.StateInvestigating, InvestigationLeader: "李安全"}, biz.Figures{SeriousInjuries: 1, DirectLoss: 3.5}, 40*time.Minute)
		closed := report(&biz.Accident{Title: "装卸站台叉车碰撞管架事故", OccurredAt: now.AddDate(0, 0, -160), Place: "汽车装卸站台",
			AccidentType: 3, GB6441Type: 3, Cause: 3, Nature: 1, Description: "叉车倒车碰撞低位管架,无人员伤亡。", MeasuresTaken: "停用叉车,管架临时支撑",
			DeptID: seedids.DemoWorkshop2Dept, ResponsibleUserID: safety, State: biz.StateClosed, InvestigationLeader: "李安全",
			InvestigationReport: "叉车司机未按规定路线行驶,站台未设限高与防撞设施。", RootCause: "无防撞设施;路线管理缺失",
			Responsibility: "叉车司机停岗培训,班组长通报批评", Education: "全厂叉车司机专项培训", ClosedAt: &closedAt},
			biz.Figures{DirectLoss: 12}, 25*time.Minute)
		for _, a := range []*biz.Accident{open, closed} {
			if err := c.Create(a).Error; err != nil {
				return err
			}
		}
		d1 := now.AddDate(0, 0, 10)
		done := closedAt.AddDate(0, 0, -5)
		actions := []*biz.Action{
			{AccidentID: open.ID, Content: "换热器检修作业前增加泄压排凝确认步骤,修订检修规程", ResponsibleUserID: director, Deadline: &d1},
			{AccidentID: open.ID, Content: "检修人员配备防烫手套和面屏", ResponsibleUserID: safety, Deadline: &d1},
			{AccidentID: closed.ID, Content: "站台增设防撞柱与限速标识", ResponsibleUserID: safety, State: biz.ActionDone, DoneAt: &done, DoneNote: "已安装 6 根防撞柱"},
		}
		for _, x := range actions {
			if err := c.Create(x).Error; err != nil {
				return err
			}
		}
		nears := []*biz.NearMiss{
			{Title: "罐区巡检踩空险些跌落", OccurredAt: now.AddDate(0, 0, -3), Place: "甲类储罐区 V-102 爬梯", PotentialType: 1, Cause: 2,
				Description: "爬梯踏板锈蚀松动,巡检人员踩空被护笼挡住。", Measures: "更换踏板,排查全部爬梯", ReporterName: "王操作"},
			{Title: "动火点附近发现未清理油污", OccurredAt: now.AddDate(0, 0, -20), Place: "合成车间二层平台", PotentialType: 2, Cause: 3,
				Description: "动火前检查发现 10 米内地面油污未清理。", Measures: "暂停动火,清理后复查", ReporterName: "孙焊工"},
		}
		for _, nm := range nears {
			if err := c.Create(nm).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
