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

// Renewal: a completion valid 12 months is expired from the day 12 months on; opening the
// course again starts a round from the verified seconds so far, and that round reaching the
// pass percent is a new completion, which compliance then judges (the latest counts), with
// the earlier one kept in the history. Within one round the pass percent completes once.
func TestStudyAgainAfterExpiryRenews(t *testing.T) {
	reqs := []Requirement{{CourseID: 7, CourseName: "动火作业", ValidMonths: 12}}
	first := at("2025-03-15 10:00:00")
	s := &Study{CourseID: 7, Credited: 0}
	const duration, pass = 600, 80
	if !s.Completes(0, 480, duration, pass) {
		t.Fatal("the first round at 80% did not complete")
	}
	v := s.renewal(first)
	if _, ok := v["completions"]; ok {
		t.Fatalf("the first completion has no history: %v", v)
	}
	s.Completed, s.CompletedAt, s.Credited = true, &first, 480
	if s.Completes(480, 600, duration, pass) {
		t.Fatal("watching on in the same round completed again")
	}
	s.Credited = 600
	state := func(now time.Time) int32 {
		return Comply(reqs, map[int64]Progress{7: {Completed: s.Completed, CompletedAt: s.CompletedAt}}, now)[0].State
	}
	if got := state(at("2026-03-14 23:59:59")); got != ItemDone {
		t.Fatalf("the day before expiry: %s", ItemNames[got])
	}
	if got := state(at("2026-03-15 00:00:00")); got != ItemExpired {
		t.Fatalf("the expiry day: %s", ItemNames[got])
	}
	// Opened again (StartStudy): the round counts from the 600 s so far.
	s.RoundBase = s.Credited
	if s.Completes(600, 1000, duration, pass) {
		t.Fatal("400 s of a 600 s course (66%) renewed")
	}
	if !s.Completes(1000, 1080, duration, pass) {
		t.Fatal("the new round at 80% did not renew")
	}
	again := at("2026-04-01 09:00:00")
	v = s.renewal(again)
	if v["completions"] != "2025-03-15 10:00:00" || v["completed_at"] != again {
		t.Fatalf("renewal values: %v", v)
	}
	s.CompletedAt, s.Completions = &again, v["completions"].(string)
	if got := state(at("2026-04-02 08:00:00")); got != ItemDone {
		t.Fatalf("after studying again: %s", ItemNames[got])
	}
	if got := s.CompletionTimes(); !slices.Equal(got, []string{"2025-03-15 10:00:00", "2026-04-01 09:00:00"}) {
		t.Fatalf("completion times: %v", got)
	}
}
