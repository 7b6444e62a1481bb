// Package service is emergency's transport layer: the gRPC handlers of
// EmergencyService. It converts requests and answers and leaves the rules
// to biz.
package service

import (
	"context"
	"fmt"
	"time"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/emergency/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/emergency/v1"
)

// Emergency serves EmergencyService.
type Emergency struct {
	pb.UnimplementedEmergencyServiceServer
	uc *biz.Emergency
	// Calendar is the working-day calendar of filing deadlines.
	Calendar func(ctx context.Context) (biz.Calendar, error)
}

// New binds the handlers to the use cases.
func New(uc *biz.Emergency, cal func(ctx context.Context) (biz.Calendar, error)) *Emergency {
	return &Emergency{uc: uc, Calendar: cal}
}

func ts(t time.Time) string { return timefmt.Format(t) }

func date(t *time.Time) string {
	if t == nil {
		return ""
	}
	return timefmt.FormatDate(*t)
}

// parseDate reads an optional date; a malformed one is a 400 naming the field.
func parseDate(field, s string) (*time.Time, error) {
	if s == "" {
		return nil, nil
	}
	t, ok := timefmt.Parse(s)
	if !ok {
		return nil, errs.BadRequest("%s格式错误,应为 yyyy-MM-dd", field)
	}
	y, m, d := t.Date()
	t = time.Date(y, m, d, 0, 0, 0, 0, timefmt.Zone)
	return &t, nil
}

func needDate(field, s string) (time.Time, error) {
	t, err := parseDate(field, s)
	if err != nil {
		return time.Time{}, err
	}
	if t == nil {
		return time.Time{}, errs.BadRequest("请填写%s", field)
	}
	return *t, nil
}

// ---- rules ----

func ruleOut(d biz.RuleDef, r *biz.Rule) *pb.EmergencyRule {
	o := &pb.EmergencyRule{Code: d.Code, Name: d.Name, Unit: d.Unit, Value: d.Default, Source: d.Source, DefaultValue: d.Default}
	if r != nil {
		o.Id, o.Value, o.Source, o.Version, o.UpdateTime = r.ID, r.Value, r.Source, r.Version, ts(r.CreateTime)
	}
	return o
}

func (s *Emergency) RuleList(ctx context.Context, _ *commonv1.Empty) (*pb.EmergencyRules, error) {
	views, err := s.uc.RuleList(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.EmergencyRules{}
	for _, v := range views {
		out.Items = append(out.Items, ruleOut(v.Def, v.Current))
	}
	return out, nil
}

func (s *Emergency) RuleHistory(ctx context.Context, q *pb.EmergencyRuleCode) (*pb.EmergencyRules, error) {
	d, rows, err := s.uc.RuleHistory(ctx, q.Code)
	if err != nil {
		return nil, err
	}
	out := &pb.EmergencyRules{}
	for i := range rows {
		out.Items = append(out.Items, ruleOut(d, &rows[i]))
	}
	return out, nil
}

func (s *Emergency) RuleSubmit(ctx context.Context, r *pb.EmergencyRule) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SubmitRule(ctx, r.Code, r.Value, r.Source)
}

// ---- calendar ----

func (s *Emergency) HolidayList(ctx context.Context, q *pb.HolidayQuery) (*pb.Holidays, error) {
	year := int(q.Year)
	if year == 0 {
		year = s.uc.Now().In(timefmt.Zone).Year()
	}
	if year < 1949 || year > 2999 {
		return nil, errs.BadRequest("年份应在 1949 到 2999 之间")
	}
	days, err := s.uc.Q.Holidays(ctx, fmt.Sprintf("%04d-01-01", year), fmt.Sprintf("%04d-01-01", year+1))
	if err != nil {
		return nil, err
	}
	out := &pb.Holidays{}
	for _, d := range days {
		out.Items = append(out.Items, &pb.Holiday{Id: d.ID, Day: d.Day, Name: d.Name, Working: d.Working})
	}
	return out, nil
}

func (s *Emergency) HolidaySubmit(ctx context.Context, h *pb.Holiday) (*wrapperspb.BoolValue, error) {
	in := &biz.Holiday{Day: h.Day, Name: h.Name, Working: h.Working}
	in.ID = h.Id
	return svc.OK, s.uc.SubmitHoliday(ctx, in)
}

func (s *Emergency) HolidayRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.Holidays.Remove)
}

