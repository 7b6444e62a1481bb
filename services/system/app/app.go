// Package app assembles blade-system as a component, so the all-in-one
// binary and cmd/system run the same code.
package app

import (
	"anquan/system/internal/conf"
	"context"
	"fmt"

	"anquan/kit/bus"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/platform"
	"anquan/kit/server"
	userv1 "anquan/proto/blade/user/v1"
	"anquan/system/internal/biz"
	"anquan/system/internal/data"
	grpcserver "anquan/system/internal/server"
	"anquan/system/internal/service"
)

// App is blade-system.
type App struct {
	server.Parts
	in   *platform.Infra
	addr string
	uc   *biz.System
}

// New makes the component; addr is its gRPC listen address.
func New(in *platform.Infra, addr string) *App { return &App{in: in, addr: addr} }

func (a *App) Name() string { return conf.Name }

func (a *App) Start(ctx context.Context) error {
	g, err := a.OpenDB(ctx, a.in.Conf, a.in.Bus, conf.Name, data.Migrations)
	if err != nil {
		return err
	}
	dicts, err := data.SeedDicts()
	if err != nil {
		return fmt.Errorf("system dictionaries: %w", err)
	}
	users := userAdmin{c: userv1.NewUserInternalClient(a.in.Dialer.Lazy("user"))}
	a.uc = biz.New(data.Stores(g), data.Queries{DB: g}, db.NewTransactor(g), a.Outbox, users, dicts)
	a.uc.Shared = a.in.Cache
	if err := data.Seed(ctx, g, a.uc); err != nil {
		return fmt.Errorf("system seed: %w", err)
	}
	h := service.New(a.uc)
	srv, err := grpcserver.New(a.in, a.addr, h)
	if err != nil {
		return err
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		return err
	}
	rctx, cancel := context.WithCancel(context.Background()) //nolint:gosec // G118: cancel is kept in a.Cancel and called when the app stops
	a.Cancel = cancel
	// Menu, role and grant changes (from any replica) and clear-cache drop
	// this replica's cached menus of the tenant.
	drop := func(tenant, _ string) {
		if tenant != "" {
			a.uc.InvalidateTenant(tenant)
		}
	}
	if err := a.in.Bus.Watch(rctx, bus.SubjectPrefix+"system.>", drop); err != nil {
		return err
	}
	if err := a.in.Bus.Watch(rctx, bus.SubjectPrefix+"auth.cache.>", drop); err != nil {
		return err
	}
	return nil
}

// userAdmin creates a new tenant's administrator through blade-user.
type userAdmin struct{ c userv1.UserInternalClient }

func (u userAdmin) CreateTenantAdmin(ctx context.Context, tenantID, account, hash string, roleID, deptID int64, name string) error {
	_, err := u.c.CreateTenantAdmin(ident.AsSystem(ctx), &userv1.TenantAdmin{TenantId: tenantID, Account: account, PasswordHash: hash, RoleId: fmt.Sprint(roleID), DeptId: fmt.Sprint(deptID), Name: name})
	return err
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
