// Package data implements blade-user's persistence with gorm (the generic
// repositories of kit/crud plus the user list queries they cannot express)
// and its look-ups in blade-system.
package data

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"anquan/kit/crud"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
	"anquan/user/internal/biz"
)

// userFields are the filterable and sortable user fields. deptId is not
// among them: biz reads it as a department subtree (see biz.Filter).
var userFields = paging.Fields{
	"id": "id", "createTime": "create_time", "updateTime": "update_time", "status": "status",
	"account": "account", "name": "name", "realName": "real_name", "nickName": "nick_name", "code": "code",
	"phone": "phone", "email": "email", "userType": "user_type", "sex": "sex",
	"roleId": "role_id", "postId": "post_id", "mainDeptId": "main_dept_id",
}

var oauthFields = paging.Fields{
	"id": "id", "createTime": "create_time", "source": "source", "username": "username", "nickname": "nickname", "userId": "user_id",
}

// UserRepo is the generic user repository; the data scope of a caller
// matches users on their main department (dept scopes) or on themselves.
func UserRepo(g *gorm.DB) *crud.Repo[biz.User] {
	return crud.New[biz.User](g, crud.Spec{Name: "用户", Filters: userFields, ScopeDept: "main_dept_id", ScopeUser: "id"})
}

// Stores builds the generic repositories.
func Stores(g *gorm.DB) biz.Stores {
	return biz.Stores{
		User:  UserRepo(g),
		OAuth: crud.New[biz.OAuth](g, crud.Spec{Name: "第三方账号", Filters: oauthFields}),
	}
}

// index is a composite index for the list filters that run per tenant.
type index struct {
	model   any
	name    string
	columns string
}

var indexes = []index{
	{&biz.User{}, "idx_blade_user_tenant_account", "tenant_id, account, is_deleted"},
	{&biz.User{}, "idx_blade_user_tenant_status", "tenant_id, status, is_deleted"},
	{&biz.User{}, "idx_blade_user_tenant_type", "tenant_id, user_type, status"},
	{&biz.User{}, "idx_blade_user_tenant_real_name", "tenant_id, real_name"},
	{&biz.User{}, "idx_blade_user_tenant_name", "tenant_id, name"},
	{&biz.User{}, "idx_blade_user_tenant_phone", "tenant_id, phone"},
	{&biz.User{}, "idx_blade_user_tenant_created", "tenant_id, create_time"},
	{&biz.User{}, "idx_blade_user_tenant_oauth", "tenant_id, oauth_id"},
	{&biz.OAuth{}, "idx_blade_user_oauth_identity", "tenant_id, source, uuid"},
}

// Migrate creates or updates the tables and their indexes.
func Migrate(g *gorm.DB) error {
	g = g.WithContext(ident.AsSystem(context.Background()))
	if err := g.AutoMigrate(biz.Models()...); err != nil {
		return err
	}
	if err := outbox.Migrate(g); err != nil {
		return err
	}
	// HasIndex first: MySQL has no CREATE INDEX IF NOT EXISTS.
	m := g.Migrator()
	for _, ix := range indexes {
		if m.HasIndex(ix.model, ix.name) {
			continue
		}
		stmt := &gorm.Statement{DB: g}
		if err := stmt.Parse(ix.model); err != nil {
			return err
		}
		if err := g.Exec(fmt.Sprintf("CREATE INDEX %s ON %s (%s)", ix.name, stmt.Schema.Table, ix.columns)).Error; err != nil {
			return fmt.Errorf("index %s: %w", ix.name, err)
		}
	}
	return nil
}

// Events writes events to the outbox.
type Events struct{ O *outbox.Outbox }

func (e Events) Add(ctx context.Context, subject, tenantID string, data any) error {
	return e.O.Add(ctx, subject, tenantID, data)
}
