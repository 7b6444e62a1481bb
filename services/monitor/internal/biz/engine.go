package biz

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"anquan/kit/ident"
	"anquan/kit/idgen"
	"anquan/monitor/internal/biz/alarm"
)

// Reading is one decoded value from a gateway.
type Reading struct {
	TenantID, Gateway, Point string
	TS                       time.Time
	Value                    float64
}

// PointConf is a point as the engine evaluates it.
type PointConf struct {
	Point
	GatewayCode string
	Limits      alarm.Limits
}

// ConfOf derives the engine's view of a point: gas level 2 (HH) latches.
func ConfOf(p Point, gatewayCode string) PointConf {
	return PointConf{Point: p, GatewayCode: gatewayCode, Limits: alarm.Limits{
		LL: p.LimitLL, L: p.LimitL, H: p.LimitH, HH: p.LimitHH, Deadband: p.Deadband,
		OnDelay: time.Duration(p.OnDelay) * time.Second, OffDelay: time.Duration(p.OffDelay) * time.Second,
		LatchTop: p.GasType == GasCombustible || p.GasType == GasToxic,
	}}
}

// AlarmWrite is a transition to persist: Alarm is the incident after it.
type AlarmWrite struct {
	Kind  alarm.Kind
	Alarm Alarm
	// Point is the point's configuration (recipients of the notice).
	Point PointConf
	// Silent: made while the point's alarm is shelved or the point held out
	// of service (stored, not announced).
	Silent bool
	// Flood is the flood started or ended (KindFloodStart, KindFloodEnd).
	Flood *Flood
	// Actor is the user whose call made the change (the audit's who; nil
	// for the engine's own changes), with the call's request id and address.
	Actor     *ident.Identity
	RequestID string
	ClientIP  string
	done      chan error
}

// AlarmSink persists alarm transitions (in order) and records the events
// other services react to.
type AlarmSink interface {
	Write(ctx context.Context, w AlarmWrite) error
}

// HistorySink stores a batch of samples.
type HistorySink interface {
	Store(ctx context.Context, rows []Sample) error
}

type pointState struct {
	conf    PointConf
	m       *alarm.Machine
	alarm   *Alarm // the open incident, nil when NORMAL
	value   float64
	valueAt time.Time
	has     bool
	shelf   *shelf // who shelved the point's alarm and why, while shelved
	held    *hold  // the point's out-of-service hold, while held
	// acts are the point's recent activations; chatterAt when it last chattered.
	acts      []time.Time
	chatterAt time.Time
	// seenAt is when its last sample arrived (engine clock); span its
	// online span while online.
	seenAt time.Time
	span   *OnlineSpan
}

// shelf is who shelved a point's alarm, why and until when.
type shelf struct {
	until  time.Time
	by     int64
	byName string
	reason string
}

type ackCmd struct {
	tenant  string
	alarmID int64
	by      int64
	byName  string
	at      time.Time
	reply   chan error
}

type confCmd struct {
	tenant string
	points []PointConf
}

// Engine evaluates readings on one goroutine (the fast path); alarm writes
// follow on a second, history on a third, so neither delays an alarm.
type Engine struct {
	Alarms  AlarmSink
	History HistorySink
	Live    *Hub
	// HistoryBatch and HistoryEvery bound a history write.
	HistoryBatch int
	HistoryEvery time.Duration

	in     chan Reading
	cmds   chan any
	writes chan AlarmWrite
	hist   chan Sample
	spans  chan OnlineSpan
	// Spans stores the points' online spans (nil: not kept).
	Spans SpanSink
	// online are the points with an open span (the clock ends them).
	online map[int64]*pointState

	// the loop's own state
	byKey map[string]*pointState // tenant|gateway|point
	byID  map[int64]*pointState
	// shelved are the points whose alarm is shelved (the clock ends them).
	shelved map[int64]*pointState
	// Clock is the time of the shelve expiry check (time.Now by default).
	Clock func() time.Time
	// ShelfEvery is how often expired shelves and holds are ended and floods
	// judged without a sample.
	ShelfEvery time.Duration
	// holding are the points held out of service (the clock ends them).
	holding  map[int64]*pointState
	preHolds []Hold
	// rules are the tenants' alarm rules; floods the operator areas' windows.
	rules  map[string]Rules
	floods map[string]*floodState

	// Dropped history rows (the history queue was full) and malformed
	// messages per tenant|gateway.
	HistoryDropped atomic.Int64
	// Presence is every gateway's online state.
	Presence  *Presence
	mu        sync.Mutex
	malformed map[string]int64
	warned    map[string]time.Time

	stop chan struct{}
	wg   sync.WaitGroup
}

