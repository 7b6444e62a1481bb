package data

import (
	"context"
	"time"

	"anquan/kit/ident"
	workticketv1 "anquan/proto/blade/workticket/v1"
)

// Workticket is prevention's view of the work-ticket service: how many
// special works (permits) touch today, for the risk-commitment board.
type Workticket struct {
	C workticketv1.WorkticketInternalClient
}

// CountToday answers for the caller's tenant; a slow or absent work-ticket
// service must not hold the board up.
func (w Workticket) CountToday(ctx context.Context) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	tenant := ""
	if id := ident.From(ctx); id != nil {
		tenant = id.TenantID
	}
	r, err := w.C.CountToday(ctx, &workticketv1.CountTodayRequest{TenantId: tenant})
	if err != nil {
		return 0, err
	}
	return int(r.GetTotal()), nil
}
