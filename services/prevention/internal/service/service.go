// Package service is prevention's transport layer: the gRPC handlers of
// PreventionService. It converts requests and answers and leaves the rules
// to biz.
package service

import (
	"context"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	"anquan/prevention/internal/biz"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/prevention/v1"
)

// Prevention serves PreventionService.
type Prevention struct {
	pb.UnimplementedPreventionServiceServer
	pb.UnimplementedPreventionInternalServer
	uc *biz.Prevention
}

// New binds the handlers to the use cases.
func New(uc *biz.Prevention) *Prevention { return &Prevention{uc: uc} }

// page reads a page of a store and decorates its rows.
func page[T any](ctx context.Context, st paging.Store[T], q *commonv1.PageQuery, decorate func(context.Context, []T) error) (*paging.Page[T], error) {
	p, err := st.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	if decorate != nil {
		if err := decorate(ctx, p.Records); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func list[T any](ctx context.Context, st paging.Store[T], q *commonv1.PageQuery, decorate func(context.Context, []T) error) ([]T, error) {
	rows, err := st.List(ctx, svc.Query(q), 0)
	if err != nil {
		return nil, err
	}
	if decorate != nil {
		if err := decorate(ctx, rows); err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// ---------------------------------------------------------------- objects

func (s *Prevention) PageRiskObject(ctx context.Context, q *commonv1.PageQuery) (*pb.RiskObjectPage, error) {
	p, err := page(ctx, s.uc.Objects, q, s.uc.DecorateObjects)
	if err != nil {
		return nil, err
	}
	return &pb.RiskObjectPage{Records: svc.Map(p.Records, objectOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}, nil
}

func (s *Prevention) ListRiskObject(ctx context.Context, q *commonv1.PageQuery) (*pb.RiskObjectList, error) {
	rows, err := list(ctx, s.uc.Objects, q, nil)
	if err != nil {
		return nil, err
	}
	return &pb.RiskObjectList{Items: svc.Map(rows, objectOut)}, nil
}

func (s *Prevention) RiskObjectDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.RiskObject, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	o, err := s.uc.Objects.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	one := []biz.RiskObject{*o}
	if err := s.uc.DecorateObjects(ctx, one); err != nil {
		return nil, err
	}
	return objectOut(&one[0]), nil
}

func (s *Prevention) RiskObjectSubmit(ctx context.Context, p *pb.RiskObject) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SaveObject(ctx, objectIn(p))
}

func (s *Prevention) RiskObjectRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveObjects)
}

// ---------------------------------------------------------------- units

func (s *Prevention) PageRiskUnit(ctx context.Context, q *commonv1.PageQuery) (*pb.RiskUnitPage, error) {
	p, err := page(ctx, s.uc.Units, q, s.uc.DecorateUnits)
	if err != nil {
		return nil, err
	}
	return &pb.RiskUnitPage{Records: svc.Map(p.Records, unitOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}, nil
}

func (s *Prevention) ListRiskUnit(ctx context.Context, q *commonv1.PageQuery) (*pb.RiskUnitList, error) {
	rows, err := list(ctx, s.uc.Units, q, nil)
	if err != nil {
		return nil, err
	}
	return &pb.RiskUnitList{Items: svc.Map(rows, unitOut)}, nil
}

func (s *Prevention) RiskUnitDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.RiskUnit, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	u, err := s.uc.Units.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	one := []biz.RiskUnit{*u}
	if err := s.uc.DecorateUnits(ctx, one); err != nil {
		return nil, err
	}
	return unitOut(&one[0]), nil
}

func (s *Prevention) RiskUnitFull(ctx context.Context, q *commonv1.IdQuery) (*pb.RiskUnitTree, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	t, err := s.uc.UnitFull(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return &pb.RiskUnitTree{Unit: unitOut(t.Unit), Events: svc.Map(t.Events, eventOut), Measures: svc.Map(t.Measures, measureOut), Plans: svc.Map(t.Plans, planOut)}, nil
}

func (s *Prevention) RiskUnitSubmit(ctx context.Context, p *pb.RiskUnit) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SaveUnit(ctx, unitIn(p))
}

func (s *Prevention) RiskUnitRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveUnits)
}

// ---------------------------------------------------------------- events

func (s *Prevention) PageRiskEvent(ctx context.Context, q *commonv1.PageQuery) (*pb.RiskEventPage, error) {
	p, err := page(ctx, s.uc.REvents, q, s.uc.DecorateEvents)
	if err != nil {
		return nil, err
	}
	return &pb.RiskEventPage{Records: svc.Map(p.Records, eventOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}, nil
}

func (s *Prevention) ListRiskEvent(ctx context.Context, q *commonv1.PageQuery) (*pb.RiskEventList, error) {
	rows, err := list(ctx, s.uc.REvents, q, nil)
	if err != nil {
		return nil, err
	}
	return &pb.RiskEventList{Items: svc.Map(rows, eventOut)}, nil
}

func (s *Prevention) RiskEventDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.RiskEvent, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	e, err := s.uc.REvents.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	one := []biz.RiskEvent{*e}
	if err := s.uc.DecorateEvents(ctx, one); err != nil {
		return nil, err
	}
	return eventOut(&one[0]), nil
}

