package biz_test

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"

	"anquan/kit/paging"
	"anquan/user/internal/biz"
	"anquan/user/internal/usertest"
)

// socialLogin records a social identity as blade-auth does at login and
// returns the caller's context with it.
func socialLogin(t *testing.T, env *usertest.Env, uuid string) (context.Context, string) {
	t.Helper()
	o, _, err := env.Users.BindOAuth(context.Background(), biz.Profile{TenantID: usertest.TenantA, Source: "github", UUID: uuid, Username: uuid})
	wantErr(t, err, codes.OK, "")
	oid := id(o.ID)
	return usertest.Social(usertest.TenantA, oid), oid
}

// registerPending files a registration and returns the pending user.
func registerPending(t *testing.T, env *usertest.Env, account string) *biz.User {
	t.Helper()
	ctx, oid := socialLogin(t, env, "uuid-"+account)
	res, err := env.Users.RegisterGuest(ctx, biz.Guest{TenantID: usertest.TenantA, Name: "访客", Account: account, Password: "123456", OAuthID: oid})
	wantErr(t, err, codes.OK, "")
	if !res.Success || res.Msg != biz.MsgRegistered {
		t.Fatalf("registration answered %+v", res)
	}
	u, err := env.Users.FindCredential(ctx, usertest.TenantA, account)
	wantErr(t, err, codes.OK, "")
	return u
}

func TestRegisterGuestChecksFieldsInTheDialogOrder(t *testing.T) {
	env := usertest.New(t)
	ctx, _ := socialLogin(t, env, "u1")
	cases := []struct {
		name string
		g    biz.Guest
		code codes.Code
		msg  string
	}{
		{"nothing filled", biz.Guest{}, codes.InvalidArgument, "请先输入租户编号"},
		{"only a password", biz.Guest{Password: "123456"}, codes.InvalidArgument, "请先输入租户编号"},
		{"tenant only", biz.Guest{TenantID: usertest.TenantA}, codes.InvalidArgument, "请先输入账号名称"},
		{"no password", biz.Guest{TenantID: usertest.TenantA, Account: "guest"}, codes.InvalidArgument, "请先输入密码"},
		{"bad account", biz.Guest{TenantID: usertest.TenantA, Account: "g", Password: "123456"}, codes.InvalidArgument, "账号须为2-45位字母、数字、下划线、中划线或点"},
		{"short password", biz.Guest{TenantID: usertest.TenantA, Account: "guest", Password: "123"}, codes.InvalidArgument, "密码长度须为6-32位"},
		{"another tenant", biz.Guest{TenantID: usertest.TenantB, Account: "guest", Password: "123456"}, codes.InvalidArgument, "租户编号与登录租户不一致"},
		{"another identity", biz.Guest{TenantID: usertest.TenantA, Account: "guest", Password: "123456", OAuthID: "77"}, codes.InvalidArgument, "第三方账号不一致"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := env.Users.RegisterGuest(ctx, c.g)
			wantErr(t, err, c.code, c.msg)
		})
	}
	t.Run("a local user cannot register", func(t *testing.T) {
		_, err := env.Users.RegisterGuest(usertest.Admin(usertest.TenantA, 5), biz.Guest{TenantID: usertest.TenantA, Account: "guest", Password: "123456"})
		wantErr(t, err, codes.FailedPrecondition, "当前账号已注册,无需重复注册")
	})
}

func TestRegisterGuestAnswersATakenAccountInData(t *testing.T) {
	env := usertest.New(t)
	env.Create(t, usertest.Admin(usertest.TenantA, 1), &biz.User{Account: "taken"})
	ctx, _ := socialLogin(t, env, "u1")
	res, err := env.Users.RegisterGuest(ctx, biz.Guest{TenantID: usertest.TenantA, Account: "taken", Password: "123456"})
	wantErr(t, err, codes.OK, "")
	if res.Success || res.Msg != "当前账号已被使用!" {
		t.Fatalf("want success=false with 当前账号已被使用!, got %+v", res)
	}
	if n := len(env.Events(t, biz.SubjectRegistered)); n != 0 {
		t.Fatalf("a refused registration emitted %d events", n)
	}
}

