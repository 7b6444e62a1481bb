package biz

import (
	"time"

	"anquan/kit/db"
)

// Ticket is a permit: the common columns of every type plus Detail, the
// type-specific fields as JSON (validated per type by Normalize).
type Ticket struct {
	db.Base
	TicketNo   string `gorm:"size:32;not null"`
	WorkType   string `gorm:"size:32;not null"`
	Level      int32  `gorm:"not null;default:0"`
	WorkUnit   string `gorm:"size:200;not null;default:''"`
	WorkUnitID int64  `gorm:"not null;default:0"`
	AreaID     int64  `gorm:"not null;default:0"`
	AreaName   string `gorm:"size:200;not null;default:''"`
	Location   string `gorm:"size:500;not null;default:''"`
	Content    string `gorm:"type:text;not null"`
	// Applicant (the caller who created it).
	ApplicantID   int64  `gorm:"not null;default:0"`
	ApplicantName string `gorm:"size:100;not null;default:''"`
	ApplyTime     *time.Time
	// Operators: comma list of ids and of names, same order.
	OperatorIDs   string    `gorm:"type:text;not null"`
	OperatorNames string    `gorm:"type:text;not null"`
	GuardianID    int64     `gorm:"not null;default:0"`
	GuardianName  string    `gorm:"size:100;not null;default:''"`
	PlanStart     time.Time `gorm:"not null"`
	PlanEnd       time.Time `gorm:"not null"`
	// PlanDay is the tenant-zone date of PlanStart (statistics by day on any engine).
	PlanDay           string `gorm:"size:10;not null;default:''"`
	ActualStart       *time.Time
	ActualEnd         *time.Time
	HazardCodes       string `gorm:"size:200;not null;default:''"`
	Measures          string `gorm:"type:text;not null"` // JSON []Measure
	RelatedTicketNos  string `gorm:"type:text;not null"`
	Attachments       string `gorm:"type:text;not null"`
	TicketStatus      int32  `gorm:"not null;default:0"`
	JobStatus         int32  `gorm:"not null;default:1"`
	WorkPhase         int32  `gorm:"not null;default:1"`
	Paused            bool   `gorm:"not null;default:false"`
	PauseTime         *time.Time
	ProcessInstanceID string `gorm:"size:64;not null;default:''"`
	FlowStatus        int32  `gorm:"not null;default:-1"`
	FlowTaskName      string `gorm:"size:100;not null;default:''"`
	IssueTime         *time.Time
	AcceptTime        *time.Time
	AcceptUserID      int64  `gorm:"not null;default:0"`
	AcceptUserName    string `gorm:"size:100;not null;default:''"`
	CloseReason       string `gorm:"size:500;not null;default:''"`
	Remark            string `gorm:"size:1000;not null;default:''"`
	Detail            string `gorm:"type:text;not null"` // JSON Detail
}

func (Ticket) TableName() string { return "wt_ticket" }

// Measure is one checklist item.
type Measure struct {
	Seq             int32  `json:"seq"`
	Content         string `json:"content"`
	Involved        bool   `json:"involved"`
	ConfirmUserID   int64  `json:"confirmUserId,string"`
	ConfirmUserName string `json:"confirmUserName"`
	ConfirmTime     string `json:"confirmTime"`
}

// Detail holds the type-specific fields (only the one of the work type is set).
type Detail struct {
	HotWork        *HotWorkFields        `json:"hotWork,omitempty"`
	ConfinedSpace  *ConfinedSpaceFields  `json:"confinedSpace,omitempty"`
	BlindPlate     *BlindPlateFields     `json:"blindPlate,omitempty"`
	Altitude       *AltitudeFields       `json:"altitude,omitempty"`
	Lifting        *LiftingFields        `json:"lifting,omitempty"`
	TemporaryPower *TemporaryPowerFields `json:"temporaryPower,omitempty"`
	BreakGround    *BreakGroundFields    `json:"breakGround,omitempty"`
	OpenCircuit    *OpenCircuitFields    `json:"openCircuit,omitempty"`
}

type HotWorkFields struct {
	FireLevel          *int32 `json:"fireLevel,omitempty"`
	Tools              string `json:"tools"`
	Method             string `json:"method"`
	OnRunningEquipment bool   `json:"onRunningEquipment"`
	Escalated          bool   `json:"escalated"`
	EscalationReason   string `json:"escalationReason"`
}

type ConfinedSpaceFields struct {
	SpaceName      string `json:"spaceName"`
	Medium         string `json:"medium"`
	Isolation      string `json:"isolation"`
	OxygenEnriched bool   `json:"oxygenEnriched"`
}

type BlindPlateFields struct {
	PlateType       int32   `json:"plateType"`
	PipeName        string  `json:"pipeName"`
	Medium          string  `json:"medium"`
	Temperature     float64 `json:"temperature"`
	Pressure        float64 `json:"pressure"`
	Material        string  `json:"material"`
	Size            string  `json:"size"`
	PlateNo         string  `json:"plateNo"`
	PositionDrawing string  `json:"positionDrawing"`
}

type AltitudeFields struct {
	Height float64 `json:"height"`
}

