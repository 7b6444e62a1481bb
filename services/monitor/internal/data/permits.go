package data

import (
	"context"
	"log/slog"

	"google.golang.org/grpc/codes"

	"anquan/kit/errs"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
	workticketv1 "anquan/proto/blade/workticket/v1"

	"anquan/monitor/internal/biz"
)

// Permit states of n-work-ticket (proto Permit.ticket_status, job_status).
const (
	ticketIssued = 1
	jobCompleted = 3
)

// Permits reads work permits from n-work-ticket as the caller: the
// caller's token travels with the call, so a permit out of the caller's
// view is not found.
type Permits struct {
	C workticketv1.WorkticketServiceClient
}

func (p Permits) Permit(ctx context.Context, id int64) (biz.PermitRef, bool, error) {
	v, err := p.C.TicketDetail(ctx, &commonv1.IdQuery{Id: id})
	switch errs.Code(err) {
	case codes.OK:
	case codes.NotFound, codes.PermissionDenied, codes.InvalidArgument:
		return biz.PermitRef{}, false, nil
	default:
		slog.Warn("a permit look-up failed", "permit", id, "err", err)
		return biz.PermitRef{}, false, errs.Unavailable("作业票服务暂不可用,请稍后重试")
	}
	t := v.GetPermit()
	end, _ := timefmt.Parse(t.GetPlanEndTime())
	return biz.PermitRef{No: t.GetTicketNo(), Open: t.GetTicketStatus() == ticketIssued && t.GetJobStatus() != jobCompleted,
		PlanEnd: end}, true, nil
}
