package data

import (
	"context"
	"math"
	"time"

	"gorm.io/gorm"

	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/idgen"
	"anquan/kit/seedids"
	"anquan/monitor/internal/biz"
)

// DemoGateway and DemoSecret are the demo tenant's gateway and its secret
// (documented, so `mosquitto_pub -u 100001:demo-gw -P demo-gw` works on a
// fresh `make run`; rotate it in production).
const (
	DemoGateway = "demo-gw"
	DemoSecret  = "demo-gw"
)

func f(v float64) *float64 { return &v }

// Seed gives the demo tenant a gateway, devices and points on first start
// (an existing gateway means it ran).
func Seed(ctx context.Context, g *gorm.DB) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Gateway{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	hash, err := biz.HashSecret(DemoSecret)
	if err != nil {
		return err
	}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		gw := &biz.Gateway{Code: DemoGateway, Name: "罐区数据采集网关", Remark: "演示网关,密钥 demo-gw", SecretHash: hash}
		if err := c.Create(gw).Error; err != nil {
			return err
		}
		devices := []*biz.Device{
			{Code: "V-101", Name: "甲醇储罐 V-101", DeviceType: "G0", AreaID: seedids.DemoAreaTank},
			{Code: "V-102", Name: "甲苯储罐 V-102", DeviceType: "G0", AreaID: seedids.DemoAreaTank},
			{Code: "GD-01", Name: "罐区气体检测器组", DeviceType: "Q0", AreaID: seedids.DemoAreaTank},
			{Code: "R-201", Name: "加氢反应釜 R-201", DeviceType: "P0", AreaID: seedids.DemoAreaSynthesis},
			{Code: "CK-01", Name: "甲类仓库", DeviceType: "K0", AreaID: seedids.DemoAreaHazWarehse},
			{Code: "ZX-01", Name: "汽车装卸鹤管", DeviceType: "Z0", AreaID: seedids.DemoAreaTank},
		}
		for _, d := range devices {
			if err := c.Create(d).Error; err != nil {
				return err
			}
		}
		tank1, tank2, gas, reactor, store, loading := devices[0].ID, devices[1].ID, devices[2].ID, devices[3].ID, devices[4].ID, devices[5].ID
		tankArea, synth := seedids.DemoAreaTank, seedids.DemoAreaSynthesis
		safety := seedids.DemoSafetyUser
		points := []*biz.Point{
			{Code: "GT-101", Name: "V-101 罐根可燃气体", DeviceID: gas, AreaID: tankArea, IndicatorType: 5, Unit: "%LEL", GasType: biz.GasCombustible,
				GasName: "甲醇", MolarMass: f(32.04), RangeLow: f(0), RangeHigh: f(100), LimitH: f(25), LimitHH: f(50), Deadband: 2, ResponsibleUserID: safety},
			{Code: "GT-102", Name: "V-102 罐根可燃气体", DeviceID: gas, AreaID: tankArea, IndicatorType: 5, Unit: "%LEL", GasType: biz.GasCombustible,
				GasName: "甲苯", MolarMass: f(92.14), RangeLow: f(0), RangeHigh: f(100), LimitH: f(20), LimitHH: f(40), Deadband: 2, OnDelay: 3, ResponsibleUserID: safety},
			{Code: "GT-103", Name: "装卸台可燃气体", DeviceID: loading, AreaID: tankArea, IndicatorType: 5, Unit: "%LEL", GasType: biz.GasCombustible,
				GasName: "甲醇", MolarMass: f(32.04), RangeLow: f(0), RangeHigh: f(100), LimitH: f(25), LimitHH: f(50), Deadband: 2, ResponsibleUserID: safety},
			{Code: "AT-201", Name: "反应区硫化氢", DeviceID: reactor, AreaID: synth, IndicatorType: 4, Unit: "mg/m³", GasType: biz.GasToxic,
				GasName: "硫化氢", MolarMass: f(34.08), OEL: f(10), RangeLow: f(0), RangeHigh: f(100), LimitH: f(10), LimitHH: f(20), Deadband: 1},
			{Code: "OT-201", Name: "反应区氧含量", DeviceID: reactor, AreaID: synth, IndicatorType: 6, Unit: "%VOL", GasType: biz.GasOxygen,
				GasName: "氧气", MolarMass: f(32.00), RangeLow: f(0), RangeHigh: f(30), LimitL: f(19.5), LimitH: f(23.5), Deadband: 0.3},
			{Code: "LT-101", Name: "V-101 液位", DeviceID: tank1, AreaID: tankArea, IndicatorType: 3, Unit: "m", RangeLow: f(0), RangeHigh: f(12),
				LimitLL: f(0.8), LimitL: f(1.5), LimitH: f(9.5), LimitHH: f(10.5), Deadband: 0.2, OnDelay: 5, OffDelay: 5},
			{Code: "PT-101", Name: "V-101 压力", DeviceID: tank1, AreaID: tankArea, IndicatorType: 2, Unit: "kPa", RangeLow: f(-5), RangeHigh: f(20),
				LimitL: f(-1), LimitH: f(12), LimitHH: f(15), Deadband: 0.5},
			{Code: "TT-101", Name: "V-101 温度", DeviceID: tank1, AreaID: tankArea, IndicatorType: 1, Unit: "℃", RangeLow: f(-20), RangeHigh: f(80),
				LimitH: f(40), LimitHH: f(50), Deadband: 1, OnDelay: 10},
			{Code: "LT-102", Name: "V-102 液位", DeviceID: tank2, AreaID: tankArea, IndicatorType: 3, Unit: "m", RangeLow: f(0), RangeHigh: f(12),
				LimitLL: f(0.8), LimitL: f(1.5), LimitH: f(9.5), LimitHH: f(10.5), Deadband: 0.2, OnDelay: 5, OffDelay: 5},
			{Code: "PT-102", Name: "V-102 压力", DeviceID: tank2, AreaID: tankArea, IndicatorType: 2, Unit: "kPa", RangeLow: f(-5), RangeHigh: f(20),
				LimitL: f(-1), LimitH: f(12), LimitHH: f(15), Deadband: 0.5},
			{Code: "PT-201", Name: "R-201 反应压力", DeviceID: reactor, AreaID: synth, IndicatorType: 2, Unit: "MPa", RangeLow: f(0), RangeHigh: f(6),
				LimitL: f(1.0), LimitH: f(4.0), LimitHH: f(4.5), Deadband: 0.1},
			{Code: "TT-201", Name: "R-201 反应温度", DeviceID: reactor, AreaID: synth, IndicatorType: 1, Unit: "℃", RangeLow: f(0), RangeHigh: f(300),
				LimitL: f(120), LimitH: f(180), LimitHH: f(200), Deadband: 2, OnDelay: 5},
			{Code: "TT-301", Name: "甲类仓库温度", DeviceID: store, AreaID: seedids.DemoAreaHazWarehse, IndicatorType: 1, Unit: "℃", RangeLow: f(-20),
				RangeHigh: f(60), LimitH: f(30), LimitHH: f(35), Deadband: 0.5, OnDelay: 30},
		}
		// Where each point sits on the plant map, in the local metres of positioning's demo zones
		// (甲类储罐区 20-140 x 20-100, 合成装置区 180-320 x 20-120, 危化品仓库 20-120 x 140-220).
		placed := map[string][2]float64{
			"GT-101": {45, 55}, "GT-102": {105, 55}, "GT-103": {130, 30}, "AT-201": {235, 60},
			"OT-201": {265, 95}, "LT-101": {55, 75}, "PT-101": {60, 80}, "TT-101": {50, 80},
			"LT-102": {115, 75}, "PT-102": {120, 80}, "PT-201": {250, 70}, "TT-201": {255, 65},
			"TT-301": {70, 180},
		}
		for _, p := range points {
			if at, ok := placed[p.Code]; ok {
				p.MapX, p.MapY = f(at[0]), f(at[1])
			}
			p.GatewayID = gw.ID
			if err := biz.ValidatePoint(p); err != nil {
				return err
			}
			if err := c.Create(p).Error; err != nil {
				return err
			}
		}
		// Two past incidents, so the alarm history has something real.
		day := time.Now().Truncate(time.Hour).Add(-26 * time.Hour)
		for _, h := range []struct {
			p            *biz.Point
			level        string
			limit, value float64
			at           time.Time
		}{
			{points[1], "H", 20, 23.6, day},
			{points[5], "L", 1.5, 1.38, day.Add(-20 * time.Hour)},
		} {
			acked, cleared := h.at.Add(3*time.Minute), h.at.Add(11*time.Minute)
			a := &biz.Alarm{PointID: h.p.ID, PointCode: h.p.Code, PointName: h.p.Name, Level: h.level, Limit: h.limit, Value: h.value,
				LastValue: h.value, Unit: h.p.Unit, State: "NORMAL", RaisedAt: h.at, AckedAt: &acked, AckedBy: seedids.DemoSafetyUser,
				AckedByName: "李安全", ClearedAt: &cleared}
			if err := c.Create(a).Error; err != nil {
				return err
			}
		}
		// Past holds (one expired, one ended by hand) so the hold page
		// shows both ends; none in force, so no demo point is silent.
		ended := day.Add(2 * time.Hour)
		for _, h := range []*biz.Hold{
			{PointID: points[8].ID, PointCode: points[8].Code, PointName: points[8].Name, Kind: biz.HoldCalibration,
				Reason: "液位计年度标定", ByName: "张仪表", StartAt: day.Add(-30 * time.Hour), Until: day.Add(-26 * time.Hour)},
			{PointID: points[3].ID, PointCode: points[3].Code, PointName: points[3].Name, Kind: biz.HoldMaintenance,
				Reason: "硫化氢探头更换传感器", ByName: "李安全", StartAt: day, Until: day.Add(8 * time.Hour),
				EndedAt: &ended, EndedBy: seedids.DemoSafetyUser, EndedByName: "李安全"},
		} {
			if err := c.Create(h).Error; err != nil {
				return err
			}
		}
		return nil
	})
}

