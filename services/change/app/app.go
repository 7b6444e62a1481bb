// Package app assembles change as a component, so the all-in-one binary
// and cmd/change run the same code.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"anquan/change/internal/biz"
	"anquan/change/internal/conf"
	"anquan/change/internal/data"
	grpcserver "anquan/change/internal/server"
	"anquan/change/internal/service"
	"anquan/kit/db"
	"anquan/kit/people"
	"anquan/kit/platform"
	"anquan/kit/schedule"
	"anquan/kit/server"
	userv1 "anquan/proto/blade/user/v1"
)

// App is change.
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
		return fmt.Errorf("change seed: %w", err)
	}
	uc := &biz.Changes{Requests: data.NewRequests(g), Logs: data.NewLogs(g), Items: data.NewItems(g), People: data.NewPeople(g),
		Names: people.Directory{C: userv1.NewUserInternalClient(a.in.Dialer.Lazy("user"))},
		Q:     data.Queries{G: g}, Tx: db.NewTransactor(g), Events: a.Outbox, Now: time.Now}
	srv, err := grpcserver.New(a.in, a.addr, service.New(uc))
	if err != nil {
		return err
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		return err
	}
	// Background work: the sweep of expired temporary changes. Stop
	// cancels and waits for it.
	rctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	a.Cancel = func() { cancel(); wg.Wait() }
	wg.Add(1)
	go func() {
		defer wg.Done()
		// Once a period across the replicas (kit/schedule): two replicas would flag the same
		// change twice.
		schedule.Run(rctx, a.in.Cache, "change.sweep", conf.SweepEvery, func(ctx context.Context) { sweep(ctx, uc) })
	}()
	return nil
}

// sweep flags expired temporary changes.
func sweep(ctx context.Context, uc *biz.Changes) {
	if n, err := uc.FlagOverdue(ctx); err != nil {
		slog.Warn("change sweep: expired temporary changes", "err", err)
	} else if n > 0 {
		slog.Info("change sweep: expired temporary changes flagged", "n", n)
	}
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
