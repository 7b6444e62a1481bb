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

func (s *System) ListRole(ctx context.Context, q *commonv1.PageQuery) (*pb.RoleList, error) {
	list, err := s.uc.S.Roles.List(ctx, svc.Query(q), 0)
	if err != nil {
		return nil, err
	}
	return &pb.RoleList{Items: roleTree(list, len(q.GetFilters()) > 0)}, nil
}

func roleTree(list []biz.Role, flat bool) []*pb.Role {
	nodes := map[int64]*pb.Role{}
	var roots []*pb.Role
	for i := range list {
		nodes[list[i].ID] = roleOut(&list[i])
	}
	for i := range list {
		n := nodes[list[i].ID]
		if p, ok := nodes[list[i].ParentID]; ok && !flat {
			n.ParentName = p.RoleName
			p.Children = append(p.Children, n)
			p.HasChildren = true
		} else {
			roots = append(roots, n)
		}
	}
	if roots == nil {
		roots = []*pb.Role{}
	}
	return roots
}

func (s *System) RoleTree(ctx context.Context, q *commonv1.PageQuery) (*commonv1.TreeNodes, error) {
	list, err := s.uc.Q.Roles(ctx)
	if err != nil {
		return nil, err
	}
	return &commonv1.TreeNodes{Items: flatTree(len(list), func(i int) (int64, int64, string) { return list[i].ID, list[i].ParentID, list[i].RoleName })}, nil
}

func (s *System) RoleDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Role, error) {
	return svc.Detail(ctx, q.Id, s.uc.S.Roles.Get, roleOut)
}

func (s *System) RoleSubmit(ctx context.Context, p *pb.Role) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SaveRole(ctx, roleIn(p))
}

func (s *System) RoleRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveRoles)
}

func (s *System) RoleExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.S.Roles, svc.Query(q), "角色", []xlsx.Column[biz.Role]{
		{Header: "角色名称", Value: func(r biz.Role) any { return r.RoleName }},
		{Header: "角色别名", Value: func(r biz.Role) any { return r.RoleAlias }},
		{Header: "排序", Value: func(r biz.Role) any { return r.Sort }},
		{Header: "数据权限", Value: func(r biz.Role) any { return r.DataScope }},
	})
}

func (s *System) RoleGrant(ctx context.Context, q *pb.GrantRequest) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.Grant(ctx, q.RoleIds, q.MenuIds)
}
