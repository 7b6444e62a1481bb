package data

import (
	"context"
	"strconv"
	"time"

	"gorm.io/gorm"

	"anquan/equipment/internal/biz"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/kit/timefmt"
)

// DefaultRules are the special-equipment intervals (特种设备检验周期; research
// domains.md section 7) a tenant starts from; the table is the tenant's to edit.
var DefaultRules = []biz.Rule{
	{Kind: "boiler", Name: "锅炉外部检验", IntervalMonths: 12, LeadDays: 30, Basis: "TSG 11-2020 锅炉安全技术规程:外部检验每年一次"},
	{Kind: "pressure_vessel", Name: "固定式压力容器年度检查", IntervalMonths: 12, LeadDays: 30, Basis: "TSG 21-2016:年度检查每年至少一次"},
	{Kind: "crane", Name: "起重机械定期检验", IntervalMonths: 24, LeadDays: 30, Basis: "TSG Q7015-2016:桥式、门式起重机每 2 年"},
	{Kind: "crane_yearly", Name: "塔式/流动式起重机定期检验", IntervalMonths: 12, LeadDays: 30, Basis: "TSG Q7015-2016:塔式、流动式、吊运熔融金属起重机每年"},
	{Kind: "gas_cylinder", Name: "气瓶定期检验(一般气体)", IntervalMonths: 36, LeadDays: 30, Basis: "GB/T 13004 等:一般气体 3 年,腐蚀性 2 年,惰性 5 年"},
	{Kind: "safety_valve", Name: "安全阀校验", IntervalMonths: 12, LeadDays: 30, Basis: "TSG ZF001:安全阀每年至少校验一次"},
	{Kind: "pressure_gauge", Name: "压力表检定", IntervalMonths: 6, LeadDays: 15, Basis: "JJG 52:用于安全防护的压力表检定周期不超过 6 个月"},
	{Kind: "gas_detector", Name: "可燃/有毒气体检测器校准", IntervalMonths: 12, LeadDays: 30, Basis: "JJG 693 / JJG 695:检定周期一般不超过 1 年"},
	{Kind: "forklift", Name: "场(厂)内机动车辆定期检验", IntervalMonths: 12, LeadDays: 30, Basis: "TSG N0001:每年一次"},
}

// Seed gives the demo tenant its rule table, a ledger with a due, an
// overdue and a healthy item, and their records, on first start (an
// existing rule means it ran).
func Seed(ctx context.Context, g *gorm.DB, now time.Time) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Rule{}).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		if err := seedLedger(ctx, g, now); err != nil {
			return err
		}
	}
	if err := seedFlows(ctx, g, now); err != nil {
		return err
	}
	return seedRunHours(ctx, g, now)
}

