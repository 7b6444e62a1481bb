// Package biz holds base-factory's models and rules: the enterprise record
// of a tenant, its risk partitions (areas with validated polygons and a
// point-in-polygon look-up), the 3D map settings, the dept tree look-ups and
// the plant weather (own station first, then a configured provider, never
// invented).
package biz

import (
	"time"

	"anquan/kit/db"
)

// Area types (spec 3.1).
const (
	AreaTank       int32 = 1
	AreaProduction int32 = 2
	AreaStorage    int32 = 3
)

// AreaTypeNames names the area types.
var AreaTypeNames = map[int32]string{AreaTank: "罐区", AreaProduction: "生产装置区", AreaStorage: "仓储区"}

// Risk levels 1-4 and their colours (spec 3.1).
var (
	RiskLevelNames   = map[int32]string{1: "重大风险", 2: "较大风险", 3: "一般风险", 4: "低风险"}
	RiskLevelColours = map[int32]string{1: "red", 2: "orange", 3: "yellow", 4: "blue"}
)

// Enterprise is the enterprise record (企业信息) of a tenant: one live row
// per tenant.
type Enterprise struct {
	db.Base
	EnterpriseName   string  `gorm:"size:100;not null"`
	CompanyShortName string  `gorm:"size:50;not null;default:''"`
	AreaLocation     string  `gorm:"type:text;not null"`
	CreditCode       string  `gorm:"size:18;not null;default:''"`
	Address          string  `gorm:"size:200;not null;default:''"`
	LegalPerson      string  `gorm:"size:50;not null;default:''"`
	ContactPerson    string  `gorm:"size:50;not null;default:''"`
	ContactPhone     string  `gorm:"size:30;not null;default:''"`
	Longitude        float64 `gorm:"not null;default:0"`
	Latitude         float64 `gorm:"not null;default:0"`
	Industry         string  `gorm:"size:100;not null;default:''"`
	Remark           string  `gorm:"size:500;not null;default:''"`
}

func (Enterprise) TableName() string { return "base_factory" }

// Area is a risk partition (风险分区). The bounding box of its polygon is
// stored so a point query reads only candidate rows.
type Area struct {
	db.Base
	Name         string `gorm:"size:100;not null"`
	Code         string `gorm:"size:50;not null;default:''"`
	AreaType     int32  `gorm:"not null"`
	RiskLevel    int32  `gorm:"not null"`
	AreaLocation string `gorm:"type:text;not null"`
	DeptID       int64  `gorm:"not null;default:0"`
	UserID       int64  `gorm:"not null;default:0"`
	// UserName is the responsible person's name when saved.
	UserName string  `gorm:"size:50;not null;default:''"`
	Remark   string  `gorm:"size:500;not null;default:''"`
	Sort     int32   `gorm:"not null;default:0"`
	MinLng   float64 `gorm:"not null;default:0"`
	MinLat   float64 `gorm:"not null;default:0"`
	MaxLng   float64 `gorm:"not null;default:0"`
	MaxLat   float64 `gorm:"not null;default:0"`
	// DeptName is filled on reads from blade-system (never stored).
	DeptName string `gorm:"-"`
}

func (Area) TableName() string { return "base_risk_partition" }

// Colour of the area's risk level.
func (a *Area) Colour() string { return RiskLevelColours[a.RiskLevel] }

// MapSetting is the tenant's 3D map configuration (spec 3 "Map settings").
// Structured parts are stored as JSON text.
type MapSetting struct {
	db.Base
	MapPath       string  `gorm:"size:500;not null;default:''"`
	CentralPoint  string  `gorm:"size:100;not null;default:''"` // JSON [lng,lat]
	MapModelURL   string  `gorm:"column:map_model_url;size:500;not null;default:''"`
	ModelPoint    string  `gorm:"type:text;not null"` // JSON ModelPoint
	ModelAccuracy float64 `gorm:"not null;default:0"`
	AreaLocation  string  `gorm:"type:text;not null"` // JSON [{lng,lat,alt}]
}

func (MapSetting) TableName() string { return "base_map_setting" }

// ModelPoint places the plant's 3D model.
type ModelPoint struct {
	Alt   float64 `json:"alt"`
	Lat   float64 `json:"lat"`
	Lng   float64 `json:"lng"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Z     float64 `json:"z"`
	Scale float64 `json:"scale"`
}

// Position is a map position.
type Position struct {
	Lng float64 `json:"lng"`
	Lat float64 `json:"lat"`
	Alt float64 `json:"alt"`
}

// MapConfig is MapSetting decoded.
type MapConfig struct {
	ID            int64
	TenantID      string
	MapPath       string
	CentralPoint  []float64
	MapModelURL   string
	ModelPoint    ModelPoint
	ModelAccuracy float64
	AreaLocation  []Position
	UpdateTime    time.Time
}

// WeatherReading is one observation of the plant's own weather station.
type WeatherReading struct {
	db.Base
	Station       string    `gorm:"size:100;not null;default:''"`
	Temperature   float64   `gorm:"not null;default:0"`
	Humidity      float64   `gorm:"not null;default:0"`
	WindSpeed     float64   `gorm:"not null;default:0"`
	WindDirection float64   `gorm:"not null;default:0"`
	Pressure      float64   `gorm:"not null;default:0"`
	Rainfall      float64   `gorm:"not null;default:0"`
	Weather       string    `gorm:"size:50;not null;default:''"`
	ObservedAt    time.Time `gorm:"not null"`
}

func (WeatherReading) TableName() string { return "base_weather_reading" }

// Models lists the tables to migrate.
func Models() []any { return []any{&Enterprise{}, &Area{}, &MapSetting{}, &WeatherReading{}} }
