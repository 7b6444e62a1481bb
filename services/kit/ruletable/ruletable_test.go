package ruletable

import (
	"context"
	"errors"
	"testing"

	"anquan/kit/ident"
)

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

// memTx runs fn and keeps the rows it wrote only when fn succeeds, like a transaction.
type memTx struct {
	rows, pending []row
}

func (m *memTx) Tx(ctx context.Context, fn func(ctx context.Context) error) error {
	m.pending = nil
	if err := fn(ctx); err != nil {
		return err
	}
	m.rows = append(m.rows, m.pending...)
	return nil
}

func TestSubmitWritesTheNextVersionOfItsCodeOnly(t *testing.T) {
	m := &memTx{rows: []row{{"report.hours", 2, 1}, {"report.hours", 3, 2}, {"investigation.days", 50, 7}}}
	var sources []string
	store := Store[float64]{Tx: m, Create: func(_ context.Context, code string, value float64, source string, version int32) error {
		m.pending = append(m.pending, row{code, value, version})
		sources = append(sources, source)
		return nil
	}}
	load := func(context.Context) ([]row, error) { return m.rows, nil }
	var seen map[string]float64
	set, err := Submit[float64](context.Background(), store, load, "report.hours", 1.5, "  企业制度 ", func(s map[string]float64) error {
		seen = s
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if last := m.rows[len(m.rows)-1]; last != (row{"report.hours", 1.5, 3}) || sources[0] != "企业制度" {
		t.Fatalf("stored %+v with source %q", last, sources[0])
	}
	if seen["report.hours"] != 1.5 || seen["investigation.days"] != 50 || set["report.hours"] != 1.5 {
		t.Fatalf("the check and the answer see the new value among the others: %v %v", seen, set)
	}

	// a refusal writes nothing
	refused := errors.New("调查期限应大于上报期限")
	before := len(m.rows)
	if _, err := Submit[float64](context.Background(), store, load, "investigation.days", 0.1, "x", func(map[string]float64) error { return refused }); err != refused {
		t.Fatalf("want the check's error, got %v", err)
	}
	if len(m.rows) != before {
		t.Fatal("a refused value was stored")
	}
}

func TestListAndHistoryAskForACallerAndAKnownCode(t *testing.T) {
	stored := []row{{"report.hours", 2, 1}, {"report.hours", 0.5, 2}}
	asked := []string{}
	rows := func(_ context.Context, code string) ([]row, error) {
		asked = append(asked, code)
		if code == "" {
			return stored, nil
		}
		return stored[:1], nil
	}
	if _, err := List[float64](context.Background(), table, rows); err == nil {
		t.Fatal("a list without a caller is refused")
	}
	ctx := ident.With(context.Background(), &ident.Identity{TenantID: "100001", UserID: 1})
	views, err := List[float64](ctx, table, rows)
	if err != nil || len(views) != 2 || views[0].Current == nil || views[0].Current.value != 0.5 || views[1].Current != nil {
		t.Fatalf("every rule with its version in force: %v %v", views, err)
	}
	if _, _, err := History(ctx, table, "nope", rows); err == nil {
		t.Fatal("an unknown code is refused")
	}
	d, hist, err := History(ctx, table, "report.hours", rows)
	if err != nil || d.Name != "上报期限" || len(hist) != 1 {
		t.Fatalf("history: %v %v %v", d, hist, err)
	}
	if len(asked) != 2 || asked[0] != "" || asked[1] != "report.hours" {
		t.Fatalf("reads: %q", asked)
	}
}
