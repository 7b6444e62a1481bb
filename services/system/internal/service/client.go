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

func (s *System) ClientList(ctx context.Context, q *commonv1.PageQuery) (*pb.ClientPage, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	p, err := s.uc.S.Clients.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.ClientPage{Records: svc.Map(p.Records, clientOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) ClientDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Client, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	v, err := s.uc.S.Clients.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return clientOut(v), nil
}

func (s *System) ClientSubmit(ctx context.Context, p *pb.Client) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SaveClient(ctx, clientIn(p))
}

func (s *System) ClientRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	return svc.Remove(ctx, q.Ids, s.uc.S.Clients.Remove)
}

func (s *System) ClientExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	if err := biz.RequirePlatform(ctx); err != nil {
		return nil, err
	}
	return svc.Export(ctx, s.uc.S.Clients, svc.Query(q), "应用", []xlsx.Column[biz.Client]{
		{Header: "客户端ID", Value: func(c biz.Client) any { return c.ClientID }},
		{Header: "授权类型", Width: 30, Value: func(c biz.Client) any { return c.AuthorizedGrantTypes }},
		{Header: "令牌秒数", Value: func(c biz.Client) any { return c.AccessTokenValidity }},
		{Header: "刷新令牌秒数", Value: func(c biz.Client) any { return c.RefreshTokenValidity }},
	})
}
