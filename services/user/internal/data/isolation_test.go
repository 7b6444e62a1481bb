package data_test

import (
	"context"
	"testing"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/user/internal/biz"
	"anquan/user/internal/data"
	"anquan/user/internal/usertest"
)

func TestTenantBCannotSeeOrChangeTenantAUsers(t *testing.T) {
	env := usertest.New(t)
	a, b := usertest.Admin(usertest.TenantA, 1), usertest.Admin(usertest.TenantB, 1)
	s, q := data.Stores(env.DB), data.NewQueries(env.DB)
	u := &biz.User{Account: "secret", Name: "甲", Password: "x"}
	u.Status = biz.StatusNormal
	if err := q.CreateUser(a, u); err != nil {
		t.Fatal(err)
	}
	if u.TenantID != usertest.TenantA {
		t.Fatalf("tenant not taken from the caller: %q", u.TenantID)
	}

	if _, err := s.User.Get(b, u.ID); !errs.IsNotFound(err) {
		t.Fatalf("Get from tenant B: want NotFound, got %v", err)
	}
	if v, err := s.User.FindBy(b, "account = ?", "secret"); err != nil || v != nil {
		t.Fatalf("FindBy from tenant B: %v %v", v, err)
	}
	if taken, err := s.User.Exists(b, 0, "account = ?", "secret"); err != nil || taken {
		t.Fatalf("Exists from tenant B: %v %v", taken, err)
	}
	if p, err := s.User.Page(b, paging.Query{}); err != nil || p.Total != 0 || len(p.Records) != 0 {
		t.Fatalf("Page from tenant B: %+v %v", p, err)
	}
	if p, err := q.PageUsers(b, paging.Query{}, biz.Filter{IDs: []int64{u.ID}}); err != nil || p.Total != 0 {
		t.Fatalf("PageUsers from tenant B: %+v %v", p, err)
	}
	if list, err := q.ListUsers(b, paging.Query{}, biz.Filter{}, 0); err != nil || len(list) != 0 {
		t.Fatalf("ListUsers from tenant B: %v %v", list, err)
	}
	if n, err := q.CountUsers(b); err != nil || n != 0 {
		t.Fatalf("CountUsers from tenant B: %d %v", n, err)
	}
	seen := 0
	if err := q.EachUser(b, paging.Query{}, biz.Filter{}, 0, func(biz.User) error { seen++; return nil }); err != nil || seen != 0 {
		t.Fatalf("EachUser from tenant B saw %d (%v)", seen, err)
	}

	edit := &biz.User{Account: "stolen", Name: "乙"}
	if err := s.User.Update(b, u.ID, edit, "account", "name"); !errs.IsNotFound(err) {
		t.Fatalf("Update from tenant B: want NotFound, got %v", err)
	}
	if n, err := s.User.UpdateFields(b, []int64{u.ID}, map[string]any{"password": "y"}); err != nil || n != 0 {
		t.Fatalf("UpdateFields from tenant B changed %d rows (%v)", n, err)
	}
	if err := s.User.Remove(b, []int64{u.ID}); !errs.IsNotFound(err) {
		t.Fatalf("Remove from tenant B: want NotFound, got %v", err)
	}

	// Tenant A's row is untouched.
	got, err := s.User.Get(a, u.ID)
	if err != nil || got.Account != "secret" || got.Name != "甲" || got.Password != "x" || got.IsDeleted != 0 {
		t.Fatalf("tenant A's user changed: %+v %v", got, err)
	}
	// The use cases answer the same way.
	if _, err := env.Users.Detail(b, u.ID); !errs.IsNotFound(err) {
		t.Fatalf("Detail from tenant B: want NotFound, got %v", err)
	}
	if err := env.Users.Remove(b, []int64{u.ID}); !errs.IsNotFound(err) {
		t.Fatalf("Remove use case from tenant B: want NotFound, got %v", err)
	}
}

func TestSocialIdentitiesStayInTheirTenant(t *testing.T) {
	env := usertest.New(t)
	ctx := context.Background()
	oa, _, err := env.Users.BindOAuth(ctx, biz.Profile{TenantID: usertest.TenantA, Source: "github", UUID: "same"})
	if err != nil {
		t.Fatal(err)
	}
	ob, _, err := env.Users.BindOAuth(ctx, biz.Profile{TenantID: usertest.TenantB, Source: "github", UUID: "same"})
	if err != nil {
		t.Fatal(err)
	}
	again, _, err := env.Users.BindOAuth(ctx, biz.Profile{TenantID: usertest.TenantA, Source: "github", UUID: "same", Nickname: "新昵称"})
	if err != nil {
		t.Fatal(err)
	}
	if oa.ID == ob.ID || again.ID != oa.ID || again.Nickname != "新昵称" {
		t.Fatalf("bindings: A %d, B %d, A again %d", oa.ID, ob.ID, again.ID)
	}
	if _, err := data.Stores(env.DB).OAuth.Get(usertest.Admin(usertest.TenantB, 1), oa.ID); !errs.IsNotFound(err) {
		t.Fatalf("tenant B read tenant A's social identity: %v", err)
	}
}

func TestQueriesWithoutIdentityFailClosed(t *testing.T) {
	env := usertest.New(t)
	if _, err := data.NewQueries(env.DB).CountUsers(context.Background()); err == nil {
		t.Fatal("a query without identity or system context ran")
	}
	if _, err := data.NewQueries(env.DB).CountUsers(ident.AsSystem(context.Background())); err != nil {
		t.Fatal(err)
	}
}

// A role or department is matched as a whole member of the comma list: first, middle, last or
// alone, and 12 never matches 112 or 123.
func TestCommaListMatchesWholeMembersOnly(t *testing.T) {
	env := usertest.New(t)
	a := usertest.Admin(usertest.TenantA, 1)
	q := data.NewQueries(env.DB)
	lists := map[string]string{"alone": "12", "first": "12,30", "middle": "30,12,31", "last": "30,12", "prefix": "112", "suffix": "123,30", "inside": "30,4125"}
	for account, list := range lists {
		u := &biz.User{Account: account, Name: account, Password: "x", RoleID: list, DeptID: list, MainDeptID: 999}
		u.Status = biz.StatusNormal
		if err := q.CreateUser(a, u); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]bool{"alone": true, "first": true, "middle": true, "last": true}
	check := func(name string, f biz.Filter) {
		t.Helper()
		list, err := q.ListUsers(a, paging.Query{}, f, 0)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, u := range list {
			if _, ok := lists[u.Account]; ok {
				got[u.Account] = true
			}
		}
		if len(got) != len(want) {
			t.Fatalf("%s matched %v, want %v", name, got, want)
		}
		for k := range want {
			if !got[k] {
				t.Fatalf("%s missed %s: %v", name, k, got)
			}
		}
	}
	check("role", biz.Filter{Groups: &biz.Groups{Roles: []int64{12}}})
	check("department", biz.Filter{Dept: 12, Depts: []int64{12}})
}
