package biz

import (
	"context"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
)

// StatRow is what a team (and a person, when grouped by person) did with the
// points due in a range: Due counts the points whose window closed or that
// were inspected, Inspected those inspected (2, 4, 6), OnTime those inspected
// inside their window (2), Overdue those inspected in the grace (4), MadeUp
// the missed ones made up (6) and Missed those not inspected.
type StatRow struct {
	DeptID          int64
	DeptName        string
	InspectorUserID int64
	InspectorName   string
	Due             int64
	Inspected       int64
	OnTime          int64
	Overdue         int64
	MadeUp          int64
	Missed          int64
}

// Coverage is Inspected / Due (0 when nothing was due).
func (r StatRow) Coverage() float64 { return ratio(r.Inspected, r.Due) }

// Timeliness is OnTime / Inspected (0 when nothing was inspected).
func (r StatRow) Timeliness() float64 { return ratio(r.OnTime, r.Inspected) }

func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return float64(int64(float64(a)*10000/float64(b)+0.5)) / 10000
}

// StatsQuery: the days [From, To] (tenant's zone, yyyy-MM-dd; default the
// last 30 days up to today), grouped by team or by person, optionally one
// team or one person.
type StatsQuery struct {
	From, To string
	ByPerson bool
	DeptID   int64
	UserID   int64
}

// MaxStatDays bounds a statistics range.
const MaxStatDays = 366

// StatRange parses a statistics range into [from, to) instants.
func StatRange(q StatsQuery, now time.Time) (time.Time, time.Time, error) {
	n := now.In(timefmt.Zone)
	today := time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, timefmt.Zone)
	day := func(s string, def time.Time) (time.Time, error) {
		if s == "" {
			return def, nil
		}
		if len(s) > 10 {
			s = s[:10]
		}
		t, err := time.ParseInLocation("2006-01-02", s, timefmt.Zone)
		if err != nil {
			return time.Time{}, errs.BadRequest("日期格式应为 yyyy-MM-dd")
		}
		return t, nil
	}
	to, err := day(q.To, today)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	from, err := day(q.From, to.AddDate(0, 0, -29))
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	to = to.AddDate(0, 0, 1)
	if !from.Before(to) {
		return time.Time{}, time.Time{}, errs.BadRequest("开始日期不能晚于结束日期")
	}
	if to.Sub(from) > MaxStatDays*24*time.Hour {
		return time.Time{}, time.Time{}, errs.BadRequest("统计区间不能超过 %d 天", MaxStatDays)
	}
	return from, to, nil
}

// Stats are the coverage and timeliness of the caller tenant's teams (or
// persons) over a range, counted in one grouped query, teams named from
// blade-system in one call.
func (s *Inspection) Stats(ctx context.Context, q StatsQuery) ([]StatRow, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	if q.DeptID < 0 || q.UserID < 0 {
		return nil, errs.BadRequest("查询条件无效")
	}
	now := s.Now().In(timefmt.Zone)
	from, to, err := StatRange(q, now)
	if err != nil {
		return nil, err
	}
	rows, err := s.Q.Stats(ctx, from, to, now, q.ByPerson, q.DeptID, q.UserID)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || s.Depts == nil {
		return rows, nil
	}
	names, err := s.Depts.Names(ctx, id.TenantID)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		rows[i].DeptName = names[rows[i].DeptID]
		if rows[i].DeptID == 0 {
			rows[i].DeptName = "未指定班组"
		}
	}
	return rows, nil
}

// DayStat is the tenant's (or a team's, a person's) figures of one day of
// a range: the points due whose window started that day, inspected and on
// time (as StatRow).
type DayStat struct {
	Day       string
	Due       int64
	Inspected int64
	OnTime    int64
}

// Coverage is Inspected / Due.
func (d DayStat) Coverage() float64 { return ratio(d.Inspected, d.Due) }

// Timeliness is OnTime / Inspected.
func (d DayStat) Timeliness() float64 { return ratio(d.OnTime, d.Inspected) }

// DayStarts are the tenant-zone midnights of [from, to) (from and to are
// midnights), and to.
func DayStarts(from, to time.Time) []time.Time {
	var out []time.Time
	for d := from; d.Before(to); d = d.AddDate(0, 0, 1) {
		out = append(out, d)
	}
	return append(out, to)
}

// Daily is the day-by-day series of the range (every day, 0 when nothing
// was due), for the trend line: one grouped query.
func (s *Inspection) Daily(ctx context.Context, q StatsQuery) ([]DayStat, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	if q.DeptID < 0 || q.UserID < 0 {
		return nil, errs.BadRequest("查询条件无效")
	}
	now := s.Now().In(timefmt.Zone)
	from, to, err := StatRange(q, now)
	if err != nil {
		return nil, err
	}
	got, err := s.Q.Daily(ctx, from, to, now, q.DeptID, q.UserID)
	if err != nil {
		return nil, err
	}
	by := map[string]DayStat{}
	for _, d := range got {
		by[d.Day] = d
	}
	starts := DayStarts(from, to)
	out := make([]DayStat, 0, len(starts)-1)
	for _, d := range starts[:len(starts)-1] {
		day := d.Format("2006-01-02")
		v := by[day]
		v.Day = day
		out = append(out, v)
	}
	return out, nil
}
