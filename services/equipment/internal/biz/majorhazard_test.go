package biz

import "testing"

// TestLevelBoundaries: GB 18218 grading at its boundaries (R = 10, 50, 100
// and just below), S < 1 not a major hazard, and α by the people bands.
func TestLevelBoundaries(t *testing.T) {
	for _, c := range []struct {
		r    float64
		want int32
	}{{0.5, 4}, {9.9999, 4}, {10, 3}, {49.99, 3}, {50, 2}, {99.99, 2}, {100, 1}, {250, 1}, {0.1 * 100, 3}} {
		if got := LevelOf(c.r); got != c.want {
			t.Errorf("LevelOf(%v) = %d, want %d", c.r, got, c.want)
		}
	}
	chem := func(key string, q, crit float64) []MHChemical {
		return []MHChemical{{Name: "x", FactorKey: key, Quantity: q, Critical: crit}}
	}
	for _, c := range []struct {
		name   string
		chems  []MHChemical
		people int32
		s, r   float64
		alpha  float64
		level  int32
	}{
		{"below S = 1", chem("other", 499, 500), 200, 0.998, 0, 2.0, 0},
		{"S exactly 1, R = 2", chem("other", 500, 500), 100, 1, 2, 2.0, 4},
		{"chlorine R = 10 is level 3", chem("toxic:Cl2", 5, 2), 10, 2.5, 10, 1.0, 3},
		{"HCN with nobody outside: α 0.5, R = 25", chem("toxic:HCN", 10, 2), 0, 5, 25, 0.5, 3},
		{"phosgene R = 50", chem("toxic:COCl2", 1.25, 0.5), 30, 2.5, 60, 1.2, 2},
		{"R = 100 is level 1", chem("toxic:NO2", 5, 1), 100, 5, 100, 2.0, 1},
		{"two substances add", []MHChemical{{Name: "a", FactorKey: "flammable_gas", Quantity: 5, Critical: 10}, {Name: "b", FactorKey: "other", Quantity: 250, Critical: 500}}, 49, 1, 1.5, 1.2, 4},
	} {
		g, err := Compute(c.chems, c.people, DefaultFactors)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if g.S != c.s || g.Alpha != c.alpha || g.R != c.r || g.Level != c.level {
			t.Errorf("%s: S %v α %v R %v level %d; want S %v α %v R %v level %d (%s)", c.name, g.S, g.Alpha, g.R, g.Level, c.s, c.alpha, c.r, c.level, g.Calculation)
		}
	}
	if _, err := Compute(chem("nope", 1, 1), 0, DefaultFactors); err == nil {
		t.Fatal("an unknown β key must be refused")
	}
}

func TestAddMonthsClamps(t *testing.T) {
	for in, want := range map[string]string{"2024-01-31": "2024-02-29", "2025-01-31": "2025-02-28", "2026-05-15": "2026-06-15"} {
		if got := AddMonths(in, 1); got != want {
			t.Errorf("AddMonths(%s, 1) = %s, want %s", in, got, want)
		}
	}
	if got := AddMonths("2026-03-31", -6); got != "2025-09-30" {
		t.Errorf("AddMonths back: %s", got)
	}
	if DueState("2026-01-09", "2026-01-10", 30) != DueOverdue || DueState("2026-02-09", "2026-01-10", 30) != DueSoon || DueState("2026-02-10", "2026-01-10", 30) != DueNone {
		t.Error("due states")
	}
}