// seedRunHours gives the demo ledger two run-hour maintenance plans, once
// (no reading yet): the air compressor C-301 (every 2,000 h, 100 h ahead:
// 50 h left, 即将到期) and the emergency generator DG-01 (every 250 h,
// 25 h ahead), whose hour meter was replaced (a counter reset) and which
// has reached its maintenance (已到期).
func seedRunHours(ctx context.Context, g *gorm.DB, now time.Time) error {
	var n int64
	if err := g.WithContext(ctx).Model(&biz.RunReading{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	today := now.In(timefmt.Zone).Format(timefmt.DateLayout)
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		type reading struct {
			days    int
			value   float64
			reset   bool
			comment string
		}
		plans := []struct {
			e         *biz.Equipment
			maintDays int
			readings  []reading
		}{
			{&biz.Equipment{Code: "C-301", Name: "螺杆空压机 C-301", Category: biz.CategoryProduction, Model: "GA37", Maker: "阿特拉斯·科普柯",
				AreaID: seedids.DemoAreaSynthesis, Location: "空压站", ResponsibleUserID: seedids.DemoDirectorUser, ResponsibleName: "张主任",
				CommissionDate: biz.AddDays(today, -1500), MaintainMode: biz.ModeRunHours, MaintainIntervalHours: 2000, MaintainLeadHours: 100,
				LastMaintainHours: 6000}, -60,
				[]reading{{-60, 6000, false, ""}, {-30, 7400, false, ""}, {-1, 7950, false, ""}}},
			{&biz.Equipment{Code: "DG-01", Name: "应急柴油发电机 DG-01", Category: biz.CategorySafety, Model: "200GF", Maker: "潍柴",
				AreaID: seedids.DemoAreaTank, Location: "配电室旁", ResponsibleUserID: seedids.DemoSafetyUser, ResponsibleName: "李安全",
				CommissionDate: biz.AddDays(today, -700), MaintainMode: biz.ModeRunHours, MaintainIntervalHours: 250, MaintainLeadHours: 25,
				LastMaintainHours: 0}, -200,
				[]reading{{-120, 120, false, ""}, {-40, 200, false, ""}, {-2, 62, true, "更换计时器,新表从 0 开始"}}},
		}
		for _, p := range plans {
			e := p.e
			e.Lifecycle, e.MaintainState, e.Enable = biz.LifecycleInUse, biz.MaintainGood, biz.EnableOn
			if err := c.Create(e).Error; err != nil {
				return err
			}
			for _, rd := range p.readings {
				gain := rd.value - e.CounterReading
				if rd.reset {
					gain = rd.value
				}
				e.RunHours += gain
				e.CounterReading = rd.value
				r := &biz.RunReading{EquipmentID: e.ID, EquipmentCode: e.Code, EquipmentName: e.Name, Source: biz.SourceCounter, Reading: rd.value,
					RunHours: e.RunHours, Reason: rd.comment, ReadAt: now.AddDate(0, 0, rd.days), OperatorID: e.ResponsibleUserID, OperatorName: e.ResponsibleName}
				if rd.reset {
					r.Reset, r.Source = 1, biz.SourceManual
				}
				if err := c.Create(r).Error; err != nil {
					return err
				}
			}
			date := biz.AddDays(today, p.maintDays)
			if err := c.Create(&biz.Record{EquipmentID: e.ID, EquipmentCode: e.Code, EquipmentName: e.Name, Kind: biz.KindMaintain, RecordDate: date,
				Result: biz.ResultPass, Content: "按运行小时保养:更换机油、机油滤芯和空气滤芯", RunHours: e.LastMaintainHours,
				OperatorID: e.ResponsibleUserID, OperatorName: e.ResponsibleName}).Error; err != nil {
				return err
			}
			e.LastMaintainDate = date
			e.NextMaintainHours = e.LastMaintainHours + float64(e.MaintainIntervalHours)
			e.HoursDue = biz.HoursDueState(e)
			if err := c.Model(e).Select("run_hours", "counter_reading", "next_maintain_hours", "hours_due", "last_maintain_date").Updates(e).Error; err != nil {
				return err
			}
		}
		return nil
	})
}

