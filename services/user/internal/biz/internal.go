package biz

import (
	"context"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// What other services ask of users. Their calls arrive as system contexts
// naming the tenant, so every query runs under ident.ForTenant: the tenant
// scope then applies as for any caller.

func needTenant(tenant string) error {
	if strings.TrimSpace(tenant) == "" {
		return errs.BadRequest("缺少租户编号")
	}
	return nil
}

// FindCredential returns the user holding an account (login), NotFound if none.
func (s *Users) FindCredential(ctx context.Context, tenant, account string) (*User, error) {
	if err := needTenant(tenant); err != nil {
		return nil, err
	}
	u, err := s.S.User.FindBy(ident.ForTenant(ctx, tenant), "account = ?", strings.TrimSpace(account))
	if err != nil {
		return nil, err
	}
	if u == nil {
		return nil, errs.NotFound("用户不存在")
	}
	return u, nil
}

// GetCredential returns a user by id (token refresh).
func (s *Users) GetCredential(ctx context.Context, tenant string, userID int64) (*User, error) {
	if err := needTenant(tenant); err != nil {
		return nil, err
	}
	return s.S.User.Get(ident.ForTenant(ctx, tenant), userID)
}

// MaxNameIDs bounds one names look-up.
const MaxNameIDs = 1000

// Users of the tenant among ids, in one query; an unknown id (or one of
// another tenant) has no entry.
func (s *Users) UsersByIDs(ctx context.Context, tenant string, ids []int64) ([]User, error) {
	if err := needTenant(tenant); err != nil {
		return nil, err
	}
	if len(ids) > MaxNameIDs {
		return nil, errs.BadRequest("一次最多查询 %d 个人员", MaxNameIDs)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	return s.Q.ListUsers(ident.ForTenant(ctx, tenant), paging.Query{}, Filter{IDs: ids}, len(ids))
}

// GroupMembers are the tenant's active users whose main department is in the subtree of
// one of depts, or who hold one of roles or posts: at most MaxNameIDs, by id. No group
// asked is nobody (never the whole tenant).
func (s *Users) GroupMembers(ctx context.Context, tenant string, depts, roles, posts []int64) ([]User, error) {
	if err := needTenant(tenant); err != nil {
		return nil, err
	}
	if len(depts) == 0 && len(roles) == 0 && len(posts) == 0 {
		return nil, nil
	}
	g := &Groups{Roles: roles, Posts: posts}
	if len(depts) > 0 {
		_, subtree, err := s.Dir.Depts(ctx, tenant, depts)
		if err != nil {
			return nil, err
		}
		g.Depts = append(subtree, depts...)
	}
	ctx = ident.ForTenant(ctx, tenant)
	return s.Q.ListUsers(ctx, paging.Query{}, Filter{Statuses: []int32{StatusNormal}, Groups: g}, MaxNameIDs)
}

// UpgradeHash replaces a legacy password hash after a successful login.
func (s *Users) UpgradeHash(ctx context.Context, tenant string, userID int64, hash string) error {
	if err := needTenant(tenant); err != nil {
		return err
	}
	if !strings.HasPrefix(hash, "$2") {
		return errs.BadRequest("密码哈希格式不正确")
	}
	return s.setFields(ident.ForTenant(ctx, tenant), []int64{userID}, map[string]any{"password": hash})
}

// Profile is a third-party identity as a social login reports it.
type Profile struct {
	TenantID, Source, UUID            string
	Username, Nickname, Avatar, Email string
}

// BindOAuth finds or records a social identity (refreshing its profile) and
// returns it with its approved local user, nil until a registration made
// with it is approved.
func (s *Users) BindOAuth(ctx context.Context, p Profile) (*OAuth, *User, error) {
	if err := needTenant(p.TenantID); err != nil {
		return nil, nil, err
	}
	if strings.TrimSpace(p.Source) == "" || strings.TrimSpace(p.UUID) == "" {
		return nil, nil, errs.BadRequest("缺少第三方账号来源或标识")
	}
	ctx = ident.ForTenant(ctx, p.TenantID)
	var o *OAuth
	err := s.Tx.Tx(ctx, func(ctx context.Context) error {
		var err error
		if o, err = s.S.OAuth.FindBy(ctx, "source = ? AND uuid = ?", p.Source, p.UUID); err != nil {
			return err
		}
		if o == nil {
			o = &OAuth{Source: p.Source, UUID: p.UUID, Username: p.Username, Nickname: p.Nickname, Avatar: p.Avatar, Email: p.Email}
			return s.S.OAuth.Create(ctx, o)
		}
		o.Username, o.Nickname, o.Avatar, o.Email = p.Username, p.Nickname, p.Avatar, p.Email
		return s.S.OAuth.Update(ctx, o.ID, o, "username", "nickname", "avatar", "email", "update_time")
	})
	if err != nil || o.UserID <= 0 {
		return o, nil, err
	}
	u, err := s.S.User.FindBy(ctx, "id = ? AND status = ?", o.UserID, StatusNormal)
	return o, u, err
}

// Admin is the first administrator of a new tenant.
type Admin struct {
	TenantID, Account, PasswordHash string
	RoleID, DeptID, Name            string
}

// CreateTenantAdmin creates a tenant's administrator; it succeeds without
// change when the account exists (blade-system may retry provisioning).
// Roles and departments are not looked up: blade-system calls this inside
// the transaction that creates them.
func (s *Users) CreateTenantAdmin(ctx context.Context, a Admin) error {
	if err := needTenant(a.TenantID); err != nil {
		return err
	}
	u := &User{Account: strings.TrimSpace(a.Account), Password: a.PasswordHash, Name: a.Name, RealName: a.Name, UserType: TypeInternal, Sex: 3}
	u.Status = StatusNormal
	if err := checkAccount(u.Account); err != nil {
		return err
	}
	if u.Password == "" {
		return errs.BadRequest("缺少密码哈希")
	}
	roles, err := parseIDs(a.RoleID, "角色")
	if err != nil {
		return err
	}
	depts, err := parseIDs(a.DeptID, "部门")
	if err != nil {
		return err
	}
	u.RoleID, u.DeptID, u.MainDeptID = ident.JoinIDs(roles), ident.JoinIDs(depts), last(depts)
	ctx = ident.ForTenant(ctx, a.TenantID)
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		if taken, err := s.accountTaken(ctx, 0, u.Account); err != nil || taken {
			return err
		}
		return s.Q.CreateUser(ctx, u)
	})
}

// CountUsers counts a tenant's users (tenant overview, account limits).
func (s *Users) CountUsers(ctx context.Context, tenant string) (int64, error) {
	if err := needTenant(tenant); err != nil {
		return 0, err
	}
	return s.Q.CountUsers(ident.ForTenant(ctx, tenant))
}
