package biz_test

import (
	"strconv"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	"anquan/kit/authn"
	"anquan/kit/errs"
	"anquan/kit/paging"
	"anquan/user/internal/biz"
	"anquan/user/internal/usertest"
)

// wantErr checks a status error's code and message ("" code: no error).
func wantErr(t *testing.T, err error, code codes.Code, msg string) {
	t.Helper()
	if code == codes.OK {
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("want %s %q, got no error", code, msg)
	}
	if errs.Code(err) != code || errs.Message(err) != msg {
		t.Fatalf("want %s %q, got %s %q", code, msg, errs.Code(err), errs.Message(err))
	}
}

func id(v int64) string { return strconv.FormatInt(v, 10) }

func TestSaveValidatesEveryField(t *testing.T) {
	foreignRole := id(usertest.RoleAdmin + usertest.TenantBShift)
	foreignDept := id(usertest.DeptRoot + usertest.TenantBShift)
	cases := []struct {
		name string
		edit func(u *biz.User)
		msg  string
	}{
		{"blank account", func(u *biz.User) { u.Account = "  " }, "请输入账号"},
		{"one-char account", func(u *biz.User) { u.Account = "a" }, "账号须为2-45位字母、数字、下划线、中划线或点"},
		{"account with a space", func(u *biz.User) { u.Account = "li an" }, "账号须为2-45位字母、数字、下划线、中划线或点"},
		{"account over 45", func(u *biz.User) { u.Account = strings.Repeat("a", 46) }, "账号须为2-45位字母、数字、下划线、中划线或点"},
		{"missing password", func(u *biz.User) { u.Password = "" }, "请输入密码"},
		{"short password", func(u *biz.User) { u.Password = "12345" }, "密码长度须为6-32位"},
		{"long password", func(u *biz.User) { u.Password = "123456789012345678901234567890123" }, "密码长度须为6-32位"},
		{"email without suffix", func(u *biz.User) { u.Email = "li@example" }, "邮箱格式不正确"},
		{"email with long suffix", func(u *biz.User) { u.Email = "li@example.comm" }, "邮箱格式不正确"},
		{"mobile not starting with 1", func(u *biz.User) { u.Phone = "23800000000" }, "手机号码格式不正确"},
		{"mobile with 10 digits", func(u *biz.User) { u.Phone = "1380000000" }, "手机号码格式不正确"},
		{"sex out of range", func(u *biz.User) { u.Sex = 4 }, "性别不正确"},
		{"user type out of range", func(u *biz.User) { u.UserType = 3 }, "用户类型不正确"},
		{"malformed role ids", func(u *biz.User) { u.RoleID = "1,x" }, "角色参数格式错误"},
		{"role of another tenant", func(u *biz.User) { u.RoleID = foreignRole }, "角色不存在"},
		{"dept of another tenant", func(u *biz.User) { u.DeptID = foreignDept }, "部门不存在"},
		{"unknown post", func(u *biz.User) { u.PostID = "999" }, "岗位不存在"},
		{"name over 50", func(u *biz.User) { u.RealName = strings.Repeat("李", 51) }, "真实姓名不能超过50个字"},
	}
	env := usertest.New(t)
	ctx := usertest.Admin(usertest.TenantA, 1)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			u := &biz.User{Account: "li.an-1_x", Password: "secret1", RealName: "李安", Email: "li_an@example.com", Phone: "13800000000",
				Sex: 1, RoleID: id(usertest.RoleOperator), DeptID: id(usertest.DeptShop), PostID: id(usertest.PostWelder)}
			c.edit(u)
			wantErr(t, env.Users.Save(ctx, u), codes.InvalidArgument, c.msg)
		})
	}
	t.Run("valid user", func(t *testing.T) {
		u := &biz.User{Account: "li.an-1_x", Password: "secret1", RealName: "李安", Email: "li_an@example.com", Phone: "13800000000",
			RoleID: id(usertest.RoleOperator), DeptID: id(usertest.DeptRoot) + "," + id(usertest.DeptShop)}
		wantErr(t, env.Users.Save(ctx, u), codes.OK, "")
		got, err := env.Users.FindCredential(ctx, usertest.TenantA, "li.an-1_x")
		wantErr(t, err, codes.OK, "")
		if got.MainDeptID != usertest.DeptShop || got.UserType != biz.TypeInternal || got.Sex != 3 || got.Status != biz.StatusNormal {
			t.Fatalf("defaults not applied: main dept %d, type %d, sex %d, status %d", got.MainDeptID, got.UserType, got.Sex, got.Status)
		}
		if ok, _ := authn.Check(got.Password, "secret1"); !ok {
			t.Fatal("password not stored as a hash of the submitted one")
		}
	})
}

