package usertest

import (
	"context"

	commonv1 "anquan/proto/blade/common/v1"
	systemv1 "anquan/proto/blade/system/v1"
)

// Server serves the fake blade-system over gRPC (SystemInternal and the post
// list), for tests that run blade-user as a real component.
type Server struct {
	systemv1.UnimplementedSystemInternalServer
	systemv1.UnimplementedSystemServiceServer
	S *System
}

func (s Server) GetTenant(ctx context.Context, q *systemv1.TenantIdQuery) (*systemv1.Tenant, error) {
	return s.S.GetTenant(ctx, q)
}

func (s Server) GetRoles(ctx context.Context, q *systemv1.RoleIdsQuery) (*systemv1.RoleSummary, error) {
	return s.S.GetRoles(ctx, q)
}

func (s Server) GetDepts(ctx context.Context, q *systemv1.DeptQuery) (*systemv1.DeptNames, error) {
	return s.S.GetDepts(ctx, q)
}

func (s Server) GetParam(ctx context.Context, q *systemv1.ParamQuery) (*systemv1.Param, error) {
	return s.S.GetParam(ctx, q)
}

func (s Server) PostList(ctx context.Context, q *commonv1.PageQuery) (*systemv1.PostPage, error) {
	return s.S.PostList(ctx, q)
}
