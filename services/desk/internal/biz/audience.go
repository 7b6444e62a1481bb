package biz

import (
	"context"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Audience scopes: to whom a notice is published.
const (
	ScopeTenant = "tenant"
	ScopeDept   = "dept"
	ScopeUser   = "user"
	ScopeRole   = "role"
)

// Audience is to whom a notice is published: the whole tenant, or the
// departments, users or roles named by the list of its scope.
type Audience struct {
	Scope   string
	DeptIDs []int64
	UserIDs []int64
	RoleIDs []int64
}

// Viewer is the reader the audience rule matches notices against.
type Viewer struct {
	UserID  int64
	DeptIDs []int64
	RoleIDs []int64
}

// viewer is the caller as a reader; service contexts without a user read nothing.
func viewer(ctx context.Context) (Viewer, error) {
	id := ident.From(ctx)
	if id == nil || id.UserID <= 0 {
		return Viewer{}, errs.Unauthorized("")
	}
	return Viewer{UserID: id.UserID, DeptIDs: id.DeptIDs, RoleIDs: id.RoleIDs}, nil
}

// VisibleTo is the audience rule: a viewer sees a notice published to the
// whole tenant, or to one of their departments, to them, or to one of their
// roles. data.audience applies the same rule in SQL; the data tests check
// that both agree case by case.
func (n *Notice) VisibleTo(v Viewer) bool {
	return n.Scope == ScopeTenant ||
		listHasAny(n.DeptIDs, v.DeptIDs) ||
		(v.UserID > 0 && listHas(n.UserIDs, v.UserID)) ||
		listHasAny(n.RoleIDs, v.RoleIDs)
}

// SetAudience stores a on n. Only the list of the scope is kept, so the
// rule (which reads every list) reaches exactly the audience named.
func (n *Notice) SetAudience(a Audience) {
	n.Scope = a.Scope
	n.DeptIDs, n.UserIDs, n.RoleIDs = "", "", ""
	switch a.Scope {
	case ScopeDept:
		n.DeptIDs = packIDs(a.DeptIDs)
	case ScopeUser:
		n.UserIDs = packIDs(a.UserIDs)
	case ScopeRole:
		n.RoleIDs = packIDs(a.RoleIDs)
	}
}

// AudienceOf reads a notice's audience back.
func (n *Notice) AudienceOf() Audience {
	return Audience{Scope: n.Scope, DeptIDs: unpackIDs(n.DeptIDs), UserIDs: unpackIDs(n.UserIDs), RoleIDs: unpackIDs(n.RoleIDs)}
}