// NewEngine makes an engine; Start runs it.
func NewEngine(alarms AlarmSink, history HistorySink, live *Hub) *Engine {
	return &Engine{
		Alarms: alarms, History: history, Live: live, HistoryBatch: 1000, HistoryEvery: time.Second,
		in: make(chan Reading, 4096), cmds: make(chan any, 64), writes: make(chan AlarmWrite, 4096), hist: make(chan Sample, 65536),
		spans: make(chan OnlineSpan, 4096), online: map[int64]*pointState{},
		byKey: map[string]*pointState{}, byID: map[int64]*pointState{}, shelved: map[int64]*pointState{},
		holding: map[int64]*pointState{}, rules: map[string]Rules{}, floods: map[string]*floodState{},
		Clock: time.Now, ShelfEvery: time.Second,
		Presence: NewPresence(), malformed: map[string]int64{}, warned: map[string]time.Time{},
		stop: make(chan struct{}),
	}
}

func key(tenant, gw, point string) string { return tenant + "|" + gw + "|" + point }

// Start loads the points and open incidents and runs the goroutines.
func (e *Engine) Start(points []PointConf, open []Alarm) {
	for _, p := range points {
		e.put(p)
	}
	for i := range open {
		a := open[i]
		if st := e.byID[a.PointID]; st != nil && a.State != string(alarm.Normal) {
			st.m = alarm.Restore(alarm.State(a.State), alarm.Level(a.Level), a.Value, a.Latch)
			st.alarm = &a
		}
	}
	// Shelves outlive restarts: the latest shelved row of a point says until when.
	now := e.Clock()
	for i := range open {
		a := open[i]
		st := e.byID[a.PointID]
		if st == nil || !a.ShelvedAt(now) || (st.shelf != nil && !a.ShelvedUntil.After(st.shelf.until)) {
			continue
		}
		st.m.ShelvedUntil = *a.ShelvedUntil
		st.shelf = &shelf{until: *a.ShelvedUntil, by: a.ShelvedBy, byName: a.ShelvedByName, reason: a.ShelveReason}
		e.shelved[a.PointID] = st
	}
	e.restoreHolds(now)
	e.wg.Add(4)
	go e.loop()
	go e.alarmWriter()
	go e.historyWriter()
	go e.spanWriter()
}

// Stop ends the goroutines after the queued work is written.
func (e *Engine) Stop() {
	close(e.stop)
	e.wg.Wait()
}

func (e *Engine) put(p PointConf) {
	st := &pointState{conf: p, m: alarm.New()}
	if old := e.byID[p.ID]; old != nil {
		st.m, st.alarm, st.value, st.valueAt, st.has, st.shelf = old.m, old.alarm, old.value, old.valueAt, old.has, old.shelf
		st.held, st.acts, st.chatterAt = old.held, old.acts, old.chatterAt
		st.seenAt, st.span = old.seenAt, old.span
		if e.online[p.ID] != nil {
			e.online[p.ID] = st
		}
		delete(e.byKey, key(old.conf.TenantID, old.conf.GatewayCode, old.conf.Code))
		if e.shelved[p.ID] != nil {
			e.shelved[p.ID] = st
		}
		if e.holding[p.ID] != nil {
			e.holding[p.ID] = st
		}
	}
	e.byID[p.ID] = st
	e.byKey[key(p.TenantID, p.GatewayCode, p.Code)] = st
}

// Ingest hands a reading to the fast path; it waits while the queue is full
// (back-pressure on the broker, never a lost alarm).
func (e *Engine) Ingest(r Reading) {
	e.Presence.Seen(r.TenantID, r.Gateway, time.Now())
	select {
	case e.in <- r:
	case <-e.stop:
	}
}

// Malformed counts a dropped message and says whether to log it (once per
// gateway per minute).
func (e *Engine) Malformed(tenant, gw string, now time.Time) (log bool) {
	k := tenant + "|" + gw
	e.mu.Lock()
	defer e.mu.Unlock()
	e.malformed[k]++
	if now.Sub(e.warned[k]) >= time.Minute {
		e.warned[k] = now
		return true
	}
	return false
}

