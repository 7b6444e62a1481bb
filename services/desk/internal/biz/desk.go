package biz

import (
	"context"
	"time"

	"anquan/kit/db"
	"anquan/kit/paging"
)

// Reach selects a viewer's notices, optionally only the read or unread ones.
type Reach struct {
	Viewer Viewer
	// Read: nil for all, else only read (true) or unread (false) ones.
	Read *bool
}

// Queries are what the generic store cannot express: everything that
// applies the audience rule or touches reads.
type Queries interface {
	// Page lists the notices r reaches, pinned first, with IsRead.
	Page(ctx context.Context, r Reach, q paging.Query) (*paging.Page[Delivered], error)
	// Count counts the notices r reaches.
	Count(ctx context.Context, r Reach) (int64, error)
	// Visible returns those of ids the viewer may see.
	Visible(ctx context.Context, v Viewer, ids []int64) ([]int64, error)
	// MarkRead records that user read ids; reading twice changes nothing.
	MarkRead(ctx context.Context, userID int64, ids []int64) error
	// AddOnce inserts n unless a notice with its SourceEvent exists; reports whether it did.
	AddOnce(ctx context.Context, n *Notice) (bool, error)
	// ByIDs loads the caller's tenant's notices among ids (any audience).
	ByIDs(ctx context.Context, ids []int64) ([]Notice, error)
}

// Role is what desk needs to know of a role.
type Role struct {
	ID    int64
	Alias string
}

// Directory is the part of blade-system desk depends on.
type Directory interface {
	// TenantExpiry is the end of a tenant's licence; nil when it has none.
	TenantExpiry(ctx context.Context, tenantID string) (*time.Time, error)
	// Roles are every role of a tenant.
	Roles(ctx context.Context, tenantID string) ([]Role, error)
	// DeptIDs are the ids of every department of a tenant.
	DeptIDs(ctx context.Context, tenantID string) ([]int64, error)
}

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Desk is blade-desk's use cases.
type Desk struct {
	Notices paging.Store[Notice]
	Q       Queries
	Tx      db.Transactor
	Dir     Directory
	Events  Events
	// Now is the clock (tests fix it).
	Now func() time.Time
}

// New wires the use cases.
func New(notices paging.Store[Notice], q Queries, tx db.Transactor, dir Directory, ev Events) *Desk {
	return &Desk{Notices: notices, Q: q, Tx: tx, Dir: dir, Events: ev, Now: time.Now}
}
