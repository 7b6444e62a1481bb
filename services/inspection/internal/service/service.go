// Package service is inspection's transport layer: the gRPC handlers of
// InspectionService. It converts requests and answers and leaves the rules
// to biz.
package service

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"time"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/inspection/internal/biz"
	"anquan/kit/ident"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/inspection/v1"
)

// Inspection serves InspectionService.
type Inspection struct {
	pb.UnimplementedInspectionServiceServer
	uc *biz.Inspection
}

// New binds the handlers to the use cases.
func New(uc *biz.Inspection) *Inspection { return &Inspection{uc: uc} }

func ts(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return timefmt.Format(t)
}

// ---- points ----

func pointOut(p *biz.Point) *pb.InspectPoint {
	var items []biz.CheckItem
	if err := json.Unmarshal([]byte(p.Items), &items); err != nil {
		slog.Warn("inspection: unreadable check items", "point", p.ID, "err", err)
	}
	o := &pb.InspectPoint{Id: p.ID, TenantId: p.TenantID, Code: p.Code, Name: p.Name, PointType: p.PointType, EquipmentId: p.EquipmentID,
		AreaId: p.AreaID, Location: p.Location, Remark: p.Remark, CreateTime: ts(p.CreateTime)}
	for _, it := range items {
		o.Items = append(o.Items, &pb.CheckItem{Name: it.Name, Kind: it.Kind, Min: it.Min, Max: it.Max, Unit: it.Unit})
	}
	return o
}

func (s *Inspection) PointPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.InspectPointPage, error) {
	p, err := s.uc.Points.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.InspectPointPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, pointOut)
	return out, nil
}

func (s *Inspection) PointDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.InspectPoint, error) {
	return svc.Detail(ctx, q.Id, s.uc.Points.Get, pointOut)
}

func (s *Inspection) PointSubmit(ctx context.Context, p *pb.InspectPoint) (*wrapperspb.BoolValue, error) {
	pt := &biz.Point{Code: p.Code, Name: p.Name, PointType: p.PointType, EquipmentID: p.EquipmentId, AreaID: p.AreaId, Location: p.Location, Remark: p.Remark}
	pt.ID = p.Id
	items := make([]biz.CheckItem, 0, len(p.Items))
	for _, it := range p.Items {
		items = append(items, biz.CheckItem{Name: it.Name, Kind: it.Kind, Min: it.Min, Max: it.Max, Unit: it.Unit})
	}
	return svc.OK, s.uc.SubmitPoint(ctx, pt, items)
}

func (s *Inspection) PointRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemovePoints)
}

// ---- plans ----

func planOut(p *biz.Plan) *pb.Plan {
	ids, _ := ident.ParseIDs(p.PointIDs)
	return &pb.Plan{Id: p.ID, TenantId: p.TenantID, Name: p.Name, PointIds: p.PointIDs, InspectorUserId: p.InspectorUserID,
		InspectorName: p.InspectorName, CycleHours: p.CycleHours, Enable: p.Enable, Remark: p.Remark, CreateTime: ts(p.CreateTime),
		PointCount: int32(len(ids)), DeptId: p.DeptID}
}

func (s *Inspection) PlanPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.PlanPage, error) {
	p, err := s.uc.Plans.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.PlanPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, planOut)
	return out, nil
}

func (s *Inspection) PlanDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Plan, error) {
	return svc.Detail(ctx, q.Id, s.uc.Plans.Get, planOut)
}

func (s *Inspection) PlanSubmit(ctx context.Context, p *pb.Plan) (*wrapperspb.BoolValue, error) {
	pl := &biz.Plan{Name: p.Name, PointIDs: p.PointIds, InspectorUserID: p.InspectorUserId, CycleHours: p.CycleHours, Enable: p.Enable, Remark: p.Remark,
		DeptID: p.DeptId}
	pl.ID = p.Id
	return svc.OK, s.uc.SubmitPlan(ctx, pl)
}

func (s *Inspection) PlanRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.Plans.Remove)
}

// ---- tasks ----

