package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/go-kratos/kratos/v2"
	"gorm.io/gorm"

	"anquan/kit/audit"
	"anquan/kit/bus"
	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/migrate"
	"anquan/kit/outbox"
)

// Parts are what a started service holds; embedding them gives the service
// component its Stop (in the order that loses no acknowledged write:
// background work, then the gRPC server drains, then the outbox flushes,
// then the database closes) and its Ready.
//
// A serving service is a kratos.App (see Serve): kratos starts and stops its
// gRPC server, and its hooks carry the rest of the order: AfterStart starts
// the outbox relay and makes the service reachable, BeforeStop ends the
// background work, AfterStop flushes the outbox and closes the database.
type Parts struct {
	DB     *gorm.DB
	GRPC   *GRPC
	Outbox *outbox.Outbox
	// Cancel ends the service's background work (watchers, consumers).
	Cancel context.CancelFunc

	app     *kratos.App
	done    chan error    // Run's answer, once the app stopped
	ended   chan struct{} // closed when Run returned (endErr is its answer)
	endErr  error
	stopCtx context.Context // Stop's bound, read by the AfterStop hook
}

// noSignal is a signal the OS never sends. kratos.App listens for signals
// itself (SIGTERM, SIGQUIT, SIGINT by default; kratos.Signal() with none
// would mean every signal); the runner handles them once per process and
// stops the parts in reverse order, so an app listens for this one only.
type noSignal struct{}

func (noSignal) String() string { return "none" }
func (noSignal) Signal()        {}

// Addr is where the gRPC server listens.
func (p *Parts) Addr() string {
	if p.GRPC == nil {
		return ""
	}
	return p.GRPC.Addr()
}

// Stop drains and closes in order: the kratos.App's stop (hooks and the
// gRPC drain) when serving, else what a half-started service holds.
func (p *Parts) Stop(ctx context.Context) error {
	if p.app != nil {
		p.stopCtx = ctx
		if err := p.app.Stop(); err != nil {
			// Stop only cancels Run; its error (none today) is worth a line,
			// and the drain below still runs.
			slog.Warn("service stop", "err", err)
		}
		select {
		case err := <-p.done:
			return err
		case <-ctx.Done():
			// Past the bound: cut the remaining calls, then let the hooks
			// (outbox flush, database close) finish.
			p.GRPC.grpc.Stop()
			return <-p.done
		}
	}
	p.closeAll(ctx)
	return p.closeDB()
}

// closeAll ends background work, the gRPC server and the outbox, in order.
func (p *Parts) closeAll(ctx context.Context) {
	if p.Cancel != nil {
		p.Cancel()
	}
	if p.GRPC != nil {
		p.GRPC.Stop(ctx)
	}
	if p.Outbox != nil {
		p.Outbox.Stop(ctx)
	}
}

func (p *Parts) closeDB() error {
	if p.DB != nil {
		if s, err := p.DB.DB(); err == nil {
			return s.Close()
		}
	}
	return nil
}

// Ready once serving with a reachable database.
func (p *Parts) Ready(ctx context.Context) error {
	if p.DB == nil || p.GRPC == nil {
		return errors.New("not started")
	}
	if p.ended != nil {
		select {
		case <-p.ended:
			// The gRPC server failed after start (or the app stopped).
			return fmt.Errorf("not serving: %v", p.endErr)
		default:
		}
	}
	s, err := p.DB.DB()
	if err != nil {
		return err
	}
	return s.PingContext(ctx)
}

// OpenDB is the first step of a service's Start: its database (db.Open)
// at the latest schema version (migrations applied or verified, as
// db.migrate says), every write audited (db.EnableAudit), and the outbox
// bound to it.
func (p *Parts) OpenDB(ctx context.Context, c *conf.Config, b *bus.Bus, name string, set migrate.Set) (*gorm.DB, error) {
	g, err := db.Open(ctx, c, name)
	if err != nil {
		return nil, err
	}
	p.DB = g
	if err := migrate.Run(ctx, g, set, c.DB.MigrateMode()); err != nil {
		if migrate.IsPending(err) {
			return nil, err
		}
		return nil, fmt.Errorf("%s migrate: %w", name, err)
	}
	if err := db.EnableAudit(g); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	p.Outbox = outbox.New(g, b)
	return g, nil
}

// Serve is the last step of a service's Start: the service runs as a
// kratos.App (its gRPC server, then the outbox relay), then it is reachable
// by name (reach is the dialer's SetAddr) for its neighbours in this
// process. It returns once the app started, or the app's error when it did
// not start (the component then fails its Start, and the runner stops).
// Kratos runs AfterStart as soon as the servers' goroutines are launched, so
// a gRPC server that fails just after (its listener gone) is not an error
// here: Ready reports it, and /readyz fails.
func (p *Parts) Serve(srv *GRPC, name string, reach func(name, addr string)) error {
	p.GRPC = srv
	audit.Register(srv.Server, p.DB, name)
	started := make(chan struct{})
	p.app = kratos.New(
		kratos.Name(name),
		kratos.Server(srv.Kratos),
		kratos.Signal(noSignal{}),
		// Bounds the gRPC drain (kratos does not take Stop's context);
		// the runner's own bound cuts it shorter (see Stop).
		kratos.StopTimeout(30*time.Second),
		kratos.AfterStart(func(context.Context) error {
			p.Outbox.Start()
			srv.Local.Open()
			reach(name, srv.Addr())
			close(started)
			return nil
		}),
		kratos.BeforeStop(func(context.Context) error {
			// In-process callers are refused from now on, as the network
			// server's drain refuses new calls.
			srv.Local.Close()
			if p.Cancel != nil {
				p.Cancel()
			}
			return nil
		}),
		// Not the hook's context: kratos has cancelled it by now.
		kratos.AfterStop(func(context.Context) error {
			srv.Local.Drain(p.stopCtx)
			p.Outbox.Stop(p.stopCtx)
			return p.closeDB()
		}),
	)
	p.done = make(chan error, 1)
	p.ended = make(chan struct{})
	go func() {
		err := p.app.Run()
		p.endErr = err
		close(p.ended)
		p.done <- err
	}()
	select {
	case <-started:
		return nil
	case err := <-p.done:
		// Run only fails before AfterStart when the listener is gone. The
		// answer stays in done for Stop, which closes what was opened.
		p.done <- err
		if err == nil {
			err = errors.New("stopped before it started")
		}
		return fmt.Errorf("%s did not start: %w", name, err)
	}
}
