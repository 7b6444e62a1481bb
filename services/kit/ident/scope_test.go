package ident

import "testing"

func TestInScope(t *testing.T) {
	dept := &Identity{UserID: 5, DataScope: ScopeDept, DeptIDs: []int64{20}}
	children := &Identity{UserID: 5, DataScope: ScopeDeptChildren, DeptIDs: []int64{20}, ScopeDepts: []int64{20, 21}}
	self := &Identity{UserID: 5, DataScope: ScopeSelf, DeptIDs: []int64{20}}
	for _, c := range []struct {
		name  string
		id    *Identity
		dept  int64
		users []int64
		want  bool
	}{
		{"nobody", nil, 20, nil, false},
		{"administrator", &Identity{Super: true, DataScope: ScopeSelf}, 99, nil, true},
		{"scope all", &Identity{DataScope: ScopeAll}, 99, nil, true},
		{"scope unnamed", &Identity{}, 99, nil, true},
		{"own dept", dept, 20, nil, true},
		{"other dept", dept, 21, nil, false},
		{"no dept on the row", dept, 0, nil, false},
		{"child dept", children, 21, nil, true},
		{"outside the subtree", children, 22, nil, false},
		{"self: own row", self, 99, []int64{7, 5}, true},
		{"self: another's row of the same dept", self, 20, []int64{7}, false},
	} {
		if got := c.id.InScope(c.dept, c.users...); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
