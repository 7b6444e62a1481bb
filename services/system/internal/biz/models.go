// Package biz holds blade-system's models and rules: tenants and their
// provisioning, menus and permissions, roles, departments, posts,
// dictionaries, params, clients, tenant menu config and labels.
package biz

import (
	"time"

	"anquan/kit/db"
)

// Tenant is a customer company (platform-owned table, no tenant scope).
type Tenant struct {
	db.Plain
	TenantID      string `gorm:"size:12;uniqueIndex;not null"`
	TenantName    string `gorm:"size:100;not null"`
	Domain        string `gorm:"size:200;index;not null;default:''"`
	BackgroundURL string `gorm:"size:500;not null;default:''"`
	Linkman       string `gorm:"size:50;not null;default:''"`
	ContactNumber string `gorm:"size:30;not null;default:''"`
	Address       string `gorm:"size:300;not null;default:''"`
	// AccountNumber limits users; -1 (or 0) means no limit.
	AccountNumber int32 `gorm:"not null;default:-1"`
	ExpireTime    *time.Time
	LicenseKey    string `gorm:"size:500;not null;default:''"`
}

func (Tenant) TableName() string { return "blade_tenant" }

// Menu entries: modules (top level), menus (category 1), buttons (category 2).
type Menu struct {
	db.Base
	ParentID  int64  `gorm:"not null;default:0;index"`
	Code      string `gorm:"size:100;not null;default:'';index"`
	Name      string `gorm:"size:100;not null"`
	Alias     string `gorm:"size:100;not null;default:''"`
	Path      string `gorm:"size:300;not null;default:''"`
	Source    string `gorm:"size:100;not null;default:''"`
	Sort      int32  `gorm:"not null;default:0"`
	Category  int32  `gorm:"not null;default:1"`
	Action    int32  `gorm:"not null;default:0"`
	IsOpen    int32  `gorm:"not null;default:1"`
	IsUsed    int32  `gorm:"not null;default:2"`
	PathURL   string `gorm:"size:500;not null;default:''"`
	Component string `gorm:"size:300;not null;default:''"`
	Remark    string `gorm:"size:500;not null;default:''"`
	Grp       string `gorm:"column:grp;size:100;not null;default:''"`
	Query     string `gorm:"size:500;not null;default:''"`
	// Roles: comma list of role aliases allowed to see the entry (meta.roles); empty = all.
	Roles     string `gorm:"size:500;not null;default:''"`
	I18n      string `gorm:"size:100;not null;default:''"`
	KeepAlive bool   `gorm:"not null;default:false"`
	IsTab     bool   `gorm:"not null;default:true"`
}

func (Menu) TableName() string { return "blade_menu" }

// RoleMenu grants a menu or button to a role.
type RoleMenu struct {
	ID       int64  `gorm:"primaryKey;autoIncrement:false"`
	TenantID string `gorm:"size:12;index;not null"`
	RoleID   int64  `gorm:"not null;index"`
	MenuID   int64  `gorm:"not null;index"`
}

func (RoleMenu) TableName() string { return "blade_role_menu" }

type Role struct {
	db.Base
	ParentID  int64  `gorm:"not null;default:0"`
	RoleName  string `gorm:"size:100;not null"`
	RoleAlias string `gorm:"size:100;not null;default:''"`
	Sort      int32  `gorm:"not null;default:0"`
	// DataScope: 1 all, 2 self, 3 own dept, 4 dept and children.
	DataScope int32 `gorm:"not null;default:1"`
}

func (Role) TableName() string { return "blade_role" }

type Dept struct {
	db.Base
	ParentID     int64  `gorm:"not null;default:0;index"`
	Ancestors    string `gorm:"size:1000;not null;default:''"`
	DeptName     string `gorm:"size:100;not null"`
	FullName     string `gorm:"size:200;not null;default:''"`
	Sort         int32  `gorm:"not null;default:0"`
	DeptCategory int32  `gorm:"not null;default:1"`
	Remark       string `gorm:"size:500;not null;default:''"`
}

