package biz_test

import (
	"context"
	"sort"
	"strings"
	"testing"
	"unicode"

	"anquan/kit/cache"
	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/system/internal/biz"
	"anquan/system/internal/data"
)

type events struct{ subjects []string }

func (e *events) Add(_ context.Context, subject, _ string, _ any) error {
	e.subjects = append(e.subjects, subject)
	return nil
}

type users struct {
	admins []string
	// ids is the administrator role and root department of each admin.
	ids [][2]int64
}

func (u *users) CreateTenantAdmin(_ context.Context, tenant, account, _ string, role, dept int64, _ string) error {
	u.admins = append(u.admins, tenant+"/"+account)
	u.ids = append(u.ids, [2]int64{role, dept})
	return nil
}

// setup opens a real SQLite database with the platform and demo tenants seeded.
func setup(t *testing.T) (*biz.System, *events, *users) {
	t.Helper()
	c := conf.Default()
	c.Data = t.TempDir()
	g, err := db.Open(context.Background(), c, "system")
	if err != nil {
		t.Fatal(err)
	}
	if err := data.Migrate(g); err != nil {
		t.Fatal(err)
	}
	dicts, err := data.SeedDicts()
	if err != nil {
		t.Fatal(err)
	}
	ev, us := &events{}, &users{}
	s := biz.New(data.Stores(g), data.Queries{DB: g}, db.NewTransactor(g), ev, us, dicts)
	if err := data.Seed(context.Background(), g, s); err != nil {
		t.Fatal(err)
	}
	return s, ev, us
}

func as(tenant string, super bool) context.Context {
	return ident.With(context.Background(), &ident.Identity{TenantID: tenant, UserID: 1, Super: super, DataScope: ident.ScopeAll})
}

func TestSaveRulesRefuseBadInputWithChineseMessages(t *testing.T) {
	s, _, _ := setup(t)
	ctx := as("100001", true)
	cases := []struct {
		name string
		run  func() error
		want string
	}{
		{"role without name", func() error { return s.SaveRole(ctx, &biz.Role{RoleAlias: "x"}) }, "请输入角色名称"},
		{"role duplicate alias", func() error { return s.SaveRole(ctx, &biz.Role{RoleName: "x", RoleAlias: "operator"}) }, "角色别名已存在"},
		{"role bad scope", func() error { return s.SaveRole(ctx, &biz.Role{RoleName: "x", RoleAlias: "y", DataScope: 9}) }, "数据权限类型不正确"},
		{"menu without code", func() error { return s.SaveMenu(ctx, &biz.Menu{Name: "x", Category: 1}) }, "请输入菜单编号"},
		{"menu bad link", func() error {
			return s.SaveMenu(ctx, &biz.Menu{Name: "x", Code: "x1", Category: 1, PathURL: "ftp://x"})
		}, "http"},
		{"menu duplicate code", func() error { return s.SaveMenu(ctx, &biz.Menu{Name: "x", Code: "user", Category: 1}) }, "菜单编号已存在"},
		{"dept without name", func() error { return s.SaveDept(ctx, &biz.Dept{}) }, "请输入部门名称"},
		{"dept unknown parent", func() error { return s.SaveDept(ctx, &biz.Dept{DeptName: "x", ParentID: 42}) }, "上级部门不存在"},
		{"dict without name", func() error { return s.SaveDict(ctx, &biz.Dict{Code: "x"}) }, "请输入字典名称"},
		{"dict duplicate code", func() error { return s.SaveDict(ctx, &biz.Dict{Code: "sex", DictValue: "性别"}) }, "字典编号已存在"},
		{"post without code", func() error { return s.SavePost(ctx, &biz.Post{PostName: "x"}) }, "请输入岗位编号"},
		{"param duplicate key", func() error {
			return s.SaveParam(ctx, &biz.Param{ParamName: "x", ParamKey: "account.initPassword"})
		}, "参数键名已存在"},
		{"label out of range", func() error { return s.SaveLabel(ctx, &biz.Label{Name: "x", Latitude: 91}) }, "经纬度超出范围"},
		{"tenant by a tenant admin", func() error { return s.SaveTenant(ctx, &biz.Tenant{TenantName: "x"}) }, "仅平台管理员"},
		{"tenant bad code", func() error { return s.SaveTenant(as("000000", true), &biz.Tenant{TenantID: "12", TenantName: "x"}) }, "6位数字"},
		{"tenant duplicate code", func() error {
			return s.SaveTenant(as("000000", true), &biz.Tenant{TenantID: "100001", TenantName: "x"})
		}, "租户编号已存在"},
		{"remove platform tenant", func() error {
			p, _ := s.Q.TenantByID(context.Background(), "000000")
			return s.RemoveTenants(as("000000", true), []int64{p.ID})
		}, "平台租户不能删除"},
	}
	for _, c := range cases {
		err := c.run()
		if err == nil || !strings.Contains(errs.Message(err), c.want) {
			t.Errorf("%s: want %q, got %v", c.name, c.want, err)
		}
	}
}

