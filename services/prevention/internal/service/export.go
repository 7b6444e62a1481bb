package service

import (
	"context"
	"strconv"

	"google.golang.org/genproto/googleapis/api/httpbody"

	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	"anquan/prevention/internal/biz"
	commonv1 "anquan/proto/blade/common/v1"
)

type col[T any] = xlsx.Column[T]

// names reads id -> name of every object, unit or event of the tenant (a
// handful of hundreds), so export rows need no lookup each.
func names[T any](ctx context.Context, st paging.Store[T], f func(*T) (int64, string)) (map[int64]string, error) {
	rows, err := st.List(ctx, paging.Query{}, 0)
	if err != nil {
		return nil, err
	}
	m := make(map[int64]string, len(rows))
	for i := range rows {
		id, name := f(&rows[i])
		m[id] = name
	}
	return m, nil
}

func objectName(o *biz.RiskObject) (int64, string) { return o.ID, o.Name }
func unitName(u *biz.RiskUnit) (int64, string)     { return u.ID, u.Name }
func eventName(e *biz.RiskEvent) (int64, string)   { return e.ID, e.Name }

func (s *Prevention) RiskUnitExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	on, err := names(ctx, s.uc.Objects, objectName)
	if err != nil {
		return nil, err
	}
	return svc.Export(ctx, s.uc.Units, svc.Query(q), "风险分析单元", []col[biz.RiskUnit]{
		{Header: "单元编码", Value: func(u biz.RiskUnit) any { return u.Code }},
		{Header: "单元名称", Width: 24, Value: func(u biz.RiskUnit) any { return u.Name }},
		{Header: "风险分析对象", Width: 24, Value: func(u biz.RiskUnit) any { return on[u.ObjectID] }},
		{Header: "重大危险源编码", Value: func(u biz.RiskUnit) any { return u.HazardCode }},
		{Header: "责任部门", Value: func(u biz.RiskUnit) any { return u.DeptName }},
		{Header: "责任人", Value: func(u biz.RiskUnit) any { return u.ResponsibleUserName }},
		{Header: "风险类别", Value: func(u biz.RiskUnit) any { return biz.RiskClasses[u.RiskClass] }},
		{Header: "风险等级", Value: func(u biz.RiskUnit) any { return biz.LevelNames[u.RiskLevel] }},
		{Header: "运行状态", Value: func(u biz.RiskUnit) any { return biz.OperationStates[u.OperationState] }},
	})
}

func (s *Prevention) RiskEventExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	un, err := names(ctx, s.uc.Units, unitName)
	if err != nil {
		return nil, err
	}
	return svc.Export(ctx, s.uc.REvents, svc.Query(q), "风险事件", []col[biz.RiskEvent]{
		{Header: "风险分析单元", Width: 24, Value: func(e biz.RiskEvent) any { return un[e.UnitID] }},
		{Header: "风险事件", Width: 30, Value: func(e biz.RiskEvent) any { return e.Name }},
		{Header: "评价方法", Value: func(e biz.RiskEvent) any { return e.Method }},
		{Header: "L", Width: 8, Value: func(e biz.RiskEvent) any { return e.L }},
		{Header: "E", Width: 8, Value: func(e biz.RiskEvent) any { return e.E }},
		{Header: "C", Width: 8, Value: func(e biz.RiskEvent) any { return e.C }},
		{Header: "S", Width: 8, Value: func(e biz.RiskEvent) any { return e.S }},
		{Header: "风险值", Width: 10, Value: func(e biz.RiskEvent) any { return e.Score }},
		{Header: "风险等级", Value: func(e biz.RiskEvent) any { return biz.LevelNames[e.RiskLevel] }},
		{Header: "管控层级", Value: func(e biz.RiskEvent) any { return biz.ControlLevels[e.ControlLevel] }},
	})
}

func (s *Prevention) MeasureExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	un, err := names(ctx, s.uc.Units, unitName)
	if err != nil {
		return nil, err
	}
	en, err := names(ctx, s.uc.REvents, eventName)
	if err != nil {
		return nil, err
	}
	return svc.Export(ctx, s.uc.Measures, svc.Query(q), "管控措施", []col[biz.Measure]{
		{Header: "风险分析单元", Width: 24, Value: func(m biz.Measure) any { return un[m.UnitID] }},
		{Header: "风险事件", Width: 24, Value: func(m biz.Measure) any { return en[m.EventID] }},
		{Header: "管控方式", Value: func(m biz.Measure) any { return biz.DataSources[m.DataSrc] }},
		{Header: "分类1", Value: func(m biz.Measure) any { return biz.Classify1[m.Classify1] }},
		{Header: "分类2", Value: func(m biz.Measure) any { return biz.Classify2[m.Classify2] }},
		{Header: "分类3", Value: func(m biz.Measure) any { return m.Classify3 }},
		{Header: "管控措施描述", Width: 50, Value: func(m biz.Measure) any { return m.Description }},
		{Header: "隐患排查内容", Width: 40, Value: func(m biz.Measure) any { return m.TroubleshootContent }},
	})
}

