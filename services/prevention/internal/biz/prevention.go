package biz

import (
	"context"
	"time"

	"anquan/kit/db"
	"anquan/kit/paging"
)

// Area is what prevention needs of a factory area (risk partition).
type Area struct {
	ID   int64
	Name string
}

// Areas reads factory areas of the caller's tenant (others are absent).
type Areas interface {
	Get(ctx context.Context, ids []int64) (map[int64]Area, error)
	All(ctx context.Context) ([]Area, error)
}

// Enterprise reads the caller tenant's enterprise record (factory service).
type Enterprise interface {
	// CreditCode is the 18-character unified social credit code ("" when unset).
	CreditCode(ctx context.Context) (string, error)
}

// Flow is blade-flow as a hazard's workflow: the instance follows the
// hazard's states, so the current step's candidates see it in 我的待办.
type Flow interface {
	// Start opens the instance of hazard id with the built-in chain steps
	// (a tenant "hazard" model replaces them).
	Start(ctx context.Context, hazardID int64, title, comment string, steps []FlowStep) (FlowInstance, error)
	// Complete signs the current step as the caller (who must be one of its
	// candidates); returnTo (1-based) sends a refusal back to that step.
	Complete(ctx context.Context, processInstanceID string, pass bool, returnTo int32, comment string) (FlowInstance, error)
	// Cancel withdraws an instance (the applicant, an administrator or the
	// service itself may).
	Cancel(ctx context.Context, processInstanceID, comment string) error
}

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Queries are what the generic stores cannot express. Conditions are SQL
// fragments over the model's own columns with bound arguments; the tenant
// scope and logical delete apply as everywhere.
type Queries interface {
	// ByIDs loads rows of the model dest points to (a *[]T) by id.
	ByIDs(ctx context.Context, dest any, ids []int64) error
	// ReporterCounts counts each reporter's hidden dangers in one grouped query: those not
	// in state voided, of them those of level major, and those in state accepted. Reporters
	// with nothing but voided reports are left out; user > 0 counts that reporter only.
	ReporterCounts(ctx context.Context, user int64, voided, accepted, major int32) ([]ReporterCount, error)
	// GroupCount counts rows of model per value of column.
	GroupCount(ctx context.Context, model any, column, where string, args ...any) (map[int64]int64, error)
	// Count counts rows of model.
	Count(ctx context.Context, model any, where string, args ...any) (int64, error)
	// MinLevel is the highest (smallest) risk level of a unit's events, 0 if none.
	MinLevel(ctx context.Context, unitID int64) (int32, error)
	// SetState moves row id of model from state `from` (column) to the values;
	// false when the row was not in that state (someone else moved it).
	SetState(ctx context.Context, model any, id int64, column string, from int32, values map[string]any) (bool, error)

	// Tenants having enabled plans (system context).
	Tenants(ctx context.Context) ([]string, error)
	// DuePlans are the enabled plans of the caller's tenant whose next window
	// starts at or before until.
	DuePlans(ctx context.Context, until time.Time) ([]CheckPlan, error)
	// InsertTasks inserts, ignoring windows that exist; returns how many were new.
	InsertTasks(ctx context.Context, tasks []CheckTask) (int64, error)
	// SetNextSeq stores the generation cursors of plans (never backwards).
	SetNextSeq(ctx context.Context, next map[int64]Cursor) error
	// ResetPending removes the plans' pending tasks of windows ending after t
	// (a plan's timing changed or the plans were removed).
	ResetPending(ctx context.Context, planIDs []int64, after time.Time) error
	// ExpireTasks turns pending tasks ended by now into 3.
	ExpireTasks(ctx context.Context, now time.Time) (int64, error)
	// DueHazards are open hazards past their deadline not flagged yet.
	DueHazards(ctx context.Context, now time.Time, limit int) ([]Hazard, error)
	// FlagOverdue sets overdue once; false when another replica did.
	FlagOverdue(ctx context.Context, id int64) (bool, error)
	// OverdueHazards / OverdueTasks: oldest first, for the big screen.
	OverdueHazards(ctx context.Context, limit int) ([]Hazard, error)
	OverdueTasks(ctx context.Context, limit int) ([]CheckTask, error)
	// HazardPage is the hidden-danger page (counts cached briefly: the page is hot).
	HazardPage(ctx context.Context, q paging.Query) (*paging.Page[Hazard], error)
	// HazardsChanged tells HazardPage that hazards were written.
	HazardsChanged()
}

// Prevention is the double-prevention use cases.
type Prevention struct {
	Objects  paging.Store[RiskObject]
	Units    paging.Store[RiskUnit]
	REvents  paging.Store[RiskEvent]
	Measures paging.Store[Measure]
	Plans    paging.Store[CheckPlan]
	Tasks    paging.Store[CheckTask]
	Records  paging.Store[CheckRecord]
	Hazards  paging.Store[Hazard]
	// Intakes dedupes hazards raised by other services' events; nil turns intake off.
	Intakes Intakes
	Q       Queries
	Tx      db.Transactor
	Areas   Areas
	Flow    Flow
	Outbox  Events
	// WorkTickets counts today's special works when the work-ticket service
	// offers it; nil until then.
	WorkTickets func(ctx context.Context) (int, error)
	// Params reads tenant parameters (provincial upload keys); nil until
	// the app wires a blade-system client, and keyed uploads are refused.
	Params TenantParams
	// Enterprise gives upload packages the enterprise's codes; nil leaves them empty.
	Enterprise Enterprise
	// Roles tells who is a manager (access.go); nil: only the tenant
	// administrator is one.
	Roles Roles
	// People names the people a body refers to by id; nil leaves those names empty.
	People People
	// Now is the clock (tests fix it).
	Now func() time.Time
}
