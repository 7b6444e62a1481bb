// Package biz holds health's rules: the tenant's versioned rule table
// (detection frequency by the unit's class, periodic examination interval
// per hazard factor), detection due dates, the examination gates (no
// pre-employment exam -> no hazard post; contraindication -> reassignment;
// suspected disease -> a diagnosis task) and a worker's record. It imports
// neither gorm nor proto.
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

func (Rule) TableName() string { return "health_rule" }

// Post is a post exposed to occupational hazards (接害岗位).
type Post struct {
	db.Base
	Name          string `gorm:"size:100;not null"`
	DeptID        int64  `gorm:"not null;default:0"`
	Location      string `gorm:"size:200;not null;default:''"`
	ManagerUserID int64  `gorm:"not null;default:0"`
	ManagerName   string `gorm:"size:50;not null;default:''"`
	Note          string `gorm:"size:1000;not null;default:''"`
}

func (Post) TableName() string { return "health_post" }

// Hazard is a hazard factor present at a post.
type Hazard struct {
	db.Base
	PostID      int64  `gorm:"not null"`
	FactorClass int32  `gorm:"not null"`
	FactorName  string `gorm:"size:100;not null"`
	HarmDegree  int32  `gorm:"not null;default:0"`
	ExamRule    string `gorm:"size:64;not null;default:''"`
}

func (Hazard) TableName() string { return "health_hazard" }

// Detection results.
const (
	ResultConform int32 = 1 // 符合
	ResultExceed  int32 = 2 // 超标
)

// Detection is a workplace detection of a factor (工作场所职业病危害因素检测).
type Detection struct {
	db.Base
	HazardID    int64      `gorm:"not null"`
	DetectedAt  time.Time  `gorm:"not null"`
	Agency      string     `gorm:"size:200;not null;default:''"`
	Measured    string     `gorm:"size:500;not null;default:''"`
	Result      int32      `gorm:"not null"`
	Published   bool       `gorm:"not null;default:false"`
	PublishedAt *time.Time `gorm:""`
}

func (Detection) TableName() string { return "health_detection" }

// Assignment is a worker on a hazard post.
type Assignment struct {
	db.Base
	UserID    int64      `gorm:"not null"`
	UserName  string     `gorm:"size:50;not null;default:''"`
	PostID    int64      `gorm:"not null"`
	StartDate time.Time  `gorm:"not null"`
	EndDate   *time.Time `gorm:""`
}

func (Assignment) TableName() string { return "health_assignment" }

// Current: the worker is still on the post.
func (a *Assignment) Current() bool { return a.EndDate == nil }

// Examination types (dictionary health_exam_type).
const (
	ExamPre       int32 = 1 // 上岗前
	ExamPeriodic  int32 = 2 // 在岗期间
	ExamLeaving   int32 = 3 // 离岗时
	ExamAfter     int32 = 4 // 离岗后
	ExamEmergency int32 = 5 // 应急
)

// ExamTypeNames name the types.
var ExamTypeNames = map[int32]string{ExamPre: "上岗前", ExamPeriodic: "在岗期间", ExamLeaving: "离岗时", ExamAfter: "离岗后", ExamEmergency: "应急"}

// Conclusions of an examination.
const (
	ConclusionNormal           int32 = 1 // 目前未见异常
	ConclusionRecheck          int32 = 2 // 复查
	ConclusionSuspected        int32 = 3 // 疑似职业病
	ConclusionContraindication int32 = 4 // 职业禁忌证
	ConclusionOther            int32 = 5 // 其他
)

// ConclusionNames name the conclusions.
var ConclusionNames = map[int32]string{ConclusionNormal: "目前未见异常", ConclusionRecheck: "复查", ConclusionSuspected: "疑似职业病",
	ConclusionContraindication: "职业禁忌证", ConclusionOther: "其他"}

// Exam is an occupational health examination (职业健康检查).
type Exam struct {
	db.Base
	UserID         int64     `gorm:"not null"`
	UserName       string    `gorm:"size:50;not null;default:''"`
	ExamType       int32     `gorm:"not null"`
	ExamDate       time.Time `gorm:"not null"`
	Institution    string    `gorm:"size:200;not null;default:''"`
	FactorNames    string    `gorm:"size:500;not null;default:''"`
	Conclusion     int32     `gorm:"not null"`
	ConclusionNote string    `gorm:"size:1000;not null;default:''"`
	NeedsReassign  bool      `gorm:"not null;default:false"`
	Reassigned     bool      `gorm:"not null;default:false"`
	DiagnosisID    int64     `gorm:"not null;default:0"`
}

func (Exam) TableName() string { return "health_exam" }

// Diagnosis states.
const (
	DiagPending   int32 = 0 // 待安排
	DiagOngoing   int32 = 1 // 诊断中
	DiagDone      int32 = 2 // 已完成
	DiagConfirmed int32 = 1 // result: 确诊职业病
	DiagExcluded  int32 = 2 // result: 排除
)

// DiagStateNames name the states.
var DiagStateNames = map[int32]string{DiagPending: "待安排", DiagOngoing: "诊断中", DiagDone: "已完成"}

// Diagnosis is the task a suspected occupational disease opens.
type Diagnosis struct {
	db.Base
	ExamID          int64      `gorm:"not null"`
	UserID          int64      `gorm:"not null"`
	UserName        string     `gorm:"size:50;not null;default:''"`
	State           int32      `gorm:"not null;default:0"`
	Institution     string     `gorm:"size:200;not null;default:''"`
	Result          int32      `gorm:"not null;default:0"`
	DiseaseCategory int32      `gorm:"not null;default:0"`
	Note            string     `gorm:"size:1000;not null;default:''"`
	ArrangedAt      *time.Time `gorm:""`
	DoneAt          *time.Time `gorm:""`
}

func (Diagnosis) TableName() string { return "health_diagnosis" }

// Models are the tables of the health database.
func Models() []any {
	return []any{&Rule{}, &Post{}, &Hazard{}, &Detection{}, &Assignment{}, &Exam{}, &Diagnosis{}}
}
