package biz

import (
	"time"

	"anquan/kit/timefmt"
)

// Cycle is a plan's repetition: every N units from an anchor, in the
// tenant's calendar (Asia/Shanghai, which has no DST since 1991, so a day is
// always 24 h; day and month steps still use calendar arithmetic).
type Cycle struct {
	Anchor time.Time
	N      int32
	Unit   int32
}

// Start of window k (k ≥ 0). Months and years are counted from the anchor,
// never from the previous window, so a plan anchored on Jan 31 runs Feb 28
// (29), Mar 31, Apr 30 ... and never drifts to the 28th.
func (c Cycle) Start(k int64) time.Time {
	a := c.Anchor.In(timefmt.Zone)
	step := k * int64(c.N)
	switch c.Unit {
	case CycleHour:
		return a.Add(time.Duration(step) * time.Hour)
	case CycleDay:
		return a.AddDate(0, 0, int(step))
	case CycleMonth:
		return addMonths(a, step)
	case CycleYear:
		return addMonths(a, 12*step)
	}
	return a
}

// Window k is [Start(k), Start(k+1)).
func (c Cycle) Window(k int64) (time.Time, time.Time) { return c.Start(k), c.Start(k + 1) }

// Index of the window containing t (-1 before the anchor).
func (c Cycle) Index(t time.Time) int64 {
	a := c.Anchor.In(timefmt.Zone)
	if t.Before(a) || c.N <= 0 {
		return -1
	}
	t = t.In(timefmt.Zone)
	var k int64
	switch c.Unit {
	case CycleHour:
		k = int64(t.Sub(a) / (time.Duration(c.N) * time.Hour))
	case CycleDay:
		k = int64(t.Sub(a) / (time.Duration(c.N) * 24 * time.Hour))
	case CycleMonth, CycleYear:
		months := int64(t.Year()-a.Year())*12 + int64(t.Month()-a.Month())
		per := int64(c.N)
		if c.Unit == CycleYear {
			per *= 12
		}
		k = months / per
	}
	// The estimate is within one window of the answer; settle it exactly.
	for k > 0 && c.Start(k).After(t) {
		k--
	}
	for !c.Start(k + 1).After(t) {
		k++
	}
	return k
}

// addMonths adds m calendar months, clamping the day to the month's end.
func addMonths(t time.Time, m int64) time.Time {
	y, mo, d := t.Date()
	total := int64(y)*12 + int64(mo) - 1 + m
	ny, nm := int(total/12), time.Month(total%12+1)
	if last := daysIn(ny, nm); d > last {
		d = last
	}
	return time.Date(ny, nm, d, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location())
}

func daysIn(y int, m time.Month) int {
	return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// FirstSeq is where a new (or re-timed) plan starts generating: its first
// window when it starts in the future, else the window containing now —
// windows before the plan existed were never missed.
func FirstSeq(c Cycle, now time.Time) int64 {
	if k := c.Index(now); k > 0 {
		return k
	}
	return 0
}
