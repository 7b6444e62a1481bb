package biz

import (
	"context"

	"anquan/kit/authn"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// AdminAccount is the administrator account every tenant is created with.
const AdminAccount = "admin"

// DefaultInitPassword applies when the param account.initPassword is unset.
const DefaultInitPassword = "123456"

// Columns an administrator's edit writes (never the password or the status,
// which have their own use cases).
var editColumns = []string{"code", "user_type", "account", "name", "real_name", "nick_name", "avatar", "email", "phone",
	"birthday", "sex", "role_id", "dept_id", "post_id", "main_dept_id", "update_time", "update_user"}

// Columns a user may change on their own profile.
var profileColumns = []string{"name", "real_name", "nick_name", "avatar", "email", "phone", "birthday", "sex", "update_time", "update_user"}

// Save inserts (no id) or updates a user of the caller's tenant (one the
// caller may manage: guard, mayAssign). On insert
// u.Password is the plain password, required and hashed here; on update it
// is ignored (passwords change through their own use cases) and fields left
// empty keep their stored value (see mergeUser).
func (s *Users) Save(ctx context.Context, u *User) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	oldDept := int64(-1)
	if u.ID != 0 {
		old, err := s.S.User.Get(ctx, u.ID)
		if err != nil {
			return err
		}
		if err := s.guard(ctx, []User{*old}, "修改"); err != nil {
			return err
		}
		oldDept = old.MainDeptID
		mergeUser(old, u)
		u = old
	}
	roles, depts, posts, err := checkUser(u)
	if err != nil {
		return err
	}
	// A new user, or one moved to another department, lands in the caller's scope.
	if err := s.mayAssign(ctx, roles, u.MainDeptID, u.MainDeptID != oldDept); err != nil {
		return err
	}
	if u.ID == 0 {
		if err := checkPassword(u.Password); err != nil {
			return err
		}
	}
	if err := s.checkRefs(ctx, id.TenantID, roles, depts, posts); err != nil {
		return err
	}
	if u.ID != 0 {
		return s.Tx.Tx(ctx, func(ctx context.Context) error {
			if err := s.accountFree(ctx, u.ID, u.Account); err != nil {
				return err
			}
			return s.S.User.Update(ctx, u.ID, u, editColumns...)
		})
	}
	limit, err := s.Dir.AccountLimit(ctx, id.TenantID)
	if err != nil {
		return err
	}
	if u.Password, err = authn.Hash(u.Password); err != nil {
		return err
	}
	u.Status = StatusNormal
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := s.accountFree(ctx, 0, u.Account); err != nil {
			return err
		}
		if err := s.withinLimit(ctx, limit); err != nil {
			return err
		}
		return s.Q.CreateUser(ctx, u)
	})
}

// accountFree refuses an account another non-deleted user of the tenant
// holds; call it inside the writing transaction.
func (s *Users) accountFree(ctx context.Context, exceptID int64, account string) error {
	taken, err := s.accountTaken(ctx, exceptID, account)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate(msgDuplicateAccount)
	}
	return nil
}

func (s *Users) accountTaken(ctx context.Context, exceptID int64, account string) (bool, error) {
	return s.S.User.Exists(ctx, exceptID, "account = ?", account)
}

// withinLimit refuses one more user beyond the tenant's account limit.
func (s *Users) withinLimit(ctx context.Context, limit int32) error {
	if limit <= 0 {
		return nil
	}
	n, err := s.Q.CountUsers(ctx)
	if err != nil {
		return err
	}
	if n >= int64(limit) {
		return errs.Rule("ACCOUNT_LIMIT", msgAccountLimit)
	}
	return nil
}

// Remove deletes users logically: never the caller's own account, never a
// tenant's administrator account; their tokens stop working.
func (s *Users) Remove(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	users, err := s.manageable(ctx, ids, nil, "删除")
	if err != nil {
		return err
	}
	found := make([]int64, 0, len(users))
	for _, u := range users {
		if u.ID == id.UserID {
			return errs.Rule("REMOVE_SELF", "不能删除当前登录的账号")
		}
		if u.Account == AdminAccount {
			return errs.Rule("REMOVE_ADMIN", "不能删除租户管理员账号")
		}
		found = append(found, u.ID)
	}
	if err := s.S.User.Remove(ctx, found); err != nil {
		return err
	}
	return s.revoke(ctx, id.TenantID, found...)
}

