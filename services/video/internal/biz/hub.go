package biz

import (
	"sync"
	"time"
)

// LiveEvent is one event of the live alarm stream.
type LiveEvent struct {
	ID    int64
	Kind  string // "alarm"
	Alarm Alarm
}

// Hub fans live events out to a tenant's streams and keeps the last Keep
// events of each tenant, so a stream resumed with Last-Event-ID misses
// nothing that recent. It is fed from the bus (every replica hears every
// alarm event), so a browser on any replica sees alarms ingested on another.
type Hub struct {
	Keep int
	mu   sync.Mutex
	seq  int64
	ring map[string][]LiveEvent
	subs map[string]map[chan LiveEvent]struct{}
}

// NewHub makes a hub; ids start from the clock so they grow across restarts.
func NewHub(keep int) *Hub {
	return &Hub{Keep: keep, seq: time.Now().UnixMilli() * 1000, ring: map[string][]LiveEvent{}, subs: map[string]map[chan LiveEvent]struct{}{}}
}

// Publish numbers e and hands it to every subscriber of the tenant; a
// subscriber too slow to take it loses it (it may resume from the ring).
func (h *Hub) Publish(tenant string, e LiveEvent) {
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

// Subscribe returns the kept events after `after` (none when 0) and a
// channel of the next ones; cancel ends it.
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
