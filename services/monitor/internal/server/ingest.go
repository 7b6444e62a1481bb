package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"time"

	"anquan/monitor/internal/biz"
)

// MaxBatch bounds an HTTP ingest body (the gateway refuses larger ones first).
const MaxBatch = 1 << 20

// IngestBatch decodes an HTTP batch of a gateway (the MQTT payload: one
// frame or an array of frames) and hands its values to the engine. A
// malformed frame of an array is dropped and counted, the others go on; a
// body that is not JSON at all is an error. accepted counts values.
func IngestBatch(e *biz.Engine, tenant, gw string, payload []byte, now time.Time) (accepted, dropped int, err error) {
	if len(payload) > MaxBatch {
		return 0, 0, errors.New("body too large")
	}
	b := bytes.TrimSpace(payload)
	var frames []json.RawMessage
	switch {
	case len(b) > 0 && b[0] == '[':
		if err := json.Unmarshal(b, &frames); err != nil {
			return 0, 0, err
		}
	case len(b) > 0 && b[0] == '{':
		frames = []json.RawMessage{b}
	default:
		return 0, 0, errors.New("payload is not a JSON object or array")
	}
	var firstErr error
	for _, f := range frames {
		rs, err := Decode(f, now)
		if err == nil && accepted+len(rs) > MaxValues {
			err = errors.New("too many values in one batch")
		}
		if err != nil {
			dropped++
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		for _, r := range rs {
			r.TenantID, r.Gateway = tenant, gw
			e.Ingest(r)
		}
		accepted += len(rs)
	}
	if dropped > 0 {
		for i := 0; i < dropped; i++ {
			if e.Malformed(tenant, gw, now) {
				slog.Warn("monitor: malformed HTTP telemetry frame dropped (logged once a minute per gateway)", "tenant", tenant, "gateway", gw, "err", firstErr)
			}
		}
	}
	return accepted, dropped, nil
}

// Limiter is a fixed one-minute window per key (a gateway), in memory.
type Limiter struct {
	PerMinute int
	mu        sync.Mutex
	start     time.Time
	n         map[string]int
}

// Allow counts one request of key at now and says whether it is within the budget.
func (l *Limiter) Allow(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.start) >= time.Minute || l.n == nil || len(l.n) > 100000 {
		l.start, l.n = now, map[string]int{}
	}
	l.n[key]++
	return l.n[key] <= l.PerMinute
}
