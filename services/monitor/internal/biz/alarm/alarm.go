// Package alarm is the alarm state machine of one point (pure: no clock, no
// I/O; the caller passes each sample's time). It follows OPC UA Part 9 and
// ISA-18.2 as summarised in research/monitoring.md section 3:
//
//   - activation when a limit is exceeded for OnDelay (judged on sample times);
//   - clearing when the value is back inside the lowest exceeded limit by the
//     deadband for OffDelay;
//   - NORMAL -> ACTIVE_UNACK -> ACTIVE_ACK -> NORMAL, and
//     ACTIVE_UNACK -> RTN_UNACK -> (ack) NORMAL;
//   - latching (gas level 2): once HH was reached, clearing leaves the alarm
//     LATCHED until an operator acknowledges (resets) it;
//   - escalation H -> HH (or L -> LL) raises the severity of the same
//     incident, which needs a new acknowledgement.
package alarm

import (
	"math"
	"time"
)

// State of a point's alarm.
type State string

const (
	Normal      State = "NORMAL"
	ActiveUnack State = "ACTIVE_UNACK"
	ActiveAck   State = "ACTIVE_ACK"
	RtnUnack    State = "RTN_UNACK"
	Latched     State = "LATCHED"
)

// Level of a limit; None when no limit is exceeded.
type Level string

const (
	None Level = ""
	L    Level = "L"
	LL   Level = "LL"
	H    Level = "H"
	HH   Level = "HH"
)

// severity orders levels on their side: L < LL, H < HH.
func severity(l Level) int {
	switch l {
	case L, H:
		return 1
	case LL, HH:
		return 2
	}
	return 0
}

func high(l Level) bool { return l == H || l == HH }

// Status is the export code of a level: 1 lower-limit, 2 upper-limit alarm.
func Status(l Level) int32 {
	switch l {
	case L, LL:
		return 1
	case H, HH:
		return 2
	}
	return 0
}

// Limits of a point; nil = not monitored.
type Limits struct {
	LL, L, H, HH *float64
	Deadband     float64
	OnDelay      time.Duration
	OffDelay     time.Duration
	// LatchTop latches incidents that reached the top level (HH or LL):
	// gas level 2.
	LatchTop bool
}

// Exceeded is the most severe level v exceeds (no deadband).
func (lim Limits) Exceeded(v float64) Level {
	switch {
	case lim.HH != nil && v >= *lim.HH:
		return HH
	case lim.H != nil && v >= *lim.H:
		return H
	case lim.LL != nil && v <= *lim.LL:
		return LL
	case lim.L != nil && v <= *lim.L:
		return L
	}
	return None
}

// limitOf is the value of level l.
func (lim Limits) limitOf(l Level) float64 {
	var p *float64
	switch l {
	case L:
		p = lim.L
	case LL:
		p = lim.LL
	case H:
		p = lim.H
	case HH:
		p = lim.HH
	}
	if p == nil {
		return math.NaN()
	}
	return *p
}

// inside: v is back inside the incident's side by the deadband: below the
// lowest high limit minus the deadband (or above the highest low limit plus it).
func (lim Limits) inside(side Level, v float64) bool {
	if high(side) {
		b := lim.limitOf(H)
		if math.IsNaN(b) {
			b = lim.limitOf(HH)
		}
		return v < b-lim.Deadband
	}
	b := lim.limitOf(L)
	if math.IsNaN(b) {
		b = lim.limitOf(LL)
	}
	return v > b+lim.Deadband
}

// Kind of a transition.
type Kind string

const (
	Raised      Kind = "raised"      // a new incident (NORMAL -> ACTIVE_UNACK)
	Escalated   Kind = "escalated"   // the same incident at a higher severity
	Reactivated Kind = "reactivated" // RTN_UNACK or LATCHED back to ACTIVE_UNACK
	Acked       Kind = "acked"       // ACTIVE_UNACK -> ACTIVE_ACK
	Returned    Kind = "returned"    // ACTIVE_UNACK -> RTN_UNACK
	LatchedKind Kind = "latched"     // ACTIVE_* -> LATCHED
	Cleared     Kind = "cleared"     // -> NORMAL: the incident is over
)

// Transition is one change of the machine.
type Transition struct {
	Kind     Kind
	From, To State
	Level    Level
	Value    float64
	At       time.Time
	// Silent: made while the alarm is shelved (recorded, not announced).
	Silent bool
}

// Machine is the alarm of one point.
type Machine struct {
	State State
	// Level is the incident's level (the highest reached); None when NORMAL.
	Level Level
	// Value that raised or escalated the incident.
	Value float64
	// latch: the incident reached the top level with LatchTop.
	latch bool
	// ShelvedUntil is the end of the alarm's shelve (zero when none); see
	// shelve.go.
	ShelvedUntil time.Time

	pending      Level
	pendingSince time.Time
	clearSince   time.Time
}

