package biz

import (
	"time"

	"anquan/kit/db"
)

// Question types.
const (
	TypeSingle   int32 = 1 // 单选
	TypeMultiple int32 = 2 // 多选
	TypeJudge    int32 = 3 // 判断
	TypeFill     int32 = 4 // 填空: marked at once by its policy
	TypeEssay    int32 = 5 // 简答: marked by hand
)

// Fill-in marking policies.
const (
	PolicyExact   int32 = 1 // 精确: the canonical answer only
	PolicySynonym int32 = 2 // 同义词: any listed answer, case and surrounding spaces ignored
)

// Paper modes.
const (
	ModeFixed  int32 = 1 // 固定组卷
	ModeRandom int32 = 2 // 随机组卷
)

// Attempt states.
const (
	StateNotStarted int32 = 0 // 未开始
	StateInProgress int32 = 1 // 考试中
	StateSubmitted  int32 = 2 // 已交卷
	StateMissed     int32 = 3 // 缺考 (the exam ended before the person started)
	StatePending    int32 = 4 // 待阅卷: handed in, essays still to mark by hand
)

// Category groups questions (题库分类).
type Category struct {
	db.Base
	Name   string `gorm:"size:100;not null"`
	Sort   int32  `gorm:"not null;default:0"`
	Remark string `gorm:"size:500;not null;default:''"`
}

func (Category) TableName() string { return "edu_category" }

// Option is one choice of a question.
type Option struct {
	Key  string `json:"key"`
	Text string `json:"text"`
}

// Question is one item of the bank.
type Question struct {
	db.Base
	CategoryID int64  `gorm:"not null;default:0"`
	Type       int32  `gorm:"not null"`
	Content    string `gorm:"size:2000;not null"`
	Options    string `gorm:"type:text;not null"` // JSON []Option
	Answer     string `gorm:"size:20;not null"`
	Analysis   string `gorm:"size:2000;not null;default:''"`
	Difficulty int32  `gorm:"not null;default:1"`
	Remark     string `gorm:"size:500;not null;default:''"`
	// Fill-in: JSON [][]string, per blank its accepted answers (the first
	// canonical), and the policy; essay: the reference answer.
	Blanks    string `gorm:"size:4000;not null;default:''"`
	Policy    int32  `gorm:"not null;default:0"`
	Reference string `gorm:"size:2000;not null;default:''"`
}

func (Question) TableName() string { return "edu_question" }

// PaperQuestion is a fixed question of a paper with its score.
type PaperQuestion struct {
	QuestionID int64 `json:"questionId,string"`
	Score      int32 `json:"score"`
}

// DrawRule draws Count questions of Type (and CategoryID, 0 = any), Score each.
type DrawRule struct {
	CategoryID int64 `json:"categoryId,string"`
	Type       int32 `json:"type"`
	Count      int32 `json:"count"`
	Score      int32 `json:"score"`
}

// Paper is a test paper: fixed questions or random draw rules.
type Paper struct {
	db.Base
	Name          string `gorm:"size:200;not null"`
	Mode          int32  `gorm:"not null"`
	Questions     string `gorm:"type:text;not null"` // JSON []PaperQuestion
	Rules         string `gorm:"type:text;not null"` // JSON []DrawRule
	TotalScore    int32  `gorm:"not null;default:0"`
	QuestionCount int32  `gorm:"not null;default:0"`
	PassScore     int32  `gorm:"not null;default:0"`
	Duration      int32  `gorm:"not null;default:60"`
	Remark        string `gorm:"size:500;not null;default:''"`
}

func (Paper) TableName() string { return "edu_paper" }

