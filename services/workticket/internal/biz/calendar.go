package biz

import (
	"context"
	"fmt"
	"strings"
	"time"

	"anquan/kit/errs"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
)

// Calendar loads the tenant's calendar for the days of [from, to].
func (w *Workticket) Calendar(ctx context.Context, from, to time.Time) (Calendar, error) {
	c := Calendar{Loc: timefmt.Zone, Days: map[string]int32{}, NightStart: DefaultNightStart, NightEnd: DefaultNightEnd}
	s, err := w.Setting(ctx)
	if err != nil {
		return c, err
	}
	c.NightStart, _ = clock(s.NightStart)
	c.NightEnd, _ = clock(s.NightEnd)
	if from.IsZero() || to.IsZero() || to.Before(from) {
		return c, nil
	}
	if to.Sub(from) > 400*24*time.Hour {
		to = from.Add(400 * 24 * time.Hour)
	}
	q := paging.Query{Filters: map[string]string{
		"day_ge": timefmt.FormatDate(from.AddDate(0, 0, -1)), "day_le": timefmt.FormatDate(to.AddDate(0, 0, 1)),
	}}
	days, err := w.Days.List(ctx, q, 1000)
	if err != nil {
		return c, err
	}
	for _, d := range days {
		c.Days[d.Day] = d.DayType
	}
	return c, nil
}

func clock(s string) (int, bool) {
	t, err := time.Parse("15:04", strings.TrimSpace(s))
	if err != nil {
		return 0, false
	}
	return t.Hour()*60 + t.Minute(), true
}

// Setting is the tenant's night hours (defaults when never set).
func (w *Workticket) Setting(ctx context.Context) (*CalendarSetting, error) {
	list, err := w.Settings.List(ctx, paging.Query{}, 1)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return &CalendarSetting{NightStart: "22:00", NightEnd: "06:00"}, nil
	}
	return &list[0], nil
}

// SaveSetting stores the tenant's night hours.
func (w *Workticket) SaveSetting(ctx context.Context, start, end string) error {
	a, ok1 := clock(start)
	b, ok2 := clock(end)
	if !ok1 || !ok2 {
		return errs.BadRequest("夜间时段格式应为 HH:mm")
	}
	if a == b {
		return errs.BadRequest("夜间开始时间与结束时间不能相同")
	}
	s, err := w.Setting(ctx)
	if err != nil {
		return err
	}
	s.NightStart, s.NightEnd = fmt.Sprintf("%02d:%02d", a/60, a%60), fmt.Sprintf("%02d:%02d", b/60, b%60)
	if s.ID == 0 {
		return w.Settings.Create(ctx, s)
	}
	return w.Settings.Update(ctx, s.ID, s, "night_start", "night_end")
}

// Days of a year (yyyy), by date.
func (w *Workticket) YearDays(ctx context.Context, year string) ([]CalendarDay, error) {
	if year == "" {
		year = w.Now().In(timefmt.Zone).Format("2006")
	}
	if _, err := time.Parse("2006", year); err != nil {
		return nil, errs.BadRequest("年份格式应为 yyyy")
	}
	return w.Days.List(ctx, paging.Query{Filters: map[string]string{"day_likeright": year + "-"}, Ascs: "day"}, 1000)
}

// SaveDays upserts overrides by date.
func (w *Workticket) SaveDays(ctx context.Context, days []CalendarDay) error {
	if len(days) == 0 {
		return errs.BadRequest("请至少提交一天")
	}
	if len(days) > 400 {
		return errs.BadRequest("一次最多提交400天")
	}
	for _, d := range days {
		if _, err := time.Parse("2006-01-02", d.Day); err != nil {
			return errs.BadRequest("日期格式应为 yyyy-MM-dd: %s", d.Day)
		}
		if d.DayType != DayWorking && d.DayType != DayRest {
			return errs.BadRequest("日期类型无效(1 工作日, 2 节假日/休息日)")
		}
	}
	first, last := days[0].Day, days[0].Day
	for _, d := range days {
		first, last = min(first, d.Day), max(last, d.Day)
	}
	return w.Tx.Tx(ctx, func(ctx context.Context) error {
		// One read for the overrides already stored, not one per day; a day
		// written here is remembered, so a repeated date updates it.
		stored := map[string]CalendarDay{}
		q := paging.Query{Filters: map[string]string{"day_ge": first, "day_le": last}}
		if err := w.Days.Each(ctx, q, 0, func(d CalendarDay) error { stored[d.Day] = d; return nil }); err != nil {
			return err
		}
		for _, d := range days {
			old, found := stored[d.Day]
			if found {
				old.DayType, old.Name = d.DayType, d.Name
				if err := w.Days.Update(ctx, old.ID, &old, "day_type", "name"); err != nil {
					return err
				}
			} else {
				old = CalendarDay{Day: d.Day, DayType: d.DayType, Name: d.Name}
				if err := w.Days.Create(ctx, &old); err != nil {
					return err
				}
			}
			stored[d.Day] = old
		}
		return nil
	})
}

// RemoveDays deletes overrides.
func (w *Workticket) RemoveDays(ctx context.Context, ids []int64) error {
	return w.Days.Remove(ctx, ids)
}

// CheckTime tells the form whether a moment is a rest day or night.
func (w *Workticket) CheckTime(ctx context.Context, t time.Time) (rest, night bool, reason string, err error) {
	c, err := w.Calendar(ctx, t, t)
	if err != nil {
		return false, false, "", err
	}
	rest, night = c.RestDay(t), c.Night(t)
	switch {
	case rest && night:
		reason = "节假日/休息日夜间作业,动火作业将升级管理"
	case rest:
		reason = "节假日/休息日作业,动火作业将升级管理"
	case night:
		reason = "夜间作业,动火作业将升级管理"
	}
	return rest, night, reason, nil
}
