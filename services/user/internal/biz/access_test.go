package biz_test

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"

	"anquan/kit/ident"
	"anquan/user/internal/biz"
	"anquan/user/internal/usertest"
)

// A user lies in the caller's data scope by main department, or is the
// caller's own account; the tenant's administrators are the admin account
// and holders of an administrator role.
func TestUserInScopeAndAdministrators(t *testing.T) {
	shop := &biz.User{MainDeptID: usertest.DeptShop}
	shop.ID = 5
	tank := &biz.User{MainDeptID: usertest.DeptTank}
	tank.ID = 6
	cases := []struct {
		name string
		id   *ident.Identity
		u    *biz.User
		want bool
	}{
		{"all", &ident.Identity{UserID: 1, DataScope: ident.ScopeAll}, tank, true},
		{"administrator", &ident.Identity{UserID: 1, DataScope: ident.ScopeSelf, Super: true}, tank, true},
		{"dept and children", &ident.Identity{UserID: 1, DataScope: ident.ScopeDeptChildren, ScopeDepts: []int64{usertest.DeptShop, usertest.DeptTank}}, tank, true},
		{"own dept only", &ident.Identity{UserID: 1, DataScope: ident.ScopeDept, DeptIDs: []int64{usertest.DeptShop}}, tank, false},
		{"own dept", &ident.Identity{UserID: 1, DataScope: ident.ScopeDept, DeptIDs: []int64{usertest.DeptShop}}, shop, true},
		{"self, someone else", &ident.Identity{UserID: 1, DataScope: ident.ScopeSelf}, shop, false},
		{"self, oneself", &ident.Identity{UserID: 5, DataScope: ident.ScopeSelf}, shop, true},
		{"nobody", nil, shop, false},
	}
	for _, c := range cases {
		if got := biz.UserInScope(c.id, c.u); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	admins := []int64{usertest.RoleAdmin}
	for _, c := range []struct {
		u    biz.User
		want bool
	}{
		{biz.User{Account: "admin"}, true},
		{biz.User{Account: "li", RoleID: id(usertest.RoleOperator) + "," + id(usertest.RoleAdmin)}, true},
		{biz.User{Account: "li", RoleID: id(usertest.RoleOperator)}, false},
	} {
		if got := biz.IsAdministrator(&c.u, admins); got != c.want {
			t.Errorf("%s roles %s: %v, want %v", c.u.Account, c.u.RoleID, got, c.want)
		}
	}
}

// A user manager who is not an administrator acts only on users of their
// scope, never on an administrator, and never grants the administrator role.
func TestUserManagerBelowAdministratorIsBounded(t *testing.T) {
	env := usertest.New(t)
	admin := usertest.Admin(usertest.TenantA, 1)
	boss := env.Create(t, admin, &biz.User{Account: "boss", RoleID: id(usertest.RoleAdmin), DeptID: id(usertest.DeptRoot)})
	shop := env.Create(t, admin, &biz.User{Account: "shop", RoleID: id(usertest.RoleOperator), DeptID: id(usertest.DeptShop)})
	tank := env.Create(t, admin, &biz.User{Account: "tank", RoleID: id(usertest.RoleOperator), DeptID: id(usertest.DeptTank)})
	// A manager of the shop (dept only, not its children).
	mgr := ident.With(context.Background(), &ident.Identity{TenantID: usertest.TenantA, UserID: shop.ID, Account: "shop",
		DataScope: ident.ScopeDept, DeptIDs: []int64{usertest.DeptShop}, ScopeDepts: []int64{usertest.DeptShop}})

	wantErr(t, env.Users.ResetPassword(mgr, []int64{tank.ID}), codes.PermissionDenied, "用户「tank」不在您的数据权限范围内,不能重置密码")
	wantErr(t, env.Users.ResetPassword(mgr, []int64{boss.ID}), codes.PermissionDenied, "用户「boss」不在您的数据权限范围内,不能重置密码")
	wantErr(t, env.Users.Save(mgr, &biz.User{Base: tank.Base, RealName: "改名"}), codes.PermissionDenied, "用户「tank」不在您的数据权限范围内,不能修改")
	wantErr(t, env.Users.Grant(mgr, []int64{shop.ID}, id(usertest.RoleAdmin)), codes.PermissionDenied, "只有管理员可以授予管理员角色")
	wantErr(t, env.Users.Save(mgr, &biz.User{Base: shop.Base, DeptID: id(usertest.DeptTank)}), codes.PermissionDenied, "所选部门不在您的数据权限范围内")
	wantErr(t, env.Users.Save(mgr, &biz.User{Base: shop.Base, RealName: "车间经理"}), codes.OK, "")

	// With the whole tenant in scope the administrator is still refused.
	wide := ident.With(context.Background(), &ident.Identity{TenantID: usertest.TenantA, UserID: shop.ID, Account: "shop", DataScope: ident.ScopeAll})
	wantErr(t, env.Users.ResetPassword(wide, []int64{boss.ID}), codes.PermissionDenied, "只有管理员可以对管理员账号「boss」重置密码")
	wantErr(t, env.Users.Unlock(wide, []int64{boss.ID, tank.ID}), codes.PermissionDenied, "只有管理员可以对管理员账号「boss」解封")
	wantErr(t, env.Users.ResetPassword(wide, []int64{tank.ID}), codes.OK, "")
	// An administrator may.
	wantErr(t, env.Users.ResetPassword(admin, []int64{boss.ID}), codes.OK, "")
}
