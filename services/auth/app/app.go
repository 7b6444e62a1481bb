// Package app assembles blade-auth as a component.
package app

import (
	"context"
	"strings"
	"time"

	"anquan/auth/internal/biz"
	"anquan/auth/internal/conf"
	"anquan/auth/internal/data"
	grpcserver "anquan/auth/internal/server"
	"anquan/auth/internal/service"
	"anquan/auth/internal/social"
	"anquan/kit/authn"
	"anquan/kit/errs"
	"anquan/kit/platform"
	"anquan/kit/server"
	pb "anquan/proto/blade/auth/v1"
	commonv1 "anquan/proto/blade/common/v1"
	systemv1 "anquan/proto/blade/system/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// App is blade-auth.
type App struct {
	server.Parts
	in   *platform.Infra
	addr string
}

// New makes the component; addr is its gRPC listen address.
func New(in *platform.Infra, addr string) *App { return &App{in: in, addr: addr} }

func (a *App) Name() string { return conf.Name }

func (a *App) Start(ctx context.Context) error {
	g, err := a.OpenDB(ctx, a.in.Conf, a.in.Bus, conf.Name, data.Migrations)
	if err != nil {
		return err
	}
	signer, err := authn.NewSigner(a.in.Keys)
	if err != nil {
		return err
	}
	dir := data.Directory{System: systemv1.NewSystemInternalClient(a.in.Dialer.Lazy("system")), User: userv1.NewUserInternalClient(a.in.Dialer.Lazy("user"))}
	providers := data.Providers(g)
	tokens := data.Tokens{DB: g}
	settings := conf.From(a.in.Conf)
	guard := social.Guard{AllowPrivate: settings.AllowPrivateIdP}
	uc := &biz.Auth{Dir: dir, Tokens: tokens, Cache: a.in.Cache, Signer: signer, Social: social.New(guard), Events: a.Outbox,
		PasswordKey: settings.PasswordKey, Captcha: settings.Captcha}
	srv, err := grpcserver.New(a.in, a.addr, service.New(uc, providers, &biz.ApiKeys{Auth: uc, Repo: data.ApiKeys(g)}, profile(userv1.NewUserServiceClient(a.in.Dialer.Lazy("user")), dir), guard.CheckURL))
	if err != nil {
		return err
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		return err
	}
	rctx, cancel := context.WithCancel(context.Background()) //nolint:gosec // G118: cancel is kept in a.Cancel and called when the app stops
	a.Cancel = cancel
	go func() {
		t := time.NewTicker(24 * time.Hour)
		defer t.Stop()
		for {
			tokens.PurgeExpired(rctx)
			select {
			case <-rctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return nil
}

// profile reads the caller's profile from blade-user (with the caller's
// token, so blade-user applies its own rules and fills role and dept names)
// and adds the role aliases menus are filtered by (meta.roles).
func profile(users userv1.UserServiceClient, dir data.Directory) func(ctx context.Context) (*pb.UserProfile, error) {
	return func(ctx context.Context) (*pb.UserProfile, error) {
		u, err := users.Info(ctx, &commonv1.Empty{})
		if err != nil {
			if errs.IsNotFound(err) {
				return nil, errs.Unauthorized("")
			}
			return nil, err
		}
		roles, err := dir.Roles(ctx, u.TenantId, u.RoleId)
		if err != nil {
			return nil, err
		}
		aliases := make([]string, 0, len(roles))
		for _, r := range roles {
			aliases = append(aliases, r.Alias)
		}
		return &pb.UserProfile{Id: u.Id, TenantId: u.TenantId, Account: u.Account, Name: u.Name, RealName: u.RealName, NickName: u.NickName,
			Avatar: u.Avatar, Email: u.Email, Phone: u.Phone, Sex: u.Sex, Birthday: u.Birthday, DeptId: u.DeptId, DeptName: u.DeptName,
			PostId: u.PostId, RoleId: u.RoleId, RoleName: u.RoleName, RoleAlias: strings.Join(aliases, ","), UserType: u.UserType, OauthId: u.OauthId}, nil
	}
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
