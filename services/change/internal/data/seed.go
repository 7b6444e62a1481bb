package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/change/internal/biz"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/kit/timefmt"
)

// Seed gives the demo tenant change requests at every stage on first
// start (an existing request means it ran): one in implementation blocked
// by an open 必改项 and an unconfirmed operator, an expired temporary
// change, one in risk analysis, a draft and a closed one. Times are
// relative to now.
func Seed(ctx context.Context, g *gorm.DB, now time.Time) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Request{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	now = now.In(timefmt.Zone).Truncate(time.Minute)
	safety := seedids.DemoSafetyUser
	req := func(r *biz.Request, created time.Time) *biz.Request {
		r.CreateUser, r.CreateDept, r.CreateTime, r.UpdateTime, r.ApplicantName = safety, seedids.DemoSafetyDept, created, created, "李安全"
		return r
	}
	at := func(days int) *time.Time { t := now.AddDate(0, 0, days); return &t }
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		exchanger := req(&biz.Request{Title: "合成车间 E-201 换热器更换为板式换热器", ChangeType: 4, Attribute: 2, Category: 1, ConstructionNature: 2,
			ConstructionStatus: 2, Reason: "原管壳式换热器结垢严重,换热效率下降", Content: "将 E-201 更换为同等设计压力的板式换热器,配套更换进出口阀门",
			Location: "合成车间 E-201", DeptID: seedids.DemoWorkshop1Dept, State: biz.StateImplement,
			RiskAnalysis: "HAZOP 分析:板片泄漏导致介质互串,增设压差报警;检修期间能量隔离。", ApproverName: "系统管理员", ApproveNote: "同意实施"},
			now.AddDate(0, 0, -20))
		bypass := req(&biz.Request{Title: "罐区 V-102 临时增设旁路管线", ChangeType: 3, Attribute: 1, Category: 1, ConstructionNature: 4,
			ConstructionStatus: 1, Temporary: true, ExpireAt: at(-2), Reason: "V-102 出口阀检修期间维持输送", Content: "临时增设 DN80 旁路,检修完毕后拆除恢复",
			Location: "甲类储罐区 V-102", DeptID: seedids.DemoWorkshop2Dept, State: biz.StateImplement,
			RiskAnalysis: "临时管线按原设计压力试压;旁路阀挂牌上锁。", ApproverName: "系统管理员", ApproveNote: "同意,限期拆除"}, now.AddDate(0, 0, -15))
		temp := req(&biz.Request{Title: "合成塔操作温度上限由 280℃ 调整为 285℃", ChangeType: 6, Attribute: 2, Category: 2,
			Reason: "新催化剂活性温区上移", Content: "调整 DCS 温度高限报警与联锁值", Location: "合成车间 T-101", DeptID: seedids.DemoWorkshop1Dept,
			State: biz.StateAnalysis}, now.AddDate(0, 0, -3))
		oil := req(&biz.Request{Title: "导热油更换为 L-QD320 型", ChangeType: 2, Attribute: 1, Category: 2, Reason: "原型号停产",
			Content: "导热油系统整体置换为 L-QD320", Location: "导热油炉房", DeptID: seedids.DemoProductionDept, State: biz.StateDraft}, now.AddDate(0, 0, -1))
		closed := req(&biz.Request{Title: "装卸站台增设防撞柱", ChangeType: 1, Attribute: 1, Category: 1, ConstructionNature: 1, ConstructionStatus: 2,
			Reason: "叉车碰撞管架事故整改", Content: "站台增设 6 根防撞柱与限速标识", Location: "汽车装卸站台", DeptID: seedids.DemoWorkshop2Dept,
			State: biz.StateClosed, RiskAnalysis: "施工动土作业按作业票管理。", ApproverName: "系统管理员", ApproveNote: "同意", StartupAt: at(-90),
			AcceptNote: "验收合格", ClosedAt: at(-80)}, now.AddDate(0, 0, -120))
		for _, r := range []*biz.Request{exchanger, bypass, temp, oil, closed} {
			if err := c.Create(r).Error; err != nil {
				return err
			}
		}
		done := at(-2)
		items := []*biz.PssrItem{
			{ChangeID: exchanger.ID, Content: "新换热器安全阀未校验", Kind: biz.KindMustFix, ResponsibleUserID: seedids.DemoDirectorUser},
			{ChangeID: exchanger.ID, Content: "操作规程未按新设备修订", Kind: biz.KindMustFix, Done: true, DoneAt: done, DoneNote: "规程已修订发布", DoneBy: "李安全"},
			{ChangeID: exchanger.ID, Content: "设备位号标识牌未更新", Kind: biz.KindToFix},
			{ChangeID: closed.ID, Content: "防撞柱未刷黄黑警示漆", Kind: biz.KindToFix, Done: true, DoneAt: at(-85), DoneNote: "已刷漆", DoneBy: "李安全"},
		}
		for _, it := range items {
			if err := c.Create(it).Error; err != nil {
				return err
			}
		}
		people := []*biz.Person{
			{ChangeID: exchanger.ID, UserID: seedids.DemoOperator1User, UserName: "王操作", Way: biz.WayTrained, Confirmed: true, ConfirmedAt: done, ConfirmedBy: "王操作"},
			{ChangeID: exchanger.ID, UserID: seedids.DemoOperator2User, UserName: "赵操作", Way: biz.WayTrained},
			{ChangeID: bypass.ID, UserID: seedids.DemoOperator2User, UserName: "赵操作", Way: biz.WayInformed, Confirmed: true, ConfirmedAt: at(-14), ConfirmedBy: "赵操作"},
		}
		for _, p := range people {
			if err := c.Create(p).Error; err != nil {
				return err
			}
		}
		var logs []*biz.Log
		for _, r := range []*biz.Request{exchanger, bypass, temp, closed} {
			path := []string{biz.ActApply, biz.ActAnalyse, biz.ActApprove, biz.ActStartup, biz.ActAccept, biz.ActClose}
			from := biz.StateDraft
			for _, a := range path {
				if from == r.State {
					break
				}
				to, _ := biz.Next(r.Title, from, a, "演示", biz.Gate{})
				logs = append(logs, &biz.Log{ChangeID: r.ID, Action: a, FromState: from, ToState: to, UserName: "李安全"})
				from = to
			}
		}
		for _, l := range logs {
			if err := c.Create(l).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
