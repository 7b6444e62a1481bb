package biz

import (
	"context"
	"time"

	"anquan/kit/db"
	"anquan/kit/paging"
)

// Step is one approval step (blade-flow).
type Step struct{ Name, Roles, Users string }

// Instance is what the permit keeps of its approval instance (Get also
// fills the record it approves and its chain).
type Instance struct {
	ID       string
	Status   int32
	TaskName string
	// BusinessTable and BusinessID name the record the instance approves.
	BusinessTable string
	BusinessID    int64
	// Steps is the chain; StepIndex the step waiting now (-1 when finished).
	Steps     []Step
	StepIndex int32
}

// Flow is the part of blade-flow permits use. Calls act as the caller
// (a context of ident.ForTenant acts as the service itself).
type Flow interface {
	Start(ctx context.Context, modelKey, table string, businessID int64, title string, steps []Step, comment string) (Instance, error)
	Complete(ctx context.Context, pid string, pass bool, comment string) (Instance, error)
	Cancel(ctx context.Context, pid, comment string) error
	// Get reads an instance of the caller's tenant with its chain.
	Get(ctx context.Context, pid string) (Instance, error)
}

// Roles is the part of blade-system permits use to know the caller's roles.
type Roles interface {
	// Aliases of the given roles of a tenant; an error (never an empty
	// answer) when blade-system cannot say.
	Aliases(ctx context.Context, tenantID string, roleIDs []int64) ([]string, error)
}

// Verdict is blade-user's answer on one person.
type Verdict struct {
	UserID   int64
	UserName string
	Valid    bool
	Reason   string
}

// People is the part of blade-user permits use.
type People interface {
	// Certificates: one verdict per id on a certificate kind valid at `at`.
	Certificates(ctx context.Context, ids []int64, kind string, at time.Time) ([]Verdict, error)
	// Guardian: whether the person is a guardian of the work type.
	Guardian(ctx context.Context, id int64, workType string) (Verdict, error)
}

// Areas is the part of the factory service permits use.
type Areas interface {
	// Area returns the name of the caller's tenant's area, ok=false when absent.
	Area(ctx context.Context, id int64) (name string, ok bool, err error)
}

// Depts is the part of blade-system permits use.
type Depts interface {
	// DeptName is the name of a department of the tenant, ok=false when absent.
	DeptName(ctx context.Context, tenantID string, id int64) (string, bool, error)
}

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// StatRow is a count of permits by day, type and level.
type StatRow struct {
	Day      string
	WorkType string
	Level    int32
	Count    int32
}

// Queries are what the generic store cannot express.
type Queries interface {
	// NextSeq increments and returns the tenant's counter of prefix/day.
	NextSeq(ctx context.Context, prefix, day string) (int32, error)
	// Transition updates a permit only if it is still in the state `from`
	// (optimistic: false when someone changed it first).
	Transition(ctx context.Context, id int64, from State, values map[string]any) (bool, error)
	// Stats counts permits planned between two days (yyyy-MM-dd, inclusive).
	Stats(ctx context.Context, fromDay, toDay string) ([]StatRow, error)
	// Today pages the permits whose planned window touches [from, to) and
	// that are neither voided nor revoked.
	Today(ctx context.Context, from, to time.Time, q paging.Query) (*paging.Page[Ticket], error)
	// TodayCount counts them by type (and those in progress).
	TodayCount(ctx context.Context, from, to time.Time) (byType []StatRow, inProgress int32, err error)
	// InForce are the caller tenant's permits in force (InForceState) with
	// an area, the most recently started first, at most limit.
	InForce(ctx context.Context, limit int) ([]Ticket, error)
	// LatestChange is the newest guardian change of a permit (nil when none).
	LatestChange(ctx context.Context, ticketID int64) (*GuardianChange, error)
	// TicketNos returns those of nos that number a permit of the tenant
	// (one query for a whole list of references).
	TicketNos(ctx context.Context, nos []string) ([]string, error)
}

// State is the part of a permit a transition checks.
type State struct {
	TicketStatus, JobStatus, FlowStatus int32
	Paused                              bool
}

// StateOf reads a permit's state.
func StateOf(t *Ticket) State {
	return State{TicketStatus: t.TicketStatus, JobStatus: t.JobStatus, FlowStatus: t.FlowStatus, Paused: t.Paused}
}

// Workticket is the service's use cases.
type Workticket struct {
	Tickets   paging.Store[Ticket]
	Gas       paging.Store[GasSample]
	Signs     paging.Store[Signature]
	Changes   paging.Store[GuardianChange]
	Briefings paging.Store[Briefing]
	Days      paging.Store[CalendarDay]
	Settings  paging.Store[CalendarSetting]
	Q         Queries
	Tx        db.Transactor
	Flow      Flow
	People    People
	Areas     Areas
	Depts     Depts
	Roles     Roles
	Events    Events
	// Contractors: the contractor service's admission check (nil: none).
	Contractors Contractors
	// Now is the clock (tests fix it).
	Now func() time.Time
}

// Contractors is the contractor service's admission check: a registered
// contractor person may be put on a permit only while admitted (company
// admitted and not blacklisted, papers in date, entry training passed).
type Contractors interface {
	// Refused answers the first person of ids refused at `at` with the
	// reason, or ok=true when every one may work.
	Refused(ctx context.Context, ids []int64, at time.Time) (name, reason string, ok bool, err error)
}
