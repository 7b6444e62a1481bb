package server

import (
	"context"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"anquan/monitor/internal/biz"
)

func TestDecode(t *testing.T) {
	now := time.UnixMilli(1_700_000_000_000)
	cases := []struct {
		in   string
		n    int
		fail bool
	}{
		{`{"ts": 1700000000123, "values": {"GT-101": 31.5, "LT-101": 5}}`, 2, false},
		{`[{"ts": 1700000000123, "values": {"a": 1}}, {"values": {"b": 2}}]`, 2, false},
		{`{"values": {}}`, 0, false},
		{`{"ts": "soon", "values": {"a": 1}}`, 0, true},
		{`{"values": {"a": "1"}}`, 0, true},
		{`{"values": {"a": null}}`, 0, true},
		{`{"ts": 1}`, 0, true},
		{`{"ts": -5, "values": {"a": 1}}`, 0, true},
		{`not json`, 0, true},
		{``, 0, true},
		{`7`, 0, true},
	}
	for _, c := range cases {
		rs, err := Decode([]byte(c.in), now)
		if (err != nil) != c.fail || len(rs) != c.n {
			t.Errorf("%s: %d readings, err %v", c.in, len(rs), err)
		}
	}
	rs, _ := Decode([]byte(`{"values": {"a": 1}}`), now)
	if !rs[0].TS.Equal(now) {
		t.Errorf("missing ts is now: %v", rs[0].TS)
	}
	rs, _ = Decode([]byte(`{"ts": 1700000000123, "values": {"a": 1}}`), now)
	if rs[0].TS.UnixMilli() != 1700000000123 {
		t.Errorf("ts: %v", rs[0].TS)
	}
}

func TestParseTopic(t *testing.T) {
	if te, gw, ok := ParseTopic("anquan/100001/demo-gw/telemetry"); !ok || te != "100001" || gw != "demo-gw" {
		t.Fatal(te, gw, ok)
	}
	for _, s := range []string{"anquan/100001/telemetry", "x/100001/gw/telemetry", "anquan//gw/telemetry", "anquan/1/gw/status"} {
		if _, _, ok := ParseTopic(s); ok {
			t.Errorf("%s accepted", s)
		}
	}
}

type fakeAuth struct{}

func (fakeAuth) Authenticate(_ context.Context, tenant, code, secret string) bool {
	return tenant == "1" && code == "gw" && secret == "s"
}

type nopSink struct{}

func (nopSink) Write(context.Context, biz.AlarmWrite) error { return nil }
func (nopSink) Store(context.Context, []biz.Sample) error   { return nil }

func TestBrokerFeedsTheEngineAndRefusesOthers(t *testing.T) {
	hub := biz.NewHub(100)
	e := biz.NewEngine(nopSink{}, nopSink{}, hub)
	h := 50.0
	p := biz.Point{Code: "P1", LimitH: &h}
	p.ID, p.TenantID = 1, "1"
	e.Start([]biz.PointConf{biz.ConfOf(p, "gw")}, nil)
	defer e.Stop()
	b, err := StartBroker("127.0.0.1:0", fakeAuth{}, e, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = b.Close() }()
	_, c, cancel := hub.Subscribe("1", 0)
	defer cancel()

	connect := func(user, pass string) (paho.Client, error) {
		cl := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + b.Addr()).SetClientID(user + pass).SetUsername(user).SetPassword(pass).SetAutoReconnect(false))
		tok := cl.Connect()
		tok.WaitTimeout(5 * time.Second)
		return cl, tok.Error()
	}
	if _, err := connect("1:gw", "bad"); err == nil {
		t.Fatal("bad secret accepted")
	}
	cl, err := connect("1:gw", "s")
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Disconnect(10)
	cl.Publish("anquan/1/other/telemetry", 0, false, `{"values": {"P1": 99}}`).WaitTimeout(time.Second)
	cl.Publish("anquan/1/gw/telemetry", 1, false, `{"values": {"P1": 60}}`).WaitTimeout(time.Second)
	var kinds []string
	timeout := time.After(5 * time.Second)
	for len(kinds) < 2 {
		select {
		case ev := <-c:
			kinds = append(kinds, ev.Kind)
			if ev.Value != 60 {
				t.Fatalf("value from another topic: %v", ev.Value)
			}
		case <-timeout:
			t.Fatalf("events: %v", kinds)
		}
	}
	// QoS 1 on another gateway's topic: refused, the client is cut off.
	cl.Publish("anquan/1/other/telemetry", 1, false, `{"values": {"P1": 99}}`).WaitTimeout(time.Second)
	deadline := time.Now().Add(3 * time.Second)
	for cl.IsConnectionOpen() && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if cl.IsConnectionOpen() {
		t.Fatal("a QoS 1 publish to another gateway's topic left the client connected")
	}
	select {
	case ev := <-c:
		t.Fatalf("event from a refused publish: %+v", ev)
	case <-time.After(200 * time.Millisecond):
	}
}
