// Package app assembles blade-resource as a component, so the all-in-one
// binary and cmd/resource run the same code.
package app

import (
	"context"

	"anquan/kit/platform"
	"anquan/kit/seedids"
	"anquan/kit/server"
	"anquan/kit/storage"
	"anquan/resource/internal/biz"
	"anquan/resource/internal/conf"
	"anquan/resource/internal/data"
	grpcserver "anquan/resource/internal/server"
	"anquan/resource/internal/service"
)

// App is blade-resource.
type App struct {
	server.Parts
	in   *platform.Infra
	addr string
}

// New makes the component; addr is its gRPC listen address.
func New(in *platform.Infra, addr string) *App { return &App{in: in, addr: addr} }

func (a *App) Name() string { return conf.Name }

func (a *App) Start(ctx context.Context) error {
	st, err := storage.Open(a.in.Conf)
	if err != nil {
		return err
	}
	g, err := a.OpenDB(ctx, a.in.Conf, a.in.Bus, conf.Name, data.Migrations)
	if err != nil {
		return err
	}
	uc := &biz.Resource{Files: data.NewFiles(g), Q: data.Queries{DB: g}, Store: st, MaxSize: a.in.Conf.Storage.MaxUpload}
	// h-training: the demo tenant's course media (a generated tone and a text).
	if err := uc.SeedDemo(ctx, seedids.DemoTenant); err != nil {
		return err
	}
	h, internal := service.New(uc)
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
