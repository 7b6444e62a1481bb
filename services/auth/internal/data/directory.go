package data

import (
	"context"
	"strings"
	"time"

	"anquan/auth/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
	systemv1 "anquan/proto/blade/system/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// Directory reads blade-system and blade-user over their internal APIs.
type Directory struct {
	System systemv1.SystemInternalClient
	User   userv1.UserInternalClient
}

func sys(ctx context.Context) context.Context { return ident.AsSystem(ctx) }

func (d Directory) Client(ctx context.Context, id string) (*biz.Client, error) {
	c, err := d.System.GetClient(sys(ctx), &systemv1.ClientQuery{ClientId: id})
	if err != nil {
		return nil, err
	}
	var grants []string
	for _, g := range strings.Split(c.AuthorizedGrantTypes, ",") {
		if g = strings.TrimSpace(g); g != "" {
			grants = append(grants, g)
		}
	}
	return &biz.Client{ID: c.ClientId, Secret: c.ClientSecret, GrantTypes: grants,
		AccessTTL: time.Duration(c.AccessTokenValidity) * time.Second, RefreshTTL: time.Duration(c.RefreshTokenValidity) * time.Second,
		EncryptPassword: c.EncryptPassword}, nil
}

func (d Directory) Tenant(ctx context.Context, id string) (*biz.Tenant, error) {
	t, err := d.System.GetTenant(sys(ctx), &systemv1.TenantIdQuery{TenantId: id})
	if err != nil {
		return nil, err
	}
	out := &biz.Tenant{ID: t.TenantId, Name: t.TenantName, Status: t.Status}
	if t.ExpireTime != "" {
		if e, ok := timefmt.Parse(t.ExpireTime); ok {
			out.Expire = &e
		}
	}
	if t.IsDeleted != 0 {
		return nil, errs.NotFound("租户不存在")
	}
	return out, nil
}

func (d Directory) Roles(ctx context.Context, tenant, ids string) ([]biz.Role, error) {
	if strings.TrimSpace(ids) == "" {
		return nil, nil
	}
	rs, err := d.System.GetRoles(sys(ctx), &systemv1.RoleIdsQuery{TenantId: tenant, RoleIds: ids})
	if err != nil {
		return nil, err
	}
	out := make([]biz.Role, 0, len(rs.Items))
	for _, r := range rs.Items {
		out = append(out, biz.Role{ID: r.Id, Name: r.RoleName, Alias: r.RoleAlias, DataScope: r.DataScope})
	}
	return out, nil
}

func (d Directory) DeptScope(ctx context.Context, tenant string, ids []int64) ([]int64, map[int64]string, error) {
	r, err := d.System.GetDepts(sys(ctx), &systemv1.DeptQuery{TenantId: tenant, DeptIds: ids})
	if err != nil {
		return nil, nil, err
	}
	return r.Descendants, r.Names, nil
}

func userOf(c *userv1.Credential) *biz.User {
	return &biz.User{ID: c.Id, TenantID: c.TenantId, Account: c.Account, PasswordHash: c.PasswordHash, Status: c.Status,
		RoleIDs: c.RoleId, DeptIDs: c.DeptId, PostID: c.PostId, Name: c.Name, RealName: c.RealName, NickName: c.NickName,
		Avatar: c.Avatar, OAuthID: c.OauthId}
}

func (d Directory) FindUser(ctx context.Context, tenant, account string) (*biz.User, error) {
	c, err := d.User.FindCredential(sys(ctx), &userv1.CredentialQuery{TenantId: tenant, Account: account})
	if err != nil {
		if errs.IsNotFound(err) {
			return nil, nil
		}
		return nil, err
	}
	return userOf(c), nil
}

func (d Directory) GetUser(ctx context.Context, tenant string, id int64) (*biz.User, error) {
	c, err := d.User.GetCredential(sys(ctx), &userv1.UserIdQuery{TenantId: tenant, UserId: id})
	if err != nil {
		return nil, err
	}
	return userOf(c), nil
}

func (d Directory) UpgradeHash(ctx context.Context, tenant string, id int64, hash string) error {
	_, err := d.User.UpgradeHash(sys(ctx), &userv1.HashUpdate{TenantId: tenant, UserId: id, PasswordHash: hash})
	return err
}

func (d Directory) BindOAuth(ctx context.Context, tenant, source string, p biz.SocialProfile) (string, *biz.User, error) {
	b, err := d.User.BindOAuth(sys(ctx), &userv1.OAuthQuery{TenantId: tenant, Source: source, Uuid: p.UUID, Username: p.Username, Nickname: p.Nickname, Avatar: p.Avatar, Email: p.Email})
	if err != nil {
		return "", nil, err
	}
	if b.User == nil || b.User.Id == 0 {
		return b.OauthId, nil, nil
	}
	return b.OauthId, userOf(b.User), nil
}
