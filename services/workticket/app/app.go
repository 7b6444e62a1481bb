// Package app assembles the workticket service as a component, so the
// all-in-one binary and cmd/workticket run the same code.
package app

import (
	"context"
	"fmt"
	"time"

	"anquan/kit/db"
	"anquan/kit/platform"
	"anquan/kit/server"
	contractorv1 "anquan/proto/blade/contractor/v1"
	factoryv1 "anquan/proto/blade/factory/v1"
	flowv1 "anquan/proto/blade/flow/v1"
	systemv1 "anquan/proto/blade/system/v1"
	userv1 "anquan/proto/blade/user/v1"
	"anquan/workticket/internal/biz"
	"anquan/workticket/internal/conf"
	"anquan/workticket/internal/data"
	grpcserver "anquan/workticket/internal/server"
	"anquan/workticket/internal/service"
)

// App is the workticket service.
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
		return fmt.Errorf("workticket seed: %w", err)
	}
	st := data.NewStores(g)
	tx := db.NewTransactor(g)
	tenants := data.Tenants{C: systemv1.NewSystemInternalClient(a.in.Dialer.Lazy("system"))}
	uc := &biz.Workticket{
		Tickets: st.Tickets, Gas: st.Gas, Signs: st.Signs, Changes: st.Changes, Briefings: st.Briefings, Days: st.Days, Settings: st.Settings,
		Q: data.Queries{DB: g, Tickets: st.Tickets}, Tx: tx,
		Flow:   data.Flow{C: flowv1.NewFlowInternalClient(a.in.Dialer.Lazy("flow"))},
		People: data.People{C: userv1.NewUserInternalClient(a.in.Dialer.Lazy("user"))},
		Areas:  data.Areas{C: factoryv1.NewFactoryInternalClient(a.in.Dialer.Lazy("factory"))},
		Depts:  tenants,
		Roles:  data.Roles{C: tenants.C, Cache: a.in.Cache},
		Events: a.Outbox, Now: time.Now,
		Contractors: data.Contractors{C: contractorv1.NewContractorInternalClient(a.in.Dialer.Lazy("contractor"))},
	}
	srv, err := grpcserver.New(a.in, a.addr, service.New(uc, tenants.TenantName))
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
