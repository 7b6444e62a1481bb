package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"anquan/positioning/internal/biz"
)

// Subject is where monitor's MQTT ingest forwards position payloads, as
// live.position.<tenant>.<gateway> (core NATS, outside the event stream:
// a lost second of positions is superseded by the next; monitor's
// server.PositionSubject names the same).
const Subject = "live.position"

// Bounds of one message.
const (
	MaxPayload = 1 << 20
	MaxFixes   = 5000
)

type wireFix struct {
	Tag     string   `json:"tag"`
	TS      *int64   `json:"ts"`
	X       *float64 `json:"x"`
	Y       *float64 `json:"y"`
	Floor   int32    `json:"floor"`
	Battery *int32   `json:"battery"`
	SOS     bool     `json:"sos"`
}

// Decode reads a position payload: an array of {tag, ts (ms, absent =
// now), x, y (local metres), floor, battery (percent), sos}, or one such
// object. A fix without tag, x or y makes the message malformed.
func Decode(payload []byte) ([]biz.Fix, error) {
	if len(payload) > MaxPayload {
		return nil, fmt.Errorf("payload of %d bytes exceeds %d", len(payload), MaxPayload)
	}
	b := bytes.TrimSpace(payload)
	var in []wireFix
	switch {
	case len(b) > 0 && b[0] == '[':
		if err := json.Unmarshal(b, &in); err != nil {
			return nil, err
		}
	case len(b) > 0 && b[0] == '{':
		var f wireFix
		if err := json.Unmarshal(b, &f); err != nil {
			return nil, err
		}
		in = []wireFix{f}
	default:
		return nil, errors.New("payload is not a JSON object or array")
	}
	if len(in) > MaxFixes {
		return nil, fmt.Errorf("more than %d fixes", MaxFixes)
	}
	out := make([]biz.Fix, 0, len(in))
	for _, f := range in {
		if f.Tag == "" || len(f.Tag) > 64 || f.X == nil || f.Y == nil {
			return nil, errors.New("a fix without tag, x or y")
		}
		o := biz.Fix{Tag: f.Tag, X: *f.X, Y: *f.Y, Floor: f.Floor, Battery: -1, SOS: f.SOS}
		if f.Floor == 0 {
			o.Floor = 1
		}
		if f.TS != nil {
			if *f.TS <= 0 || *f.TS > 1e14 {
				return nil, fmt.Errorf("ts %d is not milliseconds since 1970", *f.TS)
			}
			o.TS = time.UnixMilli(*f.TS)
		}
		if f.Battery != nil {
			if *f.Battery < 0 || *f.Battery > 100 {
				return nil, fmt.Errorf("battery %d is not a percent", *f.Battery)
			}
			o.Battery = *f.Battery
		}
		out = append(out, o)
	}
	return out, nil
}

// Ingest subscribes the engine to forwarded position payloads.
type Ingest struct {
	sub *nats.Subscription
	mu  sync.Mutex
	// warned: the last malformed-payload warning per gateway (once a minute).
	warned map[string]time.Time
}

// Subscribe starts the ingest on nc (nil: none, e.g. no bus). A message
// arriving while held (nil: always) says no is dropped: the replica lost the
// ingest lease and another one evaluates that position.
func Subscribe(nc *nats.Conn, e *biz.Engine, held func() bool) (*Ingest, error) {
	in := &Ingest{warned: map[string]time.Time{}}
	if nc == nil {
		return in, nil
	}
	sub, err := nc.Subscribe(Subject+".*.*", func(m *nats.Msg) {
		if held != nil && !held() {
			return
		}
		p := strings.Split(m.Subject, ".")
		tenant, gw := p[2], p[3]
		fixes, err := Decode(m.Data)
		if err != nil {
			in.warn(tenant, gw, err)
			return
		}
		e.Ingest(context.Background(), tenant, fixes)
	})
	if err != nil {
		return nil, err
	}
	// Positions arrive at a steady rate: a burst larger than this is dropped, not queued without end.
	_ = sub.SetPendingLimits(10000, 64<<20)
	in.sub = sub
	return in, nil
}

func (in *Ingest) warn(tenant, gw string, err error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	k := tenant + "/" + gw
	if time.Since(in.warned[k]) < time.Minute {
		return
	}
	if len(in.warned) > 10000 {
		clear(in.warned)
	}
	in.warned[k] = time.Now()
	slog.Warn("positioning: malformed position payload dropped (logged once a minute per gateway)", "tenant", tenant, "gateway", gw, "err", err)
}

// Close stops the ingest.
func (in *Ingest) Close() {
	if in.sub != nil {
		_ = in.sub.Unsubscribe()
	}
}
