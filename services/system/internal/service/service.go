// Package service is blade-system's gRPC layer: it validates and converts
// requests and answers, and leaves the rules to biz.
package service

import (
	"anquan/kit/errs"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/system/v1"
	"anquan/system/internal/biz"
)

// System serves SystemService and SystemInternal.
type System struct {
	pb.UnimplementedSystemServiceServer
	pb.UnimplementedSystemInternalServer
	uc *biz.System
}

// New binds the handlers to the use cases.
func New(uc *biz.System) *System { return &System{uc: uc} }

func badTime(field string) error {
	return errs.BadRequest("%s格式错误,应为 yyyy-MM-dd HH:mm:ss", field)
}

// flatTree builds tree look-up nodes from a flat list.
func flatTree(n int, at func(i int) (id, parent int64, title string)) []*commonv1.TreeNode {
	nodes := map[int64]*commonv1.TreeNode{}
	order := make([]int64, 0, n)
	for i := 0; i < n; i++ {
		id, parent, title := at(i)
		nodes[id] = &commonv1.TreeNode{Id: id, ParentId: parent, Title: title, Key: id, Value: id}
		order = append(order, id)
	}
	roots := []*commonv1.TreeNode{}
	for _, id := range order {
		nd := nodes[id]
		if p, ok := nodes[nd.ParentId]; ok {
			p.Children = append(p.Children, nd)
			p.HasChildren = true
		} else {
			roots = append(roots, nd)
		}
	}
	return roots
}
