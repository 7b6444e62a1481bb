package biz

import (
	"sync"
	"time"
)

// LiveEvent is one event of the live stream.
type LiveEvent struct {
	ID        int64
	Kind      string // "alarm" or "value"
	PointID   int64
	PointCode string
	Value     float64
	At        time.Time
	Level     string
	State     string
	Alarm     *Alarm
}

// Hub fans live events out to a tenant's streams and keeps the last Keep
// events of each tenant, so a stream resumed with Last-Event-ID misses
// nothing that recent.
type Hub struct {
	Keep int
	mu   sync.Mutex
	seq  int64
	ring map[string][]LiveEvent
	subs map[string]map[chan LiveEvent]struct{}
	// Relay, when set, carries what Publish gets to every replica's hub
	// (kit/bus.Relay), whose Deliver hands it to the streams: one replica
	// evaluates, streams are opened on any. Set before the engine starts.
	Relay func(tenant string, e LiveEvent)
}

// NewHub makes a hub; ids start from the clock so they grow across restarts.
func NewHub(keep int) *Hub {
	return &Hub{Keep: keep, seq: time.Now().UnixMilli() * 1000, ring: map[string][]LiveEvent{}, subs: map[string]map[chan LiveEvent]struct{}{}}
}

// Publish numbers e and hands it to every subscriber of the tenant; a
// subscriber too slow to take it loses it (it may resume from the ring).
func (h *Hub) Publish(tenant string, e LiveEvent) {
	if h.Relay != nil {
		h.Relay(tenant, e)
		return
	}
	h.Deliver(tenant, e)
}

// Deliver is Publish on this replica's streams alone (the relay's end).
func (h *Hub) Deliver(tenant string, e LiveEvent) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.seq++
	e.ID = h.seq
	r := append(h.ring[tenant], e)
	if len(r) > h.Keep {
		r = r[len(r)-h.Keep:]
	}
	h.ring[tenant] = r
	for c := range h.subs[tenant] {
		select {
		case c <- e:
		default:
		}
	}
}

// Subscribe returns the kept events after `after` (all kept when 0 is
// given: none) and a channel of the next ones; cancel ends it.
func (h *Hub) Subscribe(tenant string, after int64) (backlog []LiveEvent, c chan LiveEvent, cancel func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if after > 0 {
		for _, e := range h.ring[tenant] {
			if e.ID > after {
				backlog = append(backlog, e)
			}
		}
	}
	c = make(chan LiveEvent, 256)
	if h.subs[tenant] == nil {
		h.subs[tenant] = map[chan LiveEvent]struct{}{}
	}
	h.subs[tenant][c] = struct{}{}
	return backlog, c, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.subs[tenant], c)
	}
}
