package alarm

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// sstep is a step of a shelving scenario at second t: a sample (v), an
// acknowledgement, a shelve until second `until`, a lift, or the clock's
// expiry check; then the expected state, whether the alarm is shelved, the
// transitions' kinds with "!" marking an announced (not silent) raise or
// escalation, and the error of a refused call.
type sstep struct {
	t       int
	op      string // "v", "ack", "shelve", "unshelve", "tick"
	v       float64
	until   int
	state   State
	shelved bool
	kinds   string
	err     error
}

func TestShelvingTransitions(t *testing.T) {
	cases := []struct {
		name  string
		lim   Limits
		steps []sstep
	}{
		{"shelving an active alarm keeps its state and silences what follows", plain, []sstep{
			{t: 0, op: "v", v: 9, state: ActiveUnack, kinds: "raised!"},
			{t: 1, op: "shelve", until: 61, state: ActiveUnack, shelved: true, kinds: "shelved"},
			{t: 2, op: "v", v: 5, state: RtnUnack, shelved: true, kinds: "returned"},
			{t: 3, op: "v", v: 9, state: ActiveUnack, shelved: true, kinds: "reactivated"},
		}},
		{"a new incident while shelved is recorded, not announced", plain, []sstep{
			{t: 0, op: "v", v: 9, state: ActiveUnack, kinds: "raised!"},
			{t: 1, op: "shelve", until: 100, state: ActiveUnack, shelved: true, kinds: "shelved"},
			{t: 2, op: "ack", state: ActiveAck, shelved: true, kinds: "acked"},
			{t: 3, op: "v", v: 5, state: Normal, shelved: true, kinds: "cleared"},
			{t: 4, op: "v", v: 9, state: ActiveUnack, shelved: true, kinds: "raised"},
		}},
		{"the shelve expires at its time on the next sample", plain, []sstep{
			{t: 0, op: "v", v: 9, state: ActiveUnack, kinds: "raised!"},
			{t: 1, op: "shelve", until: 10, state: ActiveUnack, shelved: true, kinds: "shelved"},
			{t: 9, op: "v", v: 9, state: ActiveUnack, shelved: true},
			{t: 10, op: "v", v: 9, state: ActiveUnack, kinds: "unshelved"},
		}},
		{"the clock ends an expired shelve without a sample", plain, []sstep{
			{t: 0, op: "v", v: 9, state: ActiveUnack, kinds: "raised!"},
			{t: 1, op: "shelve", until: 10, state: ActiveUnack, shelved: true, kinds: "shelved"},
			{t: 9, op: "tick", state: ActiveUnack, shelved: true},
			{t: 11, op: "tick", state: ActiveUnack, kinds: "unshelved"},
			{t: 12, op: "tick", state: ActiveUnack},
		}},
		{"after expiry a new incident is announced again", plain, []sstep{
			{t: 0, op: "v", v: 9, state: ActiveUnack, kinds: "raised!"},
			{t: 1, op: "shelve", until: 5, state: ActiveUnack, shelved: true, kinds: "shelved"},
			{t: 2, op: "ack", state: ActiveAck, shelved: true, kinds: "acked"},
			{t: 3, op: "v", v: 5, state: Normal, shelved: true, kinds: "cleared"},
			{t: 6, op: "v", v: 9, state: ActiveUnack, kinds: "unshelved,raised!"},
		}},
		{"an operator lifts the shelve", plain, []sstep{
			{t: 0, op: "v", v: 9, state: ActiveUnack, kinds: "raised!"},
			{t: 1, op: "shelve", until: 100, state: ActiveUnack, shelved: true, kinds: "shelved"},
			{t: 2, op: "unshelve", state: ActiveUnack, kinds: "unshelved"},
			{t: 3, op: "unshelve", state: ActiveUnack, err: ErrNotShelved},
		}},
		{"shelving again replaces the expiry", plain, []sstep{
			{t: 0, op: "v", v: 9, state: ActiveUnack, kinds: "raised!"},
			{t: 1, op: "shelve", until: 100, state: ActiveUnack, shelved: true, kinds: "shelved"},
			{t: 2, op: "shelve", until: 5, state: ActiveUnack, shelved: true, kinds: "shelved"},
			{t: 5, op: "tick", state: ActiveUnack, kinds: "unshelved"},
		}},
		{"nothing to shelve in NORMAL", plain, []sstep{
			{t: 0, op: "v", v: 5, state: Normal},
			{t: 1, op: "shelve", until: 100, state: Normal, err: ErrNothingToShelve},
		}},
		{"an expiry not after now is refused", plain, []sstep{
			{t: 0, op: "v", v: 9, state: ActiveUnack, kinds: "raised!"},
			{t: 5, op: "shelve", until: 5, state: ActiveUnack, err: ErrBadExpiry},
		}},
		{"gas level 1 may be shelved, gas level 2 may not", gas, []sstep{
			{t: 0, op: "v", v: 30, state: ActiveUnack, kinds: "raised!"},
			{t: 1, op: "shelve", until: 100, state: ActiveUnack, shelved: true, kinds: "shelved"},
			{t: 2, op: "v", v: 55, state: ActiveUnack, kinds: "escalated!,unshelved"},
			{t: 3, op: "shelve", until: 100, state: ActiveUnack, err: ErrNotShelvable},
		}},
		{"a latched gas alarm may not be shelved", gas, []sstep{
			{t: 0, op: "v", v: 55, state: ActiveUnack, kinds: "raised!"},
			{t: 1, op: "v", v: 0, state: Latched, kinds: "latched"},
			{t: 2, op: "shelve", until: 100, state: Latched, err: ErrNotShelvable},
		}},
		{"HH of a non-latching point may be shelved (not a gas level 2)", plain4, []sstep{
			{t: 0, op: "v", v: 9.5, state: ActiveUnack, kinds: "raised!"},
			{t: 1, op: "shelve", until: 100, state: ActiveUnack, shelved: true, kinds: "shelved"},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := New()
			for i, s := range c.steps {
				at := t0.Add(time.Duration(s.t) * time.Second)
				var trs []Transition
				var err error
				switch s.op {
				case "v":
					trs = m.Eval(c.lim, s.v, at)
				case "ack":
					if tr, ok := m.Ack(at); ok {
						trs = []Transition{tr}
					}
				case "shelve":
					var tr Transition
					tr, err = m.Shelve(c.lim, t0.Add(time.Duration(s.until)*time.Second), at)
					if err == nil {
						trs = []Transition{tr}
					}
				case "unshelve":
					var tr Transition
					tr, err = m.Unshelve(at)
					if err == nil {
						trs = []Transition{tr}
					}
				case "tick":
					if tr, ok := m.Expire(at); ok {
						trs = []Transition{tr}
					}
				}
				if !errors.Is(err, s.err) {
					t.Fatalf("step %d: err %v, want %v", i, err, s.err)
				}
				var kinds []string
				for _, tr := range trs {
					k := string(tr.Kind)
					if !tr.Silent && (tr.Kind == Raised || tr.Kind == Escalated || tr.Kind == Reactivated) {
						k += "!"
					}
					kinds = append(kinds, k)
				}
				if got := strings.Join(kinds, ","); got != s.kinds {
					t.Fatalf("step %d: kinds %q, want %q", i, got, s.kinds)
				}
				if m.State != s.state || m.ShelvedAt(at) != s.shelved {
					t.Fatalf("step %d: state %s shelved %v, want %s %v", i, m.State, m.ShelvedAt(at), s.state, s.shelved)
				}
			}
		})
	}
}

var plain4 = Limits{L: f(2), H: f(8), HH: f(9), Deadband: 0.5}
