package data

import (
	"context"
	"fmt"
	"time"

	"anquan/desk/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/timefmt"
	systemv1 "anquan/proto/blade/system/v1"
)

// System implements biz.Directory over blade-system's internal API.
type System struct{ C systemv1.SystemInternalClient }

func (s System) TenantExpiry(ctx context.Context, tenantID string) (*time.Time, error) {
	t, err := s.C.GetTenant(ctx, &systemv1.TenantIdQuery{TenantId: tenantID})
	if errs.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, remote("GetTenant", err)
	}
	if t.ExpireTime == "" {
		return nil, nil
	}
	end, ok := timefmt.Parse(t.ExpireTime)
	if !ok {
		return nil, fmt.Errorf("tenant %s has an unreadable expire time %q", tenantID, t.ExpireTime)
	}
	return &end, nil
}

func (s System) Roles(ctx context.Context, tenantID string) ([]biz.Role, error) {
	// No role ids: every role of the tenant.
	rs, err := s.C.GetRoles(ctx, &systemv1.RoleIdsQuery{TenantId: tenantID})
	if err != nil {
		return nil, remote("GetRoles", err)
	}
	out := make([]biz.Role, len(rs.Items))
	for i, r := range rs.Items {
		out[i] = biz.Role{ID: r.Id, Alias: r.RoleAlias}
	}
	return out, nil
}

func (s System) DeptIDs(ctx context.Context, tenantID string) ([]int64, error) {
	ds, err := s.C.GetDepts(ctx, &systemv1.DeptQuery{TenantId: tenantID})
	if err != nil {
		return nil, remote("GetDepts", err)
	}
	out := make([]int64, 0, len(ds.Names))
	for id := range ds.Names {
		out = append(out, id)
	}
	return out, nil
}

// remote turns a failed call into a plain error: the caller's answer is a
// logged 500, not blade-system's transport message.
func remote(method string, err error) error {
	return fmt.Errorf("blade-system %s: %v", method, err)
}