func (s *Prevention) RiskEventSubmit(ctx context.Context, p *pb.RiskEvent) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SaveEvent(ctx, eventIn(p))
}

func (s *Prevention) RiskEventRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveEvents)
}

func (s *Prevention) RiskEventGrade(_ context.Context, p *pb.RiskEvent) (*pb.GradeResult, error) {
	e := eventIn(p)
	if err := biz.GradeEvent(e); err != nil {
		return nil, err
	}
	return &pb.GradeResult{Score: e.Score, RiskLevel: e.RiskLevel, RiskColour: biz.Colour(e.RiskLevel), RiskLevelName: biz.LevelNames[e.RiskLevel]}, nil
}

// ---------------------------------------------------------------- measures

func (s *Prevention) PageMeasure(ctx context.Context, q *commonv1.PageQuery) (*pb.MeasurePage, error) {
	p, err := page(ctx, s.uc.Measures, q, s.uc.DecorateMeasures)
	if err != nil {
		return nil, err
	}
	return &pb.MeasurePage{Records: svc.Map(p.Records, measureOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}, nil
}

func (s *Prevention) ListMeasure(ctx context.Context, q *commonv1.PageQuery) (*pb.MeasureList, error) {
	rows, err := list(ctx, s.uc.Measures, q, nil)
	if err != nil {
		return nil, err
	}
	return &pb.MeasureList{Items: svc.Map(rows, measureOut)}, nil
}

func (s *Prevention) MeasureDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Measure, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	m, err := s.uc.Measures.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	one := []biz.Measure{*m}
	if err := s.uc.DecorateMeasures(ctx, one); err != nil {
		return nil, err
	}
	return measureOut(&one[0]), nil
}

func (s *Prevention) MeasureSubmit(ctx context.Context, p *pb.Measure) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SaveMeasure(ctx, measureIn(p))
}

func (s *Prevention) MeasureRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveMeasures)
}

// ---------------------------------------------------------------- plans

func (s *Prevention) PageCheckPlan(ctx context.Context, q *commonv1.PageQuery) (*pb.CheckPlanPage, error) {
	p, err := page(ctx, s.uc.Plans, q, s.uc.DecoratePlans)
	if err != nil {
		return nil, err
	}
	return &pb.CheckPlanPage{Records: svc.Map(p.Records, planOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}, nil
}

func (s *Prevention) ListCheckPlan(ctx context.Context, q *commonv1.PageQuery) (*pb.CheckPlanList, error) {
	rows, err := list(ctx, s.uc.Plans, q, nil)
	if err != nil {
		return nil, err
	}
	return &pb.CheckPlanList{Items: svc.Map(rows, planOut)}, nil
}

func (s *Prevention) CheckPlanDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.CheckPlan, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	c, err := s.uc.Plans.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	one := []biz.CheckPlan{*c}
	if err := s.uc.DecoratePlans(ctx, one); err != nil {
		return nil, err
	}
	return planOut(&one[0]), nil
}

func (s *Prevention) CheckPlanSubmit(ctx context.Context, p *pb.CheckPlan) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SavePlan(ctx, planIn(p))
}

func (s *Prevention) CheckPlanRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemovePlans)
}

// ---------------------------------------------------------------- tasks

func (s *Prevention) PageCheckTask(ctx context.Context, q *commonv1.PageQuery) (*pb.CheckTaskPage, error) {
	p, err := page(ctx, s.uc.Tasks, q, nil)
	if err != nil {
		return nil, err
	}
	return &pb.CheckTaskPage{Records: svc.Map(p.Records, taskOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}, nil
}

func (s *Prevention) CheckTaskDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.CheckTask, error) {
	return svc.Detail(ctx, q.Id, s.uc.Tasks.Get, taskOut)
}

func (s *Prevention) CheckTaskGenerate(ctx context.Context, r *pb.GenerateRequest) (*pb.GenerateResult, error) {
	var until = s.uc.Now()
	if r.Until != "" {
		t, good := timefmt.Parse(r.Until)
		if !good {
			return nil, errs.BadRequest("截止时间格式错误,应为 yyyy-MM-dd HH:mm:ss")
		}
		until = t
	}
	res, err := s.uc.Generate(ctx, until)
	if err != nil {
		return nil, err
	}
	return &pb.GenerateResult{Plans: int32(res.Plans), Created: int32(res.Created), Missed: int32(res.Missed), Overdue: int32(res.Overdue),
		HazardsOverdue: int32(res.HazardsOverdue), Millis: res.Took.Milliseconds()}, nil
}

// ---------------------------------------------------------------- records

func (s *Prevention) PageCheckRecord(ctx context.Context, q *commonv1.PageQuery) (*pb.CheckRecordPage, error) {
	p, err := page(ctx, s.uc.Records, q, nil)
	if err != nil {
		return nil, err
	}
	return &pb.CheckRecordPage{Records: svc.Map(p.Records, recordOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}, nil
}

func (s *Prevention) CheckRecordDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.CheckRecord, error) {
	return svc.Detail(ctx, q.Id, s.uc.Records.Get, recordOut)
}

