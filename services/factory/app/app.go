// Package app assembles base-factory as a component, so the all-in-one
// binary and cmd/factory run the same code.
package app

import (
	"context"
	"fmt"
	"time"

	"anquan/factory/internal/biz"
	"anquan/factory/internal/conf"
	"anquan/factory/internal/data"
	grpcserver "anquan/factory/internal/server"
	"anquan/factory/internal/service"
	"anquan/kit/db"
	"anquan/kit/platform"
	"anquan/kit/server"
	systemv1 "anquan/proto/blade/system/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// App is base-factory.
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
	if err := data.Seed(ctx, g); err != nil {
		return fmt.Errorf("factory seed: %w", err)
	}
	dir := data.Directory{
		System: systemv1.NewSystemInternalClient(a.in.Dialer.Lazy("system")),
		Users:  userv1.NewUserInternalClient(a.in.Dialer.Lazy("user")),
	}
	uc := &biz.Factory{
		Enterprises: data.NewEnterprises(g), Areas: data.NewAreas(g), AreaQ: data.AreaQueries{G: g},
		Maps: data.NewMaps(g), Readings: data.Readings{G: g}, Tx: db.NewTransactor(g), Dir: dir,
		Events: a.Outbox, Weather: data.NewWeatherClient(conf.WeatherTimeout), Now: time.Now,
	}
	h := service.New(uc, userv1.NewUserServiceClient(a.in.Dialer.Lazy("user")), a.in.Verifier)
	srv, err := grpcserver.New(a.in, a.addr, h)
	if err != nil {
		return err
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		return err
	}
	return nil
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
