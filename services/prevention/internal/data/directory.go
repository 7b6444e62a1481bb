package data

import (
	"context"
	"log/slog"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"anquan/kit/ident"
	systemv1 "anquan/proto/blade/system/v1"
)

// Roles implements biz.Roles over blade-system: one GetRoles call for the
// caller's roles (no cache: a role that stops being a safety manager stops
// counting at once; only writes that need it ask).
type Roles struct {
	C systemv1.SystemInternalClient
}

func (r Roles) Aliases(ctx context.Context, id *ident.Identity) ([]string, error) {
	if len(id.RoleIDs) == 0 {
		// No ids would list every role of the tenant.
		return nil, nil
	}
	rs, err := r.C.GetRoles(ctx, &systemv1.RoleIdsQuery{TenantId: id.TenantID, RoleIds: ident.JoinIDs(id.RoleIDs)})
	if err != nil {
		return nil, closed(err, "blade-system GetRoles")
	}
	out := make([]string, 0, len(rs.Items))
	for _, x := range rs.Items {
		out = append(out, x.RoleAlias)
	}
	return out, nil
}

// closed fails a check closed: the call that needed the answer is refused
// with 503 (the gateway's 服务暂不可用), never let through.
func closed(err error, what string) error {
	slog.Warn("prevention: access check could not be made", "call", what, "err", err)
	return status.Error(codes.Unavailable, "权限校验服务暂不可用,请稍后重试")
}
