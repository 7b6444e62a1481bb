package data

import (
	"context"
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
	if err := g.WithContext(ctx).Model(&biz.Rule{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
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
