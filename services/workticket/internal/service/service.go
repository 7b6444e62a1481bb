// Package service is the gRPC layer of the workticket service: it converts
// proto <-> biz and validates what the transport carries.
package service

import (
	"context"
	"log/slog"
	"time"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/workticket/v1"
	"anquan/workticket/internal/biz"
)

// Workticket implements WorkticketService and WorkticketInternal.
type Workticket struct {
	pb.UnimplementedWorkticketServiceServer
	pb.UnimplementedWorkticketInternalServer
	uc *biz.Workticket
	// tenantName names the tenant on the print.
	tenantName func(ctx context.Context, tenantID string) string
}

// New wraps the use cases; tenantName names a tenant for the print header.
func New(uc *biz.Workticket, tenantName func(ctx context.Context, tenantID string) string) *Workticket {
	return &Workticket{uc: uc, tenantName: tenantName}
}

// view writes a permit with the acts the caller may take on it. A failed
// look-up of the caller's relation offers fewer acts (every write checks
// again) and is logged, not answered: the permit itself is readable.
func (s *Workticket) view(ctx context.Context, t *biz.Ticket) *pb.Permit {
	acts, err := s.uc.Allowed(ctx, t)
	if err != nil {
		slog.WarnContext(ctx, "workticket: the caller's relation to a permit is unknown; offering the acts the permit row allows",
			"ticket", t.ID, "err", err, "request_id", ident.RequestID(ctx))
	}
	return permit(t, acts)
}

func (s *Workticket) answer(ctx context.Context, t *biz.Ticket, err error) (*pb.Permit, error) {
	if err != nil {
		return nil, err
	}
	return s.view(ctx, t), nil
}

func page(p *paging.Page[biz.Ticket]) *pb.PermitPage {
	return &pb.PermitPage{Records: svc.Map(p.Records, listPermit), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}
}

func (s *Workticket) TicketList(ctx context.Context, q *commonv1.PageQuery) (*pb.PermitPage, error) {
	p, err := s.uc.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return page(p), nil
}

