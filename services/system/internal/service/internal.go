package service

import (
	"context"

	"anquan/kit/errs"
	"anquan/kit/ident"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/system/v1"
	"anquan/system/internal/biz"
)

// SystemInternal: what the other services ask of blade-system (clients,
// tenants, roles, permission policies, departments, parameters).

func (s *System) GetClient(ctx context.Context, q *pb.ClientQuery) (*pb.Client, error) {
	c, err := s.uc.Q.ClientByID(ctx, q.ClientId)
	if err != nil {
		return nil, err
	}
	return clientOut(c), nil
}

func (s *System) GetTenant(ctx context.Context, q *pb.TenantIdQuery) (*pb.Tenant, error) {
	t, err := s.uc.Q.TenantByID(ctx, q.TenantId)
	if err != nil {
		return nil, err
	}
	return tenantOut(t), nil
}

func (s *System) GetRoles(ctx context.Context, q *pb.RoleIdsQuery) (*pb.RoleSummary, error) {
	want, good := ident.ParseIDs(q.RoleIds)
	if !good {
		return nil, errs.BadRequest("roleIds 参数格式错误")
	}
	roles, err := s.uc.Q.Roles(ident.ForTenant(ctx, q.TenantId))
	if err != nil {
		return nil, err
	}
	out := &pb.RoleSummary{Items: []*pb.Role{}}
	// No ids: every role of the tenant (consumers look up administrators).
	for i := range roles {
		if len(want) == 0 {
			out.Items = append(out.Items, roleOut(&roles[i]))
			continue
		}
		for _, w := range want {
			if roles[i].ID == w {
				out.Items = append(out.Items, roleOut(&roles[i]))
			}
		}
	}
	return out, nil
}

func (s *System) GetPolicies(ctx context.Context, _ *commonv1.Empty) (*pb.PolicyList, error) {
	rules, supers, err := s.uc.Q.Policies(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.PolicyList{Items: make([]*pb.Policy, 0, len(rules)), SuperRoles: supers}
	for _, r := range rules {
		out.Items = append(out.Items, &pb.Policy{RoleId: r[0], TenantId: r[1], Code: r[2]})
	}
	return out, nil
}

func (s *System) GetDepts(ctx context.Context, q *pb.DeptQuery) (*pb.DeptNames, error) {
	depts, err := s.uc.Q.Depts(ident.ForTenant(ctx, q.TenantId))
	if err != nil {
		return nil, err
	}
	out := &pb.DeptNames{Names: map[int64]string{}, Parents: map[int64]int64{}}
	for _, d := range depts {
		out.Names[d.ID] = d.DeptName
		out.Parents[d.ID] = d.ParentID
	}
	if len(q.DeptIds) > 0 {
		out.Descendants = biz.DeptScope(depts, q.DeptIds)
	}
	return out, nil
}

// ListTenantDepts answers every dept row of one tenant, flat (sorted as
// stored); callers build their own trees.
func (s *System) ListTenantDepts(ctx context.Context, q *pb.DeptQuery) (*pb.DeptList, error) {
	depts, err := s.uc.Q.Depts(ident.ForTenant(ctx, q.TenantId))
	if err != nil {
		return nil, err
	}
	out := &pb.DeptList{Items: make([]*pb.Dept, 0, len(depts))}
	for i := range depts {
		out.Items = append(out.Items, deptOut(&depts[i]))
	}
	return out, nil
}

func (s *System) GetParam(ctx context.Context, q *pb.ParamQuery) (*pb.Param, error) {
	v, found, err := s.uc.Q.ParamValue(ctx, q.TenantId, q.Key)
	if err != nil {
		return nil, err
	}
	if !found && q.TenantId != ident.PlatformTenant {
		v, found, err = s.uc.Q.ParamValue(ctx, ident.PlatformTenant, q.Key)
		if err != nil {
			return nil, err
		}
	}
	if !found {
		return nil, errs.NotFound("参数不存在")
	}
	return &pb.Param{ParamKey: q.Key, ParamValue: v, TenantId: q.TenantId}, nil
}