// ---- plans ----

func planOut(p *biz.Plan) *pb.EmergencyPlan {
	return &pb.EmergencyPlan{Id: p.ID, RootId: p.RootID, Code: p.Code, Name: p.Name, PlanType: p.PlanType, Version: p.Version, State: p.State,
		Content: p.Content, ResponseCards: p.ResponseCards, ResponsibleUserId: p.ResponsibleUserID, ReviewWay: p.ReviewWay,
		Reviewers: p.Reviewers, ReviewOpinion: p.ReviewOpinion, ReviewDate: date(p.ReviewDate), PublishDate: date(p.PublishDate),
		FilingDue: date(p.FilingDue), FiledDate: date(p.FiledDate), EvaluationDue: date(p.EvaluationDue), ReviseReason: p.ReviseReason,
		CreateTime: ts(p.CreateTime), UpdateTime: ts(p.UpdateTime)}
}

// decorate adds the computed deadlines to plans.
func (s *Emergency) decorate(ctx context.Context, plans []*biz.Plan, out []*pb.EmergencyPlan) error {
	rules, err := s.uc.RuleSetOf(ctx)
	if err != nil {
		return err
	}
	roots := make([]int64, 0, len(plans))
	for _, p := range plans {
		roots = append(roots, p.RootID)
	}
	last, err := s.uc.Q.LastDrills(ctx, roots)
	if err != nil {
		return err
	}
	now := s.uc.Now()
	for i, p := range plans {
		var lp *time.Time
		if t, ok := last[p.RootID]; ok {
			lp = &t
		}
		d := biz.Deadlines(p, rules, lp, now)
		out[i].LastDrillDate, out[i].DrillDue, out[i].DrillOverdue, out[i].FilingOverdue = date(d.LastDrill), date(d.DrillDue), d.DrillOverdue, d.FilingOverdue
	}
	return nil
}

func (s *Emergency) planPage(ctx context.Context, p *paging.Page[biz.Plan]) (*pb.EmergencyPlanPage, error) {
	out := &pb.EmergencyPlanPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, planOut)
	ptrs := make([]*biz.Plan, len(p.Records))
	for i := range p.Records {
		ptrs[i] = &p.Records[i]
	}
	return out, s.decorate(ctx, ptrs, out.Records)
}

func (s *Emergency) PlanPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.EmergencyPlanPage, error) {
	p, err := s.uc.Plans.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return s.planPage(ctx, p)
}

func (s *Emergency) PlanDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.EmergencyPlan, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	p, err := s.uc.Plans.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	o := planOut(p)
	return o, s.decorate(ctx, []*biz.Plan{p}, []*pb.EmergencyPlan{o})
}

func (s *Emergency) PlanVersions(ctx context.Context, q *commonv1.IdQuery) (*pb.EmergencyPlanPage, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	p, err := s.uc.Plans.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	vs, err := s.uc.Q.Versions(ctx, p.RootID)
	if err != nil {
		return nil, err
	}
	return s.planPage(ctx, &paging.Page[biz.Plan]{Records: vs, Total: int64(len(vs)), Size: len(vs), Current: 1})
}

func (s *Emergency) PlanSubmit(ctx context.Context, p *pb.EmergencyPlan) (*wrapperspb.BoolValue, error) {
	in := &biz.Plan{Code: p.Code, Name: p.Name, PlanType: p.PlanType, Content: p.Content, ResponseCards: p.ResponseCards,
		ResponsibleUserID: p.ResponsibleUserId}
	in.ID = p.Id
	return svc.OK, s.uc.SubmitPlan(ctx, in)
}

func (s *Emergency) PlanReviewed(ctx context.Context, r *pb.PlanReview) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(r.Id); err != nil {
		return nil, err
	}
	d, err := needDate("评审日期", r.ReviewDate)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.ReviewPlan(ctx, r.Id, r.ReviewWay, r.Reviewers, r.ReviewOpinion, d)
}

func (s *Emergency) PlanPublish(ctx context.Context, r *pb.PlanDate) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(r.Id); err != nil {
		return nil, err
	}
	d, err := needDate("发布日期", r.Date)
	if err != nil {
		return nil, err
	}
	cal, err := s.Calendar(ctx)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.PublishPlan(ctx, r.Id, d, cal)
}

