package alarm

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

func f(v float64) *float64 { return &v }

// step feeds a value at second t (or acknowledges when ack), then expects
// the machine's state and level and the kinds of the transitions it made.
type step struct {
	t     int
	v     float64
	ack   bool
	state State
	level Level
	kinds string // comma list, "" = none
}

var t0 = time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC)

// gas1: a combustible detector, level 1 = 25 %LEL (H), level 2 = 50 (HH, latching).
var gas = Limits{H: f(25), HH: f(50), Deadband: 2, LatchTop: true}

// tank: a level with all four limits, 1 m deadband, 10 s on and 5 s off delay.
var tank = Limits{LL: f(1), L: f(2), H: f(8), HH: f(9), Deadband: 0.5, OnDelay: 10 * time.Second, OffDelay: 5 * time.Second}

var plain = Limits{L: f(2), H: f(8), Deadband: 0.5}

func TestTransitions(t *testing.T) {
	cases := []struct {
		name  string
		lim   Limits
		steps []step
	}{
		{"stays normal inside the limits", plain, []step{
			{t: 0, v: 5, state: Normal}, {t: 1, v: 7.99, state: Normal}, {t: 2, v: 2.01, state: Normal},
		}},
		{"NORMAL -> ACTIVE_UNACK -> ACTIVE_ACK -> NORMAL", plain, []step{
			{t: 0, v: 8, state: ActiveUnack, level: H, kinds: "raised"},
			{t: 1, ack: true, state: ActiveAck, level: H, kinds: "acked"},
			{t: 2, v: 7, state: Normal, kinds: "cleared"},
		}},
		{"ACTIVE_UNACK -> RTN_UNACK -> (ack) NORMAL", plain, []step{
			{t: 0, v: 9, state: ActiveUnack, level: H, kinds: "raised"},
			{t: 1, v: 5, state: RtnUnack, level: H, kinds: "returned"},
			{t: 2, ack: true, state: Normal, kinds: "cleared"},
		}},
		{"RTN_UNACK back over the limit reactivates the same incident", plain, []step{
			{t: 0, v: 9, state: ActiveUnack, level: H, kinds: "raised"},
			{t: 1, v: 5, state: RtnUnack, level: H, kinds: "returned"},
			{t: 2, v: 9, state: ActiveUnack, level: H, kinds: "reactivated"},
		}},
		{"low limit raises L, deeper LL escalates", tank, []step{
			{t: 0, v: 1.5, state: Normal},
			{t: 10, v: 1.5, state: ActiveUnack, level: L, kinds: "raised"},
			{t: 11, v: 0.5, state: ActiveUnack, level: L},
			{t: 21, v: 0.5, state: ActiveUnack, level: LL, kinds: "escalated"},
		}},
		{"ack of nothing changes nothing", plain, []step{
			{t: 0, ack: true, state: Normal},
			{t: 1, v: 9, state: ActiveUnack, level: H, kinds: "raised"},
			{t: 2, ack: true, state: ActiveAck, level: H, kinds: "acked"},
			{t: 3, ack: true, state: ActiveAck, level: H},
		}},
		{"on-delay: not raised before the delay", tank, []step{
			{t: 0, v: 8.5, state: Normal},
			{t: 9, v: 8.5, state: Normal},
			{t: 10, v: 8.5, state: ActiveUnack, level: H, kinds: "raised"},
		}},
		{"on-delay: a dip below the limit restarts the delay", tank, []step{
			{t: 0, v: 8.5, state: Normal},
			{t: 5, v: 7.9, state: Normal},
			{t: 6, v: 8.5, state: Normal},
			{t: 15, v: 8.5, state: Normal},
			{t: 16, v: 8.5, state: ActiveUnack, level: H, kinds: "raised"},
		}},
		{"on-delay: rising through H into HH raises HH at H's delay", tank, []step{
			{t: 0, v: 8.5, state: Normal},
			{t: 5, v: 9.5, state: Normal},
			{t: 10, v: 9.5, state: ActiveUnack, level: HH, kinds: "raised"},
		}},
		{"deadband: inside the limit but not by the deadband stays active", plain, []step{
			{t: 0, v: 8, state: ActiveUnack, level: H, kinds: "raised"},
			{t: 1, ack: true, state: ActiveAck, level: H, kinds: "acked"},
			{t: 2, v: 7.6, state: ActiveAck, level: H},
			{t: 3, v: 7.5, state: ActiveAck, level: H},
			{t: 4, v: 7.49, state: Normal, kinds: "cleared"},
		}},
		{"deadband on a low limit", plain, []step{
			{t: 0, v: 2, state: ActiveUnack, level: L, kinds: "raised"},
			{t: 1, v: 2.4, state: ActiveUnack, level: L},
			{t: 2, v: 2.51, state: RtnUnack, level: L, kinds: "returned"},
		}},
		{"off-delay: clears only after the value stayed inside for the delay", tank, []step{
			{t: 0, v: 8.5}, {t: 10, v: 8.5, state: ActiveUnack, level: H, kinds: "raised"},
			{t: 11, ack: true, state: ActiveAck, level: H, kinds: "acked"},
			{t: 12, v: 7, state: ActiveAck, level: H},
			{t: 16, v: 7, state: ActiveAck, level: H},
			{t: 17, v: 7, state: Normal, kinds: "cleared"},
		}},
		{"off-delay: a value back in the deadband restarts it", tank, []step{
			{t: 0, v: 8.5}, {t: 10, v: 8.5, state: ActiveUnack, level: H, kinds: "raised"},
			{t: 12, v: 7, state: ActiveUnack, level: H},
			{t: 15, v: 7.8, state: ActiveUnack, level: H},
			{t: 16, v: 7, state: ActiveUnack, level: H},
			{t: 20, v: 7, state: ActiveUnack, level: H},
			{t: 21, v: 7, state: RtnUnack, level: H, kinds: "returned"},
		}},
		{"escalation H -> HH is the same incident and needs a new ack", plain2(), []step{
			{t: 0, v: 8.5, state: ActiveUnack, level: H, kinds: "raised"},
			{t: 1, ack: true, state: ActiveAck, level: H, kinds: "acked"},
			{t: 2, v: 9.5, state: ActiveUnack, level: HH, kinds: "escalated"},
			{t: 3, v: 8.5, state: ActiveUnack, level: HH},
			{t: 4, ack: true, state: ActiveAck, level: HH, kinds: "acked"},
			{t: 5, v: 5, state: Normal, kinds: "cleared"},
		}},
		{"gas level 1 is not latched", gas, []step{
			{t: 0, v: 30, state: ActiveUnack, level: H, kinds: "raised"},
			{t: 1, ack: true, state: ActiveAck, level: H, kinds: "acked"},
			{t: 2, v: 10, state: Normal, kinds: "cleared"},
		}},
		{"gas level 2 latches until reset", gas, []step{
			{t: 0, v: 30, state: ActiveUnack, level: H, kinds: "raised"},
			{t: 1, v: 55, state: ActiveUnack, level: HH, kinds: "escalated"},
			{t: 2, ack: true, state: ActiveAck, level: HH, kinds: "acked"},
			{t: 3, v: 5, state: Latched, level: HH, kinds: "latched"},
			{t: 4, v: 5, state: Latched, level: HH},
			{t: 5, ack: true, state: Normal, kinds: "cleared"},
		}},
		{"an unacknowledged latched alarm latches too, and reactivates", gas, []step{
			{t: 0, v: 60, state: ActiveUnack, level: HH, kinds: "raised"},
			{t: 1, v: 0, state: Latched, level: HH, kinds: "latched"},
			{t: 2, v: 60, state: ActiveUnack, level: HH, kinds: "reactivated"},
			{t: 3, v: 0, state: Latched, level: HH, kinds: "latched"},
			{t: 4, ack: true, state: Normal, kinds: "cleared"},
		}},
		{"NaN and infinities are ignored", plain, []step{
			{t: 0, v: math.NaN(), state: Normal}, {t: 1, v: math.Inf(1), state: Normal},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := New()
			for i, s := range c.steps {
				at := t0.Add(time.Duration(s.t) * time.Second)
				var tr []Transition
				if s.ack {
					if x, ok := m.Ack(at); ok {
						tr = append(tr, x)
					}
				} else {
					tr = m.Eval(c.lim, s.v, at)
				}
				want := s.state
				if want == "" {
					want = Normal
				}
				var kinds []string
				for _, x := range tr {
					kinds = append(kinds, string(x.Kind))
					if x.To != m.State && len(tr) == 1 {
						t.Fatalf("step %d: transition to %s but machine in %s", i, x.To, m.State)
					}
				}
				if m.State != want || m.Level != s.level || strings.Join(kinds, ",") != s.kinds {
					t.Fatalf("step %d (t=%d v=%v ack=%v): got %s/%q %v, want %s/%q %q", i, s.t, s.v, s.ack, m.State, m.Level, kinds, want, s.level, s.kinds)
				}
			}
		})
	}
}

func plain2() Limits { l := plain; l.HH = f(9); return l }

func TestExceededAndStatus(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want Level
	}{{0.5, LL}, {1, LL}, {1.5, L}, {2, L}, {5, None}, {8, H}, {8.99, H}, {9, HH}, {100, HH}} {
		if got := tank.Exceeded(c.v); got != c.want {
			t.Errorf("Exceeded(%v) = %q, want %q", c.v, got, c.want)
		}
	}
	for l, want := range map[Level]int32{None: 0, L: 1, LL: 1, H: 2, HH: 2} {
		if Status(l) != want {
			t.Errorf("Status(%q) = %d, want %d", l, Status(l), want)
		}
	}
}

func TestRestoreKeepsTheLatch(t *testing.T) {
	m := Restore(ActiveAck, HH, 60, true)
	tr := m.Eval(gas, 1, t0)
	if len(tr) != 1 || m.State != Latched {
		t.Fatalf("restored latched alarm: %v %s", tr, m.State)
	}
	_ = fmt.Sprint(tr)
}
