package server

import (
	"context"
	"net"
	"net/url"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	mqtt "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/packets"

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

func TestParseStatusTopic(t *testing.T) {
	if te, gw, ok := ParseStatusTopic(StatusTopic("100001", "demo-gw")); !ok || te != "100001" || gw != "demo-gw" {
		t.Fatal(te, gw, ok)
	}
	for _, s := range []string{"anquan/1/gw/telemetry", "anquan//gw/status", "anquan/1/gw/status/x"} {
		if _, _, ok := ParseStatusTopic(s); ok {
			t.Errorf("%s accepted", s)
		}
	}
}

// TestGatewayPresenceOnTheBroker: a session makes the gateway online, a
// connection dropped without DISCONNECT publishes its will on its status
// topic and makes it offline; a will or a status for another gateway is refused.
func TestGatewayPresenceOnTheBroker(t *testing.T) {
	e := biz.NewEngine(nopSink{}, nopSink{}, biz.NewHub(10))
	e.Start(nil, nil)
	defer e.Stop()
	b, err := StartBroker("127.0.0.1:0", fakeAuth{}, e, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = b.Close() }()
	waitFor := func(what string, cond func(biz.GatewayPresence) bool) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			pr, _ := e.GatewayStats("1", "gw")
			if cond(pr) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: presence %+v", what, pr)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	wills := make(chan string, 10)
	if err := b.srv.Subscribe(StatusTopic("1", "gw"), 99, func(_ *mqtt.Client, _ packets.Subscription, pk packets.Packet) {
		wills <- string(pk.Payload)
	}); err != nil {
		t.Fatal(err)
	}
	if pr, _ := e.GatewayStats("1", "gw"); pr.Online(time.Now()) || !pr.LastSeen.IsZero() {
		t.Fatalf("online before connecting: %+v", pr)
	}

	// A will on another topic is refused at CONNECT.
	bad := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://"+b.Addr()).SetClientID("badwill").
		SetUsername("1:gw").SetPassword("s").SetAutoReconnect(false).SetWill("anquan/1/gw/telemetry", `{"values":{"P1":99}}`, 0, false))
	if tok := bad.Connect(); tok.WaitTimeout(5*time.Second) && tok.Error() == nil {
		t.Fatal("a will on the telemetry topic was accepted")
	}
	if pr, _ := e.GatewayStats("1", "gw"); pr.Conns != 0 {
		t.Fatalf("a refused connection counted: %+v", pr)
	}

	var conn net.Conn
	opts := paho.NewClientOptions().AddBroker("tcp://"+b.Addr()).SetClientID("gw1").SetUsername("1:gw").SetPassword("s").
		SetAutoReconnect(false).SetWill(StatusTopic("1", "gw"), "offline", 1, true).
		SetCustomOpenConnectionFn(func(u *url.URL, _ paho.ClientOptions) (net.Conn, error) {
			c, err := net.Dial("tcp", u.Host)
			conn = c
			return c, err
		})
	cl := paho.NewClient(opts)
	if tok := cl.Connect(); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
		t.Fatal("connect:", tok.Error())
	}
	waitFor("connected", func(p biz.GatewayPresence) bool { return p.Online(time.Now()) && p.Conns == 1 && !p.LastSeen.IsZero() })
	// Its own status topic is allowed (QoS 1: a refusal would cut it off).
	cl.Publish(StatusTopic("1", "gw"), 1, false, "online").WaitTimeout(time.Second)
	waitFor("status online", func(p biz.GatewayPresence) bool { return p.Status == "online" && p.Conns == 1 })
	if w := <-wills; w != "online" {
		t.Fatalf("status message %q", w)
	}
	// Another gateway's status topic is not (QoS 0: dropped, the client stays).
	cl.Publish(StatusTopic("1", "other"), 0, false, "online").WaitTimeout(time.Second)
	time.Sleep(100 * time.Millisecond)
	if pr, _ := e.GatewayStats("1", "other"); pr.Online(time.Now()) {
		t.Fatalf("a gateway set another's status: %+v", pr)
	}

	// Drop the TCP connection without DISCONNECT: the broker sends the will.
	_ = conn.Close()
	waitFor("dropped", func(p biz.GatewayPresence) bool {
		return !p.Online(time.Now()) && p.Conns == 0 && p.Status == "offline"
	})
	select {
	case w := <-wills:
		if w != "offline" {
			t.Fatalf("will %q", w)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("no will on the status topic")
	}

	// A clean DISCONNECT (no will) also ends the session: offline.
	cl2 := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + b.Addr()).SetClientID("gw2").SetUsername("1:gw").SetPassword("s").SetAutoReconnect(false))
	if tok := cl2.Connect(); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
		t.Fatal("reconnect:", tok.Error())
	}
	waitFor("reconnected", func(p biz.GatewayPresence) bool { return p.Online(time.Now()) && p.Conns == 1 })
	cl2.Disconnect(10)
	waitFor("disconnected", func(p biz.GatewayPresence) bool { return !p.Online(time.Now()) && p.Conns == 0 })
	select {
	case w := <-wills:
		t.Fatalf("status %q after a clean disconnect", w)
	case <-time.After(200 * time.Millisecond):
	}
}

func TestHandleStatus(t *testing.T) {
	e := biz.NewEngine(nopSink{}, nopSink{}, biz.NewHub(10))
	HandleStatus(e, StatusTopic("1", "gw"), []byte(" Online\n"))
	if pr, bad := e.GatewayStats("1", "gw"); !pr.Online(time.Now()) || bad != 0 {
		t.Fatalf("%+v %d", pr, bad)
	}
	HandleStatus(e, StatusTopic("1", "gw"), []byte("maybe"))
	if pr, bad := e.GatewayStats("1", "gw"); !pr.Online(time.Now()) || bad != 1 {
		t.Fatalf("odd payload: %+v %d", pr, bad)
	}
	HandleStatus(e, StatusTopic("1", "gw"), []byte("offline"))
	if pr, _ := e.GatewayStats("1", "gw"); pr.Online(time.Now()) {
		t.Fatalf("offline: %+v", pr)
	}
}
