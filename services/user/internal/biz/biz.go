package biz

import (
	"context"

	"anquan/kit/db"
	"anquan/kit/paging"
)

// Stores are the generic repositories of the service's models.
type Stores struct {
	User  paging.Store[User]
	OAuth paging.Store[OAuth]
}

// Filter narrows user lists beyond the Blade filter keys of a query.
type Filter struct {
	// Statuses keeps users in these statuses (none: any status).
	Statuses []int32
	// Dept keeps users of a department: its subtree (Depts) matched on the
	// main department, or the department itself anywhere in the dept list.
	Dept  int64
	Depts []int64
	// IDs keeps these users only.
	IDs []int64
	// Groups keeps the members of departments or roles (nil: no such filter).
	Groups *Groups
	// Holding keeps the holders of a certificate of this kind in tenant
	// HoldingTenant, valid on HoldingOn (yyyy-MM-dd) when that is set.
	Holding       string
	HoldingTenant string
	HoldingOn     string
}

// Groups are departments (a whole subtree, matched on the main department) and roles; a
// user in either is a member.
type Groups struct {
	Depts []int64
	Roles []int64
	Posts []int64
}

// Queries are what the generic stores cannot express.
type Queries interface {
	PageUsers(ctx context.Context, q paging.Query, f Filter) (*paging.Page[User], error)
	ListUsers(ctx context.Context, q paging.Query, f Filter, limit int) ([]User, error)
	// EachUser streams matching users in batches (exports).
	EachUser(ctx context.Context, q paging.Query, f Filter, max int, fn func(User) error) error
	// CreateUser inserts a user, keeping a pending status (0) that the
	// column default would otherwise overwrite.
	CreateUser(ctx context.Context, u *User) error
	// CountUsers counts the non-deleted users of the caller's tenant.
	CountUsers(ctx context.Context) (int64, error)
}

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Directory is what blade-system knows that users refer to.
type Directory interface {
	// AccountLimit is the tenant's maximum number of users (<= 0: no limit);
	// NotFound when the tenant does not exist.
	AccountLimit(ctx context.Context, tenantID string) (int32, error)
	// RoleNames of the given roles of the tenant (every role when ids is empty).
	RoleNames(ctx context.Context, tenantID string, ids []int64) (map[int64]string, error)
	// AdminRoles are the ids of the tenant's administrator roles.
	AdminRoles(ctx context.Context, tenantID string) ([]int64, error)
	// Depts names every department of the tenant and lists the subtrees of roots.
	Depts(ctx context.Context, tenantID string, roots []int64) (names map[int64]string, subtree []int64, err error)
	// PostNames of every post of the tenant.
	PostNames(ctx context.Context, tenantID string) (map[int64]string, error)
	// Param reads a tenant parameter (falling back to the platform's).
	Param(ctx context.Context, tenantID, key string) (string, bool, error)
}

// Guard is blade-auth's login guard and token state of users: its
// failed-login counters and the per-user token cut-off are blade-auth's
// own, so blade-user asks instead of touching them.
type Guard interface {
	// LockedAccounts returns those of the accounts failed logins lock now.
	LockedAccounts(ctx context.Context, tenantID string, accounts []string) (map[string]bool, error)
	// Unlock clears the failed-login counters of the accounts.
	Unlock(ctx context.Context, tenantID string, accounts []string) error
	// Revoke voids every token of the users issued until now.
	Revoke(ctx context.Context, tenantID string, ids []int64) error
}

// Users is blade-user's use cases.
type Users struct {
	S      Stores
	Q      Queries
	Tx     db.Transactor
	Events Events
	Dir    Directory
	Guard  Guard
}

// New wires the use cases.
func New(s Stores, q Queries, tx db.Transactor, ev Events, dir Directory, g Guard) *Users {
	return &Users{S: s, Q: q, Tx: tx, Events: ev, Dir: dir, Guard: g}
}
