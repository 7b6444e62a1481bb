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

// ---- incidents (应急启动) ----

func incidentOut(x *biz.Incident) *pb.Incident {
	return &pb.Incident{Id: x.ID, PlanId: x.PlanID, PlanName: x.PlanName, TeamId: x.TeamID, TeamName: x.TeamName, Level: x.Level,
		Place: x.Place, Description: x.Description, State: x.State, StartTime: ts(x.StartTime), EndTime: timefmt.FormatPtr(x.EndTime),
		Summary: x.Summary, CommanderUserId: x.CommanderUserID, CommanderName: x.CommanderName, CreateTime: ts(x.CreateTime)}
}

func (s *Emergency) IncidentPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.IncidentPage, error) {
	p, err := s.uc.Incidents.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.IncidentPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, incidentOut)
	return out, nil
}

func incidentColumns() []xlsx.Column[biz.Incident] {
	return []xlsx.Column[biz.Incident]{
		{Header: "应急预案", Width: 24, Value: func(i biz.Incident) any { return i.PlanName }},
		{Header: "响应级别", Value: func(i biz.Incident) any { return i.Level }},
		{Header: "地点", Width: 20, Value: func(i biz.Incident) any { return i.Place }},
		{Header: "状态", Value: func(i biz.Incident) any { return biz.IncidentStateNames[i.State] }},
		{Header: "开始时间", Width: 20, Value: func(i biz.Incident) any { return timefmt.Format(i.StartTime) }},
		{Header: "结束时间", Width: 20, Value: func(i biz.Incident) any { return timefmt.FormatPtr(i.EndTime) }},
		{Header: "指挥人", Value: func(i biz.Incident) any { return i.CommanderName }},
		{Header: "响应队伍", Value: func(i biz.Incident) any { return i.TeamName }},
		{Header: "事件描述", Width: 40, Value: func(i biz.Incident) any { return i.Description }},
		{Header: "处置总结", Width: 40, Value: func(i biz.Incident) any { return i.Summary }},
	}
}

func (s *Emergency) IncidentExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.Incidents, svc.Query(q), "应急事件", incidentColumns())
}

func (s *Emergency) IncidentDetailGet(ctx context.Context, q *commonv1.IdQuery) (*pb.IncidentDetail, error) {
	inc, err := svc.Detail(ctx, q.Id, s.uc.Incidents.Get, incidentOut)
	if err != nil {
		return nil, err
	}
	out := &pb.IncidentDetail{Incident: inc}
	actions, err := s.uc.IncidentQ.Actions(ctx, inc.Id)
	if err != nil {
		return nil, err
	}
	out.Actions = svc.Map(actions, func(a *biz.IncidentAction) *pb.IncidentAction {
		return &pb.IncidentAction{Id: a.ID, IncidentId: a.IncidentID, ActTime: ts(a.ActTime), UserId: a.UserID, UserName: a.UserName, Content: a.Content}
	})
	notices, err := s.uc.IncidentQ.Notices(ctx, inc.Id)
	if err != nil {
		return nil, err
	}
	out.Notices = svc.Map(notices, func(n *biz.IncidentNotice) *pb.IncidentNotice {
		return &pb.IncidentNotice{UserId: n.UserID, Name: n.Name, Phone: n.Phone, Role: n.Role, Channel: n.Channel}
	})
	// The muster list is live while the incident is in progress.
	if inc.State == biz.IncidentOpen {
		m := s.uc.Muster.Muster(ctx)
		out.Muster = &pb.IncidentMuster{Available: m.Available, Message: m.Message, Online: m.Online, Total: m.Total}
		for _, z := range m.Zones {
			out.Muster.Zones = append(out.Muster.Zones, &pb.IncidentMusterZone{ZoneName: z.Name, Count: z.Count})
		}
	} else {
		out.Muster = &pb.IncidentMuster{Message: "应急事件已结束,不再显示实时集结清点"}
	}
	return out, nil
}

func (s *Emergency) IncidentLaunched(ctx context.Context, l *pb.IncidentLaunch) (*wrapperspb.BoolValue, error) {
	_, err := s.uc.LaunchIncident(ctx, biz.Launch{PlanID: l.PlanId, TeamID: l.TeamId, Level: l.Level, Place: l.Place, Description: l.Description,
		NotifyUserIDs: l.NotifyUserIds})
	return svc.OK, err
}

func (s *Emergency) IncidentActionAdd(ctx context.Context, a *pb.IncidentAction) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(a.IncidentId); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.AddIncidentAction(ctx, a.IncidentId, a.Content)
}

func (s *Emergency) IncidentClosed(ctx context.Context, c *pb.IncidentClose) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(c.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.CloseIncident(ctx, c.Id, c.Summary)
}