func TestSaveRefusesAnAccountTakenInTheSameTenantOnly(t *testing.T) {
	env := usertest.New(t)
	a, b := usertest.Admin(usertest.TenantA, 1), usertest.Admin(usertest.TenantB, 1)
	first := env.Create(t, a, &biz.User{Account: "zhang"})
	wantErr(t, env.Users.Save(a, &biz.User{Account: "zhang", Password: "123456"}), codes.AlreadyExists, "当前账号已被使用!")
	// Another tenant may use the same account.
	env.Create(t, b, &biz.User{Account: "zhang"})
	// Renaming another user onto it is refused too.
	other := env.Create(t, a, &biz.User{Account: "wang"})
	other.Account = "zhang"
	wantErr(t, env.Users.Save(a, other), codes.AlreadyExists, "当前账号已被使用!")
	// A removed user frees the account.
	wantErr(t, env.Users.Remove(a, []int64{first.ID}), codes.OK, "")
	env.Create(t, a, &biz.User{Account: "zhang"})
}

func TestSaveRefusesUsersBeyondTheTenantLimit(t *testing.T) {
	env := usertest.New(t)
	env.System.Limits[usertest.TenantA] = 2
	ctx := usertest.Admin(usertest.TenantA, 1)
	env.Create(t, ctx, &biz.User{Account: "u1"})
	env.Create(t, ctx, &biz.User{Account: "u2"})
	wantErr(t, env.Users.Save(ctx, &biz.User{Account: "u3", Password: "123456"}), codes.FailedPrecondition, "当前租户已到最大账号数量")
	// Tenant B has no limit.
	for i := 0; i < 3; i++ {
		env.Create(t, usertest.Admin(usertest.TenantB, 1), &biz.User{Account: "u" + strconv.Itoa(i)})
	}
}

func TestUpdateKeepsThePasswordAndStatus(t *testing.T) {
	env := usertest.New(t)
	ctx := usertest.Admin(usertest.TenantA, 1)
	u := env.Create(t, ctx, &biz.User{Account: "zhao", Password: "first-pass", Phone: "13800000000", DeptID: id(usertest.DeptShop)})
	// A partial edit: fields left out keep their value.
	edit := &biz.User{Account: "zhao2", Password: "ignored", RealName: "赵", RoleID: id(usertest.RoleAdmin)}
	edit.ID = u.ID
	wantErr(t, env.Users.Save(ctx, edit), codes.OK, "")
	got, err := env.Users.FindCredential(ctx, usertest.TenantA, "zhao2")
	wantErr(t, err, codes.OK, "")
	if ok, _ := authn.Check(got.Password, "first-pass"); !ok || got.RealName != "赵" || got.RoleID != id(usertest.RoleAdmin) || got.Status != biz.StatusNormal {
		t.Fatalf("update changed the wrong columns: %+v", got)
	}
	if got.Phone != "13800000000" || got.DeptID != id(usertest.DeptShop) || got.MainDeptID != usertest.DeptShop {
		t.Fatalf("update wiped fields it did not carry: %+v", got)
	}
	bad := &biz.User{Email: "not-an-email"}
	bad.ID = u.ID
	wantErr(t, env.Users.Save(ctx, bad), codes.InvalidArgument, "邮箱格式不正确")
	missing := &biz.User{Account: "ghost"}
	missing.ID = 42
	wantErr(t, env.Users.Save(ctx, missing), codes.NotFound, "用户不存在")
}

func TestRemoveRefusesTheCallerAndTheAdministratorAccount(t *testing.T) {
	env := usertest.New(t)
	ctx := usertest.Admin(usertest.TenantA, 1)
	admin := env.Create(t, ctx, &biz.User{Account: biz.AdminAccount})
	me := env.Create(t, ctx, &biz.User{Account: "me"})
	other := env.Create(t, ctx, &biz.User{Account: "other"})
	self := usertest.Admin(usertest.TenantA, me.ID)
	wantErr(t, env.Users.Remove(self, []int64{other.ID, me.ID}), codes.FailedPrecondition, "不能删除当前登录的账号")
	wantErr(t, env.Users.Remove(self, []int64{admin.ID}), codes.FailedPrecondition, "不能删除租户管理员账号")
	wantErr(t, env.Users.Remove(self, []int64{other.ID}), codes.OK, "")
	if !env.Auth.Revoked(usertest.TenantA, other.ID) {
		t.Fatal("removed user's tokens were not revoked")
	}
	wantErr(t, env.Users.Remove(self, []int64{other.ID}), codes.NotFound, "用户不存在")
}

func TestListsShowNormalUsersUnlessTheStatusFilterAsks(t *testing.T) {
	env := usertest.New(t)
	ctx := usertest.Admin(usertest.TenantA, 1)
	env.Create(t, ctx, &biz.User{Account: "normal"})
	env.Create(t, ctx, &biz.User{Account: "type2", UserType: biz.TypeExternal})
	registerPending(t, env, "pending")
	count := func(filters map[string]string) int64 {
		p, err := env.Users.Page(ctx, paging.Query{Filters: filters})
		wantErr(t, err, codes.OK, "")
		return p.Total
	}
	if n := count(nil); n != 2 {
		t.Fatalf("default list: want 2 normal users, got %d", n)
	}
	if n := count(map[string]string{"status_equal": "0"}); n != 1 {
		t.Fatalf("status_equal=0: want 1 pending user, got %d", n)
	}
	if n := count(map[string]string{"userType": "2"}); n != 1 {
		t.Fatalf("userType=2: want 1 external user, got %d", n)
	}
	if n := count(map[string]string{"account": "orm"}); n != 1 {
		t.Fatalf("account contains: want 1, got %d", n)
	}
}