// Exam assigns a paper to people for a window of time.
type Exam struct {
	db.Base
	Name      string    `gorm:"size:200;not null"`
	PaperID   int64     `gorm:"not null"`
	PaperName string    `gorm:"size:200;not null;default:''"`
	StartTime time.Time `gorm:"not null"`
	EndTime   time.Time `gorm:"not null"`
	UserIDs   string    `gorm:"type:text;not null"`
	UserNames string    `gorm:"type:text;not null"`
	// Departments and roles whose active people joined UserIDs when the exam was saved
	// (comma lists); the roster is fixed then, a later member is not added.
	DeptIDs string `gorm:"size:2000;not null;default:''"`
	RoleIDs string `gorm:"size:2000;not null;default:''"`
	// Contractor companies whose workers with a login account joined UserIDs on save (h-edu).
	CompanyIDs string `gorm:"size:2000;not null;default:''"`
	TotalScore int32  `gorm:"not null;default:0"`
	PassScore  int32  `gorm:"not null;default:0"`
	Duration   int32  `gorm:"not null;default:0"`
	Remark     string `gorm:"size:500;not null;default:''"`
	// Per-candidate order of the questions and of the choice options.
	ShuffleQuestions bool `gorm:"not null;default:false"`
	ShuffleOptions   bool `gorm:"not null;default:false"`
	// Attempts each person may make (1-10).
	MaxAttempts int32 `gorm:"not null;default:1"`
}

func (Exam) TableName() string { return "edu_exam" }

// Item is a drawn question of an attempt, with its key (never shown before
// marking) and the candidate's answer.
type Item struct {
	QuestionID int64    `json:"questionId,string"`
	Type       int32    `json:"type"`
	Content    string   `json:"content"`
	Options    []Option `json:"options"`
	Score      int32    `json:"score"`
	Answer     string   `json:"answer"`
	Analysis   string   `json:"analysis"`
	Given      string   `json:"given"`
	// Fill-in: accepted answers per blank, the policy and the text given per blank.
	Blanks [][]string `json:"blanks,omitempty"`
	Policy int32      `json:"policy,omitempty"`
	Fills  []string   `json:"fills,omitempty"`
	// Essay: the reference answer; the points and comment of the hand marking.
	Reference string `json:"reference,omitempty"`
	Marked    bool   `json:"marked,omitempty"`
	Got       int32  `json:"got,omitempty"`
	Comment   string `json:"comment,omitempty"`
}

// Record is one person's attempt of an exam.
type Record struct {
	db.Base
	ExamID        int64  `gorm:"not null"`
	ExamName      string `gorm:"size:200;not null;default:''"`
	UserID        int64  `gorm:"not null"`
	UserName      string `gorm:"size:100;not null;default:''"`
	State         int32  `gorm:"not null;default:0"`
	StartedAt     *time.Time
	Deadline      *time.Time
	SubmittedAt   *time.Time
	Score         int32     `gorm:"not null;default:0"`
	TotalScore    int32     `gorm:"not null;default:0"`
	PassScore     int32     `gorm:"not null;default:0"`
	Passed        bool      `gorm:"not null;default:false"`
	AutoSubmitted bool      `gorm:"not null;default:false"`
	Duration      int32     `gorm:"not null;default:0"`
	ExamStart     time.Time `gorm:"not null"`
	ExamEnd       time.Time `gorm:"not null"`
	Items         string    `gorm:"type:text;not null"` // JSON []Item
	CertNo        string    `gorm:"size:40;not null;default:''"`
	// The attempt's number (1..) and the exam's limit when it was made.
	Attempt     int32 `gorm:"not null;default:1"`
	MaxAttempts int32 `gorm:"not null;default:1"`
}

func (Record) TableName() string { return "edu_record" }

// Cert is the certificate of a passed attempt.
type Cert struct {
	db.Base
	CertNo     string    `gorm:"size:40;not null"`
	RecordID   int64     `gorm:"not null"`
	ExamID     int64     `gorm:"not null"`
	ExamName   string    `gorm:"size:200;not null;default:''"`
	UserID     int64     `gorm:"not null"`
	UserName   string    `gorm:"size:100;not null;default:''"`
	Score      int32     `gorm:"not null;default:0"`
	TotalScore int32     `gorm:"not null;default:0"`
	IssueTime  time.Time `gorm:"not null"`
}

func (Cert) TableName() string { return "edu_certificate" }

// Models are the tables of the service.
func Models() []any {
	return []any{&Category{}, &Question{}, &Paper{}, &Exam{}, &Record{}, &Cert{}, &Course{}, &Study{}, &TrainingRule{}, &Plan{}, &StudyYear{}, &PostCourse{}, &RemindNotice{}}
}
