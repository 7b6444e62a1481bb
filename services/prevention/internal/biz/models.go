// Package biz holds the double-prevention models and rules: risk grading
// (LEC/LS), the chain object -> unit -> event -> measure -> plan, the
// inspection-task scheduler and its cycle arithmetic, inspection records, the
// hidden-danger rectification state machine, the boards and the provincial
// upload adapters.
package biz

import (
	"time"

	"anquan/kit/db"
)

// RiskObject is a 风险分析对象: a factory area analysed for risks.
type RiskObject struct {
	db.Base
	Name                string `gorm:"size:100;not null"`
	Code                string `gorm:"size:50;not null;default:''"`
	AreaID              int64  `gorm:"not null;default:0"`
	AreaName            string `gorm:"size:100;not null;default:''"`
	DeptID              int64  `gorm:"not null;default:0"`
	DeptName            string `gorm:"size:100;not null;default:''"`
	ResponsibleUserID   int64  `gorm:"not null;default:0"`
	ResponsibleUserName string `gorm:"size:100;not null;default:''"`
	Remark              string `gorm:"size:500;not null;default:''"`
	// UnitCount is computed for lists.
	UnitCount int64 `gorm:"-"`
}

func (RiskObject) TableName() string { return "prevention_risk_object" }

// RiskUnit is a 风险分析单元. RiskLevel is the highest level of its events.
type RiskUnit struct {
	db.Base
	ObjectID            int64  `gorm:"not null"`
	Code                string `gorm:"size:50;not null"`
	Name                string `gorm:"size:100;not null"`
	HazardCode          string `gorm:"size:50;not null;default:''"`
	DeptID              int64  `gorm:"not null;default:0"`
	DeptName            string `gorm:"size:100;not null;default:''"`
	ResponsibleUserID   int64  `gorm:"not null;default:0"`
	ResponsibleUserName string `gorm:"size:100;not null;default:''"`
	RiskClass           int32  `gorm:"not null;default:4"`
	RiskLevel           int32  `gorm:"not null;default:0"`
	OperationState      int32  `gorm:"not null;default:1"`
	Remark              string `gorm:"size:500;not null;default:''"`
	// Computed for reads: the object's name and area, the number of events.
	ObjectName string `gorm:"-"`
	AreaID     int64  `gorm:"-"`
	AreaName   string `gorm:"-"`
	EventCount int64  `gorm:"-"`
}

func (RiskUnit) TableName() string { return "prevention_risk_unit" }

// RiskEvent is a 风险事件 with its LEC or LS assessment.
type RiskEvent struct {
	db.Base
	UnitID       int64   `gorm:"not null"`
	Name         string  `gorm:"size:200;not null"`
	Description  string  `gorm:"size:1000;not null;default:''"`
	Method       string  `gorm:"size:4;not null;default:'LEC'"`
	L            float64 `gorm:"column:l;not null;default:0"`
	E            float64 `gorm:"column:e;not null;default:0"`
	C            float64 `gorm:"column:c;not null;default:0"`
	S            float64 `gorm:"column:s;not null;default:0"`
	Score        float64 `gorm:"not null;default:0"`
	RiskLevel    int32   `gorm:"not null;default:4"`
	ControlLevel int32   `gorm:"not null;default:0"`
	Remark       string  `gorm:"size:500;not null;default:''"`
	UnitName     string  `gorm:"-"`
}

func (RiskEvent) TableName() string { return "prevention_risk_event" }

// Measure is a 管控措施 of an event (UnitID is copied from the event so
// lists by unit need no join).
type Measure struct {
	db.Base
	EventID             int64  `gorm:"not null"`
	UnitID              int64  `gorm:"not null"`
	DataSrc             int32  `gorm:"not null;default:2"`
	Classify1           int32  `gorm:"not null"`
	Classify2           string `gorm:"size:8;not null;default:''"`
	Classify3           string `gorm:"size:200;not null;default:''"`
	Description         string `gorm:"type:text;not null"`
	TroubleshootContent string `gorm:"size:1000;not null;default:''"`
	Remark              string `gorm:"size:500;not null;default:''"`
	EventName           string `gorm:"-"`
	UnitName            string `gorm:"-"`
}

