package biz

import (
	"context"
	"strconv"
	"strings"

	"anquan/kit/authn"
	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Event subjects of guest registration.
const (
	SubjectRegistered = "user.registered"
	SubjectApproved   = "user.registered.approved"
	SubjectRejected   = "user.registered.rejected"
)

// Messages the registration dialog shows.
const (
	MsgRegistered    = "注册申请已提交,请耐心等待管理员通过!"
	msgAlreadyQueued = "注册申请已提交过,请耐心等待管理员审核"
)

// Guest is a registration request of a social-login user.
type Guest struct {
	TenantID string
	Name     string
	Account  string
	Password string // plain
	OAuthID  string
}

// Result is what the registration dialog reads (data.success / data.msg):
// a taken account is an answer, not an error.
type Result struct {
	Success bool
	Msg     string
}

// RegisterGuest files a registration for the caller, a social-login user
// without a local account: a pending user bound to the caller's social
// identity, which an administrator then approves or rejects.
func (s *Users) RegisterGuest(ctx context.Context, g Guest) (*Result, error) {
	id := ident.From(ctx)
	if id == nil {
		return nil, errs.Unauthorized("")
	}
	if id.UserID > 0 {
		return nil, errs.Rule("REGISTERED", "当前账号已注册,无需重复注册")
	}
	if id.OAuthID == "" {
		return nil, errs.Forbidden("请先使用第三方账号登录后再注册")
	}
	g.TenantID, g.Account, g.Name, g.OAuthID = strings.TrimSpace(g.TenantID), strings.TrimSpace(g.Account), strings.TrimSpace(g.Name), strings.TrimSpace(g.OAuthID)
	// Spec 5: the dialog's checks, in its order, with its messages.
	switch {
	case g.TenantID == "":
		return nil, errs.BadRequest("请先输入租户编号")
	case g.Account == "":
		return nil, errs.BadRequest("请先输入账号名称")
	case g.Password == "":
		return nil, errs.BadRequest("请先输入密码")
	}
	if id.TenantID != "" && g.TenantID != id.TenantID {
		return nil, errs.BadRequest("租户编号与登录租户不一致")
	}
	// The token names the social identity; the form's copy must agree.
	if g.OAuthID != "" && g.OAuthID != id.OAuthID {
		return nil, errs.BadRequest("第三方账号不一致")
	}
	oauthID, err := strconv.ParseInt(id.OAuthID, 10, 64)
	if err != nil {
		return nil, errs.BadRequest("第三方账号不存在")
	}
	if g.Name == "" {
		g.Name = g.Account
	}
	if err := first(
		func() error { return checkAccount(g.Account) },
		func() error { return checkPassword(g.Password) },
		func() error { return maxLen("姓名", g.Name, 50) },
	); err != nil {
		return nil, err
	}
	ctx = ident.ForTenant(ctx, g.TenantID)
	limit, err := s.Dir.AccountLimit(ctx, g.TenantID)
	if err != nil {
		return nil, err
	}
	if _, err := s.S.OAuth.Get(ctx, oauthID); err != nil {
		return nil, err
	}
	hash, err := authn.Hash(g.Password)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	err = s.Tx.Tx(ctx, func(ctx context.Context) error {
		queued, err := s.S.User.Exists(ctx, 0, "oauth_id = ? AND status = ?", id.OAuthID, StatusPending)
		if err != nil {
			return err
		}
		if queued {
			res.Msg = msgAlreadyQueued
			return nil
		}
		if taken, err := s.accountTaken(ctx, 0, g.Account); err != nil || taken {
			res.Msg = msgDuplicateAccount
			return err
		}
		if err := s.withinLimit(ctx, limit); err != nil {
			return err
		}
		u := &User{Account: g.Account, Password: hash, Name: g.Name, RealName: g.Name, UserType: TypeInternal, Sex: 3, OAuthID: id.OAuthID}
		u.Status = StatusPending
		if err := s.Q.CreateUser(ctx, u); err != nil {
			return err
		}
		res.Success, res.Msg = true, MsgRegistered
		return s.Events.Add(ctx, SubjectRegistered, g.TenantID, map[string]any{
			"tenantId": g.TenantID, "userId": strconv.FormatInt(u.ID, 10), "account": u.Account, "name": u.Name,
		})
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}
