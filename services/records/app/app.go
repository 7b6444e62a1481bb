// Package app assembles records as a component, so the all-in-one binary
// and cmd/records run the same code.
package app

import (
	"context"
	"fmt"
	"time"

	"anquan/kit/db"
	"anquan/kit/people"
	"anquan/kit/platform"
	"anquan/kit/server"
	userv1 "anquan/proto/blade/user/v1"
	"anquan/records/internal/biz"
	"anquan/records/internal/conf"
	"anquan/records/internal/data"
	grpcserver "anquan/records/internal/server"
	"anquan/records/internal/service"
)

// App is records.
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
		return fmt.Errorf("records seed: %w", err)
	}
	uc := &biz.Records{Chemicals: data.NewChemicals(g), Stocks: data.NewStocks(g), Documents: data.NewDocuments(g), Readers: data.NewReaders(g),
		Names: people.Directory{C: userv1.NewUserInternalClient(a.in.Dialer.Lazy("user"))},
		Q:     data.Queries{G: g}, Tx: db.NewTransactor(g), Events: a.Outbox, Now: time.Now}
	srv, err := grpcserver.New(a.in, a.addr, service.New(uc))
	if err != nil {
		return err
	}
	return a.Serve(srv, conf.Name, a.in.Dialer.SetAddr)
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
