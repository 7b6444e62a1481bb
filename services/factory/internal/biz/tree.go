package biz

import (
	"context"
	"sort"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// TreeNode is a dept of a look-up tree.
type TreeNode struct {
	ID, ParentID int64
	Title        string
	HasChildren  bool
	Children     []*TreeNode
}

// BuildTree nests depts. root > 0 keeps only that dept and its descendants
// (nil when absent); a dept whose parent is missing becomes a root. Siblings
// are ordered by sort, then id.
func BuildTree(depts []Dept, root int64) []*TreeNode {
	sorted := append([]Dept(nil), depts...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].Sort != sorted[j].Sort {
			return sorted[i].Sort < sorted[j].Sort
		}
		return sorted[i].ID < sorted[j].ID
	})
	nodes := make(map[int64]*TreeNode, len(sorted))
	for _, d := range sorted {
		nodes[d.ID] = &TreeNode{ID: d.ID, ParentID: d.ParentID, Title: d.Name}
	}
	var roots []*TreeNode
	for _, d := range sorted {
		n := nodes[d.ID]
		if p, ok := nodes[d.ParentID]; ok && d.ParentID != d.ID {
			p.Children = append(p.Children, n)
			p.HasChildren = true
		} else {
			roots = append(roots, n)
		}
	}
	if root > 0 {
		if n, ok := nodes[root]; ok {
			return []*TreeNode{n}
		}
		return nil
	}
	return roots
}

// Children lists the direct children of parent (0: the roots) with
// HasChildren set, for lazy trees.
func Children(depts []Dept, parent int64) []*TreeNode {
	// BuildTree answers the roots for 0, else the parent alone (nil when absent)
	level := BuildTree(depts, parent)
	if parent != 0 {
		if level == nil {
			return nil
		}
		level = level[0].Children
	}
	out := make([]*TreeNode, len(level))
	for i, n := range level {
		c := *n
		c.Children = nil
		out[i] = &c
	}
	return out
}

// Tree is the tenant's dept tree: under factoryID when given (the
// enterprise record's id means the whole tenant), or only the direct
// children of *parentID when parentID is set.
func (f *Factory) Tree(ctx context.Context, factoryID int64, parentID *int64) ([]*TreeNode, error) {
	c, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	depts, err := f.Dir.Depts(ctx, c.TenantID)
	if err != nil {
		return nil, err
	}
	if parentID != nil {
		if *parentID != 0 && findDept(depts, *parentID) == nil {
			return nil, errs.NotFound("部门不存在")
		}
		return Children(depts, *parentID), nil
	}
	root, err := f.UserDept(ctx, 0, factoryID)
	if err != nil {
		return nil, err
	}
	return BuildTree(depts, root), nil
}
