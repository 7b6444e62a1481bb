package biz

import (
	"strconv"

	"anquan/kit/db"
)

// Instance states (spec "Process state", plus cancelled).
const (
	InProcess int32 = 0
	Completed int32 = 1
	Rejected  int32 = 2
	Cancelled int32 = 3
)

// Comment actions.
const (
	ActStart  = "start"
	ActPass   = "pass"
	ActReject = "reject"
	ActRecord = "record"
	ActCancel = "cancel"
)

// Step is one signature of a chain: any of Roles (aliases) or Users may sign.
type Step struct {
	Name  string   `json:"name"`
	Roles []string `json:"roles,omitempty"`
	Users []int64  `json:"users,omitempty"`
}

// Model is a tenant's process definition for a key.
type Model struct {
	db.Base
	ModelKey string `gorm:"size:100;not null"`
	Name     string `gorm:"size:100;not null;default:''"`
	// Steps is the JSON list of Step.
	Steps           string `gorm:"type:text;not null"`
	ForbidApplicant bool   `gorm:"not null;default:false"`
	Remark          string `gorm:"size:500;not null;default:''"`
}

func (Model) TableName() string { return "flow_model" }

// Instance runs one business record through a chain. The chain is copied at
// start, so editing a model never changes a running approval.
type Instance struct {
	db.Base
	ModelKey      string `gorm:"size:100;not null;default:''"`
	BusinessTable string `gorm:"size:100;not null;default:''"`
	BusinessID    int64  `gorm:"not null;default:0"`
	Title         string `gorm:"size:200;not null;default:''"`
	ApplicantID   int64  `gorm:"not null;default:0"`
	ApplicantName string `gorm:"size:100;not null;default:''"`
	// State: InProcess, Completed, Rejected, Cancelled (Base.Status keeps
	// its Blade meaning of an enabled row).
	State int32 `gorm:"not null;default:0"`
	// StepIndex of the task waiting for a signature; -1 when finished.
	StepIndex       int32  `gorm:"not null;default:0"`
	Steps           string `gorm:"type:text;not null"`
	ForbidApplicant bool   `gorm:"not null;default:false"`
	// Version grows with every transition: signatures update on it, so of
	// two concurrent signers exactly one advances the instance.
	Version int32 `gorm:"not null;default:0"`
}

func (Instance) TableName() string { return "flow_instance" }

// ProcessInstanceID is the id as the REST API spells it.
func (i *Instance) ProcessInstanceID() string { return strconv.FormatInt(i.ID, 10) }

// Comment is one line of an instance's history.
type Comment struct {
	db.Base
	InstanceID int64  `gorm:"not null"`
	TaskName   string `gorm:"size:100;not null;default:''"`
	UserID     int64  `gorm:"not null;default:0"`
	UserName   string `gorm:"size:100;not null;default:''"`
	Action     string `gorm:"size:20;not null"`
	Comment    string `gorm:"size:1000;not null;default:''"`
}

func (Comment) TableName() string { return "flow_comment" }

// Candidate says who may sign the current task of an open instance: one row
// per role alias ("r:<alias>") or user ("u:<id>"). Rows exist only while the
// instance waits, so a to-do list is one IN look-up on an index, never a scan.
type Candidate struct {
	ID         int64  `gorm:"primaryKey;autoIncrement:false"`
	TenantID   string `gorm:"size:12;not null;default:''"`
	InstanceID int64  `gorm:"not null"`
	Who        string `gorm:"size:80;not null;default:''"`
}

// RoleWho / UserWho are the Who of a role alias and of a user.
func RoleWho(alias string) string { return "r:" + alias }
func UserWho(id int64) string     { return "u:" + strconv.FormatInt(id, 10) }

func (Candidate) TableName() string { return "flow_candidate" }

// TenantOwned puts candidates under the central tenant scope.
func (Candidate) TenantOwned() {}

// Models lists the tables to migrate.
func Models() []any { return []any{&Model{}, &Instance{}, &Comment{}, &Candidate{}} }
