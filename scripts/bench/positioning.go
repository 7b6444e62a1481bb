package main

// Positioning: the REST batch of a positioning gateway (the 8 demo tags a
// request), the live head counts, and the time from an MQTT position
// publish to the person's position in the "positions" frame of the SSE
// stream (frames leave once a second, so the target is p99 <= 1 s). The
// engine's own figure for 5,000 tags is BenchmarkIngest5000 in
// services/positioning/internal/biz.

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
	addArea(area{name: "positioning", run: runPositioning})
}

var positioningTags = []string{"T-0001", "T-0002", "T-0003", "T-0004", "T-0005", "T-0006", "T-0007", "T-0008"}

func runPositioning(c *http.Client, base, token string) {
	if !wanted("positioning") {
		return
	}
	run(c, "positioning: batch of 8 fixes", func(i int) *http.Request {
		var b strings.Builder
		b.WriteString(`{"items":[`)
		for j, tag := range positioningTags {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"tag":%q,"x":%d.5,"y":%d.5,"floor":1,"battery":80}`, tag, 150+(i+j*7)%20, 130+(i*3+j)%20)
		}
		b.WriteString(`]}`)
		r, _ := http.NewRequest("POST", base+"/api/positioning/position/batch", strings.NewReader(b.String()))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Blade-Auth", "bearer "+token)
		return r
	})
	run(c, "positioning: head counts", func(int) *http.Request { return authed(base+"/api/positioning/zone/headcount", token) })

	cl := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + mqttAddr).SetClientID("bench-positioning").
		SetUsername("100001:demo-gw").SetPassword("demo-gw"))
	if tok := cl.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		fmt.Printf("positioning: MQTT connect: %v\n", tok.Error())
		return
	}
	defer cl.Disconnect(100)
	resp, err := (&http.Client{}).Do(authed(base+"/api/positioning/stream", token))
	if err != nil || resp.StatusCode != 200 {
		fmt.Printf("positioning: stream: %v\n", err)
		return
	}
	defer func() { _ = resp.Body.Close() }() // benchmark tool: best-effort close
	frames := make(chan string, 64)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			if l := sc.Text(); strings.HasPrefix(l, "data: ") && strings.Contains(l, `"tag":"T-0008"`) {
				frames <- l
			}
		}
	}()
	var lat []time.Duration
	for i := 0; i < 30; i++ {
		x := fmt.Sprintf("%d.25", 300+i)
		t0 := time.Now()
		cl.Publish("anquan/100001/demo-gw/position", 1, false, fmt.Sprintf(`[{"tag":"T-0008","x":%s,"y":200,"floor":1,"battery":80}]`, x)).Wait()
		deadline := time.After(5 * time.Second)
	wait:
		for {
			select {
			case f := <-frames:
				if strings.Contains(f, `"x":`+x) {
					lat = append(lat, time.Since(t0))
					break wait
				}
			case <-deadline:
				fmt.Println("positioning: no positions frame within 5 s")
				return
			}
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	fmt.Printf("positioning: MQTT publish -> SSE positions frame (30 fixes): p50 %v, p99 %v\n",
		lat[len(lat)/2].Round(time.Millisecond), lat[len(lat)*99/100].Round(time.Millisecond))
}
