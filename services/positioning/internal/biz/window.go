package biz

import (
	"strconv"
	"strings"
	"time"

	"anquan/kit/errs"
)

// Window is when the allowed people of a zone may be in it: weekdays
// (1 Monday ... 7 Sunday, spec "Weekdays 1-7") and minutes of the day
// [From, To). From > To crosses midnight (22:00-06:00); the weekday is that
// of the calendar day of the moment judged. A zero Window (no weekdays)
// allows any time.
type Window struct {
	Days     uint8 // bit d set: weekday d allowed
	From, To int   // minutes of the day; From == To: the whole day
}

// Any: no window, any time.
func (w Window) Any() bool { return w.Days == 0 }

// Allows says whether t (in the plant's local time) is within the window.
func (w Window) Allows(t time.Time) bool {
	if w.Any() {
		return true
	}
	d := int(t.Weekday())
	if d == 0 {
		d = 7
	}
	if w.Days&(1<<d) == 0 {
		return false
	}
	m := t.Hour()*60 + t.Minute()
	switch {
	case w.From == w.To:
		return true
	case w.From < w.To:
		return m >= w.From && m < w.To
	default:
		return m >= w.From || m < w.To
	}
}

// hhmm reads "HH:MM" as minutes of the day ("" → -1).
func hhmm(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return -1, true
	}
	h, m, ok := strings.Cut(s, ":")
	if !ok || len(h) != 2 || len(m) != 2 {
		return 0, false
	}
	hv, err1 := strconv.Atoi(h)
	mv, err2 := strconv.Atoi(m)
	if err1 != nil || err2 != nil || hv < 0 || hv > 23 || mv < 0 || mv > 59 {
		return 0, false
	}
	return hv*60 + mv, true
}

// ParseWindow reads a zone's stored window (a bad stored value: any time).
func ParseWindow(days, from, to string) Window {
	var w Window
	for _, d := range ParseIDs(days) {
		if d >= 1 && d <= 7 {
			w.Days |= 1 << d
		}
	}
	f, ok1 := hhmm(from)
	t, ok2 := hhmm(to)
	if ok1 && ok2 && f >= 0 && t >= 0 {
		w.From, w.To = f, t
	}
	return w
}

// ValidateWindow checks a zone's window and writes it normalised into z
// (weekdays sorted and unique).
func ValidateWindow(z *Zone, days []int32, from, to string) error {
	seen := [8]bool{}
	var ds []string
	for _, d := range days {
		if d < 1 || d > 7 {
			return errs.BadRequest("准入星期应为 1-7(1 为星期一)")
		}
		seen[d] = true
	}
	for d := 1; d <= 7; d++ {
		if seen[d] {
			ds = append(ds, strconv.Itoa(d))
		}
	}
	f, ok1 := hhmm(from)
	t, ok2 := hhmm(to)
	switch {
	case !ok1 || !ok2:
		return errs.BadRequest("准入时段的时间格式应为 HH:mm,如 08:00")
	case (f < 0) != (t < 0):
		return errs.BadRequest("准入时段请同时填写开始和结束时间")
	case f >= 0 && len(ds) == 0:
		return errs.BadRequest("设置准入时段时请选择准入星期")
	case f >= 0 && f == t:
		return errs.BadRequest("准入时段的开始和结束时间不能相同")
	case len(ds) > 0 && z.Kind != ZoneRestricted && z.Kind != ZoneHazardous:
		return errs.BadRequest("只有限制区域和危险区域可以设置准入时段")
	}
	z.AllowWeekdays, z.AllowFrom, z.AllowTo = strings.Join(ds, ","), strings.TrimSpace(from), strings.TrimSpace(to)
	return nil
}