func (s *Prevention) CheckTaskExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.Tasks, svc.Query(q), "排查任务", []col[biz.CheckTask]{
		{Header: "风险分析单元", Width: 24, Value: func(t biz.CheckTask) any { return t.UnitName }},
		{Header: "任务名称", Width: 36, Value: func(t biz.CheckTask) any { return t.PlanName }},
		{Header: "开始时间", Width: 20, Value: func(t biz.CheckTask) any { return timefmt.Format(t.StartTime) }},
		{Header: "结束时间", Width: 20, Value: func(t biz.CheckTask) any { return timefmt.Format(t.EndTime) }},
		{Header: "排查周期", Value: func(t biz.CheckTask) any { return itoa(t.CheckCycle) + biz.CycleUnits[t.CheckCycleUnit] }},
		{Header: "责任人/岗位", Value: func(t biz.CheckTask) any { return first(t.ResponsibleUserName, t.PostName) }},
		{Header: "任务状态", Value: func(t biz.CheckTask) any { return biz.TaskStates[t.TaskState] }},
		{Header: "排查时间", Width: 20, Value: func(t biz.CheckTask) any { return timefmt.FormatPtr(t.CheckTime) }},
		{Header: "排查人", Value: func(t biz.CheckTask) any { return t.CheckUserName }},
	})
}

func (s *Prevention) CheckRecordExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.Records, svc.Query(q), "排查记录", []col[biz.CheckRecord]{
		{Header: "风险分析单元", Width: 24, Value: func(r biz.CheckRecord) any { return r.UnitName }},
		{Header: "排查任务", Width: 36, Value: func(r biz.CheckRecord) any { return r.MeasureDesc }},
		{Header: "排查时间", Width: 20, Value: func(r biz.CheckRecord) any { return timefmt.Format(r.CheckTime) }},
		{Header: "排查结果", Value: func(r biz.CheckRecord) any { return biz.CheckStatuses[r.CheckStatus] }},
		{Header: "排查人", Value: func(r biz.CheckRecord) any { return r.CheckUserName }},
		{Header: "任务状态", Value: func(r biz.CheckRecord) any { return biz.TaskStates[r.TaskState] }},
		{Header: "备注", Width: 30, Value: func(r biz.CheckRecord) any { return r.Remark }},
	})
}

func (s *Prevention) HazardExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.Hazards, svc.Query(q), "隐患治理", []col[biz.Hazard]{
		{Header: "隐患名称", Width: 30, Value: func(h biz.Hazard) any { return h.DangerName }},
		{Header: "隐患等级", Value: func(h biz.Hazard) any { return biz.DangerLevels[h.DangerLevel] }},
		{Header: "隐患来源", Value: func(h biz.Hazard) any { return biz.DangerSources[h.DangerSrc] }},
		{Header: "治理类型", Value: func(h biz.Hazard) any { return biz.ManageTypes[h.DangerManageType] }},
		{Header: "隐患类型", Value: func(h biz.Hazard) any { return biz.HazardDangerTypes[h.HazardDangerType] }},
		{Header: "风险分析单元", Width: 24, Value: func(h biz.Hazard) any { return h.UnitName }},
		{Header: "上报人", Value: func(h biz.Hazard) any { return h.ReportUserName }},
		{Header: "上报时间", Width: 20, Value: func(h biz.Hazard) any { return timefmt.Format(h.ReportTime) }},
		{Header: "整改期限", Width: 20, Value: func(h biz.Hazard) any { return timefmt.FormatPtr(h.Deadline) }},
		{Header: "整改责任人", Value: func(h biz.Hazard) any { return h.LiableUserName }},
		{Header: "状态", Value: func(h biz.Hazard) any { return biz.HazardStates[h.DangerState] }},
		{Header: "是否逾期", Value: func(h biz.Hazard) any { return map[int32]string{0: "否", 1: "是"}[h.Overdue] }},
		{Header: "验收人", Value: func(h biz.Hazard) any { return h.AcceptUserName }},
		{Header: "验收时间", Width: 20, Value: func(h biz.Hazard) any { return timefmt.FormatPtr(h.AcceptTime) }},
	})
}

func itoa(v int32) string { return strconv.Itoa(int(v)) }

func first(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
