// Package service is change's transport layer: the gRPC handlers of
// ChangeService. It converts requests and answers and leaves the rules to
// biz.
package service

import (
	"context"
	"time"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/change/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	pb "anquan/proto/blade/change/v1"
	commonv1 "anquan/proto/blade/common/v1"
)

// Change serves ChangeService.
type Change struct {
	pb.UnimplementedChangeServiceServer
	uc *biz.Changes
}

// New binds the handlers to the use cases.
func New(uc *biz.Changes) *Change { return &Change{uc: uc} }

func ts(t time.Time) string { return timefmt.Format(t) }

func tsp(t *time.Time) string { return timefmt.FormatPtr(t) }

func parseTime(field, s string) (*time.Time, error) {
	if s == "" {
		return nil, nil
	}
	t, ok := timefmt.Parse(s)
	if !ok {
		return nil, errs.BadRequest("%s格式错误,应为 yyyy-MM-dd HH:mm:ss", field)
	}
	return &t, nil
}

// ---- requests ----

func (s *Change) requestOut(r *biz.Request) *pb.ChangeRequest {
	return &pb.ChangeRequest{Id: r.ID, Title: r.Title, ChangeType: r.ChangeType, Attribute: r.Attribute, Category: r.Category,
		ConstructionNature: r.ConstructionNature, ConstructionStatus: r.ConstructionStatus, Temporary: r.Temporary, ExpireAt: tsp(r.ExpireAt),
		Reason: r.Reason, Content: r.Content, Location: r.Location, DeptId: r.DeptID, ApplicantId: r.CreateUser, ApplicantName: r.ApplicantName,
		State: r.State, StateName: biz.StateNames[r.State], RiskAnalysis: r.RiskAnalysis, ApproverName: r.ApproverName, ApproveNote: r.ApproveNote,
		StartupAt: tsp(r.StartupAt), AcceptNote: r.AcceptNote, RejectReason: r.RejectReason, ClosedAt: tsp(r.ClosedAt),
		Overdue: r.Overdue(s.uc.Now()), CreateTime: ts(r.CreateTime), UpdateTime: ts(r.UpdateTime)}
}

func (s *Change) counts(ctx context.Context, out []*pb.ChangeRequest) error {
	ids := make([]int64, 0, len(out))
	for _, o := range out {
		ids = append(ids, o.Id)
	}
	n, err := s.uc.Q.Counts(ctx, ids)
	for _, o := range out {
		c := n[o.Id]
		o.OpenMustFix, o.OpenToFix, o.Unconfirmed = c[0], c[1], c[2]
	}
	return err
}

func (s *Change) RequestPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.ChangeRequestPage, error) {
	p, err := s.uc.Requests.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.ChangeRequestPage{Records: svc.Map(p.Records, s.requestOut), Total: int32(p.Total), Size: int32(p.Size),
		Current: int32(p.Current), Pages: int32(p.Pages())}
	return out, s.counts(ctx, out.Records)
}

func (s *Change) RequestDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.ChangeRequest, error) {
	r, err := svc.Detail(ctx, q.Id, s.uc.Requests.Get, s.requestOut)
	if err != nil {
		return nil, err
	}
	return r, s.counts(ctx, []*pb.ChangeRequest{r})
}

func (s *Change) RequestSubmit(ctx context.Context, p *pb.ChangeRequest) (*wrapperspb.BoolValue, error) {
	exp, err := parseTime("到期时间", p.ExpireAt)
	if err != nil {
		return nil, err
	}
	r := &biz.Request{Title: p.Title, ChangeType: p.ChangeType, Attribute: p.Attribute, Category: p.Category, ConstructionNature: p.ConstructionNature,
		ConstructionStatus: p.ConstructionStatus, Temporary: p.Temporary, ExpireAt: exp, Reason: p.Reason, Content: p.Content, Location: p.Location,
		DeptID: p.DeptId}
	r.ID = p.Id
	return svc.OK, s.uc.Submit(ctx, r)
}

