// Package app assembles accident as a component, so the all-in-one binary
// and cmd/accident run the same code.
package app

import (
	"context"
	"fmt"
	"time"

	"anquan/accident/internal/biz"
	"anquan/accident/internal/conf"
	"anquan/accident/internal/data"
	grpcserver "anquan/accident/internal/server"
	"anquan/accident/internal/service"
	"anquan/kit/db"
	"anquan/kit/platform"
	"anquan/kit/server"
)

// App is accident.
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
	if err := data.Seed(ctx, g, time.Now()); err != nil {
		return fmt.Errorf("accident seed: %w", err)
	}
	uc := &biz.Accidents{Rules: data.NewRules(g), Reports: data.NewReports(g), Supplements: data.NewSupplements(g), Actions: data.NewActions(g),
		NearMisses: data.NewNearMisses(g), Q: data.Queries{G: g}, Tx: db.NewTransactor(g), Events: a.Outbox, Now: time.Now}
	srv, err := grpcserver.New(a.in, a.addr, service.New(uc))
	if err != nil {
		return err
	}
	return a.Serve(srv, conf.Name, a.in.Dialer.SetAddr)
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
