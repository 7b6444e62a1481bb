package server

import (
	"fmt"
	"sort"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"anquan/monitor/internal/biz"
)

// BenchmarkPublishToAlarmEvent: one gateway publishes a value that crosses
// H and one that returns, QoS 1, through the embedded broker; the time from
// publish to the engine's alarm event (the fast path, before any database
// write) is reported as p50/p99.
func BenchmarkPublishToAlarmEvent(b *testing.B) {
	hub := biz.NewHub(10)
	e := biz.NewEngine(nopSink{}, nopSink{}, hub)
	h := 50.0
	p := biz.Point{Code: "P1", LimitH: &h}
	p.ID, p.TenantID = 1, "1"
	e.Start([]biz.PointConf{biz.ConfOf(p, "gw")}, nil)
	defer e.Stop()
	br, err := StartBroker("127.0.0.1:0", fakeAuth{}, e, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = br.Close() }()
	_, c, cancel := hub.Subscribe("1", 0)
	defer cancel()
	cl := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + br.Addr()).SetClientID("bench").SetUsername("1:gw").SetPassword("s"))
	if tok := cl.Connect(); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
		b.Fatal(tok.Error())
	}
	defer cl.Disconnect(10)
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := 60.0
		if i%2 == 1 {
			v = 10
		}
		start := time.Now()
		cl.Publish("anquan/1/gw/telemetry", 1, false, fmt.Sprintf(`{"values":{"P1":%v}}`, v))
		for {
			ev := <-c
			if ev.Kind == "alarm" {
				break
			}
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}
