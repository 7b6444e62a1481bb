package data

import (
	"context"
	"testing"
	"time"

	"gorm.io/gorm"

	"anquan/kit/db"
	"anquan/kit/db/dbtest"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	"anquan/prevention/internal/biz"
)

const tenant = "100001"

func openDB(t testing.TB) *gorm.DB { return dbtest.Open(t, "prevention", Migrate) }

type events struct{ n int }

func (e *events) Add(context.Context, string, string, any) error { e.n++; return nil }

func newUC(g *gorm.DB, now time.Time) (*biz.Prevention, *events) {
	st := NewStores(g)
	ev := &events{}
	return &biz.Prevention{Objects: st.Objects, Units: st.Units, REvents: st.Events, Measures: st.Measures, Plans: st.Plans,
		Tasks: st.Tasks, Records: st.Records, Hazards: st.Hazards, Q: NewQueries(g, st), Tx: db.NewTransactor(g),
		Outbox: ev, Now: func() time.Time { return now }}, ev
}

func inTenant() context.Context {
	return ident.With(context.Background(), &ident.Identity{TenantID: tenant, UserID: 1, UserName: "tester", DataScope: ident.ScopeAll, Super: true})
}

func at(s string) time.Time {
	t, _ := timefmt.Parse(s)
	return t
}

func addPlan(t *testing.T, uc *biz.Prevention, start string, n, unit int32, next int64) *biz.CheckPlan {
	t.Helper()
	p := &biz.CheckPlan{MeasureID: 1, UnitID: 1, UnitName: "u", Name: "p", CheckCycle: n, CheckCycleUnit: unit, DutyType: biz.DutyPerson,
		ResponsibleUserID: 1, StartTime: at(start), Enabled: 1, NextSeq: next}
	if err := uc.Plans.Create(inTenant(), p); err != nil {
		t.Fatal(err)
	}
	return p
}

