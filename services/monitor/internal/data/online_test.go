package data

import (
	"context"
	"testing"
	"time"

	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/monitor/internal/biz"
)

// TestSpansStoreAndStaleSpansEndAtTheLastSample: the engine's span writes
// (open, then end) land; a span a crashed process left open ends at its
// point's last stored sample plus three intervals, or at its start without
// one; the overlap query finds open and ending spans of a range.
func TestSpansStoreAndStaleSpansEndAtTheLastSample(t *testing.T) {
	c := conf.Default()
	c.Data = t.TempDir()
	ctx := context.Background()
	g, err := db.Open(ctx, c, "monitor")
	if err != nil {
		t.Fatal(err)
	}
	if err := Migrate(g); err != nil {
		t.Fatal(err)
	}
	sys := ident.AsSystem(ctx)
	p := biz.Point{Code: "P", Name: "p", GatewayID: 1, ExpectInterval: 10}
	p.TenantID = "100001"
	if err := db.Conn(sys, g).Create(&p).Error; err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	s := Spans{G: g}
	// an ended span, and two left open (one with samples, one without)
	end := t0.Add(time.Hour)
	for _, sp := range []biz.OnlineSpan{{ID: 1, StartAt: t0}, {ID: 1, EndAt: &end}, {ID: 2, StartAt: t0.Add(2 * time.Hour)}, {ID: 3, StartAt: t0.Add(5 * time.Hour)}} {
		sp.TenantID, sp.PointID = "100001", p.ID
		if sp.ID == 3 {
			sp.PointID = p.ID + 1 // a point without samples or row: the default interval
		}
		if err := s.SaveSpan(ctx, sp); err != nil {
			t.Fatal(err)
		}
	}
	if err := (History{G: g}).Store(ctx, []biz.Sample{
		{ID: 10, TenantID: "100001", PointID: p.ID, TS: t0.Add(2*time.Hour + 5*time.Minute), Value: 1},
		{ID: 11, TenantID: "100001", PointID: p.ID, TS: t0.Add(2*time.Hour + 7*time.Minute), Value: 1},
		{ID: 12, TenantID: "100001", PointID: p.ID, TS: t0.Add(-time.Hour), Value: 1}, // before the span
	}); err != nil {
		t.Fatal(err)
	}
	if err := CloseStaleSpans(ctx, g, g, t0.Add(10*time.Hour)); err != nil {
		t.Fatal(err)
	}
	var got []biz.OnlineSpan
	if err := db.Conn(sys, g).Order("id").Find(&got).Error; err != nil {
		t.Fatal(err)
	}
	want := []time.Time{end, t0.Add(2*time.Hour + 7*time.Minute + 30*time.Second), t0.Add(5 * time.Hour)}
	if len(got) != 3 {
		t.Fatalf("spans: %+v", got)
	}
	for i, sp := range got {
		if sp.EndAt == nil || !sp.EndAt.Equal(want[i]) {
			t.Errorf("span %d ends at %v, want %v", sp.ID, sp.EndAt, want[i])
		}
	}
	// the overlap query, as the caller tenant
	q := Queries{G: g}
	tctx := ident.With(ctx, &ident.Identity{TenantID: "100001", UserID: 1})
	in, err := q.OnlineSpans(tctx, []int64{p.ID}, t0.Add(30*time.Minute), t0.Add(2*time.Hour+time.Minute), 100)
	if err != nil || len(in) != 2 {
		t.Fatalf("overlapping spans: %+v %v", in, err)
	}
	other := ident.With(ctx, &ident.Identity{TenantID: "300002", UserID: 1})
	if in, err := q.OnlineSpans(other, nil, t0, t0.Add(24*time.Hour), 100); err != nil || len(in) != 0 {
		t.Fatalf("another tenant's spans: %+v %v", in, err)
	}
}