func (s *Change) RequestRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.Remove)
}

var (
	yesNo          = map[bool]string{true: "是", false: "否"}
	typeNames      = map[int32]string{1: "新建、改建、扩建项目", 2: "原料介质变更", 3: "工艺流程及操作条件变更", 4: "工艺设备变更", 5: "操作规程变更", 6: "工艺参数变更", 7: "公用工程变更"}
	attributeNames = map[int32]string{1: "一般变更", 2: "重大变更"}
	categoryNames  = map[int32]string{1: "设备/管道变更", 2: "工艺/参数变更"}
	natureNames    = map[int32]string{1: "新建", 2: "改建", 3: "扩建", 4: "检维修"}
	statusNames    = map[int32]string{1: "施工中", 2: "已完工", 3: "已终止"}
)

// RequestExport: the filtered requests as xlsx (the dictionaries' texts
// are those of the seeded change_* dictionaries).
func (s *Change) RequestExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	now := s.uc.Now()
	return svc.Export(ctx, s.uc.Requests, svc.Query(q), "变更管理", []xlsx.Column[biz.Request]{
		{Header: "变更名称", Width: 30, Value: func(r biz.Request) any { return r.Title }},
		{Header: "变更类型", Width: 20, Value: func(r biz.Request) any { return typeNames[r.ChangeType] }},
		{Header: "变更属性", Value: func(r biz.Request) any { return attributeNames[r.Attribute] }},
		{Header: "变更类别", Value: func(r biz.Request) any { return categoryNames[r.Category] }},
		{Header: "施工性质", Value: func(r biz.Request) any { return natureNames[r.ConstructionNature] }},
		{Header: "施工状态", Value: func(r biz.Request) any { return statusNames[r.ConstructionStatus] }},
		{Header: "临时变更", Value: func(r biz.Request) any { return yesNo[r.Temporary] }},
		{Header: "到期时间", Width: 20, Value: func(r biz.Request) any { return tsp(r.ExpireAt) }},
		{Header: "已超期", Value: func(r biz.Request) any { return yesNo[r.Overdue(now)] }},
		{Header: "阶段", Value: func(r biz.Request) any { return biz.StateNames[r.State] }},
		{Header: "申请人", Value: func(r biz.Request) any { return r.ApplicantName }},
		{Header: "地点", Width: 20, Value: func(r biz.Request) any { return r.Location }},
		{Header: "变更内容", Width: 40, Value: func(r biz.Request) any { return r.Content }},
		{Header: "申请时间", Width: 20, Value: func(r biz.Request) any { return ts(r.CreateTime) }},
	})
}

func (s *Change) RequestLogs(ctx context.Context, q *pb.ChangeId) (*pb.ChangeLogs, error) {
	if err := svc.Need(q.ChangeId); err != nil {
		return nil, err
	}
	if _, err := s.uc.Requests.Get(ctx, q.ChangeId); err != nil {
		return nil, err
	}
	rows, err := s.uc.Q.Logs(ctx, q.ChangeId)
	if err != nil {
		return nil, err
	}
	out := &pb.ChangeLogs{}
	for _, l := range rows {
		out.Items = append(out.Items, &pb.ChangeLog{Id: l.ID, ChangeId: l.ChangeID, Action: l.Action, ActionName: biz.ActionNames[l.Action],
			FromState: l.FromState, ToState: l.ToState, Note: l.Note, UserName: l.UserName, CreateTime: ts(l.CreateTime)})
	}
	return out, nil
}

func (s *Change) step(ctx context.Context, p *pb.Transition, action string) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.Step(ctx, p.Id, action, p.Note)
}

func (s *Change) RequestApply(ctx context.Context, p *pb.Transition) (*wrapperspb.BoolValue, error) {
	return s.step(ctx, p, biz.ActApply)
}

