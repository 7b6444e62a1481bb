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
