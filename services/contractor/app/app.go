// Package app assembles the contractor service as a component, so the
// all-in-one binary and cmd/contractor run the same code.
package app

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"anquan/contractor/internal/biz"
	"anquan/contractor/internal/conf"
	"anquan/contractor/internal/data"
	grpcserver "anquan/contractor/internal/server"
	"anquan/contractor/internal/service"
	"anquan/kit/bus"
	"anquan/kit/people"
	"anquan/kit/platform"
	"anquan/kit/server"
	"anquan/kit/timefmt"
	systemv1 "anquan/proto/blade/system/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// App is the contractor service.
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
		return fmt.Errorf("contractor seed: %w", err)
	}
	uc := data.NewContractor(g)
	uc.Roles = data.Roles{C: systemv1.NewSystemInternalClient(a.in.Dialer.Lazy("system")), Cache: a.in.Cache}
	uc.People = people.Directory{C: userv1.NewUserInternalClient(a.in.Dialer.Lazy("user"))}
	uc.Now = func() time.Time { return time.Now().In(timefmt.Zone) }
	srv, err := grpcserver.New(a.in, a.addr, service.New(uc))
	if err != nil {
		return err
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		return err
	}
	// People pass their entry training through education's exams.
	rctx, cancel := context.WithCancel(context.Background())
	a.Cancel = cancel
	if a.in.Bus != nil {
		if err := a.in.Bus.Subscribe(rctx, conf.TrainedConsumer, []string{biz.PassedSubject}, trained(uc)); err != nil {
			cancel()
			return fmt.Errorf("contractor training consumer: %w", err)
		}
	}
	return nil
}

// passed is the part of education's event the service reads.
type passed struct {
	UserID   string `json:"userId"`
	CertNo   string `json:"certNo"`
	PassTime string `json:"passTime"`
}

// trained marks the people of the account that passed; a malformed event
// is logged and dropped, anything else retried.
func trained(uc *biz.Contractor) bus.Handler {
	return func(ctx context.Context, e bus.Event) error {
		var p passed
		if err := json.Unmarshal(e.Data, &p); err != nil {
			slog.Warn("contractor: exam pass event unreadable; dropped", "id", e.ID, "err", err)
			return nil
		}
		uid, err := strconv.ParseInt(p.UserID, 10, 64)
		at, ok := timefmt.Parse(p.PassTime)
		if err != nil || !ok {
			slog.Warn("contractor: exam pass event without user or time; dropped", "id", e.ID)
			return nil
		}
		return uc.Trained(ctx, e.TenantID, uid, at, p.CertNo)
	}
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
