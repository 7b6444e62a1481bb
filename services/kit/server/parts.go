package server

import (
	"context"
	"errors"

	"gorm.io/gorm"

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
