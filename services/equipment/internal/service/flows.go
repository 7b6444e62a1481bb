package service

import (
	"context"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/equipment/internal/biz"
	"anquan/kit/svc"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/equipment/v1"
)

type col[T any] = xlsx.Column[T]

func logsOut(ls []biz.FlowLog) []*pb.FlowLog {
	out := make([]*pb.FlowLog, 0, len(ls))
	for _, l := range ls {
		out = append(out, &pb.FlowLog{Action: l.Action, FromState: l.FromState, ToState: l.ToState, UserId: l.UserID, UserName: l.UserName,
			Comment: l.Comment, CreateTime: ts(l.CreateTime)})
	}
	return out
}

// ---- service orders ----

func orderOut(o *biz.ServiceOrder) *pb.ServiceOrder {
	return &pb.ServiceOrder{Id: o.ID, TenantId: o.TenantID, EquipmentId: o.EquipmentID, EquipmentCode: o.EquipmentCode, EquipmentName: o.EquipmentName,
		ServiceType: o.ServiceType, Description: o.Description, State: o.State, ReporterId: o.ReporterID, ReporterName: o.ReporterName,
		AssigneeId: o.AssigneeID, AssigneeName: o.AssigneeName, RepairContent: o.RepairContent, FinishTime: o.FinishTime, CreateTime: ts(o.CreateTime)}
}

func (s *Equipment) ServiceOrderPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.ServiceOrderPage, error) {
	p, err := s.fl.Orders.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.ServiceOrderPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, orderOut)
	return out, nil
}

func (s *Equipment) ServiceOrderDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.ServiceOrder, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	o, err := s.fl.Orders.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	ls, err := s.fl.History(ctx, biz.FlowService, o.ID)
	if err != nil {
		return nil, err
	}
	out := orderOut(o)
	out.Logs = logsOut(ls)
	return out, nil
}

func (s *Equipment) ServiceOrderSubmit(ctx context.Context, p *pb.ServiceOrder) (*wrapperspb.BoolValue, error) {
	o := &biz.ServiceOrder{EquipmentID: p.EquipmentId, ServiceType: p.ServiceType, Description: p.Description}
	o.ID = p.Id
	return svc.OK, s.fl.ReportService(ctx, o)
}

func (s *Equipment) serviceStep(ctx context.Context, action string, p *pb.FlowStep) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.fl.MoveService(ctx, biz.ServiceStep{ID: p.Id, Action: action, AssigneeID: p.AssigneeId, Comment: p.Comment})
}

func (s *Equipment) ServiceOrderAssign(ctx context.Context, p *pb.FlowStep) (*wrapperspb.BoolValue, error) {
	return s.serviceStep(ctx, "assign", p)
}

func (s *Equipment) ServiceOrderStart(ctx context.Context, p *pb.FlowStep) (*wrapperspb.BoolValue, error) {
	return s.serviceStep(ctx, "start", p)
}

func (s *Equipment) ServiceOrderFinish(ctx context.Context, p *pb.FlowStep) (*wrapperspb.BoolValue, error) {
	return s.serviceStep(ctx, "finish", p)
}

func (s *Equipment) ServiceOrderAccept(ctx context.Context, p *pb.FlowStep) (*wrapperspb.BoolValue, error) {
	return s.serviceStep(ctx, "accept", p)
}

func (s *Equipment) ServiceOrderReturn(ctx context.Context, p *pb.FlowStep) (*wrapperspb.BoolValue, error) {
	return s.serviceStep(ctx, "return", p)
}

func (s *Equipment) ServiceOrderRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.fl.RemoveServices)
}

func (s *Equipment) ServiceOrderExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.fl.Orders, svc.Query(q), "维修工单", []col[biz.ServiceOrder]{
		{Header: "设备编码", Value: func(o biz.ServiceOrder) any { return o.EquipmentCode }},
		{Header: "设备名称", Width: 24, Value: func(o biz.ServiceOrder) any { return o.EquipmentName }},
		{Header: "维修类型", Value: func(o biz.ServiceOrder) any { return biz.ServiceTypes[o.ServiceType] }},
		{Header: "故障描述", Width: 40, Value: func(o biz.ServiceOrder) any { return o.Description }},
		{Header: "状态", Value: func(o biz.ServiceOrder) any { return biz.ServiceStateNames[o.State] }},
		{Header: "报修人", Value: func(o biz.ServiceOrder) any { return o.ReporterName }},
		{Header: "报修时间", Width: 20, Value: func(o biz.ServiceOrder) any { return ts(o.CreateTime) }},
		{Header: "维修人", Value: func(o biz.ServiceOrder) any { return o.AssigneeName }},
		{Header: "维修内容", Width: 40, Value: func(o biz.ServiceOrder) any { return o.RepairContent }},
		{Header: "完成时间", Width: 20, Value: func(o biz.ServiceOrder) any { return o.FinishTime }},
	})
}

