package ident

import (
	"context"

	"anquan/kit/errs"
)

// Caller is the identity of a request made in a tenant: the one check every
// service's business layer starts with. No identity, or one without a tenant,
// is 401 (the gateway lets no such request through; this is the second line).
func Caller(ctx context.Context) (*Identity, error) {
	id := From(ctx)
	if id == nil || id.TenantID == "" {
		return nil, errs.Unauthorized("")
	}
	return id, nil
}

// User is Caller for calls only a signed-in person may make (taking an exam,
// a contractor's own records): the tenant's system identity of event
// consumers and jobs (user 0) and a guest (user -1) are refused.
func User(ctx context.Context) (*Identity, error) {
	id, err := Caller(ctx)
	if err != nil {
		return nil, err
	}
	if id.UserID <= 0 {
		return nil, errs.Unauthorized("")
	}
	return id, nil
}
