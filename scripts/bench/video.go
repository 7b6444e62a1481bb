package main

// Video: concurrent live viewers of one simulated camera through the gateway
// (first-frame time, frames each viewer receives, the server's memory and
// CPU per viewer; the simulator draws a camera once for all its viewers),
// and the time from an alarm push to its event on the SSE stream.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"
)

func init() {
	addArea(area{name: "video", run: runVideo})
}

func runVideo(c *http.Client, base, token string) {
	if !wanted("video") {
		return
	}
	cam := firstCamera(c, base, token)
	if cam == "" {
		fmt.Println("video: no camera")
		return
	}
	videoViewers(c, base, token, cam, 200, 10*time.Second)
	videoAlarmLatency(c, base, token)
}

func getData(c *http.Client, req *http.Request, v any) error {
	r, err := c.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = r.Body.Close() }() // benchmark tool: best-effort close
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(r.Body).Decode(&env); err != nil {
		return err
	}
	return json.Unmarshal(env.Data, v)
}

func firstCamera(c *http.Client, base, token string) string {
	var p struct {
		Records []struct {
			ID string `json:"id"`
		} `json:"records"`
	}
	if err := getData(c, authed(base+"/api/video-surveillance/camera/page?channelCode_equal=SIM-TANK-01", token), &p); err != nil || len(p.Records) == 0 {
		return ""
	}
	return p.Records[0].ID
}

// videoViewers opens n MJPEG streams of one camera at once and reads them
// for d: each viewer's first-frame time and frame count.
func videoViewers(c *http.Client, base, token, cam string, n int, d time.Duration) {
	rss0, cpu0 := rssMB(serverPID), cpuSeconds(serverPID)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first []time.Duration
	frames, failed := 0, 0
	stopAt := time.Now().Add(d)
	var rssPeak float64
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var info struct {
				URL string `json:"url"`
			}
			if err := getData(c, authed(base+"/api/video-surveillance/camera/play?id="+cam, token), &info); err != nil || info.URL == "" {
				mu.Lock()
				failed++
				mu.Unlock()
				return
			}
			t0 := time.Now()
			resp, err := (&http.Client{}).Get(base + info.URL) //nolint:noctx // benchmark tool against the local server
			if err != nil || resp.StatusCode != 200 {
				mu.Lock()
				failed++
				mu.Unlock()
				return
			}
			defer func() { _ = resp.Body.Close() }() // benchmark tool: best-effort close
			buf := make([]byte, 32<<10)
			got, seen := 0, false
			marker := []byte("--anquanframe")
			for time.Now().Before(stopAt) {
				k, err := resp.Body.Read(buf)
				if k > 0 {
					m := bytes.Count(buf[:k], marker)
					if m > 0 && !seen {
						seen = true
						mu.Lock()
						first = append(first, time.Since(t0))
						mu.Unlock()
					}
					got += m
				}
				if err != nil {
					break
				}
			}
			mu.Lock()
			frames += got
			mu.Unlock()
		}()
	}
	// Memory while every viewer watches.
	go func() {
		for time.Now().Before(stopAt) {
			r := rssMB(serverPID)
			mu.Lock()
			if r > rssPeak {
				rssPeak = r
			}
			mu.Unlock()
			time.Sleep(500 * time.Millisecond)
		}
	}()
	wg.Wait()
	cpu := cpuSeconds(serverPID) - cpu0
	mu.Lock()
	peak := rssPeak
	mu.Unlock()
	if len(first) == 0 {
		fmt.Printf("video: %d viewers: none received a frame (%d failed)\n", n, failed)
		return
	}
	sort.Slice(first, func(i, j int) bool { return first[i] < first[j] })
	watching := len(first)
	fmt.Printf("video: %d viewers of one camera through the gateway for %v: %d got frames (%d failed), first frame p50 %v p99 %v, %.1f frames/s each\n",
		n, d, watching, failed, first[watching/2].Round(time.Millisecond), first[watching*99/100].Round(time.Millisecond),
		float64(frames)/float64(watching)/d.Seconds())
	fmt.Printf("video: server RSS %.1f -> %.1f MB peak (%.0f KB per viewer), CPU %.2f s over %v (%.2f ms CPU per viewer-second)\n",
		rss0, peak, (peak-rss0)*1024/float64(watching), cpu, d, cpu*1000/float64(watching)/d.Seconds())
}

// videoAlarmLatency pushes alarms and times each to its SSE event.
func videoAlarmLatency(c *http.Client, base, token string) {
	resp, err := (&http.Client{}).Do(authed(base+"/api/video-surveillance/stream", token))
	if err != nil || resp.StatusCode != 200 {
		fmt.Printf("video: stream: %v\n", err)
		return
	}
	defer func() { _ = resp.Body.Close() }() // benchmark tool: best-effort close
	events := make(chan struct{}, 64)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if sc.Text() == "event: alarm" {
				events <- struct{}{}
			}
		}
	}()
	types := []string{"helmet", "smoking", "intrusion", "fire", "phone", "vest", "sleep"}
	channels := []string{"SIM-TANK-01", "SIM-TANK-02", "SIM-SYN-01", "SIM-SYN-02", "SIM-WH-01", "SIM-LOAD-01"}
	var lat []time.Duration
	for i := 0; i < 200; i++ {
		body := fmt.Sprintf(`{"channelCode":%q,"alarmType":%q,"confidence":0.9}`, channels[i%len(channels)], types[i%len(types)])
		req := authed(base+"/api/video-surveillance/alarm/push", token)
		req.Method = http.MethodPost
		req.Body = io.NopCloser(strings.NewReader(body))
		req.ContentLength = int64(len(body))
		req.Header.Set("Content-Type", "application/json")
		t0 := time.Now()
		r, err := c.Do(req)
		if err != nil {
			fmt.Printf("video: push: %v\n", err)
			return
		}
		_, _ = io.Copy(io.Discard, r.Body)
		_ = r.Body.Close() // benchmark tool: best-effort close
		select {
		case <-events:
			lat = append(lat, time.Since(t0))
		case <-time.After(5 * time.Second):
			fmt.Println("video: no alarm event within 5 s")
			return
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	fmt.Printf("video: alarm push -> SSE alarm event (200 pushes): p50 %v, p99 %v\n",
		lat[len(lat)/2].Round(time.Microsecond), lat[len(lat)*99/100].Round(time.Microsecond))
}
