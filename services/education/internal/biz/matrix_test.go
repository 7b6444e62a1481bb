package biz

import (
	"slices"
	"testing"
	"time"

	"anquan/kit/timefmt"
)

func at(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04:05", s, timefmt.Zone)
	if err != nil {
		panic(err)
	}
	return t
}

func TestAddMonthsKeepsTheDayOrTheMonthsLast(t *testing.T) {
	for _, c := range []struct {
		from   string
		months int32
		want   string
	}{
		{"2025-03-15 10:00:00", 12, "2026-03-15"},
		{"2025-01-31 08:00:00", 1, "2025-02-28"},
		{"2024-01-31 08:00:00", 1, "2024-02-29"},
		{"2025-11-30 23:59:59", 3, "2026-02-28"},
		{"2025-06-01 00:00:00", 0, "2025-06-01"},
	} {
		if got := timefmt.FormatDate(AddMonths(at(c.from), c.months)); got != c.want {
			t.Errorf("AddMonths(%s, %d) = %s, want %s", c.from, c.months, got, c.want)
		}
	}
	// A completion late in the evening UTC is the next day in the tenant zone.
	utc := time.Date(2025, 3, 14, 17, 0, 0, 0, time.UTC) // 2025-03-15 01:00 CST
	if got := timefmt.FormatDate(AddMonths(utc, 12)); got != "2026-03-15" {
		t.Errorf("UTC evening: %s", got)
	}
}

func TestComplyValidityBoundaryAndHours(t *testing.T) {
	done := at("2025-03-15 10:00:00")
	reqs := []Requirement{
		{CourseID: 1, CourseName: "一年有效", ValidMonths: 12},
		{CourseID: 2, CourseName: "长期有效"},
		{CourseID: 3, CourseName: "要求学时", Hours: 1.5},
		{CourseID: 4, CourseName: "未学习"},
		{CourseID: 5, CourseName: "未完成", ValidMonths: 6},
	}
	got := map[int64]Progress{
		1: {Completed: true, CompletedAt: &done, Hours: 1},
		2: {Completed: true, CompletedAt: &done},
		3: {Completed: true, CompletedAt: &done, Hours: 1.4},
		5: {Completed: false, Hours: 0.3},
	}
	state := func(now time.Time) []int32 {
		var out []int32
		for _, it := range Comply(reqs, got, now) {
			out = append(out, it.State)
		}
		return out
	}
	// The last valid moment: 23:59:59 on the day before the anniversary.
	want := []int32{ItemDone, ItemDone, ItemHoursShort, ItemMissing, ItemMissing}
	if s := state(at("2026-03-14 23:59:59")); !slices.Equal(s, want) {
		t.Fatalf("the day before: %v, want %v", s, want)
	}
	// From midnight of the anniversary the one-year completion is expired; the others stay.
	want[0] = ItemExpired
	if s := state(at("2026-03-15 00:00:00")); !slices.Equal(s, want) {
		t.Fatalf("the anniversary: %v, want %v", s, want)
	}
	items := Comply(reqs, got, at("2026-03-15 00:00:00"))
	if d := timefmt.FormatDate(items[0].ExpireDate); d != "2026-03-15" || !items[1].ExpireDate.IsZero() {
		t.Fatalf("expire dates: %q %v", d, items[1].ExpireDate)
	}
	if items[2].Credited != 1.4 || items[4].Credited != 0.3 {
		t.Fatalf("credited hours: %v %v", items[2].Credited, items[4].Credited)
	}
	// The 学时 asked reached exactly is done.
	got[3] = Progress{Completed: true, CompletedAt: &done, Hours: 1.5}
	if it := Comply(reqs[2:3], got, done); it[0].State != ItemDone {
		t.Fatalf("hours reached: %v", it[0].State)
	}
	// A completion without a date cannot be shown within validity.
	got[1] = Progress{Completed: true}
	if it := Comply(reqs[:1], got, done); it[0].State != ItemExpired {
		t.Fatalf("undated completion: %v", it[0].State)
	}
}

func TestShortsOfOncePerCourseAndPerson(t *testing.T) {
	exp := at("2026-03-15 00:00:00")
	rows := []ComplianceRow{
		{UserID: 7, UserName: "甲", PostName: "操作工", Items: []Verdict{
			{Requirement: Requirement{CourseID: 1, CourseName: "A"}, State: ItemDone},
			{Requirement: Requirement{CourseID: 2, CourseName: "B"}, State: ItemExpired, ExpireDate: exp},
		}},
		// The same course required by a second post of the same person: reminded once.
		{UserID: 7, UserName: "甲", PostName: "焊工", Items: []Verdict{{Requirement: Requirement{CourseID: 2, CourseName: "B"}, State: ItemExpired}}},
		{UserID: 8, UserName: "乙", PostName: "焊工", Items: []Verdict{{Requirement: Requirement{CourseID: 2, CourseName: "B"}, State: ItemMissing}}},
	}
	counters := []Counter{{UserID: 7, Year: 2026, Required: 20, Credited: 4, Short: 16}, {UserID: 9, Year: 2026, Required: 20, Credited: 20}}
	s := ShortsOf(rows, counters)
	if len(s) != 3 || s[0].UserID != 7 || s[0].RefID != 2 || s[0].Data["expireDate"] != "2026-03-15" || s[1].UserID != 8 ||
		s[2].Kind != ShortHours || s[2].RefID != 2026 || s[2].Data["shortHours"] != 16.0 {
		t.Fatalf("shorts: %+v", s)
	}
	if PeriodOf(time.Date(2026, 1, 31, 17, 0, 0, 0, time.UTC)) != "2026-02" {
		t.Fatal("the period is the tenant zone's month")
	}
}
