package biz

import (
	"strings"
	"testing"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
)

func at(s string) time.Time {
	t, ok := timefmt.Parse(s)
	if !ok {
		panic(s)
	}
	return t
}

func TestGradeLECAndLS(t *testing.T) {
	cases := []struct {
		method     string
		l, e, c, s float64
		score      float64
		level      int32
		bad        bool
	}{
		{method: "LEC", l: 10, e: 6, c: 7, score: 420, level: 1},
		{method: "LEC", l: 6, e: 6, c: 15, score: 540, level: 1},
		{method: "LEC", l: 1, e: 6, c: 40, score: 240, level: 2},
		{method: "LEC", l: 3, e: 6, c: 15, score: 270, level: 2},
		{method: "LEC", l: 1, e: 2, c: 40, score: 80, level: 3},
		{method: "LEC", l: 3, e: 2, c: 15, score: 90, level: 3},
		{method: "LEC", l: 1, e: 6, c: 7, score: 42, level: 4},
		{method: "LEC", l: 0.1, e: 0.5, c: 1, score: 0.05, level: 4},
		{method: "LEC", l: 10, e: 2, c: 16, bad: true}, // C not in the table
		{method: "LEC", l: 2, e: 6, c: 7, bad: true},   // L not in the table
		{method: "LEC", l: 1, e: 4, c: 7, bad: true},   // E not in the table
		{method: "lec", l: 10, e: 10, c: 100, score: 10000, level: 1},
		{method: "LS", l: 5, s: 5, score: 25, level: 1},
		{method: "LS", l: 4, s: 5, score: 20, level: 1},
		{method: "LS", l: 4, s: 4, score: 16, level: 2},
		{method: "LS", l: 3, s: 5, score: 15, level: 2},
		{method: "LS", l: 3, s: 4, score: 12, level: 3},
		{method: "LS", l: 3, s: 3, score: 9, level: 3},
		{method: "LS", l: 2, s: 4, score: 8, level: 4},
		{method: "LS", l: 1, s: 1, score: 1, level: 4},
		{method: "LS", l: 6, s: 1, bad: true},
		{method: "LS", l: 2, s: 0, bad: true},
		{method: "LS", l: 2.5, s: 2, bad: true},
		{method: "ABC", l: 1, s: 1, bad: true},
	}
	for _, c := range cases {
		score, level, err := Grade(c.method, c.l, c.e, c.c, c.s)
		if c.bad {
			if err == nil || errs.Code(err) == 0 {
				t.Errorf("%+v: want refusal, got %v %v", c, score, level)
			}
			continue
		}
		if err != nil || score != c.score || level != c.level {
			t.Errorf("%+v: got %v %v %v", c, score, level, err)
		}
	}
	if Colour(1) != "red" || Colour(2) != "orange" || Colour(3) != "yellow" || Colour(4) != "blue" || Colour(0) != "transparent" {
		t.Error("colours")
	}
}

