package service

import (
	"context"
	"strings"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/system/v1"
	"anquan/system/internal/biz"
)

// tenantOf reads the tenantId filter: the platform administrator may read
// another tenant's rows with it; for anyone else only their own tenant
// matches (another tenant's id finds nothing).
func tenantOf(ctx context.Context, q paging.Query) (context.Context, paging.Query, error) {
	t := strings.TrimSpace(q.Filters["tenantId"])
	if t == "" {
		return ctx, q, nil
	}
	filters := make(map[string]string, len(q.Filters))
	for k, v := range q.Filters {
		if k != "tenantId" {
			filters[k] = v
		}
	}
	q.Filters = filters
	id := ident.From(ctx)
	if id == nil || t == id.TenantID {
		return ctx, q, nil
	}
	if !id.IsPlatform() {
		q.Filters["id_equal"] = "-1" // not theirs: an empty page, never another tenant's rows
		return ctx, q, nil
	}
	return ident.ForTenant(ctx, t), q, nil
}

func (s *System) ParamList(ctx context.Context, q *commonv1.PageQuery) (*pb.ParamPage, error) {
	ctx, pq, err := tenantOf(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	p, err := s.uc.S.Params.Page(ctx, biz.ParamQuery(ctx, pq))
	if err != nil {
		return nil, err
	}
	return &pb.ParamPage{Records: svc.Map(p.Records, paramMasked), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) ParamDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Param, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	v, err := s.uc.ReadParam(ctx, q.Id, "")
	if err != nil {
		return nil, err
	}
	return paramOut(v), nil
}

func (s *System) ParamSubmit(ctx context.Context, p *pb.Param) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SaveParam(ctx, paramIn(p))
}

func (s *System) ParamRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveParams)
}

func (s *System) ParamExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.S.Params, biz.ParamQuery(ctx, svc.Query(q)), "参数", []xlsx.Column[biz.Param]{
		{Header: "参数名称", Value: func(p biz.Param) any { return p.ParamName }},
		{Header: "参数键名", Value: func(p biz.Param) any { return p.ParamKey }},
		{Header: "参数键值", Width: 30, Value: func(p biz.Param) any { return p.Masked().ParamValue }},
		{Header: "可见范围", Value: func(p biz.Param) any { return biz.ParamVisibilityName(p.Visibility) }},
	})
}

func (s *System) ParamByKey(ctx context.Context, q *pb.ParamQuery) (*pb.Param, error) {
	p, err := s.uc.ReadParam(ctx, 0, q.Key)
	if err != nil {
		return nil, err
	}
	return paramOut(p), nil
}