func (s *Emergency) PlanFile(ctx context.Context, r *pb.PlanDate) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(r.Id); err != nil {
		return nil, err
	}
	d, err := needDate("备案日期", r.Date)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.FilePlan(ctx, r.Id, d)
}

func (s *Emergency) PlanRevised(ctx context.Context, r *pb.PlanRevise) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(r.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.RevisePlan(ctx, r.Id, r.Reason)
}

func (s *Emergency) PlanRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemovePlans)
}

// ---- supplies ----

func (s *Emergency) supplyOut(x *biz.Supply) *pb.Supply {
	return &pb.Supply{Id: x.ID, Name: x.Name, Category: x.Category, Model: x.Model, Warehouse: x.Warehouse, Quantity: x.Quantity,
		MinStock: x.MinStock, Unit: x.Unit, ExpiryDate: date(x.ExpiryDate), CheckCycleDays: x.CheckCycleDays,
		LastCheckDate: date(x.LastCheckDate), NextCheckDate: date(biz.NextCheck(x)), Scrapped: x.Scrapped,
		ResponsibleUserId: x.ResponsibleUserID, SupplyStatus: biz.SupplyStatus(x, s.uc.Now()), Remark: x.Remark,
		CreateTime: ts(x.CreateTime), UpdateTime: ts(x.UpdateTime)}
}

func (s *Emergency) SupplyPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.SupplyPage, error) {
	p, err := s.uc.Supplies.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.SupplyPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, s.supplyOut)
	return out, nil
}

func (s *Emergency) SupplyDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Supply, error) {
	return svc.Detail(ctx, q.Id, s.uc.Supplies.Get, s.supplyOut)
}

func (s *Emergency) SupplySubmit(ctx context.Context, p *pb.Supply) (*wrapperspb.BoolValue, error) {
	exp, err := parseDate("有效期至", p.ExpiryDate)
	if err != nil {
		return nil, err
	}
	in := &biz.Supply{Name: p.Name, Category: p.Category, Model: p.Model, Warehouse: p.Warehouse, Quantity: p.Quantity, MinStock: p.MinStock,
		Unit: p.Unit, ExpiryDate: exp, CheckCycleDays: p.CheckCycleDays, ResponsibleUserID: p.ResponsibleUserId, Remark: p.Remark}
	in.ID = p.Id
	return svc.OK, s.uc.SubmitSupply(ctx, in)
}

func (s *Emergency) SupplyChecked(ctx context.Context, c *pb.SupplyCheck) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(c.Id); err != nil {
		return nil, err
	}
	d, err := needDate("检查日期", c.CheckDate)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.CheckSupply(ctx, c.Id, d, c.Quantity, c.Scrapped)
}

func (s *Emergency) SupplyRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveSupplies)
}

// ---- teams ----

func teamOut(t *biz.Team) *pb.Team {
	return &pb.Team{Id: t.ID, Name: t.Name, TeamType: t.TeamType, LeaderName: t.LeaderName, Phone: t.Phone,
		ResponsibleUserId: t.ResponsibleUserID, Duty: t.Duty, CreateTime: ts(t.CreateTime), UpdateTime: ts(t.UpdateTime)}
}

func (s *Emergency) TeamPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.TeamPage, error) {
	p, err := s.uc.Teams.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.TeamPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, teamOut)
	ids := make([]int64, 0, len(p.Records))
	for _, t := range p.Records {
		ids = append(ids, t.ID)
	}
	n, err := s.uc.Q.MemberCounts(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, o := range out.Records {
		o.MemberCount = n[o.Id]
	}
	return out, nil
}

func (s *Emergency) TeamDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Team, error) {
	t, err := svc.Detail(ctx, q.Id, s.uc.Teams.Get, teamOut)
	if err != nil {
		return nil, err
	}
	n, err := s.uc.Q.MemberCounts(ctx, []int64{t.Id})
	if err != nil {
		return nil, err
	}
	t.MemberCount = n[t.Id]
	return t, nil
}

func (s *Emergency) TeamSubmit(ctx context.Context, p *pb.Team) (*wrapperspb.BoolValue, error) {
	in := &biz.Team{Name: p.Name, TeamType: p.TeamType, LeaderName: p.LeaderName, Phone: p.Phone, ResponsibleUserID: p.ResponsibleUserId, Duty: p.Duty}
	in.ID = p.Id
	return svc.OK, s.uc.SubmitTeam(ctx, in)
}

