package biz

import (
	"testing"
	"time"

	"anquan/kit/timefmt"
)

func TestYearShares(t *testing.T) {
	z := timefmt.Zone
	newYear := time.Date(2027, 1, 1, 0, 0, 0, 0, z)
	cases := []struct {
		name    string
		at      time.Time
		seconds float64
		want    []YearShare
	}{
		{"inside a year", newYear.Add(time.Hour), 15, []YearShare{{2027, 15}}},
		{"before the year end", newYear.Add(-time.Second), 15, []YearShare{{2026, 15}}},
		{"across the year end", newYear.Add(10 * time.Second), 15, []YearShare{{2026, 5}, {2027, 10}}},
		{"ending at midnight", newYear, 15, []YearShare{{2026, 15}}},
		{"starting at midnight", newYear.Add(15 * time.Second), 15, []YearShare{{2027, 15}}},
		// 16:00 UTC on 31 December is already the new year in Shanghai.
		{"tenant zone, not UTC", time.Date(2026, 12, 31, 16, 0, 30, 0, time.UTC), 15, []YearShare{{2027, 15}}},
		{"nothing credited", newYear, 0, nil},
	}
	for _, c := range cases {
		got := YearShares(c.at, c.seconds, z)
		if len(got) != len(c.want) {
			t.Fatalf("%s: %v, want %v", c.name, got, c.want)
		}
		sum := 0.0
		for i := range got {
			if got[i] != c.want[i] {
				t.Fatalf("%s: %v, want %v", c.name, got, c.want)
			}
			sum += got[i].Seconds
		}
		if sum != c.seconds {
			t.Fatalf("%s: shares add to %v, not %v", c.name, sum, c.seconds)
		}
	}
}
