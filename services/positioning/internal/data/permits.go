package data

import (
	"context"

	"anquan/kit/ident"
	"anquan/positioning/internal/biz"
	workticketv1 "anquan/proto/blade/workticket/v1"
)

// Permits is positioning's view of the work-ticket service: a tenant's
// permits in force and the people on them (人证不符).
type Permits struct {
	C workticketv1.WorkticketInternalClient
}

// InForce reads a tenant's permits in force (an internal call, as system
// with the tenant in the request).
func (p Permits) InForce(ctx context.Context, tenant string) ([]biz.Permit, error) {
	r, err := p.C.PermitsInForce(ident.AsSystem(ctx), &workticketv1.PermitsInForceRequest{TenantId: tenant})
	if err != nil {
		return nil, err
	}
	out := make([]biz.Permit, 0, len(r.GetItems()))
	for _, it := range r.GetItems() {
		users := make(map[int64]bool, len(it.GetUserIds()))
		for _, u := range it.GetUserIds() {
			users[u] = true
		}
		out = append(out, biz.Permit{ID: it.GetId(), TicketNo: it.GetTicketNo(), AreaID: it.GetAreaId(), Users: users})
	}
	return out, nil
}
