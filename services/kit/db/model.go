package db

import "time"

// Plain holds the columns every entity has (Blade's BaseEntity): for tables
// the platform owns (tenants, clients).
type Plain struct {
	ID         int64     `gorm:"primaryKey;autoIncrement:false"`
	CreateUser int64     `gorm:"not null;default:0"`
	CreateDept int64     `gorm:"not null;default:0"`
	CreateTime time.Time `gorm:"not null"`
	UpdateUser int64     `gorm:"not null;default:0"`
	UpdateTime time.Time `gorm:"not null"`
	Status     int32     `gorm:"not null;default:1"`
	IsDeleted  int32     `gorm:"not null;default:0;index"`
}

// GetID returns the id (the generic repository needs it).
func (b *Plain) GetID() int64 { return b.ID }

// Base is Plain plus the tenant. Embedding it makes a model tenant-owned:
// the tenant scope, audit columns, ids and logical delete apply to it
// without any code in the service.
type Base struct {
	Plain
	TenantID string `gorm:"size:12;index;not null;default:''"`
}

// TenantOwned marks models whose rows belong to a tenant; only they get the
// central tenant scope (a platform table may still have a tenant_id column,
// like the tenant table itself).
func (Base) TenantOwned() {}

// TenantOwned is implemented by models embedding Base.
type TenantOwned interface{ TenantOwned() }
