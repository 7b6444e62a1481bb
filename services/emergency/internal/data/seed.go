package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/emergency/internal/biz"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/kit/timefmt"
)

// Seed gives the demo tenant (a chemical plant) its rule, plans, supplies,
// teams and drills on first start (an existing plan means it ran). Dates
// are relative to now so deadlines and statuses stay alive.
func Seed(ctx context.Context, g *gorm.DB, now time.Time) (err error) {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	if err := seedDuties(ctx, g, now); err != nil {
		return err
	}
	defer func() {
		if err == nil {
			err = seedIncidents(ctx, g, now)
		}
	}()
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Plan{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	y, m, d := now.In(timefmt.Zone).Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, timefmt.Zone)
	at := func(days int) *time.Time { t := today.AddDate(0, 0, days); return &t }
	safety := seedids.DemoSafetyUser
	cal := biz.Calendar{}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		if err := c.Create(&biz.Rule{Code: biz.RuleHazchemUnit, Value: 1, Version: 1,
			Source: "本公司为危险化学品生产、储存单位 (《生产安全事故应急条例》第八条)"}).Error; err != nil {
			return err
		}
		pub := at(-200)
		pub2 := at(-30)
		filed := at(-190)
		plans := []*biz.Plan{
			{Code: "YA-ZH-001", Name: "生产安全事故综合应急预案", PlanType: biz.PlanGeneral, Version: 1, State: biz.PlanPublished,
				Content: "1 总则\n2 应急组织机构及职责\n3 应急响应\n4 后期处置\n5 应急保障", ResponsibleUserID: safety, ReviewWay: 1,
				Reviewers: "王专家(化工工艺)、刘专家(应急救援)、陈专家(安全管理)", ReviewOpinion: "预案结构完整,同意发布", ReviewDate: at(-210),
				PublishDate: pub, FilingDue: ptr(cal.AddWorkdays(*pub, 20)), FiledDate: filed, EvaluationDue: ptr(pub.AddDate(3, 0, 0))},
			{Code: "YA-ZX-002", Name: "危险化学品泄漏专项应急预案", PlanType: biz.PlanSpecial, Version: 1, State: biz.PlanPublished,
				Content: "甲醇、甲苯储罐泄漏的处置程序:报警、切断、堵漏、围堵、洗消。", ResponsibleUserID: safety, ReviewWay: 1,
				Reviewers: "王专家(化工工艺)、赵专家(消防)", ReviewOpinion: "同意发布,补充围堰容积核算", ReviewDate: at(-40),
				PublishDate: pub2, FilingDue: ptr(cal.AddWorkdays(*pub2, 20)), EvaluationDue: ptr(pub2.AddDate(3, 0, 0))},
			{Code: "YA-XC-003", Name: "罐区火灾现场处置方案", PlanType: biz.PlanOnSite, Version: 1, State: biz.PlanDraft,
				Content: "罐区火灾初期处置、冷却、疏散。", ResponseCards: "班长:确认火情、报警、启动喷淋\n操作工:关闭进出料阀门\n安全员:组织疏散、清点人数",
				ResponsibleUserID: safety},
		}
		for _, p := range plans {
			if err := c.Create(p).Error; err != nil {
				return err
			}
			if err := c.Model(p).Update("root_id", p.ID).Error; err != nil {
				return err
			}
		}
		supplies := []*biz.Supply{
			{Name: "正压式空气呼吸器", Category: 1, Model: "RHZK-6.8", Warehouse: "应急物资库 A", Quantity: 6, MinStock: 4, Unit: "套",
				CheckCycleDays: 30, LastCheckDate: at(-10), ResponsibleUserID: safety},
			{Name: "重型防化服", Category: 1, Model: "一级", Warehouse: "应急物资库 A", Quantity: 2, MinStock: 4, Unit: "套",
				CheckCycleDays: 90, LastCheckDate: at(-20), ResponsibleUserID: safety, Remark: "库存不足,已提采购"},
			{Name: "便携式四合一气体检测仪", Category: 2, Model: "MX4", Warehouse: "中控室", Quantity: 4, MinStock: 2, Unit: "台",
				CheckCycleDays: 180, LastCheckDate: at(-30), ExpiryDate: at(300), ResponsibleUserID: safety},
			{Name: "干粉灭火器", Category: 4, Model: "MFZ/ABC8", Warehouse: "罐区消防柜", Quantity: 40, MinStock: 30, Unit: "具",
				CheckCycleDays: 30, LastCheckDate: at(-45), ExpiryDate: at(400), ResponsibleUserID: safety},
			{Name: "吸附棉", Category: 9, Warehouse: "应急物资库 A", Quantity: 50, MinStock: 20, Unit: "kg", ExpiryDate: at(-5), ResponsibleUserID: safety},
			{Name: "木楔堵漏工具", Category: 8, Warehouse: "应急物资库 A", Quantity: 2, MinStock: 1, Unit: "套", Scrapped: true, Remark: "已损坏报废"},
		}
		for _, s := range supplies {
			if err := c.Create(s).Error; err != nil {
				return err
			}
		}
		teams := []*biz.Team{
			{Name: "企业专职消防队", TeamType: 1, LeaderName: "周队长", Phone: "0551-6000119", ResponsibleUserID: safety, Duty: "火灾扑救、泄漏处置、人员搜救"},
			{Name: "合成车间兼职应急小组", TeamType: 2, LeaderName: "张主任", Phone: "0551-6000203", Duty: "车间初期事故处置、工艺处置"},
		}
		for _, t := range teams {
			if err := c.Create(t).Error; err != nil {
				return err
			}
		}
		members := []*biz.Member{
			{TeamID: teams[0].ID, Name: "周队长", Phone: "13800000101", Role: "队长", Skills: "灭火救援指挥"},
			{TeamID: teams[0].ID, Name: "吴队员", Phone: "13800000102", Role: "队员", Skills: "堵漏、破拆"},
			{TeamID: teams[0].ID, Name: "郑队员", Phone: "13800000103", Role: "医疗救护", Skills: "心肺复苏、现场急救"},
			{TeamID: teams[1].ID, Name: "张主任", Phone: "13800000201", Role: "组长", Skills: "工艺处置"},
			{TeamID: teams[1].ID, Name: "王操作", Phone: "13800000202", Role: "组员", Skills: "紧急停车"},
		}
		for _, mm := range members {
			if err := c.Create(mm).Error; err != nil {
				return err
			}
		}
		drills := []*biz.Drill{
			{Name: "甲醇储罐泄漏实战演练", PlanID: plans[1].ID, Way: 4, State: biz.DrillComplete, PlannedDate: at(-12), ActualDate: at(-10),
				Place: "甲类储罐区", Scenario: "V-101 罐根法兰泄漏,可燃气体报警", TeamID: teams[0].ID, Participants: 18, ResponsibleUserID: safety,
				Record: "09:00 报警;09:03 启动预案;09:10 堵漏完成;09:30 洗消结束", EvaluationGrade: 2,
				Evaluation: "响应及时,分工明确;通讯不畅,围堰排水阀开启慢。", Rectifications: "", ReportedToAuthority: true},
			{Name: "综合应急预案桌面推演", PlanID: plans[0].ID, Way: 2, State: biz.DrillDefault, PlannedDate: at(15), Place: "三楼会议室",
				Scenario: "合成装置火灾引发周边储罐受热", TeamID: teams[0].ID, Participants: 12, ResponsibleUserID: safety},
		}
		for _, dr := range drills {
			if err := c.Create(dr).Error; err != nil {
				return err
			}
		}
		return nil
	})
}