func states(t *testing.T, uc *biz.Prevention, planID int64) map[int32]int {
	t.Helper()
	rows, err := uc.Tasks.List(inTenant(), paging.Query{Filters: map[string]string{"planId_equal": itoa(planID)}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int32]int{}
	for _, r := range rows {
		out[r.TaskState]++
	}
	return out
}

func itoa(v int64) string { return ident.JoinIDs([]int64{v}) }

// Generation is idempotent, records a downtime's windows as missed, and
// expires the pending ones at their end.
func TestGenerateIsIdempotentAndRecordsMissedWindows(t *testing.T) {
	g := openDB(t)
	now := at("2026-11-21 10:30:00")
	uc, _ := newUC(g, now)
	ctx := inTenant()
	// Hourly since 06:00 with the cursor at 06:00: the scheduler was down.
	hourly := addPlan(t, uc, "2026-11-21 06:00:00", 1, biz.CycleHour, 0)
	// Monthly from Jan 31: the cursor at the window containing now.
	monthly := addPlan(t, uc, "2026-01-31 08:00:00", 1, biz.CycleMonth, biz.FirstSeq(biz.Cycle{Anchor: at("2026-01-31 08:00:00"), N: 1, Unit: biz.CycleMonth}, now))

	res, err := uc.Generate(ctx, now)
	if err != nil {
		t.Fatal(err)
	}
	// 06,07,08,09 are over (missed), 10:00 is current; the monthly window is Oct 31 - Nov 30.
	if res.Created != 6 || res.Missed != 4 {
		t.Fatalf("first run: %+v", res)
	}
	if s := states(t, uc, hourly.ID); s[biz.TaskMissed] != 4 || s[biz.TaskPending] != 1 {
		t.Fatalf("hourly states: %v", s)
	}
	var m biz.CheckTask
	if err := db.Conn(ctx, g).Where("plan_id = ?", monthly.ID).Take(&m).Error; err != nil {
		t.Fatal(err)
	}
	if timefmt.Format(m.StartTime) != "2026-10-31 08:00:00" || timefmt.Format(m.EndTime) != "2026-11-30 08:00:00" {
		t.Fatalf("monthly window: %s - %s", timefmt.Format(m.StartTime), timefmt.Format(m.EndTime))
	}
	// A rerun (a restart, a second replica) adds nothing, even with the cursor rewound.
	if err := db.Conn(ctx, g).Model(&biz.CheckPlan{}).Where("id = ?", hourly.ID).Updates(map[string]any{"next_seq": 0, "next_start": nil}).Error; err != nil {
		t.Fatal(err)
	}
	res, err = uc.Generate(ctx, now)
	if err != nil || res.Created != 0 {
		t.Fatalf("rerun: %+v %v", res, err)
	}
	var n int64
	db.Conn(ctx, g).Model(&biz.CheckTask{}).Count(&n)
	if n != 6 {
		t.Fatalf("tasks after rerun: %d", n)
	}
	// At 11:00 the 10:00 task is overdue and the 11:00 window appears.
	uc.Now = func() time.Time { return at("2026-11-21 11:00:00") }
	res, err = uc.Generate(ctx, time.Time{})
	if err != nil || res.Created != 1 || res.Overdue != 1 {
		t.Fatalf("11:00 run: %+v %v", res, err)
	}
	if s := states(t, uc, hourly.ID); s[biz.TaskOverdue] != 1 || s[biz.TaskPending] != 1 || s[biz.TaskMissed] != 4 {
		t.Fatalf("states at 11:00: %v", s)
	}
}

// Records move tasks along the allowed transitions only.
func TestRecordTransitions(t *testing.T) {
	g := openDB(t)
	now := at("2026-11-21 10:30:00")
	uc, _ := newUC(g, now)
	ctx := inTenant()
	p := addPlan(t, uc, "2026-11-21 08:00:00", 1, biz.CycleHour, 0)
	if _, err := uc.Generate(ctx, now); err != nil {
		t.Fatal(err)
	}
	tasks, _ := uc.Tasks.List(ctx, paging.Query{Filters: map[string]string{"planId_equal": itoa(p.ID)}, Ascs: "startTime"}, 0)
	if len(tasks) != 3 {
		t.Fatalf("tasks: %d", len(tasks))
	}
	byStart := map[string]biz.CheckTask{}
	for _, tk := range tasks {
		byStart[timefmt.Format(tk.StartTime)[11:16]] = tk
	}
	cases := []struct {
		task string
		want int32
		bad  bool
	}{
		{"08:00", biz.TaskMissedMadeUp, false}, // missed (5) -> made up (6)
		{"10:00", biz.TaskDone, false},         // pending on time -> 2
		{"10:00", 0, true},                     // twice -> refused
		{"08:00", 0, true},                     // made up twice -> refused
	}
	for _, c := range cases {
		r, err := uc.SubmitRecord(ctx, &biz.RecordInput{CheckRecord: biz.CheckRecord{TaskID: byStart[c.task].ID, CheckStatus: biz.CheckNormal}})
		if c.bad != (err != nil) || (!c.bad && r.TaskState != c.want) {
			t.Fatalf("%s: %+v %v", c.task, r, err)
		}
	}
	// 09:00 expires at 10:30's run; recording it later gives 4.
	if _, err := uc.Generate(ctx, now); err != nil {
		t.Fatal(err)
	}
	r, err := uc.SubmitRecord(ctx, &biz.RecordInput{CheckRecord: biz.CheckRecord{TaskID: byStart["09:00"].ID, CheckStatus: biz.CheckOther}})
	if err != nil || r.TaskState != biz.TaskMissedMadeUp && r.TaskState != biz.TaskOverdueDone {
		t.Fatalf("09:00: %+v %v", r, err)
	}
}

// An overdue hazard is flagged and announced once, whatever the reruns.
func TestOverdueHazardAnnouncedOnce(t *testing.T) {
	g := openDB(t)
	now := at("2026-11-21 10:30:00")
	uc, ev := newUC(g, now)
	ctx := inTenant()
	d := at("2026-11-21 09:00:00")
	h := &biz.Hazard{DangerName: "h", ReportTime: at("2026-11-20 09:00:00"), Deadline: &d, LiableUserID: 1, DangerState: biz.HazardRectifying, DangerSrc: 1}
	if err := uc.Hazards.Create(ctx, h); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if _, err := uc.FlagOverdueHazards(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if ev.n != 1 {
		t.Fatalf("events: %d", ev.n)
	}
	got, _ := uc.Hazards.Get(ctx, h.ID)
	if got.Overdue != 1 {
		t.Fatal("not flagged")
	}
}

// The hidden-danger page reads deep pages through the index first; it must
// return what the plain page returns, in the same order.
func TestHazardPageMatchesPlainPage(t *testing.T) {
	g := openDB(t)
	uc, _ := newUC(g, at("2026-11-21 10:30:00"))
	ctx := inTenant()
	for i := 0; i < 30; i++ {
		d := at("2026-11-25 00:00:00").Add(time.Duration(i%7) * time.Hour)
		h := &biz.Hazard{DangerName: "h", ReportTime: at("2026-11-20 09:00:00"), Deadline: &d, DangerState: int32(i % 2), DangerSrc: 1}
		if err := uc.Hazards.Create(ctx, h); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []paging.Query{
		{Current: 1, Size: 7},
		{Current: 3, Size: 7},
		{Current: 5, Size: 7},
		{Current: 2, Size: 4, Ascs: "deadline", Filters: map[string]string{"dangerState_equal": "1"}},
		{Current: 9, Size: 10},
	} {
		got, err := uc.Q.HazardPage(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		want, err := uc.Hazards.Page(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if got.Total != want.Total || len(got.Records) != len(want.Records) {
			t.Fatalf("%+v: %d/%d rows vs %d/%d", q, len(got.Records), got.Total, len(want.Records), want.Total)
		}
		for i := range got.Records {
			if got.Records[i].ID != want.Records[i].ID {
				t.Fatalf("%+v: row %d differs", q, i)
			}
		}
	}
}

// The points centre's tally: one grouped query gives each reporter's reports not voided, of
// them the major ones, and the accepted ones; mine-only counts one reporter; another tenant's
// reports never count.
func TestReporterTallyCountsInOneQuery(t *testing.T) {
	g := openDB(t)
	uc, _ := newUC(g, at("2026-11-21 10:30:00"))
	ctx := inTenant()
	add := func(ctx context.Context, user int64, state, level int32) {
		t.Helper()
		h := &biz.Hazard{DangerName: "h", ReportTime: at("2026-11-20 09:00:00"), ReportUserID: user, DangerState: state, DangerLevel: level, DangerSrc: 1}
		if err := uc.Hazards.Create(ctx, h); err != nil {
			t.Fatal(err)
		}
	}
	add(ctx, 7, biz.HazardReported, biz.DangerMajor)
	add(ctx, 7, biz.HazardAccepted, 0)
	add(ctx, 7, biz.HazardVoided, biz.DangerMajor)
	add(ctx, 8, biz.HazardVoided, 0) // nothing but voided: not listed
	add(ctx, 9, biz.HazardAccepted, biz.DangerMajor)
	other := ident.With(context.Background(), &ident.Identity{TenantID: "100002", UserID: 1, DataScope: ident.ScopeAll, Super: true})
	add(other, 7, biz.HazardAccepted, biz.DangerMajor)

	counts, _, err := uc.ReporterTally(context.Background(), tenant, 7, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	by := map[int64]biz.ReporterCount{}
	for _, c := range counts {
		by[c.UserID] = c
	}
	if len(by) != 2 || by[7] != (biz.ReporterCount{UserID: 7, Reported: 2, Major: 1, Accepted: 1}) ||
		by[9] != (biz.ReporterCount{UserID: 9, Reported: 1, Major: 1, Accepted: 1}) {
		t.Fatalf("tally: %+v", counts)
	}
	mine, list, err := uc.ReporterTally(context.Background(), tenant, 7, 10, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(mine) != 1 || mine[0] != by[7] || len(list) != 3 {
		t.Fatalf("mine only: %+v, %d reports listed", mine, len(list))
	}
	if _, _, err := uc.ReporterTally(context.Background(), tenant, 0, 0, true); err == nil {
		t.Fatal("mine only without a person must be refused")
	}
}
