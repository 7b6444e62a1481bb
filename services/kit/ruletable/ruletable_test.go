package ruletable

import "testing"

type row struct {
	code    string
	value   float64
	version int32
}

func (r *row) Versioned() (string, float64, int32) { return r.code, r.value, r.version }

var table = Table[float64]{
	{Code: "report.hours", Name: "上报期限", Unit: "小时", Default: 1},
	{Code: "investigation.days", Name: "调查期限", Unit: "日", Default: 60},
}

func TestVersionsInForce(t *testing.T) {
	rows := []row{{"report.hours", 2, 1}, {"report.hours", 0.5, 3}, {"report.hours", 4, 2}, {"gone", 9, 1}}
	set := InForce[float64](rows)
	if table.Get(set, "report.hours") != 0.5 {
		t.Fatalf("highest version in force: %v", set)
	}
	if table.Get(set, "investigation.days") != 60 {
		t.Fatal("a rule never stored takes its national default")
	}
	if Next[float64](rows[:3]) != 4 || Next[float64]([]row(nil)) != 1 {
		t.Fatal("next version")
	}
	v := Views[float64](table, rows)
	if len(v) != 2 || v[0].Current == nil || v[0].Current.version != 3 || v[1].Current != nil {
		t.Fatalf("views follow the table's order, current version or nil: %+v", v)
	}
	if _, ok := table.Of("gone"); ok {
		t.Fatal("a stored code the table no longer has is not a rule")
	}
}
