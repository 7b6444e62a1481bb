// Package data implements blade-user's persistence with gorm (the generic
// repositories of kit/crud plus the user list queries they cannot express)
// and its look-ups in blade-system.
package data

import (
	"context"

	"gorm.io/gorm"

	"anquan/kit/crud"
	"anquan/kit/db"
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

// indexes serve the list filters that run per tenant.
var indexes = []db.Index{
	{Name: "idx_blade_user_tenant_account", Table: "blade_user", Columns: "tenant_id, account, is_deleted"},
	{Name: "idx_blade_user_tenant_status", Table: "blade_user", Columns: "tenant_id, status, is_deleted"},
	{Name: "idx_blade_user_tenant_type", Table: "blade_user", Columns: "tenant_id, user_type, status"},
	{Name: "idx_blade_user_tenant_real_name", Table: "blade_user", Columns: "tenant_id, real_name"},
	{Name: "idx_blade_user_tenant_name", Table: "blade_user", Columns: "tenant_id, name"},
	{Name: "idx_blade_user_tenant_phone", Table: "blade_user", Columns: "tenant_id, phone"},
	{Name: "idx_blade_user_tenant_created", Table: "blade_user", Columns: "tenant_id, create_time"},
	{Name: "idx_blade_user_tenant_oauth", Table: "blade_user", Columns: "tenant_id, oauth_id"},
	{Name: "idx_blade_user_oauth_identity", Table: "blade_user_oauth", Columns: "tenant_id, source, uuid"},
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
	return db.EnsureIndexes(g, append(indexes, certificateIndexes...))
}
