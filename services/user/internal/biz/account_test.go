package biz_test

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"

	"anquan/kit/authn"
	"anquan/kit/paging"
	"anquan/user/internal/biz"
	"anquan/user/internal/usertest"
)

func checkPassword(t *testing.T, env *usertest.Env, account, plain string) {
	t.Helper()
	u, err := env.Users.FindCredential(usertest.Admin(usertest.TenantA, 1), usertest.TenantA, account)
	wantErr(t, err, codes.OK, "")
	if ok, _ := authn.Check(u.Password, plain); !ok {
		t.Fatalf("%s: password is not %q", account, plain)
	}
}

func revoked(t *testing.T, env *usertest.Env, userID int64) bool {
	t.Helper()
	return env.Auth.Revoked(usertest.TenantA, userID)
}

func TestResetPasswordUsesTheTenantInitialPasswordAndRevokesTokens(t *testing.T) {
	env := usertest.New(t)
	ctx := usertest.Admin(usertest.TenantA, 1)
	a := env.Create(t, ctx, &biz.User{Account: "a1", Password: "old-pass"})
	b := env.Create(t, ctx, &biz.User{Account: "b1", Password: "old-pass"})
	wantErr(t, env.Users.ResetPassword(ctx, []int64{a.ID}), codes.OK, "")
	checkPassword(t, env, "a1", biz.DefaultInitPassword)
	env.System.Params[usertest.TenantA]["account.initPassword"] = "init-9876"
	wantErr(t, env.Users.ResetPassword(ctx, []int64{a.ID, b.ID}), codes.OK, "")
	checkPassword(t, env, "a1", "init-9876")
	checkPassword(t, env, "b1", "init-9876")
	if !revoked(t, env, a.ID) || !revoked(t, env, b.ID) {
		t.Fatal("reset did not revoke the users' tokens")
	}
	// Another tenant's ids change nothing.
	wantErr(t, env.Users.ResetPassword(usertest.Admin(usertest.TenantB, 1), []int64{a.ID}), codes.NotFound, "用户不存在")
}

func TestUpdatePasswordNeedsTheOldOneAndAMatchingConfirmation(t *testing.T) {
	env := usertest.New(t)
	u := env.Create(t, usertest.Admin(usertest.TenantA, 1), &biz.User{Account: "self", Password: "old-pass"})
	ctx := usertest.Admin(usertest.TenantA, u.ID)
	cases := []struct {
		name, old, plain, confirm string
		msg                       string
	}{
		{"no old password", "", "new-pass", "new-pass", "请输入原密码"},
		{"short new password", "old-pass", "123", "123", "密码长度须为6-32位"},
		{"confirmation differs", "old-pass", "new-pass", "new-pass2", "两次密码输入不一致"},
		{"wrong old password", "wrong-pass", "new-pass", "new-pass", "原密码不正确"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantErr(t, env.Users.UpdatePassword(ctx, c.old, c.plain, c.confirm), codes.InvalidArgument, c.msg)
		})
	}
	checkPassword(t, env, "self", "old-pass")
	wantErr(t, env.Users.UpdatePassword(ctx, "old-pass", "new-pass", "new-pass"), codes.OK, "")
	checkPassword(t, env, "self", "new-pass")
	if !revoked(t, env, u.ID) {
		t.Fatal("password change did not revoke the old tokens")
	}
}