func TestRegisterGuestRespectsTheTenantLimit(t *testing.T) {
	env := usertest.New(t)
	env.System.Limits[usertest.TenantA] = 1
	env.Create(t, usertest.Admin(usertest.TenantA, 1), &biz.User{Account: "only"})
	ctx, _ := socialLogin(t, env, "u1")
	_, err := env.Users.RegisterGuest(ctx, biz.Guest{TenantID: usertest.TenantA, Account: "guest", Password: "123456"})
	wantErr(t, err, codes.FailedPrecondition, "当前租户已到最大账号数量")
}

func TestRegistrationIsPendingUntilApprovedThenBound(t *testing.T) {
	env := usertest.New(t)
	admin := usertest.Admin(usertest.TenantA, 1)
	u := registerPending(t, env, "guest")
	if u.Status != biz.StatusPending || u.OAuthID == "" {
		t.Fatalf("want a pending user bound to the social identity, got status %d oauth %q", u.Status, u.OAuthID)
	}
	ev := env.Events(t, biz.SubjectRegistered)
	if len(ev) != 1 || ev[0]["account"] != "guest" || ev[0]["userId"] != id(u.ID) || ev[0]["tenantId"] != usertest.TenantA || ev[0]["name"] != "访客" {
		t.Fatalf("user.registered: %v", ev)
	}
	// A second registration of the same identity waits for the first.
	ctx := usertest.Social(usertest.TenantA, u.OAuthID)
	res, err := env.Users.RegisterGuest(ctx, biz.Guest{TenantID: usertest.TenantA, Account: "guest2", Password: "123456"})
	wantErr(t, err, codes.OK, "")
	if res.Success {
		t.Fatal("a second pending registration was accepted")
	}
	// Until approved, social login finds no user.
	_, bound, err := env.Users.BindOAuth(admin, biz.Profile{TenantID: usertest.TenantA, Source: "github", UUID: "uuid-guest"})
	wantErr(t, err, codes.OK, "")
	if bound != nil {
		t.Fatal("a pending registration was returned as the bound user")
	}

	wantErr(t, env.Users.AuditPass(admin, []int64{u.ID}), codes.OK, "")
	got, err := env.Users.FindCredential(admin, usertest.TenantA, "guest")
	wantErr(t, err, codes.OK, "")
	if got.Status != biz.StatusNormal {
		t.Fatalf("approved user has status %d", got.Status)
	}
	ev = env.Events(t, biz.SubjectApproved)
	if len(ev) != 1 || ev[0]["userId"] != id(u.ID) || ev[0]["account"] != "guest" || ev[0]["tenantId"] != usertest.TenantA {
		t.Fatalf("user.registered.approved: %v", ev)
	}
	_, bound, err = env.Users.BindOAuth(admin, biz.Profile{TenantID: usertest.TenantA, Source: "github", UUID: "uuid-guest"})
	wantErr(t, err, codes.OK, "")
	if bound == nil || bound.ID != u.ID {
		t.Fatalf("after approval social login should find user %d, got %+v", u.ID, bound)
	}
	// Deciding twice is refused.
	wantErr(t, env.Users.AuditRefuse(admin, []int64{u.ID}), codes.FailedPrecondition, "所选用户没有待审核的注册申请")
}

func TestAuditRefuseRejectsAndKeepsTheUserOutOfLists(t *testing.T) {
	env := usertest.New(t)
	admin := usertest.Admin(usertest.TenantA, 1)
	u := registerPending(t, env, "guest")
	normal := env.Create(t, admin, &biz.User{Account: "normal"})
	wantErr(t, env.Users.AuditRefuse(admin, []int64{u.ID, normal.ID}), codes.FailedPrecondition, "所选用户中有不是待审核的注册申请")
	wantErr(t, env.Users.AuditRefuse(admin, []int64{u.ID}), codes.OK, "")
	if ev := env.Events(t, biz.SubjectRejected); len(ev) != 1 || ev[0]["userId"] != id(u.ID) {
		t.Fatalf("user.registered.rejected: %v", ev)
	}
	p, err := env.Users.Page(admin, paging.Query{Filters: map[string]string{"status": "2"}})
	wantErr(t, err, codes.OK, "")
	if p.Total != 1 || p.Records[0].ID != u.ID {
		t.Fatalf("rejected list: %+v", p.Records)
	}
}
