package biz

import (
	"context"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
)

// Bounds of the online reports: the spans one report reads and the points
// of a device or daily report.
const (
	OnlineMaxSpans  = 500000
	OnlineMaxPoints = 20000
)

// PointOnline is a point's online state now and its online time on a day.
type PointOnline struct {
	Point  Point
	Online bool
	// SeenAt is when its last sample arrived (zero: none since the start).
	SeenAt time.Time
	// OnlineTime is the time it was online in the part of the day it
	// existed and that has passed (Time).
	OnlineTime, Time time.Duration
	Ratio            float64
}

// DeviceOnline is a device's points online now and their online share of
// point-time on a day. Device.ID 0 gathers the points of no device.
type DeviceOnline struct {
	Device               Device
	Points, OnlinePoints int
	OnlineTime, Time     time.Duration
	Ratio                float64
}

// OnlineDayFigure is the tenant's daily figure: the share of its points'
// time online, against the target.
type OnlineDayFigure struct {
	Day              string
	Points           int
	OnlineTime, Time time.Duration
	Ratio            float64
	Met              bool
}

// OnlineDays are the daily figures of a range with the target in force.
type OnlineDays struct {
	From, To     string
	Target       int32 // permille
	TargetSource string
	Days         []OnlineDayFigure
}

// OnlineDay reads a day (yyyy-MM-dd in the tenant's zone; "" = today) as
// its [start, end).
func OnlineDay(day string, now time.Time) (time.Time, time.Time, string, error) {
	if day == "" {
		day = now.In(timefmt.Zone).Format("2006-01-02")
	}
	d, err := time.ParseInLocation("2006-01-02", day, timefmt.Zone)
	if err != nil {
		return time.Time{}, time.Time{}, "", errs.BadRequest("请选择统计日期(yyyy-MM-dd)")
	}
	return d, d.AddDate(0, 0, 1), day, nil
}

// observed is the part of [from, to) a point existed in and that has
// passed: from its creation to now.
func observed(p *Point, from, to, now time.Time) (time.Time, time.Time) {
	if p.CreateTime.After(from) {
		from = p.CreateTime
	}
	if now.Before(to) {
		to = now
	}
	return from, to
}

// openEnd is where a point's open span ends for a report at now: now while
// the engine has it online, else its offline window after the last sample
// (the engine has not ended it yet), else nowhere (an open span the engine
// does not know of counts nothing).
func openEnd(live LiveState, interval int32, now time.Time) time.Time {
	switch {
	case live.Online:
		return now
	case !live.SeenAt.IsZero():
		if e := live.SeenAt.Add(OfflineWindow(interval)); e.Before(now) {
			return e
		}
		return now
	}
	return time.Time{}
}

// onlineOf is a point's figures over [from, to).
func onlineOf(p *Point, spans []OnlineSpan, live LiveState, from, to, now time.Time) PointOnline {
	f, t := observed(p, from, to, now)
	out := PointOnline{Point: *p, Online: live.Online, SeenAt: live.SeenAt}
	if t.After(f) {
		out.Time = t.Sub(f)
		out.OnlineTime = OnlineDuration(spans, f, t, openEnd(live, p.ExpectInterval, now))
		out.Ratio = Ratio(out.OnlineTime, out.Time)
	}
	return out
}

func byPoint(spans []OnlineSpan) map[int64][]OnlineSpan {
	out := map[int64][]OnlineSpan{}
	for _, s := range spans {
		out[s.PointID] = append(out[s.PointID], s)
	}
	return out
}

func (m *Monitor) spansOf(ctx context.Context, ids []int64, from, to time.Time) (map[int64][]OnlineSpan, error) {
	spans, err := m.Q.OnlineSpans(ctx, ids, from, to, OnlineMaxSpans)
	if err != nil {
		return nil, err
	}
	if len(spans) >= OnlineMaxSpans {
		return nil, errs.BadRequest("在线记录超过 %d 条,请缩小统计范围", OnlineMaxSpans)
	}
	return byPoint(spans), nil
}

// OnlinePoints is a page of the points the caller sees (as the point list)
// with their online state now and their online time on day.
func (m *Monitor) OnlinePoints(ctx context.Context, q paging.Query, day string) (*paging.Page[PointOnline], Names, string, error) {
	now := m.Now()
	from, to, day, err := OnlineDay(day, now)
	if err != nil {
		return nil, Names{}, "", err
	}
	p, err := m.Points.Page(ctx, q)
	if err != nil {
		return nil, Names{}, "", err
	}
	rows, names, err := m.pointsOnline(ctx, p.Records, from, to, now)
	if err != nil {
		return nil, Names{}, "", err
	}
	return &paging.Page[PointOnline]{Records: rows, Total: p.Total, Size: p.Size, Current: p.Current}, names, day, nil
}

// OnlinePointList is every point of OnlinePoints' filters (at most
// OnlineMaxPoints), for the export.
func (m *Monitor) OnlinePointList(ctx context.Context, q paging.Query, day string) ([]PointOnline, Names, string, error) {
	now := m.Now()
	from, to, day, err := OnlineDay(day, now)
	if err != nil {
		return nil, Names{}, "", err
	}
	points, err := m.Points.List(ctx, q, OnlineMaxPoints)
	if err != nil {
		return nil, Names{}, "", err
	}
	rows, names, err := m.pointsOnline(ctx, points, from, to, now)
	return rows, names, day, err
}

