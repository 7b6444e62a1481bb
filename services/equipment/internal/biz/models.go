// Package biz holds equipment's rules: the ledger of equipment and safety
// facilities, its detection rules (特种设备检验周期, a per-tenant table),
// maintenance and detection records moving the equipment's due dates, and
// the overdue list. It imports neither gorm nor proto.
package biz

import "anquan/kit/db"

// Categories of equipment.
const (
	CategoryProduction = 1
	CategorySpecial    = 2
	CategorySafety     = 3
	CategoryInstrument = 4
)

// CategoryNames name the categories.
var CategoryNames = map[int32]string{CategoryProduction: "生产设备", CategorySpecial: "特种设备", CategorySafety: "安全设施", CategoryInstrument: "仪器仪表"}

// Lifecycle, maintain state and enable values (spec enums).
const (
	LifecycleInUse    = 1
	LifecycleScrapped = 2
	MaintainGood      = 1
	ModeCalendar      = 1
	ModeRunHours      = 2
	MaintainRepair    = 2
	EnableOn          = 1
	EnableOff         = 2
)

// Record kinds and results.
const (
	KindMaintain = 1
	KindDetect   = 2
	ResultPass   = 1
	ResultFail   = 2
)

// Due states of the ledger and overdue list.
const (
	DueNone    = 0
	DueSoon    = 1
	DueOverdue = 2
)

// Equipment is one row of the ledger (设备台账). Dates are yyyy-MM-dd
// strings ("" when unknown): they compare as text on every engine.
type Equipment struct {
	db.Base
	Code              string `gorm:"size:64;not null"`
	Name              string `gorm:"size:100;not null"`
	Category          int32  `gorm:"not null;default:1"`
	RuleID            int64  `gorm:"not null;default:0"`
	Model             string `gorm:"size:100;not null;default:''"`
	Maker             string `gorm:"size:100;not null;default:''"`
	AreaID            int64  `gorm:"not null;default:0"`
	Location          string `gorm:"size:200;not null;default:''"`
	ResponsibleUserID int64  `gorm:"not null;default:0"`
	ResponsibleName   string `gorm:"size:100;not null;default:''"`
	RegisterNo        string `gorm:"size:64;not null;default:''"`
	CommissionDate    string `gorm:"size:10;not null;default:''"`
	Lifecycle         int32  `gorm:"not null;default:1"`
	MaintainState     int32  `gorm:"not null;default:1"`
	Enable            int32  `gorm:"not null;default:1"`
	MaintainCycleDays int32  `gorm:"not null;default:0"`
	LastDetectDate    string `gorm:"size:10;not null;default:''"`
	NextDetectDate    string `gorm:"size:10;not null;default:''"`
	LastMaintainDate  string `gorm:"size:10;not null;default:''"`
	NextMaintainDate  string `gorm:"size:10;not null;default:''"`
	// NextDue is the earlier of the next dates ("" when neither is set):
	// the overdue list reads it through its index.
	NextDue string `gorm:"size:10;not null;default:''"`
	Remark  string `gorm:"size:500;not null;default:''"`
	// MaintainMode is how maintenance is planned: 1 by calendar
	// (MaintainCycleDays), 2 by run hours (MaintainIntervalHours from the
	// last maintenance's reading, listed as due MaintainLeadHours before).
	MaintainMode          int32 `gorm:"not null;default:1"`
	MaintainIntervalHours int32 `gorm:"not null;default:0"`
	MaintainLeadHours     int32 `gorm:"not null;default:0"`
	// RunHours is the cumulative run time; CounterReading the hour meter's
	// last raw reading (a counter reset starts it again from 0 while
	// RunHours keeps counting).
	RunHours       float64 `gorm:"not null;default:0"`
	CounterReading float64 `gorm:"not null;default:0"`
	// LastMaintainHours is RunHours at the last maintenance,
	// NextMaintainHours it plus the interval (0 when not by run hours).
	LastMaintainHours float64 `gorm:"not null;default:0"`
	NextMaintainHours float64 `gorm:"not null;default:0"`
	// HoursDue is the run-hour plan's due state (DueNone, DueSoon,
	// DueOverdue), kept with every reading, maintenance and plan change so
	// the reminder job and the ledger filter read it through an index.
	HoursDue int32 `gorm:"not null;default:0"`
}

func (Equipment) TableName() string { return "equipment_ledger" }

// Rule is a detection rule of the tenant.
type Rule struct {
	db.Base
	Kind           string `gorm:"size:32;not null"`
	Name           string `gorm:"size:100;not null"`
	IntervalMonths int32  `gorm:"not null"`
	LeadDays       int32  `gorm:"not null;default:30"`
	Basis          string `gorm:"size:200;not null;default:''"`
	Remark         string `gorm:"size:500;not null;default:''"`
}

func (Rule) TableName() string { return "equipment_rule" }

// Record is a maintenance or detection record.
type Record struct {
	db.Base
	EquipmentID   int64  `gorm:"not null"`
	EquipmentCode string `gorm:"size:64;not null;default:''"`
	EquipmentName string `gorm:"size:100;not null;default:''"`
	Kind          int32  `gorm:"not null"`
	RecordDate    string `gorm:"size:10;not null"`
	Result        int32  `gorm:"not null;default:1"`
	Content       string `gorm:"size:1000;not null;default:''"`
	Org           string `gorm:"size:100;not null;default:''"`
	ReportNo      string `gorm:"size:64;not null;default:''"`
	NextDue       string `gorm:"size:10;not null;default:''"`
	OperatorID    int64  `gorm:"not null;default:0"`
	OperatorName  string `gorm:"size:100;not null;default:''"`
	Attachments   string `gorm:"size:500;not null;default:''"`
	// RunHours is the equipment's cumulative run hours at a maintenance of
	// a run-hour plan (0 otherwise).
	RunHours float64 `gorm:"not null;default:0"`
}

func (Record) TableName() string { return "equipment_record" }

// Models are the tables of equipment.
func Models() []any {
	return []any{&Equipment{}, &Rule{}, &Record{}, &Factor{}, &MajorHazard{}, &MHChemical{},
		&ServiceOrder{}, &Request{}, &Lockout{}, &LockoutStep{}, &FlowLog{}, &RemindRule{}, &RemindNotice{}, &RunReading{}}
}
