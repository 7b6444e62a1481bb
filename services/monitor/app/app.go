// Package app assembles monitor as a component, so the all-in-one binary
// and cmd/monitor run the same code.
package app

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"sync/atomic"
	"time"

	"anquan/kit/bus"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/platform"
	"anquan/kit/schedule"
	"anquan/kit/server"
	"anquan/monitor/internal/biz"
	"anquan/monitor/internal/conf"
	"anquan/monitor/internal/data"
	grpcserver "anquan/monitor/internal/server"
	"anquan/monitor/internal/service"
	workticketv1 "anquan/proto/blade/workticket/v1"
)

// App is monitor.
type App struct {
	server.Parts
	in   *platform.Infra
	addr string
	// MQTTAddr is where the embedded broker listens ("" when none).
	MQTTAddr string
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
		return fmt.Errorf("monitor seed: %w", err)
	}
	hg, err := data.HistoryDB(ctx, a.in.Conf, g)
	if err != nil {
		return fmt.Errorf("monitor history: %w", err)
	}
	closeHistory := func() {
		if hg != g {
			if s, err := hg.DB(); err == nil {
				_ = s.Close() // after the engine wrote its last batch
			}
		}
	}
	if err := data.SeedHistory(ctx, g, hg); err != nil {
		closeHistory()
		return fmt.Errorf("monitor history seed: %w", err)
	}
	// Online spans a previous process left open end at its last samples.
	if err := data.CloseStaleSpans(ctx, g, hg, time.Now()); err != nil {
		closeHistory()
		return fmt.Errorf("monitor online spans: %w", err)
	}
	if err := data.SeedOnline(ctx, g, time.Now()); err != nil {
		closeHistory()
		return fmt.Errorf("monitor online seed: %w", err)
	}
	q := data.Queries{G: g}
	history := data.History{G: hg}
	engine := biz.NewEngine(data.Alarms{G: g, Events: a.Outbox}, history, biz.NewHub(1000))
	engine.Spans = data.Spans{G: g}
	sys := ident.AsSystem(ctx)
	points, err := q.TenantPoints(sys, "")
	if err != nil {
		closeHistory()
		return err
	}
	open, err := q.OpenAlarms(sys)
	if err != nil {
		closeHistory()
		return err
	}
	// Flood state is per process: floods left open by the previous one end now.
	if err := q.CloseOpenFloods(sys, time.Now()); err != nil {
		closeHistory()
		return err
	}
	rules, err := q.AllRules(sys)
	if err != nil {
		closeHistory()
		return err
	}
	engine.PreloadRules(biz.RulesByTenant(rules))
	holds, err := q.AllHoldsInForce(sys, time.Now())
	if err != nil {
		closeHistory()
		return err
	}
	engine.PreloadHolds(holds)
	// With an external broker one replica evaluates (the ingest lease below)
	// and a browser's stream lands on any: the live events go round by NATS.
	stopRelay := func() {}
	var ingestLease atomic.Pointer[schedule.Lease] // set below; a standby mirrors the live values
	if a.in.Bus != nil && a.in.Bus.NC != nil && a.in.Conf.MQTT.URL != "" {
		publish, stop, err := bus.Relay(a.in.Bus.NC, LiveSubject, func(tenant string, ev biz.LiveEvent) {
			engine.Live.Deliver(tenant, ev)
			if l := ingestLease.Load(); l != nil && !l.Held() {
				engine.Mirror(tenant, ev)
			}
		})
		if err != nil {
			closeHistory()
			return fmt.Errorf("monitor live relay: %w", err)
		}
		engine.Live.Relay, stopRelay = publish, stop
	}
	engine.Start(points, open)
	uc := &biz.Monitor{Gateways: data.NewGateways(g), Devices: data.NewDevices(g), Points: data.NewPoints(g), Alarms: data.NewAlarms(g),
		Rules: data.NewRules(g), Holds: data.NewHolds(g),
		Q: q, Tx: db.NewTransactor(g), Events: a.Outbox, Engine: engine, Now: time.Now, History: history,
		Permits: data.Permits{C: workticketv1.NewWorkticketServiceClient(a.in.Dialer.Lazy("workticket"))}}
	h := service.New(uc)

	// Ingest: an external broker when configured, else the embedded one.
	// Personnel positions published beside the telemetry are forwarded to
	// positioning over the bus.
	var forward grpcserver.Forward
	if a.in.Bus != nil {
		forward = grpcserver.NATSForward(a.in.Bus.NC)
	}
	var stopIngest func()
	mc := a.in.Conf.MQTT
	switch {
	case mc.URL != "":
		// Every replica hears the whole external broker, but a point's alarm
		// state (on/off delay, deadband, its open incident) must see all its
		// messages in one place, so one replica at a time subscribes: the
		// holder of the ingest lease. (An MQTT shared subscription would
		// spread one point's messages over the replicas; partitioning by
		// tenant would need the replicas to agree on membership, which the
		// lease gives for free with one owner.) The first attempt is made
		// here, so a replica alone in its cache starts subscribed.
		first := true
		lease := schedule.Lead(a.in.Cache, IngestLease, IngestLeaseTTL, func(lctx context.Context, l *schedule.Lease) (func(), error) {
			// Taking over from another replica: its incidents are the truth.
			if !first {
				open, err := q.OpenAlarms(ident.AsSystem(lctx))
				if err == nil {
					err = engine.Resync(lctx, open)
				}
				if err != nil {
					return nil, fmt.Errorf("monitor: alarm state before ingest: %w", err)
				}
			}
			first = false
			c, err := grpcserver.Connect(mc.URL, mc.Username, mc.Password, engine, forward, l.Held)
			if err != nil {
				return nil, err
			}
			slog.Info("monitor: subscribed to the MQTT broker (ingest lease held)", "url", mc.URL)
			return c.Close, nil
		})
		ingestLease.Store(lease)
		if !lease.Held() {
			slog.Info("monitor: another replica holds the ingest lease; standing by", "lease", IngestLease)
		}
		stopIngest = lease.Stop
	case mc.Listen != "" && mc.Listen != "off":
		b, err := grpcserver.StartBroker(mc.Listen, uc, engine, forward)
		if err != nil {
			engine.Stop()
			stopRelay()
			closeHistory()
			return err
		}
		a.MQTTAddr = b.Addr()
		stopIngest = func() { _ = b.Close() }
		slog.Info("monitor: embedded MQTT broker", "addr", b.Addr())
	default:
		stopIngest = func() {}
	}

	srv, err := grpcserver.New(a.in, a.addr, h)
	if err != nil {
		stopIngest()
		engine.Stop()
		stopRelay()
		closeHistory()
		return err
	}
	// A permit whose work is over ends the holds made for it (events of
	// n-work-ticket, a durable consumer: none is lost while monitor is down).
	cctx, stopConsumers := context.WithCancel(context.Background())
	if a.in.Bus != nil {
		if err := a.in.Bus.Subscribe(cctx, conf.PermitClosedConsumer, []string{biz.PermitClosedSubject}, permitClosed(uc)); err != nil {
			stopConsumers()
			stopIngest()
			engine.Stop()
			stopRelay()
			closeHistory()
			return fmt.Errorf("monitor permit consumer: %w", err)
		}
	}
	// Stopping: ingest first, then the engine writes what it holds (the
	// database closes after), and open streams end so the drain is quick.
	a.Cancel = func() {
		stopConsumers()
		stopIngest()
		select {
		case <-h.Stopping:
		default:
			close(h.Stopping)
			engine.Stop()
			stopRelay()
			closeHistory()
		}
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		a.Cancel()
		return err
	}
	return nil
}