func (Measure) TableName() string { return "prevention_measure" }

// CheckPlan is a 隐患排查任务 definition: one task per cycle window from
// StartTime. NextSeq is the index of the first window not generated yet and
// NextStart its start, so a scheduler tick reads only the plans that are due
// (NULL, for rows written without it, counts as due).
type CheckPlan struct {
	db.Base
	MeasureID           int64      `gorm:"not null"`
	EventID             int64      `gorm:"not null;default:0"`
	UnitID              int64      `gorm:"not null;default:0"`
	UnitName            string     `gorm:"size:100;not null;default:''"`
	Name                string     `gorm:"size:200;not null"`
	TroubleshootContent string     `gorm:"size:1000;not null;default:''"`
	CheckCycle          int32      `gorm:"not null"`
	CheckCycleUnit      int32      `gorm:"not null"`
	DutyType            int32      `gorm:"not null;default:2"`
	DeptID              int64      `gorm:"not null;default:0"`
	DeptName            string     `gorm:"size:100;not null;default:''"`
	PostID              int64      `gorm:"not null;default:0"`
	PostName            string     `gorm:"size:100;not null;default:''"`
	ResponsibleUserID   int64      `gorm:"not null;default:0"`
	ResponsibleUserName string     `gorm:"size:100;not null;default:''"`
	StartTime           time.Time  `gorm:"not null"`
	EndTime             *time.Time ``
	Enabled             int32      `gorm:"not null;default:1"`
	NextSeq             int64      `gorm:"not null;default:0"`
	NextStart           *time.Time ``
	Remark              string     `gorm:"size:500;not null;default:''"`
	MeasureDesc         string     `gorm:"-"`
}

func (CheckPlan) TableName() string { return "prevention_check_plan" }

// CheckTask is one window of a plan. (tenant, plan, start_time) is unique:
// generation is an insert-or-ignore, so replicas and restarts never
// duplicate a window.
type CheckTask struct {
	db.Base
	PlanID              int64      `gorm:"not null"`
	MeasureID           int64      `gorm:"not null;default:0"`
	UnitID              int64      `gorm:"not null;default:0"`
	UnitName            string     `gorm:"size:100;not null;default:''"`
	PlanName            string     `gorm:"size:200;not null;default:''"`
	TroubleshootContent string     `gorm:"size:1000;not null;default:''"`
	StartTime           time.Time  `gorm:"not null"`
	EndTime             time.Time  `gorm:"not null"`
	TaskState           int32      `gorm:"not null;default:1"`
	DutyType            int32      `gorm:"not null;default:2"`
	DeptID              int64      `gorm:"not null;default:0"`
	PostID              int64      `gorm:"not null;default:0"`
	PostName            string     `gorm:"size:100;not null;default:''"`
	ResponsibleUserID   int64      `gorm:"not null;default:0"`
	ResponsibleUserName string     `gorm:"size:100;not null;default:''"`
	RecordID            int64      `gorm:"not null;default:0"`
	CheckTime           *time.Time ``
	CheckUserName       string     `gorm:"size:100;not null;default:''"`
	CheckStatus         int32      `gorm:"not null;default:-1"`
	CheckCycle          int32      `gorm:"not null;default:0"`
	CheckCycleUnit      int32      `gorm:"not null;default:0"`
}

func (CheckTask) TableName() string { return "prevention_check_task" }