func (s *Change) RequestAnalyse(ctx context.Context, p *pb.Transition) (*wrapperspb.BoolValue, error) {
	return s.step(ctx, p, biz.ActAnalyse)
}

func (s *Change) RequestApprove(ctx context.Context, p *pb.Transition) (*wrapperspb.BoolValue, error) {
	return s.step(ctx, p, biz.ActApprove)
}

func (s *Change) RequestReject(ctx context.Context, p *pb.Transition) (*wrapperspb.BoolValue, error) {
	return s.step(ctx, p, biz.ActReject)
}

func (s *Change) RequestStartup(ctx context.Context, p *pb.Transition) (*wrapperspb.BoolValue, error) {
	return s.step(ctx, p, biz.ActStartup)
}

func (s *Change) RequestAccept(ctx context.Context, p *pb.Transition) (*wrapperspb.BoolValue, error) {
	return s.step(ctx, p, biz.ActAccept)
}

func (s *Change) RequestClose(ctx context.Context, p *pb.Transition) (*wrapperspb.BoolValue, error) {
	return s.step(ctx, p, biz.ActClose)
}

// ---- PSSR ----

func itemOut(it *biz.PssrItem) *pb.PssrItem {
	return &pb.PssrItem{Id: it.ID, ChangeId: it.ChangeID, Content: it.Content, Kind: it.Kind, ResponsibleUserId: it.ResponsibleUserID,
		Done: it.Done, DoneNote: it.DoneNote, DoneAt: tsp(it.DoneAt), DoneBy: it.DoneBy, CreateTime: ts(it.CreateTime)}
}

func (s *Change) PssrPage(ctx context.Context, q *commonv1.PageQuery) (*pb.PssrItemPage, error) {
	p, err := s.uc.Items.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.PssrItemPage{Records: svc.Map(p.Records, itemOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current),
		Pages: int32(p.Pages())}, nil
}

func (s *Change) PssrSubmit(ctx context.Context, p *pb.PssrItem) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.ChangeId); err != nil {
		return nil, errs.BadRequest("请选择变更")
	}
	it := &biz.PssrItem{ChangeID: p.ChangeId, Content: p.Content, Kind: p.Kind, ResponsibleUserID: p.ResponsibleUserId}
	it.ID = p.Id
	return svc.OK, s.uc.SubmitItem(ctx, it)
}

func (s *Change) PssrDoneMark(ctx context.Context, p *pb.PssrDone) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.CompleteItem(ctx, p.Id, p.Note)
}

func (s *Change) PssrRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveItems)
}

// ---- people ----

func personOut(p *biz.Person) *pb.ChangePerson {
	return &pb.ChangePerson{Id: p.ID, ChangeId: p.ChangeID, UserId: p.UserID, UserName: p.UserName, Way: p.Way, Confirmed: p.Confirmed,
		ConfirmedAt: tsp(p.ConfirmedAt), ConfirmedBy: p.ConfirmedBy, CreateTime: ts(p.CreateTime)}
}

func (s *Change) PersonPage(ctx context.Context, q *commonv1.PageQuery) (*pb.ChangePersonPage, error) {
	p, err := s.uc.People.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.ChangePersonPage{Records: svc.Map(p.Records, personOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current),
		Pages: int32(p.Pages())}, nil
}

func (s *Change) PersonSubmit(ctx context.Context, p *pb.ChangePerson) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.ChangeId); err != nil {
		return nil, errs.BadRequest("请选择变更")
	}
	if p.Id != 0 {
		return nil, errs.BadRequest("告知培训人员不能修改,请删除后重新添加")
	}
	return svc.OK, s.uc.AddPerson(ctx, &biz.Person{ChangeID: p.ChangeId, UserID: p.UserId, UserName: p.UserName, Way: p.Way})
}

func (s *Change) PersonConfirm(ctx context.Context, q *commonv1.IdQuery) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.Confirm(ctx, q.Id)
}

func (s *Change) PersonRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemovePeople)
}
