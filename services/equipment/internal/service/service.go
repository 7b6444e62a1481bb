// Package service is equipment's transport layer: the gRPC handlers of
// EquipmentService. It converts requests and answers and leaves the rules
// to biz.
package service

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/equipment/internal/biz"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/equipment/v1"
)

// Equipment serves EquipmentService.
type Equipment struct {
	pb.UnimplementedEquipmentServiceServer
	uc *biz.Ledger
	fl *biz.Flows
	rm *biz.Reminders
}

// New binds the handlers to the use cases.
func New(uc *biz.Ledger, fl *biz.Flows, rm *biz.Reminders) *Equipment {
	return &Equipment{uc: uc, fl: fl, rm: rm}
}

func ts(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return timefmt.Format(t)
}

// ---- ledger ----

func equipmentOut(rules map[int64]biz.Rule, today string) func(e *biz.Equipment) *pb.Equipment {
	return func(e *biz.Equipment) *pb.Equipment {
		lead := int32(30)
		r, ok := rules[e.RuleID]
		if ok {
			lead = r.LeadDays
		}
		due := max(biz.DueState(e.NextDue, today, lead), biz.HoursDueState(e))
		if e.Lifecycle == biz.LifecycleScrapped {
			due = biz.DueNone
		}
		return &pb.Equipment{Id: e.ID, TenantId: e.TenantID, Code: e.Code, Name: e.Name, Category: e.Category, CategoryName: biz.CategoryNames[e.Category],
			RuleId: e.RuleID, RuleName: r.Name, Model: e.Model, Maker: e.Maker, AreaId: e.AreaID, Location: e.Location,
			ResponsibleUserId: e.ResponsibleUserID, ResponsibleUserName: e.ResponsibleName, RegisterNo: e.RegisterNo, CommissionDate: e.CommissionDate,
			Lifecycle: e.Lifecycle, MaintainState: e.MaintainState, Enable: e.Enable, MaintainCycleDays: e.MaintainCycleDays,
			LastDetectDate: e.LastDetectDate, NextDetectDate: e.NextDetectDate, LastMaintainDate: e.LastMaintainDate, NextMaintainDate: e.NextMaintainDate,
			NextDue: e.NextDue, DueState: due, Remark: e.Remark, CreateTime: ts(e.CreateTime), UpdateTime: ts(e.UpdateTime),
			MaintainMode: e.MaintainMode, MaintainIntervalHours: e.MaintainIntervalHours, MaintainLeadHours: e.MaintainLeadHours,
			RunHours: e.RunHours, LastMaintainHours: e.LastMaintainHours, NextMaintainHours: e.NextMaintainHours,
			HoursDueState: biz.HoursDueState(e), HoursLeft: biz.HoursLeft(e)}
	}
}

func (s *Equipment) equipmentPage(ctx context.Context, p *paging.Page[biz.Equipment]) (*pb.EquipmentPage, error) {
	rules, err := s.uc.RuleMap(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.EquipmentPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, equipmentOut(rules, s.uc.Today()))
	return out, nil
}

func (s *Equipment) EquipmentPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.EquipmentPage, error) {
	p, err := s.uc.Items.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return s.equipmentPage(ctx, p)
}

func (s *Equipment) EquipmentOverdue(ctx context.Context, q *pb.OverdueQuery) (*pb.EquipmentPage, error) {
	within := q.WithinDays
	if within == 0 {
		within = 30
	}
	p, err := s.uc.Overdue(ctx, int(within), int(q.Current), int(q.Size))
	if err != nil {
		return nil, err
	}
	return s.equipmentPage(ctx, p)
}

func (s *Equipment) EquipmentDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Equipment, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	e, err := s.uc.Items.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	rules, err := s.uc.RuleMap(ctx)
	if err != nil {
		return nil, err
	}
	return equipmentOut(rules, s.uc.Today())(e), nil
}

func (s *Equipment) EquipmentSubmit(ctx context.Context, p *pb.Equipment) (*wrapperspb.BoolValue, error) {
	e := &biz.Equipment{Code: p.Code, Name: p.Name, Category: p.Category, RuleID: p.RuleId, Model: p.Model, Maker: p.Maker, AreaID: p.AreaId,
		Location: p.Location, ResponsibleUserID: p.ResponsibleUserId, RegisterNo: p.RegisterNo, CommissionDate: p.CommissionDate,
		Lifecycle: p.Lifecycle, MaintainState: p.MaintainState, Enable: p.Enable, MaintainCycleDays: p.MaintainCycleDays,
		NextDetectDate: p.NextDetectDate, Remark: p.Remark,
		MaintainMode: p.MaintainMode, MaintainIntervalHours: p.MaintainIntervalHours, MaintainLeadHours: p.MaintainLeadHours, RunHours: p.RunHours}
	e.ID = p.Id
	return svc.OK, s.uc.SubmitEquipment(ctx, e)
}

