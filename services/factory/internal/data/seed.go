package data

import (
	"context"
	"encoding/json"
	"log/slog"

	"gorm.io/gorm"

	"anquan/factory/internal/biz"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
)

// The demo plant sits in the Nanjing Jiangbei new materials park (Jiangsu),
// about 850 m by 600 m.
var (
	demoBoundary = `[[118.8000,32.2700],[118.8090,32.2700],[118.8090,32.2755],[118.8000,32.2755],[118.8000,32.2700]]`
	demoAreas    = []struct {
		id              int64
		name, code      string
		areaType, risk  int32
		dept            int64
		polygon, remark string
	}{
		// The tank farm has a hole: the fire-water pool inside its dike is not part of it.
		{seedids.DemoAreaTank, "甲类储罐区", "GQ-01", biz.AreaTank, 1, seedids.DemoWorkshop2Dept,
			`[[[118.8005,32.2705],[118.8035,32.2705],[118.8035,32.2725],[118.8005,32.2725],[118.8005,32.2705]],[[118.8015,32.2712],[118.8020,32.2712],[118.8020,32.2716],[118.8015,32.2716],[118.8015,32.2712]]]`,
			"甲醇、甲苯储罐 6 座，防火堤内设消防水池"},
		// L-shaped (concave) synthesis unit.
		{seedids.DemoAreaSynthesis, "合成装置区", "SC-01", biz.AreaProduction, 2, seedids.DemoWorkshop1Dept,
			`[[118.8040,32.2705],[118.8085,32.2705],[118.8085,32.2720],[118.8060,32.2720],[118.8060,32.2735],[118.8040,32.2735],[118.8040,32.2705]]`,
			"加氢、氯化工艺，重点监管危险化工工艺"},
		{seedids.DemoAreaHazWarehse, "危化品仓库", "CK-01", biz.AreaStorage, 2, seedids.DemoProductionDept,
			`[[118.8005,32.2732],[118.8035,32.2732],[118.8035,32.2750],[118.8005,32.2750],[118.8005,32.2732]]`,
			"甲类仓库，存放氧化剂与易燃固体"},
		{seedids.DemoAreaProducts, "成品仓库", "CK-02", biz.AreaStorage, 3, seedids.DemoProductionDept,
			`[[118.8065,32.2725],[118.8085,32.2725],[118.8085,32.2750],[118.8065,32.2750],[118.8065,32.2725]]`, ""},
		{seedids.DemoAreaUtilities, "公用工程区", "GY-01", biz.AreaProduction, 4, seedids.DemoEquipmentDept,
			`[[118.8040,32.2740],[118.8060,32.2740],[118.8060,32.2750],[118.8040,32.2750],[118.8040,32.2740]]`,
			"循环水站、空压站、变配电室"},
	}
)

// DemoCreditCode is a unified social credit code with a correct check
// character (computed, so it stays valid if the prefix is edited).
func DemoCreditCode() string {
	const first17 = "91320191MA1N8K2QX"
	c, _ := biz.CreditCheckChar(first17)
	return first17 + string(c)
}

// Seed gives the demo tenant its enterprise record, risk partitions and map
// settings on first start (an existing enterprise record means it ran).
func Seed(ctx context.Context, g *gorm.DB) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Enterprise{}).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	e := &biz.Enterprise{EnterpriseName: "江东化工有限公司", CompanyShortName: "江东化工", AreaLocation: demoBoundary,
		CreditCode: DemoCreditCode(), Address: "江苏省南京市江北新区新材料科技园长丰河路 88 号", LegalPerson: "陈建国",
		ContactPerson: "李安全", ContactPhone: "025-58390000", Industry: "化学原料和化学制品制造业",
		Remark: "危险化学品生产企业，涉及重点监管危险化工工艺"}
	if err := biz.ValidateEnterprise(e); err != nil {
		return err
	}
	areas := make([]*biz.Area, 0, len(demoAreas))
	for i, d := range demoAreas {
		a := &biz.Area{Name: d.name, Code: d.code, AreaType: d.areaType, RiskLevel: d.risk, DeptID: d.dept,
			AreaLocation: d.polygon, Remark: d.remark, Sort: int32(i + 1)}
		a.ID = d.id
		if err := biz.ValidateArea(a); err != nil {
			return err
		}
		areas = append(areas, a)
	}
	boundary := []biz.Position{}
	var ring [][2]float64
	_ = json.Unmarshal([]byte(demoBoundary), &ring)
	for _, p := range ring[:len(ring)-1] {
		boundary = append(boundary, biz.Position{Lng: p[0], Lat: p[1]})
	}
	cfg := &biz.MapConfig{MapPath: biz.DefaultMapPath, MapModelURL: biz.DefaultModelURL,
		CentralPoint: []float64{e.Longitude, e.Latitude}, ModelAccuracy: biz.DefaultAccuracy,
		ModelPoint: biz.ModelPoint{Lng: e.Longitude, Lat: e.Latitude, Alt: 12, Scale: 1}, AreaLocation: boundary}
	if err := biz.ValidateMap(cfg); err != nil {
		return err
	}
	cp, _ := json.Marshal(cfg.CentralPoint)
	mp, _ := json.Marshal(cfg.ModelPoint)
	al, _ := json.Marshal(cfg.AreaLocation)
	m := &biz.MapSetting{MapPath: cfg.MapPath, CentralPoint: string(cp), MapModelURL: cfg.MapModelURL,
		ModelPoint: string(mp), ModelAccuracy: cfg.ModelAccuracy, AreaLocation: string(al)}
	err := db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		if err := c.Create(e).Error; err != nil {
			return err
		}
		for _, a := range areas {
			if err := c.Create(a).Error; err != nil {
				return err
			}
		}
		return c.Create(m).Error
	})
	if err == nil {
		slog.Info("factory seeded", "tenant", seedids.DemoTenant, "areas", len(areas))
	}
	return err
}
