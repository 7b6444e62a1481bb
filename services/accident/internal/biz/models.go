// Package biz holds accident's rules: the tenant's versioned rule table,
// the grade of an accident (国务院令第493号), the report, supplement and
// investigation deadlines, the 四不放过 closure, corrective actions and near
// misses. It imports neither gorm nor proto.
package biz

import (
	"time"

	"anquan/kit/db"
)

// Rule is one version of a tenant rule.
type Rule struct {
	db.Base
	Code    string  `gorm:"size:64;not null"`
	Value   float64 `gorm:"not null"`
	Source  string  `gorm:"size:200;not null;default:''"`
	Version int32   `gorm:"not null"`
}

func (Rule) TableName() string { return "accident_rule" }

// Accident states.
const (
	StateReported      int32 = 0
	StateInvestigating int32 = 1
	StateClosed        int32 = 2
)

// StateNames name the states in messages.
var StateNames = map[int32]string{StateReported: "已报告", StateInvestigating: "调查中", StateClosed: "已结案"}

// Grades (国务院令第493号 第三条).
const (
	GradeSpecial int32 = 1 // 特别重大
	GradeMajor   int32 = 2 // 重大
	GradeLarger  int32 = 3 // 较大
	GradeGeneral int32 = 4 // 一般
)

// GradeNames name the grades.
var GradeNames = map[int32]string{GradeSpecial: "特别重大事故", GradeMajor: "重大事故", GradeLarger: "较大事故", GradeGeneral: "一般事故"}

// Accident is an accident report (生产安全事故).
type Accident struct {
	db.Base
	Title               string     `gorm:"size:200;not null"`
	OccurredAt          time.Time  `gorm:"not null"`
	Place               string     `gorm:"size:200;not null;default:''"`
	AccidentType        int32      `gorm:"not null;default:0"`
	GB6441Type          int32      `gorm:"column:gb6441_type;not null;default:0"`
	Cause               int32      `gorm:"not null;default:0"`
	Nature              int32      `gorm:"not null;default:0"`
	Deaths              int32      `gorm:"not null;default:0"`
	SeriousInjuries     int32      `gorm:"not null;default:0"`
	MinorInjuries       int32      `gorm:"not null;default:0"`
	Missing             int32      `gorm:"not null;default:0"`
	DirectLoss          float64    `gorm:"not null;default:0"`
	Grade               int32      `gorm:"not null;default:4"`
	Description         string     `gorm:"type:text"`
	MeasuresTaken       string     `gorm:"size:2000;not null;default:''"`
	DeptID              int64      `gorm:"not null;default:0"`
	ResponsibleUserID   int64      `gorm:"not null;default:0"`
	State               int32      `gorm:"not null;default:0"`
	ReportedAt          time.Time  `gorm:"not null"`
	ReportDue           time.Time  `gorm:"not null"`
	SupplementDue       time.Time  `gorm:"not null"`
	InvestigationDue    time.Time  `gorm:"not null"`
	ExtensionDays       int32      `gorm:"not null;default:0"`
	InvestigationLeader string     `gorm:"size:100;not null;default:''"`
	InvestigationReport string     `gorm:"type:text"`
	RootCause           string     `gorm:"size:2000;not null;default:''"`
	Responsibility      string     `gorm:"size:2000;not null;default:''"`
	Education           string     `gorm:"size:2000;not null;default:''"`
	ClosedAt            *time.Time `gorm:""`
}

func (Accident) TableName() string { return "accident_report" }

// Supplement is a supplementary report (补报) of an accident's figures.
type Supplement struct {
	db.Base
	AccidentID      int64   `gorm:"not null"`
	Deaths          int32   `gorm:"not null;default:0"`
	SeriousInjuries int32   `gorm:"not null;default:0"`
	MinorInjuries   int32   `gorm:"not null;default:0"`
	Missing         int32   `gorm:"not null;default:0"`
	DirectLoss      float64 `gorm:"not null;default:0"`
	Note            string  `gorm:"size:1000;not null;default:''"`
	GradeBefore     int32   `gorm:"not null"`
	GradeAfter      int32   `gorm:"not null"`
	ReporterName    string  `gorm:"size:50;not null;default:''"`
}

func (Supplement) TableName() string { return "accident_supplement" }

// Action states.
const (
	ActionOpen int32 = 0
	ActionDone int32 = 1
)

// Action is a corrective action (整改措施) of an accident.
type Action struct {
	db.Base
	AccidentID        int64      `gorm:"not null"`
	Content           string     `gorm:"size:1000;not null"`
	ResponsibleUserID int64      `gorm:"not null;default:0"`
	Deadline          *time.Time `gorm:""`
	State             int32      `gorm:"not null;default:0"`
	DoneAt            *time.Time `gorm:""`
	DoneNote          string     `gorm:"size:1000;not null;default:''"`
	HazardRaised      bool       `gorm:"not null;default:false"`
}

func (Action) TableName() string { return "accident_action" }

// NearMiss is a near miss (未遂事件).
type NearMiss struct {
	db.Base
	Title         string    `gorm:"size:200;not null"`
	OccurredAt    time.Time `gorm:"not null"`
	Place         string    `gorm:"size:200;not null;default:''"`
	PotentialType int32     `gorm:"not null;default:0"`
	Cause         int32     `gorm:"not null;default:0"`
	Description   string    `gorm:"size:2000;not null;default:''"`
	Measures      string    `gorm:"size:2000;not null;default:''"`
	ReporterName  string    `gorm:"size:50;not null;default:''"`
}

func (NearMiss) TableName() string { return "accident_near_miss" }

// Models are the tables of the accident database.
func Models() []any {
	return []any{&Rule{}, &Accident{}, &Supplement{}, &Action{}, &NearMiss{}}
}