func TestPageResolvesNamesWithOneCallPerKindAndShowsLocks(t *testing.T) {
	env := usertest.New(t)
	ctx := usertest.Admin(usertest.TenantA, 1)
	for _, acc := range []string{"p1", "p2", "p3", "p4"} {
		env.Create(t, ctx, &biz.User{Account: acc, RoleID: id(usertest.RoleAdmin) + "," + id(usertest.RoleOperator),
			DeptID: id(usertest.DeptShop), PostID: id(usertest.PostWelder)})
	}
	env.Auth.Lock(usertest.TenantA, "p2")
	before := map[string]int{}
	for _, m := range []string{"GetRoles", "GetDepts", "PostList"} {
		before[m] = env.System.CallCount(m)
	}
	p, err := env.Users.Page(ctx, paging.Query{})
	wantErr(t, err, codes.OK, "")
	if len(p.Records) != 4 {
		t.Fatalf("want 4 users, got %d", len(p.Records))
	}
	for m, n := range before {
		if got := env.System.CallCount(m) - n; got != 1 {
			t.Fatalf("%s called %d times for one page, want 1", m, got)
		}
	}
	for _, v := range p.Records {
		if v.RoleName != "管理员,作业人员" || v.DeptName != "合成车间" || v.PostName != "焊工" {
			t.Fatalf("names of %s: %q %q %q", v.Account, v.RoleName, v.DeptName, v.PostName)
		}
		if v.Locked != (v.Account == "p2") {
			t.Fatalf("%s locked=%v", v.Account, v.Locked)
		}
	}
	// Unlock clears the counter.
	var p2 int64
	for _, v := range p.Records {
		if v.Account == "p2" {
			p2 = v.ID
		}
	}
	wantErr(t, env.Users.Unlock(ctx, []int64{p2}), codes.OK, "")
	d, err := env.Users.Detail(ctx, p2)
	wantErr(t, err, codes.OK, "")
	if d.Locked {
		t.Fatal("unlock left the account locked")
	}
}

func TestDeptFilterMatchesTheSubtreeAndSecondaryDepartments(t *testing.T) {
	env := usertest.New(t)
	ctx := usertest.Admin(usertest.TenantA, 1)
	env.Create(t, ctx, &biz.User{Account: "root", DeptID: id(usertest.DeptRoot)})
	env.Create(t, ctx, &biz.User{Account: "shop", DeptID: id(usertest.DeptShop)})
	env.Create(t, ctx, &biz.User{Account: "tank", DeptID: id(usertest.DeptTank)})
	env.Create(t, ctx, &biz.User{Account: "second", DeptID: id(usertest.DeptShop) + "," + id(usertest.DeptRoot)})
	p, err := env.Users.Page(ctx, paging.Query{Filters: map[string]string{"deptId": id(usertest.DeptShop)}})
	wantErr(t, err, codes.OK, "")
	got := map[string]bool{}
	for _, v := range p.Records {
		got[v.Account] = true
	}
	if len(got) != 3 || !got["shop"] || !got["tank"] || !got["second"] {
		t.Fatalf("deptId=shop matched %v", got)
	}
	_, err = env.Users.Page(ctx, paging.Query{Filters: map[string]string{"deptId": "x"}})
	wantErr(t, err, codes.InvalidArgument, "部门参数格式错误")
}

func TestGrantSetsRolesOfTheTenantOnly(t *testing.T) {
	env := usertest.New(t)
	ctx := usertest.Admin(usertest.TenantA, 1)
	u := env.Create(t, ctx, &biz.User{Account: "g1"})
	wantErr(t, env.Users.Grant(ctx, []int64{u.ID}, id(usertest.RoleAdmin+usertest.TenantBShift)), codes.InvalidArgument, "角色不存在")
	wantErr(t, env.Users.Grant(ctx, []int64{u.ID}, ""), codes.InvalidArgument, "请选择角色")
	wantErr(t, env.Users.Grant(ctx, []int64{u.ID}, id(usertest.RoleOperator)), codes.OK, "")
	d, err := env.Users.Detail(ctx, u.ID)
	wantErr(t, err, codes.OK, "")
	if d.RoleID != id(usertest.RoleOperator) || d.RoleName != "作业人员" {
		t.Fatalf("granted roles: %q %q", d.RoleID, d.RoleName)
	}
}

func TestUpdateInfoChangesOnlyTheProfile(t *testing.T) {
	env := usertest.New(t)
	u := env.Create(t, usertest.Admin(usertest.TenantA, 1), &biz.User{Account: "me", RoleID: id(usertest.RoleOperator)})
	ctx := usertest.Admin(usertest.TenantA, u.ID)
	wantErr(t, env.Users.UpdateInfo(ctx, &biz.User{Account: "hacked", RoleID: id(usertest.RoleAdmin), RealName: "新名字", Phone: "13900000000"}), codes.OK, "")
	wantErr(t, env.Users.UpdateInfo(ctx, &biz.User{Email: "bad"}), codes.InvalidArgument, "邮箱格式不正确")
	wantErr(t, env.Users.UpdateInfo(ctx, &biz.User{Avatar: "/upload/me.png"}), codes.OK, "")
	me, err := env.Users.Info(ctx)
	wantErr(t, err, codes.OK, "")
	if me.Account != "me" || me.RoleID != id(usertest.RoleOperator) || me.RealName != "新名字" || me.Phone != "13900000000" || me.Avatar != "/upload/me.png" {
		t.Fatalf("profile after update: %+v", me.User)
	}
	_, err = env.Users.Info(usertest.Social(usertest.TenantA, "9"))
	wantErr(t, err, codes.NotFound, "用户不存在")
}

