// Package biz holds positioning's rules: tags bound to people, anchors,
// zones with their polygons, capacity and allowed people, the live engine
// that keeps the latest position per tag and turns positions into alarms
// (restricted zone entered, overcrowding, still too long, one-key SOS, low
// battery), and alarm handling. It imports neither gorm nor proto.
package biz

import (
	"time"

	"anquan/kit/db"
)

// Person types (spec 3.1).
const (
	PersonEmployee   int32 = 1
	PersonContractor int32 = 2
	PersonVisitor    int32 = 3
)

// PersonTypes names the person types.
var PersonTypes = map[int32]string{PersonEmployee: "员工", PersonContractor: "承包商", PersonVisitor: "访客"}

// Tag is a positioning card (定位卡) bound to a person.
type Tag struct {
	db.Base
	Code       string `gorm:"size:64;not null"`
	PersonName string `gorm:"size:50;not null"`
	PersonType int32  `gorm:"not null;default:1"`
	UserID     int64  `gorm:"not null;default:0"`
	DeptName   string `gorm:"size:100;not null;default:''"`
	Phone      string `gorm:"size:20;not null;default:''"`
	Remark     string `gorm:"size:500;not null;default:''"`
	// PostZoneID is the person's post (岗位区域): away from it too long is
	// 脱岗 (0: no post, no rule).
	PostZoneID int64 `gorm:"not null;default:0"`
}

func (Tag) TableName() string { return "positioning_tag" }

// Anchor is a base station (定位基站).
type Anchor struct {
	db.Base
	Code   string  `gorm:"size:64;not null"`
	Name   string  `gorm:"size:100;not null"`
	X      float64 `gorm:"column:x;not null;default:0"`
	Y      float64 `gorm:"column:y;not null;default:0"`
	Floor  int32   `gorm:"not null;default:1"`
	Remark string  `gorm:"size:500;not null;default:''"`
}

func (Anchor) TableName() string { return "positioning_anchor" }

// Zone kinds.
const (
	ZoneOrdinary   int32 = 1
	ZoneRestricted int32 = 2
	ZoneHazardous  int32 = 3
	ZoneAssembly   int32 = 4
)

// ZoneKinds names the zone kinds.
var ZoneKinds = map[int32]string{ZoneOrdinary: "普通区域", ZoneRestricted: "限制区域", ZoneHazardous: "危险区域", ZoneAssembly: "紧急集合点"}

// Zone is an area (区域) of the plant. Polygon is the vertices as JSON
// ([[x,y],...], local metres); AllowedTags the ids of the tags allowed in a
// restricted or hazardous zone, comma-separated.
type Zone struct {
	db.Base
	Name              string `gorm:"size:100;not null"`
	Kind              int32  `gorm:"not null;default:1"`
	Floor             int32  `gorm:"not null;default:1"`
	Polygon           string `gorm:"type:text;not null"`
	MaxHeadcount      int32  `gorm:"not null;default:0"`
	AllowedTags       string `gorm:"type:text;not null"`
	ResponsibleUserID int64  `gorm:"not null;default:0"`
	Remark            string `gorm:"size:500;not null;default:''"`
	// The allowed people's time window (准入时段) of a restricted or
	// hazardous zone: weekdays 1-7 (1 Monday) comma-separated, and HH:MM
	// from/to (empty: the whole day). No weekdays: any time. Inside the
	// zone outside the window is 串岗.
	AllowWeekdays string `gorm:"size:20;not null;default:''"`
	AllowFrom     string `gorm:"size:5;not null;default:''"`
	AllowTo       string `gorm:"size:5;not null;default:''"`
	// AreaID is the factory area (blade-factory) whose permits' work area
	// this zone is (0: none); AreaName its name when chosen (display).
	// Inside it while a permit is in force at the area, a person not on one
	// of those permits raises 人证不符.
	AreaID   int64  `gorm:"not null;default:0"`
	AreaName string `gorm:"size:200;not null;default:''"`
}

func (Zone) TableName() string { return "positioning_zone" }

