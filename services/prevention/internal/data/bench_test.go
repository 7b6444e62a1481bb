package data

import (
	"testing"
	"time"

	"anquan/prevention/internal/biz"
)

// BenchmarkGenerateDay: one day of tasks for 10,000 plans on hourly to
// yearly cycles (the figure scripts/bench reports through the gateway).
func BenchmarkGenerateDay(b *testing.B) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g := openDB(b)
		now := at("2026-11-21 10:30:00")
		uc, _ := newUC(g, now)
		ctx := inTenant()
		cycles := []struct {
			n, unit int32
			per1000 int
		}{{1, 1, 100}, {2, 1, 100}, {8, 1, 100}, {1, 2, 300}, {7, 2, 100}, {1, 3, 200}, {1, 4, 100}}
		var plans []biz.CheckPlan
		for _, c := range cycles {
			for k := 0; k < 10*c.per1000; k++ {
				plans = append(plans, biz.CheckPlan{MeasureID: 1, UnitID: 1, UnitName: "u", Name: "基准排查任务", TroubleshootContent: "检查运行参数",
					CheckCycle: c.n, CheckCycleUnit: c.unit, DutyType: 1, PostID: 3, PostName: "操作工", StartTime: at("2026-11-22 00:00:00"), Enabled: 1})
			}
		}
		if err := g.WithContext(ctx).CreateInBatches(plans, 200).Error; err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		t0 := time.Now()
		res, err := uc.Generate(ctx, at("2026-11-22 23:59:59"))
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("plans %d created %d in %v", res.Plans, res.Created, time.Since(t0))
	}
}
