// Package biz holds emergency's rules: the tenant's versioned rule table,
// plans with their versions, review, publication, filing and evaluation
// deadlines, supplies with their computed status, teams and drills with
// their state machine. It imports neither gorm nor proto.
package biz

import (
	"time"

	"anquan/kit/db"
)

// Rule is one version of a tenant rule (应急规则).
type Rule struct {
	db.Base
	Code    string `gorm:"size:64;not null"`
	Value   int32  `gorm:"not null"`
	Source  string `gorm:"size:200;not null;default:''"`
	Version int32  `gorm:"not null"`
}

func (Rule) TableName() string { return "emergency_rule" }

// Plan states.
const (
	PlanDraft      int32 = 0
	PlanReviewed   int32 = 1
	PlanPublished  int32 = 2
	PlanSuperseded int32 = 3
)

// PlanStateNames name the states in messages.
var PlanStateNames = map[int32]string{PlanDraft: "编制中", PlanReviewed: "已评审", PlanPublished: "已发布", PlanSuperseded: "已废止"}

// Plan types.
const (
	PlanGeneral int32 = 1 // 综合应急预案
	PlanSpecial int32 = 2 // 专项应急预案
	PlanOnSite  int32 = 3 // 现场处置方案
)

// Plan is one version of an emergency plan (应急预案).
type Plan struct {
	db.Base
	RootID            int64      `gorm:"not null;default:0"`
	Code              string     `gorm:"size:64;not null"`
	Name              string     `gorm:"size:200;not null"`
	PlanType          int32      `gorm:"not null"`
	Version           int32      `gorm:"not null;default:1"`
	State             int32      `gorm:"not null;default:0"`
	Content           string     `gorm:"type:text"`
	ResponseCards     string     `gorm:"type:text"`
	ResponsibleUserID int64      `gorm:"not null;default:0"`
	ReviewWay         int32      `gorm:"not null;default:0"`
	Reviewers         string     `gorm:"size:500;not null;default:''"`
	ReviewOpinion     string     `gorm:"size:2000;not null;default:''"`
	ReviewDate        *time.Time `gorm:""`
	PublishDate       *time.Time `gorm:""`
	FilingDue         *time.Time `gorm:""`
	FiledDate         *time.Time `gorm:""`
	EvaluationDue     *time.Time `gorm:""`
	ReviseReason      string     `gorm:"size:500;not null;default:''"`
}

func (Plan) TableName() string { return "emergency_plan" }

// Supply statuses (computed).
const (
	SupplyNormal   int32 = 0
	SupplyShort    int32 = 1
	SupplyExpired  int32 = 2
	SupplyScrapped int32 = 3
	SupplyCheckDue int32 = 4
)

// Supply is an emergency supply or equipment item (应急物资装备).
type Supply struct {
	db.Base
	Name              string     `gorm:"size:100;not null"`
	Category          int32      `gorm:"not null;default:0"`
	Model             string     `gorm:"size:100;not null;default:''"`
	Warehouse         string     `gorm:"size:100;not null;default:''"`
	Quantity          float64    `gorm:"not null;default:0"`
	MinStock          float64    `gorm:"not null;default:0"`
	Unit              string     `gorm:"size:20;not null;default:''"`
	ExpiryDate        *time.Time `gorm:""`
	CheckCycleDays    int32      `gorm:"not null;default:0"`
	LastCheckDate     *time.Time `gorm:""`
	Scrapped          bool       `gorm:"not null;default:false"`
	ResponsibleUserID int64      `gorm:"not null;default:0"`
	Remark            string     `gorm:"size:500;not null;default:''"`
}

func (Supply) TableName() string { return "emergency_supply" }

// Team is a rescue team (应急队伍).
type Team struct {
	db.Base
	Name              string `gorm:"size:100;not null"`
	TeamType          int32  `gorm:"not null;default:0"`
	LeaderName        string `gorm:"size:50;not null;default:''"`
	Phone             string `gorm:"size:30;not null;default:''"`
	ResponsibleUserID int64  `gorm:"not null;default:0"`
	Duty              string `gorm:"size:500;not null;default:''"`
}

func (Team) TableName() string { return "emergency_team" }

// Member is a member of a team.
type Member struct {
	db.Base
	TeamID int64  `gorm:"not null"`
	Name   string `gorm:"size:50;not null"`
	Phone  string `gorm:"size:30;not null;default:''"`
	Role   string `gorm:"size:50;not null;default:''"`
	Skills string `gorm:"size:200;not null;default:''"`
	// UserID is the member's account in blade-user (0: none).
	UserID int64 `gorm:"not null;default:0"`
}

func (Member) TableName() string { return "emergency_team_member" }

// Drill states (dictionary drill_state).
const (
	DrillDefault   int32 = 0
	DrillRunning   int32 = 1
	DrillComplete  int32 = 2
	DrillRejected  int32 = 3
	DrillVoided    int32 = 4
	drillStateLast       = DrillVoided
)

// DrillStateNames name the states in messages.
var DrillStateNames = map[int32]string{DrillDefault: "未开始", DrillRunning: "进行中", DrillComplete: "已完成", DrillRejected: "已驳回", DrillVoided: "已作废"}

// Drill is an emergency drill (应急演练).
type Drill struct {
	db.Base
	Name                string     `gorm:"size:200;not null"`
	PlanID              int64      `gorm:"not null;default:0"`
	Way                 int32      `gorm:"not null;default:0"`
	State               int32      `gorm:"not null;default:0"`
	PlannedDate         *time.Time `gorm:""`
	ActualDate          *time.Time `gorm:""`
	Place               string     `gorm:"size:200;not null;default:''"`
	Scenario            string     `gorm:"size:2000;not null;default:''"`
	TeamID              int64      `gorm:"not null;default:0"`
	Participants        int32      `gorm:"not null;default:0"`
	ResponsibleUserID   int64      `gorm:"not null;default:0"`
	Record              string     `gorm:"type:text"`
	EvaluationGrade     int32      `gorm:"not null;default:0"`
	Evaluation          string     `gorm:"type:text"`
	Rectifications      string     `gorm:"type:text"`
	ReportedToAuthority bool       `gorm:"not null;default:false"`
	StateReason         string     `gorm:"size:500;not null;default:''"`
}

func (Drill) TableName() string { return "emergency_drill" }

// Holiday is a calendar day that differs from the week: a holiday on a
// weekday, or a working weekend day (调休).
type Holiday struct {
	db.Base
	Day     string `gorm:"size:10;not null"`
	Name    string `gorm:"size:50;not null;default:''"`
	Working bool   `gorm:"not null;default:false"`
}

func (Holiday) TableName() string { return "emergency_holiday" }

// Models are the tables of the emergency database.
func Models() []any {
	return []any{&Rule{}, &Plan{}, &Supply{}, &Team{}, &Member{}, &Drill{}, &Holiday{}, &Duty{}, &DutyPerson{}, &Incident{}, &IncidentAction{}, &IncidentNotice{}}
}
