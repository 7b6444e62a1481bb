package biz

import (
	"context"
	"strconv"
	"time"

	"anquan/kit/idgen"
	"anquan/monitor/internal/biz/alarm"
)

// Chattering and floods (research/monitoring.md section 3, items 8 and 9),
// judged on the tenant's rules (RulesOf).
//
// Flood state is kept per process: the window of recent alarms of each
// operator area lives in the engine's memory, so a restart begins a new
// window (an open flood row of the previous process is closed at start, see
// Queries.CloseOpenFloods), and with several monitor replicas each judges
// the alarms of the gateways it serves.

// ChatterShownFor is how long a point that chattered keeps its 抖动 tag.
const ChatterShownFor = time.Hour

// SetRules replaces a tenant's alarm rules in the engine.
func (e *Engine) SetRules(tenant string, r Rules) {
	select {
	case e.cmds <- rulesCmd{tenant: tenant, rules: r}:
	case <-e.stop:
	}
}

// PreloadRules gives the engine every tenant's rules (at start, before Start).
func (e *Engine) PreloadRules(rules map[string]Rules) {
	for t, r := range rules {
		e.rules[t] = r
	}
}

type rulesCmd struct {
	tenant string
	rules  Rules
}

func (e *Engine) rulesOf(tenant string) Rules {
	if r, ok := e.rules[tenant]; ok {
		return r
	}
	return DefaultRules
}

// prune drops the times before from (ts is in order).
func prune(ts []time.Time, from time.Time) []time.Time {
	i := 0
	for i < len(ts) && ts[i].Before(from) {
		i++
	}
	return ts[i:]
}

// activated records an activation of a point (a new incident or a
// reactivation) and reports whether the point is chattering: at least the
// chatter count of activations within the chatter window ending at at.
func (e *Engine) activated(st *pointState, at time.Time) bool {
	r := e.rulesOf(st.conf.TenantID)
	st.acts = append(prune(st.acts, at.Add(-r.ChatterWindow)), at)
	if len(st.acts) > r.ChatterCount {
		st.acts = st.acts[len(st.acts)-r.ChatterCount:]
	}
	if len(st.acts) >= r.ChatterCount {
		st.chatterAt = at
		return true
	}
	return false
}

// floodAct is one alarm in a flood window.
type floodAct struct {
	at        time.Time
	alarmID   int64
	pointCode string
	pointName string
}

// floodState is an operator area's window and its open flood.
type floodState struct {
	tenant string
	area   int64
	acts   []floodAct
	open   *Flood
}

func floodKey(tenant string, area int64) string { return tenant + "|" + strconv.FormatInt(area, 10) }

func (f *floodState) prune(from time.Time) {
	i := 0
	for i < len(f.acts) && f.acts[i].at.Before(from) {
		i++
	}
	f.acts = f.acts[i:]
}

// raisedForFlood counts an announced new alarm in its area's window: the
// flood starts when the window holds more than the start count.
func (e *Engine) raisedForFlood(st *pointState, a *Alarm, at time.Time) {
	r := e.rulesOf(st.conf.TenantID)
	k := floodKey(st.conf.TenantID, st.conf.AreaID)
	f := e.floods[k]
	if f == nil {
		f = &floodState{tenant: st.conf.TenantID, area: st.conf.AreaID}
		e.floods[k] = f
	}
	f.prune(at.Add(-r.FloodWindow))
	// Bounded: beyond the start count only the count matters.
	if len(f.acts) < 10*r.FloodStart+10 {
		f.acts = append(f.acts, floodAct{at: at, alarmID: a.ID, pointCode: a.PointCode, pointName: a.PointName})
	}
	n := int32(len(f.acts))
	if f.open != nil {
		f.open.AlarmCount++
		f.open.PeakCount = max(f.open.PeakCount, n)
		return
	}
	if len(f.acts) <= r.FloodStart {
		return
	}
	first := f.acts[0]
	fl := &Flood{AreaID: f.area, StartAt: at, PeakCount: n, AlarmCount: n, FirstAlarmID: first.alarmID,
		FirstPointCode: first.pointCode, FirstPointName: first.pointName}
	fl.ID, fl.TenantID = idgen.Next(), f.tenant
	f.open = fl
	w := *fl
	e.writes <- AlarmWrite{Kind: KindFloodStart, Flood: &w, Alarm: Alarm{PointID: a.PointID}}
	e.Live.Publish(f.tenant, LiveEvent{Kind: "flood", At: at, PointID: a.PointID, PointCode: a.PointCode, State: "start"})
}

// endFloods ends the floods whose window holds fewer than the end count.
func (e *Engine) endFloods(now time.Time) {
	for k, f := range e.floods {
		r := e.rulesOf(f.tenant)
		f.prune(now.Add(-r.FloodWindow))
		if f.open != nil && len(f.acts) < r.FloodEnd {
			end := now
			f.open.EndAt = &end
			w := *f.open
			f.open = nil
			e.writes <- AlarmWrite{Kind: KindFloodEnd, Flood: &w}
			e.Live.Publish(f.tenant, LiveEvent{Kind: "flood", At: now, State: "end"})
		}
		if f.open == nil && len(f.acts) == 0 {
			delete(e.floods, k)
		}
	}
}

// FloodNow is an open flood of an operator area.
type FloodNow struct {
	AreaID       int64
	StartAt      time.Time
	FirstAlarmID int64
	Count        int32
}

type floodCmd struct {
	tenant string
	reply  chan []FloodNow
}

// Floods are the tenant's open floods (a command on the loop).
func (e *Engine) Floods(ctx context.Context, tenant string) []FloodNow {
	reply := make(chan []FloodNow, 1)
	select {
	case e.cmds <- floodCmd{tenant: tenant, reply: reply}:
	case <-ctx.Done():
		return nil
	}
	select {
	case f := <-reply:
		return f
	case <-ctx.Done():
		return nil
	}
}

func (e *Engine) floodsOf(tenant string) []FloodNow {
	var out []FloodNow
	for _, f := range e.floods {
		if f.tenant == tenant && f.open != nil {
			out = append(out, FloodNow{AreaID: f.area, StartAt: f.open.StartAt, FirstAlarmID: f.open.FirstAlarmID, Count: f.open.AlarmCount})
		}
	}
	return out
}

// isActivation: a transition that activates the point's alarm.
func isActivation(k alarm.Kind) bool { return k == alarm.Raised || k == alarm.Reactivated }