func TestCycleWindowsAcrossMonthEndsAndDays(t *testing.T) {
	cases := []struct {
		name  string
		c     Cycle
		k     int64
		start string
	}{
		{"monthly from Jan 31 -> Feb 29 (leap)", Cycle{at("2024-01-31 08:00:00"), 1, CycleMonth}, 1, "2024-02-29 08:00:00"},
		{"monthly from Jan 31 -> Mar 31 (no drift)", Cycle{at("2024-01-31 08:00:00"), 1, CycleMonth}, 2, "2024-03-31 08:00:00"},
		{"monthly from Jan 31 -> Apr 30", Cycle{at("2024-01-31 08:00:00"), 1, CycleMonth}, 3, "2024-04-30 08:00:00"},
		{"monthly from Jan 31 -> Feb 28 (common)", Cycle{at("2025-01-31 08:00:00"), 1, CycleMonth}, 1, "2025-02-28 08:00:00"},
		{"monthly across the year", Cycle{at("2025-11-30 00:00:00"), 1, CycleMonth}, 3, "2026-02-28 00:00:00"},
		{"quarterly", Cycle{at("2025-01-31 00:00:00"), 3, CycleMonth}, 1, "2025-04-30 00:00:00"},
		{"yearly from Feb 29", Cycle{at("2024-02-29 09:00:00"), 1, CycleYear}, 1, "2025-02-28 09:00:00"},
		{"yearly back to Feb 29", Cycle{at("2024-02-29 09:00:00"), 1, CycleYear}, 4, "2028-02-29 09:00:00"},
		{"daily crosses midnight in Shanghai", Cycle{at("2026-03-08 23:30:00"), 1, CycleDay}, 1, "2026-03-09 23:30:00"},
		{"every 2 days", Cycle{at("2026-12-30 08:00:00"), 2, CycleDay}, 2, "2027-01-03 08:00:00"},
		{"hourly across midnight", Cycle{at("2026-11-21 22:00:00"), 1, CycleHour}, 3, "2026-11-22 01:00:00"},
		{"every 8 hours", Cycle{at("2026-11-21 08:00:00"), 8, CycleHour}, 2, "2026-11-22 00:00:00"},
	}
	for _, c := range cases {
		got := c.c.Start(c.k)
		if timefmt.Format(got) != c.start {
			t.Errorf("%s: window %d starts %s, want %s", c.name, c.k, timefmt.Format(got), c.start)
		}
		// Index is the inverse of Start, inside the window and at its edges.
		if k := c.c.Index(got); k != c.k {
			t.Errorf("%s: Index(start)=%d want %d", c.name, k, c.k)
		}
		if k := c.c.Index(got.Add(-time.Second)); k != c.k-1 {
			t.Errorf("%s: Index(start-1s)=%d want %d", c.name, k, c.k-1)
		}
		_, end := c.c.Window(c.k)
		if k := c.c.Index(end.Add(-time.Second)); k != c.k {
			t.Errorf("%s: Index(end-1s)=%d want %d", c.name, k, c.k)
		}
	}
	c := Cycle{at("2026-01-01 08:00:00"), 1, CycleDay}
	if c.Index(at("2025-12-31 08:00:00")) != -1 {
		t.Error("before the anchor")
	}
	if FirstSeq(c, at("2025-12-01 00:00:00")) != 0 || FirstSeq(c, at("2026-01-05 09:00:00")) != 4 {
		t.Error("FirstSeq")
	}
}

func TestTaskTransitions(t *testing.T) {
	start, end := at("2026-11-21 08:00:00"), at("2026-11-21 09:00:00")
	cases := []struct {
		name  string
		state int32
		at    string
		want  int32
		bad   bool
	}{
		{"pending, on time -> inspected", TaskPending, "2026-11-21 08:30:00", TaskDone, false},
		{"pending, after the end -> overdue inspected", TaskPending, "2026-11-21 09:00:00", TaskOverdueDone, false},
		{"pending, before the start -> refused", TaskPending, "2026-11-21 07:59:59", 0, true},
		{"overdue -> overdue inspected", TaskOverdue, "2026-11-21 10:00:00", TaskOverdueDone, false},
		{"missed -> made up", TaskMissed, "2026-11-22 10:00:00", TaskMissedMadeUp, false},
		{"inspected twice -> refused", TaskDone, "2026-11-21 08:40:00", 0, true},
		{"overdue inspected again -> refused", TaskOverdueDone, "2026-11-21 10:00:00", 0, true},
		{"made up again -> refused", TaskMissedMadeUp, "2026-11-22 10:00:00", 0, true},
		{"unknown state -> refused", 9, "2026-11-21 08:30:00", 0, true},
	}
	for _, c := range cases {
		got, err := TaskAfterRecord(c.state, start, end, at(c.at))
		if c.bad != (err != nil) || got != c.want {
			t.Errorf("%s: got %d %v", c.name, got, err)
		}
	}
	expire := []struct {
		state int32
		at    string
		want  bool
	}{
		{TaskPending, "2026-11-21 08:59:59", false},
		{TaskPending, "2026-11-21 09:00:00", true},
		{TaskDone, "2026-11-21 10:00:00", false},
		{TaskMissed, "2026-11-21 10:00:00", false},
		{TaskOverdue, "2026-11-21 10:00:00", false},
	}
	for _, c := range expire {
		if TaskExpires(c.state, end, at(c.at)) != c.want {
			t.Errorf("expire %d at %s", c.state, c.at)
		}
	}
	if NewTaskState(end, at("2026-11-21 09:00:00")) != TaskMissed || NewTaskState(end, at("2026-11-21 08:10:00")) != TaskPending {
		t.Error("new task state")
	}
}

