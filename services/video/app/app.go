// Package app assembles video as a component, so the all-in-one binary and
// cmd/video run the same code.
package app

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"anquan/kit/bus"
	"anquan/kit/db"
	kitplatform "anquan/kit/platform"
	"anquan/kit/schedule"
	"anquan/kit/seedids"
	"anquan/kit/server"
	"anquan/kit/storage"
	"anquan/video/internal/biz"
	"anquan/video/internal/conf"
	"anquan/video/internal/data"
	"anquan/video/internal/platform"
	grpcserver "anquan/video/internal/server"
	"anquan/video/internal/service"
	"anquan/video/internal/sim"
)

// App is video.
type App struct {
	server.Parts
	in   *kitplatform.Infra
	addr string
	// UC is the use cases (tests and benches reach them).
	UC *biz.Video
}

// New makes the component; addr is its gRPC listen address.
func New(in *kitplatform.Infra, addr string) *App { return &App{in: in, addr: addr} }

func (a *App) Name() string { return conf.Name }

// simEvery is how often the simulator raises an alarm ("off": never).
func simEvery(s string) (time.Duration, error) {
	switch strings.TrimSpace(s) {
	case "":
		return 2 * time.Minute, nil
	case "off", "0":
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < time.Second {
		return 0, fmt.Errorf("video.simAlarms %q: a duration of at least 1s, or off", s)
	}
	return d, nil
}

func (a *App) Start(ctx context.Context) error {
	vc := a.in.Conf.Video
	every, err := simEvery(vc.SimAlarms)
	if err != nil {
		return err
	}
	adapter, err := platform.New(platform.Config{Kind: vc.Platform, URL: vc.URL, Username: vc.Username, Password: vc.Password})
	if err != nil {
		return err
	}
	g, err := a.OpenDB(ctx, a.in.Conf, a.in.Bus, conf.Name, data.Migrations)
	if err != nil {
		return err
	}
	if err := data.Seed(ctx, g, time.Now()); err != nil {
		return fmt.Errorf("video seed: %w", err)
	}
	snaps, err := storage.Open(a.in.Conf)
	if err != nil {
		return err
	}
	alarms := data.NewAlarms(g)
	q := data.Queries{G: g, Alarms: alarms}
	uc := &biz.Video{Cameras: data.NewCameras(g), Alarms: alarms, Q: q, Tx: db.NewTransactor(g), Events: a.Outbox,
		Tokens: biz.NewTokens(a.in.Secret, conf.StreamTTL), Now: time.Now, Dedupe: biz.DefaultDedupe, Snaps: snaps,
		Rules: data.NewRules(g), RuleQ: q, Sweep: data.Sweep{G: g}}
	a.UC = uc
	// The demo alarms' pictures: a frame of their camera, drawn once.
	if err := uc.SeedSnapshots(ctx, seedids.DemoTenant, sim.Still); err != nil {
		return fmt.Errorf("video seed snapshots: %w", err)
	}
	hub := biz.NewHub(1000)
	h := service.New(uc, hub, sim.New())
	h.Platform = adapter

	rctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	// The live feed: every replica hears every alarm event (a core
	// subscription, not a durable consumer) and hands it to its streams.
	if a.in.Bus != nil && a.in.Bus.NC != nil {
		sub, err := a.in.Bus.NC.Subscribe(conf.LiveSubject, func(m *nats.Msg) {
			var e bus.Event
			var al biz.Alarm
			if json.Unmarshal(m.Data, &e) != nil || json.Unmarshal(e.Data, &al) != nil || e.TenantID == "" {
				return
			}
			hub.Publish(e.TenantID, biz.LiveEvent{Kind: "alarm", Alarm: al})
		})
		if err != nil {
			cancel()
			return fmt.Errorf("video live feed: %w", err)
		}
		go func() { <-rctx.Done(); _ = sub.Unsubscribe() }()
	} else {
		slog.Warn("video: no bus; the live alarm stream stays empty")
	}
	// Snapshots of handled alarms past the tenant's retention.
	wg.Add(1)
	go func() {
		defer wg.Done()
		schedule.Run(rctx, a.in.Cache, "video.snapshot-sweep", conf.SnapshotSweepEvery, func(ctx context.Context) {
			if n, err := uc.SweepSnapshots(ctx); err != nil {
				slog.Warn("video: snapshot sweep", "err", err)
			} else if n > 0 {
				slog.Info("video: expired snapshots deleted", "count", n)
			}
		})
	}()
	if every > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sim.RunAlarms(rctx, every, func(ctx context.Context) ([]biz.Camera, error) { return q.SimCameras(ctx, 1000) }, uc.Ingest)
		}()
	}

	srv, err := grpcserver.New(a.in, a.addr, h)
	if err != nil {
		cancel()
		wg.Wait()
		return err
	}
	a.Cancel = func() {
		cancel()
		wg.Wait()
		select {
		case <-h.Stopping:
		default:
			close(h.Stopping)
		}
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		a.Cancel()
		return err
	}
	return nil
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
