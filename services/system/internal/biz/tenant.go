package biz

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"time"

	"anquan/kit/authn"
	"anquan/kit/errs"
	"anquan/kit/ident"
)

var tenantIDPattern = regexp.MustCompile(`^\d{6}$`)

// SaveTenant validates and inserts or updates a tenant; a new tenant is
// provisioned with its roles, departments, menus, dictionaries and admin.
func (s *System) SaveTenant(ctx context.Context, t *Tenant) error {
	if err := RequirePlatform(ctx); err != nil {
		return err
	}
	t.TenantName = strings.TrimSpace(t.TenantName)
	if t.TenantName == "" {
		return errs.BadRequest("请输入租户名称")
	}
	if len([]rune(t.TenantName)) > 100 {
		return errs.BadRequest("租户名称不能超过100个字")
	}
	if t.AccountNumber == 0 {
		t.AccountNumber = -1
	}
	if t.AccountNumber < -1 {
		return errs.BadRequest("账号额度不正确")
	}
	if t.ID != 0 {
		old, err := s.S.Tenants.Get(ctx, t.ID)
		if err != nil {
			return err
		}
		t.TenantID = old.TenantID // the code never changes
		if err := s.checkDomain(ctx, t); err != nil {
			return err
		}
		return s.Tx.Tx(ctx, func(ctx context.Context) error {
			if err := s.S.Tenants.Update(ctx, t.ID, t, "tenant_name", "domain", "background_url", "linkman", "contact_number", "address", "account_number", "expire_time", "license_key", "status", "update_time", "update_user"); err != nil {
				return err
			}
			return s.Events.Add(ctx, "system.tenant.updated", t.TenantID, map[string]any{"tenantId": t.TenantID})
		})
	}
	if t.TenantID == "" {
		code, err := s.nextTenantID(ctx)
		if err != nil {
			return err
		}
		t.TenantID = code
	}
	if !tenantIDPattern.MatchString(t.TenantID) {
		return errs.BadRequest("租户编号必须是6位数字")
	}
	if dup, err := s.S.Tenants.Exists(ctx, 0, "tenant_id = ?", t.TenantID); err != nil {
		return err
	} else if dup {
		return errs.Duplicate("租户编号已存在")
	}
	if err := s.checkDomain(ctx, t); err != nil {
		return err
	}
	initPassword := "123456"
	if v, ok, err := s.Q.ParamValue(ctx, ident.PlatformTenant, "account.initPassword"); err == nil && ok && v != "" {
		initPassword = v
	}
	hash, err := authn.Hash(initPassword)
	if err != nil {
		return err
	}
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := s.S.Tenants.Create(ctx, t); err != nil {
			return err
		}
		p, err := s.Provision(ctx, t.TenantID, t.TenantName, nil)
		if err != nil {
			return err
		}
		if err := s.Users.CreateTenantAdmin(ctx, t.TenantID, "admin", hash, p.AdminRole, p.RootDept, "管理员"); err != nil {
			return err
		}
		return s.Events.Add(ctx, "system.tenant.created", t.TenantID, map[string]any{"tenantId": t.TenantID, "tenantName": t.TenantName})
	})
}

func (s *System) checkDomain(ctx context.Context, t *Tenant) error {
	t.Domain = strings.ToLower(strings.TrimSpace(t.Domain))
	if t.Domain == "" {
		return nil
	}
	dup, err := s.S.Tenants.Exists(ctx, t.ID, "domain = ?", t.Domain)
	if err != nil {
		return err
	}
	if dup {
		return errs.Duplicate("域名已被其他租户使用")
	}
	return nil
}

func (s *System) nextTenantID(ctx context.Context) (string, error) {
	for i := 0; i < 20; i++ {
		code := strconv.Itoa(100000 + int(time.Now().UnixNano()%900000))
		dup, err := s.S.Tenants.Exists(ctx, 0, "tenant_id = ?", code)
		if err != nil {
			return "", err
		}
		if !dup {
			return code, nil
		}
	}
	return "", errs.Rule("TENANT_CODE", "无法生成租户编号,请手动填写")
}

// RemoveTenants deletes tenants logically; the platform tenant stays.
func (s *System) RemoveTenants(ctx context.Context, ids []int64) error {
	if err := RequirePlatform(ctx); err != nil {
		return err
	}
	for _, id := range ids {
		t, err := s.S.Tenants.Get(ctx, id)
		if err != nil {
			return err
		}
		if t.TenantID == ident.PlatformTenant {
			return errs.Rule("PLATFORM_TENANT", "平台租户不能删除")
		}
	}
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := s.S.Tenants.Remove(ctx, ids); err != nil {
			return err
		}
		return s.Events.Add(ctx, "system.tenant.removed", "", map[string]any{"ids": ids})
	})
}

// TenantInfo answers the login page's question "which tenant is this host?".
func (s *System) TenantInfo(ctx context.Context, domain string) (*Tenant, error) {
	domain = strings.ToLower(strings.TrimSpace(domain))
	if i := strings.IndexByte(domain, ':'); i >= 0 {
		domain = domain[:i]
	}
	if domain == "" {
		return nil, nil
	}
	return s.Q.TenantByDomain(ident.AsSystem(ctx), domain)
}

// UpdateModules sets which modules of a tenant are enabled (isUsed 2) —
// the tenant's menu sub-tabulation.
func (s *System) UpdateModules(ctx context.Context, tenantID string, menuIDs []int64) error {
	if err := RequirePlatform(ctx); err != nil {
		return err
	}
	if _, err := s.Q.TenantByID(ctx, tenantID); err != nil {
		return err
	}
	tctx := ident.ForTenant(ctx, tenantID)
	menus, err := s.Q.Menus(tctx)
	if err != nil {
		return err
	}
	on := map[int64]bool{}
	for _, id := range menuIDs {
		on[id] = true
	}
	var enable, disable []int64
	for _, m := range menus {
		if m.ParentID != 0 {
			continue
		}
		if on[m.ID] {
			enable = append(enable, m.ID)
		} else {
			disable = append(disable, m.ID)
		}
	}
	err = s.Tx.Tx(tctx, func(ctx context.Context) error {
		if _, err := s.S.Menus.UpdateFields(ctx, enable, map[string]any{"is_used": 2}); err != nil {
			return err
		}
		if _, err := s.S.Menus.UpdateFields(ctx, disable, map[string]any{"is_used": 1}); err != nil {
			return err
		}
		return s.Events.Add(ctx, "system.menu.saved", tenantID, map[string]any{"tenantId": tenantID})
	})
	if err == nil {
		s.menusChanged(ctx, tenantID)
	}
	return err
}
