package biz

import (
	"context"
	"slices"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Object-level rules of blade-system's submit-with-id and grant calls that
// a role other than the administrator can reach once a tenant grants it the
// buttons (the demo grants them to nobody but the administrator). They
// close the ways such a holder could raise their own rights. A row of
// another tenant is never found (kit's tenant scope, 400).
//
//	entity         who (besides the button)
//	角色           the administrator role, and any role given the alias "administrator", only
//	               by an administrator; nobody changes that role's alias (the tenant would lose
//	               its administrators) nor removes it; a holder who is not an administrator
//	               does not edit a role they hold themselves (its data scope is their reach)
//	角色授权        an administrator; anyone else grants neither the administrator role nor a
//	               role they hold, and adds only menus and buttons they hold themselves (what
//	               the role already has may stay)
//	部门           in the caller's data scope (the department, and a new parent, among the
//	               scope's departments; scope "self" reaches none); an administrator any
//	菜单           a menu's code is a permission code: only an administrator changes it
//	岗位/字典/参数/  tenant configuration without an owner: holders of the buttons (tenants and
//	标签/租户菜单    clients are the platform's: RequirePlatform)

// guardRole refuses a role change (old is nil on insert) the caller may not make.
func guardRole(id *ident.Identity, old, r *Role) error {
	admin := ident.AliasAdministrator
	if old != nil && old.RoleAlias == admin && r.RoleAlias != admin {
		return errs.Rule("ADMIN_ROLE", "管理员角色的别名不能修改")
	}
	if id.Super {
		return nil
	}
	if r.RoleAlias == admin || old != nil && old.RoleAlias == admin {
		return errs.Forbidden("只有管理员可以维护管理员角色")
	}
	if old != nil && slices.Contains(id.RoleIDs, old.ID) {
		return errs.Forbidden("不能修改自己所属的角色「%s」", old.RoleName)
	}
	return nil
}

// guardGrant refuses, for a caller who is not an administrator, grants to
// the administrator role or their own roles and menus beyond their own
// (each role may keep what it holds).
func (s *System) guardGrant(ctx context.Context, id *ident.Identity, roles []Role, menuIDs []int64) error {
	if id.Super {
		return nil
	}
	for _, r := range roles {
		if r.RoleAlias == ident.AliasAdministrator {
			return errs.Forbidden("只有管理员可以为管理员角色授权")
		}
		if slices.Contains(id.RoleIDs, r.ID) {
			return errs.Forbidden("不能为自己所属的角色「%s」授权", r.RoleName)
		}
	}
	mine, err := s.Q.GrantedMenuIDs(ctx, id.RoleIDs)
	if err != nil {
		return err
	}
	for _, r := range roles {
		has, err := s.Q.GrantedMenuIDs(ctx, []int64{r.ID})
		if err != nil {
			return err
		}
		for _, m := range menuIDs {
			if !slices.Contains(mine, m) && !slices.Contains(has, m) {
				return errs.Forbidden("只能授予自己拥有的菜单和按钮权限")
			}
		}
	}
	return nil
}

func guardDepts(id *ident.Identity, depts []Dept, verb string) error {
	for _, d := range depts {
		if !id.DeptInScope(d.ID) {
			return errs.Forbidden("部门「%s」不在您的数据权限范围内,不能%s", d.DeptName, verb)
		}
	}
	return nil
}

// guardMenu: only an administrator changes a menu's code (it is what
// permissions are granted on).
func guardMenu(id *ident.Identity, old, m *Menu) error {
	if id.Super || old == nil || old.Code == m.Code {
		return nil
	}
	return errs.Forbidden("只有管理员可以修改菜单编号(权限标识)「%s」", old.Code)
}
