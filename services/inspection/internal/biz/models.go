// Package biz holds inspection's rules: points with their NFC/QR codes and
// check items, plans (a route of points, an inspector, a cycle), the
// idempotent task scheduler, the inspector doing a task, and abnormal
// values raising hidden dangers. It imports neither gorm nor proto.
package biz

import (
	"time"

	"anquan/kit/db"
)

// Point types.
const (
	PointEquipment = 1
	PointArea      = 2
)

// Check item kinds.
const (
	ItemChoice = 1
	ItemNumber = 2
)

// Task states (2 已超期 is computed on read: past its end, not done).
const (
	TaskOpen    = 0
	TaskDone    = 1
	TaskOverdue = 2
)

// CheckItem is a check item of a point.
type CheckItem struct {
	Name string   `json:"name"`
	Kind int32    `json:"kind"`
	Min  *float64 `json:"min,omitempty"`
	Max  *float64 `json:"max,omitempty"`
	Unit string   `json:"unit,omitempty"`
}

// ItemResult is a value entered for a check item.
type ItemResult struct {
	Name     string `json:"name"`
	Value    string `json:"value"`
	Abnormal bool   `json:"abnormal"`
}

// Point is an inspection point (巡检点); Items is the JSON of its check items.
type Point struct {
	db.Base
	Code        string `gorm:"size:64;not null"`
	Name        string `gorm:"size:100;not null"`
	PointType   int32  `gorm:"not null;default:2"`
	EquipmentID int64  `gorm:"not null;default:0"`
	AreaID      int64  `gorm:"not null;default:0"`
	Location    string `gorm:"size:200;not null;default:''"`
	Items       string `gorm:"type:text;not null"`
	Remark      string `gorm:"size:500;not null;default:''"`
}

func (Point) TableName() string { return "inspection_point" }

// Plan is a route of points with its inspector and cycle.
type Plan struct {
	db.Base
	Name            string `gorm:"size:100;not null"`
	PointIDs        string `gorm:"size:2000;not null"`
	InspectorUserID int64  `gorm:"not null"`
	InspectorName   string `gorm:"size:100;not null;default:''"`
	CycleHours      int32  `gorm:"not null"`
	Enable          int32  `gorm:"not null;default:1"`
	Remark          string `gorm:"size:500;not null;default:''"`
}

func (Plan) TableName() string { return "inspection_plan" }

// Task is one window of a plan; PointIDs is the route when it was made.
type Task struct {
	db.Base
	PlanID          int64     `gorm:"not null"`
	PlanName        string    `gorm:"size:100;not null"`
	PointIDs        string    `gorm:"size:2000;not null"`
	InspectorUserID int64     `gorm:"not null"`
	InspectorName   string    `gorm:"size:100;not null;default:''"`
	StartAt         time.Time `gorm:"not null"`
	EndAt           time.Time `gorm:"not null"`
	State           int32     `gorm:"not null;default:0"`
	DoneAt          *time.Time
	AbnormalCount   int32 `gorm:"not null;default:0"`
}

func (Task) TableName() string { return "inspection_task" }

// Record is one point of a done task; Items is the JSON of its results.
type Record struct {
	db.Base
	TaskID          int64     `gorm:"not null"`
	PlanID          int64     `gorm:"not null"`
	PointID         int64     `gorm:"not null"`
	PointCode       string    `gorm:"size:64;not null"`
	PointName       string    `gorm:"size:100;not null"`
	Items           string    `gorm:"type:text;not null"`
	Abnormal        bool      `gorm:"not null;default:false"`
	Remark          string    `gorm:"size:500;not null;default:''"`
	Photos          string    `gorm:"size:500;not null;default:''"`
	InspectorUserID int64     `gorm:"not null"`
	InspectorName   string    `gorm:"size:100;not null;default:''"`
	DoneAt          time.Time `gorm:"not null"`
}

func (Record) TableName() string { return "inspection_record" }

// Models are the tables of inspection.
func Models() []any { return []any{&Point{}, &Plan{}, &Task{}, &Record{}} }