// ---- disable / recover / scrap ----

func requestOut(r *biz.Request) *pb.StateRequest {
	return &pb.StateRequest{Id: r.ID, TenantId: r.TenantID, Kind: r.Kind, EquipmentId: r.EquipmentID, EquipmentCode: r.EquipmentCode,
		EquipmentName: r.EquipmentName, Category: r.Category, Reason: r.Reason, Measures: r.Measures, State: r.State, RequesterId: r.RequesterID,
		RequesterName: r.RequesterName, ApproverId: r.ApproverID, ApproverName: r.ApproverName, ApproveTime: r.ApproveTime, Opinion: r.Opinion,
		CreateTime: ts(r.CreateTime)}
}

func (s *Equipment) ChangeRequestPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.StateRequestPage, error) {
	p, err := s.fl.Requests.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.StateRequestPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, requestOut)
	return out, nil
}

func (s *Equipment) ChangeRequestDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.StateRequest, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	r, err := s.fl.Requests.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	ls, err := s.fl.History(ctx, biz.FlowRequest, r.ID)
	if err != nil {
		return nil, err
	}
	out := requestOut(r)
	out.Logs = logsOut(ls)
	return out, nil
}

func (s *Equipment) ChangeRequestSubmit(ctx context.Context, p *pb.StateRequest) (*wrapperspb.BoolValue, error) {
	r := &biz.Request{Kind: p.Kind, EquipmentID: p.EquipmentId, Reason: p.Reason, Measures: p.Measures}
	r.ID = p.Id
	return svc.OK, s.fl.SubmitRequest(ctx, r)
}

func (s *Equipment) ChangeRequestApprove(ctx context.Context, p *pb.FlowStep) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.fl.DecideRequest(ctx, p.Id, "approve", p.Comment)
}

func (s *Equipment) ChangeRequestReject(ctx context.Context, p *pb.FlowStep) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.fl.DecideRequest(ctx, p.Id, "reject", p.Comment)
}

func (s *Equipment) ChangeRequestRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.fl.RemoveRequests)
}

func (s *Equipment) ChangeRequestExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.fl.Requests, svc.Query(q), "设备停用恢复报废申请", []col[biz.Request]{
		{Header: "申请类型", Value: func(r biz.Request) any { return biz.RequestKindNames[r.Kind] }},
		{Header: "设备编码", Value: func(r biz.Request) any { return r.EquipmentCode }},
		{Header: "设备名称", Width: 24, Value: func(r biz.Request) any { return r.EquipmentName }},
		{Header: "设备类别", Value: func(r biz.Request) any { return biz.CategoryNames[r.Category] }},
		{Header: "原因", Width: 40, Value: func(r biz.Request) any { return r.Reason }},
		{Header: "措施", Width: 40, Value: func(r biz.Request) any { return r.Measures }},
		{Header: "状态", Value: func(r biz.Request) any { return biz.RequestStateNames[r.State] }},
		{Header: "申请人", Value: func(r biz.Request) any { return r.RequesterName }},
		{Header: "申请时间", Width: 20, Value: func(r biz.Request) any { return ts(r.CreateTime) }},
		{Header: "审批人", Value: func(r biz.Request) any { return r.ApproverName }},
		{Header: "审批时间", Width: 20, Value: func(r biz.Request) any { return r.ApproveTime }},
		{Header: "审批意见", Width: 30, Value: func(r biz.Request) any { return r.Opinion }},
	})
}

// ---- lockout recovery ----

