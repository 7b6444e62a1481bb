package service

import (
	"context"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/svc"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/system/v1"
)

func (s *System) PageMenuTenantConfig(ctx context.Context, q *commonv1.PageQuery) (*pb.MenuTenantConfigPage, error) {
	p, err := s.uc.S.MenuConfigs.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.MenuTenantConfigPage{Records: svc.Map(p.Records, configOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) ListMenuTenantConfig(ctx context.Context, q *pb.TenantIdQuery) (*pb.MenuTenantConfigList, error) {
	id := ident.From(ctx)
	if id != nil && q.TenantId != "" && q.TenantId != id.TenantID && !id.IsPlatform() {
		return &pb.MenuTenantConfigList{Items: []*pb.MenuTenantConfig{}}, nil
	}
	if id != nil && id.IsPlatform() && q.TenantId != "" && q.TenantId != id.TenantID {
		ctx = ident.ForTenant(ctx, q.TenantId)
	}
	list, err := s.uc.S.MenuConfigs.List(ctx, paging.Query{}, 0)
	if err != nil {
		return nil, err
	}
	return &pb.MenuTenantConfigList{Items: svc.Map(list, configOut)}, nil
}

func (s *System) MenuTenantConfigSubmit(ctx context.Context, p *pb.MenuTenantConfig) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SaveMenuConfig(ctx, configIn(p))
}

func (s *System) MenuTenantConfigRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.S.MenuConfigs.Remove)
}
