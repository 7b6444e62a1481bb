package data

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"anquan/kit/cache"
	systemv1 "anquan/proto/blade/system/v1"
)

// rolesTTL bounds how stale a cached role alias may be; aliases are set when
// a role is made and rarely change.
const rolesTTL = 2 * time.Minute

// System implements biz.Directory over blade-system's internal API, caching
// each tenant's role id -> alias map (one look-up per tenant, not per request).
type System struct {
	C     systemv1.SystemInternalClient
	Cache cache.Cache
}

func rolesKey(tenant string) string { return "flow:role-alias:" + tenant }

func (s System) all(ctx context.Context, tenant string) (map[int64]string, error) {
	rs, err := s.C.GetRoles(ctx, &systemv1.RoleIdsQuery{TenantId: tenant})
	if err != nil {
		return nil, fmt.Errorf("blade-system GetRoles: %v", err)
	}
	m := make(map[int64]string, len(rs.Items))
	for _, r := range rs.Items {
		m[r.Id] = r.RoleAlias
	}
	return m, nil
}

func (s System) Aliases(ctx context.Context, tenant string, roleIDs []int64) ([]string, error) {
	if len(roleIDs) == 0 {
		return nil, nil
	}
	var m map[int64]string
	if raw, ok, _ := s.Cache.Get(ctx, rolesKey(tenant)); ok {
		_ = json.Unmarshal([]byte(raw), &m)
	}
	missing := false
	for _, id := range roleIDs {
		if _, ok := m[id]; !ok {
			missing = true
		}
	}
	if missing {
		fresh, err := s.all(ctx, tenant)
		if err != nil {
			return nil, err
		}
		m = fresh
		if b, err := json.Marshal(m); err == nil {
			_ = s.Cache.Set(ctx, rolesKey(tenant), string(b), rolesTTL)
		}
	}
	out := make([]string, 0, len(roleIDs))
	for _, id := range roleIDs {
		if a := m[id]; a != "" {
			out = append(out, a)
		}
	}
	return out, nil
}

func (s System) TenantAliases(ctx context.Context, tenant string) (map[string]bool, error) {
	m, err := s.all(ctx, tenant)
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(m))
	for _, a := range m {
		if a != "" {
			out[a] = true
		}
	}
	return out, nil
}
