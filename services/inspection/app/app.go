// Package app assembles the inspection service as a component, so the
// all-in-one binary and cmd/inspection run the same code.
package app

import (
	"context"
	"fmt"
	"sync"
	"time"

	"anquan/inspection/internal/biz"
	"anquan/inspection/internal/conf"
	"anquan/inspection/internal/data"
	grpcserver "anquan/inspection/internal/server"
	"anquan/inspection/internal/service"
	"anquan/kit/db"
	"anquan/kit/people"
	"anquan/kit/platform"
	"anquan/kit/schedule"
	"anquan/kit/server"
	systemv1 "anquan/proto/blade/system/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// App is the inspection service.
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
		return fmt.Errorf("inspection seed: %w", err)
	}
	uc := &biz.Inspection{
		Points: data.NewPoints(g), Plans: data.NewPlans(g), Tasks: data.NewTasks(g), Records: data.NewRecords(g),
		TPoints: data.NewTaskPoints(g), Q: data.Queries{G: g}, Depts: data.Depts{C: systemv1.NewSystemInternalClient(a.in.Dialer.Lazy("system"))}, Tx: db.NewTransactor(g), Events: a.Outbox,
		People: people.Directory{C: userv1.NewUserInternalClient(a.in.Dialer.Lazy("user"))},
		Now:    time.Now,
	}
	srv, err := grpcserver.New(a.in, a.addr, service.New(uc))
	if err != nil {
		return err
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		return err
	}
	// The scheduler; Stop cancels and waits for it.
	rctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	a.Cancel = func() { cancel(); wg.Wait() }
	wg.Add(1)
	go func() {
		defer wg.Done()
		// Once a period across the replicas (kit/schedule).
		schedule.Run(rctx, a.in.Cache, "inspection.schedule", conf.SchedulerEvery, uc.Tick)
	}()
	return nil
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