func (Dept) TableName() string { return "blade_dept" }

type Post struct {
	db.Base
	Category int32  `gorm:"not null;default:1"`
	PostCode string `gorm:"size:50;not null"`
	PostName string `gorm:"size:100;not null"`
	Sort     int32  `gorm:"not null;default:0"`
	Remark   string `gorm:"size:500;not null;default:''"`
}

func (Post) TableName() string { return "blade_post" }

// Dict: a parent (ParentID 0, DictKey "-1") names a dictionary; its
// children (same Code) are the entries.
type Dict struct {
	db.Base
	ParentID  int64  `gorm:"not null;default:0;index"`
	Code      string `gorm:"size:100;not null;index"`
	DictKey   string `gorm:"size:100;not null"`
	DictValue string `gorm:"size:200;not null"`
	// DictValueEn is the English label shown when the UI is in English; empty falls back to DictValue.
	DictValueEn string `gorm:"size:200;not null;default:''"`
	Sort        int32  `gorm:"not null;default:0"`
	Remark      string `gorm:"size:500;not null;default:''"`
	IsSealed    int32  `gorm:"not null;default:0"`
}

func (Dict) TableName() string { return "blade_dict" }

type Param struct {
	db.Base
	ParamName  string `gorm:"size:100;not null"`
	ParamKey   string `gorm:"size:100;not null;index"`
	ParamValue string `gorm:"size:1000;not null;default:''"`
	Remark     string `gorm:"size:500;not null;default:''"`
	// Visibility: who may read the param (ParamPublic, ParamAdmin, ParamPlatform).
	Visibility int32 `gorm:"not null;default:2"`
	// Secret values are write-only: masked in every answer (see params.go).
	Secret bool `gorm:"not null;default:false"`
}

func (Param) TableName() string { return "blade_param" }

// Client is an OAuth2 client (platform-owned).
type Client struct {
	db.Plain
	ClientID             string `gorm:"size:50;uniqueIndex;not null"`
	ClientSecret         string `gorm:"size:200;not null"`
	Scope                string `gorm:"size:200;not null;default:'all'"`
	AuthorizedGrantTypes string `gorm:"size:200;not null;default:''"`
	WebServerRedirectURI string `gorm:"size:500;not null;default:''"`
	AccessTokenValidity  int32  `gorm:"not null;default:3600"`
	RefreshTokenValidity int32  `gorm:"not null;default:604800"`
	// EncryptPassword: the client sends the password in the AES transport format.
	EncryptPassword bool `gorm:"not null;default:false"`
}

func (Client) TableName() string { return "blade_client" }

type MenuTenantConfig struct {
	db.Base
	MenuID   int64  `gorm:"not null;default:0;index"`
	MenuName string `gorm:"size:100;not null;default:''"`
	LinkURL  string `gorm:"size:500;not null;default:''"`
	IsUsed   int32  `gorm:"not null;default:2"`
	Sort     int32  `gorm:"not null;default:0"`
	Remark   string `gorm:"size:500;not null;default:''"`
}

func (MenuTenantConfig) TableName() string { return "blade_menu_tenant_config" }

type Label struct {
	db.Base
	Name      string  `gorm:"size:100;not null"`
	Longitude float64 `gorm:"not null;default:0"`
	Latitude  float64 `gorm:"not null;default:0"`
	Height    float64 `gorm:"not null;default:0"`
	Remark    string  `gorm:"size:500;not null;default:''"`
}

func (Label) TableName() string { return "blade_label" }

// Models lists every table of the service (migration).
func Models() []any {
	return []any{&Tenant{}, &Menu{}, &RoleMenu{}, &Role{}, &Dept{}, &Post{}, &Dict{}, &Param{}, &Client{}, &MenuTenantConfig{}, &Label{}}
}
