package biz

import (
	"context"
	"strings"

	"anquan/kit/errs"
)

// SaveClient validates an OAuth2 client (platform only).
func (s *System) SaveClient(ctx context.Context, c *Client) error {
	if err := RequirePlatform(ctx); err != nil {
		return err
	}
	c.ClientID = strings.TrimSpace(c.ClientID)
	if c.ClientID == "" || c.ClientSecret == "" {
		return errs.BadRequest("请输入客户端 ID 和密钥")
	}
	if c.AccessTokenValidity <= 0 {
		c.AccessTokenValidity = 3600
	}
	if c.RefreshTokenValidity <= 0 {
		c.RefreshTokenValidity = 604800
	}
	if dup, err := s.S.Clients.Exists(ctx, c.ID, "client_id = ?", c.ClientID); err != nil {
		return err
	} else if dup {
		return errs.Duplicate("客户端 ID 已存在")
	}
	return save(ctx, s.S.Clients, c.ID, c)
}