// IngestLease is the lease whose holder subscribes to the external broker;
// IngestLeaseTTL how long a silent holder keeps it (a standby takes over
// within TTL+TTL/5 of its last renewal).
const (
	IngestLease    = "monitor:ingest"
	IngestLeaseTTL = 10 * time.Second
	// LiveSubject.<tenant> carries the live events to every replica (core
	// NATS, outside the event stream anquan.>: nothing is stored).
	LiveSubject = "live.monitor"
)

// permitClosed ends the holds of a permit n-work-ticket reports over; a
// malformed event is logged and dropped, anything else retried.
func permitClosed(uc *biz.Monitor) bus.Handler {
	return func(ctx context.Context, e bus.Event) error {
		var p struct {
			TicketID string `json:"ticketId"`
			TicketNo string `json:"ticketNo"`
		}
		if err := json.Unmarshal(e.Data, &p); err != nil {
			slog.Warn("monitor: permit event unreadable; dropped", "id", e.ID, "err", err)
			return nil
		}
		id, err := strconv.ParseInt(p.TicketID, 10, 64)
		if err != nil || id <= 0 || e.TenantID == "" {
			slog.Warn("monitor: permit event without permit or tenant; dropped", "id", e.ID)
			return nil
		}
		return uc.EndPermitHolds(ctx, e.TenantID, id, p.TicketNo)
	}
}

// Migrations are the service database's schema migrations (anquan migrate);
// HistoryMigrations those of the embedded shape's separate history file.
var (
	Migrations        = data.Migrations
	HistoryMigrations = data.HistoryMigrations
)
