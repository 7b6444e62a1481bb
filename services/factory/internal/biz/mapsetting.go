package biz

import (
	"context"
	"encoding/json"
	"math"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Defaults of a tenant without map settings: the map centres on the
// enterprise (or, lacking it, Nanjing) and the model sits there at scale 1;
// 16 is Cesium's default maximum screen-space error.
var (
	DefaultCentre   = []float64{118.7969, 32.0603}
	DefaultMapPath  = "/map/tiles/{z}/{x}/{y}.png"
	DefaultModelURL = "/map/model/tileset.json"
	DefaultAccuracy = 16.0
)

// MapOf returns the tenant's map settings, or defaults built from the
// enterprise record.
func (f *Factory) MapOf(ctx context.Context) (*MapConfig, error) {
	c, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	m, err := f.Maps.FindBy(ctx, "1 = 1")
	if err != nil {
		return nil, err
	}
	if m != nil {
		return decodeMap(m), nil
	}
	cfg := &MapConfig{TenantID: c.TenantID, MapPath: DefaultMapPath, MapModelURL: DefaultModelURL,
		CentralPoint: DefaultCentre, ModelAccuracy: DefaultAccuracy}
	e, err := f.Enterprises.FindBy(ctx, "1 = 1")
	if err != nil {
		return nil, err
	}
	if e != nil && (e.Longitude != 0 || e.Latitude != 0) {
		cfg.CentralPoint = []float64{e.Longitude, e.Latitude}
	}
	if e != nil && e.AreaLocation != "" {
		if p, err := ParsePolygon(e.AreaLocation); err == nil {
			for _, v := range p.Outer() {
				cfg.AreaLocation = append(cfg.AreaLocation, Position{Lng: v.Lng, Lat: v.Lat})
			}
		}
	}
	cfg.ModelPoint = ModelPoint{Lng: cfg.CentralPoint[0], Lat: cfg.CentralPoint[1], Scale: 1}
	return cfg, nil
}

func decodeMap(m *MapSetting) *MapConfig {
	c := &MapConfig{ID: m.ID, TenantID: m.TenantID, MapPath: m.MapPath, MapModelURL: m.MapModelURL,
		ModelAccuracy: m.ModelAccuracy, UpdateTime: m.UpdateTime}
	_ = json.Unmarshal([]byte(m.CentralPoint), &c.CentralPoint)
	_ = json.Unmarshal([]byte(m.ModelPoint), &c.ModelPoint)
	_ = json.Unmarshal([]byte(m.AreaLocation), &c.AreaLocation)
	return c
}

func bad(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) }

// ValidateMap checks submitted settings and fills defaults for what is left out.
func ValidateMap(c *MapConfig) error {
	c.MapPath, c.MapModelURL = strings.TrimSpace(c.MapPath), strings.TrimSpace(c.MapModelURL)
	if err := checkLen("地图路径", c.MapPath, 500, false); err != nil {
		return err
	}
	if err := checkLen("模型地址", c.MapModelURL, 500, false); err != nil {
		return err
	}
	if strings.ContainsAny(c.MapPath+c.MapModelURL, " \t\n\"'<>") {
		return errs.BadRequest("地图路径与模型地址不能包含空白或引号")
	}
	if c.MapPath == "" {
		c.MapPath = DefaultMapPath
	}
	if c.MapModelURL == "" {
		c.MapModelURL = DefaultModelURL
	}
	if len(c.CentralPoint) != 2 {
		return errs.BadRequest("中心点应为 [经度, 纬度]")
	}
	if err := checkLngLat(c.CentralPoint[0], c.CentralPoint[1]); err != nil {
		return errs.BadRequest("中心点%s", errs.Message(err))
	}
	mp := &c.ModelPoint
	if mp.Lng == 0 && mp.Lat == 0 {
		mp.Lng, mp.Lat = c.CentralPoint[0], c.CentralPoint[1]
	}
	if err := checkLngLat(mp.Lng, mp.Lat); err != nil {
		return errs.BadRequest("模型位置%s", errs.Message(err))
	}
	for _, v := range []float64{mp.Alt, mp.X, mp.Y, mp.Z, mp.Scale, c.ModelAccuracy} {
		if bad(v) {
			return errs.BadRequest("模型参数应为有限数字")
		}
	}
	if mp.Alt < -500 || mp.Alt > 10000 {
		return errs.BadRequest("模型高度应在 -500~10000 米之间")
	}
	if mp.Scale == 0 {
		mp.Scale = 1
	}
	if mp.Scale < 0 || mp.Scale > 1000 {
		return errs.BadRequest("模型缩放比例应在 0~1000 之间")
	}
	if c.ModelAccuracy == 0 {
		c.ModelAccuracy = DefaultAccuracy
	}
	if c.ModelAccuracy < 0 || c.ModelAccuracy > 1000 {
		return errs.BadRequest("模型精度应在 0~1000 之间")
	}
	if len(c.AreaLocation) > maxRingPoints {
		return errs.BadRequest("地图范围的点数不能超过 %d 个", maxRingPoints)
	}
	for i, p := range c.AreaLocation {
		if bad(p.Lng) || bad(p.Lat) || checkLngLat(p.Lng, p.Lat) != nil {
			return errs.BadRequest("地图范围第 %d 个点的经纬度超出范围", i+1)
		}
	}
	return nil
}

// SubmitMap saves the tenant's map settings (one row per tenant).
func (f *Factory) SubmitMap(ctx context.Context, c *MapConfig) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	if err := ValidateMap(c); err != nil {
		return err
	}
	cp, _ := json.Marshal(c.CentralPoint)
	mp, _ := json.Marshal(c.ModelPoint)
	al, _ := json.Marshal(c.AreaLocation)
	if c.AreaLocation == nil {
		al = []byte("[]")
	}
	m := &MapSetting{MapPath: c.MapPath, CentralPoint: string(cp), MapModelURL: c.MapModelURL, ModelPoint: string(mp),
		ModelAccuracy: c.ModelAccuracy, AreaLocation: string(al)}
	return f.Tx.Tx(ctx, func(ctx context.Context) error {
		cur, err := f.Maps.FindBy(ctx, "1 = 1")
		if err != nil {
			return err
		}
		if cur == nil {
			return f.Maps.Create(ctx, m)
		}
		return f.Maps.Update(ctx, cur.ID, m)
	})
}
