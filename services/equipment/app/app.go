// Package app assembles the equipment service as a component, so the
// all-in-one binary and cmd/equipment run the same code.
package app

import (
	"context"
	"fmt"
	"time"

	"anquan/equipment/internal/biz"
	"anquan/equipment/internal/conf"
	"anquan/equipment/internal/data"
	grpcserver "anquan/equipment/internal/server"
	"anquan/equipment/internal/service"
	"anquan/kit/db"
	"anquan/kit/people"
	"anquan/kit/platform"
	"anquan/kit/schedule"
	"anquan/kit/server"
	systemv1 "anquan/proto/blade/system/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// App is the equipment service.
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
		return fmt.Errorf("equipment seed: %w", err)
	}
	uc := &biz.Ledger{
		Items: data.NewItems(g), Rules: data.NewRules(g), Records: data.NewRecords(g),
		Factors: data.NewFactors(g), Hazards: data.NewHazards(g), HQ: data.HazardQueries{G: g},
		Readings: data.NewReadings(g), Due: data.DueQueries{G: g},
		Tx: db.NewTransactor(g), Events: a.Outbox,
		Roles:  data.Roles{C: systemv1.NewSystemInternalClient(a.in.Dialer.Lazy("system"))},
		People: people.Directory{C: userv1.NewUserInternalClient(a.in.Dialer.Lazy("user"))},
		Now:    time.Now,
	}
	fl := &biz.Flows{Ledger: uc, Orders: data.NewOrders(g), Requests: data.NewRequests(g), Lockouts: data.NewLockouts(g),
		Steps: data.NewSteps(g), Logs: data.NewLogs(g)}
	rm := &biz.Reminders{Ledger: uc, RemindRules: data.NewRemindRules(g), Notices: data.NewRemindNotices(g), Tenants: data.RemindTenants(g)}
	srv, err := grpcserver.New(a.in, a.addr, service.New(uc, fl, rm))
	if err != nil {
		return err
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		return err
	}
	// The due-date reminder job; Stop cancels and waits for a run in progress.
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); remindLoop(rctx, rm) }()
	a.Cancel = func() { cancel(); <-done }
	return nil
}

// Reminder job timing: a first run soon after start (a restarted server
// catches up at once), then hourly; the sent markers make each reminder
// happen once, so the hourly run only notices the day change.
var (
	remindFirst = 5 * time.Second
	remindEvery = time.Hour
)

// remindLoop raises the reminders until ctx ends (kit/schedule.Every).
func remindLoop(ctx context.Context, r *biz.Reminders) {
	schedule.Every(ctx, "equipment.due.remind", remindFirst, remindEvery, r.RemindAll)
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
