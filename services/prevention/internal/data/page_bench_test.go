package data

import (
	"testing"

	"anquan/kit/paging"
	"anquan/prevention/internal/biz"
)

// BenchmarkHazardPage: pages 1-50 of 100,000 hazards (the data part of the
// hidden-danger page figure of scripts/bench).
func BenchmarkHazardPage(b *testing.B) {
	g := openDB(b)
	uc, _ := newUC(g, at("2026-11-21 10:30:00"))
	ctx := inTenant()
	var hs []biz.Hazard
	for i := 0; i < 100000; i++ {
		d := at("2026-11-25 00:00:00")
		hs = append(hs, biz.Hazard{DangerName: "基准隐患", DangerDesc: "基准测试隐患描述", ReportTime: at("2026-11-20 09:00:00"), Deadline: &d, DangerState: int32(i % 3), DangerSrc: 1, LiableUserName: "管理员", UnitName: "基准单元"})
	}
	if err := g.WithContext(ctx).CreateInBatches(hs, 100).Error; err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := uc.Q.HazardPage(ctx, paging.Query{Current: i%50 + 1, Size: 10}); err != nil {
			b.Fatal(err)
		}
	}
}
