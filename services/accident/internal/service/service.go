// Package service is accident's transport layer: the gRPC handlers of
// AccidentService. It converts requests and answers and leaves the rules to
// biz.
package service

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"time"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/accident/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	pb "anquan/proto/blade/accident/v1"
	commonv1 "anquan/proto/blade/common/v1"
)

// Accident serves AccidentService.
type Accident struct {
	pb.UnimplementedAccidentServiceServer
	uc *biz.Accidents
}

// New binds the handlers to the use cases.
func New(uc *biz.Accidents) *Accident { return &Accident{uc: uc} }

func ts(t time.Time) string { return timefmt.Format(t) }

func tsp(t *time.Time) string { return timefmt.FormatPtr(t) }

func date(t *time.Time) string {
	if t == nil {
		return ""
	}
	return timefmt.FormatDate(*t)
}

func parseTime(field, s string, required bool) (*time.Time, error) {
	if s == "" {
		if required {
			return nil, errs.BadRequest("请填写%s", field)
		}
		return nil, nil
	}
	t, ok := timefmt.Parse(s)
	if !ok {
		return nil, errs.BadRequest("%s格式错误,应为 yyyy-MM-dd HH:mm:ss", field)
	}
	return &t, nil
}

// ---- rules ----

func ruleOut(d biz.RuleDef, r *biz.Rule) *pb.AccidentRule {
	o := &pb.AccidentRule{Code: d.Code, Name: d.Name, Unit: d.Unit, Value: d.Default, Source: d.Source, DefaultValue: d.Default}
	if r != nil {
		o.Id, o.Value, o.Source, o.Version, o.UpdateTime = r.ID, r.Value, r.Source, r.Version, ts(r.CreateTime)
	}
	return o
}

func (s *Accident) RuleList(ctx context.Context, _ *commonv1.Empty) (*pb.AccidentRules, error) {
	views, err := s.uc.RuleList(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.AccidentRules{}
	for _, v := range views {
		out.Items = append(out.Items, ruleOut(v.Def, v.Current))
	}
	return out, nil
}

func (s *Accident) RuleHistory(ctx context.Context, q *pb.AccidentRuleCode) (*pb.AccidentRules, error) {
	d, rows, err := s.uc.RuleHistory(ctx, q.Code)
	if err != nil {
		return nil, err
	}
	out := &pb.AccidentRules{}
	for i := range rows {
		out.Items = append(out.Items, ruleOut(d, &rows[i]))
	}
	return out, nil
}

func (s *Accident) RuleSubmit(ctx context.Context, r *pb.AccidentRule) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SubmitRule(ctx, r.Code, r.Value, r.Source)
}

// ---- reports ----

func (s *Accident) reportOut(a *biz.Accident) *pb.Accident {
	now := s.uc.Now()
	return &pb.Accident{Id: a.ID, Title: a.Title, OccurredAt: ts(a.OccurredAt), Place: a.Place, AccidentType: a.AccidentType,
		Gb6441Type: a.GB6441Type, Cause: a.Cause, Nature: a.Nature, Deaths: a.Deaths, SeriousInjuries: a.SeriousInjuries,
		MinorInjuries: a.MinorInjuries, Missing: a.Missing, DirectLoss: a.DirectLoss, Grade: a.Grade, GradeName: biz.GradeNames[a.Grade],
		Description: a.Description, MeasuresTaken: a.MeasuresTaken, DeptId: a.DeptID, ResponsibleUserId: a.ResponsibleUserID, State: a.State,
		ReportedAt: ts(a.ReportedAt), ReportDue: ts(a.ReportDue), ReportLate: a.ReportedAt.After(a.ReportDue),
		SupplementDue: ts(a.SupplementDue), InvestigationDue: ts(a.InvestigationDue), ExtensionDays: a.ExtensionDays,
		InvestigationOverdue: a.State != biz.StateClosed && now.After(a.InvestigationDue), InvestigationLeader: a.InvestigationLeader,
		InvestigationReport: a.InvestigationReport, RootCause: a.RootCause, Responsibility: a.Responsibility, Education: a.Education,
		ClosedAt: tsp(a.ClosedAt), CreateTime: ts(a.CreateTime), UpdateTime: ts(a.UpdateTime)}
}