// Alarm types (the park platform's codes where it has one).
const (
	AlarmOvercrowd int32 = 1 // 超员
	AlarmAbsent    int32 = 2 // 脱岗: away from the post zone too long
	AlarmWrongZone int32 = 3 // 串岗: in a restricted or hazardous zone without leave
	AlarmStill     int32 = 4 // 长时间静止
	AlarmSOS       int32 = 8 // 一键求救
	// AlarmCertMismatch (6, park.go): 人证不符, in a permit's work area
	// while not on a permit in force there.
	AlarmLowBattery int32 = 9  // 低电量
	AlarmGather     int32 = 11 // 人员聚集
	// AlarmOffline: 离线 in a zone that must know who is there. 12: a code
	// the spec leaves free (1-6, 8, 9 and 11 are taken; 7 and 10 are left
	// alone as gaps of the original platform whose meaning is unknown).
	AlarmOffline int32 = 12
)

// AlarmTypes names the alarm types.
var AlarmTypes = map[int32]string{AlarmOvercrowd: "超员", AlarmAbsent: "脱岗", AlarmWrongZone: "串岗", AlarmStill: "长时间静止", AlarmSOS: "一键求救", AlarmLowBattery: "低电量", AlarmGather: "人员聚集", AlarmOffline: "离线", AlarmCertMismatch: "人证不符"}

// Alarm states.
const (
	StateAlarming int32 = 1 // 报警中
	StateHandled  int32 = 2 // 已处理
	StateFalse    int32 = 3 // 误报
)

// Alarm is one positioning alarm. ScopeDept/ScopeUser/ResponsibleUserID
// are those of the zone (or, for an alarm of a person, the tag) when it was
// raised: who may handle it.
type Alarm struct {
	db.Base
	AlarmType         int32     `gorm:"not null"`
	Level             int32     `gorm:"not null;default:2"`
	TagID             int64     `gorm:"not null;default:0"`
	Tag               string    `gorm:"size:64;not null;default:''"`
	PersonName        string    `gorm:"size:50;not null;default:''"`
	ZoneID            int64     `gorm:"not null;default:0"`
	ZoneName          string    `gorm:"size:100;not null;default:''"`
	X                 float64   `gorm:"column:x;not null;default:0"`
	Y                 float64   `gorm:"column:y;not null;default:0"`
	Detail            string    `gorm:"size:200;not null;default:''"`
	State             int32     `gorm:"not null;default:1"`
	RaisedAt          time.Time `gorm:"not null"`
	ClearedAt         *time.Time
	Repeats           int32 `gorm:"not null;default:0"`
	HandledAt         *time.Time
	HandledBy         int64  `gorm:"not null;default:0"`
	HandledByName     string `gorm:"size:100;not null;default:''"`
	Comment           string `gorm:"size:500;not null;default:''"`
	ScopeDept         int64  `gorm:"not null;default:0"`
	ScopeUser         int64  `gorm:"not null;default:0"`
	ResponsibleUserID int64  `gorm:"not null;default:0"`
}

func (Alarm) TableName() string { return "positioning_alarm" }

// TrackPoint is one stored position of a tag. Not audited: measurement
// data, not a business change. Kept for Retention.
type TrackPoint struct {
	ID       int64     `gorm:"primaryKey;autoIncrement:false"`
	TenantID string    `gorm:"size:12;not null"`
	TagID    int64     `gorm:"not null"`
	TS       time.Time `gorm:"column:ts;not null"`
	X        float64   `gorm:"column:x;not null"`
	Y        float64   `gorm:"column:y;not null"`
	Floor    int32     `gorm:"not null;default:1"`
	ZoneID   int64     `gorm:"not null;default:0"`
}

func (TrackPoint) TableName() string { return "positioning_track" }
func (TrackPoint) NotAudited()       {}

// Models are the tables of positioning.
func Models() []any { return []any{&Tag{}, &Anchor{}, &Zone{}, &Alarm{}, &TrackPoint{}, &Rule{}} }
