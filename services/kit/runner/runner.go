// Package runner starts components in order, serves the ops endpoints of a
// lone target, and stops everything in reverse order on SIGTERM, so no
// acknowledged write is lost: servers drain, outboxes flush, NATS closes last.
package runner

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"anquan/kit/component"
	"anquan/kit/platform"
	"anquan/kit/server"
)

// Options of a run.
type Options struct {
	// OpsAddr serves /healthz, /readyz and /metrics when no gateway does.
	OpsAddr string
	// StopTimeout bounds the drain on shutdown.
	StopTimeout time.Duration
	// Ready is called once every component started (tests, timing).
	Ready func()
}

// Run starts parts in order and blocks until ctx ends or a signal arrives.
func Run(ctx context.Context, in *platform.Infra, parts []component.Component, opt Options) error {
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	started, err := Start(ctx, parts)
	if err != nil {
		StopAll(started, opt.StopTimeout)
		in.Close()
		return err
	}
	var ops *http.Server
	if opt.OpsAddr != "" {
		lis, err := net.Listen("tcp", opt.OpsAddr)
		if err != nil {
			StopAll(started, opt.StopTimeout)
			in.Close()
			return fmt.Errorf("ops listen %s: %w", opt.OpsAddr, err)
		}
		ops = &http.Server{Handler: server.OpsMux(func() []component.Component { return parts }), ReadHeaderTimeout: 5 * time.Second}
		go func() {
			if err := ops.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
				slog.Error("ops server stopped", "err", err)
			}
		}()
	}
	if opt.Ready != nil {
		opt.Ready()
	}
	<-ctx.Done()
	slog.Info("shutting down")
	if ops != nil {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_ = ops.Shutdown(sctx)
		cancel()
	}
	StopAll(started, opt.StopTimeout)
	in.Close()
	slog.Info("stopped")
	return nil
}

// Start starts parts in order; on failure it returns those already started.
func Start(ctx context.Context, parts []component.Component) ([]component.Component, error) {
	var started []component.Component
	for _, p := range parts {
		t := time.Now()
		if err := p.Start(ctx); err != nil {
			return started, fmt.Errorf("start %s: %w", p.Name(), err)
		}
		started = append(started, p)
		slog.Info("started", "part", p.Name(), "ms", time.Since(t).Milliseconds())
	}
	return started, nil
}

// StopAll stops parts in reverse order within timeout.
func StopAll(parts []component.Component, timeout time.Duration) {
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	for i := len(parts) - 1; i >= 0; i-- {
		if err := parts[i].Stop(ctx); err != nil {
			slog.Warn("stop", "part", parts[i].Name(), "err", err)
		}
	}
}

// Exit logs err and exits non-zero.
func Exit(err error) {
	if err != nil {
		slog.Error("anquan failed", "err", err)
		fmt.Fprintln(os.Stderr, "anquan:", err)
		os.Exit(1)
	}
}
