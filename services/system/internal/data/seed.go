package data

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/system/internal/biz"
)

// Seed creates the platform tenant, the demo tenant and the OAuth2 clients
// on first start (an existing platform tenant means it already ran).
func Seed(ctx context.Context, g *gorm.DB, sys *biz.System) error {
	sctx := ident.AsSystem(ctx)
	var n int64
	if err := g.WithContext(sctx).Model(&biz.Tenant{}).Where("tenant_id = ?", seedids.PlatformTenant).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	start := time.Now()
	far := time.Date(2099, 12, 31, 23, 59, 59, 0, time.Local)
	demoEnd := time.Now().AddDate(1, 0, 0)
	err := db.Tx(sctx, g, func(ctx context.Context) error {
		tenants := []biz.Tenant{
			{TenantID: seedids.PlatformTenant, TenantName: "安全生产管理平台", Linkman: "平台管理员", AccountNumber: -1, ExpireTime: &far},
			{TenantID: seedids.DemoTenant, TenantName: "江东化工有限公司", Domain: "demo.anquan.local", Linkman: "王工", ContactNumber: "13800000001", Address: "江苏省南京市化学工业园区", AccountNumber: -1, ExpireTime: &demoEnd},
		}
		for i := range tenants {
			if err := db.Conn(ctx, g).Create(&tenants[i]).Error; err != nil {
				return err
			}
		}
		clients := []biz.Client{
			{ClientID: "saber", ClientSecret: "saber_secret", Scope: "all", AuthorizedGrantTypes: "refresh_token,password,captcha,social", AccessTokenValidity: 3600, RefreshTokenValidity: 604800, EncryptPassword: true},
			{ClientID: "api", ClientSecret: "api_secret", Scope: "all", AuthorizedGrantTypes: "refresh_token,password,social", AccessTokenValidity: 3600, RefreshTokenValidity: 604800, EncryptPassword: false},
		}
		for i := range clients {
			if err := db.Conn(ctx, g).Create(&clients[i]).Error; err != nil {
				return err
			}
		}
		if _, err := sys.Provision(ctx, seedids.PlatformTenant, tenants[0].TenantName, false); err != nil {
			return err
		}
		_, err := sys.Provision(ctx, seedids.DemoTenant, tenants[1].TenantName, true)
		return err
	})
	if err == nil {
		slog.Info("system seeded", "tenants", 2, "ms", time.Since(start).Milliseconds())
	}
	return err
}
