package service

import (
	"context"
	"strconv"

	"google.golang.org/genproto/googleapis/api/httpbody"

	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	"anquan/workticket/internal/biz"
)

// TicketExport streams every permit the list's filters select (the same
// whitelist, tenant scope applied by the repository) into an xlsx, in keyset
// batches so memory stays bounded whatever the permit count.
func (s *Workticket) TicketExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.uc.Tickets, svc.Query(q), "作业票", exportCols)
}

func codeName(list []biz.Option, code int32) string {
	return biz.OptionName(list, strconv.Itoa(int(code)))
}

// jobStatusName marks a paused job, which the job status alone does not show.
func jobStatusName(t biz.Ticket) string {
	n := codeName(biz.JobStatuses, t.JobStatus)
	if t.Paused {
		n += "(暂停中)"
	}
	return n
}

var exportCols = []xlsx.Column[biz.Ticket]{
	{Header: "作业票编号", Width: 20, Value: func(t biz.Ticket) any { return t.TicketNo }},
	{Header: "作业类型", Width: 14, Value: func(t biz.Ticket) any { return biz.WorkTypeName(t.WorkType) }},
	{Header: "作业级别", Width: 10, Value: func(t biz.Ticket) any { return biz.LevelName(t.WorkType, t.Level) }},
	{Header: "作业票状态", Width: 10, Value: func(t biz.Ticket) any { return codeName(biz.TicketStatuses, t.TicketStatus) }},
	{Header: "审批状态", Width: 12, Value: func(t biz.Ticket) any { return codeName(biz.FlowStatuses, t.FlowStatus) }},
	{Header: "作业状态", Width: 14, Value: func(t biz.Ticket) any { return jobStatusName(t) }},
	{Header: "作业阶段", Width: 10, Value: func(t biz.Ticket) any { return codeName(biz.WorkPhases, t.WorkPhase) }},
	{Header: "作业单位", Width: 18, Value: func(t biz.Ticket) any { return t.WorkUnit }},
	{Header: "作业区域", Width: 16, Value: func(t biz.Ticket) any { return t.AreaName }},
	{Header: "作业地点", Width: 20, Value: func(t biz.Ticket) any { return t.Location }},
	{Header: "作业内容", Width: 36, Value: func(t biz.Ticket) any { return t.Content }},
	{Header: "申请人", Width: 10, Value: func(t biz.Ticket) any { return t.ApplicantName }},
	{Header: "作业人", Width: 20, Value: func(t biz.Ticket) any { return t.OperatorNames }},
	{Header: "监护人", Width: 10, Value: func(t biz.Ticket) any { return t.GuardianName }},
	{Header: "计划开始时间", Width: 20, Value: func(t biz.Ticket) any { return timefmt.Format(t.PlanStart) }},
	{Header: "计划结束时间", Width: 20, Value: func(t biz.Ticket) any { return timefmt.Format(t.PlanEnd) }},
	{Header: "实际开始时间", Width: 20, Value: func(t biz.Ticket) any { return timefmt.FormatPtr(t.ActualStart) }},
	{Header: "实际结束时间", Width: 20, Value: func(t biz.Ticket) any { return timefmt.FormatPtr(t.ActualEnd) }},
	{Header: "创建时间", Width: 20, Value: func(t biz.Ticket) any { return timefmt.Format(t.CreateTime) }},
}
