package biz

import (
	"context"
	"strings"

	"anquan/kit/errs"
)

// SaveMenuConfig validates a tenant menu config.
func (s *System) SaveMenuConfig(ctx context.Context, c *MenuTenantConfig) error {
	if c.MenuID == 0 && strings.TrimSpace(c.MenuName) == "" {
		return errs.BadRequest("请选择菜单")
	}
	if c.MenuID != 0 {
		m, err := s.S.Menus.Get(ctx, c.MenuID)
		if err != nil {
			return err
		}
		if c.MenuName == "" {
			c.MenuName = m.Name
		}
	}
	if c.LinkURL != "" && !strings.HasPrefix(c.LinkURL, "http://") && !strings.HasPrefix(c.LinkURL, "https://") && !strings.HasPrefix(c.LinkURL, "/") {
		return errs.BadRequest("链接地址必须以 http、https 或 / 开头")
	}
	if c.IsUsed == 0 {
		c.IsUsed = 2
	}
	return save(ctx, s.S.MenuConfigs, c.ID, c)
}
