package data

import (
	"context"

	"anquan/kit/ident"
	"anquan/prevention/internal/biz"
	commonv1 "anquan/proto/blade/common/v1"
	factoryv1 "anquan/proto/blade/factory/v1"
)

// Factory is prevention's view of the factory service: areas of the
// caller's tenant (another tenant's area is simply absent).
type Factory struct {
	C factoryv1.FactoryInternalClient
	// S reads the enterprise record as the caller (factory/detail is open to
	// any logged-in user of the tenant).
	S factoryv1.FactoryServiceClient
}

// CreditCode is the tenant's unified social credit code.
func (f Factory) CreditCode(ctx context.Context) (string, error) {
	if f.S == nil {
		return "", nil
	}
	e, err := f.S.FactoryDetail(ctx, &commonv1.IdQuery{})
	if err != nil {
		return "", remote(err, "企业信息")
	}
	return e.GetCreditCode(), nil
}

func (f Factory) Get(ctx context.Context, ids []int64) (map[int64]biz.Area, error) {
	out := map[int64]biz.Area{}
	if len(ids) == 0 {
		return out, nil
	}
	res, err := f.C.GetAreas(ctx, &commonv1.IdsQuery{Ids: ident.JoinIDs(ids)})
	if err != nil {
		return nil, remote(err, "厂区")
	}
	for _, a := range res.GetItems() {
		out[a.Id] = biz.Area{ID: a.Id, Name: a.Name}
	}
	return out, nil
}

func (f Factory) All(ctx context.Context) ([]biz.Area, error) {
	res, err := f.C.GetAreas(ctx, &commonv1.IdsQuery{})
	if err != nil {
		return nil, remote(err, "厂区")
	}
	out := make([]biz.Area, 0, len(res.GetItems()))
	for _, a := range res.GetItems() {
		out = append(out, biz.Area{ID: a.Id, Name: a.Name})
	}
	return out, nil
}