type LiftingFields struct {
	Weight    float64 `json:"weight"`
	Crane     string  `json:"crane"`
	Commander string  `json:"commander"`
}

type TemporaryPowerFields struct {
	PowerSource     string  `json:"powerSource"`
	Voltage         float64 `json:"voltage"`
	Load            float64 `json:"load"`
	ElectricianID   int64   `json:"electricianId,string"`
	ElectricianName string  `json:"electricianName"`
}

type BreakGroundFields struct {
	Length                float64 `json:"length"`
	Width                 float64 `json:"width"`
	Depth                 float64 `json:"depth"`
	UndergroundFacilities string  `json:"undergroundFacilities"`
}

type OpenCircuitFields struct {
	RoadSection string `json:"roadSection"`
	ClosurePlan string `json:"closurePlan"`
}

// GasSample is one gas analysis of a permit.
type GasSample struct {
	db.Base
	TicketID    int64     `gorm:"not null"`
	SampleTime  time.Time `gorm:"not null"`
	SamplePoint string    `gorm:"size:200;not null;default:''"`
	AnalystID   int64     `gorm:"not null;default:0"`
	AnalystName string    `gorm:"size:100;not null;default:''"`
	SampleKind  int32     `gorm:"not null;default:1"`
	Readings    string    `gorm:"type:text;not null"` // JSON []Reading
	Qualified   bool      `gorm:"not null;default:false"`
	Reason      string    `gorm:"size:1000;not null;default:''"`
}

func (GasSample) TableName() string { return "wt_gas_sample" }

// Signature is an approval step or a lifecycle act on a permit.
type Signature struct {
	db.Base
	TicketID int64     `gorm:"not null"`
	TaskName string    `gorm:"size:100;not null;default:''"`
	Action   string    `gorm:"size:20;not null;default:''"`
	UserID   int64     `gorm:"not null;default:0"`
	UserName string    `gorm:"size:100;not null;default:''"`
	Comment  string    `gorm:"size:1000;not null;default:''"`
	SignTime time.Time `gorm:"not null"`
}

func (Signature) TableName() string { return "wt_signature" }

// GuardianChange records a change of a permit's guardian (a hand-over).
type GuardianChange struct {
	db.Base
	TicketID        int64     `gorm:"not null"`
	TicketNo        string    `gorm:"size:32;not null;default:''"`
	WorkType        string    `gorm:"size:32;not null;default:''"`
	OldGuardianID   int64     `gorm:"not null;default:0"`
	OldGuardianName string    `gorm:"size:100;not null;default:''"`
	NewGuardianID   int64     `gorm:"not null;default:0"`
	NewGuardianName string    `gorm:"size:100;not null;default:''"`
	ChangeTime      time.Time `gorm:"not null"`
	Reason          string    `gorm:"size:500;not null;default:''"`
	HandoverContent string    `gorm:"type:text;not null"`
}

func (GuardianChange) TableName() string { return "wt_guardian_change" }

// Briefing is the pre-job safety briefing of one permit.
type Briefing struct {
	db.Base
	TicketID      int64     `gorm:"not null"`
	TicketNo      string    `gorm:"size:32;not null;default:''"`
	BrieferID     int64     `gorm:"not null;default:0"`
	BrieferName   string    `gorm:"size:100;not null;default:''"`
	BriefingTime  time.Time `gorm:"not null"`
	Content       string    `gorm:"type:text;not null"`
	AttendeeIDs   string    `gorm:"type:text;not null"`
	AttendeeNames string    `gorm:"type:text;not null"`
	Attachments   string    `gorm:"type:text;not null"`
}

func (Briefing) TableName() string { return "wt_briefing" }

// CalendarDay overrides one date of a tenant's calendar.
type CalendarDay struct {
	db.Base
	Day     string `gorm:"size:10;not null"`
	DayType int32  `gorm:"not null;default:2"`
	Name    string `gorm:"size:100;not null;default:''"`
}

func (CalendarDay) TableName() string { return "wt_calendar_day" }

// CalendarSetting holds a tenant's night hours (one row per tenant).
type CalendarSetting struct {
	db.Base
	NightStart string `gorm:"size:5;not null;default:'22:00'"`
	NightEnd   string `gorm:"size:5;not null;default:'06:00'"`
}

func (CalendarSetting) TableName() string { return "wt_calendar_setting" }

// TicketSeq numbers a tenant's permits per prefix and day (race-free: the
// row is locked by the increment inside the creating transaction).
type TicketSeq struct {
	db.Base
	Prefix string `gorm:"size:8;not null"`
	Day    string `gorm:"size:8;not null"`
	Seq    int32  `gorm:"not null;default:0"`
}

func (TicketSeq) TableName() string { return "wt_ticket_seq" }

// Models lists the tables to migrate.
func Models() []any {
	return []any{&Ticket{}, &GasSample{}, &Signature{}, &GuardianChange{}, &Briefing{}, &CalendarDay{}, &CalendarSetting{}, &TicketSeq{}}
}

// NotAudited: the number counter changes with every permit, which the
// permit's own audit entry already records.
func (TicketSeq) NotAudited() {}
