package biz

import (
	"testing"
	"time"
)

func TestPresence(t *testing.T) {
	t0 := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	at := func(sec int) time.Time { return t0.Add(time.Duration(sec) * time.Second) }
	type step struct {
		do     func(p *Presence)
		now    int
		online bool
		seen   int // seconds after t0, -1: never
	}
	cases := []struct {
		name  string
		steps []step
	}{
		{"unknown gateway is offline, never seen", []step{{func(*Presence) {}, 0, false, -1}}},
		{"session on the embedded broker: online until it ends", []step{
			{func(p *Presence) { p.Connected("t", "g", at(0)) }, 1, true, 0},
			{func(*Presence) {}, 3600, true, 0}, // a quiet but connected gateway stays online
			{func(p *Presence) { p.Disconnected("t", "g", at(3600)) }, 3601, false, 0},
		}},
		{"takeover: the old session ending after the new one started keeps it online", []step{
			{func(p *Presence) { p.Connected("t", "g", at(0)) }, 1, true, 0},
			{func(p *Presence) { p.Connected("t", "g", at(5)) }, 6, true, 5},
			{func(p *Presence) { p.Status("t", "g", "offline", at(6)) }, 7, true, 5}, // the old session's will
			{func(p *Presence) { p.Disconnected("t", "g", at(6)) }, 7, true, 5},
			{func(p *Presence) { p.Disconnected("t", "g", at(9)) }, 10, false, 5},
			{func(p *Presence) { p.Disconnected("t", "g", at(9)) }, 10, false, 5}, // never below zero
			{func(p *Presence) { p.Connected("t", "g", at(11)) }, 12, true, 11},
		}},
		{"status topic: online, then the will says offline", []step{
			{func(p *Presence) { p.Status("t", "g", "online", at(0)) }, 1, true, 0},
			{func(*Presence) {}, 86400, true, 0},
			{func(p *Presence) { p.Status("t", "g", "offline", at(86400)) }, 86401, false, 0},
		}},
		{"telemetry only: online within the window, at its boundary offline", []step{
			{func(p *Presence) { p.Seen("t", "g", at(0)) }, 0, true, 0},
			{func(*Presence) {}, int(SeenWindow/time.Second) - 1, true, 0},
			{func(*Presence) {}, int(SeenWindow / time.Second), false, 0},
		}},
		{"telemetry after the will brings it back; the will itself is not a message", []step{
			{func(p *Presence) { p.Seen("t", "g", at(0)) }, 1, true, 0},
			{func(p *Presence) { p.Status("t", "g", "offline", at(10)) }, 11, false, 0},
			{func(p *Presence) { p.Seen("t", "g", at(10)) }, 11, false, 10}, // same instant as the will: still offline
			{func(p *Presence) { p.Seen("t", "g", at(12)) }, 13, true, 12},
			{func(p *Presence) { p.Seen("t", "g", at(5)) }, 13, true, 12}, // an older timestamp does not go back
		}},
		{"other status payloads are refused and change nothing", []step{
			{func(p *Presence) {
				if p.Status("t", "g", "ONLINE!", at(0)) {
					t.Error("odd status accepted")
				}
			}, 1, false, -1},
		}},
	}
	for _, c := range cases {
		p := NewPresence()
		for i, s := range c.steps {
			s.do(p)
			g := p.Of("t", "g")
			if got := g.Online(at(s.now)); got != s.online {
				t.Errorf("%s, step %d: online %v, want %v (%+v)", c.name, i, got, s.online, g)
			}
			if s.seen < 0 && !g.LastSeen.IsZero() || s.seen >= 0 && !g.LastSeen.Equal(at(s.seen)) {
				t.Errorf("%s, step %d: last seen %v, want %d s", c.name, i, g.LastSeen, s.seen)
			}
			if other := p.Of("t", "other"); other.Online(at(s.now)) {
				t.Errorf("%s: another gateway online", c.name)
			}
		}
	}
}

func TestPresenceIsBounded(t *testing.T) {
	p := NewPresence()
	for i := 0; i < MaxPresence+10; i++ {
		p.Seen("t", string(rune('a'+i%26))+time.Duration(i).String(), time.Now())
	}
	if len(p.m) != MaxPresence {
		t.Fatalf("%d gateways kept", len(p.m))
	}
}
