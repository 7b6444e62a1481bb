package server

import (
	"strings"
	"testing"
	"time"

	"anquan/monitor/internal/biz"
)

func TestIngestBatch(t *testing.T) {
	now := time.UnixMilli(1_700_000_000_000)
	cases := []struct {
		in                string
		accepted, dropped int
		fail              bool
	}{
		{`{"values": {"a": 1, "b": 2}}`, 2, 0, false},
		{`[{"values": {"a": 1}}, {"values": {"a": "x"}}, {"ts": 1700000000000, "values": {"b": 2}}]`, 2, 1, false},
		{`[]`, 0, 0, false},
		{`[1, {"values": {"a": 1}}]`, 1, 1, false},
		{`{"values": {"a": "x"}}`, 0, 1, false},
		{`not json`, 0, 0, true},
		{`[{"values": {"a": 1}}`, 0, 0, true},
		{strings.Repeat(" ", MaxBatch+1), 0, 0, true},
	}
	for _, c := range cases {
		e := biz.NewEngine(nopSink{}, nopSink{}, biz.NewHub(10))
		e.Start(nil, nil)
		acc, drop, err := IngestBatch(e, "1", "gw", []byte(c.in), now)
		e.Stop()
		if acc != c.accepted || drop != c.dropped || (err != nil) != c.fail {
			t.Errorf("%.60s: accepted %d dropped %d err %v", c.in, acc, drop, err)
		}
		if pr, bad := e.GatewayStats("1", "gw"); int(bad) != c.dropped || (acc > 0) != !pr.LastSeen.IsZero() {
			t.Errorf("%.60s: malformed %d, presence %+v", c.in, bad, pr)
		}
	}
}

func TestLimiter(t *testing.T) {
	l := &Limiter{PerMinute: 2}
	t0 := time.Now()
	for i, want := range []bool{true, true, false} {
		if got := l.Allow("a", t0.Add(time.Duration(i)*29*time.Second)); got != want {
			t.Fatalf("request %d in the minute: %v", i+1, got)
		}
	}
	if !l.Allow("b", t0.Add(time.Second)) {
		t.Fatal("another key has its own budget")
	}
	if !l.Allow("a", t0.Add(time.Minute)) {
		t.Fatal("a new minute, a new budget")
	}
}