func (s *Inspection) taskOut(ctx context.Context) func(t *biz.Task) *pb.Task {
	now := s.uc.Now()
	var uid int64
	if id := ident.From(ctx); id != nil {
		uid = id.UserID
	}
	return func(t *biz.Task) *pb.Task {
		done := ""
		if t.DoneAt != nil {
			done = ts(*t.DoneAt)
		}
		return &pb.Task{Id: t.ID, TenantId: t.TenantID, PlanId: t.PlanID, PlanName: t.PlanName, InspectorUserId: t.InspectorUserID,
			InspectorName: t.InspectorName, StartTime: ts(t.StartAt), EndTime: ts(t.EndAt), State: biz.StateOf(t, now), DoneTime: done,
			AbnormalCount: t.AbnormalCount, Mine: uid != 0 && uid == t.InspectorUserID}
	}
}

func (s *Inspection) TaskPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.TaskPage, error) {
	p, err := s.uc.Tasks.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.TaskPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, s.taskOut(ctx))
	return out, nil
}

func (s *Inspection) TaskDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Task, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	t, err := s.uc.Tasks.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	out := s.taskOut(ctx)(t)
	tps, err := s.uc.Q.TaskPoints(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	route := make([]int64, 0, len(tps))
	for _, tp := range tps {
		route = append(route, tp.PointID)
	}
	pts, err := s.uc.Q.PointsByIDs(ctx, route)
	if err != nil {
		return nil, err
	}
	byID := map[int64]*biz.Point{}
	for i := range pts {
		byID[pts[i].ID] = &pts[i]
	}
	now := s.uc.Now()
	for _, tp := range tps {
		if p, ok := byID[tp.PointID]; ok {
			out.Points = append(out.Points, pointOut(p))
		}
		st := &pb.TaskPointState{PointId: tp.PointID, InspectStatus: biz.StatusAt(tp.InspectStatus, tp.EndAt, tp.MissAt, now), RecordId: tp.RecordID}
		if tp.InspectedAt != nil {
			st.InspectedTime = ts(*tp.InspectedAt)
		}
		out.PointStates = append(out.PointStates, st)
	}
	return out, nil
}

func (s *Inspection) TaskGenerate(ctx context.Context, _ *commonv1.IdQuery) (*pb.TaskGenerateResult, error) {
	n, err := s.uc.Generate(ctx)
	if err != nil {
		return nil, err
	}
	return &pb.TaskGenerateResult{Created: int32(n)}, nil
}

func results(q *pb.TaskCompleteRequest) []biz.PointResult {
	out := make([]biz.PointResult, 0, len(q.Results))
	for _, r := range q.Results {
		pr := biz.PointResult{PointID: r.PointId, ScanCode: r.ScanCode, Remark: r.Remark, Photos: r.Photos}
		for _, it := range r.Items {
			pr.Items = append(pr.Items, biz.ItemResult{Name: it.Name, Value: it.Value})
		}
		out = append(out, pr)
	}
	return out
}

func (s *Inspection) TaskComplete(ctx context.Context, q *pb.TaskCompleteRequest) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.Complete(ctx, q.Id, results(q))
}

func (s *Inspection) TaskMakeUp(ctx context.Context, q *pb.TaskCompleteRequest) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	return svc.OK, s.uc.MakeUp(ctx, q.Id, results(q))
}

// ---- statistics ----

func statOut(r biz.StatRow) *pb.InspectStat {
	return &pb.InspectStat{DeptId: r.DeptID, DeptName: r.DeptName, InspectorUserId: r.InspectorUserID, InspectorName: r.InspectorName,
		Due: r.Due, Inspected: r.Inspected, OnTime: r.OnTime, Overdue: r.Overdue, MadeUp: r.MadeUp, Missed: r.Missed,
		Coverage: r.Coverage(), Timeliness: r.Timeliness()}
}

func statsQuery(q *pb.InspectStatsQuery) biz.StatsQuery {
	return biz.StatsQuery{From: q.BeginDate, To: q.EndDate, ByPerson: q.GroupBy == "person", DeptID: q.DeptId, UserID: q.InspectorUserId}
}