// pointsOnline are the points' figures over [from, to) and the names of
// their gateways and devices.
func (m *Monitor) pointsOnline(ctx context.Context, points []Point, from, to, now time.Time) ([]PointOnline, Names, error) {
	names, err := m.names(ctx)
	if err != nil {
		return nil, names, err
	}
	ids := make([]int64, len(points))
	for i := range points {
		ids[i] = points[i].ID
	}
	out := make([]PointOnline, 0, len(ids))
	if len(ids) == 0 {
		return out, names, nil
	}
	spans, err := m.spansOf(ctx, ids, from, to)
	if err != nil {
		return nil, names, err
	}
	live := m.Engine.Snapshot(ctx, ids)
	for i := range points {
		pt := &points[i]
		out = append(out, onlineOf(pt, spans[pt.ID], live[pt.ID], from, to, now))
	}
	return out, names, nil
}

// OnlineDevices are the caller's devices (and the points of none) with
// their points online now and their share of point-time online on day.
func (m *Monitor) OnlineDevices(ctx context.Context, day string) ([]DeviceOnline, string, error) {
	now := m.Now()
	from, to, day, err := OnlineDay(day, now)
	if err != nil {
		return nil, "", err
	}
	devices, err := m.Devices.List(ctx, paging.Query{}, MaxNamed)
	if err != nil {
		return nil, "", err
	}
	points, err := m.Points.List(ctx, paging.Query{}, OnlineMaxPoints)
	if err != nil {
		return nil, "", err
	}
	spans, err := m.spansOf(ctx, nil, from, to)
	if err != nil {
		return nil, "", err
	}
	ids := make([]int64, len(points))
	for i := range points {
		ids[i] = points[i].ID
	}
	live := m.Engine.Snapshot(ctx, ids)
	rows := make([]DeviceOnline, 0, len(devices)+1)
	at := map[int64]int{}
	for _, d := range devices {
		at[d.ID] = len(rows)
		rows = append(rows, DeviceOnline{Device: d})
	}
	for i := range points {
		p := &points[i]
		k, ok := at[p.DeviceID]
		if !ok {
			// no device (or one the caller cannot see): the "no device" row
			k, ok = at[0]
			if !ok {
				k = len(rows)
				at[0] = k
				rows = append(rows, DeviceOnline{})
			}
		}
		po := onlineOf(p, spans[p.ID], live[p.ID], from, to, now)
		r := &rows[k]
		r.Points++
		if po.Online {
			r.OnlinePoints++
		}
		r.OnlineTime += po.OnlineTime
		r.Time += po.Time
	}
	for i := range rows {
		rows[i].Ratio = Ratio(rows[i].OnlineTime, rows[i].Time)
	}
	return rows, day, nil
}

// OnlineDaily is the caller tenant's daily online figure over [from, to]
// (at most AnalysisMaxDays days): for each day the share of its points'
// time online (each point from its creation; today up to now) and whether
// it met the online target rule. Every point of the tenant counts, whoever
// asks: it is the tenant's figure for the regulator.
func (m *Monitor) OnlineDaily(ctx context.Context, from, to string) (*OnlineDays, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	start, end, days, err := ParseRange(from, to)
	if err != nil {
		return nil, err
	}
	now := m.Now()
	target, source, err := m.onlineTarget(ctx)
	if err != nil {
		return nil, err
	}
	confs, err := m.Q.TenantPoints(ctx, id.TenantID)
	if err != nil {
		return nil, err
	}
	if len(confs) > OnlineMaxPoints {
		return nil, errs.BadRequest("监测点位超过 %d 个,暂不能统计", OnlineMaxPoints)
	}
	spans, err := m.spansOf(ctx, nil, start, end)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(confs))
	for i := range confs {
		ids[i] = confs[i].ID
	}
	live := m.Engine.Snapshot(ctx, ids)
	out := &OnlineDays{From: from, To: to, Target: target, TargetSource: source, Days: make([]OnlineDayFigure, days)}
	for d := range out.Days {
		ds := start.AddDate(0, 0, d)
		de := ds.AddDate(0, 0, 1)
		f := &out.Days[d]
		f.Day = ds.Format("2006-01-02")
		for i := range confs {
			po := onlineOf(&confs[i].Point, spans[confs[i].ID], live[confs[i].ID], ds, de, now)
			if po.Time > 0 {
				f.Points++
			}
			f.OnlineTime += po.OnlineTime
			f.Time += po.Time
		}
		f.Ratio = Ratio(f.OnlineTime, f.Time)
		f.Met = MeetsTarget(f.OnlineTime, f.Time, target)
	}
	return out, nil
}

// onlineTarget is the online target rule in force and its source.
func (m *Monitor) onlineTarget(ctx context.Context) (int32, string, error) {
	rows, err := m.Q.Rules(ctx, RuleOnlineTarget)
	if err != nil {
		return 0, "", err
	}
	if len(rows) > 0 { // newest version first
		return rows[0].Value, rows[0].Source, nil
	}
	d, _ := RuleDefs.Of(RuleOnlineTarget)
	return d.Default, d.Source, nil
}

// names are the gateway codes and device names of the caller's tenant.
func (m *Monitor) names(ctx context.Context) (Names, error) {
	n := Names{Gateways: map[int64]string{}, Devices: map[int64]string{}}
	gws, err := m.Gateways.List(ctx, paging.Query{}, MaxNamed)
	if err != nil {
		return n, err
	}
	for _, g := range gws {
		n.Gateways[g.ID] = g.Code
	}
	devs, err := m.Devices.List(ctx, paging.Query{}, MaxNamed)
	if err != nil {
		return n, err
	}
	for _, d := range devs {
		n.Devices[d.ID] = d.Name
	}
	return n, nil
}
