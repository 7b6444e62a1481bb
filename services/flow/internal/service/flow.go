// Package service is blade-flow's transport layer: the gRPC handlers of
// FlowService (REST through the gateway) and FlowInternal (other services).
package service

import (
	"context"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/flow/internal/biz"
	"anquan/kit/authn"
	"anquan/kit/server"
	"anquan/kit/svc"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/flow/v1"
)

// Flow serves both services.
type Flow struct {
	pb.UnimplementedFlowServiceServer
	uc *biz.Flow
}

// Internal serves FlowInternal.
type Internal struct {
	pb.UnimplementedFlowInternalServer
	uc *biz.Flow
	// v verifies the acting user's token the dialer forwards (server.Acting):
	// flow must know who signs.
	v *authn.Verifier
}

// New binds the handlers to the use cases.
func New(uc *biz.Flow, v *authn.Verifier) (*Flow, *Internal) {
	return &Flow{uc: uc}, &Internal{uc: uc, v: v}
}

func (s *Flow) TaskProcessComment(ctx context.Context, q *pb.ProcessInstanceQuery) (*pb.CommentList, error) {
	id, err := biz.ParseInstanceID(q.ProcessInstanceId)
	if err != nil {
		return nil, err
	}
	cs, err := s.uc.Comments(ctx, id)
	if err != nil {
		return nil, err
	}
	return &pb.CommentList{Items: svc.Map(cs, commentOut)}, nil
}

func (s *Flow) TodoList(ctx context.Context, q *commonv1.PageQuery) (*pb.InstancePage, error) {
	p, err := s.uc.Todo(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return instancePage(p), nil
}

func (s *Flow) DoneList(ctx context.Context, q *commonv1.PageQuery) (*pb.InstancePage, error) {
	p, err := s.uc.Done(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return instancePage(p), nil
}

func (s *Flow) InstanceDetail(ctx context.Context, q *pb.ProcessInstanceQuery) (*pb.Instance, error) {
	id, err := biz.ParseInstanceID(q.ProcessInstanceId)
	if err != nil {
		return nil, err
	}
	in, err := s.uc.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return instanceOut(in), nil
}

func (s *Flow) ModelList(ctx context.Context, q *commonv1.PageQuery) (*pb.ModelPage, error) {
	p, err := s.uc.ModelPage(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.ModelPage{Records: svc.Map(p.Records, modelOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *Flow) ModelDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Model, error) {
	return svc.Detail(ctx, q.Id, s.uc.ModelDetail, modelOut)
}

func (s *Flow) ModelSubmit(ctx context.Context, p *pb.Model) (*wrapperspb.BoolValue, error) {
	steps, err := stepsIn(p.Steps)
	if err != nil {
		return nil, err
	}
	m := &biz.Model{ModelKey: p.ModelKey, Name: p.Name, ForbidApplicant: p.ForbidApplicant, Remark: p.Remark}
	m.ID, m.Status = p.Id, p.GetStatus()
	if p.Status == nil && p.Id == 0 {
		m.Status = 1 // a new definition is enabled unless the form says otherwise
	}
	return svc.OK, s.uc.SubmitModel(ctx, m, steps)
}

func (s *Flow) ModelRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveModels)
}

// --- FlowInternal ---

func (s *Internal) Start(ctx context.Context, r *pb.StartRequest) (*pb.Instance, error) {
	ctx, err := server.Acting(ctx, s.v)
	if err != nil {
		return nil, err
	}
	steps, err := stepsIn(r.DefaultSteps)
	if err != nil {
		return nil, err
	}
	in, err := s.uc.Start(ctx, biz.StartInput{
		ModelKey: r.ModelKey, BusinessTable: r.BusinessTable, BusinessID: r.BusinessId, Title: r.Title,
		DefaultSteps: steps, ForbidApplicant: r.ForbidApplicant, Comment: r.Comment,
	})
	if err != nil {
		return nil, err
	}
	return instanceOut(in), nil
}

func (s *Internal) Complete(ctx context.Context, r *pb.CompleteRequest) (*pb.Instance, error) {
	ctx, err := server.Acting(ctx, s.v)
	if err != nil {
		return nil, err
	}
	id, err := biz.ParseInstanceID(r.ProcessInstanceId)
	if err != nil {
		return nil, err
	}
	in, err := s.uc.Complete(ctx, id, r.Pass, r.ReturnTo, r.Comment)
	if err != nil {
		return nil, err
	}
	return instanceOut(in), nil
}

func (s *Internal) Record(ctx context.Context, r *pb.RecordRequest) (*pb.Comment, error) {
	ctx, err := server.Acting(ctx, s.v)
	if err != nil {
		return nil, err
	}
	id, err := biz.ParseInstanceID(r.ProcessInstanceId)
	if err != nil {
		return nil, err
	}
	c, err := s.uc.Record(ctx, id, r.TaskName, r.Action, r.Comment)
	if err != nil {
		return nil, err
	}
	return commentOut(c), nil
}

func (s *Internal) Get(ctx context.Context, r *pb.ProcessInstanceQuery) (*pb.Instance, error) {
	ctx, err := server.Acting(ctx, s.v)
	if err != nil {
		return nil, err
	}
	id, err := biz.ParseInstanceID(r.ProcessInstanceId)
	if err != nil {
		return nil, err
	}
	in, err := s.uc.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return instanceOut(in), nil
}

func (s *Internal) Cancel(ctx context.Context, r *pb.RecordRequest) (*pb.Instance, error) {
	ctx, err := server.Acting(ctx, s.v)
	if err != nil {
		return nil, err
	}
	id, err := biz.ParseInstanceID(r.ProcessInstanceId)
	if err != nil {
		return nil, err
	}
	in, err := s.uc.Cancel(ctx, id, r.Comment)
	if err != nil {
		return nil, err
	}
	return instanceOut(in), nil
}
