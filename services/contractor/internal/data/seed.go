package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/contractor/internal/biz"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/kit/timefmt"
)

// idCard completes 17 digits with their check character (GB 11643-1999).
func idCard(first17 string) string {
	weights := []int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for i := 0; i < 17; i++ {
		sum += int(first17[i]-'0') * weights[i]
	}
	return first17 + string("10X98765432"[sum%11])
}

// Seed gives the demo tenant three contractor companies (one admitted, one
// waiting for review, one blacklisted) and their people, once (skipped when
// the tenant has any company). contractor1 works for the admitted company
// and passed the entry exam two weeks ago; 吴司索 has no account yet.
func Seed(ctx context.Context, g *gorm.DB, now time.Time) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := db.Conn(ctx, g).Model(&biz.Company{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	day := now.In(timefmt.Zone)
	date := func(years, days int) *time.Time {
		t := time.Date(day.Year()+years, day.Month(), day.Day(), 23, 59, 59, 0, timefmt.Zone).AddDate(0, 0, days)
		return &t
	}
	reviewed := now.AddDate(0, 0, -20)
	trainedAt := now.AddDate(0, 0, -15)
	trainedUntil := trainedAt.Add(biz.TrainingValid)
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		admitted := biz.Company{Name: "苏州宏达起重安装工程有限公司", CreditCode: "91320505MA1X8Y2K3L", Category: 2, Risk: 3, Contact: "周经理", Phone: "0512-65880123",
			Qualification: "起重设备安装工程专业承包三级", QualificationNo: "D332051234", QualificationExpire: date(1, 0), AgreementExpire: date(0, 180),
			Admission: biz.AdmissionAdmitted, ReviewComment: "资质、安全协议齐全,同意准入", ReviewerName: "李安全", ReviewTime: &reviewed}
		pending := biz.Company{Name: "江苏安泰防腐工程有限公司", CreditCode: "91320583MA20K7PQ5N", Category: 3, Risk: 1, Contact: "钱工", Phone: "13800000001",
			Qualification: "防水防腐保温工程专业承包二级", QualificationNo: "D232056789", QualificationExpire: date(2, 0), AgreementExpire: date(1, 0)}
		banned := biz.Company{Name: "昆山顺发劳务服务有限公司", CreditCode: "91320583MA1MXN8T4U", Category: 5, Risk: 2, Contact: "孙老板", Phone: "13800000002",
			QualificationExpire: date(0, 90), AgreementExpire: date(0, -30), Admission: biz.AdmissionExited, Blacklisted: true, BlacklistReason: "2026年作业中违章动火,发生未遂事件"}
		for _, x := range []*biz.Company{&admitted, &pending, &banned} {
			if err := c.Create(x).Error; err != nil {
				return err
			}
		}
		people := []biz.Person{
			{CompanyID: admitted.ID, CompanyName: admitted.Name, Name: "周承包", IDCard: idCard("32050219870506123"), Phone: "13900000007",
				UserID: seedids.DemoContractor1User, UserName: "周承包", WorkType: "起重作业", CertificateNo: "TS3205-Q2-0087", CertificateExpire: date(0, 20),
				Trained: true, TrainedTime: &trainedAt, TrainExpire: &trainedUntil, ExamCertNo: "AQPX-" + trainedAt.In(timefmt.Zone).Format("20060102") + "-1"},
			{CompanyID: admitted.ID, CompanyName: admitted.Name, Name: "吴司索", IDCard: idCard("32050219900312234"), Phone: "13900000008", WorkType: "司索指挥"},
			{CompanyID: pending.ID, CompanyName: pending.Name, Name: "钱防腐", IDCard: idCard("32058319851120345"), Phone: "13900000009", WorkType: "防腐作业"},
			{CompanyID: banned.ID, CompanyName: banned.Name, Name: "郑临时", IDCard: idCard("32058319920101456"), Phone: "13900000010", WorkType: "普工",
				Blacklisted: true, BlacklistReason: "无证进入动火作业区域"},
		}
		for i := range people {
			if err := c.Create(&people[i]).Error; err != nil {
				return err
			}
		}
		entries := []biz.Blacklist{
			{Kind: biz.KindCompany, TargetID: banned.ID, TargetName: banned.Name, IDNo: banned.CreditCode, Reason: banned.BlacklistReason, OperatorName: "李安全"},
			{Kind: biz.KindPerson, TargetID: people[3].ID, TargetName: people[3].Name, IDNo: biz.MaskIDCard(people[3].IDCard), Reason: people[3].BlacklistReason, OperatorName: "李安全"},
		}
		return c.Create(&entries).Error
	})
}