// find loads users of the caller's tenant by id (within the data scope);
// NotFound when none matches.
func (s *Users) find(ctx context.Context, ids []int64, statuses []int32) ([]User, error) {
	users, err := s.Q.ListUsers(ctx, paging.Query{}, Filter{IDs: ids, Statuses: statuses}, len(ids))
	if err != nil {
		return nil, err
	}
	if len(users) == 0 {
		return nil, errs.NotFound("用户不存在")
	}
	return users, nil
}

// Grant sets the roles of users.
func (s *Users) Grant(ctx context.Context, userIDs []int64, roleIDs string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	roles, err := parseIDs(roleIDs, "角色")
	if err != nil {
		return err
	}
	if len(roles) == 0 {
		return errs.BadRequest("请选择角色")
	}
	if err := s.checkRefs(ctx, id.TenantID, roles, nil, nil); err != nil {
		return err
	}
	if _, err := s.manageable(ctx, userIDs, nil, "授权"); err != nil {
		return err
	}
	if err := s.mayAssign(ctx, roles, 0, false); err != nil {
		return err
	}
	return s.setFields(ctx, userIDs, map[string]any{"role_id": ident.JoinIDs(roles)})
}

func (s *Users) setFields(ctx context.Context, ids []int64, values map[string]any) error {
	n, err := s.S.User.UpdateFields(ctx, ids, values)
	if err != nil {
		return err
	}
	if n == 0 {
		return errs.NotFound("用户不存在")
	}
	return nil
}

// ResetPassword sets users' passwords to the tenant's initial password and
// voids their tokens.
func (s *Users) ResetPassword(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	plain, found, err := s.Dir.Param(ctx, id.TenantID, "account.initPassword")
	if err != nil {
		return err
	}
	if !found || plain == "" {
		plain = DefaultInitPassword
	}
	if _, err := s.manageable(ctx, ids, nil, "重置密码"); err != nil {
		return err
	}
	hash, err := authn.Hash(plain)
	if err != nil {
		return err
	}
	if err := s.setFields(ctx, ids, map[string]any{"password": hash}); err != nil {
		return err
	}
	return s.revoke(ctx, id.TenantID, ids...)
}

// UpdatePassword changes the caller's own password and voids their tokens.
func (s *Users) UpdatePassword(ctx context.Context, old, plain, confirm string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if id.UserID <= 0 {
		return errs.NotFound("用户不存在")
	}
	err = first(
		func() error {
			if old == "" {
				return errs.BadRequest("请输入原密码")
			}
			return nil
		},
		func() error { return checkPassword(plain) },
		func() error {
			if plain != confirm {
				return errs.BadRequest("两次密码输入不一致")
			}
			return nil
		},
	)
	if err != nil {
		return err
	}
	u, err := s.S.User.Get(ctx, id.UserID)
	if err != nil {
		return err
	}
	if ok, _ := authn.Check(u.Password, old); !ok {
		return errs.BadRequest("原密码不正确")
	}
	hash, err := authn.Hash(plain)
	if err != nil {
		return err
	}
	if err := s.setFields(ctx, []int64{u.ID}, map[string]any{"password": hash}); err != nil {
		return err
	}
	return s.revoke(ctx, id.TenantID, u.ID)
}

// revoke voids every token of users issued until now (blade-auth keeps the
// cut-off the gateway compares a token's issue time with).
func (s *Users) revoke(ctx context.Context, tenant string, ids ...int64) error {
	if len(ids) == 0 {
		return nil
	}
	return s.Guard.Revoke(ctx, tenant, ids)
}

// Unlock clears the failed-login counters of users.
func (s *Users) Unlock(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	users, err := s.manageable(ctx, ids, nil, "解封")
	if err != nil {
		return err
	}
	accounts := make([]string, 0, len(users))
	for _, u := range users {
		accounts = append(accounts, u.Account)
	}
	return s.Guard.Unlock(ctx, id.TenantID, accounts)
}

// UpdateInfo changes the caller's own profile; account, roles,
// departments, posts and password stay as they are.
func (s *Users) UpdateInfo(ctx context.Context, p *User) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if id.UserID <= 0 {
		return errs.NotFound("用户不存在")
	}
	u, err := s.S.User.Get(ctx, id.UserID)
	if err != nil {
		return err
	}
	mergeProfile(u, p)
	if err := checkProfile(u); err != nil {
		return err
	}
	return s.S.User.Update(ctx, u.ID, u, profileColumns...)
}
