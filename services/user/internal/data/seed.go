package data

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"anquan/kit/authn"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/user/internal/biz"
)

// seedUser is one seeded account; roles, depts and posts are the fixed ids
// blade-system seeds (kit/seedids), so neither service calls the other at start.
type seedUser struct {
	tenant   string
	id       int64 // 0: a generated id
	account  string
	password string
	name     string
	realName string
	userType int32
	role     int64
	dept     int64
	post     int64
}

var seedUsers = []seedUser{
	{tenant: ident.PlatformTenant, id: seedids.PlatformAdminUser, account: "admin", password: "admin", name: "管理员", realName: "管理员", role: seedids.PlatformAdminRole, dept: seedids.PlatformRootDept},
	{tenant: seedids.DemoTenant, id: seedids.DemoAdminUser, account: "admin", password: "admin", name: "管理员", realName: "管理员", role: seedids.DemoAdminRole, dept: seedids.DemoRootDept},
	{tenant: seedids.DemoTenant, id: seedids.DemoSafetyUser, account: "safety", password: "123456", name: "李安全", realName: "李安全", role: seedids.DemoSafetyRole, dept: seedids.DemoSafetyDept, post: seedids.DemoSafetyPost},
	{tenant: seedids.DemoTenant, id: seedids.DemoDirectorUser, account: "director", password: "123456", name: "张主任", realName: "张主任", role: seedids.DemoWorkshopRole, dept: seedids.DemoWorkshop1Dept, post: seedids.DemoDirectorPost},
	{tenant: seedids.DemoTenant, id: seedids.DemoOperator1User, account: "operator1", password: "123456", name: "王操作", realName: "王操作", role: seedids.DemoOperatorRole, dept: seedids.DemoWorkshop1Dept, post: seedids.DemoOperatorPost},
	{tenant: seedids.DemoTenant, id: seedids.DemoOperator2User, account: "operator2", password: "123456", name: "赵操作", realName: "赵操作", role: seedids.DemoOperatorRole, dept: seedids.DemoWorkshop2Dept, post: seedids.DemoOperatorPost},
	{tenant: seedids.DemoTenant, id: seedids.DemoWelderUser, account: "welder", password: "123456", name: "孙焊工", realName: "孙焊工", role: seedids.DemoOperatorRole, dept: seedids.DemoWorkshop1Dept, post: seedids.DemoWelderPost},
	{tenant: seedids.DemoTenant, id: seedids.DemoContractor1User, account: "contractor1", password: "123456", name: "周承包", realName: "周承包", userType: biz.TypeExternal, role: seedids.DemoContractorRole, dept: seedids.DemoContractorDept},
}

// Seed creates the platform and demo accounts on first start (any existing
// user means it already ran).
func Seed(ctx context.Context, g *gorm.DB) error {
	sctx := ident.AsSystem(ctx)
	var n int64
	if err := g.WithContext(sctx).Model(&biz.User{}).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	start := time.Now()
	// bcrypt is slow on purpose: hash each distinct password once.
	hashes := map[string]string{}
	for _, s := range seedUsers {
		if _, ok := hashes[s.password]; ok {
			continue
		}
		h, err := authn.Hash(s.password)
		if err != nil {
			return err
		}
		hashes[s.password] = h
	}
	q := NewQueries(g)
	err := db.Tx(sctx, g, func(ctx context.Context) error {
		for _, s := range seedUsers {
			if err := q.CreateUser(ident.ForTenant(ctx, s.tenant), s.user(hashes[s.password])); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		slog.Info("user seeded", "users", len(seedUsers), "ms", time.Since(start).Milliseconds())
	}
	return err
}

func (s seedUser) user(hash string) *biz.User {
	u := &biz.User{Account: s.account, Password: hash, Name: s.name, RealName: s.realName, UserType: s.userType, Sex: 3,
		RoleID: ident.JoinIDs([]int64{s.role}), DeptID: ident.JoinIDs([]int64{s.dept}), MainDeptID: s.dept}
	u.ID, u.Status = s.id, biz.StatusNormal
	if u.UserType == 0 {
		u.UserType = biz.TypeInternal
	}
	if s.post != 0 {
		u.PostID = ident.JoinIDs([]int64{s.post})
	}
	return u
}
