// Package biz holds records' rules: the chemical ledger (CAS check digit,
// GHS classes, the enums' bounds, stock per location) and the controlled
// documents of organisation, responsibility and safety systems (versions,
// publication, read confirmations). It imports neither gorm nor proto.
package biz

import (
	"time"

	"anquan/kit/db"
)

// Chemical is a hazardous chemical of the ledger with its MSDS.
type Chemical struct {
	db.Base
	Name               string  `gorm:"size:100;not null"`
	Alias              string  `gorm:"size:200;not null;default:''"`
	Cas                string  `gorm:"size:20;not null;default:''"`
	UnNumber           string  `gorm:"size:10;not null;default:''"`
	Category           int32   `gorm:"not null;default:-1"`
	StorageMethod      int32   `gorm:"not null;default:0"`
	ChemicalType       int32   `gorm:"not null;default:0"`
	HazardousEffect    int32   `gorm:"not null;default:0"`
	MaterialState      int32   `gorm:"not null;default:0"`
	Unit               int32   `gorm:"not null;default:1"`
	GhsClasses         string  `gorm:"size:500;not null;default:''"`
	HighlyToxic        bool    `gorm:"not null;default:false"`
	KeySupervised      bool    `gorm:"not null;default:false"`
	ExplosivePrecursor bool    `gorm:"not null;default:false"`
	DrugPrecursor      bool    `gorm:"not null;default:false"`
	CriticalQuantity   float64 `gorm:"not null;default:0"`
	DeptID             int64   `gorm:"not null;default:0"`
	Attachments        string  `gorm:"size:500;not null;default:''"`
	// The 16 sections of the safety data sheet (GB/T 16483).
	MsdsIdentification      string `gorm:"type:text"`
	MsdsHazards             string `gorm:"type:text"`
	MsdsComposition         string `gorm:"type:text"`
	MsdsFirstAid            string `gorm:"type:text"`
	MsdsFireFighting        string `gorm:"type:text"`
	MsdsAccidentalRelease   string `gorm:"type:text"`
	MsdsHandlingStorage     string `gorm:"type:text"`
	MsdsExposureControl     string `gorm:"type:text"`
	MsdsPhysicalChemical    string `gorm:"type:text"`
	MsdsStabilityReactivity string `gorm:"type:text"`
	MsdsToxicology          string `gorm:"type:text"`
	MsdsEcology             string `gorm:"type:text"`
	MsdsDisposal            string `gorm:"type:text"`
	MsdsTransport           string `gorm:"type:text"`
	MsdsRegulatory          string `gorm:"type:text"`
	MsdsOther               string `gorm:"type:text"`
}

func (Chemical) TableName() string { return "records_chemical" }

// Sections point at the MSDS texts in order, with their titles.
func (c *Chemical) Sections() []Section {
	return []Section{
		{"化学品及企业标识", &c.MsdsIdentification}, {"危险性概述", &c.MsdsHazards}, {"成分/组成信息", &c.MsdsComposition},
		{"急救措施", &c.MsdsFirstAid}, {"消防措施", &c.MsdsFireFighting}, {"泄漏应急处理", &c.MsdsAccidentalRelease},
		{"操作处置与储存", &c.MsdsHandlingStorage}, {"接触控制和个体防护", &c.MsdsExposureControl}, {"理化特性", &c.MsdsPhysicalChemical},
		{"稳定性和反应性", &c.MsdsStabilityReactivity}, {"毒理学信息", &c.MsdsToxicology}, {"生态学信息", &c.MsdsEcology},
		{"废弃处置", &c.MsdsDisposal}, {"运输信息", &c.MsdsTransport}, {"法规信息", &c.MsdsRegulatory}, {"其他信息", &c.MsdsOther},
	}
}

// Section is one MSDS section: its title and text.
type Section struct {
	Title string
	Text  *string
}

// Stock is the quantity of a chemical stored at one location.
type Stock struct {
	db.Base
	ChemicalID  int64   `gorm:"not null"`
	Location    string  `gorm:"size:100;not null"`
	Quantity    float64 `gorm:"not null;default:0"`
	MaxQuantity float64 `gorm:"not null;default:0"`
	Unit        int32   `gorm:"not null;default:1"`
	Remark      string  `gorm:"size:500;not null;default:''"`
}

func (Stock) TableName() string { return "records_stock" }

// Document kinds (the spec's routes).
const (
	KindEnterprise       int32 = 1 // 企业安全管理机构 (organResponsibility/enterpriseAdd)
	KindEnterpriseCheck  int32 = 2 // 安全机构检查 (organResponsibility/enterpriseCheckAdd)
	KindDutySystem       int32 = 3 // 安全生产责任制 (organResponsibility/safetyDutySystemAdd)
	KindEnterpriseSystem int32 = 4 // 安全管理制度 (safetySystem/enterpriseSystemAdd)
	KindProcedure        int32 = 5 // 安全操作规程 (safetySystem/operationProcedureAdd)
)

// KindNames name the kinds.
var KindNames = map[int32]string{KindEnterprise: "企业安全管理机构", KindEnterpriseCheck: "安全机构检查", KindDutySystem: "安全生产责任制",
	KindEnterpriseSystem: "安全管理制度", KindProcedure: "安全操作规程"}

// KindPages are the menu codes of the kinds' pages (their buttons are
// <code>_add, _edit, _delete, _export, _publish).
var KindPages = map[int32]string{KindEnterprise: "rec_enterprise", KindEnterpriseCheck: "rec_enterprise_check", KindDutySystem: "rec_duty_system",
	KindEnterpriseSystem: "rec_enterprise_system", KindProcedure: "rec_procedure"}

// Document states.
const (
	StateDraft      int32 = 0 // 草稿
	StatePublished  int32 = 1 // 已发布
	StateSuperseded int32 = 2 // 已替代 (a newer version was published)
)

// StateNames name the states.
var StateNames = map[int32]string{StateDraft: "草稿", StatePublished: "已发布", StateSuperseded: "已替代"}

// Document is one version of a controlled document.
type Document struct {
	db.Base
	Kind          int32      `gorm:"not null"`
	Title         string     `gorm:"size:200;not null"`
	DocNo         string     `gorm:"size:50;not null;default:''"`
	Version       int32      `gorm:"not null;default:1"`
	RootID        int64      `gorm:"not null;default:0"`
	DeptID        int64      `gorm:"not null;default:0"`
	Post          string     `gorm:"size:100;not null;default:''"`
	Content       string     `gorm:"type:text"`
	ReviseNote    string     `gorm:"size:1000;not null;default:''"`
	Attachments   string     `gorm:"size:500;not null;default:''"`
	State         int32      `gorm:"not null;default:0"`
	PublishedAt   *time.Time `gorm:""`
	PublisherName string     `gorm:"size:50;not null;default:''"`
}

func (Document) TableName() string { return "records_document" }

// Reader is a person a document version was published to.
type Reader struct {
	db.Base
	DocumentID  int64      `gorm:"not null"`
	UserID      int64      `gorm:"not null"`
	UserName    string     `gorm:"size:50;not null;default:''"`
	Confirmed   bool       `gorm:"not null;default:false"`
	ConfirmedAt *time.Time `gorm:""`
}

func (Reader) TableName() string { return "records_reader" }

// Models are the tables of the records database.
func Models() []any {
	return []any{&Chemical{}, &Stock{}, &Document{}, &Reader{}}
}
