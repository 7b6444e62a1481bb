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

// Task states (2 已超期 is computed on read: past its end, not done; 3 漏检
// is set by the scheduler once the overdue grace has passed and a point is
// still not inspected; a make-up of every missed point makes it 1 已完成).
const (
	TaskOpen    = 0
	TaskDone    = 1
	TaskOverdue = 2
	TaskMissed  = 3
)

// Inspection status of a task's point (spec 3.1, 1-6).
const (
	PointPending      = 1 // 待检: inside its window
	PointInspected    = 2 // 已检: inspected inside its window
	PointOverdue      = 3 // 超期未检: past the window, inside the grace
	PointOverdueDone  = 4 // 超期已检: inspected inside the grace
	PointMissed       = 5 // 漏检未补: past the grace, not inspected
	PointMissedMadeUp = 6 // 漏检已补: made up (补检) after the grace
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
	// DeptID is the team (department) the plan's inspections count for.
	DeptID     int64  `gorm:"not null;default:0"`
	CycleHours int32  `gorm:"not null"`
	Enable     int32  `gorm:"not null;default:1"`
	Remark     string `gorm:"size:500;not null;default:''"`
}

func (Plan) TableName() string { return "inspection_plan" }

// Task is one window of a plan; its route when it was made is its
// TaskPoints.
type Task struct {
	db.Base
	PlanID          int64     `gorm:"not null"`
	PlanName        string    `gorm:"size:100;not null"`
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

// TaskPoint is one point of a task's route with its inspection status: the
// window (StartAt, EndAt), the end of the overdue grace (MissAt), the team
// and inspector it counts for, and the record that inspected it.
type TaskPoint struct {
	db.Base
	TaskID          int64     `gorm:"not null"`
	PlanID          int64     `gorm:"not null"`
	PointID         int64     `gorm:"not null"`
	Seq             int32     `gorm:"not null;default:0"`
	DeptID          int64     `gorm:"not null;default:0"`
	InspectorUserID int64     `gorm:"not null"`
	InspectorName   string    `gorm:"size:100;not null;default:''"`
	StartAt         time.Time `gorm:"not null"`
	EndAt           time.Time `gorm:"not null"`
	MissAt          time.Time `gorm:"not null"`
	InspectStatus   int32     `gorm:"not null;default:1"`
	RecordID        int64     `gorm:"not null;default:0"`
	InspectedAt     *time.Time
}

func (TaskPoint) TableName() string { return "inspection_task_point" }

// Models are the tables of inspection.
func Models() []any { return []any{&Point{}, &Plan{}, &Task{}, &Record{}, &TaskPoint{}} }
