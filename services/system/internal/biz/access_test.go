package biz_test

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/system/internal/biz"
)

func wantCode(t *testing.T, what string, err error, code codes.Code, msg string) {
	t.Helper()
	if errs.Code(err) != code || err != nil && msg != "" && errs.Message(err) != msg {
		t.Fatalf("%s: got %v, want %v %q", what, err, code, msg)
	}
}

// A holder of the role, grant and dept buttons who is not an administrator
// cannot raise their own rights: the administrator role, their own roles,
// menus they do not hold and departments outside their scope are refused.
func TestRoleGrantAndDeptHoldersBelowAdministratorAreBounded(t *testing.T) {
	s, _, _ := setup(t)
	demo := seedids.DemoTenant
	admin := as(demo, true)
	safety := ident.With(context.Background(), &ident.Identity{TenantID: demo, UserID: 2, RoleIDs: []int64{seedids.DemoSafetyRole}, DataScope: ident.ScopeAll})
	director := ident.With(context.Background(), &ident.Identity{TenantID: demo, UserID: 3, RoleIDs: []int64{seedids.DemoWorkshopRole},
		DataScope: ident.ScopeDeptChildren, DeptIDs: []int64{seedids.DemoWorkshop1Dept}, ScopeDepts: []int64{seedids.DemoWorkshop1Dept}})

	role := func(id int64) *biz.Role {
		r, err := s.S.Roles.Get(admin, id)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	own := role(seedids.DemoSafetyRole)
	own.DataScope = ident.ScopeAll
	wantCode(t, "edit own role", s.SaveRole(safety, own), codes.PermissionDenied, "不能修改自己所属的角色「安全管理员」")
	wantCode(t, "edit the administrator role", s.SaveRole(safety, role(seedids.DemoAdminRole)), codes.PermissionDenied, "只有管理员可以维护管理员角色")
	op := role(seedids.DemoOperatorRole)
	op.RoleAlias = ident.AliasAdministrator
	wantCode(t, "make a role an administrator", s.SaveRole(safety, op), codes.PermissionDenied, "只有管理员可以维护管理员角色")
	wantCode(t, "new administrator role", s.SaveRole(safety, &biz.Role{RoleName: "影子管理员", RoleAlias: ident.AliasAdministrator}), codes.PermissionDenied, "只有管理员可以维护管理员角色")
	op = role(seedids.DemoOperatorRole)
	op.Sort = 9
	wantCode(t, "edit another role", s.SaveRole(safety, op), codes.OK, "")
	adm := role(seedids.DemoAdminRole)
	adm.RoleAlias = "boss"
	wantCode(t, "rename the administrator alias", s.SaveRole(admin, adm), codes.FailedPrecondition, "管理员角色的别名不能修改")

	menus, err := s.Q.Menus(admin)
	if err != nil {
		t.Fatal(err)
	}
	code := map[string]int64{}
	for _, m := range menus {
		code[m.Code] = m.ID
	}
	opHas, err := s.Q.GrantedMenuIDs(admin, []int64{seedids.DemoOperatorRole})
	if err != nil {
		t.Fatal(err)
	}
	wantCode(t, "grant a menu one lacks", s.Grant(safety, []int64{seedids.DemoOperatorRole}, append(opHas, code["user_delete"])), codes.PermissionDenied, "只能授予自己拥有的菜单和按钮权限")
	wantCode(t, "grant one's own role", s.Grant(safety, []int64{seedids.DemoSafetyRole}, []int64{code["user"]}), codes.PermissionDenied, "不能为自己所属的角色「安全管理员」授权")
	wantCode(t, "grant the administrator role", s.Grant(safety, []int64{seedids.DemoAdminRole}, nil), codes.PermissionDenied, "只有管理员可以为管理员角色授权")
	wantCode(t, "grant a menu one holds", s.Grant(safety, []int64{seedids.DemoOperatorRole}, append(opHas, code["risk_unit_edit"])), codes.OK, "")
	wantCode(t, "administrator grants anything", s.Grant(admin, []int64{seedids.DemoOperatorRole}, append(opHas, code["user_delete"])), codes.OK, "")

	dept := func(id int64) *biz.Dept {
		d, err := s.S.Depts.Get(admin, id)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	wantCode(t, "dept out of scope", s.SaveDept(director, dept(seedids.DemoSafetyDept)), codes.PermissionDenied, "部门「安全环保部」不在您的数据权限范围内,不能修改")
	shop := dept(seedids.DemoWorkshop1Dept)
	wantCode(t, "dept in scope", s.SaveDept(director, &biz.Dept{Base: shop.Base, DeptName: "合成车间(一)", ParentID: shop.ParentID}), codes.OK, "")
	wantCode(t, "moved under a dept out of scope", s.SaveDept(director, &biz.Dept{Base: shop.Base, DeptName: "合成车间", ParentID: seedids.DemoSafetyDept}), codes.PermissionDenied, "部门「安全环保部」不在您的数据权限范围内,不能作为上级部门")
	wantCode(t, "new child in scope", s.SaveDept(director, &biz.Dept{DeptName: "合成一班", ParentID: seedids.DemoWorkshop1Dept}), codes.OK, "")
	wantCode(t, "remove out of scope", s.RemoveDepts(director, []int64{seedids.DemoContractorDept}), codes.PermissionDenied, "部门「承包商队伍」不在您的数据权限范围内,不能删除")
	wantCode(t, "new top-level dept", s.SaveDept(director, &biz.Dept{DeptName: "新公司"}), codes.PermissionDenied, "顶级部门不在您的数据权限范围内")
}

// Only an administrator changes a menu's code (the permission it grants).
func TestMenuCodeOnlyAdministratorChanges(t *testing.T) {
	s, _, _ := setup(t)
	admin := as(seedids.DemoTenant, true)
	holder := as(seedids.DemoTenant, false)
	menus, err := s.Q.Menus(admin)
	if err != nil {
		t.Fatal(err)
	}
	var m biz.Menu
	for _, x := range menus {
		if x.Code == "notice_add" {
			m = x
		}
	}
	m.Code = "user_delete_x"
	wantCode(t, "holder changes a code", s.SaveMenu(holder, &m), codes.PermissionDenied, "只有管理员可以修改菜单编号(权限标识)「notice_add」")
	m.Code, m.Name = "notice_add", "发布"
	wantCode(t, "holder renames", s.SaveMenu(holder, &m), codes.OK, "")
}
