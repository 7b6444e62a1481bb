package biz

import (
	"sync"
	"time"
)

// SeenWindow is how long a gateway that only sends data (HTTP batch ingest,
// or an MQTT gateway behind an external broker without a status will) counts
// as online after its last message: three times a slow one-minute interval.
const SeenWindow = 3 * time.Minute

// MaxPresence bounds the gateways whose presence is kept (status messages of
// an external broker name any topic).
const MaxPresence = 100000

// GatewayPresence is what is known of a gateway's connection.
type GatewayPresence struct {
	// Conns are its live sessions on the embedded broker.
	Conns int
	// Status is the last of "online"/"offline" said by its status topic
	// (its MQTT last will) or by its sessions, empty when never.
	Status   string
	StatusAt time.Time
	// LastSeen is its last message or connection, zero when never.
	LastSeen time.Time
}

// Online is whether the gateway counts as online at now: a live session on
// the embedded broker; otherwise its status topic says "online"; otherwise
// it sent data after its last "offline" within SeenWindow.
func (p GatewayPresence) Online(now time.Time) bool {
	switch {
	case p.Conns > 0:
		return true
	case p.Status == "online":
		return true
	case p.LastSeen.IsZero() || (p.Status == "offline" && !p.LastSeen.After(p.StatusAt)):
		return false
	default:
		return now.Sub(p.LastSeen) < SeenWindow
	}
}

// Presence keeps every gateway's connection state (tenant|gateway), in
// memory: after a restart a gateway is offline until it speaks again.
type Presence struct {
	mu sync.Mutex
	m  map[string]*GatewayPresence
}

// NewPresence makes an empty presence state.
func NewPresence() *Presence { return &Presence{m: map[string]*GatewayPresence{}} }

func (p *Presence) get(tenant, gw string) *GatewayPresence {
	k := tenant + "|" + gw
	g := p.m[k]
	if g == nil {
		if len(p.m) >= MaxPresence {
			return nil
		}
		g = &GatewayPresence{}
		p.m[k] = g
	}
	return g
}

// Seen marks a message (telemetry) of the gateway.
func (p *Presence) Seen(tenant, gw string, at time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if g := p.get(tenant, gw); g != nil && at.After(g.LastSeen) {
		g.LastSeen = at
	}
}

// Connected marks a session of the gateway established on the embedded broker.
func (p *Presence) Connected(tenant, gw string, at time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if g := p.get(tenant, gw); g != nil {
		g.Conns++
		g.Status, g.StatusAt = "online", at
		if at.After(g.LastSeen) {
			g.LastSeen = at
		}
	}
}

// Disconnected marks the end of one of its sessions; the last one ending
// makes it offline.
func (p *Presence) Disconnected(tenant, gw string, at time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if g := p.get(tenant, gw); g != nil && g.Conns > 0 {
		g.Conns--
		if g.Conns == 0 {
			g.Status, g.StatusAt = "offline", at
		}
	}
}

// Status records a message on the gateway's status topic: "online" or
// "offline" (its last will). Anything else is refused (false).
func (p *Presence) Status(tenant, gw, status string, at time.Time) bool {
	if status != "online" && status != "offline" {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if g := p.get(tenant, gw); g != nil {
		g.Status, g.StatusAt = status, at
		// "offline" is usually the broker speaking for a lost gateway.
		if status == "online" && at.After(g.LastSeen) {
			g.LastSeen = at
		}
	}
	return true
}

// Of is the gateway's presence (zero when nothing is known).
func (p *Presence) Of(tenant, gw string) GatewayPresence {
	p.mu.Lock()
	defer p.mu.Unlock()
	if g := p.m[tenant+"|"+gw]; g != nil {
		return *g
	}
	return GatewayPresence{}
}
