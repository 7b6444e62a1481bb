// Package app assembles blade-desk as a component, so the all-in-one
// binary and cmd/desk run the same code.
package app

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"

	"anquan/desk/internal/biz"
	"anquan/desk/internal/data"
	grpcserver "anquan/desk/internal/server"
	"anquan/desk/internal/service"
	"anquan/kit/db"
	"anquan/kit/outbox"
	"anquan/kit/platform"
	"anquan/kit/server"
	systemv1 "anquan/proto/blade/system/v1"
)

// App is blade-desk.
type App struct {
	in     *platform.Infra
	addr   string
	db     *gorm.DB
	grpc   *server.GRPC
	outbox *outbox.Outbox
	cancel context.CancelFunc
}

// New makes the component; addr is its gRPC listen address.
func New(in *platform.Infra, addr string) *App { return &App{in: in, addr: addr} }

func (a *App) Name() string { return "desk" }

// Addr is where the gRPC server listens (after Start).
func (a *App) Addr() string { return a.grpc.Addr() }

func (a *App) Start(ctx context.Context) error {
	g, err := db.Open(ctx, a.in.Conf, "desk")
	if err != nil {
		return err
	}
	a.db = g
	if err := data.Migrate(g); err != nil {
		return fmt.Errorf("desk migrate: %w", err)
	}
	a.outbox = outbox.New(g, a.in.Bus)
	system := data.System{C: systemv1.NewSystemInternalClient(a.in.Dialer.Lazy("system"))}
	uc := biz.New(data.NewNotices(g), data.NewQueries(g), db.NewTransactor(g), system, data.Events{O: a.outbox})
	h := service.New(uc)
	srv, err := grpcserver.New(a.in, a.addr, h)
	if err != nil {
		return err
	}
	a.grpc = srv
	srv.Serve()
	a.outbox.Start()
	rctx, cancel := context.WithCancel(context.Background())
	a.cancel = cancel
	// Events of other services become messages (one durable consumer shared
	// by every replica, so each event is delivered once).
	if a.in.Bus != nil {
		if err := a.in.Bus.Subscribe(rctx, service.Durable, biz.Subjects(), h.Consume); err != nil {
			return fmt.Errorf("desk consumer: %w", err)
		}
	}
	a.in.Dialer.SetAddr("desk", srv.Addr())
	return nil
}

func (a *App) Stop(ctx context.Context) error {
	if a.cancel != nil {
		a.cancel()
	}
	if a.grpc != nil {
		a.grpc.Stop(ctx)
	}
	if a.outbox != nil {
		a.outbox.Stop(ctx)
	}
	if a.db != nil {
		if s, err := a.db.DB(); err == nil {
			return s.Close()
		}
	}
	return nil
}

func (a *App) Ready(ctx context.Context) error {
	if a.db == nil || a.grpc == nil {
		return errors.New("not started")
	}
	s, err := a.db.DB()
	if err != nil {
		return err
	}
	return s.PingContext(ctx)
}
