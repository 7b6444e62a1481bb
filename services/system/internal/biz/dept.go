package biz

import (
	"context"
	"slices"
	"sort"
	"strconv"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/tree"
)

// SaveDept keeps ancestors consistent and refuses cycles.
func (s *System) SaveDept(ctx context.Context, d *Dept) error {
	d.DeptName = strings.TrimSpace(d.DeptName)
	if d.DeptName == "" {
		return errs.BadRequest("请输入部门名称")
	}
	if d.FullName == "" {
		d.FullName = d.DeptName
	}
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	// The department, and a parent it is put under, lie in the caller's scope.
	moved := true
	if d.ID != 0 {
		old, err := s.S.Depts.Get(ctx, d.ID)
		if err != nil {
			return err
		}
		if err := guardDepts(id, []Dept{*old}, "修改"); err != nil {
			return err
		}
		moved = old.ParentID != d.ParentID
	}
	if moved && d.ParentID == 0 && !id.DeptInScope(0) {
		return errs.Forbidden("顶级部门不在您的数据权限范围内")
	}
	d.Ancestors = "0"
	if d.ParentID != 0 {
		if d.ParentID == d.ID {
			return errs.BadRequest("上级部门不能是自己")
		}
		p, err := s.S.Depts.Get(ctx, d.ParentID)
		if err != nil {
			return errs.NotFound("上级部门不存在")
		}
		if d.ID != 0 && strings.Contains(","+p.Ancestors+",", ","+strconv.FormatInt(d.ID, 10)+",") {
			return errs.BadRequest("上级部门不能是自己的下级")
		}
		if moved {
			if err := guardDepts(id, []Dept{*p}, "作为上级部门"); err != nil {
				return err
			}
		}
		d.Ancestors = p.Ancestors + "," + strconv.FormatInt(p.ID, 10)
	}
	return s.saveWithEvent(ctx, "system.dept.saved", func(ctx context.Context) error {
		if d.ID == 0 {
			return s.S.Depts.Create(ctx, d)
		}
		return s.S.Depts.Update(ctx, d.ID, d, "parent_id", "ancestors", "dept_name", "full_name", "sort", "dept_category", "remark", "update_time", "update_user")
	})
}

// RemoveDepts refuses departments with children, and any outside the
// caller's data scope.
func (s *System) RemoveDepts(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if !id.DeptInScope(0) {
		all, err := s.Q.Depts(ctx)
		if err != nil {
			return err
		}
		var hit []Dept
		for _, d := range all {
			if slices.Contains(ids, d.ID) {
				hit = append(hit, d)
			}
		}
		if err := guardDepts(id, hit, "删除"); err != nil {
			return err
		}
	}
	if has, err := s.S.Depts.Exists(ctx, 0, "parent_id IN ?", ids); err != nil {
		return err
	} else if has {
		return errs.Rule("HAS_CHILDREN", "请先删除子节点")
	}
	return s.saveWithEvent(ctx, "system.dept.removed", func(ctx context.Context) error { return s.S.Depts.Remove(ctx, ids) })
}

// DeptScope returns depts and their descendants (for data scope).
func DeptScope(all []Dept, roots []int64) []int64 {
	parents := make(map[int64]int64, len(all))
	for _, d := range all {
		parents[d.ID] = d.ParentID
	}
	out := tree.Subtree(parents, roots)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
