package service

import (
	"context"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/emergency/internal/biz"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/emergency/v1"
)

// ---- on-duty staff ----

func dutyOut(d *biz.Duty) *pb.DutyRoster {
	return &pb.DutyRoster{Id: d.ID, DutyType: d.DutyType, OrgId: d.OrgID, OrgName: d.OrgName, StartDate: date(&d.StartDate),
		EndDate: date(&d.EndDate), ShiftName: d.ShiftName, ShiftStart: d.ShiftStart, ShiftEnd: d.ShiftEnd, LeaderUserId: d.LeaderUserID,
		LeaderName: d.LeaderName, Phone: d.Phone, PersonNames: d.PersonNames, Remark: d.Remark, CreateTime: ts(d.CreateTime), UpdateTime: ts(d.UpdateTime)}
}

func personOut(p *biz.DutyPerson) *pb.DutyPerson {
	return &pb.DutyPerson{UserId: p.UserID, UserName: p.UserName, Phone: p.Phone, Leader: p.Leader}
}

// withPeople adds the people rows to rosters.
func (s *Emergency) withPeople(ctx context.Context, out []*pb.DutyRoster) error {
	ids := make([]int64, 0, len(out))
	for _, o := range out {
		ids = append(ids, o.Id)
	}
	people, err := s.uc.DutyQ.DutyPeople(ctx, ids)
	if err != nil {
		return err
	}
	by := map[int64]*pb.DutyRoster{}
	for _, o := range out {
		by[o.Id] = o
	}
	for i := range people {
		if o := by[people[i].DutyID]; o != nil {
			o.People = append(o.People, personOut(&people[i]))
		}
	}
	return nil
}

func (s *Emergency) DutyPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.DutyRosterPage, error) {
	p, err := s.uc.Duties.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.DutyRosterPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, dutyOut)
	return out, s.withPeople(ctx, out.Records)
}

func (s *Emergency) DutyDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.DutyRoster, error) {
	d, err := svc.Detail(ctx, q.Id, s.uc.Duties.Get, dutyOut)
	if err != nil {
		return nil, err
	}
	return d, s.withPeople(ctx, []*pb.DutyRoster{d})
}

func (s *Emergency) DutySubmit(ctx context.Context, p *pb.DutyRoster) (*wrapperspb.BoolValue, error) {
	from, err := needDate("值班开始日期", p.StartDate)
	if err != nil {
		return nil, err
	}
	to, err := needDate("值班结束日期", p.EndDate)
	if err != nil {
		return nil, err
	}
	in := &biz.Duty{DutyType: p.DutyType, OrgID: p.OrgId, OrgName: p.OrgName, StartDate: from, EndDate: to, ShiftName: p.ShiftName,
		ShiftStart: p.ShiftStart, ShiftEnd: p.ShiftEnd, LeaderUserID: p.LeaderUserId, Phone: p.Phone, Remark: p.Remark}
	in.ID = p.Id
	people := make([]biz.DutyPerson, 0, len(p.People))
	for _, x := range p.People {
		people = append(people, biz.DutyPerson{UserID: x.UserId, Phone: x.Phone})
	}
	return svc.OK, s.uc.SubmitDuty(ctx, in, people)
}

func (s *Emergency) DutyRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveDuties)
}

func dutyColumns() []xlsx.Column[biz.Duty] {
	return []xlsx.Column[biz.Duty]{
		{Header: "值班类型", Value: func(d biz.Duty) any { return biz.DutyTypeNames[d.DutyType] }},
		{Header: "部门/岗位", Width: 20, Value: func(d biz.Duty) any { return d.OrgName }},
		{Header: "开始日期", Value: func(d biz.Duty) any { return date(&d.StartDate) }},
		{Header: "结束日期", Value: func(d biz.Duty) any { return date(&d.EndDate) }},
		{Header: "班次", Value: func(d biz.Duty) any { return d.ShiftName }},
		{Header: "班次时间", Value: func(d biz.Duty) any { return d.ShiftStart + "-" + d.ShiftEnd }},
		{Header: "带班领导", Value: func(d biz.Duty) any { return d.LeaderName }},
		{Header: "值班电话", Value: func(d biz.Duty) any { return d.Phone }},
		{Header: "值班人员", Width: 40, Value: func(d biz.Duty) any { return d.PersonNames }},
		{Header: "备注", Width: 30, Value: func(d biz.Duty) any { return d.Remark }},
	}
}

func (s *Emergency) DutyExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.Duties, svc.Query(q), "值班排班", dutyColumns())
}

func (s *Emergency) DutyBoardToday(ctx context.Context, _ *commonv1.Empty) (*pb.DutyBoard, error) {
	now := s.uc.Now().In(timefmt.Zone)
	items, err := s.uc.Board(ctx, now)
	if err != nil {
		return nil, err
	}
	out := &pb.DutyBoard{Today: timefmt.FormatDate(now), Now: ts(now)}
	for _, it := range items {
		r := dutyOut(it.Duty)
		for i := range it.People {
			r.People = append(r.People, personOut(&it.People[i]))
		}
		out.Items = append(out.Items, &pb.DutyBoardItem{Roster: r, From: ts(it.Shift.From), To: ts(it.Shift.To), OnDutyNow: it.Now})
	}
	return out, nil
}
