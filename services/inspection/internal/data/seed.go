package data

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"gorm.io/gorm"

	"anquan/inspection/internal/biz"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/kit/timefmt"
)

func f(v float64) *float64 { return &v }

// Seed gives the demo tenant points on its tank farm and synthesis unit and
// two plans (the tank farm daily by operator1 for 罐区, the synthesis unit
// per 8-hour shift by the director for 合成车间) on first start (an existing
// point means it ran); the scheduler makes today's tasks. Then the history.
func Seed(ctx context.Context, g *gorm.DB) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	if err := seedPlans(ctx, g); err != nil {
		return err
	}
	return seedHistory(ctx, g, time.Now().In(timefmt.Zone))
}

func seedPlans(ctx context.Context, g *gorm.DB) error {
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
			{Name: "罐区日常巡检", PointIDs: ident.JoinIDs(ids[:3]), InspectorUserID: seedids.DemoOperator1User, InspectorName: "王操作", CycleHours: 24, Enable: 1,
				DeptID: seedids.DemoWorkshop2Dept},
			{Name: "合成装置区班检", PointIDs: ident.JoinIDs(ids[3:]), InspectorUserID: seedids.DemoDirectorUser, InspectorName: "张主任", CycleHours: 8, Enable: 1,
				DeptID: seedids.DemoWorkshop1Dept},
		}
		for _, p := range plans {
			if err := c.Create(p).Error; err != nil {
				return err
			}
		}
		return nil
	})
}

// seedHistory gives the demo plans the tasks of the last 7 days, when the
// tenant has no task points yet: most points inspected on time, some late
// (超期已检), some missed (漏检未补) and some made up (漏检已补), so the
// statistics page has figures on first start.
func seedHistory(ctx context.Context, g *gorm.DB, now time.Time) error {
	var n int64
	if err := g.WithContext(ctx).Model(&biz.TaskPoint{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	var plans []biz.Plan
	if err := g.WithContext(ctx).Order("name asc").Find(&plans).Error; err != nil {
		return err
	}
	n0 := now.In(timefmt.Zone)
	today := time.Date(n0.Year(), n0.Month(), n0.Day(), 0, 0, 0, 0, timefmt.Zone)
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		k := 0
		for _, pl := range plans {
			route, _ := ident.ParseIDs(pl.PointIDs)
			var pts []biz.Point
			if err := c.Where("id IN ?", route).Find(&pts).Error; err != nil {
				return err
			}
			byID := map[int64]biz.Point{}
			for _, p := range pts {
				byID[p.ID] = p
			}
			for d := -7; d < 0; d++ {
				for _, w := range biz.Windows(today.AddDate(0, 0, d), pl.CycleHours, pl.CreateTime) {
					k++
					if err := seedTask(c, &pl, route, byID, w, k, now); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
}

func seedTask(c *gorm.DB, pl *biz.Plan, route []int64, byID map[int64]biz.Point, w [2]time.Time, k int, now time.Time) error {
	t := &biz.Task{PlanID: pl.ID, PlanName: pl.Name, InspectorUserID: pl.InspectorUserID, InspectorName: pl.InspectorName, StartAt: w[0], EndAt: w[1]}
	if err := c.Create(t).Error; err != nil {
		return err
	}
	miss := w[1].Add(biz.Grace(w[0], w[1]))
	var statuses []int32
	var last *time.Time
	for j, pid := range route {
		p, ok := byID[pid]
		if !ok {
			continue
		}
		at := w[0].Add(time.Hour + time.Duration(j)*10*time.Minute)
		switch {
		case k%5 == 3 && j == 0:
			at = time.Time{} // missed
		case k%7 == 2:
			at = w[1].Add(time.Hour) // late
		case k%11 == 6 && j == len(route)-1:
			at = miss.Add(2 * time.Hour) // made up
		}
		tp := &biz.TaskPoint{TaskID: t.ID, PlanID: pl.ID, PointID: pid, Seq: int32(j + 1), DeptID: pl.DeptID, InspectorUserID: pl.InspectorUserID,
			InspectorName: pl.InspectorName, StartAt: w[0], EndAt: w[1], MissAt: miss, InspectStatus: biz.StatusAt(biz.PointPending, w[1], miss, now)}
		if !at.IsZero() && at.Before(now) {
			rec := &biz.Record{TaskID: t.ID, PlanID: pl.ID, PointID: pid, PointCode: p.Code, PointName: p.Name, Items: normalItems(p.Items),
				InspectorUserID: pl.InspectorUserID, InspectorName: pl.InspectorName, DoneAt: at}
			if err := c.Create(rec).Error; err != nil {
				return err
			}
			at := at
			tp.InspectStatus, tp.RecordID, tp.InspectedAt = biz.InspectedStatus(w[1], miss, at), rec.ID, &at
			if last == nil || at.After(*last) {
				last = &at
			}
		}
		if err := c.Create(tp).Error; err != nil {
			return err
		}
		statuses = append(statuses, tp.InspectStatus)
	}
	t.State = biz.TaskStateOf(statuses)
	if t.State == biz.TaskDone {
		t.DoneAt = last
	}
	return c.Model(t).Select("state", "done_at").Updates(t).Error
}

// normalItems are in-range values for a point's check items.
func normalItems(raw string) string {
	var items []biz.CheckItem
	_ = json.Unmarshal([]byte(raw), &items)
	out := make([]biz.ItemResult, 0, len(items))
	for _, it := range items {
		v := "正常"
		if it.Kind == biz.ItemNumber {
			x := 0.0
			switch {
			case it.Min != nil && it.Max != nil:
				x = (*it.Min + *it.Max) / 2
			case it.Max != nil:
				x = *it.Max * 0.8
			case it.Min != nil:
				x = *it.Min * 1.2
			}
			v = strconv.FormatFloat(x, 'f', 2, 64)
		}
		out = append(out, biz.ItemResult{Name: it.Name, Value: v})
	}
	b, _ := json.Marshal(out)
	return string(b)
}