func (s *Workticket) TicketDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.PermitView, error) {
	t, err := s.uc.Get(ctx, q.GetId())
	if err != nil {
		return nil, err
	}
	v := &pb.PermitView{Permit: s.view(ctx, t), PrintTime: timefmt.Format(s.uc.Now())}
	gas, err := s.uc.Samples(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	for i := range gas {
		v.GasSamples = append(v.GasSamples, gasSample(&gas[i], t.TicketNo))
	}
	signs, err := s.uc.Signatures(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	v.Signatures = svc.Map(signs, signature)
	changes, err := s.uc.ChangesOf(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	v.GuardianChanges = svc.Map(changes, change)
	b, err := s.uc.BriefingOf(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	v.Briefing = briefing(b)
	return v, nil
}

func (s *Workticket) TicketPrint(ctx context.Context, q *commonv1.IdQuery) (*pb.PermitView, error) {
	v, err := s.TicketDetail(ctx, q)
	if err != nil {
		return nil, err
	}
	if s.tenantName != nil {
		v.TenantName = s.tenantName(ctx, v.Permit.TenantId)
	}
	return v, nil
}

func (s *Workticket) TicketSubmit(ctx context.Context, p *pb.Permit) (*pb.Permit, error) {
	t, d, ms, err := fromPermit(p)
	if err != nil {
		return nil, err
	}
	t, err = s.uc.Submit(ctx, t, d, ms, p.Apply)
	return s.answer(ctx, t, err)
}

func (s *Workticket) TicketApply(ctx context.Context, a *pb.TicketAction) (*pb.Permit, error) {
	t, err := s.uc.Apply(ctx, a.GetId(), a.GetComment())
	return s.answer(ctx, t, err)
}

func (s *Workticket) TicketRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	ids, err := svc.IDs(q.GetIds())
	if err != nil {
		return nil, err
	}
	if err := s.uc.Remove(ctx, ids); err != nil {
		return nil, err
	}
	return svc.OK, nil
}

func (s *Workticket) TicketApprove(ctx context.Context, a *pb.ApproveRequest) (*pb.Permit, error) {
	t, err := s.uc.Approve(ctx, a.GetId(), a.GetPass(), a.GetComment())
	return s.answer(ctx, t, err)
}

func (s *Workticket) MeasureConfirm(ctx context.Context, r *pb.MeasureConfirmRequest) (*pb.Permit, error) {
	if len(r.Measures) == 0 {
		return nil, errs.BadRequest("请选择要确认的安全措施")
	}
	items := make([]biz.Measure, len(r.Measures))
	for i, m := range r.Measures {
		items[i] = biz.Measure{Seq: m.Seq, Involved: m.Involved}
	}
	t, err := s.uc.ConfirmMeasures(ctx, r.GetId(), items)
	return s.answer(ctx, t, err)
}

func (s *Workticket) act(ctx context.Context, act string, a *pb.TicketAction) (*pb.Permit, error) {
	t, err := s.uc.Act(ctx, act, a.GetId(), a.GetComment())
	return s.answer(ctx, t, err)
}

func (s *Workticket) TicketStart(ctx context.Context, a *pb.TicketAction) (*pb.Permit, error) {
	return s.act(ctx, biz.ActStart, a)
}
func (s *Workticket) TicketPause(ctx context.Context, a *pb.TicketAction) (*pb.Permit, error) {
	return s.act(ctx, biz.ActPause, a)
}
func (s *Workticket) TicketResume(ctx context.Context, a *pb.TicketAction) (*pb.Permit, error) {
	return s.act(ctx, biz.ActResume, a)
}
func (s *Workticket) TicketComplete(ctx context.Context, a *pb.TicketAction) (*pb.Permit, error) {
	return s.act(ctx, biz.ActComplete, a)
}
func (s *Workticket) TicketAccept(ctx context.Context, a *pb.TicketAction) (*pb.Permit, error) {
	return s.act(ctx, biz.ActAccept, a)
}
func (s *Workticket) TicketVoid(ctx context.Context, a *pb.TicketAction) (*pb.Permit, error) {
	return s.act(ctx, biz.ActVoid, a)
}
func (s *Workticket) TicketRevoke(ctx context.Context, a *pb.TicketAction) (*pb.Permit, error) {
	return s.act(ctx, biz.ActRevoke, a)
}

func options(list []biz.Option) []*pb.Option {
	out := make([]*pb.Option, len(list))
	for i, o := range list {
		out[i] = &pb.Option{Code: o.Code, Name: o.Name}
	}
	return out
}

func (s *Workticket) TicketOptions(context.Context, *commonv1.Empty) (*pb.Options, error) {
	o := &pb.Options{HazardCodes: options(biz.HazardCodes), HotWorkTools: options(biz.HotWorkTools),
		TicketStatuses: options(biz.TicketStatuses), JobStatuses: options(biz.JobStatuses), WorkPhases: options(biz.WorkPhases),
		BlindPlateTypes: options(biz.BlindPlateTypes), GasTypes: options(biz.GasTypes)}
	for _, t := range biz.WorkTypes {
		o.WorkTypes = append(o.WorkTypes, &pb.Option{Code: t.Code, Name: t.Name})
		o.MeasureTemplates = append(o.MeasureTemplates, &pb.MeasureTemplate{WorkType: t.Code, Items: biz.MeasureTemplates[t.Code]})
	}
	return o, nil
}

func (s *Workticket) GasSubmit(ctx context.Context, g *pb.GasSample) (*pb.GasSample, error) {
	at, err := parseTime(g.SampleTime, "取样时间", false)
	if err != nil {
		return nil, err
	}
	// analystId/analystName of the body are not read: the analyst is the caller.
	in := &biz.GasSample{TicketID: g.TicketId, SampleTime: at, SamplePoint: g.SamplePoint, SampleKind: g.SampleKind}
	rs := make([]biz.Reading, len(g.Readings))
	for i, r := range g.Readings {
		rs[i] = biz.Reading{GasName: r.GasName, GasType: r.GasType, Value: r.Value, Unit: r.Unit, LEL: r.Lel, Limit: r.Limit}
	}
	out, no, err := s.uc.AddSample(ctx, in, rs)
	if err != nil {
		return nil, err
	}
	return gasSample(out, no), nil
}

func (s *Workticket) GasList(ctx context.Context, q *pb.TicketIdQuery) (*pb.GasSampleList, error) {
	t, err := s.uc.Get(ctx, q.GetTicketId())
	if err != nil {
		return nil, err
	}
	list, err := s.uc.Samples(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	out := &pb.GasSampleList{}
	for i := range list {
		out.Items = append(out.Items, gasSample(&list[i], t.TicketNo))
	}
	return out, nil
}

func (s *Workticket) GetOtherWorkTicketNos(ctx context.Context, q *commonv1.PageQuery) (*pb.TicketNoPage, error) {
	pq := svc.Query(q)
	f := map[string]string{}
	for k, v := range pq.Filters {
		switch k {
		case "excludeId":
			f["id_notequal"] = v
		case "workType":
			f["workType_equal"] = v
		case "ticketNo", "content", "ticketStatus_equal", "jobStatus_equal", "workType_equal":
			f[k] = v
		}
	}
	pq.Filters = f
	p, err := s.uc.Page(ctx, pq)
	if err != nil {
		return nil, err
	}
	out := &pb.TicketNoPage{Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}
	for _, t := range p.Records {
		out.Records = append(out.Records, &pb.TicketNo{Id: t.ID, TicketNo: t.TicketNo, WorkType: t.WorkType, WorkTypeName: biz.WorkTypeName(t.WorkType),
			Content: t.Content, TicketStatus: t.TicketStatus, JobStatus: t.JobStatus, PlanStartTime: timefmt.Format(t.PlanStart)})
	}
	return out, nil
}

func changePage(p *paging.Page[biz.GuardianChange]) *pb.GuardianChangePage {
	return &pb.GuardianChangePage{Records: svc.Map(p.Records, change), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}
}

func (s *Workticket) HandOverLibraryList(ctx context.Context, q *commonv1.PageQuery) (*pb.GuardianChangePage, error) {
	p, err := s.uc.FindChanges(ctx, 0, 0, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return changePage(p), nil
}

func (s *Workticket) GuardianChangeFind(ctx context.Context, q *pb.GuardianChangeQuery) (*pb.GuardianChangePage, error) {
	p, err := s.uc.FindChanges(ctx, q.Id, q.TicketId, paging.Query{Current: int(q.Current), Size: int(q.Size)})
	if err != nil {
		return nil, err
	}
	return changePage(p), nil
}

func fromChange(c *pb.GuardianChange) (*biz.GuardianChange, error) {
	at, err := parseTime(c.ChangeTime, "变更时间", false)
	if err != nil {
		return nil, err
	}
	out := &biz.GuardianChange{TicketID: c.TicketId, NewGuardianID: c.NewGuardianId, ChangeTime: at, Reason: c.Reason, HandoverContent: c.HandoverContent}
	out.ID = c.Id
	return out, nil
}

func (s *Workticket) GuardianChangeAdd(ctx context.Context, c *pb.GuardianChange) (*pb.GuardianChange, error) {
	in, err := fromChange(c)
	if err != nil {
		return nil, err
	}
	in.ID = 0
	out, err := s.uc.ChangeGuardian(ctx, in)
	if err != nil {
		return nil, err
	}
	return change(out), nil
}

func (s *Workticket) GuardianChangeUpdate(ctx context.Context, c *pb.GuardianChange) (*pb.GuardianChange, error) {
	in, err := fromChange(c)
	if err != nil {
		return nil, err
	}
	out, err := s.uc.UpdateChange(ctx, in)
	if err != nil {
		return nil, err
	}
	return change(out), nil
}

func (s *Workticket) GuardianChangeDelete(ctx context.Context, q *commonv1.IdQuery) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(q.GetId()); err != nil {
		return nil, err
	}
	if err := s.uc.DeleteChange(ctx, q.GetId()); err != nil {
		return nil, err
	}
	return svc.OK, nil
}

func (s *Workticket) BriefingDetail(ctx context.Context, q *pb.TicketIdQuery) (*pb.Briefing, error) {
	t, err := s.uc.Get(ctx, q.GetTicketId())
	if err != nil {
		return nil, err
	}
	b, err := s.uc.BriefingOf(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	out := briefing(b)
	if b == nil {
		out.TicketId, out.TicketNo = t.ID, t.TicketNo
	}
	return out, nil
}

func (s *Workticket) BriefingSubmit(ctx context.Context, b *pb.Briefing) (*pb.Briefing, error) {
	at, err := parseTime(b.BriefingTime, "交底时间", false)
	if err != nil {
		return nil, err
	}
	out, err := s.uc.SaveBriefing(ctx, &biz.Briefing{TicketID: b.TicketId, BriefingTime: at, Content: b.Content, AttendeeIDs: b.AttendeeIds, Attachments: b.Attachments})
	if err != nil {
		return nil, err
	}
	return briefing(out), nil
}

func (s *Workticket) CalendarList(ctx context.Context, q *pb.CalendarQuery) (*pb.CalendarDayList, error) {
	days, err := s.uc.YearDays(ctx, q.GetYear())
	if err != nil {
		return nil, err
	}
	out := &pb.CalendarDayList{}
	for _, d := range days {
		out.Items = append(out.Items, &pb.CalendarDay{Id: d.ID, Day: d.Day, DayType: d.DayType, Name: d.Name})
	}
	return out, nil
}

func (s *Workticket) CalendarSubmit(ctx context.Context, l *pb.CalendarDayList) (*wrapperspb.BoolValue, error) {
	days := make([]biz.CalendarDay, len(l.Items))
	for i, d := range l.Items {
		days[i] = biz.CalendarDay{Day: d.Day, DayType: d.DayType, Name: d.Name}
	}
	if err := s.uc.SaveDays(ctx, days); err != nil {
		return nil, err
	}
	return svc.OK, nil
}

func (s *Workticket) CalendarRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	ids, err := svc.IDs(q.GetIds())
	if err != nil {
		return nil, err
	}
	if err := s.uc.RemoveDays(ctx, ids); err != nil {
		return nil, err
	}
	return svc.OK, nil
}

func (s *Workticket) CalendarSettingDetail(ctx context.Context, _ *commonv1.Empty) (*pb.CalendarSetting, error) {
	st, err := s.uc.Setting(ctx)
	if err != nil {
		return nil, err
	}
	return &pb.CalendarSetting{NightStart: st.NightStart, NightEnd: st.NightEnd}, nil
}

func (s *Workticket) CalendarSettingSubmit(ctx context.Context, c *pb.CalendarSetting) (*wrapperspb.BoolValue, error) {
	if err := s.uc.SaveSetting(ctx, c.NightStart, c.NightEnd); err != nil {
		return nil, err
	}
	return svc.OK, nil
}

func (s *Workticket) CalendarCheckTime(ctx context.Context, q *pb.CalendarCheckQuery) (*pb.CalendarCheck, error) {
	at, err := parseTime(q.Time, "时间", false)
	if err != nil {
		return nil, err
	}
	if at.IsZero() {
		at = s.uc.Now()
	}
	rest, night, reason, err := s.uc.CheckTime(ctx, at)
	if err != nil {
		return nil, err
	}
	return &pb.CalendarCheck{RestDay: rest, Night: night, Reason: reason}, nil
}

func (s *Workticket) StatByDay(ctx context.Context, q *pb.StatQuery) (*pb.StatRows, error) {
	rows, err := s.uc.Stats(ctx, q.StartDate, q.EndDate)
	if err != nil {
		return nil, err
	}
	out := &pb.StatRows{}
	for _, r := range rows {
		out.Items = append(out.Items, statRow(r))
	}
	return out, nil
}

func (s *Workticket) TodayReport(ctx context.Context, q *commonv1.PageQuery) (*pb.PermitPage, error) {
	p, err := s.uc.Today(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return page(p), nil
}

var reportCols = []xlsx.Column[biz.Ticket]{
	{Header: "作业票编号", Width: 20, Value: func(t biz.Ticket) any { return t.TicketNo }},
	{Header: "作业类型", Width: 14, Value: func(t biz.Ticket) any { return biz.WorkTypeName(t.WorkType) }},
	{Header: "作业级别", Width: 10, Value: func(t biz.Ticket) any { return biz.LevelName(t.WorkType, t.Level) }},
	{Header: "作业单位", Width: 18, Value: func(t biz.Ticket) any { return t.WorkUnit }},
	{Header: "作业区域", Width: 16, Value: func(t biz.Ticket) any { return t.AreaName }},
	{Header: "作业地点", Width: 20, Value: func(t biz.Ticket) any { return t.Location }},
	{Header: "作业内容", Width: 36, Value: func(t biz.Ticket) any { return t.Content }},
	{Header: "作业人", Width: 20, Value: func(t biz.Ticket) any { return t.OperatorNames }},
	{Header: "监护人", Width: 10, Value: func(t biz.Ticket) any { return t.GuardianName }},
	{Header: "申请人", Width: 10, Value: func(t biz.Ticket) any { return t.ApplicantName }},
	{Header: "计划开始时间", Width: 20, Value: func(t biz.Ticket) any { return timefmt.Format(t.PlanStart) }},
	{Header: "计划结束时间", Width: 20, Value: func(t biz.Ticket) any { return timefmt.Format(t.PlanEnd) }},
	{Header: "作业票状态", Width: 10, Value: func(t biz.Ticket) any { return codeName(biz.TicketStatuses, t.TicketStatus) }},
	{Header: "作业状态", Width: 10, Value: func(t biz.Ticket) any { return codeName(biz.JobStatuses, t.JobStatus) }},
}

func (s *Workticket) TodayReportExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.ExportEach(ctx, "特殊作业报备", "特殊作业报备_"+time.Now().In(timefmt.Zone).Format("20060102"), reportCols, func(add func(biz.Ticket) error) error {
		pq := svc.Query(q)
		pq.Current, pq.Size = 1, paging.MaxSize
		for {
			p, err := s.uc.Today(ctx, pq)
			if err != nil {
				return err
			}
			for _, t := range p.Records {
				if err := add(t); err != nil {
					return err
				}
			}
			if len(p.Records) < pq.Size || pq.Current*pq.Size >= svc.MaxExportRows {
				return nil
			}
			pq.Current++
		}
	})
}

// CountToday is the internal call of the risk-commitment board.
func (s *Workticket) CountToday(ctx context.Context, r *pb.CountTodayRequest) (*pb.CountTodayReply, error) {
	total, inProgress, rows, err := s.uc.CountToday(ctx, r.GetTenantId())
	if err != nil {
		return nil, err
	}
	out := &pb.CountTodayReply{Total: total, InProgress: inProgress}
	for _, row := range rows {
		out.ByType = append(out.ByType, statRow(row))
	}
	return out, nil
}

// PermitsInForce is the internal call of positioning's 人证不符 rule.
func (s *Workticket) PermitsInForce(ctx context.Context, r *pb.PermitsInForceRequest) (*pb.PermitsInForceReply, error) {
	rows, err := s.uc.PermitsInForce(ctx, r.GetTenantId())
	if err != nil {
		return nil, err
	}
	out := &pb.PermitsInForceReply{Items: make([]*pb.PermitInForce, 0, len(rows))}
	for _, p := range rows {
		out.Items = append(out.Items, &pb.PermitInForce{Id: p.ID, TicketNo: p.TicketNo, WorkType: p.WorkType, AreaId: p.AreaID, UserIds: p.UserIDs})
	}
	return out, nil
}
