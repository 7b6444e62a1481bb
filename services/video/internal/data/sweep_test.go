package data

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"anquan/kit/db"
	"anquan/kit/db/dbtest"
	"anquan/kit/ident"
	"anquan/kit/storage"
	"anquan/kit/timefmt"
	"anquan/video/internal/biz"
)

// The retention sweep deletes the stored snapshots of handled alarms older
// than each tenant's rule, clears the alarm's key and marks it expired; the
// alarm rows stay, an unhandled alarm keeps its snapshot whatever its age,
// 0 days keeps everything, and another tenant's rule is its own.
func TestSnapshotRetention(t *testing.T) {
	g := dbtest.Open(t, "video", Migrate)
	snaps, err := storage.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	v := &biz.Video{Alarms: NewAlarms(g), Tx: db.NewTransactor(g), Snaps: snaps, Now: func() time.Time { return now },
		Rules: NewRules(g), RuleQ: Queries{G: g}, Sweep: Sweep{G: g}}
	q := Queries{G: g}
	ctx := context.Background()
	type row struct {
		tenant string
		age    time.Duration
		state  int32
	}
	rows := map[string]row{
		"a-old-handled":   {"100001", 3 * 24 * time.Hour, biz.Confirmed},
		"a-old-false":     {"100001", 40 * 24 * time.Hour, biz.FalseAlarm},
		"a-old-unhandled": {"100001", 40 * 24 * time.Hour, biz.Unhandled},
		"a-new-handled":   {"100001", 2 * time.Hour, biz.Confirmed},
		"b-old-handled":   {"100002", 3 * 24 * time.Hour, biz.Confirmed},
	}
	ids := map[string]int64{}
	names := map[string]string{}
	for k, r := range rows {
		name := biz.NewSnapshotName()
		if err := snaps.Put(ctx, r.tenant+"/video/"+name, bytes.NewReader([]byte("jpeg")), 4, "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		at := now.Add(-r.age).In(timefmt.Zone) // as ingest and the seed write them
		a := &biz.Alarm{CameraID: 1, AlarmType: "helmet", AlarmTime: at, LastTime: at, Source: "push", Snapshot: biz.SnapshotPath + name, HandleStatus: r.state}
		a.TenantID = r.tenant
		if err := q.CreateAlarm(ident.AsSystem(ctx), a); err != nil {
			t.Fatal(err)
		}
		ids[k], names[k] = a.ID, name
	}
	a, b := ident.With(ctx, &ident.Identity{TenantID: "100001", UserID: 1}), ident.With(ctx, &ident.Identity{TenantID: "100002", UserID: 2})
	stored := func(k string) bool {
		r, err := snaps.Get(ctx, rows[k].tenant+"/video/"+names[k])
		if errors.Is(err, storage.ErrNotFound) {
			return false
		}
		if err != nil {
			t.Fatal(err)
		}
		_ = r.Close() // best-effort cleanup in a test
		return true
	}
	alarm := func(k string) biz.Alarm {
		var al biz.Alarm
		if err := g.WithContext(ident.AsSystem(ctx)).First(&al, ids[k]).Error; err != nil {
			t.Fatal(err)
		}
		return al
	}
	sweep := func(want int) {
		t.Helper()
		if n, err := v.SweepSnapshots(ctx); err != nil || n != want {
			t.Fatalf("sweep deleted %d (%v), want %d", n, err, want)
		}
	}

	// The default (180 days) keeps all of these.
	sweep(0)
	// Tenant A keeps them for good (0), B for 1 day.
	if err := v.SubmitRule(a, biz.RuleSnapshotDays, 0, "本单位要求永久保存"); err != nil {
		t.Fatal(err)
	}
	if err := v.SubmitRule(b, biz.RuleSnapshotDays, 1, "本单位要求"); err != nil {
		t.Fatal(err)
	}
	sweep(1)
	if stored("b-old-handled") || alarm("b-old-handled").Snapshot != "" || !alarm("b-old-handled").SnapshotExpired {
		t.Fatalf("B's old handled alarm: stored %v, %+v", stored("b-old-handled"), alarm("b-old-handled"))
	}
	for _, k := range []string{"a-old-handled", "a-old-false", "a-old-unhandled", "a-new-handled"} {
		if !stored(k) || alarm(k).Snapshot == "" || alarm(k).SnapshotExpired {
			t.Fatalf("%s lost its snapshot under a 0-day (keep) rule", k)
		}
	}
	// A now keeps them 1 day: its handled alarms older than that lose theirs.
	if err := v.SubmitRule(a, biz.RuleSnapshotDays, 1, "一天"); err != nil {
		t.Fatal(err)
	}
	sweep(2)
	for k, gone := range map[string]bool{"a-old-handled": true, "a-old-false": true, "a-old-unhandled": false, "a-new-handled": false} {
		al := alarm(k)
		if stored(k) == gone || (al.Snapshot == "") != gone || al.SnapshotExpired != gone {
			t.Fatalf("%s: stored %v, snapshot %q, expired %v; want gone %v", k, stored(k), al.Snapshot, al.SnapshotExpired, gone)
		}
		if al.ID == 0 {
			t.Fatalf("%s: the alarm row is gone", k)
		}
	}
	sweep(0) // nothing left to do
	// Bounds of the rule and the tenants' views.
	if err := v.SubmitRule(a, biz.RuleSnapshotDays, -1, ""); err == nil {
		t.Fatal("a negative retention accepted")
	}
	if err := v.SubmitRule(a, "nope", 1, ""); err == nil {
		t.Fatal("an unknown rule accepted")
	}
	if views, err := v.RuleList(b); err != nil || len(views) != 1 || views[0].Current == nil || views[0].Current.Value != 1 {
		t.Fatalf("B's rules: %+v %v", views, err)
	}
	if _, hist, err := v.RuleHistory(a, biz.RuleSnapshotDays); err != nil || len(hist) != 2 || hist[0].Value != 1 {
		t.Fatalf("A's history: %+v %v", hist, err)
	}
}
