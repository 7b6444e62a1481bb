package biz

import (
	"context"
	"sort"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	"anquan/monitor/internal/biz/alarm"
)

// Alarm analysis (EEMUA 191 / ISA-18.2 performance figures) over a date
// range of the tenant's calendar.
const (
	// AnalysisMaxDays bounds the range.
	AnalysisMaxDays = 92
	// StandingAfter: an alarm active longer is a standing alarm.
	StandingAfter = 24 * time.Hour
	// AnalysisTop is the length of the point rankings; AnalysisMaxListed
	// bounds the standing alarms and floods listed.
	AnalysisTop       = 10
	AnalysisMaxListed = 200
)

// Figure is one performance figure beside its target (Target "" = none).
type Figure struct {
	Code, Name, Unit string
	Value            float64
	Target           string
	// OK: within the target (true when there is none).
	OK bool
}

// DayFigures are one day's counts.
type DayFigures struct {
	Day          string
	Alarms       int
	Floods       int
	FloodMinutes float64
}

// PointFigures are a point's counts in the range.
type PointFigures struct {
	PointID         int64
	PointCode       string
	PointName       string
	Alarms          int
	ChatteringCount int
}

// Analysis is the alarm analysis of a range.
type Analysis struct {
	From, To   string
	Days       []DayFigures
	Figures    []Figure
	Alarms     int
	Suppressed int
	// Chattering are the points with the most chattering alarms; TopPoints
	// those with the most alarms.
	Chattering    []PointFigures
	TopPoints     []PointFigures
	Standing      []Alarm
	StandingCount int64
	Floods        []Flood
}

// ParseRange reads a from/to date range (yyyy-MM-dd, inclusive, in the
// tenant's zone): both required, from not after to, at most
// AnalysisMaxDays days. It returns [start, end) instants and the days.
func ParseRange(from, to string) (time.Time, time.Time, int, error) {
	f, err1 := time.ParseInLocation("2006-01-02", from, timefmt.Zone)
	t, err2 := time.ParseInLocation("2006-01-02", to, timefmt.Zone)
	if err1 != nil || err2 != nil {
		return time.Time{}, time.Time{}, 0, errs.BadRequest("请选择统计日期范围(yyyy-MM-dd)")
	}
	if t.Before(f) {
		return time.Time{}, time.Time{}, 0, errs.BadRequest("开始日期不能晚于结束日期")
	}
	end := t.AddDate(0, 0, 1)
	days := 0
	for d := f; d.Before(end); d = d.AddDate(0, 0, 1) {
		days++
		if days > AnalysisMaxDays {
			return time.Time{}, time.Time{}, 0, errs.BadRequest("统计范围不能超过 %d 天", AnalysisMaxDays)
		}
	}
	return f, end, days, nil
}

// AlarmAnalysis computes the figures of the caller tenant over [from, to]:
// one scan of the range's alarms, one read each of its floods, the standing
// alarms and the point count.
func (m *Monitor) AlarmAnalysis(ctx context.Context, from, to string) (*Analysis, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	start, end, days, err := ParseRange(from, to)
	if err != nil {
		return nil, err
	}
	now := m.Now()
	out := &Analysis{From: from, To: to, Days: make([]DayFigures, days)}
	dayIdx := map[string]int{}
	for i := range out.Days {
		d := start.AddDate(0, 0, i).Format("2006-01-02")
		out.Days[i].Day = d
		dayIdx[d] = i
	}
	points := map[int64]*PointFigures{}
	var window []time.Time
	peak := 0
	err = m.Q.AlarmFacts(ctx, start, end, func(a AlarmFact) {
		if a.Suppressed {
			out.Suppressed++
			return
		}
		out.Alarms++
		if i, ok := dayIdx[a.RaisedAt.In(timefmt.Zone).Format("2006-01-02")]; ok {
			out.Days[i].Alarms++
		}
		p := points[a.PointID]
		if p == nil {
			p = &PointFigures{PointID: a.PointID, PointCode: a.PointCode, PointName: a.PointName}
			points[a.PointID] = p
		}
		p.Alarms++
		if a.Chattering {
			p.ChatteringCount++
		}
		// The most alarms in any 10 minutes (the facts come in raised order).
		window = append(window, a.RaisedAt)
		for len(window) > 0 && !window[0].After(a.RaisedAt.Add(-10*time.Minute)) {
			window = window[1:]
		}
		peak = max(peak, len(window))
	})
	if err != nil {
		return nil, err
	}
	floods, err := m.Q.FloodsBetween(ctx, start, end, AnalysisMaxListed)
	if err != nil {
		return nil, err
	}
	out.Floods = floods
	var floodTime time.Duration
	rangeEnd := end
	if now.Before(rangeEnd) {
		rangeEnd = now
	}
	for i := range floods {
		f := &floods[i]
		fEnd := now
		if f.EndAt != nil {
			fEnd = *f.EndAt
		}
		for d := range out.Days {
			ds := start.AddDate(0, 0, d)
			de := ds.AddDate(0, 0, 1)
			s, e := later(ds, f.StartAt), earlier(de, fEnd)
			if e.After(s) {
				out.Days[d].FloodMinutes += e.Sub(s).Minutes()
				floodTime += e.Sub(s)
			}
			if !f.StartAt.Before(ds) && f.StartAt.Before(de) {
				out.Days[d].Floods++
			}
		}
	}
	standing, n, err := m.Q.StandingAlarms(ctx, now.Add(-StandingAfter), AnalysisMaxListed)
	if err != nil {
		return nil, err
	}
	out.Standing, out.StandingCount = standing, n
	npoints, err := m.Q.PointCount(ctx)
	if err != nil {
		return nil, err
	}

	all := make([]PointFigures, 0, len(points))
	for _, p := range points {
		all = append(all, *p)
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Alarms != all[j].Alarms {
			return all[i].Alarms > all[j].Alarms
		}
		return all[i].PointCode < all[j].PointCode
	})
	top := 0
	for i := range all {
		if i < AnalysisTop {
			out.TopPoints = append(out.TopPoints, all[i])
			top += all[i].Alarms
		}
	}
	chat := make([]PointFigures, 0)
	for _, p := range all {
		if p.ChatteringCount > 0 {
			chat = append(chat, p)
		}
	}
	sort.SliceStable(chat, func(i, j int) bool { return chat[i].ChatteringCount > chat[j].ChatteringCount })
	if len(chat) > AnalysisTop {
		chat = chat[:AnalysisTop]
	}
	out.Chattering = chat
	chattering := 0
	for _, p := range all {
		chattering += p.ChatteringCount
	}

	// Elapsed time of the range (a range reaching today counts to now).
	elapsed := rangeEnd.Sub(start)
	elapsedDays := float64(days)
	if elapsed > 0 && elapsed < end.Sub(start) {
		elapsedDays = elapsed.Hours() / 24
	}
	perDay := ratio(float64(out.Alarms), elapsedDays)
	floodPct := 0.0
	if elapsed > 0 {
		floodPct = 100 * floodTime.Seconds() / elapsed.Seconds()
	}
	topShare := 100 * ratio(float64(top), float64(out.Alarms))
	out.Figures = []Figure{
		{Code: "alarmsPerDay", Name: "平均每日报警数", Unit: "条/天", Value: round2(perDay), Target: "≤ 144", OK: perDay <= 144},
		{Code: "peakPer10Min", Name: "10 分钟内最多报警数", Unit: "条", Value: float64(peak), Target: "≤ 10", OK: peak <= 10},
		{Code: "floodPercent", Name: "报警泛滥时间占比", Unit: "%", Value: round2(floodPct), Target: "< 1", OK: floodPct < 1},
		{Code: "floodCount", Name: "报警泛滥次数", Unit: "次", Value: float64(len(floods)), Target: "", OK: true},
		{Code: "top10Share", Name: "前 10 位点位报警占比", Unit: "%", Value: round2(topShare), Target: "≤ 5", OK: topShare <= 5 || out.Alarms == 0},
		{Code: "chattering", Name: "抖动报警数", Unit: "条", Value: float64(chattering), Target: "0", OK: chattering == 0},
		{Code: "standing", Name: "长期报警(超过 24 小时)", Unit: "条", Value: float64(n), Target: "< 5", OK: n < 5},
		{Code: "perPointPerDay", Name: "每点位每日平均报警数", Unit: "条", Value: round2(ratio(perDay, float64(npoints))), Target: "", OK: true},
	}
	return out, nil
}

