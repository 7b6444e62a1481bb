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

func TestYearHoursAndCategory(t *testing.T) {
	// 45 minutes per 学时: 1800 s on a 0.6 course is 0.6; 150 s on a 0.1 course is 0.0 (floored);
	// 9000 s on a 1-学时 course is capped at 1; another person is counted apart.
	rows := []StudyYear{{UserID: 1, CourseID: 10, Seconds: 1800}, {UserID: 1, CourseID: 11, Seconds: 150}, {UserID: 1, CourseID: 12, Seconds: 9000},
		{UserID: 2, CourseID: 10, Seconds: 2700}}
	h, n := YearHours(rows, 45, map[int64]float64{10: 0.6, 11: 0.1, 12: 1})
	if h[1] != 1.6 || n[1] != 3 || h[2] != 0.6 || n[2] != 1 {
		t.Fatalf("hours %v, courses %v", h, n)
	}
	cases := []struct {
		industry int32
		leader   bool
		want     string
	}{{1, false, CatHazchem}, {1, true, CatLeaderHazchem}, {2, false, CatOther}, {2, true, CatLeaderOther}}
	for _, c := range cases {
		if got := CategoryOf(c.industry, c.leader); got != c.want {
			t.Fatalf("CategoryOf(%d, %v) = %s, want %s", c.industry, c.leader, got, c.want)
		}
	}
	rules := map[string]int32{"hours.hazchem.initial": 60}
	if RequiredOf(rules, CatHazchem, true) != 60 || RequiredOf(rules, CatHazchem, false) != 20 || RequiredOf(rules, CatLeaderOther, false) != 12 {
		t.Fatal("RequiredOf: a stored rule, then the defaults")
	}
}
