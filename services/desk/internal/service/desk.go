// Package service is blade-desk's transport layer: the gRPC handlers of
// DeskService and the bus consumer. It validates and converts requests and
// answers, and leaves the rules to biz.
package service

import (
	"anquan/kit/svc"
	"context"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/desk/internal/biz"
	"anquan/kit/errs"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/desk/v1"
)

// Desk serves DeskService and consumes the events of biz.Deliveries.
type Desk struct {
	pb.UnimplementedDeskServiceServer
	uc *biz.Desk
}

// New binds the handlers to the use cases.
func New(uc *biz.Desk) *Desk { return &Desk{uc: uc} }

// NoticeList is the notice page (also notice/page): the caller's notices
// and messages, pinned first.
func (s *Desk) NoticeList(ctx context.Context, q *commonv1.PageQuery) (*pb.NoticePage, error) {
	p, err := s.uc.Inbox(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return pageOut(p), nil
}

// NoticeDetail opens a notice and marks it read for the caller.
func (s *Desk) NoticeDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Notice, error) {
	if q.Id <= 0 {
		return nil, errs.BadRequest("缺少 id 参数")
	}
	d, err := s.uc.Detail(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return noticeOut(d), nil
}

func (s *Desk) NoticeSubmit(ctx context.Context, p *pb.Notice) (*wrapperspb.BoolValue, error) {
	n, a, err := noticeIn(p)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.Submit(ctx, n, a)
}

func (s *Desk) NoticeRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.Remove)
}

// UnreadCount answers the real count; the web caps its badge at 99.
func (s *Desk) UnreadCount(ctx context.Context, _ *commonv1.Empty) (*wrapperspb.Int32Value, error) {
	n, err := s.uc.UnreadCount(ctx)
	if err != nil {
		return nil, err
	}
	return wrapperspb.Int32(int32(n)), nil
}

// MessageList is the read list the layout fetches: the same inbox as the
// notice page, filterable by isRead_equal.
func (s *Desk) MessageList(ctx context.Context, q *commonv1.PageQuery) (*pb.NoticePage, error) {
	return s.NoticeList(ctx, q)
}

func (s *Desk) MarkRead(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.MarkRead)
}

// Expiration answers the licence reminder, or an empty one when none is due.
func (s *Desk) Expiration(ctx context.Context, _ *commonv1.Empty) (*pb.ExpirationReminder, error) {
	r, err := s.uc.Expiration(ctx)
	if err != nil {
		return nil, err
	}
	return reminderOut(r), nil
}