// Demo history: a day of samples every five minutes for each demo point.
const (
	demoHistoryDays  = 1
	demoHistoryEvery = 5 * time.Minute
)

// SeedHistory gives the demo tenant's points a day of history on first
// start (when the tenant has none), so the trends are alive at once: slow
// drifting values inside each point's limits (gas detectors near zero,
// oxygen near 20.9 %VOL). hist is the history database (may be main).
func SeedHistory(ctx context.Context, main, hist *gorm.DB) error {
	sys := ident.AsSystem(ctx)
	var n int64
	if err := db.Conn(sys, hist).Model(&biz.Sample{}).Where("tenant_id = ?", seedids.DemoTenant).Limit(1).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	var points []biz.Point
	if err := db.Conn(sys, main).Where("tenant_id = ? AND is_deleted = 0", seedids.DemoTenant).Order("code").Find(&points).Error; err != nil {
		return err
	}
	end := time.Now().Truncate(demoHistoryEvery)
	steps := int(demoHistoryDays * 24 * time.Hour / demoHistoryEvery)
	rows := make([]biz.Sample, 0, steps*len(points))
	for k, p := range points {
		base, amp := demoLevel(&p)
		for i := 0; i < steps; i++ {
			x := float64(i) / float64(steps)
			v := base + amp*math.Sin(2*math.Pi*x+float64(k)) + amp*0.3*math.Sin(float64(i)*0.7+float64(k))
			if p.GasType != biz.GasNone && p.GasType != biz.GasOxygen && v < 0 {
				v = 0
			}
			rows = append(rows, biz.Sample{ID: idgen.Next(), TenantID: seedids.DemoTenant, PointID: p.ID,
				TS: end.Add(-time.Duration(steps-i) * demoHistoryEvery), Value: math.Round(v*100) / 100})
		}
	}
	return History{G: hist}.Store(ctx, rows)
}

// demoLevel is a point's usual value and swing in the demo history.
func demoLevel(p *biz.Point) (base, amp float64) {
	switch p.GasType {
	case biz.GasCombustible:
		return 2, 1.5
	case biz.GasToxic:
		return 1, 0.8
	case biz.GasOxygen:
		return 20.9, 0.1
	}
	lo, hi := 0.0, 10.0
	switch {
	case p.LimitL != nil:
		lo = *p.LimitL
	case p.RangeLow != nil:
		lo = *p.RangeLow
	}
	switch {
	case p.LimitH != nil:
		hi = *p.LimitH
	case p.RangeHigh != nil:
		hi = *p.RangeHigh
	}
	return (lo + hi) / 2, (hi - lo) * 0.15
}
