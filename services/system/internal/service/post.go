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

func (s *System) PostList(ctx context.Context, q *commonv1.PageQuery) (*pb.PostPage, error) {
	p, err := s.uc.S.Posts.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.PostPage{Records: svc.Map(p.Records, postOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) PostDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Post, error) {
	return svc.Detail(ctx, q.Id, s.uc.S.Posts.Get, postOut)
}

func (s *System) PostSubmit(ctx context.Context, p *pb.Post) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SavePost(ctx, postIn(p))
}

func (s *System) PostRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemovePosts)
}

func (s *System) PostExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.S.Posts, svc.Query(q), "岗位", []xlsx.Column[biz.Post]{
		{Header: "岗位编号", Value: func(p biz.Post) any { return p.PostCode }},
		{Header: "岗位名称", Value: func(p biz.Post) any { return p.PostName }},
		{Header: "岗位类型", Value: func(p biz.Post) any { return p.Category }},
		{Header: "排序", Value: func(p biz.Post) any { return p.Sort }},
	})
}
