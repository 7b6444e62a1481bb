package service

import (
	"context"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/monitor/internal/biz"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/monitor/v1"
)

// ---- alarm rules ----

func ruleOut(d biz.RuleDef, r *biz.Rule) *pb.MonitorRule {
	o := &pb.MonitorRule{Code: d.Code, Name: d.Name, Unit: d.Unit, Value: d.Default, Source: d.Source, DefaultValue: d.Default}
	if r != nil {
		o.Id, o.Value, o.Source, o.Version, o.UpdateTime = r.ID, r.Value, r.Source, r.Version, ts(r.UpdateTime)
	}
	return o
}

func (s *Monitor) RuleList(ctx context.Context, _ *commonv1.Empty) (*pb.MonitorRules, error) {
	views, err := s.uc.RuleList(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.MonitorRules{}
	for _, v := range views {
		out.Items = append(out.Items, ruleOut(v.Def, v.Current))
	}
	return out, nil
}

func (s *Monitor) RuleHistory(ctx context.Context, q *pb.MonitorRuleCode) (*pb.MonitorRules, error) {
	d, rows, err := s.uc.RuleHistory(ctx, q.Code)
	if err != nil {
		return nil, err
	}
	out := &pb.MonitorRules{}
	for i := range rows {
		out.Items = append(out.Items, ruleOut(d, &rows[i]))
	}
	return out, nil
}

func (s *Monitor) RuleSubmit(ctx context.Context, r *pb.MonitorRule) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SubmitRule(ctx, r.Code, r.Value, r.Source)
}

// ---- out-of-service holds ----

// Hold statuses.
const (
	holdInForce int32 = 1
	holdExpired int32 = 2
	holdEnded   int32 = 3
)

func (s *Monitor) holdOut(h *biz.Hold) *pb.Hold {
	st := holdInForce
	switch {
	case h.EndedAt != nil:
		st = holdEnded
	case !s.uc.Now().Before(h.Until):
		st = holdExpired
	}
	return &pb.Hold{Id: h.ID, PointId: h.PointID, PointCode: h.PointCode, PointName: h.PointName, Kind: h.Kind, KindName: biz.HoldKinds[h.Kind],
		PermitId: h.PermitID, PermitNo: h.PermitNo, Reason: h.Reason, ByName: h.ByName, StartAt: ts(h.StartAt), Until: ts(h.Until),
		EndedAt: timefmt.FormatPtr(h.EndedAt), EndedByName: h.EndedByName, Status: st, CreateTime: ts(h.CreateTime)}
}

func (s *Monitor) HoldPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.HoldPage, error) {
	p, err := s.uc.Holds.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.HoldPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, s.holdOut)
	return out, nil
}

func (s *Monitor) HoldSubmit(ctx context.Context, p *pb.Hold) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.PointId); err != nil {
		return nil, errs.BadRequest("请选择监测点位")
	}
	until, ok := timefmt.Parse(p.Until)
	if !ok {
		return nil, errs.BadRequest("请填写停用截止时间(yyyy-MM-dd HH:mm:ss)")
	}
	h := &biz.Hold{PointID: p.PointId, Kind: p.Kind, PermitID: p.PermitId, Reason: p.Reason, Until: until}
	return svc.OK, s.uc.SubmitHold(ctx, h)
}

func (s *Monitor) HoldRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	ids, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.EndHolds(ctx, ids)
}

// ---- analysis ----

func floodOut(f *biz.Flood) *pb.Flood {
	return &pb.Flood{Id: f.ID, AreaId: f.AreaID, StartAt: ts(f.StartAt), EndAt: timefmt.FormatPtr(f.EndAt), PeakCount: f.PeakCount,
		AlarmCount: f.AlarmCount, FirstAlarmId: f.FirstAlarmID, FirstPointCode: f.FirstPointCode, FirstPointName: f.FirstPointName}
}

func pointFigOut(p *biz.PointFigures) *pb.AnalysisPoint {
	return &pb.AnalysisPoint{PointId: p.PointID, PointCode: p.PointCode, PointName: p.PointName, Alarms: int32(p.Alarms),
		Chattering: int32(p.ChatteringCount)}
}

func (s *Monitor) AlarmAnalysis(ctx context.Context, q *pb.AnalysisQuery) (*pb.Analysis, error) {
	a, err := s.uc.AlarmAnalysis(ctx, q.From, q.To)
	if err != nil {
		return nil, err
	}
	out := &pb.Analysis{From: a.From, To: a.To, Alarms: int32(a.Alarms), Suppressed: int32(a.Suppressed), StandingCount: a.StandingCount,
		Chattering: svc.Map(a.Chattering, pointFigOut), TopPoints: svc.Map(a.TopPoints, pointFigOut), Standing: svc.Map(a.Standing, alarmOut),
		Floods: svc.Map(a.Floods, floodOut)}
	for _, f := range a.Figures {
		out.Figures = append(out.Figures, &pb.AnalysisFigure{Code: f.Code, Name: f.Name, Unit: f.Unit, Value: f.Value, Target: f.Target, Ok: f.OK})
	}
	for _, d := range a.Days {
		out.Days = append(out.Days, &pb.AnalysisDay{Day: d.Day, Alarms: int32(d.Alarms), Floods: int32(d.Floods), FloodMinutes: d.FloodMinutes})
	}
	return out, nil
}