func (s *Prevention) CheckRecordSubmit(ctx context.Context, p *pb.CheckRecord) (*wrapperspb.BoolValue, error) {
	_, err := s.uc.SubmitRecord(ctx, recordIn(p))
	return svc.OK, err
}

// ---------------------------------------------------------------- hazards

func (s *Prevention) PageHazard(ctx context.Context, q *commonv1.PageQuery) (*pb.HazardPage, error) {
	p, err := s.uc.Q.HazardPage(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.HazardPage{Records: svc.Map(p.Records, hazardOut), Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}, nil
}

func (s *Prevention) HazardDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Hazard, error) {
	return svc.Detail(ctx, q.Id, s.uc.Hazards.Get, hazardOut)
}

func (s *Prevention) HazardSubmit(ctx context.Context, p *pb.Hazard) (*wrapperspb.BoolValue, error) {
	in := hazardIn(p)
	if in.ID == 0 {
		return svc.OK, s.uc.ReportHazard(ctx, in)
	}
	return svc.OK, s.uc.EditHazard(ctx, in)
}

func (s *Prevention) HazardRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveHazards)
}

func (s *Prevention) HazardAssess(ctx context.Context, a *pb.HazardAction) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.Act(ctx, biz.StepAssess, actionIn(a))
}

func (s *Prevention) HazardRectify(ctx context.Context, a *pb.HazardAction) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.Act(ctx, biz.StepRectify, actionIn(a))
}

func (s *Prevention) HazardAccept(ctx context.Context, a *pb.HazardAction) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.Act(ctx, biz.StepAccept, actionIn(a))
}

// ---------------------------------------------------------------- boards

func (s *Prevention) CommitmentDetail(ctx context.Context, q *pb.DateQuery) (*pb.RiskCommitment, error) {
	c, err := s.uc.Commitment(ctx, q.Date)
	if err != nil {
		return nil, err
	}
	return &pb.RiskCommitment{Date: c.Date, ResponsibleUserName: c.ResponsibleUserName, UnitsTotal: int32(c.UnitsTotal),
		UnitsInOperation: int32(c.UnitsInOperation), UnitsStopped: int32(c.UnitsStopped), SpecialWorks: int32(c.SpecialWorks),
		SpecialWorksNote: c.SpecialWorksNote, HazardsOpen: int32(c.HazardsOpen), HazardsOpenGeneral: int32(c.HazardsOpenGeneral),
		HazardsOpenMajor: int32(c.HazardsOpenMajor), HazardsOverdue: int32(c.HazardsOverdue), TasksDue: int32(c.TasksDue),
		TasksDone: int32(c.TasksDone), TaskCompletionRate: c.CompletionRate, RiskRed: int32(c.Colours[1]), RiskOrange: int32(c.Colours[2]),
		RiskYellow: int32(c.Colours[3]), RiskBlue: int32(c.Colours[4]), CommitmentText: c.Text}, nil
}

func (s *Prevention) ScreenDetail(ctx context.Context, q *pb.DateQuery) (*pb.DualScreen, error) {
	sc, err := s.uc.BigScreen(ctx, q.Date)
	if err != nil {
		return nil, err
	}
	return &pb.DualScreen{Date: sc.Date, UnitColours: countsOut(sc.UnitColours), EventColours: countsOut(sc.EventColours),
		TasksDue: int32(sc.TasksDue), TasksDone: int32(sc.TasksDone), TaskCompletionRate: sc.CompletionRate,
		TaskStates: countsOut(sc.TaskStates), HazardStates: countsOut(sc.HazardStates), HazardLevels: countsOut(sc.HazardLevels),
		HazardsTotal: int32(sc.HazardsTotal), HazardsOpen: int32(sc.HazardsOpen), OverdueHazards: svc.Map(sc.OverdueHazards, hazardOut),
		OverdueTasks: svc.Map(sc.OverdueTasks, taskOut), ObjectsTotal: int32(sc.Objects), UnitsTotal: int32(sc.Units),
		EventsTotal: int32(sc.Events), MeasuresTotal: int32(sc.Measures), PlansTotal: int32(sc.Plans)}, nil
}

// UploadExport answers the provincial upload package as a JSON download.
func (s *Prevention) UploadExport(ctx context.Context, q *pb.UploadQuery) (*httpbody.HttpBody, error) {
	tenant := ""
	if id := ident.From(ctx); id != nil {
		tenant = id.TenantID
	}
	b, err := s.uc.UploadPackage(ctx, tenant, q.Province, q.Kinds)
	if err != nil {
		return nil, err
	}
	province := q.Province
	if province == "" {
		province = "national"
	}
	name := "双重预防上报数据_" + province + "_" + s.uc.Now().In(timefmt.Zone).Format("20060102150405") + ".json"
	_ = grpc.SetHeader(ctx, metadata.Pairs("content-disposition", xlsx.Disposition(name)))
	return &httpbody.HttpBody{ContentType: "application/json; charset=utf-8", Data: b}, nil
}
