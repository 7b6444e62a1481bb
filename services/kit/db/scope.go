package db

import (
	"errors"
	"fmt"
	"reflect"
	"sync"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/schema"

	"anquan/kit/ident"
	"anquan/kit/idgen"
)

// ErrNoTenant: a tenant-owned table was touched without a caller identity or
// a system context. Failing closed keeps a forgotten context from leaking rows.
var ErrNoTenant = errors.New("tenant scope: no identity in context")

// installCallbacks registers the tenant scope, logical-delete filter, id
// generation and audit columns once per database handle.
func installCallbacks(g *gorm.DB) error {
	cb := g.Callback()
	if err := cb.Create().Before("gorm:create").Register("anquan:create", onCreate); err != nil {
		return err
	}
	if err := cb.Query().Before("gorm:query").Register("anquan:query", onRead); err != nil {
		return err
	}
	if err := cb.Row().Before("gorm:row").Register("anquan:row", onRead); err != nil {
		return err
	}
	if err := cb.Update().Before("gorm:update").Register("anquan:update", onUpdate); err != nil {
		return err
	}
	return cb.Delete().Before("gorm:delete").Register("anquan:delete", onDelete)
}

var ownedType = reflect.TypeOf((*TenantOwned)(nil)).Elem()

// owned caches, per model type, whether it is tenant-owned.
var owned sync.Map

func tenantOwned(s *schema.Schema) bool {
	if s == nil {
		return false
	}
	if v, ok := owned.Load(s.ModelType); ok {
		return v.(bool)
	}
	o := s.ModelType.Implements(ownedType) || reflect.PointerTo(s.ModelType).Implements(ownedType)
	owned.Store(s.ModelType, o)
	return o
}

func field(s *schema.Schema, name string) *schema.Field {
	if s == nil {
		return nil
	}
	return s.LookUpField(name)
}

// scope decides what to add for this statement: ok=false means no scope (a
// system context or a table without tenant_id).
func scope(db *gorm.DB) (id *ident.Identity, tenant bool, err error) {
	s := db.Statement.Schema
	if s == nil {
		return nil, false, nil
	}
	tenant = tenantOwned(s)
	ctx := db.Statement.Context
	if ident.IsSystem(ctx) {
		return nil, false, nil
	}
	id = ident.From(ctx)
	if tenant && id == nil {
		return nil, tenant, ErrNoTenant
	}
	return id, tenant, nil
}

func whereEq(db *gorm.DB, column string, v any) {
	db.Statement.AddClause(clause.Where{Exprs: []clause.Expression{
		clause.Eq{Column: clause.Column{Table: clause.CurrentTable, Name: column}, Value: v},
	}})
}

func onRead(db *gorm.DB) {
	if db.Error != nil || db.Statement.Schema == nil {
		return
	}
	if f := field(db.Statement.Schema, "IsDeleted"); f != nil && !unscoped(db) {
		whereEq(db, f.DBName, 0)
	}
	id, tenant, err := scope(db)
	if err != nil {
		_ = db.AddError(err)
		return
	}
	if tenant && id != nil {
		whereEq(db, "tenant_id", id.TenantID)
	}
}

// unscoped lets a query see logically deleted rows (db.Unscoped()).
func unscoped(db *gorm.DB) bool { return db.Statement.Unscoped }

func onUpdate(db *gorm.DB) {
	if db.Error != nil || db.Statement.Schema == nil {
		return
	}
	id, tenant, err := scope(db)
	if err != nil {
		_ = db.AddError(err)
		return
	}
	if tenant && id != nil {
		whereEq(db, "tenant_id", id.TenantID)
	}
	if f := field(db.Statement.Schema, "UpdateTime"); f != nil {
		db.Statement.SetColumn("UpdateTime", now(), true)
	}
	if id == nil {
		id = ident.From(db.Statement.Context)
	}
	if f := field(db.Statement.Schema, "UpdateUser"); f != nil && id != nil && id.UserID > 0 {
		db.Statement.SetColumn("UpdateUser", id.UserID, true)
	}
}

func onDelete(db *gorm.DB) {
	if db.Error != nil || db.Statement.Schema == nil {
		return
	}
	id, tenant, err := scope(db)
	if err != nil {
		_ = db.AddError(err)
		return
	}
	if tenant && id != nil {
		whereEq(db, "tenant_id", id.TenantID)
	}
}

func onCreate(db *gorm.DB) {
	if db.Error != nil || db.Statement.Schema == nil {
		return
	}
	s := db.Statement.Schema
	ctx := db.Statement.Context
	id := ident.From(ctx)
	system := ident.IsSystem(ctx)
	owned := tenantOwned(s)
	if owned && !system && id == nil {
		_ = db.AddError(ErrNoTenant)
		return
	}
	at := now()
	// A column that cannot be set (a model field of an unexpected type)
	// fails the insert: no row without its tenant and audit columns.
	put := func(f *schema.Field, rv reflect.Value, v any) {
		if err := f.Set(ctx, rv, v); err != nil {
			// AddError records it on the statement (and returns it again).
			_ = db.AddError(fmt.Errorf("set %s.%s: %w", s.Name, f.Name, err))
		}
	}
	set := func(rv reflect.Value) {
		if f := field(s, "ID"); f != nil {
			if v, zero := f.ValueOf(ctx, rv); zero || v == int64(0) {
				put(f, rv, idgen.Next())
			}
		}
		if f := field(s, "TenantID"); f != nil && owned && !system {
			// The caller's tenant always wins over whatever the payload said.
			put(f, rv, id.TenantID)
		}
		for _, name := range []string{"CreateTime", "UpdateTime"} {
			if f := field(s, name); f != nil {
				if _, zero := f.ValueOf(ctx, rv); zero {
					put(f, rv, at)
				}
			}
		}
		if id != nil && id.UserID > 0 {
			for _, name := range []string{"CreateUser", "UpdateUser"} {
				if f := field(s, name); f != nil {
					if _, zero := f.ValueOf(ctx, rv); zero {
						put(f, rv, id.UserID)
					}
				}
			}
			if f := field(s, "CreateDept"); f != nil {
				if _, zero := f.ValueOf(ctx, rv); zero {
					put(f, rv, id.DeptID())
				}
			}
		}
	}
	rv := db.Statement.ReflectValue
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		for i := 0; i < rv.Len(); i++ {
			e := reflect.Indirect(rv.Index(i))
			set(e)
		}
	case reflect.Struct:
		set(rv)
	}
}
