package server

import (
	"context"

	"google.golang.org/grpc/metadata"

	"anquan/kit/authn"
	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Acting restores, inside an internal method, the user or tenant the call
// is made for. authenticate runs internal methods as system calls (no
// tenant scope), but the dialer forwards the acting user's token with the
// service credential, or names the tenant when a service acts on its own
// (an event consumer, a scheduler). The token is verified here; the call
// then runs in that user's tenant, as that user.
func Acting(ctx context.Context, v *authn.Verifier) (context.Context, error) {
	if !ident.IsSystem(ctx) {
		if ident.From(ctx) == nil {
			return nil, errs.Unauthorized("")
		}
		return ctx, nil
	}
	md, _ := metadata.FromIncomingContext(ctx)
	if raw := md.Get(MDAuthorization); len(raw) > 0 && v != nil {
		id, err := v.Verify(raw[0])
		if err != nil {
			return nil, errs.Unauthorized("")
		}
		return ident.With(ident.ForTenant(ctx, id.TenantID), id), nil
	}
	if t := md.Get(MDTenantID); len(t) > 0 && t[0] != "" {
		return ident.ForTenant(ctx, t[0]), nil
	}
	return nil, errs.BadRequest("内部调用缺少租户")
}
