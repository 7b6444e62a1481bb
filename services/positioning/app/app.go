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
	"anquan/kit/schedule"
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
	var nc *nats.Conn
	if a.in.Bus != nil {
		nc = a.in.Bus.NC
	}
	// One replica evaluates the positions: its rules keep state across fixes
	// and ticks (debounce, dwell times, gatherings tracked across ticks), so
	// all fixes of a tenant must meet in one place. It holds the ingest lease
	// and subscribes; the others stand by and take over within the lease's
	// TTL (kit/schedule.Lead). The live events go round every replica.
	stopRelay := func() {}
	if nc != nil {
		publish, stop, err := bus.Relay(nc, LiveSubject, engine.Live.Deliver)
		if err != nil {
			return fmt.Errorf("positioning live relay: %w", err)
		}
		engine.Live.Relay, stopRelay = publish, stop
	}
	first := true
	lease := schedule.Lead(a.in.Cache, IngestLease, IngestLeaseTTL, func(lctx context.Context, l *schedule.Lease) (func(), error) {
		// Taking over from another replica: its incidents are the truth.
		if !first {
			open, err := q.OpenAlarms(ident.AsSystem(lctx))
			if err != nil {
				return nil, fmt.Errorf("positioning: alarm state before ingest: %w", err)
			}
			engine.Resync(open)
		}
		first = false
		in, err := grpcserver.Subscribe(nc, engine, l.Held)
		if err != nil {
			return nil, err
		}
		return in.Close, nil
	})
	engine.Evaluating = lease.Held
	engine.Start()
	uc := &biz.Positioning{Tags: data.NewTags(g), Anchors: data.NewAnchors(g), Zones: data.NewZones(g), Alarms: data.NewAlarms(g),
		Rules: data.NewRules(g), Q: q, Tx: db.NewTransactor(g), Engine: engine, Now: time.Now}
	h := service.New(uc)

	watchCtx, stopWatch := context.WithCancel(context.Background())
	go engine.WatchPermits(ident.AsSystem(watchCtx), data.Permits{C: workticketv1.NewWorkticketInternalClient(a.in.Dialer.Lazy("workticket"))}.InForce)
	if err := watchConfig(watchCtx, a.in.Bus, uc); err != nil {
		stopWatch()
		lease.Stop()
		stopRelay()
		engine.Stop()
		return err
	}
	srv, err := grpcserver.New(a.in, a.addr, h)
	if err != nil {
		stopWatch()
		lease.Stop()
		stopRelay()
		engine.Stop()
		return err
	}
	// Stopping: ingest first, then the engine stores its pending track (the
	// database closes after), and open streams end so the drain is quick.
	a.Cancel = func() {
		stopWatch()
		lease.Stop()
		stopRelay()
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

// IngestLease is the lease whose holder evaluates the positions;
// IngestLeaseTTL how long a silent holder keeps it (a standby takes over
// within TTL+TTL/5 of its last renewal). LiveSubject.<tenant> carries the
// live events to every replica (core NATS: nothing stored).
const (
	IngestLease    = "positioning:ingest"
	IngestLeaseTTL = 10 * time.Second
	LiveSubject    = "live.positioning"
)

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
