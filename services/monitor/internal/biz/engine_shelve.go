package biz

import (
	"context"
	"time"

	"anquan/kit/ident"
	"anquan/monitor/internal/biz/alarm"
)

// shelveCmd shelves (until set) or lifts the shelve of a point's alarm.
type shelveCmd struct {
	tenant  string
	pointID int64
	lift    bool
	until   time.Time
	reason  string
	actor   *ident.Identity
	reqID   string
	ip      string
	at      time.Time
	reply   chan error
}

// ShelveRequest is a shelve (or its lift) of a point's alarm by a user.
type ShelveRequest struct {
	Tenant  string
	PointID int64
	// Lift ends the shelve; otherwise the alarm is shelved until Until.
	Lift   bool
	Until  time.Time
	Reason string
	At     time.Time
}

// Shelve shelves or lifts the shelve of a point's alarm on the fast path and
// returns after the change is stored. The errors are those of package alarm
// (alarm.ErrNothingToShelve, ErrNotShelvable, ErrBadExpiry, ErrNotShelved),
// or ErrNotOpen when the engine holds no such point.
func (e *Engine) Shelve(ctx context.Context, r ShelveRequest) error {
	c := shelveCmd{tenant: r.Tenant, pointID: r.PointID, lift: r.Lift, until: r.Until, reason: r.Reason, at: r.At,
		actor: ident.From(ctx), reqID: ident.RequestID(ctx), ip: ident.ClientIP(ctx), reply: make(chan error, 1)}
	return e.call(ctx, c, c.reply)
}

func (e *Engine) shelve(c shelveCmd) {
	st := e.byID[c.pointID]
	if st == nil || st.conf.TenantID != c.tenant {
		c.reply <- ErrNotOpen
		return
	}
	var tr alarm.Transition
	var err error
	if c.lift {
		tr, err = st.m.Unshelve(c.at)
	} else {
		tr, err = st.m.Shelve(st.conf.Limits, c.until, c.at)
	}
	if err != nil {
		c.reply <- err
		return
	}
	if !c.lift {
		name := ""
		if c.actor != nil {
			name = c.actor.DisplayName()
		}
		var by int64
		if c.actor != nil {
			by = c.actor.UserID
		}
		st.shelf = &shelf{until: c.until, by: by, byName: name, reason: c.reason}
	}
	e.shelfChange(st, tr, &c, c.reply)
}

// expireShelves ends the shelves whose time is up (points without samples
// are not left shelved).
func (e *Engine) expireShelves(now time.Time) {
	for _, st := range e.shelved {
		if tr, ok := st.m.Expire(now); ok {
			e.shelfChange(st, tr, nil, nil)
		}
	}
}

// shelfChange records a shelve or its end: the open incident's row gets the
// shelve; an end cuts every row of the point still shelved beyond it. The
// live stream shows the change on the open incident.
func (e *Engine) shelfChange(st *pointState, tr alarm.Transition, by *shelveCmd, done chan error) {
	sh := st.shelf
	w := AlarmWrite{Kind: tr.Kind, Point: st.conf, done: done}
	if by != nil {
		w.Actor, w.RequestID, w.ClientIP = by.actor, by.reqID, by.ip
	}
	if st.alarm != nil {
		w.Alarm = *st.alarm
	} else {
		w.Alarm = Alarm{PointID: st.conf.ID, PointCode: st.conf.Code, PointName: st.conf.Name}
		w.Alarm.TenantID = st.conf.TenantID
	}
	if tr.Kind == alarm.Shelved {
		e.shelved[st.conf.ID] = st
		until := sh.until
		w.Alarm.ShelvedUntil, w.Alarm.ShelvedBy, w.Alarm.ShelvedByName, w.Alarm.ShelveReason = &until, sh.by, sh.byName, sh.reason
	} else {
		delete(e.shelved, st.conf.ID)
		st.shelf = nil
		end := tr.At
		if sh != nil && sh.until.Before(end) {
			end = sh.until
		}
		w.Alarm.ShelvedUntil = &end
	}
	if st.alarm != nil {
		st.alarm.ShelvedUntil, st.alarm.ShelvedBy, st.alarm.ShelvedByName, st.alarm.ShelveReason =
			w.Alarm.ShelvedUntil, w.Alarm.ShelvedBy, w.Alarm.ShelvedByName, w.Alarm.ShelveReason
		a := w.Alarm
		e.Live.Publish(a.TenantID, LiveEvent{Kind: "alarm", Alarm: &a, PointID: a.PointID, PointCode: a.PointCode, Value: a.LastValue, At: tr.At,
			Level: a.Level, State: a.State})
	}
	e.writes <- w
}
