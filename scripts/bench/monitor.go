package main

// Monitor: telemetry of the demo gateway through the embedded MQTT broker:
// how many point values per second ingest evaluates and stores (13 points a
// message, QoS 0 as fast as the client sends, until the last value is
// visible), the time from a publish to the alarm on the SSE stream, and the
// active-alarm list.

import (
	"bufio"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
)

func init() {
	addArea(area{name: "monitor", run: runMonitor})
}

var monitorPoints = []string{"GT-101", "GT-102", "GT-103", "AT-201", "OT-201", "LT-101", "PT-101", "TT-101", "LT-102", "PT-102", "PT-201", "TT-201", "TT-301"}

func runMonitor(c *http.Client, base, token string) {
	if !wanted("monitor") {
		return
	}
	cl := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + mqttAddr).SetClientID("bench").
		SetUsername("100001:demo-gw").SetPassword("demo-gw"))
	if tok := cl.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		fmt.Printf("monitor: MQTT connect: %v\n", tok.Error())
		return
	}
	defer cl.Disconnect(100)
	const topic = "anquan/100001/demo-gw/telemetry"

	// Throughput: n messages of 13 normal values; the last carries a marker.
	const n = 20000
	start := time.Now()
	for i := 0; i < n; i++ {
		var b strings.Builder
		b.WriteString(`{"values":{`)
		for j, p := range monitorPoints {
			if j > 0 {
				b.WriteByte(',')
			}
			v := 5.0 + float64(i%7)*0.1
			switch p {
			case "OT-201":
				v = 20.9
			case "TT-201":
				v = 150
			}
			if i == n-1 && p == "TT-101" {
				v = 12.345
			}
			fmt.Fprintf(&b, `"%s":%v`, p, v)
		}
		b.WriteString("}}")
		cl.Publish(topic, 0, false, b.String())
	}
	sent := time.Since(start)
	deadline := time.Now().Add(120 * time.Second)
	for time.Now().Before(deadline) {
		r, err := c.Do(authed(base+"/api/monitor/point/page?code_equal=TT-101", token))
		if err == nil {
			var body strings.Builder
			sc := bufio.NewScanner(r.Body)
			for sc.Scan() {
				body.WriteString(sc.Text())
			}
			_ = r.Body.Close() // benchmark tool: best-effort close
			if strings.Contains(body.String(), `"value":12.345`) {
				break
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	total := time.Since(start)
	fmt.Printf("monitor: ingest %d messages x 13 values: sent in %v, evaluated in %v = %.0f values/s\n",
		n, sent.Round(time.Millisecond), total.Round(time.Millisecond), float64(n*13)/total.Seconds())

	// Publish -> alarm event on the SSE stream (GT-101 above and below level 1).
	req := authed(base+"/api/monitor/stream", token)
	resp, err := (&http.Client{}).Do(req)
	if err != nil || resp.StatusCode != 200 {
		fmt.Printf("monitor: stream: %v\n", err)
		return
	}
	defer func() { _ = resp.Body.Close() }() // benchmark tool: best-effort close
	alarms := make(chan struct{}, 16)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if sc.Text() == "event: alarm" {
				alarms <- struct{}{}
			}
		}
	}()
	var lat []time.Duration
	for i := 0; i < 200; i++ {
		v := 30.0
		if i%2 == 1 {
			v = 1
		}
		t0 := time.Now()
		cl.Publish(topic, 1, false, fmt.Sprintf(`{"values":{"GT-101":%v}}`, v)).Wait()
		select {
		case <-alarms:
			lat = append(lat, time.Since(t0))
		case <-time.After(5 * time.Second):
			fmt.Println("monitor: no alarm event within 5 s")
			return
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	fmt.Printf("monitor: publish -> SSE alarm event (200 transitions): p50 %v, p99 %v\n",
		lat[len(lat)/2].Round(time.Microsecond), lat[len(lat)*99/100].Round(time.Microsecond))
	run(c, "monitor: active alarms", func(int) *http.Request { return authed(base+"/api/monitor/alarm/active", token) })
}
