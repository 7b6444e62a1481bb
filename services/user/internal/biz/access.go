package biz

import (
	"context"
	"slices"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Object-level rules of blade-user. The buttons (user_*, certificate_*,
// work_guardian_*, certificate_expire_edit) say who may take an action at
// all; these say on which rows. A row of another tenant is never found
// (kit's tenant scope: 400 不存在).
//
//	entity              update (submit with id) / remove / other writes on ids
//	用户                 the user lies in the caller's data scope (main department among the
//	                    scope's; scope "self": only the caller); the tenant's administrators
//	                    (the admin account, holders of the administrator role) are edited,
//	                    reset, granted, unlocked or audited only by an administrator, and only
//	                    an administrator grants the administrator role or puts a user in a
//	                    department outside their scope; never removes the caller or the admin
//	                    account (users.go)
//	个人资料 / 密码       the caller's own row only (update-info, update-password)
//	证书                 the holder (old and new) lies in the caller's data scope
//	监护人配置            the guardian (old and new) lies in the caller's data scope
//	证书到期提醒          one row per tenant; holders of certificate_expire_edit (tenant scope)

// UserInScope reports whether user u lies in the caller's data scope: all
// (or an administrator); the user's main department among the scope's
// departments; or, for scope "self", the caller's own account.
func UserInScope(id *ident.Identity, u *User) bool {
	if id == nil {
		return false
	}
	if id.Super || id.DataScope == ident.ScopeAll || id.DataScope == 0 {
		return true
	}
	if id.UserID != 0 && u.ID == id.UserID {
		return true
	}
	switch id.DataScope {
	case ident.ScopeDept, ident.ScopeDeptChildren:
		return id.DeptInScope(u.MainDeptID)
	}
	return false
}

// IsAdministrator reports whether u is one of the tenant's administrators:
// the admin account or a holder of an administrator role.
func IsAdministrator(u *User, adminRoles []int64) bool {
	if u.Account == AdminAccount {
		return true
	}
	roles, _ := ident.ParseIDs(u.RoleID)
	for _, r := range roles {
		if slices.Contains(adminRoles, r) {
			return true
		}
	}
	return false
}

// adminRoles are the ids of the tenant's administrator roles (one call).
func (s *Users) adminRoles(ctx context.Context, tenant string) ([]int64, error) {
	return s.Dir.AdminRoles(ctx, tenant)
}

// manageable loads users of ids (all of them, or NotFound) and refuses
// those the caller may not act on (guard).
func (s *Users) manageable(ctx context.Context, ids []int64, statuses []int32, verb string) ([]User, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	// Loaded in the whole tenant, then judged here: a user outside the
	// scope is refused (403), not answered as missing.
	all := *id
	all.DataScope = ident.ScopeAll
	users, err := s.find(ident.With(ctx, &all), ids, statuses)
	if err != nil {
		return nil, err
	}
	return users, s.guard(ctx, users, verb)
}

// guard refuses users outside the caller's data scope and, for a caller
// who is not an administrator, the tenant's administrators.
func (s *Users) guard(ctx context.Context, users []User, verb string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	for i := range users {
		if !UserInScope(id, &users[i]) {
			return errs.Forbidden("用户「%s」不在您的数据权限范围内,不能%s", users[i].Account, verb)
		}
	}
	if id.Super || len(users) == 0 {
		return nil
	}
	admins, err := s.adminRoles(ctx, id.TenantID)
	if err != nil {
		return err
	}
	for i := range users {
		if IsAdministrator(&users[i], admins) {
			return errs.Forbidden("只有管理员可以对管理员账号「%s」%s", users[i].Account, verb)
		}
	}
	return nil
}

// mayAssign refuses, for a caller who is not an administrator, the
// administrator role and a main department outside the caller's scope.
func (s *Users) mayAssign(ctx context.Context, roles []int64, mainDept int64, checkDept bool) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if id.Super {
		return nil
	}
	if checkDept && !id.DeptInScope(mainDept) {
		return errs.Forbidden("所选部门不在您的数据权限范围内")
	}
	if len(roles) == 0 {
		return nil
	}
	admins, err := s.adminRoles(ctx, id.TenantID)
	if err != nil {
		return err
	}
	for _, r := range roles {
		if slices.Contains(admins, r) {
			return errs.Forbidden("只有管理员可以授予管理员角色")
		}
	}
	return nil
}

// holdersInScope refuses when a person among userIDs (certificate holders,
// guardians) lies outside the caller's data scope. One query.
func (c *Certificates) holdersInScope(ctx context.Context, userIDs []int64, what, verb string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if id.Super || id.DataScope == ident.ScopeAll || id.DataScope == 0 {
		return nil
	}
	users, err := c.people(ctx, id.TenantID, uniq(userIDs))
	if err != nil {
		return err
	}
	for _, uid := range userIDs {
		u, ok := users[uid]
		if !ok {
			continue // a missing holder is the caller's answer elsewhere (不存在)
		}
		if !UserInScope(id, &u) {
			return errs.Forbidden("%s「%s」不在您的数据权限范围内,不能%s", what, displayName(u.RealName, u.Name), verb)
		}
	}
	return nil
}
