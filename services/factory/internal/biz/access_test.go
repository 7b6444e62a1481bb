package biz

import (
	"testing"

	"anquan/kit/ident"
)

// An area lies in the caller's data scope by its responsible department
// (else its creator's), or as the caller's own (creator or responsible).
func TestAreaInScopeByDataScope(t *testing.T) {
	const shop, tank, other = 10, 11, 20
	area := func(dept, createDept, createUser, user int64) *Area {
		a := &Area{DeptID: dept, UserID: user}
		a.CreateDept, a.CreateUser = createDept, createUser
		return a
	}
	director := &ident.Identity{UserID: 1, DataScope: ident.ScopeDeptChildren, DeptIDs: []int64{shop}, ScopeDepts: []int64{shop, tank}}
	self := &ident.Identity{UserID: 2, DataScope: ident.ScopeSelf}
	cases := []struct {
		name string
		id   *ident.Identity
		a    *Area
		want bool
	}{
		{"all", &ident.Identity{UserID: 3, DataScope: ident.ScopeAll}, area(other, other, 9, 9), true},
		{"administrator", &ident.Identity{UserID: 3, DataScope: ident.ScopeSelf, Super: true}, area(other, other, 9, 9), true},
		{"child department", director, area(tank, other, 9, 9), true},
		{"another department", director, area(other, shop, 9, 9), false},
		{"no department: the creator's", director, area(0, shop, 9, 9), true},
		{"another department, responsible", director, area(other, other, 9, 1), true},
		{"self, created it", self, area(other, other, 2, 9), true},
		{"self, someone else's", self, area(shop, shop, 9, 9), false},
		{"nobody", nil, area(shop, shop, 9, 9), false},
	}
	for _, c := range cases {
		if got := AreaInScope(c.id, c.a); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
