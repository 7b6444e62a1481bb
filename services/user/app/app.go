// Package app assembles blade-user as a component, so the all-in-one
// binary and cmd/user run the same code.
package app

import (
	"context"
	"fmt"
	"time"

	"anquan/kit/bus"
	"anquan/kit/db"
	"anquan/kit/platform"
	"anquan/kit/schedule"
	"anquan/kit/server"
	"anquan/user/internal/biz"
	"anquan/user/internal/conf"
	"anquan/user/internal/data"
	grpcserver "anquan/user/internal/server"
	"anquan/user/internal/service"
)

// App is blade-user.
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
		return fmt.Errorf("user seed: %w", err)
	}
	if err := data.SeedCertificates(ctx, g, time.Now()); err != nil {
		return fmt.Errorf("user certificate seed: %w", err)
	}
	// blade-system is dialled lazily: it may start after this component.
	dir := data.NewNames(data.NewDirectory(a.in.Dialer.Lazy("system")))
	uc := biz.New(data.Stores(g), data.NewQueries(g), db.NewTransactor(g), a.Outbox, dir, data.NewGuard(a.in.Dialer.Lazy("auth")))
	cq := data.NewCertQueries(g)
	certs := biz.NewCertificates(uc, data.CertStores(g), cq, cq)
	ch := service.NewCertificate(certs)
	h := service.New(uc, conf.From(a.in.Conf).PasswordKey).WithCertificates(ch)
	srv, err := grpcserver.New(a.in, a.addr, h, ch)
	if err != nil {
		return err
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		return err
	}
	wctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); remindLoop(wctx, certs) }()
	// Stop waits for a reminder run in progress before the database closes.
	a.Cancel = func() { cancel(); <-done }
	// Role, dept and post changes drop the tenant's name snapshot.
	if err := a.in.Bus.Watch(wctx, bus.SubjectPrefix+"system.>", func(tenant, _ string) { dir.Invalidate(tenant) }); err != nil {
		return err
	}
	return nil
}

// Reminder job timing: a first run soon after start (a restarted plant server
// catches up at once), then hourly; notices make each reminder happen once,
// so the hourly run only notices the day change within the hour.
var (
	remindFirst = 5 * time.Second
	remindEvery = time.Hour
)

// remindLoop raises the reminders until ctx ends (kit/schedule.Every).
func remindLoop(ctx context.Context, c *biz.Certificates) {
	schedule.Every(ctx, "user.certificate.remind", remindFirst, remindEvery, c.RemindExpiring)
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
