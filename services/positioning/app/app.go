// Package app assembles positioning as a component, so the all-in-one
// binary and cmd/positioning run the same code.
package app

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"

	"anquan/kit/bus"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/platform"
	"anquan/kit/server"
	"anquan/positioning/internal/biz"
	"anquan/positioning/internal/conf"
	"anquan/positioning/internal/data"
	grpcserver "anquan/positioning/internal/server"
	"anquan/positioning/internal/service"
	workticketv1 "anquan/proto/blade/workticket/v1"
)

// App is positioning.
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
		return fmt.Errorf("positioning seed: %w", err)
	}
	q := data.Queries{G: g}
	engine := biz.NewEngine(data.Alarms{G: g, Events: a.Outbox}, data.Track{G: g}, biz.NewHub(1000), biz.DefaultRules)
	sys := ident.AsSystem(ctx)
	tags, zones, err := q.Config(sys, "")
	if err != nil {
		return err
	}
	for t := range tags {
		engine.Load(t, tags[t], zones[t])
	}
	rules, err := q.AllRules(sys)
	if err != nil {
		return err
	}
	for t, r := range biz.RulesByTenant(rules) {
		engine.SetRules(t, r)
	}
	open, err := q.OpenAlarms(sys)
	if err != nil {
		return err
	}
	engine.Restore(open)
	engine.Start()
	uc := &biz.Positioning{Tags: data.NewTags(g), Anchors: data.NewAnchors(g), Zones: data.NewZones(g), Alarms: data.NewAlarms(g),
		Rules: data.NewRules(g), Q: q, Tx: db.NewTransactor(g), Engine: engine, Now: time.Now}
	h := service.New(uc)

	var nc *nats.Conn
	if a.in.Bus != nil {
		nc = a.in.Bus.NC
	}
	ingest, err := grpcserver.Subscribe(nc, engine)
	if err != nil {
		engine.Stop()
		return err
	}
	watchCtx, stopWatch := context.WithCancel(context.Background())
	go engine.WatchPermits(ident.AsSystem(watchCtx), data.Permits{C: workticketv1.NewWorkticketInternalClient(a.in.Dialer.Lazy("workticket"))}.InForce)
	if err := watchConfig(watchCtx, a.in.Bus, uc); err != nil {
		stopWatch()
		ingest.Close()
		engine.Stop()
		return err
	}
	srv, err := grpcserver.New(a.in, a.addr, h)
	if err != nil {
		stopWatch()
		ingest.Close()
		engine.Stop()
		return err
	}
	// Stopping: ingest first, then the engine stores its pending track (the
	// database closes after), and open streams end so the drain is quick.
	a.Cancel = func() {
		stopWatch()
		ingest.Close()
		select {
		case <-h.Stopping:
		default:
			close(h.Stopping)
			engine.Stop()
		}
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		a.Cancel()
		return err
	}
	return nil
}

// configSubject carries "a tenant's tags, zones or rules changed" between the replicas (core
// NATS through bus.Watch, not the event stream: a replica that misses it while down reads
// everything at start).
const configSubject = "live.positioning.config."

// watchConfig makes every replica reload a tenant's configuration when any replica changed
// it, until ctx ends; without a bus (one process) there is nothing to tell.
func watchConfig(ctx context.Context, b *bus.Bus, uc *biz.Positioning) error {
	if b == nil || b.NC == nil {
		return nil
	}
	uc.Changed = func(tenant string) {
		body, _ := json.Marshal(struct {
			TenantID string `json:"tenantId"`
		}{tenant})
		if err := b.NC.Publish(configSubject+tenant, body); err != nil {
			slog.Warn("positioning: the configuration change was not announced to the other replicas", "tenant", tenant, "err", err)
		}
	}
	return b.Watch(ctx, configSubject+"*", func(tenant, _ string) {
		if err := uc.ReloadTenant(context.Background(), tenant); err != nil {
			slog.Error("positioning: reloading a tenant's configuration failed", "tenant", tenant, "err", err)
		}
	})
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