func TestNewTenantIsProvisionedWithMenusDictionariesAndAnAdmin(t *testing.T) {
	s, ev, us := setup(t)
	if err := s.SaveTenant(as("000000", true), &biz.Tenant{TenantID: "500001", TenantName: "新公司"}); err != nil {
		t.Fatal(err)
	}
	if len(us.admins) != 1 || us.admins[0] != "500001/admin" {
		t.Fatalf("tenant admin: %v", us.admins)
	}
	// The new tenant's rows have fresh ids, never the seeded tenants'.
	seeded := map[int64]bool{seedids.PlatformAdminRole: true, seedids.PlatformRootDept: true, seedids.DemoAdminRole: true, seedids.DemoRootDept: true}
	if r, d := us.ids[0][0], us.ids[0][1]; r == 0 || d == 0 || r == d || seeded[r] || seeded[d] {
		t.Fatalf("new tenant's admin role %d and root dept %d", r, d)
	}
	ctx := as("500001", true)
	routes, err := s.Routes(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(routes) != 16 {
		t.Fatalf("modules of a new tenant: %d", len(routes))
	}
	for _, m := range routes {
		if m.Code == "system_settings" {
			for _, c := range m.Children {
				if c.Code == "tenant" || c.Code == "client" {
					t.Fatalf("platform page %s given to a customer tenant", c.Code)
				}
			}
		}
	}
	items, err := s.Q.DictItems(ctx, "work_permit_status")
	if err != nil || len(items) == 0 {
		t.Fatalf("dictionaries not copied: %v %d", err, len(items))
	}
	if !strings.Contains(strings.Join(ev.subjects, ","), "system.tenant.created") {
		t.Fatalf("events: %v", ev.subjects)
	}
}

func TestRoutesFollowGrantsAndRoleAliases(t *testing.T) {
	s, _, _ := setup(t)
	contractor := ident.With(context.Background(), &ident.Identity{TenantID: "100001", UserID: 9, RoleIDs: []int64{1000010000000000105}, DataScope: ident.ScopeSelf})
	routes, err := s.Routes(contractor, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, m := range routes {
		got = append(got, m.Code)
	}
	if strings.Join(got, ",") != "safety_education,business_process" {
		t.Fatalf("contractor modules: %v", got)
	}
	buttons, err := s.Buttons(contractor)
	if err != nil {
		t.Fatal(err)
	}
	// contractors read, and run the permits they work on (DemoButtons)
	var codes []string
	for _, g := range buttons {
		for _, b := range g.Children {
			codes = append(codes, b.Code)
		}
	}
	sort.Strings(codes)
	if len(buttons) != 1 || buttons[0].Code != "ticket" || strings.Join(codes, ",") != "ticket_briefing,ticket_operate,ticket_view" {
		t.Fatalf("contractor buttons: %d groups, %v", len(buttons), codes)
	}
}

func TestDeptScopeIncludesDescendants(t *testing.T) {
	all := []biz.Dept{{ParentID: 0}, {ParentID: 1}, {ParentID: 2}, {ParentID: 0}}
	for i := range all {
		all[i].ID = int64(i + 1)
	}
	got := biz.DeptScope(all, []int64{2})
	if len(got) != 2 || got[0] != 2 || got[1] != 3 {
		t.Fatalf("scope of 2: %v", got)
	}
}

// Every seeded dictionary and entry carries an English label (the English UI shows it), and the
// label has no Chinese text.
func TestSeededDictionariesHaveEnglishLabels(t *testing.T) {
	dicts, err := data.SeedDicts()
	if err != nil {
		t.Fatal(err)
	}
	han := func(s string) bool {
		for _, r := range s {
			if unicode.Is(unicode.Han, r) || (r >= 0xFF00 && r <= 0xFFEF) || (r >= 0x3000 && r <= 0x303F) {
				return true
			}
		}
		return false
	}
	check := func(where, zh, en string) {
		if strings.TrimSpace(en) == "" || han(en) {
			t.Errorf("%s %q: English label %q", where, zh, en)
		}
	}
	var walk func(code string, items []biz.SeedItem)
	walk = func(code string, items []biz.SeedItem) {
		for _, it := range items {
			check(code+"/"+it.Key, it.Value, it.ValueEn)
			walk(code, it.Children)
		}
	}
	for _, d := range dicts {
		check(d.Code, d.Name, d.NameEn)
		walk(d.Code, d.Items)
	}
}

// Two replicas sharing the cache: a menu added on one is listed by the
// other at once, before the change's event reaches it.
func TestMenuChangeOnOneReplicaIsReadOnTheOther(t *testing.T) {
	a, _, _ := setup(t)
	b := biz.New(a.S, a.Q, a.Tx, a.Events, a.Users, a.Dicts)
	shared := cache.NewMemory()
	defer func() { _ = shared.Close() }()
	a.Shared, b.Shared = shared, shared
	ctx := as("100001", true)
	count := func(s *biz.System) int {
		all, err := s.AllMenus(ctx, false)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		var walk func([]*biz.MenuNode)
		walk = func(ns []*biz.MenuNode) {
			for _, m := range ns {
				if m.Code == "replica_menu" {
					n++
				}
				walk(m.Children)
			}
		}
		walk(all)
		return n
	}
	if count(b) != 0 { // b's menus are now cached
		t.Fatal("menu present before it was added")
	}
	if err := a.SaveMenu(ctx, &biz.Menu{Name: "副本菜单", Code: "replica_menu", Category: 1, Sort: 99}); err != nil {
		t.Fatal(err)
	}
	if count(b) != 1 {
		t.Fatal("the other replica still lists its cached menus")
	}
}