func (s *Equipment) EquipmentRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveEquipment)
}

// ---- rules ----

func ruleOut(r *biz.Rule) *pb.Rule {
	return &pb.Rule{Id: r.ID, TenantId: r.TenantID, Kind: r.Kind, Name: r.Name, IntervalMonths: r.IntervalMonths, LeadDays: r.LeadDays,
		Basis: r.Basis, Remark: r.Remark, CreateTime: ts(r.CreateTime), UpdateTime: ts(r.UpdateTime)}
}

func (s *Equipment) RulePageList(ctx context.Context, q *commonv1.PageQuery) (*pb.RulePage, error) {
	p, err := s.uc.Rules.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.RulePage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, ruleOut)
	return out, nil
}

func (s *Equipment) RuleDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Rule, error) {
	return svc.Detail(ctx, q.Id, s.uc.Rules.Get, ruleOut)
}

func (s *Equipment) RuleSubmit(ctx context.Context, p *pb.Rule) (*wrapperspb.BoolValue, error) {
	r := &biz.Rule{Kind: p.Kind, Name: p.Name, IntervalMonths: p.IntervalMonths, LeadDays: p.LeadDays, Basis: p.Basis, Remark: p.Remark}
	r.ID = p.Id
	return svc.OK, s.uc.SubmitRule(ctx, r)
}

func (s *Equipment) RuleRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveRules)
}

// ---- records ----

func recordOut(r *biz.Record) *pb.EquipmentRecord {
	return &pb.EquipmentRecord{Id: r.ID, TenantId: r.TenantID, EquipmentId: r.EquipmentID, EquipmentCode: r.EquipmentCode, EquipmentName: r.EquipmentName,
		Kind: r.Kind, RecordDate: r.RecordDate, Result: r.Result, Content: r.Content, Org: r.Org, ReportNo: r.ReportNo, NextDue: r.NextDue,
		OperatorId: r.OperatorID, OperatorName: r.OperatorName, Attachments: r.Attachments, CreateTime: ts(r.CreateTime),
		RunHours: r.RunHours}
}

func (s *Equipment) RecordPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.EquipmentRecordPage, error) {
	p, err := s.uc.Records.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.EquipmentRecordPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, recordOut)
	return out, nil
}

func (s *Equipment) RecordDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.EquipmentRecord, error) {
	return svc.Detail(ctx, q.Id, s.uc.Records.Get, recordOut)
}

func (s *Equipment) RecordSubmit(ctx context.Context, p *pb.EquipmentRecord) (*wrapperspb.BoolValue, error) {
	r := &biz.Record{EquipmentID: p.EquipmentId, Kind: p.Kind, RecordDate: p.RecordDate, Result: p.Result, Content: p.Content, Org: p.Org,
		ReportNo: p.ReportNo, NextDue: p.NextDue, Attachments: p.Attachments, RunHours: p.RunHours}
	r.ID = p.Id
	return svc.OK, s.uc.SubmitRecord(ctx, r)
}

// ---- run-hour readings ----

func readingOut(r *biz.RunReading) *pb.RunReading {
	return &pb.RunReading{Id: r.ID, TenantId: r.TenantID, EquipmentId: r.EquipmentID, EquipmentCode: r.EquipmentCode, EquipmentName: r.EquipmentName,
		Source: r.Source, Reading: r.Reading, RunHours: r.RunHours, CounterReset: r.Reset, Reason: r.Reason, ReadAt: ts(r.ReadAt),
		OperatorId: r.OperatorID, OperatorName: r.OperatorName}
}

func (s *Equipment) RunReadingPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.RunReadingPage, error) {
	p, err := s.uc.Readings.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.RunReadingPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, readingOut)
	return out, nil
}

func (s *Equipment) RunReadingDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.RunReading, error) {
	return svc.Detail(ctx, q.Id, s.uc.Readings.Get, readingOut)
}

func (s *Equipment) RunReadingSubmit(ctx context.Context, p *pb.RunReading) (*wrapperspb.BoolValue, error) {
	r := &biz.RunReading{EquipmentID: p.EquipmentId, EquipmentCode: p.EquipmentCode, Source: p.Source, Reading: p.Reading, Reset: p.CounterReset, Reason: p.Reason}
	r.ID = p.Id
	return svc.OK, s.uc.SubmitReading(ctx, r)
}

func (s *Equipment) RecordRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveRecords)
}

// ---- major hazard installations ----

