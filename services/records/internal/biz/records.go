package biz

import (
	"context"
	"time"

	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// Object-level authorization of records. The button on each RPC says what
// kind of action a role may take; the record says whether this caller may
// take it on this one.
//
//	entity        rule
//	化学品/库存     written by whoever has the chemical's department (else its
//	              creator) in their data scope
//	文件           the kind's own button (a role holding only 操作规程 buttons
//	              cannot publish a duty system); drafted, edited, removed,
//	              published and revised by whoever has the document's
//	              department in scope; only drafts are edited or removed; a
//	              published version is revised into a new draft, never edited
//	阅读确认        only by the person it was published to
//
// Another tenant's record is never found.

// SubjectPublished tells a reader a document was published to them (desk
// turns it into a message).
const SubjectPublished = "records.document.published"

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Names looks up a user of the tenant (kit/people over blade-user).
type Names interface {
	Name(ctx context.Context, tenantID string, userID int64) (name string, found bool, err error)
}

// Queries are the reads the generic stores cannot express.
type Queries interface {
	ByIDs(ctx context.Context, dst any, ids []int64) error
	// ByIDsWhere: the rows whose column is among ids.
	ByIDsWhere(ctx context.Context, dst any, column string, ids []int64) error
	// Totals: the stock total per chemical.
	Totals(ctx context.Context, ids []int64) (map[int64]float64, error)
	// Quantities: stock rows joined with their chemical, at most limit.
	Quantities(ctx context.Context, chemicalID int64, cas, location string, limit int) ([]Quantity, error)
	// ReaderCounts: readers and confirmed readers per document.
	ReaderCounts(ctx context.Context, ids []int64) (map[int64][2]int32, error)
	// Pending: the documents among ids the user has yet to confirm.
	Pending(ctx context.Context, ids []int64, userID int64) (map[int64]bool, error)
	// Published: the published version of a root, if any.
	Published(ctx context.Context, rootID int64) (*Document, error)
	// HasDraft: a draft version of the root exists.
	HasDraft(ctx context.Context, rootID int64) (bool, error)
	// Reader: the user's reader row of a document.
	Reader(ctx context.Context, documentID, userID int64) (*Reader, error)
}

// Quantity is the stock of a chemical at a location.
type Quantity struct {
	ChemicalID       int64
	Name             string
	Cas              string
	Category         int32
	Location         string
	Quantity         float64
	Unit             int32
	CriticalQuantity float64
}

// Records is records' use cases.
type Records struct {
	Chemicals paging.Store[Chemical]
	Stocks    paging.Store[Stock]
	Documents paging.Store[Document]
	Readers   paging.Store[Reader]
	Names     Names
	Q         Queries
	Tx        db.Transactor
	Events    Events
	Now       func() time.Time
}

func inScope(id *ident.Identity, dept, creator int64, createDept int64) bool {
	if dept == 0 {
		dept = createDept
	}
	return id.InScope(dept, creator)
}
