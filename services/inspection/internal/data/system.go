package data

import (
	"context"
	"log/slog"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"anquan/kit/ident"
	systemv1 "anquan/proto/blade/system/v1"
)

// Depts implements biz.Depts over blade-system.
type Depts struct{ C systemv1.SystemInternalClient }

// Names are the department names of a tenant, read in one call; a failed
// look-up is a 503.
func (d Depts) Names(ctx context.Context, tenantID string) (map[int64]string, error) {
	r, err := d.C.GetDepts(ident.ForTenant(ctx, tenantID), &systemv1.DeptQuery{TenantId: tenantID})
	if err != nil {
		slog.Warn("inspection: a departments look-up failed", "err", err)
		return nil, status.Error(codes.Unavailable, "系统服务暂不可用,请稍后重试")
	}
	return r.Names, nil
}
