// Package biz holds monitor's rules: gateways, devices and points with their
// limits (GB/T 50493-2019 for gas detectors), the evaluation engine that
// turns samples into alarms (package alarm is the state machine), and
// acknowledgement. It imports neither gorm nor proto.
package biz

import (
	"time"

	"anquan/kit/db"
)

// Gateway is a data-collection gateway (采集网关).
type Gateway struct {
	db.Base
	Code   string `gorm:"size:64;not null"`
	Name   string `gorm:"size:100;not null"`
	Remark string `gorm:"size:500;not null;default:''"`
	// SecretHash is the bcrypt hash of the MQTT secret ('' = none issued).
	SecretHash string `gorm:"size:100;not null;default:''"`
}

func (Gateway) TableName() string { return "monitor_gateway" }

// Device types (spec 3.1).
var DeviceTypes = map[string]string{"G0": "储罐", "Q0": "气体检测器", "P0": "生产装置", "K0": "仓库", "Z0": "装卸设备"}

// Device is a monitored device (监测设备).
type Device struct {
	db.Base
	Code       string `gorm:"size:64;not null"`
	Name       string `gorm:"size:100;not null"`
	DeviceType string `gorm:"size:2;not null"`
	AreaID     int64  `gorm:"not null;default:0"`
	Remark     string `gorm:"size:500;not null;default:''"`
}

func (Device) TableName() string { return "monitor_device" }

// Gas types of a detector point.
const (
	GasNone        int32 = 0
	GasCombustible int32 = 1
	GasToxic       int32 = 2
	GasOxygen      int32 = 3
)

// Point is a monitored point (监测点位) of a gateway.
type Point struct {
	db.Base
	Code          string   `gorm:"size:64;not null"`
	Name          string   `gorm:"size:100;not null"`
	GatewayID     int64    `gorm:"not null"`
	DeviceID      int64    `gorm:"not null;default:0"`
	AreaID        int64    `gorm:"not null;default:0"`
	IndicatorType int32    `gorm:"not null;default:0"`
	Unit          string   `gorm:"size:20;not null;default:''"`
	GasType       int32    `gorm:"not null;default:0"`
	GasName       string   `gorm:"size:50;not null;default:''"`
	OEL           *float64 `gorm:"column:oel"`
	RangeLow      *float64
	RangeHigh     *float64
	LimitLL       *float64 `gorm:"column:limit_ll"`
	LimitL        *float64 `gorm:"column:limit_l"`
	LimitH        *float64 `gorm:"column:limit_h"`
	LimitHH       *float64 `gorm:"column:limit_hh"`
	Deadband      float64  `gorm:"not null;default:0"`
	// OnDelay and OffDelay in seconds.
	OnDelay           int32 `gorm:"not null;default:0"`
	OffDelay          int32 `gorm:"not null;default:0"`
	ResponsibleUserID int64 `gorm:"not null;default:0"`
	// ExpectInterval is the seconds between the point's samples its gateway
	// promises: the point is offline after OfflineAfter of them without one.
	ExpectInterval int32 `gorm:"not null;default:60"`
	// MolarMass (g/mol) of a detector's gas, for showing ppm as mg/m³ and
	// back (nil = unknown, no conversion).
	MolarMass *float64
	// MapX and MapY place the point on the plant map, in the local metres
	// (east, north of the map settings' modelPoint) positioning reports people
	// in; nil = not placed (the 3D map leaves the point out).
	MapX *float64
	MapY *float64
}

func (Point) TableName() string { return "monitor_point" }

// Alarm is one incident of a point.
type Alarm struct {
	db.Base
	PointID     int64     `gorm:"not null"`
	PointCode   string    `gorm:"size:64;not null"`
	PointName   string    `gorm:"size:100;not null;default:''"`
	Level       string    `gorm:"size:8;not null"`
	Limit       float64   `gorm:"not null;default:0"`
	Value       float64   `gorm:"not null;default:0"`
	LastValue   float64   `gorm:"not null;default:0"`
	Unit        string    `gorm:"size:20;not null;default:''"`
	State       string    `gorm:"size:20;not null"`
	Latch       bool      `gorm:"not null;default:false"`
	RaisedAt    time.Time `gorm:"not null"`
	AckedAt     *time.Time
	AckedBy     int64  `gorm:"not null;default:0"`
	AckedByName string `gorm:"size:100;not null;default:''"`
	ClearedAt   *time.Time
	// The point's alarm shelve this incident was recorded under (ISA-18.2):
	// until when, by whom and why. ShelvedUntil in the past (or nil) = not
	// shelved; a lifted shelve ends at the time it was lifted.
	ShelvedUntil  *time.Time
	ShelvedBy     int64  `gorm:"not null;default:0"`
	ShelvedByName string `gorm:"size:100;not null;default:''"`
	ShelveReason  string `gorm:"size:200;not null;default:''"`
	// Suppressed: raised while its point was held out of service (stored,
	// not announced, not in the active list); oxygen and gas level 2 never are.
	Suppressed bool `gorm:"not null;default:false"`
	// Chattering: its point was activated the tenant's chatter count of
	// times within the chatter window (a nuisance alarm: shelve it or widen
	// the deadband).
	Chattering bool `gorm:"not null;default:false"`
}

