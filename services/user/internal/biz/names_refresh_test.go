package biz_test

import (
	"testing"

	"google.golang.org/grpc/codes"

	"anquan/kit/db"
	"anquan/kit/outbox"
	"anquan/user/internal/biz"
	"anquan/user/internal/data"
	"anquan/user/internal/usertest"
)

// TestARoleCreatedAMomentAgoIsFound: the names snapshot is renewed by blade-system's events;
// a role created before its event arrived is found by reading the tenant again, while an id
// that does not exist is still refused.
func TestARoleCreatedAMomentAgoIsFound(t *testing.T) {
	env := usertest.New(t)
	names := data.NewNames(data.Directory{Internal: env.System, Posts: env.System})
	users := biz.New(data.Stores(env.DB), data.NewQueries(env.DB), db.NewTransactor(env.DB), outbox.New(env.DB, nil), names, env.Auth)
	ctx := usertest.Admin(usertest.TenantA, 1)
	// the snapshot is taken
	if _, err := names.RoleNames(ctx, usertest.TenantA, nil); err != nil {
		t.Fatal(err)
	}
	// a role is created; its event has not reached blade-user yet
	const fresh = int64(150)
	env.System.Roles[usertest.TenantA][fresh] = "新角色"
	wantErr(t, users.Save(ctx, &biz.User{Account: "newrole", Password: "123456", RoleID: id(fresh), DeptID: id(usertest.DeptShop)}), codes.OK, "")
	wantErr(t, users.Save(ctx, &biz.User{Account: "ghost", Password: "123456", RoleID: id(999), DeptID: id(usertest.DeptShop)}), codes.InvalidArgument, "角色不存在")
}
