package biz

import (
	"context"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
)

// Stats counts permits by planned day, type and level (default: 30 days).
func (w *Workticket) Stats(ctx context.Context, from, to string) ([]StatRow, error) {
	now := w.Now().In(timefmt.Zone)
	if to == "" {
		to = now.Format(timefmt.DateLayout)
	}
	if from == "" {
		from = now.AddDate(0, 0, -29).Format(timefmt.DateLayout)
	}
	a, err1 := time.Parse(timefmt.DateLayout, from)
	b, err2 := time.Parse(timefmt.DateLayout, to)
	if err1 != nil || err2 != nil {
		return nil, errs.BadRequest("日期格式应为 yyyy-MM-dd")
	}
	if b.Before(a) {
		return nil, errs.BadRequest("开始日期不能晚于结束日期")
	}
	if b.Sub(a) > 366*24*time.Hour {
		return nil, errs.BadRequest("统计范围最多一年")
	}
	return w.Q.Stats(ctx, from, to)
}

func today(now time.Time) (time.Time, time.Time) {
	n := now.In(timefmt.Zone)
	d := time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, timefmt.Zone)
	// Stored times are in the process zone (as the audit columns), so the
	// bounds are too: SQLite compares them as text.
	return d.Local(), d.AddDate(0, 0, 1).Local()
}

// Today pages today's special work (特殊作业报备).
func (w *Workticket) Today(ctx context.Context, q paging.Query) (*paging.Page[Ticket], error) {
	a, b := today(w.Now())
	return w.Q.Today(ctx, a, b, q)
}

// CountToday counts a tenant's permits of today (risk-commitment board).
func (w *Workticket) CountToday(ctx context.Context, tenantID string) (total, inProgress int32, byType []StatRow, err error) {
	if tenantID == "" {
		if id := ident.From(ctx); id != nil {
			tenantID = id.TenantID
		}
	}
	if tenantID == "" {
		return 0, 0, nil, errs.BadRequest("缺少租户")
	}
	a, b := today(w.Now())
	byType, inProgress, err = w.Q.TodayCount(ident.ForTenant(ctx, tenantID), a, b)
	for _, r := range byType {
		total += r.Count
	}
	return total, inProgress, byType, err
}

// MaxInForce bounds the permits in force one call returns.
const MaxInForce = 500

// PermitInForce is a permit in force and the people on it.
type PermitInForce struct {
	ID       int64
	TicketNo string
	WorkType string
	AreaID   int64
	UserIDs  []int64
}

// InForceState is when a permit is in force for the people in its work
// area: issued and its work started (作业中), paused included (a pause is
// not the end of the permit: the work resumes under it without a new
// issue). Before the start (已签发,待开始) no work goes on; after the
// completion (已完工), acceptance, voiding or revocation it is over.
func InForceState(s State) bool {
	return s.TicketStatus == TicketIssued && s.JobStatus == JobInProgress
}

// Crew are the user ids on a permit in its work area: its operators
// (with the electrician of temporary power, RelOperator) and its guardian.
// The applicant and approvers are not: they sign for the work, they are
// not the crew at the site.
func Crew(t *Ticket) []int64 {
	ops, _ := ident.ParseIDs(t.OperatorIDs)
	out := make([]int64, 0, len(ops)+2)
	seen := map[int64]bool{}
	add := func(id int64) {
		if id > 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	for _, id := range ops {
		add(id)
	}
	if e := DecodeDetail(t).TemporaryPower; e != nil {
		add(e.ElectricianID)
	}
	add(t.GuardianID)
	return out
}

// PermitsInForce are a tenant's permits in force now with an area and the
// people on them (positioning's 人证不符; internal, run as system).
func (w *Workticket) PermitsInForce(ctx context.Context, tenantID string) ([]PermitInForce, error) {
	if tenantID == "" {
		if id := ident.From(ctx); id != nil {
			tenantID = id.TenantID
		}
	}
	if tenantID == "" {
		return nil, errs.BadRequest("缺少租户")
	}
	rows, err := w.Q.InForce(ident.ForTenant(ctx, tenantID), MaxInForce)
	if err != nil {
		return nil, err
	}
	out := make([]PermitInForce, 0, len(rows))
	for i := range rows {
		t := &rows[i]
		if !InForceState(StateOf(t)) || t.AreaID == 0 {
			continue
		}
		out = append(out, PermitInForce{ID: t.ID, TicketNo: t.TicketNo, WorkType: t.WorkType, AreaID: t.AreaID, UserIDs: Crew(t)})
	}
	return out, nil
}
