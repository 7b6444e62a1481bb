package server

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"

	"anquan/kit/audit"
	"anquan/kit/bus"
	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/outbox"
)

// Parts are what a started service holds; embedding them gives the service
// component its Stop (in the order that loses no acknowledged write:
// background work, then the gRPC server drains, then the outbox flushes,
// then the database closes) and its Ready.
type Parts struct {
	DB     *gorm.DB
	GRPC   *GRPC
	Outbox *outbox.Outbox
	// Cancel ends the service's background work (watchers, consumers).
	Cancel context.CancelFunc
}

// Addr is where the gRPC server listens.
func (p *Parts) Addr() string {
	if p.GRPC == nil {
		return ""
	}
	return p.GRPC.Addr()
}

// Stop drains and closes in order.
func (p *Parts) Stop(ctx context.Context) error {
	if p.Cancel != nil {
		p.Cancel()
	}
	if p.GRPC != nil {
		p.GRPC.Stop(ctx)
	}
	if p.Outbox != nil {
		p.Outbox.Stop(ctx)
	}
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
	s, err := p.DB.DB()
	if err != nil {
		return err
	}
	return s.PingContext(ctx)
}

// OpenDB is the first step of a service's Start: its database (db.Open)
// migrated, every write audited (db.EnableAudit), and the outbox bound to it.
func (p *Parts) OpenDB(ctx context.Context, c *conf.Config, b *bus.Bus, name string, migrate func(*gorm.DB) error) (*gorm.DB, error) {
	g, err := db.Open(ctx, c, name)
	if err != nil {
		return nil, err
	}
	p.DB = g
	if err := migrate(g); err != nil {
		return nil, fmt.Errorf("%s migrate: %w", name, err)
	}
	if err := db.EnableAudit(g); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	p.Outbox = outbox.New(g, b)
	return g, nil
}

// Serve is the last step of a service's Start: the gRPC server and the
// outbox relay run, then the service is reachable by name (reach is the
// dialer's SetAddr) for its neighbours in this process.
func (p *Parts) Serve(srv *GRPC, name string, reach func(name, addr string)) {
	p.GRPC = srv
	audit.Register(srv.Server, p.DB, name)
	srv.Serve()
	p.Outbox.Start()
	reach(name, srv.Addr())
}
