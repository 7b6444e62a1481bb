// Package app assembles blade-desk as a component, so the all-in-one
// binary and cmd/desk run the same code.
package app

import (
	"anquan/desk/internal/conf"
	"context"
	"fmt"

	"anquan/desk/internal/biz"
	"anquan/desk/internal/data"
	grpcserver "anquan/desk/internal/server"
	"anquan/desk/internal/service"
	"anquan/kit/db"
	"anquan/kit/platform"
	"anquan/kit/server"
	systemv1 "anquan/proto/blade/system/v1"
)

// App is blade-desk.
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
	system := data.System{C: systemv1.NewSystemInternalClient(a.in.Dialer.Lazy("system"))}
	uc := biz.New(data.NewNotices(g), data.NewQueries(g), db.NewTransactor(g), system, a.Outbox)
	h := service.New(uc)
	srv, err := grpcserver.New(a.in, a.addr, h)
	if err != nil {
		return err
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		return err
	}
	rctx, cancel := context.WithCancel(context.Background()) //nolint:gosec // G118: cancel is kept in a.Cancel and called when the app stops
	a.Cancel = cancel
	// Events of other services become messages (one durable consumer shared
	// by every replica, so each event is delivered once).
	if a.in.Bus != nil {
		if err := a.in.Bus.Subscribe(rctx, service.Durable, biz.Subjects(), h.Consume); err != nil {
			return fmt.Errorf("desk consumer: %w", err)
		}
	}
	return nil
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