func (s *Inspection) Stats(ctx context.Context, q *pb.InspectStatsQuery) (*pb.InspectStats, error) {
	bq := statsQuery(q)
	rows, err := s.uc.Stats(ctx, bq)
	if err != nil {
		return nil, err
	}
	from, to, _ := biz.StatRange(bq, s.uc.Now()) // checked by Stats
	out := &pb.InspectStats{BeginDate: from.Format("2006-01-02"), EndDate: to.AddDate(0, 0, -1).Format("2006-01-02")}
	var total biz.StatRow
	for _, r := range rows {
		out.Items = append(out.Items, statOut(r))
		total.Due, total.Inspected, total.OnTime = total.Due+r.Due, total.Inspected+r.Inspected, total.OnTime+r.OnTime
		total.Overdue, total.MadeUp, total.Missed = total.Overdue+r.Overdue, total.MadeUp+r.MadeUp, total.Missed+r.Missed
	}
	total.DeptName = "合计"
	out.Total = statOut(total)
	daily, err := s.uc.Daily(ctx, bq)
	if err != nil {
		return nil, err
	}
	for _, d := range daily {
		out.Daily = append(out.Daily, &pb.InspectDayStat{Day: d.Day, Due: d.Due, Inspected: d.Inspected, OnTime: d.OnTime,
			Coverage: d.Coverage(), Timeliness: d.Timeliness()})
	}
	return out, nil
}

func pct(v float64) string { return strconv.FormatFloat(v*100, 'f', 1, 64) + "%" }

func (s *Inspection) StatsExport(ctx context.Context, q *pb.InspectStatsQuery) (*httpbody.HttpBody, error) {
	rows, err := s.uc.Stats(ctx, statsQuery(q))
	if err != nil {
		return nil, err
	}
	cols := []xlsx.Column[biz.StatRow]{
		{Header: "班组", Width: 20, Value: func(r biz.StatRow) any { return r.DeptName }},
	}
	if q.GroupBy == "person" {
		cols = append(cols, xlsx.Column[biz.StatRow]{Header: "巡检人员", Value: func(r biz.StatRow) any { return r.InspectorName }})
	}
	cols = append(cols,
		xlsx.Column[biz.StatRow]{Header: "应检点数", Value: func(r biz.StatRow) any { return r.Due }},
		xlsx.Column[biz.StatRow]{Header: "已检点数", Value: func(r biz.StatRow) any { return r.Inspected }},
		xlsx.Column[biz.StatRow]{Header: "按时完成", Value: func(r biz.StatRow) any { return r.OnTime }},
		xlsx.Column[biz.StatRow]{Header: "超期已检", Value: func(r biz.StatRow) any { return r.Overdue }},
		xlsx.Column[biz.StatRow]{Header: "漏检已补", Value: func(r biz.StatRow) any { return r.MadeUp }},
		xlsx.Column[biz.StatRow]{Header: "漏检", Value: func(r biz.StatRow) any { return r.Missed }},
		xlsx.Column[biz.StatRow]{Header: "覆盖率", Value: func(r biz.StatRow) any { return pct(r.Coverage()) }},
		xlsx.Column[biz.StatRow]{Header: "及时率", Value: func(r biz.StatRow) any { return pct(r.Timeliness()) }},
	)
	return svc.ExportRows(ctx, "巡检统计", cols, rows)
}

// ---- records ----

func recordOut(r *biz.Record) *pb.InspectRecord {
	var items []biz.ItemResult
	if err := json.Unmarshal([]byte(r.Items), &items); err != nil {
		slog.Warn("inspection: unreadable record items", "record", r.ID, "err", err)
	}
	o := &pb.InspectRecord{Id: r.ID, TenantId: r.TenantID, TaskId: r.TaskID, PlanId: r.PlanID, PointId: r.PointID, PointCode: r.PointCode,
		PointName: r.PointName, Abnormal: r.Abnormal, Remark: r.Remark, Photos: r.Photos, InspectorUserId: r.InspectorUserID,
		InspectorName: r.InspectorName, DoneTime: ts(r.DoneAt)}
	for _, it := range items {
		o.Items = append(o.Items, &pb.ItemResult{Name: it.Name, Value: it.Value, Abnormal: it.Abnormal})
	}
	return o
}

func (s *Inspection) RecordPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.InspectRecordPage, error) {
	p, err := s.uc.Records.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.InspectRecordPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, recordOut)
	return out, nil
}
