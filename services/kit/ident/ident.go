// Package ident carries the caller's identity through a request: who they
// are, which tenant they act in, and which rows their data scope allows.
package ident

import (
	"context"
	"slices"
	"strconv"
	"strings"
)

// PlatformTenant administers tenants; nothing else crosses tenants.
const PlatformTenant = "000000"

// AliasAdministrator is the role alias of a tenant's administrators: a
// token of a user holding it is Super, and the role itself is protected.
const AliasAdministrator = "administrator"

// Data scopes of a role (Blade): 1 all, 2 self, 3 own dept, 4 dept and children.
const (
	ScopeAll          = 1
	ScopeSelf         = 2
	ScopeDept         = 3
	ScopeDeptChildren = 4
)

// Identity of an authenticated caller.
type Identity struct {
	TenantID  string
	UserID    int64
	Account   string
	UserName  string
	RoleIDs   []int64
	RoleNames string
	DeptIDs   []int64
	PostID    string
	OAuthID   string
	ClientID  string
	// DataScope is the widest scope among the caller's roles.
	DataScope int
	// ScopeDepts are the departments the scope allows (own, or own and descendants).
	ScopeDepts []int64
	// Super: the caller holds an administrator role of its tenant.
	Super bool
	// Token is the raw bearer token, forwarded on calls made for the caller.
	Token string
	// ExpiresAt / IssuedAt / JTI of the access token (unix seconds).
	ExpiresAt int64
	IssuedAt  int64
	JTI       string
	// Session is the login session (refresh-token family) of the token.
	Session string
	// Guest: a social login bound to no local user yet (user id -1); until
	// registered and approved it may call only what authn.GuestMayCall allows.
	Guest bool
}

// DeptID is the caller's primary department (the last of a comma list, as Blade reads it).
func (i *Identity) DeptID() int64 {
	if len(i.DeptIDs) == 0 {
		return 0
	}
	return i.DeptIDs[len(i.DeptIDs)-1]
}

// DisplayName is how the caller signs what they do: their name, else their
// account (a user created without a name still leaves a readable trail).
func (i *Identity) DisplayName() string {
	if i.UserName != "" {
		return i.UserName
	}
	return i.Account
}

// IsPlatform reports whether the caller belongs to the platform tenant.
func (i *Identity) IsPlatform() bool { return i.TenantID == PlatformTenant }

type ctxKey int

const (
	identityKey ctxKey = iota
	systemKey
	requestIDKey
	clientIPKey
)

// With stores the identity in the context.
func With(ctx context.Context, id *Identity) context.Context {
	return context.WithValue(ctx, identityKey, id)
}

// From returns the caller's identity, or nil.
func From(ctx context.Context) *Identity {
	id, _ := ctx.Value(identityKey).(*Identity)
	return id
}

// AsSystem marks work done by the platform itself (seeding, relays, internal
// calls that name their tenant explicitly): the tenant scope is not applied.
func AsSystem(ctx context.Context) context.Context {
	return context.WithValue(ctx, systemKey, true)
}

// IsSystem reports whether AsSystem marked the context.
func IsSystem(ctx context.Context) bool {
	v, _ := ctx.Value(systemKey).(bool)
	return v
}

// ForTenant is a system context acting inside one tenant (used by internal
// calls and event consumers): the tenant scope applies to that tenant.
func ForTenant(ctx context.Context, tenantID string) context.Context {
	ctx = context.WithValue(ctx, systemKey, false)
	return With(ctx, &Identity{TenantID: tenantID, DataScope: ScopeAll, Super: true})
}

// WithRequestID / RequestID carry the request id for logs and errors.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey, id)
}

func RequestID(ctx context.Context) string {
	v, _ := ctx.Value(requestIDKey).(string)
	return v
}

func WithClientIP(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, clientIPKey, ip)
}

func ClientIP(ctx context.Context) string {
	v, _ := ctx.Value(clientIPKey).(string)
	return v
}

// ParseIDs reads a comma list of 64-bit ids, skipping blanks; ok is false on a bad number.
func ParseIDs(s string) ([]int64, bool) {
	if strings.TrimSpace(s) == "" {
		return nil, true
	}
	parts := strings.Split(s, ",")
	out := make([]int64, 0, len(parts))
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		n, err := strconv.ParseInt(p, 10, 64)
		if err != nil {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

// JoinIDs writes ids as a comma list.
func JoinIDs(ids []int64) string {
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(id, 10))
	}
	return b.String()
}

// DeptInScope reports whether department dept lies in the caller's data
// scope: every department for an administrator, scope "all" or a scope
// the roles do not name (0, as in kit/crud's lists); the scope's
// departments (else the caller's own) for the dept scopes; none for "self".
func (i *Identity) DeptInScope(dept int64) bool {
	if i == nil {
		return false
	}
	if i.Super || i.DataScope == ScopeAll || i.DataScope == 0 {
		return true
	}
	if i.DataScope != ScopeDept && i.DataScope != ScopeDeptChildren {
		return false
	}
	depts := i.ScopeDepts
	if len(depts) == 0 {
		depts = i.DeptIDs
	}
	return dept != 0 && slices.Contains(depts, dept)
}

// InScope reports whether a row of department dept belonging to users
// (creator, responsible person) lies in the caller's data scope; a row of
// the caller's own is always in scope (the object-level rule of writes).
func (i *Identity) InScope(dept int64, users ...int64) bool {
	if i == nil {
		return false
	}
	if i.UserID != 0 && slices.Contains(users, i.UserID) {
		return true
	}
	return i.DeptInScope(dept)
}