func (s *Accident) openActions(ctx context.Context, out []*pb.Accident) error {
	ids := make([]int64, 0, len(out))
	for _, o := range out {
		ids = append(ids, o.Id)
	}
	n, err := s.uc.Q.OpenActions(ctx, ids)
	for _, o := range out {
		o.OpenActions = n[o.Id]
	}
	return err
}

func (s *Accident) ReportPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.AccidentPage, error) {
	p, err := s.uc.Reports.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.AccidentPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, s.reportOut)
	return out, s.openActions(ctx, out.Records)
}

func (s *Accident) ReportDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Accident, error) {
	a, err := svc.Detail(ctx, q.Id, s.uc.Reports.Get, s.reportOut)
	if err != nil {
		return nil, err
	}
	return a, s.openActions(ctx, []*pb.Accident{a})
}

func (s *Accident) ReportSubmit(ctx context.Context, p *pb.Accident) (*wrapperspb.BoolValue, error) {
	at, err := parseTime("事故发生时间", p.OccurredAt, true)
	if err != nil {
		return nil, err
	}
	a := &biz.Accident{Title: p.Title, OccurredAt: *at, Place: p.Place, AccidentType: p.AccidentType, GB6441Type: p.Gb6441Type, Cause: p.Cause,
		Nature: p.Nature, Description: p.Description, MeasuresTaken: p.MeasuresTaken, DeptID: p.DeptId, ResponsibleUserID: p.ResponsibleUserId}
	a.ID = p.Id
	return svc.OK, s.uc.SubmitReport(ctx, a, biz.Figures{Deaths: p.Deaths, SeriousInjuries: p.SeriousInjuries, MinorInjuries: p.MinorInjuries,
		Missing: p.Missing, DirectLoss: p.DirectLoss})
}

func (s *Accident) ReportSupplement(ctx context.Context, p *pb.Supplement) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.AccidentId); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.Supplement(ctx, p.AccidentId, biz.Figures{Deaths: p.Deaths, SeriousInjuries: p.SeriousInjuries,
		MinorInjuries: p.MinorInjuries, Missing: p.Missing, DirectLoss: p.DirectLoss}, p.Note)
}

func (s *Accident) SupplementList(ctx context.Context, q *pb.AccidentId) (*pb.Supplements, error) {
	if err := svc.Need(q.AccidentId); err != nil {
		return nil, err
	}
	if _, err := s.uc.Reports.Get(ctx, q.AccidentId); err != nil {
		return nil, err
	}
	rows, err := s.uc.Q.Supplements(ctx, q.AccidentId)
	if err != nil {
		return nil, err
	}
	out := &pb.Supplements{}
	for _, r := range rows {
		out.Items = append(out.Items, &pb.Supplement{Id: r.ID, AccidentId: r.AccidentID, Deaths: r.Deaths, SeriousInjuries: r.SeriousInjuries,
			MinorInjuries: r.MinorInjuries, Missing: r.Missing, DirectLoss: r.DirectLoss, Note: r.Note, GradeBefore: r.GradeBefore,
			GradeAfter: r.GradeAfter, ReporterName: r.ReporterName, CreateTime: ts(r.CreateTime)})
	}
	return out, nil
}

func (s *Accident) ReportInvestigate(ctx context.Context, p *pb.Investigation) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.Investigate(ctx, p.Id, biz.Investigation{Action: p.Action, Leader: p.Leader, Days: p.Days, Report: p.Report,
		RootCause: p.RootCause, Responsibility: p.Responsibility, Education: p.Education})
}

func (s *Accident) ReportRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveReports)
}

func counts(m map[string]int32) []*pb.Count {
	out := make([]*pb.Count, 0, len(m))
	for k, v := range m {
		out = append(out, &pb.Count{Key: k, Count: v})
	}
	sort.Slice(out, func(i, j int) bool {
		a, ea := strconv.Atoi(out[i].Key)
		b, eb := strconv.Atoi(out[j].Key)
		if ea == nil && eb == nil {
			return a < b
		}
		return out[i].Key < out[j].Key
	})
	return out
}

