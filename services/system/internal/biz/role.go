package biz

import (
	"context"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Grant replaces the menus and buttons of roles.
func (s *System) Grant(ctx context.Context, roleIDs, menuIDs []int64) error {
	if len(roleIDs) == 0 {
		return errs.BadRequest("请选择角色")
	}
	me, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	roles := make([]Role, 0, len(roleIDs))
	for _, r := range roleIDs {
		role, err := s.S.Roles.Get(ctx, r)
		if err != nil {
			return err
		}
		roles = append(roles, *role)
	}
	if err := s.guardGrant(ctx, me, roles, menuIDs); err != nil {
		return err
	}
	if len(menuIDs) > 0 {
		menus, err := s.Q.Menus(ctx)
		if err != nil {
			return err
		}
		own := map[int64]bool{}
		for _, m := range menus {
			own[m.ID] = true
		}
		for _, m := range menuIDs {
			if !own[m] {
				return errs.NotFound("菜单不存在")
			}
		}
	}
	id := me
	err = s.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := s.Q.SetGrants(ctx, roleIDs, menuIDs); err != nil {
			return err
		}
		return s.Events.Add(ctx, "system.role.granted", id.TenantID, map[string]any{"roleIds": roleIDs})
	})
	if err == nil {
		s.menusChanged(ctx, id.TenantID)
	}
	return err
}

// SaveRole validates uniqueness of the alias and the parent.
func (s *System) SaveRole(ctx context.Context, r *Role) error {
	r.RoleName = strings.TrimSpace(r.RoleName)
	r.RoleAlias = strings.TrimSpace(r.RoleAlias)
	if r.RoleName == "" {
		return errs.BadRequest("请输入角色名称")
	}
	if r.RoleAlias == "" {
		return errs.BadRequest("请输入角色别名")
	}
	if r.DataScope == 0 {
		r.DataScope = ident.ScopeAll
	}
	if r.DataScope < 1 || r.DataScope > 4 {
		return errs.BadRequest("数据权限类型不正确")
	}
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	var old *Role
	if r.ID != 0 {
		if old, err = s.S.Roles.Get(ctx, r.ID); err != nil {
			return err
		}
	}
	if err := guardRole(id, old, r); err != nil {
		return err
	}
	if r.ParentID != 0 {
		if r.ParentID == r.ID {
			return errs.BadRequest("上级角色不能是自己")
		}
		if _, err := s.S.Roles.Get(ctx, r.ParentID); err != nil {
			return errs.NotFound("上级角色不存在")
		}
	}
	if dup, err := s.S.Roles.Exists(ctx, r.ID, "role_alias = ?", r.RoleAlias); err != nil {
		return err
	} else if dup {
		return errs.Duplicate("角色别名已存在")
	}
	return s.saveWithEvent(ctx, "system.role.saved", func(ctx context.Context) error {
		if r.ID == 0 {
			return s.S.Roles.Create(ctx, r)
		}
		return s.S.Roles.Update(ctx, r.ID, r, "parent_id", "role_name", "role_alias", "sort", "data_scope", "update_time", "update_user")
	})
}

// RemoveRoles refuses to remove the administrator role.
func (s *System) RemoveRoles(ctx context.Context, ids []int64) error {
	for _, id := range ids {
		r, err := s.S.Roles.Get(ctx, id)
		if err != nil {
			return err
		}
		if r.RoleAlias == ident.AliasAdministrator {
			return errs.Rule("ADMIN_ROLE", "管理员角色不能删除")
		}
	}
	return s.saveWithEvent(ctx, "system.role.removed", func(ctx context.Context) error { return s.S.Roles.Remove(ctx, ids) })
}
