package alarm

import (
	"errors"
	"time"
)

// Shelving (ISA-18.2 section 11, research/monitoring.md section 3): an
// operator takes a nuisance alarm off the announcement for a bounded time.
// The shelve belongs to the point's alarm, not to one incident: while it
// holds, incidents are still evaluated and recorded, but not announced. It
// ends at its expiry (judged on sample and clock times), when an operator
// lifts it, or when the incident reaches a level that may never be shelved
// (the latching top level: gas level 2).
const (
	Shelved   Kind = "shelved"
	Unshelved Kind = "unshelved"
)

// Reasons a shelve is refused.
var (
	ErrNothingToShelve = errors.New("no active alarm to shelve")
	ErrNotShelvable    = errors.New("a latching top-level alarm is never shelved")
	ErrBadExpiry       = errors.New("the shelve must end after it begins")
	ErrNotShelved      = errors.New("the alarm is not shelved")
)

// ShelvedAt reports whether the alarm is shelved at time at.
func (m *Machine) ShelvedAt(at time.Time) bool {
	return !m.ShelvedUntil.IsZero() && at.Before(m.ShelvedUntil)
}

// topLatched: the incident is at the latching top level (gas level 2).
func (m *Machine) topLatched(lim Limits) bool {
	return lim.LatchTop && severity(m.Level) == 2
}

// Shelve shelves the active alarm until `until`. Refused when no incident is
// in progress, when the incident is at the latching top level, or when the
// expiry is not after at. Shelving again replaces the expiry.
func (m *Machine) Shelve(lim Limits, until, at time.Time) (Transition, error) {
	switch {
	case m.State == Normal:
		return Transition{}, ErrNothingToShelve
	case m.topLatched(lim) || m.latch:
		return Transition{}, ErrNotShelvable
	case !until.After(at):
		return Transition{}, ErrBadExpiry
	}
	m.ShelvedUntil = until
	return Transition{Kind: Shelved, From: m.State, To: m.State, Level: m.Level, Value: m.Value, At: at}, nil
}

// Unshelve lifts a shelve that holds at time at.
func (m *Machine) Unshelve(at time.Time) (Transition, error) {
	if !m.ShelvedAt(at) {
		return Transition{}, ErrNotShelved
	}
	return m.unshelve(at), nil
}

func (m *Machine) unshelve(at time.Time) Transition {
	m.ShelvedUntil = time.Time{}
	return Transition{Kind: Unshelved, From: m.State, To: m.State, Level: m.Level, Value: m.Value, At: at}
}

// Expire ends a shelve whose time is up (at is at or after its expiry).
func (m *Machine) Expire(at time.Time) (Transition, bool) {
	if m.ShelvedUntil.IsZero() || at.Before(m.ShelvedUntil) {
		return Transition{}, false
	}
	return m.unshelve(at), true
}
