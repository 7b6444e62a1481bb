// Package timefmt formats and parses times the Blade way
// ("yyyy-MM-dd HH:mm:ss" in the tenant's zone), in one place.
package timefmt

import (
	"strings"
	"time"
)

// Layout of every time on the wire.
const Layout = "2006-01-02 15:04:05"

// DateLayout of dates on the wire.
const DateLayout = "2006-01-02"

// Zone is the default tenant zone.
var Zone = func() *time.Location {
	if z, err := time.LoadLocation("Asia/Shanghai"); err == nil {
		return z
	}
	return time.FixedZone("CST", 8*3600)
}()

// Format writes t, or "" for the zero time.
func Format(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(Zone).Format(Layout)
}

// FormatPtr writes *t, or "" for nil.
func FormatPtr(t *time.Time) string {
	if t == nil {
		return ""
	}
	return Format(*t)
}

// FormatDate writes the date part.
func FormatDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(Zone).Format(DateLayout)
}

// Parse reads "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd" or RFC 3339.
func Parse(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, false
	}
	for _, l := range []string{Layout, "2006-01-02 15:04", DateLayout, "2006/01/02 15:04:05", "2006/01/02"} {
		if t, err := time.ParseInLocation(l, s, Zone); err == nil {
			return t, true
		}
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, true
	}
	return time.Time{}, false
}

// ParseDate reads a date "yyyy-MM-dd" (midnight in the tenant zone), nothing else.
func ParseDate(s string) (time.Time, bool) {
	t, err := time.ParseInLocation(DateLayout, strings.TrimSpace(s), Zone)
	return t, err == nil
}

// CalendarDays counts the calendar days from a to b in the tenant zone: a date ending tonight
// is 0 days away all day, tomorrow's is 1 (daylight-saving days count whole).
func CalendarDays(a, b time.Time) int {
	day := func(t time.Time) time.Time {
		y, m, d := t.In(Zone).Date()
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	}
	return int(day(b).Sub(day(a)).Hours() / 24)
}