// New is a machine in NORMAL.
func New() *Machine { return &Machine{State: Normal} }

// Restore is a machine in a persisted state (at start-up).
func Restore(s State, l Level, value float64, latch bool) *Machine {
	return &Machine{State: s, Level: l, Value: value, latch: latch || s == Latched}
}

// Active reports an incident in progress (not NORMAL).
func (m *Machine) Active() bool { return m.State != Normal }

// Eval feeds one sample and returns the transitions it causes (at most two:
// e.g. escalated, or raised).
func (m *Machine) Eval(lim Limits, v float64, at time.Time) []Transition {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	var out []Transition
	if tr, ok := m.Expire(at); ok {
		out = append(out, tr)
	}
	ex := lim.Exceeded(v)
	conditionOn := m.State == ActiveUnack || m.State == ActiveAck

	// Activation or escalation: a level beyond the incident's holds for
	// OnDelay. A value rising through H into HH keeps the time H began.
	sideChanged := ex != None && m.Level != None && high(ex) != high(m.Level)
	beyond := ex != None && (!conditionOn || sideChanged || severity(ex) > severity(m.Level))
	if beyond {
		if m.pending == None || high(m.pending) != high(ex) {
			m.pendingSince = at
		}
		m.pending = ex
		if at.Sub(m.pendingSince) >= lim.OnDelay {
			out = append(out, m.activate(lim, ex, v, at))
			m.pending, m.pendingSince = None, time.Time{}
		}
	} else {
		m.pending, m.pendingSince = None, time.Time{}
	}

	// Clearing: back inside by the deadband for OffDelay.
	if (m.State == ActiveUnack || m.State == ActiveAck) && !beyond {
		if lim.inside(m.Level, v) {
			if m.clearSince.IsZero() {
				m.clearSince = at
			}
			if at.Sub(m.clearSince) >= lim.OffDelay {
				out = append(out, m.clear(at, v))
			}
		} else {
			m.clearSince = time.Time{}
		}
	} else {
		m.clearSince = time.Time{}
	}
	silent := m.ShelvedAt(at)
	for i := range out {
		out[i].Silent = silent && out[i].Kind != Unshelved
	}
	// Gas level 2 is never shelved: reaching it lifts the shelve, and the
	// escalation is announced.
	if silent && m.topLatched(lim) {
		for i := range out {
			out[i].Silent = false
		}
		out = append(out, m.unshelve(at))
	}
	return out
}

func (m *Machine) activate(lim Limits, ex Level, v float64, at time.Time) Transition {
	from := m.State
	kind := Raised
	switch from {
	case ActiveUnack, ActiveAck:
		kind = Escalated
	case RtnUnack, Latched:
		kind = Reactivated
	}
	// The incident keeps the highest level it reached on its side.
	if kind == Raised || severity(ex) >= severity(m.Level) || high(ex) != high(m.Level) {
		m.Level = ex
		m.Value = v
	}
	if lim.LatchTop && severity(ex) == 2 {
		m.latch = true
	}
	m.State = ActiveUnack
	m.clearSince = time.Time{}
	return Transition{Kind: kind, From: from, To: ActiveUnack, Level: m.Level, Value: v, At: at}
}

func (m *Machine) clear(at time.Time, v float64) Transition {
	from := m.State
	m.clearSince = time.Time{}
	switch {
	case m.latch:
		m.State = Latched
		return Transition{Kind: LatchedKind, From: from, To: Latched, Level: m.Level, Value: v, At: at}
	case from == ActiveUnack:
		m.State = RtnUnack
		return Transition{Kind: Returned, From: from, To: RtnUnack, Level: m.Level, Value: v, At: at}
	default:
		return m.normal(from, at, v)
	}
}

func (m *Machine) normal(from State, at time.Time, v float64) Transition {
	l := m.Level
	m.State, m.Level, m.latch, m.Value = Normal, None, false, 0
	m.pending, m.pendingSince = None, time.Time{}
	return Transition{Kind: Cleared, From: from, To: Normal, Level: l, Value: v, At: at}
}

// Ack acknowledges: ACTIVE_UNACK -> ACTIVE_ACK, RTN_UNACK -> NORMAL, and
// resets a LATCHED alarm (whose value is back inside) -> NORMAL. ok is
// false when there is nothing to acknowledge.
func (m *Machine) Ack(at time.Time) (Transition, bool) {
	switch m.State {
	case ActiveUnack:
		m.State = ActiveAck
		return Transition{Kind: Acked, From: ActiveUnack, To: ActiveAck, Level: m.Level, Value: m.Value, At: at}, true
	case RtnUnack, Latched:
		return m.normal(m.State, at, m.Value), true
	}
	return Transition{}, false
}