func seedLedger(ctx context.Context, g *gorm.DB, now time.Time) error {
	today := now.In(timefmt.Zone).Format(timefmt.DateLayout)
	days := func(d int) string { return biz.AddDays(today, d) }
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		rules := map[string]int64{}
		for _, r := range DefaultRules {
			r := r
			if err := c.Create(&r).Error; err != nil {
				return err
			}
			rules[r.Kind] = r.ID
		}
		safety, director := seedids.DemoSafetyUser, seedids.DemoDirectorUser
		items := []*biz.Equipment{
			{Code: "V-101", Name: "甲醇储罐 V-101", Category: biz.CategorySpecial, RuleID: rules["pressure_vessel"], Model: "100m³ 立式", Maker: "江苏化工机械厂",
				AreaID: seedids.DemoAreaTank, Location: "甲类储罐区东侧", ResponsibleUserID: director, ResponsibleName: "张主任", RegisterNo: "容3QS苏A0001(24)",
				CommissionDate: days(-900), MaintainCycleDays: 90},
			{Code: "R-201", Name: "加氢反应釜 R-201", Category: biz.CategorySpecial, RuleID: rules["pressure_vessel"], Model: "5m³ 搪玻璃", Maker: "淄博搪瓷",
				AreaID: seedids.DemoAreaSynthesis, Location: "合成装置区二层", ResponsibleUserID: director, ResponsibleName: "张主任", RegisterNo: "容3QS苏A0002(24)",
				CommissionDate: days(-1200), MaintainCycleDays: 30},
			{Code: "SV-201", Name: "R-201 安全阀", Category: biz.CategorySpecial, RuleID: rules["safety_valve"], Model: "A42Y-16C DN50", Maker: "上海阀门厂",
				AreaID: seedids.DemoAreaSynthesis, Location: "R-201 顶部", ResponsibleUserID: director, ResponsibleName: "张主任", RegisterNo: "阀-2024-018",
				CommissionDate: days(-1200)},
			{Code: "PG-201", Name: "R-201 压力表", Category: biz.CategorySpecial, RuleID: rules["pressure_gauge"], Model: "Y-100 0-2.5MPa", Maker: "红旗仪表",
				AreaID: seedids.DemoAreaSynthesis, Location: "R-201 顶部", ResponsibleUserID: director, ResponsibleName: "张主任", RegisterNo: "表-2024-031",
				CommissionDate: days(-1200)},
			{Code: "QD-01", Name: "电动葫芦 QD-01", Category: biz.CategorySpecial, RuleID: rules["crane"], Model: "CD1 5t", Maker: "河南起重",
				AreaID: seedids.DemoAreaHazWarehse, Location: "危化品仓库装卸区", ResponsibleUserID: safety, ResponsibleName: "李安全", RegisterNo: "起17苏A0003(23)",
				CommissionDate: days(-700)},
			{Code: "GD-01", Name: "罐区可燃气体检测器组", Category: biz.CategorySafety, RuleID: rules["gas_detector"], Model: "GT-2000", Maker: "汉威",
				AreaID: seedids.DemoAreaTank, Location: "甲类储罐区", ResponsibleUserID: safety, ResponsibleName: "李安全", CommissionDate: days(-600)},
			{Code: "P-101", Name: "甲醇输送泵 P-101", Category: biz.CategoryProduction, Model: "IH80-65-160", Maker: "南方泵业",
				AreaID: seedids.DemoAreaTank, Location: "泵房", ResponsibleUserID: director, ResponsibleName: "张主任", CommissionDate: days(-800), MaintainCycleDays: 30},
		}
		for _, e := range items {
			e.Lifecycle, e.MaintainState, e.Enable = biz.LifecycleInUse, biz.MaintainGood, biz.EnableOn
			if err := c.Create(e).Error; err != nil {
				return err
			}
		}
		// Last detections and maintenances: V-101 healthy, SV-201 due in 20
		// days, PG-201 overdue by 10 days, R-201's maintenance overdue.
		type rec struct {
			e        *biz.Equipment
			kind     int32
			date     string
			next     string
			org, rep string
			content  string
		}
		recs := []rec{
			{items[0], biz.KindDetect, days(-100), biz.AddMonths(days(-100), 12), "江苏省特种设备安全监督检验研究院", "RQ-2026-0311", "年度检查,安全状况等级 2 级,符合要求"},
			{items[0], biz.KindMaintain, days(-20), days(70), "", "", "外观检查、防腐层修补、液位计清洗"},
			{items[1], biz.KindDetect, days(-200), biz.AddMonths(days(-200), 12), "江苏省特种设备安全监督检验研究院", "RQ-2026-0109", "年度检查合格"},
			{items[1], biz.KindMaintain, days(-40), days(-10), "", "", "搅拌密封更换、夹套清洗"},
			{items[2], biz.KindDetect, biz.AddMonths(days(20), -12), days(20), "市计量检定所", "AF-2025-221", "整定压力 1.0 MPa,校验合格"},
			{items[3], biz.KindDetect, biz.AddMonths(days(-10), -6), days(-10), "市计量检定所", "YB-2026-045", "检定合格"},
			{items[4], biz.KindDetect, days(-300), biz.AddMonths(days(-300), 24), "江苏省特种设备安全监督检验研究院", "QZ-2025-077", "定期检验合格"},
			{items[5], biz.KindDetect, days(-90), biz.AddMonths(days(-90), 12), "市计量检定所", "QT-2026-012", "12 台探头标定合格"},
			{items[6], biz.KindMaintain, days(-5), days(25), "", "", "更换机械密封,轴承加注润滑脂"},
		}
		for _, x := range recs {
			r := &biz.Record{EquipmentID: x.e.ID, EquipmentCode: x.e.Code, EquipmentName: x.e.Name, Kind: x.kind, RecordDate: x.date, Result: biz.ResultPass,
				Content: x.content, Org: x.org, ReportNo: x.rep, NextDue: x.next, OperatorID: x.e.ResponsibleUserID, OperatorName: x.e.ResponsibleName}
			if err := c.Create(r).Error; err != nil {
				return err
			}
			if x.kind == biz.KindDetect {
				x.e.LastDetectDate, x.e.NextDetectDate = x.date, x.next
			} else {
				x.e.LastMaintainDate, x.e.NextMaintainDate = x.date, x.next
			}
		}
		for _, e := range items {
			e.NextDue = biz.NextDue(e.NextDetectDate, e.NextMaintainDate)
			if err := c.Model(e).Select("last_detect_date", "next_detect_date", "last_maintain_date", "next_maintain_date", "next_due").Updates(e).Error; err != nil {
				return err
			}
		}
		return seedMajorHazards(c, items)
	})
}

