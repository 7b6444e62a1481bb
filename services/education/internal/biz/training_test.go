package biz

import (
	"strings"
	"testing"
	"time"
)

func TestCreditOf(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	const gap, tol = 60.0, 3.0
	cases := []struct {
		name     string
		b        Beat
		credit   float64
		furthest float64
		note     bool
	}{
		{"playing 15 s", Beat{PrevAt: t0, PrevPosition: 10, Furthest: 10, At: at(15), Position: 25, Playing: true}, 15, 25, false},
		{"position just within tolerance", Beat{PrevAt: t0, PrevPosition: 10, Furthest: 10, At: at(15), Position: 28, Playing: true}, 15, 28, false},
		{"seeking ahead past tolerance", Beat{PrevAt: t0, PrevPosition: 10, Furthest: 10, At: at(15), Position: 28.5, Playing: true}, 0, 10, true},
		{"jump far ahead", Beat{PrevAt: t0, PrevPosition: 10, Furthest: 10, At: at(15), Position: 200, Playing: true}, 0, 10, true},
		{"rewatching before the furthest point", Beat{PrevAt: t0, PrevPosition: 0, Furthest: 100, At: at(15), Position: 15, Playing: true}, 15, 100, false},
		{"a seek back then a jump past the furthest point", Beat{PrevAt: t0, PrevPosition: 0, Furthest: 20, At: at(15), Position: 15 + 20 + 1, Playing: true}, 0, 20, true},
		{"paused", Beat{PrevAt: t0, PrevPosition: 10, Furthest: 10, At: at(15), Position: 10, Playing: false}, 0, 10, true},
		{"reported playing without moving", Beat{PrevAt: t0, PrevPosition: 10, Furthest: 10, At: at(15), Position: 10, Playing: true}, 0, 10, true},
		{"idle: gap at the limit", Beat{PrevAt: t0, PrevPosition: 10, Furthest: 10, At: at(60), Position: 70, Playing: true}, 60, 70, false},
		{"idle: gap over the limit", Beat{PrevAt: t0, PrevPosition: 10, Furthest: 10, At: at(60.5), Position: 70, Playing: true}, 0, 10, true},
		{"parallel study", Beat{PrevAt: t0, PrevPosition: 10, Furthest: 10, At: at(15), Position: 25, Playing: true, Parallel: true}, 0, 10, true},
		{"slower than wall time credits the advance", Beat{PrevAt: t0, PrevPosition: 10, Furthest: 10, At: at(15), Position: 20, Playing: true}, 10, 20, false},
		{"no wall time", Beat{PrevAt: t0, PrevPosition: 10, Furthest: 10, At: t0, Position: 10, Playing: true}, 0, 10, true},
	}
	for _, c := range cases {
		got := CreditOf(c.b, gap, tol)
		if got.Seconds != c.credit || got.Furthest != c.furthest || (got.Note != "") != c.note {
			t.Errorf("%s: got %+v, want credit %v furthest %v note %v", c.name, got, c.credit, c.furthest, c.note)
		}
	}
}

func TestHoursAndProgress(t *testing.T) {
	if h := HoursOf(45*60, 45, 2); h != 1 {
		t.Errorf("45 min at 45 min/学时: %v", h)
	}
	if h := HoursOf(45*60-1, 45, 2); h != 0.9 {
		t.Errorf("just under one 学时: %v", h)
	}
	if h := HoursOf(10*45*60, 45, 2); h != 2 {
		t.Errorf("capped at the course's 学时: %v", h)
	}
	if h := HoursOf(40*60, 40, 5); h != 1 {
		t.Errorf("a tenant's 40 min/学时: %v", h)
	}
	if p := ProgressOf(270, 300); p != 90 {
		t.Errorf("progress: %v", p)
	}
	if p := ProgressOf(400, 300); p != 100 {
		t.Errorf("progress capped: %v", p)
	}
	if TrainingRules.Get(nil, RuleMinutesPerHour) != 45 || TrainingRules.Get(nil, "hours.hazchem.initial") != 72 || TrainingRules.Get(nil, "hours.hazchem.annual") != 20 {
		t.Error("rule defaults")
	}
}

func TestCourseFilesAreStoredFilesOnly(t *testing.T) {
	name := "0123456789abcdef0123456789abcdef.mp4"
	for _, ok := range []string{name, "/api/upload/preview/" + name, name + " , " + name} {
		if _, err := courseFiles(ok); err != nil {
			t.Fatalf("%q refused: %v", ok, err)
		}
	}
	if got, _ := courseFiles(name + " , " + name); got != name+","+name {
		t.Fatalf("spaces around commas: %q", got)
	}
	for _, bad := range []string{"", " ", "<img src=x onerror=alert(1)>", "𠀀😀 四字节 𝕏", "x" + name, name + ",", "a b/" + name,
		strings.Repeat(name+",", 10) + name} {
		if _, err := courseFiles(bad); err == nil {
			t.Fatalf("%q accepted", bad)
		}
	}
}
