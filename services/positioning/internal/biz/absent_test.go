package biz

import (
	"context"
	"testing"
	"time"
)

// 脱岗: online but out of the post zone for AbsentAfter (fix time); back at
// the post clears it; a person without a post never raises it.
func TestAbsentFromPost(t *testing.T) {
	sink := &memSink{}
	e := NewEngine(sink, nil, NewHub(10), DefaultRules)
	now := t0
	e.Now = func() time.Time { return now }
	e.Load("t", []TagConf{{ID: 1, Code: "A", PersonName: "王操作", PostZone: 30}, {ID: 2, Code: "B"}},
		[]ZoneConf{{ID: 30, Name: "合成装置区", Floor: 1, Poly: square(0, 0, 100, 100), Responsible: 7}})
	at := func(d time.Duration, x float64) {
		now = t0.Add(d)
		a, b := fix("A", x, 50), fix("B", x, 50)
		a.TS, b.TS = now, now
		e.Ingest(context.Background(), "t", []Fix{a, b})
	}
	at(0, 50)
	at(time.Minute, 150)
	at(10*time.Minute, 180)
	if w := sink.take(); len(w) != 0 {
		t.Fatalf("away 9 minutes: %v", describe(w))
	}
	at(11*time.Minute, 160)
	w := sink.take()
	if len(w) != 1 || !w[0].New || w[0].Alarm.AlarmType != AlarmAbsent || w[0].Alarm.TagID != 1 || w[0].Alarm.ZoneID != 30 || w[0].Alarm.ResponsibleUserID != 7 {
		t.Fatalf("away 10 minutes: %v %+v", describe(w), w)
	}
	at(12*time.Minute, 50)
	if w := sink.take(); len(w) != 1 || w[0].Alarm.ClearedAt == nil {
		t.Fatalf("back at the post: %v", describe(w))
	}
}