func TestCreateTenantAdminIsIdempotent(t *testing.T) {
	env := usertest.New(t)
	hash, _ := authn.Hash("admin-pass")
	a := biz.Admin{TenantID: usertest.TenantB, Account: "admin", PasswordHash: hash, RoleID: "11", DeptID: "22", Name: "管理员"}
	wantErr(t, env.Users.CreateTenantAdmin(usertest.Admin(usertest.TenantA, 1), a), codes.OK, "")
	wantErr(t, env.Users.CreateTenantAdmin(usertest.Admin(usertest.TenantA, 1), a), codes.OK, "")
	n, err := env.Users.CountUsers(usertest.Admin(usertest.TenantA, 1), usertest.TenantB)
	wantErr(t, err, codes.OK, "")
	if n != 1 {
		t.Fatalf("want 1 admin in tenant B, got %d", n)
	}
	u, err := env.Users.FindCredential(usertest.Admin(usertest.TenantA, 1), usertest.TenantB, "admin")
	wantErr(t, err, codes.OK, "")
	if u.TenantID != usertest.TenantB || u.MainDeptID != 22 || u.Status != biz.StatusNormal {
		t.Fatalf("admin: %+v", u)
	}
	_, err = env.Users.FindCredential(usertest.Admin(usertest.TenantA, 1), usertest.TenantA, "admin")
	wantErr(t, err, codes.NotFound, "用户不存在")
}

func TestGroupMembersAreTheDepartmentSubtreeAndTheRoleHolders(t *testing.T) {
	env := usertest.New(t)
	ctx := usertest.Admin(usertest.TenantA, 1)
	env.Create(t, ctx, &biz.User{Account: "root", DeptID: id(usertest.DeptRoot)})
	env.Create(t, ctx, &biz.User{Account: "shop", DeptID: id(usertest.DeptShop)})
	env.Create(t, ctx, &biz.User{Account: "tank", DeptID: id(usertest.DeptTank), PostID: id(usertest.PostWelder)})
	env.Create(t, ctx, &biz.User{Account: "op", DeptID: id(usertest.DeptRoot), RoleID: id(usertest.RoleAdmin) + "," + id(usertest.RoleOperator)})
	off := env.Create(t, ctx, &biz.User{Account: "off", DeptID: id(usertest.DeptTank)})
	wantErr(t, env.Users.Remove(ctx, []int64{off.ID}), codes.OK, "")
	env.Create(t, usertest.Admin(usertest.TenantB, 1), &biz.User{Account: "other", DeptID: id(usertest.DeptShop + usertest.TenantBShift)})
	members := func(depts, roles []int64, posts ...int64) map[string]bool {
		us, err := env.Users.GroupMembers(context.Background(), usertest.TenantA, depts, roles, posts)
		wantErr(t, err, codes.OK, "")
		got := map[string]bool{}
		for _, u := range us {
			got[u.Account] = true
		}
		return got
	}
	if got := members([]int64{usertest.DeptShop}, nil); len(got) != 2 || !got["shop"] || !got["tank"] {
		t.Fatalf("dept shop (with tank, not the removed one nor tenant B's) = %v", got)
	}
	if got := members(nil, []int64{usertest.RoleOperator}); len(got) != 1 || !got["op"] {
		t.Fatalf("role operator (second in the list) = %v", got)
	}
	if got := members([]int64{usertest.DeptTank}, []int64{usertest.RoleOperator}); len(got) != 2 || !got["tank"] || !got["op"] {
		t.Fatalf("dept tank or role operator = %v", got)
	}
	if got := members(nil, nil); len(got) != 0 {
		t.Fatalf("no group = %v, want nobody", got)
	}
	// h-edu-matrix: the holders of a post (the training matrix's rows).
	if got := members(nil, nil, usertest.PostWelder); len(got) != 1 || !got["tank"] {
		t.Fatalf("post welder = %v", got)
	}
}
