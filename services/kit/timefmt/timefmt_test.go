package timefmt

import (
	"testing"
	"time"
)

func TestCalendarDays(t *testing.T) {
	at := func(s string) time.Time {
		v, ok := Parse(s)
		if !ok {
			t.Fatalf("parse %q", s)
		}
		return v
	}
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"2026-11-28 00:00:01", "2026-11-28 23:59:59", 0},
		{"2026-11-28 23:59:59", "2026-11-29 00:00:00", 1},
		{"2026-11-28", "2026-12-28", 30},
		{"2026-12-28", "2026-11-28", -30},
		{"2026-02-28", "2026-03-01", 1},
	} {
		if got := CalendarDays(at(c.a), at(c.b)); got != c.want {
			t.Errorf("CalendarDays(%s, %s) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	// a UTC instant counts by its date in the tenant zone: 2026-11-28 16:00 UTC is the 29th in Shanghai
	if got := CalendarDays(at("2026-11-28 12:00:00"), time.Date(2026, 11, 28, 16, 0, 0, 0, time.UTC)); got != 1 {
		t.Errorf("across the zone's midnight = %d, want 1", got)
	}
}
