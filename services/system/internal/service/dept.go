package service

import (
	"context"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/svc"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/system/v1"
	"anquan/system/internal/biz"
)

func (s *System) ListDept(ctx context.Context, q *commonv1.PageQuery) (*pb.DeptList, error) {
	list, err := s.uc.S.Depts.List(ctx, svc.Query(q), 0)
	if err != nil {
		return nil, err
	}
	flat := len(q.GetFilters()) > 0
	nodes := map[int64]*pb.Dept{}
	for i := range list {
		nodes[list[i].ID] = deptOut(&list[i])
	}
	roots := []*pb.Dept{}
	for i := range list {
		n := nodes[list[i].ID]
		if p, ok := nodes[list[i].ParentID]; ok && !flat {
			n.ParentName = p.DeptName
			p.Children = append(p.Children, n)
			p.HasChildren = true
		} else {
			roots = append(roots, n)
		}
	}
	return &pb.DeptList{Items: roots}, nil
}

func (s *System) DeptTree(ctx context.Context, q *commonv1.PageQuery) (*commonv1.TreeNodes, error) {
	list, err := s.uc.Q.Depts(ctx)
	if err != nil {
		return nil, err
	}
	return &commonv1.TreeNodes{Items: flatTree(len(list), func(i int) (int64, int64, string) { return list[i].ID, list[i].ParentID, list[i].DeptName })}, nil
}

func (s *System) DeptDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Dept, error) {
	return svc.Detail(ctx, q.Id, s.uc.S.Depts.Get, deptOut)
}

func (s *System) DeptSubmit(ctx context.Context, p *pb.Dept) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SaveDept(ctx, deptIn(p))
}

func (s *System) DeptRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveDepts)
}

func (s *System) DeptExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.S.Depts, svc.Query(q), "部门", []xlsx.Column[biz.Dept]{
		{Header: "部门名称", Value: func(d biz.Dept) any { return d.DeptName }},
		{Header: "部门全称", Width: 30, Value: func(d biz.Dept) any { return d.FullName }},
		{Header: "排序", Value: func(d biz.Dept) any { return d.Sort }},
	})
}
