package biz

import "anquan/kit/db"

// Certificate is a certificate a person of the tenant holds (blade_user_certificate).
// Dates are stored as yyyy-MM-dd text: they compare lexically on every
// engine, and a certificate is valid through its expire date whatever the
// zone of the database server.
type Certificate struct {
	db.Base
	UserID           int64  `gorm:"not null;index"`
	Kind             string `gorm:"size:32;not null"`
	CertificateNo    string `gorm:"size:64;not null"`
	IssuingAuthority string `gorm:"size:100;not null;default:''"`
	IssueDate        string `gorm:"size:10;not null"`
	ExpireDate       string `gorm:"size:10;not null"`
	ReviewDate       string `gorm:"size:10;not null;default:''"`
	Attachments      string `gorm:"size:2000;not null;default:''"`
	// InOrOut is the holder's work company type (1 internal, 2 external),
	// copied from the user at submit so lists filter on an index.
	InOrOut int32 `gorm:"not null;default:1"`
	// DeptID is the holder's main department at submit.
	DeptID int64  `gorm:"not null;default:0"`
	Remark string `gorm:"size:500;not null;default:''"`
}

func (Certificate) TableName() string { return "blade_user_certificate" }

// ExpireSetting is a tenant's certificate expiration reminder (one row per tenant).
type ExpireSetting struct {
	db.Base
	// Type: 1 RemindDate counts days, 2 counts months.
	Type       int32 `gorm:"not null;default:1"`
	RemindDate int32 `gorm:"not null;default:30"`
}

func (ExpireSetting) TableName() string { return "blade_user_certificate_expire" }

// Guardian configures a person as guardian (监护人) of a work type.
type Guardian struct {
	db.Base
	WorkType string `gorm:"size:32;not null"`
	UserID   int64  `gorm:"not null;index"`
	Remark   string `gorm:"size:500;not null;default:''"`
}

func (Guardian) TableName() string { return "blade_user_ticket_guardian" }

// ExpiryNotice records that a certificate was reminded for one expire date
// and window, so the daily job raises each reminder once.
type ExpiryNotice struct {
	db.Base
	CertificateID int64  `gorm:"not null"`
	ExpireDate    string `gorm:"size:10;not null"`
	// Stage is "expiring" or "expired".
	Stage string `gorm:"size:16;not null"`
}

func (ExpiryNotice) TableName() string { return "blade_user_certificate_notice" }

// Expire setting types.
const (
	RemindDays   = int32(1)
	RemindMonths = int32(2)
)

// Default reminder window when a tenant saved none.
const DefaultRemindDays = int32(30)

// Validity states of a certificate on a day.
const (
	StateValid    = int32(1)
	StateExpiring = int32(2)
	StateExpired  = int32(3)
)
