// Package app assembles blade-flow as a component, so the all-in-one binary
// and cmd/flow run the same code.
package app

import (
	"context"
	"fmt"

	"anquan/flow/internal/biz"
	"anquan/flow/internal/conf"
	"anquan/flow/internal/data"
	grpcserver "anquan/flow/internal/server"
	"anquan/flow/internal/service"
	"anquan/kit/db"
	"anquan/kit/platform"
	"anquan/kit/server"
	systemv1 "anquan/proto/blade/system/v1"
)

// App is blade-flow.
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
	if err := data.Seed(g); err != nil {
		return fmt.Errorf("flow seed: %w", err)
	}
	instances := data.NewInstances(g)
	uc := &biz.Flow{
		Models: data.NewModels(g), Instances: instances, History: data.NewComments(g),
		S: data.NewStore(g, instances), Tx: db.NewTransactor(g),
		Dir:    data.System{C: systemv1.NewSystemInternalClient(a.in.Dialer.Lazy("system")), Cache: a.in.Cache},
		Events: a.Outbox,
	}
	h, internal := service.New(uc, a.in.Verifier)
	srv, err := grpcserver.New(a.in, a.addr, h, internal)
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
