package biz

import (
	"context"
	"time"

	"anquan/monitor/internal/biz/alarm"
)

// Kinds of the writes of holds and floods (beside package alarm's).
const (
	// KindHeld: the point's open incident is suppressed (its point was held).
	KindHeld alarm.Kind = "held"
	// KindUnheld: the hold ended; an incident still active is announced.
	KindUnheld alarm.Kind = "unheld"
	// KindFloodStart and KindFloodEnd store a flood (AlarmWrite.Flood).
	KindFloodStart alarm.Kind = "flood_start"
	KindFloodEnd   alarm.Kind = "flood_end"
)

// hold is a point's out-of-service hold as the engine keeps it.
type hold struct {
	id    int64
	until time.Time
}

type holdCmd struct {
	tenant  string
	pointID int64
	holdID  int64
	until   time.Time
	end     bool
	at      time.Time
	reply   chan error
}

// HoldRequest starts (or, with End, ends) a point's out-of-service hold.
type HoldRequest struct {
	Tenant  string
	PointID int64
	HoldID  int64
	Until   time.Time
	End     bool
	At      time.Time
}

// NeverSuppressed: oxygen alarms and gas level 2 are announced whatever
// holds the point (research/monitoring.md section 3, item 8).
func NeverSuppressed(p PointConf, level alarm.Level) bool {
	if p.GasType == GasOxygen {
		return true
	}
	return p.Limits.LatchTop && (level == alarm.HH || level == alarm.LL)
}

// Hold starts or ends a point's hold on the fast path; it returns after the
// open incident's change (if any) is stored. ErrNotOpen when the engine
// holds no such point of the tenant.
func (e *Engine) Hold(ctx context.Context, r HoldRequest) error {
	c := holdCmd{tenant: r.Tenant, pointID: r.PointID, holdID: r.HoldID, until: r.Until, end: r.End, at: r.At, reply: make(chan error, 1)}
	return e.call(ctx, c, c.reply)
}

// PreloadHolds gives the engine the holds in force (at start, before Start).
func (e *Engine) PreloadHolds(holds []Hold) {
	e.preHolds = append(e.preHolds, holds...)
}

func (e *Engine) restoreHolds(now time.Time) {
	for i := range e.preHolds {
		h := &e.preHolds[i]
		st := e.byID[h.PointID]
		if st == nil || st.conf.TenantID != h.TenantID || !h.InForce(now) {
			continue
		}
		if st.held == nil || h.Until.After(st.held.until) {
			st.held = &hold{id: h.ID, until: h.Until}
			e.holding[h.PointID] = st
		}
	}
	e.preHolds = nil
}

// heldAt: the point is held at time at.
func (st *pointState) heldAt(at time.Time) bool {
	return st.held != nil && at.Before(st.held.until)
}

func (e *Engine) hold(c holdCmd) {
	st := e.byID[c.pointID]
	if st == nil || st.conf.TenantID != c.tenant {
		c.reply <- ErrNotOpen
		return
	}
	if c.end {
		if st.held == nil || (c.holdID != 0 && st.held.id != c.holdID) {
			c.reply <- nil // not held (already over): nothing to change
			return
		}
		e.unhold(st, c.at, c.reply)
		return
	}
	st.held = &hold{id: c.holdID, until: c.until}
	e.holding[st.conf.ID] = st
	a := st.alarm
	if a == nil || a.Suppressed || NeverSuppressed(st.conf, alarm.Level(a.Level)) {
		c.reply <- nil
		return
	}
	a.Suppressed = true
	e.writes <- AlarmWrite{Kind: KindHeld, Alarm: *a, Point: st.conf, Silent: true, done: c.reply}
}

// unhold ends a point's hold: its open suppressed incident is announced.
func (e *Engine) unhold(st *pointState, at time.Time, done chan error) {
	st.held = nil
	delete(e.holding, st.conf.ID)
	a := st.alarm
	if a == nil || !a.Suppressed {
		if done != nil {
			done <- nil
		}
		return
	}
	a.Suppressed = false
	w := AlarmWrite{Kind: KindUnheld, Alarm: *a, Point: st.conf, done: done}
	e.Live.Publish(a.TenantID, LiveEvent{Kind: "alarm", Alarm: &w.Alarm, PointID: a.PointID, PointCode: a.PointCode, Value: a.LastValue, At: at,
		Level: a.Level, State: a.State})
	e.writes <- w
}

// expireHolds ends the holds whose time is up (the engine's clock).
func (e *Engine) expireHolds(now time.Time) {
	for _, st := range e.holding {
		if st.held != nil && !now.Before(st.held.until) {
			e.unhold(st, now, nil)
		}
	}
}
