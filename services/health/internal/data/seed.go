package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/health/internal/biz"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
)

// Seed gives the demo tenant three hazard posts with their factors on first
// start (an existing post means it ran): detections in time, overdue and
// never done; workers with their pre-employment and periodic examinations
// (one periodic examination overdue), a contraindication awaiting
// reassignment and a suspected disease with its diagnosis task. Days are
// relative to today.
func Seed(ctx context.Context, g *gorm.DB, now time.Time) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Post{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	today := biz.Day(now)
	day := func(d int) time.Time { return today.AddDate(0, 0, d) }
	dayp := func(d int) *time.Time { t := day(d); return &t }
	safety := seedids.DemoSafetyUser
	own := func(b *db.Base) { b.CreateUser, b.CreateDept = safety, seedids.DemoSafetyDept }
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		create := func(v any) error { return c.Create(v).Error }
		synth := &biz.Post{Name: "合成工", DeptID: seedids.DemoWorkshop1Dept, Location: "合成车间 T-101 合成塔", ManagerUserID: seedids.DemoDirectorUser,
			ManagerName: "张主任", Note: "接触苯、噪声"}
		tank := &biz.Post{Name: "罐区操作工", DeptID: seedids.DemoWorkshop2Dept, Location: "甲类储罐区", ManagerUserID: seedids.DemoDirectorUser,
			ManagerName: "张主任", Note: "装卸及脱水作业接触硫化氢、一氧化碳"}
		weld := &biz.Post{Name: "电焊工", DeptID: seedids.DemoEquipmentDept, Location: "设备检修车间", Note: "电焊作业"}
		for _, p := range []*biz.Post{synth, tank, weld} {
			own(&p.Base)
			if err := create(p); err != nil {
				return err
			}
		}
		benzene := &biz.Hazard{PostID: synth.ID, FactorClass: 2, FactorName: "苯", HarmDegree: 3, ExamRule: biz.RuleExamBenzene}
		noise := &biz.Hazard{PostID: synth.ID, FactorClass: 3, FactorName: "噪声", HarmDegree: 2}
		h2s := &biz.Hazard{PostID: tank.ID, FactorClass: 2, FactorName: "硫化氢", HarmDegree: 3, ExamRule: biz.RuleExamH2S}
		co := &biz.Hazard{PostID: tank.ID, FactorClass: 2, FactorName: "一氧化碳", HarmDegree: 2, ExamRule: biz.RuleExamCO}
		fume := &biz.Hazard{PostID: weld.ID, FactorClass: 1, FactorName: "电焊烟尘", HarmDegree: 2}
		uv := &biz.Hazard{PostID: weld.ID, FactorClass: 3, FactorName: "紫外辐射", HarmDegree: 1}
		for _, h := range []*biz.Hazard{benzene, noise, h2s, co, fume, uv} {
			own(&h.Base)
			if err := create(h); err != nil {
				return err
			}
		}
		agency := "江苏某职业卫生技术服务有限公司"
		detections := []*biz.Detection{
			{HazardID: benzene.ID, DetectedAt: day(-200), Agency: agency, Measured: "C-TWA 1.2 mg/m³ (限值 6)", Result: biz.ResultConform, Published: true, PublishedAt: dayp(-190)},
			{HazardID: noise.ID, DetectedAt: day(-400), Agency: agency, Measured: "LEX,8h 83 dB(A) (限值 85)", Result: biz.ResultConform, Published: true, PublishedAt: dayp(-390)},
			{HazardID: h2s.ID, DetectedAt: day(-100), Agency: agency, Measured: "MAC 3 mg/m³ (限值 10)", Result: biz.ResultConform},
			{HazardID: fume.ID, DetectedAt: day(-30), Agency: agency, Measured: "C-TWA 5.1 mg/m³ (限值 4)", Result: biz.ResultExceed, Published: true, PublishedAt: dayp(-25)},
			{HazardID: uv.ID, DetectedAt: day(-30), Agency: agency, Measured: "有效辐照度 0.2 μW/cm² (限值 0.24)", Result: biz.ResultConform, Published: true, PublishedAt: dayp(-25)},
		}
		for _, d := range detections {
			own(&d.Base)
			if err := create(d); err != nil {
				return err
			}
		}
		inst := "市职业病防治院"
		exams := []*biz.Exam{
			{UserID: seedids.DemoOperator1User, UserName: "王操作", ExamType: biz.ExamPre, ExamDate: day(-500), Institution: inst, FactorNames: "苯、噪声", Conclusion: biz.ConclusionNormal},
			{UserID: seedids.DemoOperator1User, UserName: "王操作", ExamType: biz.ExamPeriodic, ExamDate: day(-130), Institution: inst, FactorNames: "苯、噪声", Conclusion: biz.ConclusionNormal},
			{UserID: seedids.DemoOperator2User, UserName: "赵操作", ExamType: biz.ExamPre, ExamDate: day(-800), Institution: inst, FactorNames: "硫化氢、一氧化碳", Conclusion: biz.ConclusionNormal},
			{UserID: seedids.DemoOperator2User, UserName: "赵操作", ExamType: biz.ExamPeriodic, ExamDate: day(-10), Institution: inst, FactorNames: "硫化氢、一氧化碳",
				Conclusion: biz.ConclusionSuspected, ConclusionNote: "碳氧血红蛋白升高,疑似职业性慢性化学中毒"},
			{UserID: seedids.DemoWelderUser, UserName: "孙焊工", ExamType: biz.ExamPre, ExamDate: day(-700), Institution: inst, FactorNames: "电焊烟尘、紫外辐射", Conclusion: biz.ConclusionNormal},
			{UserID: seedids.DemoWelderUser, UserName: "孙焊工", ExamType: biz.ExamPeriodic, ExamDate: day(-380), Institution: inst, FactorNames: "电焊烟尘、紫外辐射", Conclusion: biz.ConclusionNormal},
			{UserID: seedids.DemoWelderUser, UserName: "孙焊工", ExamType: biz.ExamEmergency, ExamDate: day(-5), Institution: inst, FactorNames: "电焊烟尘",
				Conclusion: biz.ConclusionContraindication, ConclusionNote: "活动性肺结核,为电焊烟尘作业职业禁忌证", NeedsReassign: true},
		}
		for _, e := range exams {
			own(&e.Base)
			if err := create(e); err != nil {
				return err
			}
		}
		diag := &biz.Diagnosis{ExamID: exams[3].ID, UserID: seedids.DemoOperator2User, UserName: "赵操作", State: biz.DiagPending}
		own(&diag.Base)
		if err := create(diag); err != nil {
			return err
		}
		if err := c.Model(exams[3]).Update("diagnosis_id", diag.ID).Error; err != nil {
			return err
		}
		assignments := []*biz.Assignment{
			{UserID: seedids.DemoOperator1User, UserName: "王操作", PostID: synth.ID, StartDate: day(-495)},
			{UserID: seedids.DemoOperator2User, UserName: "赵操作", PostID: tank.ID, StartDate: day(-795)},
			{UserID: seedids.DemoWelderUser, UserName: "孙焊工", PostID: weld.ID, StartDate: day(-695)},
		}
		for _, a := range assignments {
			own(&a.Base)
			if err := create(a); err != nil {
				return err
			}
		}
		return nil
	})
}
