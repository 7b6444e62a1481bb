package biz

import (
	"context"
	"testing"
	"time"
)

// A replica taking over the evaluation adopts the incidents stored by the
// previous holder and forgets what it tracked before it stood by.
func TestResyncTakesTheStoredIncidents(t *testing.T) {
	sink := &memSink{}
	e := NewEngine(sink, nil, NewHub(10), DefaultRules)
	now := t0
	e.Now = func() time.Time { return now }
	e.Load("t", []TagConf{{ID: 1, Code: "A", PersonName: "王操作", PostZone: 30}},
		[]ZoneConf{{ID: 30, Name: "合成装置区", Floor: 1, Poly: square(0, 0, 100, 100), Responsible: 7}})
	at := func(d time.Duration, x float64) {
		now = t0.Add(d)
		a := fix("A", x, 50)
		a.TS = now
		e.Ingest(context.Background(), "t", []Fix{a})
	}
	at(0, 50)
	at(time.Minute, 150)
	at(11*time.Minute, 160)
	if w := sink.take(); len(w) != 1 || w[0].Alarm.AlarmType != AlarmAbsent {
		t.Fatalf("away 10 minutes: %v", describe(w))
	}
	// The other holder cleared it meanwhile: back at the post, nothing to clear here.
	e.Resync(nil)
	at(12*time.Minute, 50)
	if w := sink.take(); len(w) != 0 {
		t.Fatalf("an incident cleared by the other holder cleared again: %v", describe(w))
	}
	// The other holder raised one: still away is no second alarm, back at the post clears it.
	open := Alarm{AlarmType: AlarmAbsent, TagID: 1, ZoneID: 30, RaisedAt: t0.Add(13 * time.Minute)}
	open.ID, open.TenantID = 5, "t"
	e.Resync([]Alarm{open})
	at(14*time.Minute, 170)
	if w := sink.take(); len(w) != 0 {
		t.Fatalf("the adopted incident raised again: %v", describe(w))
	}
	at(15*time.Minute, 50)
	if w := sink.take(); len(w) != 1 || w[0].Alarm.ID != 5 || w[0].Alarm.ClearedAt == nil {
		t.Fatalf("back at the post: %v", describe(w))
	}
}