// seedMajorHazards: the grading rule table and two installations (the tank
// farm, level 4; the chlorine store, level 3), graded by biz.Compute.
func seedMajorHazards(c *gorm.DB, items []*biz.Equipment) error {
	for _, f := range biz.DefaultFactors {
		f := f
		if err := c.Create(&f).Error; err != nil {
			return err
		}
	}
	type inst struct {
		h     biz.MajorHazard
		chems []biz.MHChemical
	}
	safety, director, op := seedids.DemoSafetyUser, seedids.DemoDirectorUser, seedids.DemoOperator1User
	list := []inst{
		{biz.MajorHazard{Code: "MH-01", Name: "甲类储罐区", UnitType: 2, AreaID: seedids.DemoAreaTank, Location: "厂区东北角", PeopleOutside: 120,
			MainUserID: seedids.DemoAdminUser, MainUserName: "管理员", TechUserID: safety, TechUserName: "李安全", OpUserID: director, OpUserName: "张主任",
			EquipmentIDs: ident.JoinIDs([]int64{items[0].ID, items[5].ID, items[6].ID})},
			[]biz.MHChemical{{Name: "甲醇", CAS: "67-56-1", FactorKey: "other", Quantity: 300, Critical: 500},
				{Name: "甲苯", CAS: "108-88-3", FactorKey: "other", Quantity: 250, Critical: 500}}},
		{biz.MajorHazard{Code: "MH-02", Name: "液氯库", UnitType: 2, AreaID: seedids.DemoAreaHazWarehse, Location: "危化品仓库北侧", PeopleOutside: 60,
			MainUserID: seedids.DemoAdminUser, MainUserName: "管理员", TechUserID: safety, TechUserName: "李安全", OpUserID: op, OpUserName: "王操作"},
			[]biz.MHChemical{{Name: "液氯", CAS: "7782-50-5", FactorKey: "toxic:Cl2", Quantity: 10, Critical: 5}}},
	}
	for _, x := range list {
		g, err := biz.Compute(x.chems, x.h.PeopleOutside, biz.DefaultFactors)
		if err != nil {
			return err
		}
		h := x.h
		h.SValue, h.Alpha, h.RValue, h.Level, h.Calculation = g.S, g.Alpha, g.R, g.Level, g.Calculation
		if err := c.Create(&h).Error; err != nil {
			return err
		}
		for i, ch := range x.chems {
			ch.HazardID, ch.Seq = h.ID, int32(i)
			if err := c.Create(&ch).Error; err != nil {
				return err
			}
		}
	}
	return nil
}