// GatewayStats are a gateway's presence and malformed count.
func (e *Engine) GatewayStats(tenant, gw string) (GatewayPresence, int64) {
	pr := e.Presence.Of(tenant, gw)
	e.mu.Lock()
	defer e.mu.Unlock()
	return pr, e.malformed[tenant+"|"+gw]
}

// Reload replaces a tenant's points (after a change).
func (e *Engine) Reload(tenant string, points []PointConf) {
	select {
	case e.cmds <- confCmd{tenant: tenant, points: points}:
	case <-e.stop:
	}
}

// Ack acknowledges an open incident as a user; it returns after the change
// is stored. ErrNotOpen when the engine holds no such open incident.
func (e *Engine) Ack(ctx context.Context, tenant string, alarmID, by int64, byName string, at time.Time) error {
	c := ackCmd{tenant: tenant, alarmID: alarmID, by: by, byName: byName, at: at, reply: make(chan error, 1)}
	return e.call(ctx, c, c.reply)
}

// call hands a command to the engine's loop and waits for its reply (the
// change stored), or for the caller to give up.
func (e *Engine) call(ctx context.Context, c any, reply <-chan error) error {
	select {
	case e.cmds <- c:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-reply:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Resync replaces the points' alarm state with the open incidents stored:
// a replica taking over ingest (the ingest lease) from another that raised,
// acknowledged and cleared them while this one stood by. Shelves and holds
// stay as this replica knows them.
func (e *Engine) Resync(ctx context.Context, open []Alarm) error {
	c := resyncCmd{open: open, reply: make(chan error, 1)}
	return e.call(ctx, c, c.reply)
}

// Mirror takes a live value the ingesting replica relayed into a standby's
// view, so the point lists read through the standby show the live values
// and alarm levels: display only (no alarm machine runs on it, nothing is
// stored; Resync replaces it on taking over). Dropped when the loop is busy.
func (e *Engine) Mirror(tenant string, ev LiveEvent) {
	if ev.Kind != "value" {
		return
	}
	select {
	case e.cmds <- mirrorCmd{tenant: tenant, ev: ev}:
	default:
	}
}

type mirrorCmd struct {
	tenant string
	ev     LiveEvent
}

type resyncCmd struct {
	open  []Alarm
	reply chan error
}

func (e *Engine) resync(open []Alarm) {
	byPoint := make(map[int64]*Alarm, len(open))
	for i := range open {
		if open[i].State != string(alarm.Normal) {
			byPoint[open[i].PointID] = &open[i]
		}
	}
	for id, st := range e.byID {
		shelved := st.m.ShelvedUntil
		switch a := byPoint[id]; {
		case a != nil:
			st.m = alarm.Restore(alarm.State(a.State), alarm.Level(a.Level), a.Value, a.Latch)
			st.alarm = a
		case st.alarm != nil || st.m.State != alarm.Normal:
			st.m, st.alarm = alarm.New(), nil
		default:
			continue
		}
		st.m.ShelvedUntil = shelved
	}
}

// LiveState is a point's last value and alarm.
type LiveState struct {
	Value   float64
	At      time.Time
	Has     bool
	Level   string
	State   string
	AlarmID int64
	// ShelvedUntil is the end of the point's alarm shelve (zero when none).
	ShelvedUntil time.Time
	// HeldUntil is the end of the point's out-of-service hold (zero when none).
	HeldUntil time.Time
	// Chattering: the point chattered within ChatterShownFor.
	Chattering bool
	// SeenAt is when its last sample arrived (zero: none since the start);
	// Online whether it is online now.
	SeenAt time.Time
	Online bool
}

// Snapshot reads the live state of points (for lists); a command on the
// loop, so it sees a consistent state.
func (e *Engine) Snapshot(ctx context.Context, ids []int64) map[int64]LiveState {
	reply := make(chan map[int64]LiveState, 1)
	select {
	case e.cmds <- snapCmd{ids: ids, reply: reply}:
	case <-ctx.Done():
		return nil
	}
	select {
	case m := <-reply:
		return m
	case <-ctx.Done():
		return nil
	}
}

type snapCmd struct {
	ids   []int64
	reply chan map[int64]LiveState
}

func (e *Engine) loop() {
	defer e.wg.Done()
	defer close(e.writes)
	defer close(e.hist)
	defer close(e.spans)
	tick := time.NewTicker(e.ShelfEvery)
	defer tick.Stop()
	for {
		select {
		case r := <-e.in:
			e.eval(r)
		case c := <-e.cmds:
			e.command(c)
		case <-tick.C:
			now := e.Clock()
			e.expireShelves(now)
			e.expireHolds(now)
			e.endFloods(now)
			e.expireOnline(now)
		case <-e.stop:
			// Drain what arrived before the stop.
			for {
				select {
				case r := <-e.in:
					e.eval(r)
				default:
					e.endAllSpans()
					return
				}
			}
		}
	}
}

func (e *Engine) command(c any) {
	switch c := c.(type) {
	case confCmd:
		keep := map[int64]bool{}
		for _, p := range c.points {
			e.put(p)
			keep[p.ID] = true
		}
		for id, st := range e.byID {
			if st.conf.TenantID == c.tenant && !keep[id] {
				delete(e.byID, id)
				delete(e.shelved, id)
				delete(e.holding, id)
				if e.online[id] != nil {
					e.endSpan(st, st.seenAt.Add(OfflineWindow(st.conf.ExpectInterval)))
					delete(e.online, id)
				}
				delete(e.byKey, key(st.conf.TenantID, st.conf.GatewayCode, st.conf.Code))
				// A removed point's open incident ends with it.
				if st.alarm != nil {
					now := time.Now()
					a := *st.alarm
					a.State, a.ClearedAt = string(alarm.Normal), &now
					e.writes <- AlarmWrite{Kind: alarm.Cleared, Alarm: a, Point: st.conf}
				}
			}
		}
	case ackCmd:
		for _, st := range e.byID {
			if st.alarm == nil || st.alarm.ID != c.alarmID || st.conf.TenantID != c.tenant {
				continue
			}
			tr, ok := st.m.Ack(c.at)
			if !ok {
				c.reply <- nil
				return
			}
			st.alarm.AckedBy, st.alarm.AckedByName = c.by, c.byName
			at := c.at
			st.alarm.AckedAt = &at
			e.transition(st, tr, c.reply)
			return
		}
		c.reply <- ErrNotOpen
	case shelveCmd:
		e.shelve(c)
	case holdCmd:
		e.hold(c)
	case rulesCmd:
		e.rules[c.tenant] = c.rules
	case resyncCmd:
		e.resync(c.open)
		c.reply <- nil
	case mirrorCmd:
		if st := e.byID[c.ev.PointID]; st != nil && st.conf.TenantID == c.tenant {
			st.value, st.valueAt, st.has = c.ev.Value, c.ev.At, true
			st.m.State, st.m.Level = alarm.State(c.ev.State), alarm.Level(c.ev.Level)
		}
	case floodCmd:
		c.reply <- e.floodsOf(c.tenant)
	case snapCmd:
		out := make(map[int64]LiveState, len(c.ids))
		for _, id := range c.ids {
			st := e.byID[id]
			if st == nil {
				continue
			}
			ls := LiveState{Value: st.value, At: st.valueAt, Has: st.has, State: string(st.m.State), Level: string(st.m.Level),
				ShelvedUntil: st.m.ShelvedUntil}
			if st.held != nil {
				ls.HeldUntil = st.held.until
			}
			now := e.Clock()
			ls.Chattering = !st.chatterAt.IsZero() && now.Sub(st.chatterAt) < ChatterShownFor
			ls.SeenAt, ls.Online = st.seenAt, st.span != nil && OnlineAt(st.seenAt, st.conf.ExpectInterval, now)
			if st.alarm != nil {
				ls.AlarmID = st.alarm.ID
			}
			out[id] = ls
		}
		c.reply <- out
	}
}

func (e *Engine) eval(r Reading) {
	st := e.byKey[key(r.TenantID, r.Gateway, r.Point)]
	if st == nil {
		return
	}
	st.value, st.valueAt, st.has = r.Value, r.TS, true
	e.seen(st, e.Clock())
	for _, tr := range st.m.Eval(st.conf.Limits, r.Value, r.TS) {
		e.transition(st, tr, nil)
	}
	if st.alarm != nil {
		st.alarm.LastValue = r.Value
	}
	e.Live.Publish(r.TenantID, LiveEvent{Kind: "value", PointID: st.conf.ID, PointCode: st.conf.Code, Value: r.Value, At: r.TS,
		Level: string(st.m.Level), State: string(st.m.State)})
	select {
	case e.hist <- Sample{ID: idgen.Next(), TenantID: r.TenantID, PointID: st.conf.ID, TS: r.TS, Value: r.Value}:
	default:
		e.HistoryDropped.Add(1)
	}
}

func limitOf(p PointConf, l alarm.Level) float64 {
	var v *float64
	switch l {
	case alarm.L:
		v = p.LimitL
	case alarm.LL:
		v = p.LimitLL
	case alarm.H:
		v = p.LimitH
	case alarm.HH:
		v = p.LimitHH
	}
	if v == nil {
		return 0
	}
	return *v
}

// transition updates the open incident and queues its write.
func (e *Engine) transition(st *pointState, tr alarm.Transition, done chan error) {
	if tr.Kind == alarm.Shelved || tr.Kind == alarm.Unshelved {
		e.shelfChange(st, tr, nil, done)
		return
	}
	if tr.Kind == alarm.Raised || st.alarm == nil {
		a := &Alarm{PointID: st.conf.ID, PointCode: st.conf.Code, PointName: st.conf.Name, Unit: st.conf.Unit, RaisedAt: tr.At, Value: tr.Value}
		a.ID = idgen.Next()
		a.TenantID = st.conf.TenantID
		// An incident raised while the point is shelved is recorded under the shelve.
		if sh := st.shelf; sh != nil && st.m.ShelvedAt(tr.At) {
			until := sh.until
			a.ShelvedUntil, a.ShelvedBy, a.ShelvedByName, a.ShelveReason = &until, sh.by, sh.byName, sh.reason
		}
		st.alarm = a
	}
	a := st.alarm
	if isActivation(tr.Kind) && e.activated(st, tr.At) {
		a.Chattering = true
	}
	a.State, a.Level, a.Latch = string(tr.To), string(st.m.Level), tr.To == alarm.Latched || a.Latch
	if tr.Kind == alarm.Raised || tr.Kind == alarm.Escalated {
		a.Value = tr.Value
	}
	if a.Level == "" {
		a.Level = string(tr.Level)
	}
	a.Limit = limitOf(st.conf, alarm.Level(a.Level))
	a.LastValue = tr.Value
	if tr.To == alarm.Normal {
		at := tr.At
		a.ClearedAt = &at
		st.alarm = nil
	}
	// Held out of service: stored, flagged and silent, except oxygen and gas
	// level 2 (an escalation to it ends the suppression and is announced).
	lvl := alarm.Level(a.Level)
	if lvl == alarm.None {
		lvl = tr.Level
	}
	a.Suppressed = st.heldAt(tr.At) && !NeverSuppressed(st.conf, lvl)
	silent := tr.Silent || a.Suppressed
	if tr.Kind == alarm.Raised && !silent {
		e.raisedForFlood(st, a, tr.At)
	}
	w := AlarmWrite{Kind: tr.Kind, Alarm: *a, Point: st.conf, Silent: silent, done: done}
	e.Live.Publish(a.TenantID, LiveEvent{Kind: "alarm", Alarm: &w.Alarm, PointID: a.PointID, PointCode: a.PointCode, Value: tr.Value, At: tr.At,
		Level: a.Level, State: a.State})
	e.writes <- w
}

func (e *Engine) alarmWriter() {
	defer e.wg.Done()
	for w := range e.writes {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		err := e.Alarms.Write(ctx, w)
		cancel()
		if err != nil {
			slog.Error("monitor: alarm not stored", "alarm", w.Alarm.ID, "kind", w.Kind, "err", err)
		}
		if w.done != nil {
			w.done <- err
		}
	}
}

func (e *Engine) historyWriter() {
	defer e.wg.Done()
	t := time.NewTicker(e.HistoryEvery)
	defer t.Stop()
	batch := make([]Sample, 0, e.HistoryBatch)
	var reported int64
	var lastReport time.Time
	flush := func() {
		if len(batch) == 0 {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := e.History.Store(ctx, batch); err != nil {
			slog.Error("monitor: history batch not stored", "rows", len(batch), "err", err)
		}
		cancel()
		batch = batch[:0]
	}
	for {
		select {
		case s, ok := <-e.hist:
			if !ok {
				flush()
				return
			}
			batch = append(batch, s)
			if len(batch) >= e.HistoryBatch {
				flush()
			}
		case <-t.C:
			flush()
			if d := e.HistoryDropped.Load(); d != reported && time.Since(lastReport) >= time.Minute {
				slog.Warn("monitor: history rows dropped (the history store is behind; alarms are not affected)", "total", d)
				reported, lastReport = d, time.Now()
			}
		}
	}
}