func lockoutOut(l *biz.Lockout) *pb.Lockout {
	return &pb.Lockout{Id: l.ID, TenantId: l.TenantID, EquipmentId: l.EquipmentID, EquipmentCode: l.EquipmentCode, EquipmentName: l.EquipmentName,
		Reason: l.Reason, State: l.State, OwnerId: l.OwnerID, OwnerName: l.OwnerName, StepCount: l.StepCount, VerifiedCount: l.VerifiedCount,
		ApproverId: l.ApproverID, ApproverName: l.ApproverName, ApproveTime: l.ApproveTime, Opinion: l.Opinion, CreateTime: ts(l.CreateTime)}
}

func (s *Equipment) LockoutPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.LockoutPage, error) {
	p, err := s.fl.Lockouts.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.LockoutPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, lockoutOut)
	return out, nil
}

func (s *Equipment) LockoutDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Lockout, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	l, err := s.fl.Lockouts.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	steps, err := s.fl.LockoutSteps(ctx, l.ID)
	if err != nil {
		return nil, err
	}
	ls, err := s.fl.History(ctx, biz.FlowLockout, l.ID)
	if err != nil {
		return nil, err
	}
	out := lockoutOut(l)
	for _, x := range steps {
		out.Steps = append(out.Steps, &pb.LockoutStep{Seq: x.Seq, Point: x.Point, Energy: x.Energy, LockNo: x.LockNo, LockerId: x.LockerID,
			LockerName: x.LockerName, Verified: x.Verified == 1, VerifierId: x.VerifierID, VerifierName: x.VerifierName, VerifyTime: x.VerifyTime})
	}
	out.Logs = logsOut(ls)
	return out, nil
}

func (s *Equipment) LockoutSubmit(ctx context.Context, p *pb.Lockout) (*wrapperspb.BoolValue, error) {
	l := &biz.Lockout{EquipmentID: p.EquipmentId, Reason: p.Reason}
	l.ID = p.Id
	steps := make([]biz.LockoutStep, 0, len(p.Steps))
	for _, x := range p.Steps {
		steps = append(steps, biz.LockoutStep{Point: x.Point, Energy: x.Energy, LockNo: x.LockNo})
	}
	return svc.OK, s.fl.CreateLockout(ctx, l, steps)
}

func (s *Equipment) LockoutVerifyStep(ctx context.Context, p *pb.LockoutVerify) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.fl.VerifyStep(ctx, p.Id, p.Seq)
}

func (s *Equipment) LockoutRequest(ctx context.Context, p *pb.FlowStep) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.fl.MoveLockout(ctx, p.Id, "request", p.Comment)
}

func (s *Equipment) LockoutApprove(ctx context.Context, p *pb.FlowStep) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.fl.MoveLockout(ctx, p.Id, "approve", p.Comment)
}

func (s *Equipment) LockoutReject(ctx context.Context, p *pb.FlowStep) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.fl.MoveLockout(ctx, p.Id, "reject", p.Comment)
}

func (s *Equipment) LockoutRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.fl.RemoveLockouts)
}

func (s *Equipment) LockoutExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.fl.Lockouts, svc.Query(q), "停机上锁恢复", []col[biz.Lockout]{
		{Header: "设备编码", Value: func(l biz.Lockout) any { return l.EquipmentCode }},
		{Header: "设备名称", Width: 24, Value: func(l biz.Lockout) any { return l.EquipmentName }},
		{Header: "停机原因", Width: 40, Value: func(l biz.Lockout) any { return l.Reason }},
		{Header: "状态", Value: func(l biz.Lockout) any { return biz.LockoutStateNames[l.State] }},
		{Header: "负责人", Value: func(l biz.Lockout) any { return l.OwnerName }},
		{Header: "隔离点", Width: 10, Value: func(l biz.Lockout) any { return l.StepCount }},
		{Header: "已验证", Width: 10, Value: func(l biz.Lockout) any { return l.VerifiedCount }},
		{Header: "生成时间", Width: 20, Value: func(l biz.Lockout) any { return ts(l.CreateTime) }},
		{Header: "审批人", Value: func(l biz.Lockout) any { return l.ApproverName }},
		{Header: "审批时间", Width: 20, Value: func(l biz.Lockout) any { return l.ApproveTime }},
		{Header: "审批意见", Width: 30, Value: func(l biz.Lockout) any { return l.Opinion }},
	})
}
