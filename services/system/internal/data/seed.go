package data

import (
	"context"
	"log/slog"
	"strconv"
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
	if err := g.WithContext(sctx).Model(&biz.Tenant{}).Where("tenant_id = ?", ident.PlatformTenant).Count(&n).Error; err != nil {
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
			{TenantID: ident.PlatformTenant, TenantName: "安全生产管理平台", Linkman: "平台管理员", AccountNumber: -1, ExpireTime: &far},
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
		platform := &biz.TenantRows{Platform: true, AdminRole: seedids.PlatformAdminRole, RootDept: seedids.PlatformRootDept}
		if _, err := sys.Provision(ctx, ident.PlatformTenant, tenants[0].TenantName, platform); err != nil {
			return err
		}
		_, err := sys.Provision(ctx, seedids.DemoTenant, tenants[1].TenantName, demoRows(tenants[1].TenantName))
		return err
	})
	if err == nil {
		slog.Info("system seeded", "tenants", 2, "ms", time.Since(start).Milliseconds())
	}
	return err
}

// demoRows are the demo company's roles, departments and posts, with the
// fixed ids the other services' demo seeds (users, areas, permits) refer to.
func demoRows(name string) *biz.TenantRows {
	root := seedids.DemoRootDept
	anc := "0," + strconv.FormatInt(root, 10)
	prod := anc + "," + strconv.FormatInt(seedids.DemoProductionDept, 10)
	return &biz.TenantRows{
		AdminRole: seedids.DemoAdminRole,
		RootDept:  root,
		Roles: []biz.Role{
			{Base: withID(seedids.DemoSafetyRole), RoleName: "安全管理员", RoleAlias: "safety_manager", Sort: 2, DataScope: 1},
			{Base: withID(seedids.DemoWorkshopRole), RoleName: "车间主任", RoleAlias: "workshop_director", Sort: 3, DataScope: 4},
			{Base: withID(seedids.DemoOperatorRole), RoleName: "作业人员", RoleAlias: "operator", Sort: 4, DataScope: 2},
			{Base: withID(seedids.DemoContractorRole), RoleName: "承包商", RoleAlias: "contractor", Sort: 5, DataScope: 2},
		},
		Depts: []biz.Dept{
			{Base: withID(seedids.DemoSafetyDept), ParentID: root, Ancestors: anc, DeptName: "安全环保部", FullName: name + "安全环保部", Sort: 2, DeptCategory: 2},
			{Base: withID(seedids.DemoProductionDept), ParentID: root, Ancestors: anc, DeptName: "生产运行部", FullName: name + "生产运行部", Sort: 3, DeptCategory: 2},
			{Base: withID(seedids.DemoWorkshop1Dept), ParentID: seedids.DemoProductionDept, Ancestors: prod, DeptName: "合成车间", FullName: "生产运行部合成车间", Sort: 1, DeptCategory: 3},
			{Base: withID(seedids.DemoWorkshop2Dept), ParentID: seedids.DemoProductionDept, Ancestors: prod, DeptName: "罐区", FullName: "生产运行部罐区", Sort: 2, DeptCategory: 3},
			{Base: withID(seedids.DemoEquipmentDept), ParentID: root, Ancestors: anc, DeptName: "设备管理部", FullName: name + "设备管理部", Sort: 4, DeptCategory: 2},
			{Base: withID(seedids.DemoContractorDept), ParentID: root, Ancestors: anc, DeptName: "承包商队伍", FullName: name + "承包商队伍", Sort: 5, DeptCategory: 2},
		},
		Posts: []biz.Post{
			{Base: withID(seedids.DemoSafetyPost), Category: 1, PostCode: "safety_engineer", PostName: "安全工程师", Sort: 1},
			{Base: withID(seedids.DemoDirectorPost), Category: 1, PostCode: "workshop_director", PostName: "车间主任", Sort: 2},
			{Base: withID(seedids.DemoOperatorPost), Category: 3, PostCode: "operator", PostName: "操作工", Sort: 3},
			{Base: withID(seedids.DemoWelderPost), Category: 3, PostCode: "welder", PostName: "焊工", Sort: 4},
		},
	}
}

// withID is a Base with a fixed id.
func withID(id int64) db.Base { return db.Base{Plain: db.Plain{ID: id}} }
