package biz

import (
	"context"
	"testing"
	"time"

	"anquan/monitor/internal/biz/alarm"
)

// TestResyncTakesTheStoredIncidents: a replica taking over ingest adopts the
// incidents the previous holder opened (no second alarm for a point already
// in alarm) and forgets the ones it cleared meanwhile (the next excursion
// raises anew).
func TestResyncTakesTheStoredIncidents(t *testing.T) {
	ctx := context.Background()
	te := newTestEngine(t, point(1, "PT", nil), point(2, "FT", nil))
	t0 := te.at(0)
	// FT alarms on this replica before it stands by.
	te.read("FT", t0, 20)
	te.wait(t, 1)
	// Meanwhile the other holder raised PT (incident 99) and cleared FT.
	open := Alarm{PointID: 1, Level: string(alarm.H), Value: 20, State: string(alarm.ActiveUnack)}
	open.ID, open.TenantID = 99, "t"
	if err := te.Resync(ctx, []Alarm{open}); err != nil {
		t.Fatal(err)
	}
	te.read("PT", t0.Add(time.Second), 21)
	te.settle()
	snap := te.Snapshot(ctx, []int64{1, 2})
	if snap[1].AlarmID != 99 || snap[1].State != string(alarm.ActiveUnack) {
		t.Fatalf("PT after the resync: %+v", snap[1])
	}
	if snap[2].AlarmID != 0 || snap[2].State != string(alarm.Normal) {
		t.Fatalf("FT after the resync: %+v", snap[2])
	}
	te.read("FT", t0.Add(2*time.Second), 22)
	ws := te.wait(t, 2)
	if len(ws) != 2 || ws[1].Kind != alarm.Raised || ws[1].Alarm.PointID != 2 {
		t.Fatalf("writes after the resync: %+v", ws)
	}
}

// TestMirrorShowsRelayedValuesOnAStandby: a standby shows the ingesting
// replica's live values (display only: nothing written), and a resync on
// taking over drops the mirrored alarm level it has no incident for.
func TestMirrorShowsRelayedValuesOnAStandby(t *testing.T) {
	ctx := context.Background()
	te := newTestEngine(t, point(1, "PT", nil))
	at := te.at(0)
	te.Mirror("t", LiveEvent{Kind: "value", PointID: 1, PointCode: "PT", Value: 12, At: at, Level: string(alarm.H), State: string(alarm.ActiveUnack)})
	te.Mirror("other", LiveEvent{Kind: "value", PointID: 1, Value: 99, At: at})
	te.settle()
	if s := te.Snapshot(ctx, []int64{1})[1]; !s.Has || s.Value != 12 || s.Level != string(alarm.H) || s.State != string(alarm.ActiveUnack) {
		t.Fatalf("mirrored: %+v", s)
	}
	if err := te.Resync(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if s := te.Snapshot(ctx, []int64{1})[1]; s.State != string(alarm.Normal) || s.Value != 12 {
		t.Fatalf("after the resync: %+v", s)
	}
	if te.log.n() != 0 {
		t.Fatal("the mirror wrote an alarm")
	}
}