func (s *Emergency) TeamRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveTeams)
}

func (s *Emergency) MemberPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.MemberPage, error) {
	p, err := s.uc.Members.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.MemberPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, func(m *biz.Member) *pb.Member {
		return &pb.Member{Id: m.ID, TeamId: m.TeamID, Name: m.Name, Phone: m.Phone, Role: m.Role, Skills: m.Skills, UserId: m.UserID, CreateTime: ts(m.CreateTime)}
	})
	ids := make([]int64, 0, len(p.Records))
	for _, m := range p.Records {
		ids = append(ids, m.TeamID)
	}
	names, err := s.uc.Q.TeamNames(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, o := range out.Records {
		o.TeamName = names[o.TeamId]
	}
	return out, nil
}

func (s *Emergency) MemberSubmit(ctx context.Context, p *pb.Member) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(p.TeamId); err != nil {
		return nil, errs.BadRequest("请选择所属队伍")
	}
	in := &biz.Member{TeamID: p.TeamId, Name: p.Name, Phone: p.Phone, Role: p.Role, Skills: p.Skills, UserID: p.UserId}
	in.ID = p.Id
	return svc.OK, s.uc.SubmitMember(ctx, in)
}

func (s *Emergency) MemberRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveMembers)
}

// ---- drills ----

func drillOut(d *biz.Drill) *pb.Drill {
	return &pb.Drill{Id: d.ID, Name: d.Name, PlanId: d.PlanID, Way: d.Way, State: d.State, PlannedDate: date(d.PlannedDate),
		ActualDate: date(d.ActualDate), Place: d.Place, Scenario: d.Scenario, TeamId: d.TeamID, Participants: d.Participants,
		ResponsibleUserId: d.ResponsibleUserID, Record: d.Record, EvaluationGrade: d.EvaluationGrade, Evaluation: d.Evaluation,
		Rectifications: d.Rectifications, ReportedToAuthority: d.ReportedToAuthority, StateReason: d.StateReason,
		CreateTime: ts(d.CreateTime), UpdateTime: ts(d.UpdateTime)}
}

func (s *Emergency) drillNames(ctx context.Context, out []*pb.Drill) error {
	ids := make([]int64, 0, len(out))
	for _, o := range out {
		ids = append(ids, o.PlanId)
	}
	names, err := s.uc.Q.PlanNames(ctx, ids)
	for _, o := range out {
		o.PlanName = names[o.PlanId]
	}
	return err
}

func (s *Emergency) DrillPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.DrillPage, error) {
	p, err := s.uc.Drills.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.DrillPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, drillOut)
	return out, s.drillNames(ctx, out.Records)
}

func (s *Emergency) DrillDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Drill, error) {
	d, err := svc.Detail(ctx, q.Id, s.uc.Drills.Get, drillOut)
	if err != nil {
		return nil, err
	}
	return d, s.drillNames(ctx, []*pb.Drill{d})
}

func (s *Emergency) DrillSubmit(ctx context.Context, p *pb.Drill) (*wrapperspb.BoolValue, error) {
	pd, err := parseDate("计划演练日期", p.PlannedDate)
	if err != nil {
		return nil, err
	}
	in := &biz.Drill{Name: p.Name, PlanID: p.PlanId, Way: p.Way, PlannedDate: pd, Place: p.Place, Scenario: p.Scenario, TeamID: p.TeamId,
		Participants: p.Participants, ResponsibleUserID: p.ResponsibleUserId}
	in.ID = p.Id
	return svc.OK, s.uc.SubmitDrill(ctx, in)
}

func (s *Emergency) DrillMoved(ctx context.Context, m *pb.DrillMove) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(m.Id); err != nil {
		return nil, err
	}
	ad, err := parseDate("实际演练日期", m.ActualDate)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.MoveDrill(ctx, m.Id, biz.DrillMove{Action: m.Action, ActualDate: ad, Record: m.Record, Participants: m.Participants,
		ReportedToAuthority: m.ReportedToAuthority, Reason: m.Reason})
}

func (s *Emergency) DrillEvaluated(ctx context.Context, e *pb.DrillEvaluation) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(e.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.EvaluateDrill(ctx, e.Id, e.EvaluationGrade, e.Evaluation, e.Rectifications)
}

func (s *Emergency) DrillRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveDrills)
}
