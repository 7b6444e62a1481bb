package service

import (
	"context"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/svc"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/system/v1"
)

func (s *System) PageLabel(ctx context.Context, q *commonv1.PageQuery) (*pb.LabelPage, error) {
	p, err := s.uc.S.Labels.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.LabelPage{Records: svc.Map(p.Records, labelOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *System) ListLabel(ctx context.Context, q *commonv1.PageQuery) (*pb.LabelList, error) {
	list, err := s.uc.S.Labels.List(ctx, svc.Query(q), 0)
	if err != nil {
		return nil, err
	}
	return &pb.LabelList{Items: svc.Map(list, labelOut)}, nil
}

func (s *System) LabelSubmit(ctx context.Context, p *pb.Label) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SaveLabel(ctx, labelIn(p))
}

func (s *System) LabelRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.S.Labels.Remove)
}