func factorOut(f *biz.Factor) *pb.Factor {
	return &pb.Factor{Id: f.ID, TenantId: f.TenantID, Kind: f.Kind, Key: f.Key, Name: f.Name, Value: f.Value, PeopleMin: f.PeopleMin, Remark: f.Remark}
}

func (s *Equipment) FactorPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.FactorPage, error) {
	p, err := s.uc.Factors.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.FactorPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, factorOut)
	return out, nil
}

func (s *Equipment) FactorSubmit(ctx context.Context, p *pb.Factor) (*wrapperspb.BoolValue, error) {
	f := &biz.Factor{Kind: p.Kind, Key: p.Key, Name: p.Name, Value: p.Value, PeopleMin: p.PeopleMin, Remark: p.Remark}
	f.ID = p.Id
	return svc.OK, s.uc.SubmitFactor(ctx, f)
}

func (s *Equipment) FactorRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.Factors.Remove)
}

func hazardIn(p *pb.MajorHazard) (*biz.MajorHazard, []biz.MHChemical) {
	h := &biz.MajorHazard{Code: p.Code, Name: p.Name, UnitType: p.UnitType, AreaID: p.AreaId, Location: p.Location, PeopleOutside: p.PeopleOutside,
		MainUserID: p.MainUserId, TechUserID: p.TechUserId, OpUserID: p.OpUserId, EquipmentIDs: p.EquipmentIds, Remark: p.Remark}
	h.ID = p.Id
	chems := make([]biz.MHChemical, 0, len(p.Chemicals))
	for _, c := range p.Chemicals {
		chems = append(chems, biz.MHChemical{Name: c.Name, CAS: c.Cas, FactorKey: c.FactorKey, Quantity: c.Quantity, Critical: c.Critical})
	}
	return h, chems
}

func hazardOut(h *biz.MajorHazard, chems []biz.MHChemical, betas map[string]float64) *pb.MajorHazard {
	o := &pb.MajorHazard{Id: h.ID, TenantId: h.TenantID, Code: h.Code, Name: h.Name, UnitType: h.UnitType, AreaId: h.AreaID, Location: h.Location,
		PeopleOutside: h.PeopleOutside, MainUserId: h.MainUserID, MainUserName: h.MainUserName, TechUserId: h.TechUserID, TechUserName: h.TechUserName,
		OpUserId: h.OpUserID, OpUserName: h.OpUserName, EquipmentIds: h.EquipmentIDs, SValue: h.SValue, Alpha: h.Alpha, RValue: h.RValue,
		Level: h.Level, LevelName: biz.LevelNames[h.Level], Calculation: h.Calculation, Remark: h.Remark, CreateTime: ts(h.CreateTime)}
	for _, c := range chems {
		o.Chemicals = append(o.Chemicals, &pb.Chemical{Name: c.Name, Cas: c.CAS, FactorKey: c.FactorKey, Quantity: c.Quantity, Critical: c.Critical,
			Beta: betas[c.FactorKey], Ratio: c.Quantity / c.Critical})
	}
	return o
}

func (s *Equipment) betas(ctx context.Context) (map[string]float64, error) {
	fs, err := s.uc.TenantFactors(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for _, f := range fs {
		if f.Kind == biz.FactorBeta {
			out[f.Key] = f.Value
		}
	}
	return out, nil
}

func (s *Equipment) MajorHazardPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.MajorHazardPage, error) {
	p, err := s.uc.Hazards.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.MajorHazardPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, func(h *biz.MajorHazard) *pb.MajorHazard { return hazardOut(h, nil, nil) })
	return out, nil
}

func (s *Equipment) MajorHazardDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.MajorHazard, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	h, err := s.uc.Hazards.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	chems, err := s.uc.HQ.Chemicals(ctx, h.ID)
	if err != nil {
		return nil, err
	}
	betas, err := s.betas(ctx)
	if err != nil {
		return nil, err
	}
	return hazardOut(h, chems, betas), nil
}

func (s *Equipment) MajorHazardCalculate(ctx context.Context, p *pb.MajorHazard) (*pb.MajorHazard, error) {
	h, chems := hazardIn(p)
	g, err := s.uc.CalculateHazard(ctx, h, chems)
	if err != nil {
		return nil, err
	}
	h.SValue, h.Alpha, h.RValue, h.Level, h.Calculation = g.S, g.Alpha, g.R, g.Level, g.Calculation
	betas, err := s.betas(ctx)
	if err != nil {
		return nil, err
	}
	return hazardOut(h, chems, betas), nil
}

func (s *Equipment) MajorHazardSubmit(ctx context.Context, p *pb.MajorHazard) (*wrapperspb.BoolValue, error) {
	h, chems := hazardIn(p)
	return svc.OK, s.uc.SubmitHazard(ctx, h, chems)
}

func (s *Equipment) MajorHazardRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveHazards)
}
