package main

// AIChat: the safety assistant's embedded engine at 8 concurrent streams
// (the figure): time to the first thinking step and to the first
// content token, the complete answer's p50/p95 and answers per second, over
// a regulation question and a question about the unit's hazards (tools
// calling prevention). The bench server's per-user rate limit is lifted
// (ANQUAN_AICHAT_RATE, inherited by the launched binary). A third scenario
// keeps 100 streams open at once and reports the server's memory.

import (
	"bufio"
	"bytes"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func init() {
	_ = os.Setenv("ANQUAN_AICHAT_RATE", "1000000")
	addArea(area{name: "aichat", run: func(c *http.Client, base, token string) {
		runAIChat(c, base, token)
		runAIChatStreams(c, base, token)
	}})
}

type aiTiming struct{ step, content, total time.Duration }

func aiStreamOnce(c *http.Client, base, token, q string) (aiTiming, error) {
	body := fmt.Sprintf(`{"model":"default","stream":true,"store":false,"messages":[{"role":"user","content":%q}]}`, q)
	r, _ := http.NewRequest("POST", base+"/api/ai-chat/v1/chat/completions", bytes.NewBufferString(body))
	r.Header.Set("Authorization", "Bearer "+token)
	r.Header.Set("Content-Type", "application/json")
	start := time.Now()
	res, err := c.Do(r)
	if err != nil {
		return aiTiming{}, err
	}
	defer func() { _ = res.Body.Close() }() // benchmark tool: best-effort close
	if res.StatusCode != 200 {
		return aiTiming{}, fmt.Errorf("status %d", res.StatusCode)
	}
	var t aiTiming
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		switch {
		case t.step == 0 && strings.Contains(l, `"reasoning_content":"[THINKING] `):
			t.step = time.Since(start)
		case t.content == 0 && strings.Contains(l, `"content":"`):
			t.content = time.Since(start)
		case l == "data: [DONE]":
			t.total = time.Since(start)
			return t, nil
		}
	}
	return t, fmt.Errorf("stream ended without [DONE]: %v", sc.Err())
}

func pctl(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[int(float64(len(ds)-1)*p)]
}

func runAIChat(c *http.Client, base, token string) {
	for _, sc := range []struct{ name, q string }{
		{"aichat-regulation", "动火作业票有效期多久？气体分析间隔有什么要求？"},
		{"aichat-hazards", "本单位未整改隐患有多少？"},
	} {
		if !wanted(sc.name) {
			continue
		}
		const streams = 8
		var mu sync.Mutex
		var steps, contents, totals []time.Duration
		fails := 0
		stop := time.Now().Add(*duration)
		start := time.Now()
		var wg sync.WaitGroup
		for i := 0; i < streams; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for time.Now().Before(stop) {
					t, err := aiStreamOnce(c, base, token, sc.q)
					mu.Lock()
					if err != nil {
						fails++
					} else {
						steps, contents, totals = append(steps, t.step), append(contents, t.content), append(totals, t.total)
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		el := time.Since(start)
		fmt.Printf("%s: %d streams, %d answers (%d failed) in %v = %.1f answers/s; first step p95 %v, first content p95 %v, answer p50 %v p95 %v\n",
			sc.name, streams, len(totals), fails, el.Round(time.Millisecond), float64(len(totals))/el.Seconds(),
			pctl(steps, 0.95).Round(time.Microsecond), pctl(contents, 0.95).Round(time.Microsecond),
			pctl(totals, 0.5).Round(time.Microsecond), pctl(totals, 0.95).Round(time.Microsecond))
	}
}

// runAIChatStreams keeps 100 answer streams open against the server at
// once for the scenario's duration (each client reopens as soon as its
// answer ends, so 100 are in flight the whole time) and samples the
// server's RSS: the memory an assistant needs for 100 simultaneous users.
func runAIChatStreams(_ *http.Client, base, token string) {
	const name = "aichat-100-streams"
	if !wanted(name) {
		return
	}
	const streams = 100
	// a client of its own: the shared one caps connections per host below 100
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: streams, MaxConnsPerHost: streams + 10}, Timeout: 60 * time.Second}
	before := rssMB(serverPID)
	var open, maxOpen, answers, fails atomic.Int64
	stop := time.Now().Add(*duration)
	done, sampled := make(chan struct{}), make(chan struct{})
	peak := before
	go func() { // sample the server's RSS while the streams run
		defer close(sampled)
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				peak = max(peak, rssMB(serverPID))
			}
		}
	}()
	var wg sync.WaitGroup
	for i := 0; i < streams; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			q := []string{"动火作业票有效期多久？", "受限空间氧含量要求是什么？", "本单位未整改隐患有多少？"}[i%3]
			for time.Now().Before(stop) {
				n := open.Add(1)
				for m := maxOpen.Load(); n > m && !maxOpen.CompareAndSwap(m, n); m = maxOpen.Load() {
				}
				_, err := aiStreamOnce(c, base, token, q)
				open.Add(-1)
				if err != nil {
					fails.Add(1)
				} else {
					answers.Add(1)
				}
			}
		}(i)
	}
	wg.Wait()
	close(done)
	<-sampled
	time.Sleep(300 * time.Millisecond)
	fmt.Printf("%s: %d streams kept open for %v (at most %d at once), %d answers (%d failed); server RSS before %.1f MB, peak %.1f MB, after %.1f MB\n",
		name, streams, *duration, maxOpen.Load(), answers.Load(), fails.Load(), before, peak, rssMB(serverPID))
}
