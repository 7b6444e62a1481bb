package data_test

import (
	"context"
	"testing"

	"anquan/kit/authn"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/user/internal/biz"
	"anquan/user/internal/data"
	"anquan/user/internal/usertest"
)

func TestSeedCreatesPlatformAndDemoAccountsOnce(t *testing.T) {
	env := usertest.New(t)
	ctx := context.Background()
	if err := data.Seed(ctx, env.DB); err != nil {
		t.Fatal(err)
	}
	if err := data.Seed(ctx, env.DB); err != nil {
		t.Fatal(err)
	}
	count := func(tenant string) int64 {
		n, err := data.NewQueries(env.DB).CountUsers(ident.ForTenant(ctx, tenant))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if p, d := count(ident.PlatformTenant), count(seedids.DemoTenant); p != 1 || d != 7 {
		t.Fatalf("seeded users: platform %d, demo %d", p, d)
	}
	cases := []struct {
		tenant, account, password string
		id, role, dept            int64
		userType                  int32
	}{
		{ident.PlatformTenant, "admin", "admin", seedids.PlatformAdminUser, seedids.PlatformAdminRole, seedids.PlatformRootDept, biz.TypeInternal},
		{seedids.DemoTenant, "admin", "admin", seedids.DemoAdminUser, seedids.DemoAdminRole, seedids.DemoRootDept, biz.TypeInternal},
		{seedids.DemoTenant, "safety", "123456", 0, seedids.DemoSafetyRole, seedids.DemoSafetyDept, biz.TypeInternal},
		{seedids.DemoTenant, "contractor1", "123456", 0, seedids.DemoContractorRole, seedids.DemoContractorDept, biz.TypeExternal},
	}
	for _, c := range cases {
		u, err := env.Users.FindCredential(ctx, c.tenant, c.account)
		if err != nil {
			t.Fatalf("%s/%s: %v", c.tenant, c.account, err)
		}
		if ok, _ := authn.Check(u.Password, c.password); !ok {
			t.Fatalf("%s/%s: password is not %q", c.tenant, c.account, c.password)
		}
		if (c.id != 0 && u.ID != c.id) || u.RoleID != ident.JoinIDs([]int64{c.role}) || u.MainDeptID != c.dept || u.UserType != c.userType || u.Status != biz.StatusNormal {
			t.Fatalf("%s/%s seeded as %+v", c.tenant, c.account, u)
		}
	}
}

func TestMigrateIsRepeatableAndIndexesEveryFilter(t *testing.T) {
	env := usertest.New(t)
	if err := data.Migrate(env.DB); err != nil {
		t.Fatal(err)
	}
	m := env.DB.Migrator()
	for _, name := range []string{"idx_blade_user_tenant_account", "idx_blade_user_tenant_status", "idx_blade_user_tenant_real_name", "idx_blade_user_oauth_identity"} {
		model := any(&biz.User{})
		if name == "idx_blade_user_oauth_identity" {
			model = &biz.OAuth{}
		}
		if !m.HasIndex(model, name) {
			t.Fatalf("index %s missing", name)
		}
	}
	if !m.HasIndex(&biz.User{}, "MainDeptID") {
		t.Fatal("main_dept_id index missing")
	}
}