func ptr(t time.Time) *time.Time { return &t }

// seedDuties gives the demo tenant this week's duty rosters (from today) on
// the first start with the duty module: a department on a day shift, a
// department around the clock and a post on night shifts.
func seedDuties(ctx context.Context, g *gorm.DB, now time.Time) error {
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Duty{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	y, m, d := now.In(timefmt.Zone).Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, timefmt.Zone)
	week := today.AddDate(0, 0, 6)
	type who struct {
		id     int64
		name   string
		phone  string
		leader bool
	}
	rosters := []struct {
		duty   biz.Duty
		people []who
	}{
		{biz.Duty{DutyType: biz.DutyDept, OrgID: seedids.DemoSafetyDept, OrgName: "安全环保部", ShiftName: "白班", ShiftStart: "08:00", ShiftEnd: "20:00",
			LeaderUserID: seedids.DemoSafetyUser, LeaderName: "李安全", Phone: "0551-6000110", PersonNames: "王操作"},
			[]who{{seedids.DemoSafetyUser, "李安全", "13800000001", true}, {seedids.DemoOperator1User, "王操作", "13800000202", false}}},
		{biz.Duty{DutyType: biz.DutyDept, OrgID: seedids.DemoProductionDept, OrgName: "生产运行部", ShiftName: "全天", ShiftStart: "00:00", ShiftEnd: "00:00",
			LeaderUserID: seedids.DemoDirectorUser, LeaderName: "张主任", Phone: "0551-6000120", PersonNames: "孙焊工", Remark: "中控室 24 小时值守"},
			[]who{{seedids.DemoDirectorUser, "张主任", "13800000201", true}, {seedids.DemoWelderUser, "孙焊工", "13800000206", false}}},
		{biz.Duty{DutyType: biz.DutyPost, OrgID: seedids.DemoOperatorPost, OrgName: "操作工", ShiftName: "夜班", ShiftStart: "20:00", ShiftEnd: "08:00",
			Phone: "0551-6000130", PersonNames: "赵操作"},
			[]who{{seedids.DemoOperator2User, "赵操作", "13800000205", false}}},
	}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		for _, r := range rosters {
			dd := r.duty
			dd.StartDate, dd.EndDate = today, week
			if err := c.Create(&dd).Error; err != nil {
				return err
			}
			for _, p := range r.people {
				if err := c.Create(&biz.DutyPerson{DutyID: dd.ID, UserID: p.id, UserName: p.name, Phone: p.phone, Leader: p.leader,
					StartDate: today, EndDate: week}).Error; err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// seedIncidents gives the demo tenant an ended incident of its leak plan
// with its action log and notified people, on the first start with the
// launch module (after the plans exist).
func seedIncidents(ctx context.Context, g *gorm.DB, now time.Time) error {
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Incident{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	var plan biz.Plan
	if err := g.WithContext(ctx).Where("code = ? AND state = ?", "YA-ZX-002", biz.PlanPublished).Limit(1).Find(&plan).Error; err != nil || plan.ID == 0 {
		return err
	}
	var team biz.Team
	if err := g.WithContext(ctx).Where("name = ?", "企业专职消防队").Limit(1).Find(&team).Error; err != nil {
		return err
	}
	start := now.Add(-72 * time.Hour).Truncate(time.Minute)
	end := start.Add(95 * time.Minute)
	at := func(m int) time.Time { return start.Add(time.Duration(m) * time.Minute) }
	safety := seedids.DemoSafetyUser
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		inc := &biz.Incident{PlanID: plan.ID, PlanName: plan.Name, TeamID: team.ID, TeamName: team.Name, Level: 3, Place: "甲类储罐区 V-102 罐",
			Description: "V-102 甲苯储罐出料阀法兰渗漏,可燃气体报警器二级报警,无人员受伤。", State: biz.IncidentClosed, StartTime: start, EndTime: &end,
			Summary: "堵漏完成,围堰内泄漏物已回收,现场可燃气体浓度恢复正常。法兰垫片老化,已列入设备检修计划。", CommanderUserID: safety, CommanderName: "李安全"}
		if err := c.Create(inc).Error; err != nil {
			return err
		}
		for _, a := range []biz.IncidentAction{
			{ActTime: at(0), Content: "依据预案「" + plan.Name + "」启动三级响应,站内通知 1 人,电话通知 3 人"},
			{ActTime: at(3), Content: "中控室远程关闭 V-102 出料切断阀,启动罐区喷淋"},
			{ActTime: at(10), Content: "消防队到场,设置警戒区,佩戴正压式空气呼吸器进入堵漏"},
			{ActTime: at(40), Content: "堵漏完成,开始回收围堰内泄漏物"},
			{ActTime: at(95), Content: "结束应急响应"},
		} {
			a.IncidentID, a.UserID, a.UserName = inc.ID, safety, "李安全"
			if err := c.Create(&a).Error; err != nil {
				return err
			}
		}
		for _, nn := range []biz.IncidentNotice{
			{UserID: safety, Name: "李安全", Role: "预案负责人", Channel: biz.NoticeDesk},
			{Name: "周队长", Phone: "13800000101", Role: "队员 队长", Channel: biz.NoticePhone},
			{Name: "吴队员", Phone: "13800000102", Role: "队员 队员", Channel: biz.NoticePhone},
			{Name: "郑队员", Phone: "13800000103", Role: "队员 医疗救护", Channel: biz.NoticePhone},
		} {
			nn.IncidentID = inc.ID
			if err := c.Create(&nn).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
