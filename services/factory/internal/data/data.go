// Package data implements base-factory's persistence with gorm (the generic
// repository of kit/crud plus the point and id queries it cannot express),
// its view of blade-system and blade-user, and the external weather client.
package data

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"anquan/factory/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
)

var enterpriseSpec = crud.Spec{
	Name: "企业信息",
	Filters: paging.Fields{
		"enterpriseName": "enterprise_name", "companyShortName": "company_short_name", "creditCode": "credit_code",
	},
}

var areaSpec = crud.Spec{
	Name: "风险分区",
	Filters: paging.Fields{
		"name": "name", "code": "code", "areaType": "area_type", "riskLevel": "risk_level", "deptId": "dept_id",
	},
	Sorts: paging.Fields{"name": "name", "code": "code", "areaType": "area_type", "riskLevel": "risk_level", "sort": "sort", "createTime": "create_time"},
	Order: "sort asc, id asc",
}

var mapSpec = crud.Spec{Name: "地图设置", Filters: paging.Fields{}}

// NewEnterprises, NewAreas and NewMaps are the generic repositories.
func NewEnterprises(g *gorm.DB) *crud.Repo[biz.Enterprise] {
	return crud.New[biz.Enterprise](g, enterpriseSpec)
}
func NewAreas(g *gorm.DB) *crud.Repo[biz.Area]      { return crud.New[biz.Area](g, areaSpec) }
func NewMaps(g *gorm.DB) *crud.Repo[biz.MapSetting] { return crud.New[biz.MapSetting](g, mapSpec) }

// indexes serve every list filter within a tenant, the point query's box
// test and the newest station reading. name is searched with a leading
// wildcard, which no index serves; the index still serves exact codes.
var indexes = []db.Index{
	{Name: "idx_factory_tenant", Table: "base_factory", Columns: "tenant_id, is_deleted"},
	{Name: "idx_factory_name", Table: "base_factory", Columns: "tenant_id, enterprise_name"},
	{Name: "idx_factory_credit", Table: "base_factory", Columns: "tenant_id, credit_code"},
	{Name: "idx_area_order", Table: "base_risk_partition", Columns: "tenant_id, is_deleted, sort, id"},
	{Name: "idx_area_type", Table: "base_risk_partition", Columns: "tenant_id, is_deleted, area_type"},
	{Name: "idx_area_risk", Table: "base_risk_partition", Columns: "tenant_id, risk_level"},
	{Name: "idx_area_dept", Table: "base_risk_partition", Columns: "tenant_id, dept_id"},
	{Name: "idx_area_code", Table: "base_risk_partition", Columns: "tenant_id, code"},
	{Name: "idx_area_name", Table: "base_risk_partition", Columns: "tenant_id, name"},
	{Name: "idx_area_box", Table: "base_risk_partition", Columns: "tenant_id, min_lng, max_lng"},
	{Name: "idx_map_tenant", Table: "base_map_setting", Columns: "tenant_id, is_deleted"},
	{Name: "idx_weather_time", Table: "base_weather_reading", Columns: "tenant_id, observed_at"},
}

// Migrate creates or updates the tables and their indexes.
func Migrate(g *gorm.DB) error {
	g = g.WithContext(ident.AsSystem(context.Background()))
	if err := g.AutoMigrate(biz.Models()...); err != nil {
		return err
	}
	if err := outbox.Migrate(g); err != nil {
		return err
	}
	return db.EnsureIndexes(g, indexes)
}

// AreaQueries implements biz.AreaQueries.
type AreaQueries struct{ G *gorm.DB }

func (q AreaQueries) Covering(ctx context.Context, p biz.Point, areaType int32) ([]biz.Area, error) {
	var out []biz.Area
	tx := db.Conn(ctx, q.G).Where("min_lng <= ? AND max_lng >= ? AND min_lat <= ? AND max_lat >= ?", p.Lng+1e-9, p.Lng-1e-9, p.Lat+1e-9, p.Lat-1e-9)
	if areaType != 0 {
		tx = tx.Where("area_type = ?", areaType)
	}
	return out, tx.Order("sort asc, id asc").Limit(paging.MaxSize).Find(&out).Error
}

func (q AreaQueries) ByIDs(ctx context.Context, ids []int64) ([]biz.Area, error) {
	var out []biz.Area
	return out, db.Conn(ctx, q.G).Where("id IN ?", ids).Order("sort asc, id asc").Find(&out).Error
}

// Readings implements biz.Readings.
type Readings struct{ G *gorm.DB }

func (r Readings) Latest(ctx context.Context, since time.Time) (*biz.WeatherReading, error) {
	var v biz.WeatherReading
	err := db.Conn(ctx, r.G).Where("observed_at >= ?", since).Order("observed_at desc").Take(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

func (r Readings) Add(ctx context.Context, v *biz.WeatherReading) error {
	return db.Conn(ctx, r.G).Create(v).Error
}
