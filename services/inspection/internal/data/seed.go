package data

import (
	"context"
	"encoding/json"

	"gorm.io/gorm"

	"anquan/inspection/internal/biz"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
)

func f(v float64) *float64 { return &v }

// Seed gives the demo tenant points on its tank farm and synthesis unit and
// two plans (the tank farm daily by operator1, the synthesis unit per
// 8-hour shift by the director) on first start (an existing point means it
// ran); the scheduler makes their tasks.
func Seed(ctx context.Context, g *gorm.DB) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Point{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	choice := func(names ...string) []biz.CheckItem {
		var out []biz.CheckItem
		for _, n := range names {
			out = append(out, biz.CheckItem{Name: n, Kind: biz.ItemChoice})
		}
		return out
	}
	type pt struct {
		code, name, loc string
		area            int64
		items           []biz.CheckItem
	}
	pts := []pt{
		{"XJ-TK-01", "V-101 甲醇储罐", "甲类储罐区东侧", seedids.DemoAreaTank, append(choice("罐体有无泄漏", "呼吸阀、阻火器完好"),
			biz.CheckItem{Name: "液位", Kind: biz.ItemNumber, Min: f(10), Max: f(85), Unit: "%"})},
		{"XJ-TK-02", "罐区防火堤", "甲类储罐区", seedids.DemoAreaTank, choice("防火堤无破损、排水阀关闭", "消防通道畅通")},
		{"XJ-TK-03", "P-101 甲醇输送泵", "泵房", seedids.DemoAreaTank, append(choice("机械密封无泄漏"),
			biz.CheckItem{Name: "出口压力", Kind: biz.ItemNumber, Min: f(0.3), Max: f(1.6), Unit: "MPa"},
			biz.CheckItem{Name: "轴承温度", Kind: biz.ItemNumber, Max: f(75), Unit: "℃"})},
		{"XJ-SY-01", "R-201 加氢反应釜", "合成装置区二层", seedids.DemoAreaSynthesis, append(choice("搅拌运行平稳无异响", "安全阀铅封完好"),
			biz.CheckItem{Name: "釜内压力", Kind: biz.ItemNumber, Max: f(2.0), Unit: "MPa"},
			biz.CheckItem{Name: "釜内温度", Kind: biz.ItemNumber, Min: f(60), Max: f(120), Unit: "℃"})},
		{"XJ-SY-02", "合成区可燃气体报警器", "合成装置区", seedids.DemoAreaSynthesis, choice("指示灯正常、无报警", "探头防护罩完好")},
	}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		var ids []int64
		for _, p := range pts {
			raw, err := json.Marshal(p.items)
			if err != nil {
				return err
			}
			row := &biz.Point{Code: p.code, Name: p.name, PointType: biz.PointArea, AreaID: p.area, Location: p.loc, Items: string(raw)}
			if err := c.Create(row).Error; err != nil {
				return err
			}
			ids = append(ids, row.ID)
		}
		plans := []*biz.Plan{
			{Name: "罐区日常巡检", PointIDs: ident.JoinIDs(ids[:3]), InspectorUserID: seedids.DemoOperator1User, InspectorName: "王操作", CycleHours: 24, Enable: 1},
			{Name: "合成装置区班检", PointIDs: ident.JoinIDs(ids[3:]), InspectorUserID: seedids.DemoDirectorUser, InspectorName: "张主任", CycleHours: 8, Enable: 1},
		}
		for _, p := range plans {
			if err := c.Create(p).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