func ratio(a, b float64) float64 {
	if b <= 0 {
		return 0
	}
	return a / b
}

func round2(v float64) float64 { return float64(int64(v*100+0.5)) / 100 }

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// ActiveAlarm is an open incident as the active list shows it.
type ActiveAlarm struct {
	Alarm
	// Critical: never grouped away in a flood (HH, LL, gas level 2, oxygen).
	Critical bool
	// UnitName is the process unit (the point's device) it is grouped under.
	UnitName string
	// Flood: its point's operator area is in flood; FirstOut: it is the
	// flood's first-out alarm.
	Flood, FirstOut bool
}

// ActiveList is the caller tenant's open, not suppressed incidents. During
// a flood of an operator area its alarms come grouped by unit with the
// first-out first; critical alarms come right after the first-outs, never
// grouped away.
func (m *Monitor) ActiveList(ctx context.Context) ([]ActiveAlarm, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	list, err := m.Q.ActiveAlarms(ctx, MaxActive)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	pids := make([]int64, len(list))
	for i := range list {
		pids[i] = list[i].PointID
	}
	byID, err := m.pointsByID(ctx, pids)
	if err != nil {
		return nil, err
	}
	devs := map[int64]bool{}
	for _, p := range byID {
		devs[p.DeviceID] = true
	}
	units := map[int64]string{}
	if len(devs) > 0 {
		ds, err := m.Devices.List(ctx, paging.Query{}, MaxNamed)
		if err != nil {
			return nil, err
		}
		for _, d := range ds {
			units[d.ID] = d.Name
		}
	}
	floods := m.Engine.Floods(ctx, id.TenantID)
	inFlood := map[int64]bool{}
	firstOut := map[int64]bool{}
	for _, f := range floods {
		inFlood[f.AreaID] = true
		firstOut[f.FirstAlarmID] = true
	}
	out := make([]ActiveAlarm, len(list))
	for i := range list {
		a := ActiveAlarm{Alarm: list[i]}
		lvl := alarm.Level(a.Level)
		a.Critical = lvl == alarm.HH || lvl == alarm.LL
		if p := byID[a.PointID]; p != nil {
			a.Critical = a.Critical || p.GasType == GasOxygen
			a.UnitName = units[p.DeviceID]
			a.Flood = inFlood[p.AreaID]
		}
		a.FirstOut = firstOut[a.ID]
		out[i] = a
	}
	if len(floods) == 0 {
		return out, nil
	}
	rank := func(a *ActiveAlarm) int {
		switch {
		case a.FirstOut:
			return 0
		case a.Critical:
			return 1
		case a.Flood:
			return 2
		}
		return 3
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := rank(&out[i]), rank(&out[j])
		if ri != rj {
			return ri < rj
		}
		if ri == 2 && out[i].UnitName != out[j].UnitName {
			return out[i].UnitName < out[j].UnitName
		}
		return false // the list's order: newest first
	})
	return out, nil
}
