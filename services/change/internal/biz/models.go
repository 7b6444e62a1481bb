// Package biz holds change's rules: the change request's state machine
// (申请 -> 风险分析 -> 审批 -> 实施 -> 验收 -> 关闭, 退回 one step), the PSSR
// gate (open 必改项 block start-up, 待改项 block closure), the people to be
// informed or trained before start-up, and the expiry of temporary
// changes. It imports neither gorm nor proto.
package biz

import (
	"time"

	"anquan/kit/db"
)

// Change request states.
const (
	StateDraft     int32 = 0 // 申请 (草稿)
	StateAnalysis  int32 = 1 // 风险分析
	StateApproval  int32 = 2 // 审批
	StateImplement int32 = 3 // 实施
	StateAccept    int32 = 4 // 验收 (开车/投用后)
	StateAccepted  int32 = 5 // 已验收 (待改项跟踪)
	StateClosed    int32 = 6 // 已关闭
)

// StateNames name the states in messages and on the page.
var StateNames = map[int32]string{StateDraft: "申请", StateAnalysis: "风险分析", StateApproval: "审批", StateImplement: "实施",
	StateAccept: "验收", StateAccepted: "已验收", StateClosed: "已关闭"}

// Request is a change request (变更申请).
type Request struct {
	db.Base
	Title              string     `gorm:"size:200;not null"`
	ChangeType         int32      `gorm:"not null;default:0"`
	Attribute          int32      `gorm:"not null;default:1"`
	Category           int32      `gorm:"not null;default:0"`
	ConstructionNature int32      `gorm:"not null;default:0"`
	ConstructionStatus int32      `gorm:"not null;default:0"`
	Temporary          bool       `gorm:"not null;default:false"`
	ExpireAt           *time.Time `gorm:""`
	Reason             string     `gorm:"size:2000;not null;default:''"`
	Content            string     `gorm:"size:2000;not null;default:''"`
	Location           string     `gorm:"size:200;not null;default:''"`
	DeptID             int64      `gorm:"not null;default:0"`
	ApplicantName      string     `gorm:"size:50;not null;default:''"`
	State              int32      `gorm:"not null;default:0"`
	RiskAnalysis       string     `gorm:"type:text"`
	ApproverName       string     `gorm:"size:50;not null;default:''"`
	ApproveNote        string     `gorm:"size:2000;not null;default:''"`
	StartupAt          *time.Time `gorm:""`
	AcceptNote         string     `gorm:"size:2000;not null;default:''"`
	RejectReason       string     `gorm:"size:2000;not null;default:''"`
	ClosedAt           *time.Time `gorm:""`
	// OverdueNotified: the applicant was told the temporary change expired.
	OverdueNotified bool `gorm:"not null;default:false"`
}

func (Request) TableName() string { return "change_request" }

// Overdue: a temporary change past its expiry and not closed.
func (r *Request) Overdue(now time.Time) bool {
	return r.Temporary && r.ExpireAt != nil && r.State != StateClosed && now.After(*r.ExpireAt)
}

// Log is a step taken on a request.
type Log struct {
	db.Base
	ChangeID  int64  `gorm:"not null"`
	Action    string `gorm:"size:20;not null"`
	FromState int32  `gorm:"not null"`
	ToState   int32  `gorm:"not null"`
	Note      string `gorm:"type:text"`
	UserName  string `gorm:"size:50;not null;default:''"`
}

func (Log) TableName() string { return "change_log" }

// PSSR item kinds.
const (
	KindMustFix int32 = 1 // 必改项: closed before start-up
	KindToFix   int32 = 2 // 待改项: tracked after start-up
)

// KindNames name the kinds.
var KindNames = map[int32]string{KindMustFix: "必改项", KindToFix: "待改项"}

// PssrItem is a finding of the pre-start-up safety review (开车前安全审查).
type PssrItem struct {
	db.Base
	ChangeID          int64      `gorm:"not null"`
	Content           string     `gorm:"size:500;not null"`
	Kind              int32      `gorm:"not null"`
	ResponsibleUserID int64      `gorm:"not null;default:0"`
	Done              bool       `gorm:"not null;default:false"`
	DoneNote          string     `gorm:"size:1000;not null;default:''"`
	DoneAt            *time.Time `gorm:""`
	DoneBy            string     `gorm:"size:50;not null;default:''"`
}

func (PssrItem) TableName() string { return "change_pssr_item" }

// Ways a person learns of the change.
const (
	WayInformed int32 = 1 // 告知
	WayTrained  int32 = 2 // 培训
)

// Person is someone to be informed or trained before start-up.
type Person struct {
	db.Base
	ChangeID    int64      `gorm:"not null"`
	UserID      int64      `gorm:"not null"`
	UserName    string     `gorm:"size:50;not null;default:''"`
	Way         int32      `gorm:"not null;default:1"`
	Confirmed   bool       `gorm:"not null;default:false"`
	ConfirmedAt *time.Time `gorm:""`
	ConfirmedBy string     `gorm:"size:50;not null;default:''"`
}

func (Person) TableName() string { return "change_person" }

// Models are the tables of the change database.
func Models() []any {
	return []any{&Request{}, &Log{}, &PssrItem{}, &Person{}}
}