// ShelvedAt reports whether the incident is shelved at time at.
func (a *Alarm) ShelvedAt(at time.Time) bool {
	return a.ShelvedUntil != nil && at.Before(*a.ShelvedUntil)
}

func (Alarm) TableName() string { return "monitor_alarm" }

// Sample is one history row (a point's value at a time). Not audited: it is
// measurement data, not a business change.
type Sample struct {
	ID       int64     `gorm:"primaryKey;autoIncrement:false"`
	TenantID string    `gorm:"size:12;not null"`
	PointID  int64     `gorm:"not null"`
	TS       time.Time `gorm:"column:ts;not null"`
	Value    float64   `gorm:"not null"`
}

func (Sample) TableName() string { return "monitor_history" }
func (Sample) NotAudited()       {}

// Hold kinds: why a point is out of service.
const (
	HoldCalibration int32 = 1 // 标定
	HoldPermit      int32 = 2 // 作业票
	HoldMaintenance int32 = 3 // 检修
)

// HoldKinds name the kinds.
var HoldKinds = map[int32]string{HoldCalibration: "标定", HoldPermit: "作业票", HoldMaintenance: "检修"}

// Hold is a point held out of service (ISA-18.2 OUT_OF_SERVICE) from
// StartAt until Until, or until it was ended by hand (EndedAt): its alarms
// are evaluated and stored, flagged suppressed, and not announced, except
// oxygen and gas level 2.
type Hold struct {
	db.Base
	PointID   int64  `gorm:"not null"`
	PointCode string `gorm:"size:64;not null"`
	PointName string `gorm:"size:100;not null;default:''"`
	Kind      int32  `gorm:"not null"`
	// PermitID is the work permit (作业票) of a permit hold.
	PermitID int64 `gorm:"not null;default:0"`
	// PermitNo is the permit's number, read from n-work-ticket when held.
	PermitNo    string    `gorm:"size:32;not null;default:''"`
	Reason      string    `gorm:"size:200;not null"`
	ByName      string    `gorm:"size:100;not null;default:''"`
	StartAt     time.Time `gorm:"not null"`
	Until       time.Time `gorm:"not null"`
	EndedAt     *time.Time
	EndedBy     int64  `gorm:"not null;default:0"`
	EndedByName string `gorm:"size:100;not null;default:''"`
}

func (Hold) TableName() string { return "monitor_hold" }

// InForce reports whether the hold holds at time at.
func (h *Hold) InForce(at time.Time) bool {
	return h.EndedAt == nil && !at.Before(h.StartAt) && at.Before(h.Until)
}

// Flood is an alarm flood of an operator area (a risk partition, or the
// whole tenant for points without one): from the alarm that made the count
// in the window exceed the start count to the time it fell below the end
// count.
type Flood struct {
	db.Base
	AreaID  int64     `gorm:"not null;default:0"`
	StartAt time.Time `gorm:"not null"`
	EndAt   *time.Time
	// PeakCount is the most alarms in one window; AlarmCount the alarms
	// raised from the window that started it to its end.
	PeakCount  int32 `gorm:"not null;default:0"`
	AlarmCount int32 `gorm:"not null;default:0"`
	// The first-out alarm: the first of the window that started the flood.
	FirstAlarmID   int64  `gorm:"not null;default:0"`
	FirstPointCode string `gorm:"size:64;not null;default:''"`
	FirstPointName string `gorm:"size:100;not null;default:''"`
}

func (Flood) TableName() string { return "monitor_flood" }

// Models are the tables of monitor.
func Models() []any {
	return []any{&Gateway{}, &Device{}, &Point{}, &Alarm{}, &Sample{}, &Rule{}, &Hold{}, &Flood{}, &OnlineSpan{}}
}