func TestHazardTransitionsAllowedAndRefused(t *testing.T) {
	allowed := map[[3]any]int32{
		{HazardReported, StepAssess, true}:     HazardRectifying,
		{HazardReported, StepAssess, false}:    HazardVoided,
		{HazardRectifying, StepRectify, true}:  HazardToAccept,
		{HazardRectifying, StepRectify, false}: HazardToAccept,
		{HazardToAccept, StepAccept, true}:     HazardAccepted,
		{HazardToAccept, StepAccept, false}:    HazardRectifying,
		{HazardReported, StepEdit, true}:       HazardReported,
		{HazardReported, StepRemove, true}:     HazardReported,
		{HazardVoided, StepRemove, true}:       HazardVoided,
	}
	states := []int32{HazardReported, HazardRectifying, HazardToAccept, HazardAccepted, HazardVoided, 5}
	steps := []HazardStep{StepEdit, StepRemove, StepAssess, StepRectify, StepAccept, "jump"}
	for _, s := range states {
		for _, st := range steps {
			for _, pass := range []bool{true, false} {
				got, err := HazardNext(s, st, pass)
				want, ok := allowed[[3]any{s, st, pass}]
				if !ok && (st == StepEdit || st == StepRemove) {
					want, ok = allowed[[3]any{s, st, true}]
				}
				if ok {
					if err != nil || got != want {
						t.Errorf("%d %s %v: got %d %v, want %d", s, st, pass, got, err, want)
					}
				} else if err == nil || errs.Message(err) == "" {
					t.Errorf("%d %s %v: want a refusal, got %d", s, st, pass, got)
				}
			}
		}
	}
}

// The hazard chain mirrors the hazard's stages and people: safety staff
// assess and accept, the liable person rectifies, the administrator may
// act everywhere (flow lists it only where a step names it).
func TestHazardChain(t *testing.T) {
	c := HazardChain(42)
	want := []FlowStep{
		{Name: "隐患评估", Roles: "safety_manager,administrator"},
		{Name: "隐患整改", Roles: "administrator", Users: "42"},
		{Name: "隐患验收", Roles: "safety_manager,administrator"},
	}
	if len(c) != len(want) {
		t.Fatalf("chain %v", c)
	}
	for i := range want {
		if c[i] != want[i] {
			t.Fatalf("step %d: %+v, want %+v", i+1, c[i], want[i])
		}
	}
	if c[RectifyStep-1].Name != StepNames[StepRectify] {
		t.Fatalf("RectifyStep %d is not the rectification step", RectifyStep)
	}
	if err := CheckHazardChain(FlowInstance{Steps: c}); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 2, 4} {
		err := CheckHazardChain(FlowInstance{Steps: make([]FlowStep, n)})
		if err == nil || !strings.Contains(errs.Message(err), "三个环节") {
			t.Fatalf("%d steps accepted: %v", n, err)
		}
	}
}

func TestFlowMove(t *testing.T) {
	cases := []struct {
		step     HazardStep
		pass     bool
		wantPass bool
		wantBack int32
	}{
		{StepAssess, true, true, 0},   // 10 -> 0: step 1 passes
		{StepAssess, false, false, 0}, // 10 -> 8: the instance is rejected
		{StepRectify, true, true, 0},  // 0 -> 1: step 2 passes
		{StepRectify, false, true, 0}, // rectification has no refusal
		{StepAccept, true, true, 0},   // 1 -> 9: the last pass completes
		{StepAccept, false, false, 2}, // 1 -> 0: back to the rectifier
	}
	for _, c := range cases {
		p, b := FlowMove(c.step, c.pass)
		if p != c.wantPass || b != c.wantBack {
			t.Errorf("%s pass=%v: got pass=%v back=%d", c.step, c.pass, p, b)
		}
	}
}

func TestMayRectifyWithoutFlow(t *testing.T) {
	h := &Hazard{LiableUserID: 7}
	cases := []struct {
		name string
		id   *ident.Identity
		want bool
	}{
		{"liable person", &ident.Identity{UserID: 7}, true},
		{"administrator", &ident.Identity{UserID: 1, Super: true}, true},
		{"someone else", &ident.Identity{UserID: 8}, false},
		{"nobody", nil, false},
		{"no user", &ident.Identity{}, false},
	}
	for _, c := range cases {
		if got := MayRectify(h, c.id); got != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
}
