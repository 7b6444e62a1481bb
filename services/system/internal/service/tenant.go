package service

import (
	"context"
	"fmt"
	"strings"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/system/v1"
	"anquan/system/internal/biz"
)

func (s *System) TenantList(ctx context.Context, q *commonv1.PageQuery) (*pb.TenantPage, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	p, err := s.uc.S.Tenants.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.TenantPage{Records: svc.Map(p.Records, tenantOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) TenantDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Tenant, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	t, err := s.uc.S.Tenants.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return tenantOut(t), nil
}

func (s *System) TenantSubmit(ctx context.Context, p *pb.Tenant) (*wrapperspb.BoolValue, error) {
	t, err := tenantIn(p)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.SaveTenant(ctx, t)
}

func (s *System) TenantRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveTenants)
}

func (s *System) TenantExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	return svc.Export(ctx, s.uc.S.Tenants, svc.Query(q), "租户", []xlsx.Column[biz.Tenant]{
		{Header: "租户编号", Value: func(t biz.Tenant) any { return t.TenantID }},
		{Header: "租户名称", Width: 30, Value: func(t biz.Tenant) any { return t.TenantName }},
		{Header: "域名", Value: func(t biz.Tenant) any { return t.Domain }},
		{Header: "联系人", Value: func(t biz.Tenant) any { return t.Linkman }},
		{Header: "联系电话", Value: func(t biz.Tenant) any { return t.ContactNumber }},
		{Header: "账号额度", Value: func(t biz.Tenant) any { return t.AccountNumber }},
		{Header: "过期时间", Width: 20, Value: func(t biz.Tenant) any { return timefmt.FormatPtr(t.ExpireTime) }},
	})
}

func (s *System) GetTenantInfo(ctx context.Context, q *pb.DomainQuery) (*pb.TenantInfo, error) {
	t, err := s.uc.TenantInfo(ctx, q.Domain)
	if err != nil {
		return nil, err
	}
	if t == nil {
		return &pb.TenantInfo{}, nil
	}
	return &pb.TenantInfo{TenantId: t.TenantID, TenantName: t.TenantName, Domain: t.Domain, BackgroundUrl: t.BackgroundURL}, nil
}

func (s *System) TenantGetByTenantId(ctx context.Context, q *pb.TenantIdQuery) (*pb.Tenant, error) {
	id := ident.From(ctx)
	tenant := strings.TrimSpace(q.TenantId)
	if tenant == "" && id != nil {
		tenant = id.TenantID
	}
	if id != nil && !id.IsPlatform() && tenant != id.TenantID {
		return nil, errs.NotFound("租户不存在")
	}
	t, err := s.uc.Q.TenantByID(ctx, tenant)
	if err != nil {
		return nil, err
	}
	out := tenantOut(t)
	if id != nil && !id.IsPlatform() {
		out.LicenseKey = ""
	}
	return out, nil
}

func (s *System) SelectTenant(ctx context.Context, _ *commonv1.Empty) (*pb.TenantSelect, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	list, err := s.uc.S.Tenants.List(ctx, paging.Query{Ascs: "tenantId"}, 0)
	if err != nil {
		return nil, err
	}
	return &pb.TenantSelect{Items: svc.Map(list, tenantOut)}, nil
}

func (s *System) TenantGetMenuSubtabulationList(ctx context.Context, q *pb.TenantIdQuery) (*pb.IdList, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	if _, err := s.uc.Q.TenantByID(ctx, q.TenantId); err != nil {
		return nil, err
	}
	menus, err := s.uc.Q.Menus(ident.ForTenant(ctx, q.TenantId))
	if err != nil {
		return nil, err
	}
	out := &pb.IdList{Items: []string{}}
	for _, m := range menus {
		if m.ParentID == 0 && m.IsUsed == 2 {
			out.Items = append(out.Items, fmt.Sprint(m.ID))
		}
	}
	return out, nil
}

func (s *System) TenantUpdateMenuSubtabulationList(ctx context.Context, q *pb.MenuSubtabulation) (*wrapperspb.BoolValue, error) {
	if strings.TrimSpace(q.TenantId) == "" {
		return nil, errs.BadRequest("缺少租户编号")
	}
	v, good := ident.ParseIDs(q.MenuIds)
	if !good {
		return nil, errs.BadRequest("menuIds 参数格式错误")
	}
	return svc.OK, s.uc.UpdateModules(ctx, q.TenantId, v)
}
