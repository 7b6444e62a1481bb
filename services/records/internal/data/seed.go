package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/kit/timefmt"
	"anquan/records/internal/biz"
)

// Seed gives the demo tenant a chemical ledger (methanol, liquid ammonia,
// hydrogen, chlorine, sulphuric acid) with stock in its storage areas,
// and documents of every kind: published ones with readers who confirmed
// and who did not, a superseded version and a draft. It runs once (an
// existing chemical means it ran); times are relative to now.
func Seed(ctx context.Context, g *gorm.DB, now time.Time) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Chemical{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	now = now.In(timefmt.Zone).Truncate(time.Minute)
	safety := seedids.DemoSafetyUser
	stamp := func(b *db.Base, days int) {
		t := now.AddDate(0, 0, days)
		b.CreateUser, b.CreateDept, b.CreateTime, b.UpdateTime = safety, seedids.DemoSafetyDept, t, t
	}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		methanol := &biz.Chemical{Name: "甲醇", Alias: "木醇;木精", Cas: "67-56-1", UnNumber: "1230", Category: 2, StorageMethod: 1, ChemicalType: 1,
			HazardousEffect: 1, MaterialState: 2, Unit: 1, GhsClasses: "FLL,ATO,STS", KeySupervised: true, CriticalQuantity: 500,
			DeptID:             seedids.DemoWorkshop2Dept,
			MsdsIdentification: "化学品中文名:甲醇;英文名:methanol;推荐用途:合成原料、溶剂。", MsdsHazards: "高度易燃液体和蒸气;吞咽、皮肤接触或吸入会中毒;对视神经有损害。",
			MsdsComposition: "纯品,甲醇 ≥ 99.5%。", MsdsFirstAid: "吸入:迅速脱离现场至空气新鲜处;食入:饮足量温水,催吐,就医。",
			MsdsFireFighting: "抗溶性泡沫、干粉、二氧化碳、砂土灭火;用水灭火无效。", MsdsAccidentalRelease: "消除所有点火源,围堤收容,用泡沫覆盖降低蒸气灾害。",
			MsdsHandlingStorage: "储存于阴凉、通风的库房,远离火种、热源;库温不宜超过 37℃。", MsdsExposureControl: "PC-TWA 25 mg/m³,PC-STEL 50 mg/m³;佩戴过滤式防毒面具。",
			MsdsPhysicalChemical: "无色透明液体,沸点 64.8℃,闪点 11℃,爆炸极限 5.5%-44%。", MsdsStabilityReactivity: "稳定;禁配物:酸类、酸酐、强氧化剂、碱金属。",
			MsdsToxicology: "LD50 5628 mg/kg(大鼠经口)。", MsdsEcology: "对水生生物有害。", MsdsDisposal: "焚烧法处置。", MsdsTransport: "UN 1230,3 类,包装类别 II。",
			MsdsRegulatory: "列入《危险化学品目录(2015版)》及重点监管的危险化学品名录。", MsdsOther: "编制日期按供应商 SDS。"}
		ammonia := &biz.Chemical{Name: "液氨", Alias: "氨", Cas: "7664-41-7", UnNumber: "1005", Category: 1, StorageMethod: 1, ChemicalType: 1,
			HazardousEffect: 3, MaterialState: 3, Unit: 1, GhsClasses: "FLG,PRG,ATO,SKC,EYE,AQU", KeySupervised: true, CriticalQuantity: 10,
			DeptID: seedids.DemoWorkshop1Dept, MsdsHazards: "易燃气体;内装加压气体,遇热可能爆炸;吸入致命;造成严重皮肤灼伤和眼损伤。",
			MsdsFirstAid: "皮肤接触:立即用大量水冲洗至少 15 分钟;吸入:脱离现场,必要时输氧。"}
		hydrogen := &biz.Chemical{Name: "氢气", Cas: "1333-74-0", UnNumber: "1049", Category: 1, StorageMethod: 4, ChemicalType: 2, HazardousEffect: 2,
			MaterialState: 3, Unit: 1, GhsClasses: "FLG,PRG", KeySupervised: true, CriticalQuantity: 5, DeptID: seedids.DemoWorkshop1Dept,
			MsdsHazards: "极易燃气体;内装加压气体,遇热可能爆炸。"}
		chlorine := &biz.Chemical{Name: "氯", Alias: "液氯", Cas: "7782-50-5", UnNumber: "1017", Category: 1, StorageMethod: 4, ChemicalType: 5,
			HazardousEffect: 3, MaterialState: 3, Unit: 1, GhsClasses: "OXG,PRG,ATO,SKC,EYE,STS,AQU", HighlyToxic: true, KeySupervised: true,
			CriticalQuantity: 5, DeptID: seedids.DemoProductionDept, MsdsHazards: "剧毒;可引起燃烧或加剧燃烧;吸入致命。"}
		acid := &biz.Chemical{Name: "硫酸", Cas: "7664-93-9", UnNumber: "1830", Category: 7, StorageMethod: 1, ChemicalType: 5, HazardousEffect: 4,
			MaterialState: 2, Unit: 1, GhsClasses: "SKC,EYE", DrugPrecursor: true, DeptID: seedids.DemoWorkshop2Dept,
			MsdsHazards: "造成严重皮肤灼伤和眼损伤;列入易制毒化学品第三类。"}
		for i, ch := range []*biz.Chemical{methanol, ammonia, hydrogen, chlorine, acid} {
			stamp(&ch.Base, -60+i)
			if err := c.Create(ch).Error; err != nil {
				return err
			}
		}
		stocks := []*biz.Stock{
			{ChemicalID: methanol.ID, Location: "甲类储罐区 V-101", Quantity: 320, MaxQuantity: 400, Unit: 1},
			{ChemicalID: methanol.ID, Location: "甲类储罐区 V-102", Quantity: 180, MaxQuantity: 400, Unit: 1},
			{ChemicalID: ammonia.ID, Location: "合成装置区 液氨球罐 T-201", Quantity: 8, MaxQuantity: 12, Unit: 1},
			{ChemicalID: hydrogen.ID, Location: "合成装置区 氢气缓冲罐", Quantity: 0.6, Unit: 1},
			{ChemicalID: chlorine.ID, Location: "危化品仓库 钢瓶间", Quantity: 2, MaxQuantity: 3, Unit: 1},
			{ChemicalID: acid.ID, Location: "危化品仓库 酸库", Quantity: 25, MaxQuantity: 40, Unit: 1},
		}
		for _, st := range stocks {
			stamp(&st.Base, -30)
			if err := c.Create(st).Error; err != nil {
				return err
			}
		}
		at := func(days int) *time.Time { t := now.AddDate(0, 0, days); return &t }
		doc := func(d *biz.Document, days int) *biz.Document { stamp(&d.Base, days); return d }
		org := doc(&biz.Document{Kind: biz.KindEnterprise, Title: "关于调整安全生产委员会及安全管理机构的通知", DocNo: "AQ-ZZ-2026-01", Version: 1,
			DeptID: seedids.DemoSafetyDept, Content: "安全生产委员会主任由总经理担任;安全环保部为安全生产管理机构,配备专职安全管理人员 4 名。",
			State: biz.StatePublished, PublishedAt: at(-40), PublisherName: "李安全"}, -45)
		check := doc(&biz.Document{Kind: biz.KindEnterpriseCheck, Title: "2026 年第三季度安全管理机构履职检查", DocNo: "AQ-JC-2026-03", Version: 1,
			DeptID: seedids.DemoSafetyDept, Content: "检查安委会会议记录、专职安全管理人员配备及持证情况;发现问题 2 项,已下达整改。", State: biz.StateDraft}, -5)
		dutyOld := doc(&biz.Document{Kind: biz.KindDutySystem, Title: "车间主任安全生产责任制", DocNo: "AQ-ZR-012", Version: 1, Post: "车间主任",
			DeptID: seedids.DemoWorkshop1Dept, Content: "对本车间安全生产工作全面负责。", State: biz.StateSuperseded, PublishedAt: at(-400), PublisherName: "李安全"}, -410)
		duty := doc(&biz.Document{Kind: biz.KindDutySystem, Title: "车间主任安全生产责任制", DocNo: "AQ-ZR-012", Version: 2, Post: "车间主任",
			DeptID: seedids.DemoWorkshop1Dept, Content: "对本车间安全生产工作全面负责;组织本车间风险辨识与隐患排查;审批车间级作业票。",
			ReviseNote: "按 GB 45673-2025 补充风险辨识和作业票职责", State: biz.StatePublished, PublishedAt: at(-20), PublisherName: "李安全"}, -25)
		rules := doc(&biz.Document{Kind: biz.KindEnterpriseSystem, Title: "特殊作业安全管理制度", DocNo: "AQ-ZD-007", Version: 1,
			DeptID: seedids.DemoSafetyDept, Content: "依据 GB 30871-2022 规定动火、受限空间等八类特殊作业的审批、监护和验收要求。",
			State: biz.StatePublished, PublishedAt: at(-10), PublisherName: "李安全"}, -12)
		proc := doc(&biz.Document{Kind: biz.KindProcedure, Title: "甲醇装卸安全操作规程", DocNo: "CZ-GQ-003", Version: 1,
			DeptID: seedids.DemoWorkshop2Dept, Content: "装卸前检查静电接地;流速不超过 3 m/s;装卸过程中操作人员不得离开现场。",
			State: biz.StatePublished, PublishedAt: at(-3), PublisherName: "李安全"}, -4)
		for _, d := range []*biz.Document{org, check, dutyOld, duty, rules, proc} {
			if err := c.Create(d).Error; err != nil {
				return err
			}
		}
		for _, d := range []*biz.Document{org, check, dutyOld, rules, proc} {
			if err := c.Model(d).Update("root_id", d.ID).Error; err != nil {
				return err
			}
		}
		if err := c.Model(duty).Update("root_id", dutyOld.ID).Error; err != nil {
			return err
		}
		readers := []*biz.Reader{
			{DocumentID: org.ID, UserID: seedids.DemoDirectorUser, UserName: "张主任", Confirmed: true, ConfirmedAt: at(-39)},
			{DocumentID: dutyOld.ID, UserID: seedids.DemoDirectorUser, UserName: "张主任", Confirmed: true, ConfirmedAt: at(-399)},
			{DocumentID: duty.ID, UserID: seedids.DemoDirectorUser, UserName: "张主任"},
			{DocumentID: rules.ID, UserID: seedids.DemoDirectorUser, UserName: "张主任", Confirmed: true, ConfirmedAt: at(-9)},
			{DocumentID: rules.ID, UserID: seedids.DemoOperator1User, UserName: "王操作"},
			{DocumentID: proc.ID, UserID: seedids.DemoOperator1User, UserName: "王操作", Confirmed: true, ConfirmedAt: at(-2)},
			{DocumentID: proc.ID, UserID: seedids.DemoOperator2User, UserName: "赵操作"},
		}
		for _, r := range readers {
			stamp(&r.Base, -1)
			if err := c.Create(r).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