// CheckRecord is a 排查记录 of a task.
type CheckRecord struct {
	db.Base
	TaskID        int64     `gorm:"not null"`
	PlanID        int64     `gorm:"not null;default:0"`
	UnitID        int64     `gorm:"not null;default:0"`
	UnitName      string    `gorm:"size:100;not null;default:''"`
	MeasureDesc   string    `gorm:"size:200;not null;default:''"`
	CheckTime     time.Time `gorm:"not null"`
	CheckStatus   int32     `gorm:"not null"`
	CheckUserID   int64     `gorm:"not null;default:0"`
	CheckUserName string    `gorm:"size:100;not null;default:''"`
	Photos        string    `gorm:"type:text;not null"`
	Remark        string    `gorm:"size:1000;not null;default:''"`
	HazardID      int64     `gorm:"not null;default:0"`
	TaskState     int32     `gorm:"not null;default:0"`
	TaskStartTime time.Time `gorm:"not null"`
	TaskEndTime   time.Time `gorm:"not null"`
}

func (CheckRecord) TableName() string { return "prevention_check_record" }

// Hazard is a 隐患 and its rectification (治理) data.
type Hazard struct {
	db.Base
	DangerName        string     `gorm:"size:200;not null"`
	DangerDesc        string     `gorm:"type:text;not null"`
	DangerLevel       int32      `gorm:"not null;default:0"`
	DangerSrc         int32      `gorm:"not null;default:1"`
	DangerManageType  int32      `gorm:"not null;default:1"`
	HazardDangerType  int32      `gorm:"not null;default:1"`
	UnitID            int64      `gorm:"not null;default:0"`
	UnitName          string     `gorm:"size:100;not null;default:''"`
	MeasureID         int64      `gorm:"not null;default:0"`
	TaskID            int64      `gorm:"not null;default:0"`
	RecordID          int64      `gorm:"not null;default:0"`
	DangerLocation    string     `gorm:"size:200;not null;default:''"`
	ReportUserID      int64      `gorm:"not null;default:0"`
	ReportUserName    string     `gorm:"size:100;not null;default:''"`
	ReportTime        time.Time  `gorm:"not null"`
	Deadline          *time.Time ``
	LiableDeptID      int64      `gorm:"not null;default:0"`
	LiableDeptName    string     `gorm:"size:100;not null;default:''"`
	LiableUserID      int64      `gorm:"not null;default:0"`
	LiableUserName    string     `gorm:"size:100;not null;default:''"`
	Photos            string     `gorm:"type:text;not null"`
	TreatmentPlan     string     `gorm:"type:text;not null"`
	RectifyMeasures   string     `gorm:"type:text;not null"`
	RectifyPhotos     string     `gorm:"type:text;not null"`
	RectifyTime       *time.Time ``
	RectifyUserName   string     `gorm:"size:100;not null;default:''"`
	RectifyCost       float64    `gorm:"not null;default:0"`
	AssessUserName    string     `gorm:"size:100;not null;default:''"`
	AssessTime        *time.Time ``
	AssessComment     string     `gorm:"size:1000;not null;default:''"`
	AcceptUserID      int64      `gorm:"not null;default:0"`
	AcceptUserName    string     `gorm:"size:100;not null;default:''"`
	AcceptTime        *time.Time ``
	AcceptComment     string     `gorm:"size:1000;not null;default:''"`
	DangerState       int32      `gorm:"not null;default:10"`
	Overdue           int32      `gorm:"not null;default:0"`
	ProcessInstanceID string     `gorm:"size:64;not null;default:''"`
	// SourceSvc / SourceLink: the service and page of the record that raised
	// the hazard through an event (intake.go); empty for hazards reported here.
	SourceSvc  string `gorm:"size:40;not null;default:''"`
	SourceLink string `gorm:"size:300;not null;default:''"`
}

func (Hazard) TableName() string { return "prevention_hazard" }

// Models lists the tables to migrate.
func Models() []any {
	return []any{&RiskObject{}, &RiskUnit{}, &RiskEvent{}, &Measure{}, &CheckPlan{}, &CheckTask{}, &CheckRecord{}, &Hazard{}, &IntakeRecord{}}
}