func (s *Accident) ReportStats(ctx context.Context, q *pb.StatsQuery) (*pb.Stats, error) {
	year := int(q.Year)
	if year == 0 {
		year = s.uc.Now().In(timefmt.Zone).Year()
	}
	if year < 1949 || year > 2999 {
		return nil, errs.BadRequest("年份应在 1949 到 2999 之间")
	}
	from := time.Date(year, 1, 1, 0, 0, 0, 0, timefmt.Zone)
	rows, near, err := s.uc.Q.Year(ctx, from, from.AddDate(1, 0, 0))
	if err != nil {
		return nil, err
	}
	out := &pb.Stats{Year: int32(year), Accidents: int32(len(rows)), NearMisses: int32(near)}
	byType, byCause, byGrade, byMonth := map[string]int32{}, map[string]int32{}, map[string]int32{}, map[string]int32{}
	for _, a := range rows {
		out.Deaths += a.Deaths
		out.SeriousInjuries += a.SeriousInjuries
		out.MinorInjuries += a.MinorInjuries
		out.DirectLoss += a.DirectLoss
		byType[strconv.Itoa(int(a.AccidentType))]++
		byCause[strconv.Itoa(int(a.Cause))]++
		byGrade[strconv.Itoa(int(a.Grade))]++
		byMonth[fmt.Sprintf("%02d", int(a.OccurredAt.In(timefmt.Zone).Month()))]++
	}
	out.ByType, out.ByCause, out.ByGrade, out.ByMonth = counts(byType), counts(byCause), counts(byGrade), counts(byMonth)
	return out, nil
}

// ---- actions ----

func (s *Accident) actionOut(x *biz.Action) *pb.Action {
	now := s.uc.Now()
	return &pb.Action{Id: x.ID, AccidentId: x.AccidentID, Content: x.Content, ResponsibleUserId: x.ResponsibleUserID, Deadline: date(x.Deadline),
		State: x.State, DoneAt: tsp(x.DoneAt), DoneNote: x.DoneNote, HazardRaised: x.HazardRaised,
		Overdue: x.State == biz.ActionOpen && x.Deadline != nil && now.After(x.Deadline.AddDate(0, 0, 1)), CreateTime: ts(x.CreateTime)}
}

func (s *Accident) ActionPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.ActionPage, error) {
	p, err := s.uc.Actions.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.ActionPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, s.actionOut)
	ids := make([]int64, 0, len(out.Records))
	for _, o := range out.Records {
		ids = append(ids, o.AccidentId)
	}
	titles, err := s.uc.Q.Titles(ctx, ids)
	for _, o := range out.Records {
		o.AccidentTitle = titles[o.AccidentId]
	}
	return out, err
}

func (s *Accident) ActionSubmit(ctx context.Context, p *pb.Action) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.AccidentId); err != nil {
		return nil, errs.BadRequest("请选择事故")
	}
	dl, err := parseTime("整改期限", p.Deadline, false)
	if err != nil {
		return nil, err
	}
	x := &biz.Action{AccidentID: p.AccidentId, Content: p.Content, ResponsibleUserID: p.ResponsibleUserId, Deadline: dl}
	x.ID = p.Id
	return svc.OK, s.uc.SubmitAction(ctx, x, p.RaiseHazard)
}

func (s *Accident) ActionDone(ctx context.Context, p *pb.ActionCompletion) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.CompleteAction(ctx, p.Id, p.Note)
}

func (s *Accident) ActionRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveActions)
}

// ---- near misses ----

func nearMissOut(n *biz.NearMiss) *pb.NearMiss {
	return &pb.NearMiss{Id: n.ID, Title: n.Title, OccurredAt: ts(n.OccurredAt), Place: n.Place, PotentialType: n.PotentialType, Cause: n.Cause,
		Description: n.Description, Measures: n.Measures, ReporterId: n.CreateUser, ReporterName: n.ReporterName, CreateTime: ts(n.CreateTime)}
}

func (s *Accident) NearMissPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.NearMissPage, error) {
	p, err := s.uc.NearMisses.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.NearMissPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, nearMissOut)
	return out, nil
}

func (s *Accident) NearMissDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.NearMiss, error) {
	return svc.Detail(ctx, q.Id, s.uc.NearMisses.Get, nearMissOut)
}

func (s *Accident) NearMissSubmit(ctx context.Context, p *pb.NearMiss) (*wrapperspb.BoolValue, error) {
	at, err := parseTime("发生时间", p.OccurredAt, true)
	if err != nil {
		return nil, err
	}
	n := &biz.NearMiss{Title: p.Title, OccurredAt: *at, Place: p.Place, PotentialType: p.PotentialType, Cause: p.Cause,
		Description: p.Description, Measures: p.Measures}
	n.ID = p.Id
	return svc.OK, s.uc.SubmitNearMiss(ctx, n)
}

func (s *Accident) NearMissRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveNearMisses)
}