// seedFlows gives the demo tenant service orders, disable / recover / scrap
// requests and lockouts in several states, on first start of the flows (an
// existing service order means it ran; databases seeded before the flows
// get them too).
func seedFlows(ctx context.Context, g *gorm.DB, now time.Time) error {
	var n int64
	if err := g.WithContext(ctx).Model(&biz.ServiceOrder{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	var items []biz.Equipment
	if err := g.WithContext(ctx).Where("is_deleted = 0").Find(&items).Error; err != nil {
		return err
	}
	by := map[string]*biz.Equipment{}
	for i := range items {
		by[items[i].Code] = &items[i]
	}
	if by["P-101"] == nil || by["R-201"] == nil || by["V-101"] == nil {
		return nil // the ledger was changed by hand: no demo flows
	}
	at := func(d int, hm string) string {
		return now.In(timefmt.Zone).AddDate(0, 0, d).Format(timefmt.DateLayout) + " " + hm + ":00"
	}
	safety, director, admin := seedids.DemoSafetyUser, seedids.DemoDirectorUser, seedids.DemoAdminUser
	type who struct {
		id   int64
		name string
	}
	type flowStep struct {
		action   string
		from, to int32
		w        who
		comment  string
	}
	li, zh, ad := who{safety, "李安全"}, who{director, "张主任"}, who{admin, "管理员"}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		log := func(flow int32, obj int64, action string, from, to int32, w who, comment string) error {
			return c.Create(&biz.FlowLog{Flow: flow, ObjectID: obj, Action: action, FromState: from, ToState: to, UserID: w.id, UserName: w.name, Comment: comment}).Error
		}
		// Two items of the flows: an old pump scrapped, a fire pump (a safety facility) disabled.
		old := &biz.Equipment{Code: "P-100", Name: "旧甲醇输送泵 P-100", Category: biz.CategoryProduction, Model: "IH65-50-160", Maker: "南方泵业",
			AreaID: seedids.DemoAreaTank, Location: "泵房", ResponsibleUserID: director, ResponsibleName: "张主任", CommissionDate: biz.AddDays(now.In(timefmt.Zone).Format(timefmt.DateLayout), -4000),
			Lifecycle: biz.LifecycleScrapped, MaintainState: biz.MaintainGood, Enable: biz.EnableOff}
		fire := &biz.Equipment{Code: "FS-01", Name: "罐区消防喷淋泵 FS-01", Category: biz.CategorySafety, Model: "XBD8/40", Maker: "上海消防泵",
			AreaID: seedids.DemoAreaTank, Location: "甲类储罐区消防泵房", ResponsibleUserID: safety, ResponsibleName: "李安全", CommissionDate: biz.AddDays(now.In(timefmt.Zone).Format(timefmt.DateLayout), -1500),
			Lifecycle: biz.LifecycleInUse, MaintainState: biz.MaintainRepair, Enable: biz.EnableOff}
		for _, e := range []*biz.Equipment{old, fire} {
			if by[e.Code] != nil {
				continue
			}
			if err := c.Create(e).Error; err != nil {
				return err
			}
			by[e.Code] = e
		}

		// Service orders: P-101 reported, R-201 in repair, V-101 accepted.
		orders := []struct {
			o     biz.ServiceOrder
			steps []flowStep
		}{
			{biz.ServiceOrder{EquipmentID: by["P-101"].ID, EquipmentCode: "P-101", EquipmentName: by["P-101"].Name, ServiceType: 1,
				Description: "泵体振动偏大,出口压力波动", State: biz.ServiceReported, ReporterID: director, ReporterName: "张主任"}, nil},
			{biz.ServiceOrder{EquipmentID: by["R-201"].ID, EquipmentCode: "R-201", EquipmentName: by["R-201"].Name, ServiceType: 6,
				Description: "搅拌轴机械密封渗漏", State: biz.ServiceRepairing, ReporterID: director, ReporterName: "张主任", AssigneeID: safety, AssigneeName: "李安全"},
				[]flowStep{{"assign", 1, 2, ad, "安排设备管理部处理"}, {"start", 2, 3, li, "已停车置换,开始更换密封"}}},
			{biz.ServiceOrder{EquipmentID: by["V-101"].ID, EquipmentCode: "V-101", EquipmentName: by["V-101"].Name, ServiceType: 3,
				Description: "液位计显示跳变", State: biz.ServiceAccepted, ReporterID: director, ReporterName: "张主任", AssigneeID: safety, AssigneeName: "李安全",
				RepairContent: "更换液位变送器并校准", FinishTime: at(-3, "16:20")},
				[]flowStep{{"assign", 1, 2, ad, ""}, {"start", 2, 3, li, ""}, {"finish", 3, 4, li, "更换液位变送器并校准"}, {"accept", 4, 5, zh, "显示正常"}}},
		}
		for _, x := range orders {
			o := x.o
			if err := c.Create(&o).Error; err != nil {
				return err
			}
			if err := log(biz.FlowService, o.ID, "report", 0, biz.ServiceReported, zh, o.Description); err != nil {
				return err
			}
			for _, s := range x.steps {
				if err := log(biz.FlowService, o.ID, s.action, s.from, s.to, s.w, s.comment); err != nil {
					return err
				}
			}
		}
		if err := c.Model(&biz.Equipment{}).Where("id = ?", by["R-201"].ID).Update("maintain_state", biz.MaintainRepair).Error; err != nil {
			return err
		}

		// Requests: a pending disable of P-101, FS-01 disabled (approved)
		// with its recovery pending, P-100 scrapped (approved).
		reqs := []biz.Request{
			{Kind: biz.RequestDisable, EquipmentID: by["P-101"].ID, EquipmentCode: "P-101", EquipmentName: by["P-101"].Name, Category: biz.CategoryProduction,
				Reason: "备用泵 P-102 已投用,P-101 停用检修", Measures: "切换至 P-102,P-101 进出口阀门关闭挂牌", State: biz.RequestPending, RequesterID: director, RequesterName: "张主任"},
			{Kind: biz.RequestDisable, EquipmentID: fire.ID, EquipmentCode: "FS-01", EquipmentName: fire.Name, Category: biz.CategorySafety,
				Reason: "消防泵电机绝缘下降,需返厂维修", Measures: "启用移动消防泵并增加罐区巡检频次", State: biz.RequestApproved, RequesterID: safety, RequesterName: "李安全",
				ApproverID: admin, ApproverName: "管理员", ApproveTime: at(-6, "10:00"), Opinion: "同意,落实临时措施"},
			{Kind: biz.RequestRecover, EquipmentID: fire.ID, EquipmentCode: "FS-01", EquipmentName: fire.Name, Category: biz.CategorySafety,
				Reason: "电机维修完成,试运转正常", State: biz.RequestPending, RequesterID: safety, RequesterName: "李安全"},
			{Kind: biz.RequestScrap, EquipmentID: old.ID, EquipmentCode: "P-100", EquipmentName: old.Name, Category: biz.CategoryProduction,
				Reason: "泵壳腐蚀穿孔,已超设计使用年限", State: biz.RequestApproved, RequesterID: director, RequesterName: "张主任",
				ApproverID: admin, ApproverName: "管理员", ApproveTime: at(-30, "09:30"), Opinion: "同意报废"},
		}
		for i := range reqs {
			r := &reqs[i]
			if err := c.Create(r).Error; err != nil {
				return err
			}
			w := zh
			if r.RequesterID == safety {
				w = li
			}
			if err := log(biz.FlowRequest, r.ID, "submit", 0, biz.RequestPending, w, r.Reason); err != nil {
				return err
			}
			if r.State == biz.RequestApproved {
				if err := log(biz.FlowRequest, r.ID, "approve", biz.RequestPending, biz.RequestApproved, ad, r.Opinion); err != nil {
					return err
				}
			}
		}

		// Lockouts: R-201 shut down for its seal (resumption requested, all
		// points verified), P-101 shut down with one of three points verified.
		type step struct {
			point, energy, lock string
			verified            bool
		}
		locks := []struct {
			l     biz.Lockout
			steps []step
			log   [][2]int32
		}{
			{biz.Lockout{EquipmentID: by["R-201"].ID, EquipmentCode: "R-201", EquipmentName: by["R-201"].Name, Reason: "更换搅拌轴机械密封",
				State: biz.LockoutRequested, OwnerID: safety, OwnerName: "李安全"},
				[]step{{"搅拌电机配电柜 MCC-2-07", "电能", "L-0201", true}, {"进料阀 XV-2011", "物料/压力", "L-0202", true}, {"夹套蒸汽阀 XV-2015", "热能", "L-0203", true}},
				[][2]int32{{0, 1}, {1, 2}}},
			{biz.Lockout{EquipmentID: by["P-101"].ID, EquipmentCode: "P-101", EquipmentName: by["P-101"].Name, Reason: "泵体振动检查,拆检联轴器",
				State: biz.LockoutShutdown, OwnerID: director, OwnerName: "张主任"},
				[]step{{"电机电源开关 MCC-1-03", "电能", "L-0101", true}, {"入口阀 V-1011", "物料", "L-0102", false}, {"出口阀 V-1012", "物料/压力", "L-0103", false}},
				[][2]int32{{0, 1}}},
		}
		for _, x := range locks {
			l := x.l
			l.StepCount = int32(len(x.steps))
			for _, s := range x.steps {
				if s.verified {
					l.VerifiedCount++
				}
			}
			if err := c.Create(&l).Error; err != nil {
				return err
			}
			owner := who{l.OwnerID, l.OwnerName}
			for i, s := range x.steps {
				st := &biz.LockoutStep{LockoutID: l.ID, Seq: int32(i + 1), Point: s.point, Energy: s.energy, LockNo: s.lock, LockerID: l.OwnerID, LockerName: l.OwnerName}
				if s.verified {
					st.Verified, st.VerifierID, st.VerifierName, st.VerifyTime = 1, l.OwnerID, l.OwnerName, at(-1, "09:1"+strconv.Itoa(i))
				}
				if err := c.Create(st).Error; err != nil {
					return err
				}
			}
			for _, m := range x.log {
				action, comment := "shutdown", l.Reason
				if m[1] == biz.LockoutRequested {
					action, comment = "request", "隔离点已全部验证,申请恢复运行"
				}
				if err := log(biz.FlowLockout, l.ID, action, m[0], m[1], owner, comment); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
