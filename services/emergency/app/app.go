// Package app assembles emergency as a component, so the all-in-one binary
// and cmd/emergency run the same code.
package app

import (
	"context"
	"fmt"
	"time"

	"anquan/emergency/internal/biz"
	"anquan/emergency/internal/conf"
	"anquan/emergency/internal/data"
	grpcserver "anquan/emergency/internal/server"
	"anquan/emergency/internal/service"
	"anquan/kit/db"
	"anquan/kit/people"
	"anquan/kit/platform"
	"anquan/kit/server"
	positioningv1 "anquan/proto/blade/positioning/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// App is emergency.
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
		return fmt.Errorf("emergency seed: %w", err)
	}
	uc := &biz.Emergency{Rules: data.NewRules(g), Plans: data.NewPlans(g), Supplies: data.NewSupplies(g), Teams: data.NewTeams(g),
		Members: data.NewMembers(g), Drills: data.NewDrills(g), Holidays: data.NewHolidays(g),
		Duties: data.NewDuties(g), DutyQ: data.Queries{G: g}, Names: people.Directory{C: userv1.NewUserInternalClient(a.in.Dialer.Lazy("user"))},
		Incidents: data.NewIncidents(g), IncidentQ: data.Queries{G: g},
		Muster: data.Positioning{C: positioningv1.NewPositioningServiceClient(a.in.Dialer.Lazy("positioning"))},
		Q:      data.Queries{G: g}, Tx: db.NewTransactor(g), Events: a.Outbox, Now: time.Now}
	h := service.New(uc, uc.CalendarOf)
	srv, err := grpcserver.New(a.in, a.addr, h)
	if err != nil {
		return err
	}
	return a.Serve(srv, conf.Name, a.in.Dialer.SetAddr)
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
