package biz

import (
	"time"

	"anquan/kit/db"
)

// Admission states of a company.
const (
	AdmissionPending  int32 = 0 // 待审核
	AdmissionAdmitted int32 = 1 // 已准入
	AdmissionRejected int32 = 2 // 未通过
	AdmissionExited   int32 = 3 // 已退场
)

// Blacklist kinds.
const (
	KindCompany int32 = 1
	KindPerson  int32 = 2
)

// Company is a contractor company (承包商单位).
type Company struct {
	db.Base
	Name                string `gorm:"size:200;not null"`
	CreditCode          string `gorm:"size:18;not null"`
	Category            int32  `gorm:"not null;default:5"`
	Risk                int32  `gorm:"not null;default:1"`
	Contact             string `gorm:"size:50;not null;default:''"`
	Phone               string `gorm:"size:20;not null;default:''"`
	Qualification       string `gorm:"size:200;not null;default:''"`
	QualificationNo     string `gorm:"size:64;not null;default:''"`
	QualificationExpire *time.Time
	AgreementExpire     *time.Time
	Admission           int32  `gorm:"not null;default:0"`
	ReviewComment       string `gorm:"size:500;not null;default:''"`
	ReviewerName        string `gorm:"size:100;not null;default:''"`
	ReviewTime          *time.Time
	Blacklisted         bool   `gorm:"not null;default:false"`
	BlacklistReason     string `gorm:"size:500;not null;default:''"`
	Remark              string `gorm:"size:500;not null;default:''"`
}

func (Company) TableName() string { return "ct_company" }

// Person is a contractor's worker (承包商人员).
type Person struct {
	db.Base
	CompanyID         int64  `gorm:"not null"`
	CompanyName       string `gorm:"size:200;not null;default:''"`
	Name              string `gorm:"size:50;not null"`
	IDCard            string `gorm:"column:id_card;size:18;not null"`
	Phone             string `gorm:"size:20;not null;default:''"`
	UserID            int64  `gorm:"not null;default:0"`
	UserName          string `gorm:"size:100;not null;default:''"`
	WorkType          string `gorm:"size:50;not null;default:''"`
	CertificateNo     string `gorm:"size:64;not null;default:''"`
	CertificateExpire *time.Time
	Trained           bool `gorm:"not null;default:false"`
	TrainedTime       *time.Time
	TrainExpire       *time.Time
	ExamCertNo        string `gorm:"size:40;not null;default:''"`
	Blacklisted       bool   `gorm:"not null;default:false"`
	BlacklistReason   string `gorm:"size:500;not null;default:''"`
	Remark            string `gorm:"size:500;not null;default:''"`
}

func (Person) TableName() string { return "ct_person" }

// Blacklist is an entry of the blacklist (lifted ones stay as history).
type Blacklist struct {
	db.Base
	Kind         int32  `gorm:"not null"`
	TargetID     int64  `gorm:"not null"`
	TargetName   string `gorm:"size:200;not null;default:''"`
	IDNo         string `gorm:"column:id_no;size:32;not null;default:''"`
	Reason       string `gorm:"size:500;not null"`
	Lifted       bool   `gorm:"not null;default:false"`
	LiftTime     *time.Time
	LiftReason   string `gorm:"size:500;not null;default:''"`
	OperatorName string `gorm:"size:100;not null;default:''"`
}

func (Blacklist) TableName() string { return "ct_blacklist" }

// Models are the tables of the service.
func Models() []any { return []any{&Company{}, &Person{}, &Blacklist{}} }
