package biz

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"anquan/monitor/internal/biz/alarm"
)

type nopHistory struct{}

func (nopHistory) Store(context.Context, []Sample) error { return nil }

// TestEngineShelveSilencesAndTheClockEndsIt: a shelved point's new incident
// is written silent and under the shelve; the engine's clock ends the shelve
// at its expiry without a sample; a restart restores a shelve in force.
func TestEngineShelveSilencesAndTheClockEndsIt(t *testing.T) {
	log := &alarmLog{}
	e := NewEngine(log, nopHistory{}, NewHub(10))
	var mu sync.Mutex
	now := time.Unix(1_700_000_000, 0)
	e.Clock = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	e.ShelfEvery = 5 * time.Millisecond
	p := Point{Code: "P", LimitH: fp(10)}
	p.ID, p.TenantID = 1, "t"
	e.Start([]PointConf{ConfOf(p, "gw")}, nil)
	defer e.Stop()
	read := func(sec int, v float64) {
		e.Ingest(Reading{TenantID: "t", Gateway: "gw", Point: "P", TS: now.Add(time.Duration(sec) * time.Second), Value: v})
	}
	waitFor := func(n int) []AlarmWrite {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for log.n() < n && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		log.mu.Lock()
		defer log.mu.Unlock()
		if len(log.w) < n {
			t.Fatalf("writes: %d, want %d", len(log.w), n)
		}
		return append([]AlarmWrite(nil), log.w...)
	}
	ctx := context.Background()
	if err := e.Shelve(ctx, ShelveRequest{Tenant: "t", PointID: 1, Until: now.Add(time.Minute), Reason: "x", At: now}); !errors.Is(err, alarm.ErrNothingToShelve) {
		t.Fatalf("shelve in NORMAL: %v", err)
	}
	if err := e.Shelve(ctx, ShelveRequest{Tenant: "other", PointID: 1, Until: now.Add(time.Minute), Reason: "x", At: now}); !errors.Is(err, ErrNotOpen) {
		t.Fatalf("shelve another tenant's point: %v", err)
	}
	read(0, 20) // raised, announced
	w := waitFor(1)
	if w[0].Kind != alarm.Raised || w[0].Silent {
		t.Fatalf("first raise: %+v", w[0])
	}
	if err := e.Shelve(ctx, ShelveRequest{Tenant: "t", PointID: 1, Until: now.Add(time.Minute), Reason: "标定", At: now}); err != nil {
		t.Fatal(err)
	}
	w = waitFor(2)
	if w[1].Kind != alarm.Shelved || w[1].Alarm.ShelveReason != "标定" || w[1].Alarm.ShelvedUntil == nil || w[1].Alarm.ID != w[0].Alarm.ID {
		t.Fatalf("shelve write: %+v", w[1])
	}
	if err := e.Ack(ctx, "t", w[0].Alarm.ID, 9, "u", now); err != nil {
		t.Fatal(err)
	}
	read(1, 5)  // cleared
	read(2, 20) // a new incident, silent, under the shelve
	w = waitFor(5)
	if w[4].Kind != alarm.Raised || !w[4].Silent || w[4].Alarm.ShelveReason != "标定" || !w[4].Alarm.ShelvedAt(now) {
		t.Fatalf("raise while shelved: %+v", w[4])
	}
	// The clock passes the expiry: the shelve ends without a sample.
	mu.Lock()
	now = now.Add(time.Minute)
	mu.Unlock()
	w = waitFor(6)
	if w[5].Kind != alarm.Unshelved || w[5].Alarm.ID != w[4].Alarm.ID || !w[5].Alarm.ShelvedUntil.Equal(now) {
		t.Fatalf("expiry: %+v", w[5])
	}
	if s := e.Snapshot(ctx, []int64{1})[1]; !s.ShelvedUntil.IsZero() {
		t.Fatalf("still shelved after expiry: %+v", s)
	}

	// A restart restores a shelve still in force from the stored rows.
	e2 := NewEngine(&alarmLog{}, nopHistory{}, NewHub(10))
	e2.Clock = e.Clock
	until := now.Add(time.Hour)
	row := Alarm{PointID: 1, State: string(alarm.Normal), ShelvedUntil: &until, ShelveReason: "标定"}
	e2.Start([]PointConf{ConfOf(p, "gw")}, []Alarm{row})
	defer e2.Stop()
	if s := e2.Snapshot(ctx, []int64{1})[1]; !s.ShelvedUntil.Equal(until) || s.State != string(alarm.Normal) {
		t.Fatalf("restored shelve: %+v", s)
	}
}
