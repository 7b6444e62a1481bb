package biz

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"sort"
	"sync"
	"time"

	"anquan/kit/ident"
	"anquan/kit/idgen"
	"anquan/kit/timefmt"
)

// Rules are the engine's thresholds. Durations of the zone and stillness
// rules are measured on the fixes' own clock (the positioning engine's
// timestamps), so a late batch is judged by when people were there.
type Rules struct {
	// Debounce: a restricted zone or an overcrowding must last this long.
	Debounce time.Duration
	// StillRadius and StillAfter: a tag that stays within StillRadius metres
	// for StillAfter raises 长时间静止.
	StillRadius float64
	StillAfter  time.Duration
	// LowBattery raises below this percent; BatteryClear clears at or above
	// it (hysteresis).
	LowBattery, BatteryClear int32
	// Offline: a tag silent this long (wall clock) is offline and out of
	// the head counts.
	Offline time.Duration
	// TrackEvery: the stored track keeps at most one fix per tag this often.
	TrackEvery time.Duration
	// Retention: track rows older than this are deleted.
	Retention time.Duration
	// AbsentAfter: a person online but out of their post zone this long
	// (fix time) raises 脱岗.
	AbsentAfter time.Duration
	// Gathering: GatherPeople or more within GatherRadius metres for
	// GatherAfter raises 人员聚集 (cleared below GatherPeople-1); 0 people: off.
	GatherPeople int32
	GatherRadius float64
	GatherAfter  time.Duration
	// CertAfter: in a permit zone while not on a permit in force there
	// this long (fix time) raises 人证不符.
	CertAfter time.Duration
}

// DefaultRules are the production thresholds of a tenant that set none
// (the rule table's defaults, rules.go).
var DefaultRules = RulesOf(nil)

// GatherEvery is how often the gathering rule runs per tenant.
const GatherEvery = time.Second

// Fix is one normalised position report.
type Fix struct {
	Tag     string
	TS      time.Time // zero: now
	X, Y    float64
	Floor   int32
	Battery int32 // -1: not reported
	SOS     bool
}

// Bounds of a fix's time relative to now.
const (
	MaxFixAge   = 24 * time.Hour
	MaxFixAhead = 5 * time.Minute
)

// TagConf is what the engine needs of a tag.
type TagConf struct {
	ID                     int64
	Code, PersonName       string
	PersonType             int32
	PostZone               int64 // 0: no post
	UserID                 int64 // 0: bound to no user (人证不符 cannot tell)
	CreateDept, CreateUser int64
}

// ZoneConf is what the engine needs of a zone.
type ZoneConf struct {
	ID                                  int64
	Name                                string
	Kind, Floor, Max                    int32
	Poly                                Polygon
	Allowed                             map[int64]bool
	Window                              Window // when the allowed may be in it
	AreaID                              int64  // factory area of permits (0: none)
	Responsible, CreateDept, CreateUser int64
	area                                float64
	minX, minY, maxX, maxY              float64
}

// Position is a tag's latest fix as the engine holds it.
type Position struct {
	TagID           int64
	Tag, PersonName string
	PersonType      int32
	X, Y            float64
	Floor, Battery  int32
	SOS, Online     bool
	TS              time.Time
	ZoneID          int64
	ZoneName        string
}

// Headcount is the number of online tags in a zone.
type Headcount struct {
	ZoneID     int64
	ZoneName   string
	Kind       int32
	Count, Max int32
}

// Headcounts are a tenant's counts per zone and in total.
type Headcounts struct {
	Zones                  []Headcount
	Online, Offline, Total int32
}

// AlarmWrite is an alarm to insert (New) or whose live columns changed.
type AlarmWrite struct {
	New   bool
	Alarm Alarm
}

// AlarmSink stores alarm changes (and their events).
type AlarmSink interface {
	Write(ctx context.Context, w AlarmWrite) error
}

// TrackSink stores track rows and deletes old ones.
type TrackSink interface {
	Store(ctx context.Context, rows []TrackPoint) error
	Prune(ctx context.Context, before time.Time) (int64, error)
}

type akey struct {
	Type      int32
	Tag, Zone int64
}

type tagState struct {
	conf             TagConf
	has              bool
	x, y             float64
	floor, battery   int32
	sos              bool
	ts, seen, stored time.Time
	zone             *ZoneConf
	in               map[int64]bool
	stillX, stillY   float64
	stillSince       time.Time
	entered          map[int64]time.Time // forbidden zones entered, when
	awaySince        time.Time           // out of the post zone since (zero: at the post)
	lowBattery       bool
	certSince        map[int64]time.Time // permit zones where not on a permit, since when (fix time)
}

type tenantState struct {
	tags      map[string]*tagState
	byID      map[int64]*tagState
	zones     []*ZoneConf
	zoneByID  map[int64]*ZoneConf
	active    map[akey]bool   // the condition holds (edge tracking: one alarm per episode)
	open      map[akey]*Alarm // alarming (unhandled) incidents
	overSince map[int64]time.Time
	dirty     map[int64]bool
	lastHeads string
	// gatherings are the clusters of people tracked across ticks.
	gatherings []*gathering
	gatherBuf  []gatherPoint
	lastGather time.Time
	// rules are the tenant's thresholds (nil: the engine's Rules).
	rules *Rules
	// permits are the permits in force by factory area (SetPermits);
	// permitsAsked: a fetch was asked for (PermitWatch).
	permits      map[int64][]Permit
	permitsAsked bool
	// permitsKnown: the permits were read once (before that 人证不符 is
	// neither raised nor cleared: an alarm restored at start stays).
	permitsKnown bool
	// linked: a zone names a factory area (the permits matter).
	linked bool
}

// Engine keeps the latest position of every tag in memory, evaluates the
// rules on every fix, stores the track in batches and feeds the live hub.
type Engine struct {
	// Evaluating says whether this replica evaluates now (nil: always): a
	// standby of the ingest lease hears no fixes, so its clock's rules
	// (offline, gathering, crowd) and frames would judge stale positions.
	Evaluating func() bool
	Rules      Rules
	Live       *Hub
	Now        func() time.Time
	// Loc is the plant's time zone (the server's, kit/timefmt): zones'
	// time windows are plant times.
	Loc *time.Location

	sink  AlarmSink
	track TrackSink

	mu      sync.Mutex
	wmu     sync.Mutex // alarm writes leave in the order they were decided
	tenants map[string]*tenantState
	pending []TrackPoint
	stop    chan struct{}
	done    chan struct{}
	once    sync.Once
	// clusterSeq numbers gatherings (under mu).
	clusterSeq int64
	// ask carries tenants whose permits should be fetched now (PermitWatch).
	ask chan string
}

// NewEngine makes an engine; Start runs its ticker.
func NewEngine(sink AlarmSink, track TrackSink, hub *Hub, rules Rules) *Engine {
	return &Engine{Rules: rules, Live: hub, Now: time.Now, Loc: timefmt.Zone, sink: sink, track: track, tenants: map[string]*tenantState{},
		stop: make(chan struct{}), done: make(chan struct{}), ask: make(chan string, 64)}
}

// SetRules replaces a tenant's thresholds (the rule table's values in
// force); the track interval and retention stay the engine's. The next fix
// and tick judge by them.
func (e *Engine) SetRules(tenant string, r Rules) {
	e.mu.Lock()
	defer e.mu.Unlock()
	r.TrackEvery, r.Retention = e.Rules.TrackEvery, e.Rules.Retention
	e.tenant(tenant).rules = &r
}

// RulesOf are a tenant's thresholds in force.
func (e *Engine) RulesOf(tenant string) Rules {
	e.mu.Lock()
	defer e.mu.Unlock()
	return *e.rules(e.tenant(tenant))
}

func (e *Engine) rules(t *tenantState) *Rules {
	if t.rules != nil {
		return t.rules
	}
	return &e.Rules
}

func (e *Engine) tenant(t string) *tenantState {
	ts := e.tenants[t]
	if ts == nil {
		ts = &tenantState{tags: map[string]*tagState{}, byID: map[int64]*tagState{}, active: map[akey]bool{}, open: map[akey]*Alarm{},
			overSince: map[int64]time.Time{}, dirty: map[int64]bool{}}
		e.tenants[t] = ts
	}
	return ts
}

// Load replaces a tenant's tags and zones; live state of tags kept by code.
func (e *Engine) Load(tenant string, tags []TagConf, zones []ZoneConf) {
	e.mu.Lock()
	defer e.mu.Unlock()
	t := e.tenant(tenant)
	byCode, byID := map[string]*tagState{}, map[int64]*tagState{}
	for _, c := range tags {
		st := t.tags[c.Code]
		if st == nil || st.conf.ID != c.ID {
			st = &tagState{in: map[int64]bool{}, entered: map[int64]time.Time{}, certSince: map[int64]time.Time{}, battery: -1}
		}
		st.conf = c
		byCode[c.Code], byID[c.ID] = st, st
	}
	t.tags, t.byID = byCode, byID
	t.zones, t.zoneByID, t.linked = nil, map[int64]*ZoneConf{}, false
	for i := range zones {
		z := zones[i]
		t.linked = t.linked || z.AreaID != 0
		z.area = z.Poly.Area()
		z.minX, z.minY, z.maxX, z.maxY = z.Poly.Bounds()
		t.zones = append(t.zones, &z)
		t.zoneByID[z.ID] = &z
	}
	// Zones changed: place every tag again.
	for _, st := range t.tags {
		if st.has {
			e.place(t, st)
		}
	}
	if t.linked {
		t.permitsAsked = true
		e.AskPermits(tenant)
	} else {
		t.permits = nil
	}
}

// Restore puts alarming incidents back after a restart (after Load).
func (e *Engine) Restore(open []Alarm) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.restore(open)
}

// Resync replaces the rules' state with the incidents stored: a replica
// taking over the evaluation (the ingest lease) from another that raised
// and cleared them while this one stood by. What this replica had tracked
// before it stood by is stale and dropped (conditions are timed again from
// the next fixes); the positions stay.
func (e *Engine) Resync(open []Alarm) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, t := range e.tenants {
		clear(t.active)
		clear(t.open)
		clear(t.overSince)
		t.gatherings = nil
		for _, st := range t.byID {
			clear(st.entered)
			clear(st.certSince)
			st.awaySince, st.stillSince = time.Time{}, time.Time{}
		}
	}
	e.restore(open)
}

func (e *Engine) restore(open []Alarm) {
	for i := range open {
		a := open[i]
		k := akey{a.AlarmType, a.TagID, a.ZoneID}
		t := e.tenant(a.TenantID)
		switch a.AlarmType {
		case AlarmOvercrowd:
			k.Tag = 0
		case AlarmGather:
			// The gathering goes on under the alarm's id: the first cluster
			// found within the radius of where it was continues it.
			k = akey{AlarmGather, a.ID, 0}
			if a.ClearedAt == nil {
				t.gatherings = append(t.gatherings, &gathering{key: a.ID, x: a.X, y: a.Y, since: a.RaisedAt})
			}
		}
		t.open[k] = &a
		t.active[k] = a.ClearedAt == nil
		// Away from the post when it was raised: still away on the next fix keeps it.
		if st := t.byID[a.TagID]; a.AlarmType == AlarmAbsent && a.ClearedAt == nil && st != nil {
			st.awaySince = a.RaisedAt.Add(-e.rules(t).AbsentAfter)
		}
		// A person still counted in a forbidden zone: the first fix outside clears it.
		if st := t.byID[a.TagID]; a.AlarmType == AlarmWrongZone && a.ClearedAt == nil && st != nil {
			st.entered[a.ZoneID] = a.RaisedAt
		}
		if st := t.byID[a.TagID]; a.AlarmType == AlarmCertMismatch && a.ClearedAt == nil && st != nil {
			st.certSince[a.ZoneID] = a.RaisedAt
		}
	}
}

// place finds the zones holding a tag (its zone: the smallest).
func (e *Engine) place(t *tenantState, st *tagState) {
	clear(st.in)
	st.zone = nil
	for _, z := range t.zones {
		if z.Floor != st.floor || st.x < z.minX || st.x > z.maxX || st.y < z.minY || st.y > z.maxY || !z.Poly.Contains(st.x, st.y) {
			continue
		}
		st.in[z.ID] = true
		if st.zone == nil || z.area < st.zone.area {
			st.zone = z
		}
	}
}

func (e *Engine) online(t *tenantState, st *tagState, now time.Time) bool {
	return st.has && now.Sub(st.seen) <= e.rules(t).Offline
}

// Ingest takes a tenant's fixes: unknown tags, fixes out of the time bounds
// and fixes older than the tag's last are dropped. The rules run on each
// fix; alarm changes are stored before it returns.
func (e *Engine) Ingest(ctx context.Context, tenant string, fixes []Fix) (accepted, dropped int) {
	now := e.Now()
	var writes []AlarmWrite
	e.mu.Lock()
	t := e.tenants[tenant]
	if t == nil {
		e.mu.Unlock()
		return 0, len(fixes)
	}
	var latest time.Time
	for _, f := range fixes {
		st := t.tags[f.Tag]
		if f.TS.IsZero() {
			f.TS = now
		}
		if st == nil || f.TS.Before(now.Add(-MaxFixAge)) || f.TS.After(now.Add(MaxFixAhead)) || (st.has && f.TS.Before(st.ts)) ||
			!finite(f.X) || !finite(f.Y) || math.Abs(f.X) > MaxCoord || math.Abs(f.Y) > MaxCoord {
			dropped++
			continue
		}
		accepted++
		if f.TS.After(latest) {
			latest = f.TS
		}
		st.has, st.x, st.y, st.floor, st.sos, st.ts, st.seen = true, f.X, f.Y, f.Floor, f.SOS, f.TS, now
		if f.Battery >= 0 {
			st.battery = f.Battery
		}
		e.place(t, st)
		writes = e.tagRules(t, tenant, st, writes)
		if f.TS.Sub(st.stored) >= e.Rules.TrackEvery {
			st.stored = f.TS
			var zid int64
			if st.zone != nil {
				zid = st.zone.ID
			}
			e.pending = append(e.pending, TrackPoint{ID: idgen.Next(), TenantID: tenant, TagID: st.conf.ID, TS: f.TS, X: f.X, Y: f.Y, Floor: f.Floor, ZoneID: zid})
		}
		t.dirty[st.conf.ID] = true
	}
	if accepted > 0 && t.linked && !t.permitsAsked {
		t.permitsAsked = true
		e.AskPermits(tenant)
	}
	if accepted > 0 {
		writes = e.crowdRules(t, tenant, e.counts(t, now), latest, now, writes)
	}
	e.wmu.Lock()
	e.mu.Unlock()
	e.write(ctx, tenant, writes)
	e.wmu.Unlock()
	return accepted, dropped
}

// write stores alarm changes and streams them (called holding wmu).
func (e *Engine) write(ctx context.Context, tenant string, writes []AlarmWrite) {
	if len(writes) == 0 {
		return
	}
	ctx = ident.ForTenant(context.WithoutCancel(ctx), tenant)
	for i := range writes {
		if err := e.sink.Write(ctx, writes[i]); err != nil {
			slog.Error("positioning: alarm not stored", "tenant", tenant, "type", writes[i].Alarm.AlarmType, "err", err)
			continue
		}
		a := writes[i].Alarm
		e.Live.Publish(tenant, LiveEvent{Kind: "alarm", Alarm: &a})
	}
}

// cond moves an alarm key to holds; on a rising edge it raises (or
// reactivates the unhandled incident), on a falling edge it marks the
// incident cleared. make builds a new incident.
func (e *Engine) cond(t *tenantState, k akey, holds bool, at time.Time, make func() Alarm, writes []AlarmWrite) []AlarmWrite {
	if t.active[k] == holds {
		return writes
	}
	if holds {
		t.active[k] = true
		if a := t.open[k]; a != nil {
			a.ClearedAt = nil
			a.Repeats++
			return append(writes, AlarmWrite{Alarm: *a})
		}
		a := make()
		a.ID, a.RaisedAt, a.State = idgen.Next(), at, StateAlarming
		t.open[k] = &a
		return append(writes, AlarmWrite{New: true, Alarm: a})
	}
	delete(t.active, k)
	if a := t.open[k]; a != nil {
		c := at
		a.ClearedAt = &c
		return append(writes, AlarmWrite{Alarm: *a})
	}
	return writes
}

func (e *Engine) personAlarm(tenant string, st *tagState, typ, level int32, detail string) func() Alarm {
	return func() Alarm {
		a := Alarm{AlarmType: typ, Level: level, TagID: st.conf.ID, Tag: st.conf.Code, PersonName: st.conf.PersonName, X: st.x, Y: st.y,
			Detail: detail, ScopeDept: st.conf.CreateDept, ScopeUser: st.conf.CreateUser}
		a.TenantID = tenant
		if st.zone != nil {
			a.ZoneID, a.ZoneName, a.ResponsibleUserID = st.zone.ID, st.zone.Name, st.zone.Responsible
		}
		return a
	}
}

// tagRules: one-key SOS, low battery, still too long, forbidden zones,
// 人证不符.
func (e *Engine) tagRules(t *tenantState, tenant string, st *tagState, w []AlarmWrite) []AlarmWrite {
	r, id, at := e.rules(t), st.conf.ID, st.ts
	w = e.cond(t, akey{AlarmSOS, id, 0}, st.sos, at, e.personAlarm(tenant, st, AlarmSOS, 1, "持卡人按下一键求救"), w)
	// A fix: the tag is online again (offlineRules).
	w = e.cond(t, akey{AlarmOffline, id, 0}, false, at, nil, w)

	switch {
	case st.battery >= 0 && st.battery < r.LowBattery:
		st.lowBattery = true
	case st.battery >= r.BatteryClear:
		st.lowBattery = false
	}
	w = e.cond(t, akey{AlarmLowBattery, id, 0}, st.lowBattery, at,
		e.personAlarm(tenant, st, AlarmLowBattery, 3, fmt.Sprintf("定位卡电量 %d%%,低于 %d%%", st.battery, r.LowBattery)), w)

	if st.stillSince.IsZero() || math.Hypot(st.x-st.stillX, st.y-st.stillY) > r.StillRadius {
		st.stillX, st.stillY, st.stillSince = st.x, st.y, at
	}
	still := at.Sub(st.stillSince) >= r.StillAfter
	w = e.cond(t, akey{AlarmStill, id, 0}, still, at,
		e.personAlarm(tenant, st, AlarmStill, 2, fmt.Sprintf("%d 米范围内静止超过 %d 分钟", int(r.StillRadius), int(r.StillAfter.Minutes()))), w)

	// 脱岗: out of the post zone for AbsentAfter; back in clears it.
	if post := t.zoneByID[st.conf.PostZone]; post != nil {
		away := !st.in[post.ID]
		switch {
		case !away:
			st.awaySince = time.Time{}
		case st.awaySince.IsZero():
			st.awaySince = at
		}
		w = e.cond(t, akey{AlarmAbsent, id, post.ID}, away && at.Sub(st.awaySince) >= r.AbsentAfter, at, func() Alarm {
			a := e.personAlarm(tenant, st, AlarmAbsent, 2, fmt.Sprintf("离开岗位区域「%s」超过 %d 分钟", post.Name, int(r.AbsentAfter.Minutes())))()
			a.ZoneID, a.ZoneName, a.ResponsibleUserID = post.ID, post.Name, post.Responsible
			return a
		}, w)
	}

	// Forbidden zones: only those the tag is in, or was in (cheap at 5,000 tags).
	for zid := range st.entered {
		if !st.in[zid] {
			delete(st.entered, zid)
			w = e.cond(t, akey{AlarmWrongZone, id, zid}, false, at, nil, w)
		}
	}
	for zid := range st.in {
		z := t.zoneByID[zid]
		if z == nil || (z.Kind != ZoneRestricted && z.Kind != ZoneHazardous) {
			continue
		}
		k := akey{AlarmWrongZone, id, z.ID}
		// Allowed: on the zone's list and within its time window (fix time).
		listed := z.Allowed[id]
		if listed && z.Window.Allows(at.In(e.Loc)) {
			delete(st.entered, z.ID)
			w = e.cond(t, k, false, at, nil, w)
			continue
		}
		since, ok := st.entered[z.ID]
		if !ok {
			since = at
			st.entered[z.ID] = at
		}
		level := int32(2)
		if z.Kind == ZoneHazardous {
			level = 1
		}
		w = e.cond(t, k, at.Sub(since) >= r.Debounce, at, func() Alarm {
			why := "未经允许进入"
			if listed {
				why = "在准入时段外进入"
			}
			a := e.personAlarm(tenant, st, AlarmWrongZone, level, why+ZoneKinds[z.Kind]+"「"+z.Name+"」")()
			a.ZoneID, a.ZoneName, a.ResponsibleUserID = z.ID, z.Name, z.Responsible
			a.ScopeDept, a.ScopeUser = z.CreateDept, z.CreateUser
			return a
		}, w)
	}
	return e.certRules(t, tenant, st, at, w)
}

// presenceZone is the zone of a tag's last fix that must know who is in
// it: a hazardous or restricted zone it was in, or the person's post zone
// (nil: none).
func presenceZone(t *tenantState, st *tagState) *ZoneConf {
	var out *ZoneConf
	for zid := range st.in {
		z := t.zoneByID[zid]
		if z == nil {
			continue
		}
		if z.Kind == ZoneHazardous || z.Kind == ZoneRestricted || z.ID == st.conf.PostZone {
			// The most severe kind wins (hazardous first), then the smallest id: stable.
			if out == nil || (z.Kind == ZoneHazardous && out.Kind != ZoneHazardous) || (z.Kind == out.Kind && z.ID < out.ID) {
				out = z
			}
		}
	}
	return out
}

// offlineRules: 离线 (alarm type 12). A tag silent for more than 3 report
// intervals (Rules.Offline) is offline: out of the head counts, shown
// offline on the tag list. It raises an alarm only when its last fix was in
// a zone that must know who is there: a hazardous or restricted zone, or
// the person's post zone. A card going silent in the office or at the gate
// (left in a locker, the person gone home) is not an incident; a person
// in a tank farm, or at a post that must be manned, whose card went silent
// may be lying there. The silence itself is the debounce (3 intervals); the
// next fix of the tag clears it (tagRules). Judged on the wall clock, once a
// second.
func (e *Engine) offlineRules(t *tenantState, tenant string, now time.Time, w []AlarmWrite) []AlarmWrite {
	off := e.rules(t).Offline
	for _, st := range t.tags {
		if !st.has || e.online(t, st, now) {
			continue
		}
		k := akey{AlarmOffline, st.conf.ID, 0}
		if t.active[k] {
			continue
		}
		z := presenceZone(t, st)
		if z == nil {
			continue
		}
		level := int32(2)
		if z.Kind == ZoneHazardous {
			level = 1
		}
		silent := int(now.Sub(st.seen).Seconds())
		w = e.cond(t, k, true, st.seen.Add(off), func() Alarm {
			a := e.personAlarm(tenant, st, AlarmOffline, level, fmt.Sprintf("定位卡在「%s」内失去信号 %d 秒(超过上报周期 %d 倍)", z.Name, silent, OfflineFactor))()
			a.ZoneID, a.ZoneName, a.ResponsibleUserID = z.ID, z.Name, z.Responsible
			return a
		}, w)
	}
	return w
}

// counts are the online tags per zone.
func (e *Engine) counts(t *tenantState, now time.Time) map[int64]int32 {
	n := map[int64]int32{}
	for _, st := range t.tags {
		if !e.online(t, st, now) {
			continue
		}
		for z := range st.in {
			n[z]++
		}
	}
	return n
}

// crowdRules: a zone above its capacity for Debounce (fix time) raises 超员;
// at or below it, the alarm clears. at is the latest fix time (zero in the
// ticker: only clearing then).
func (e *Engine) crowdRules(t *tenantState, tenant string, counts map[int64]int32, at, now time.Time, w []AlarmWrite) []AlarmWrite {
	clearAt := at
	if clearAt.IsZero() {
		clearAt = now
	}
	for _, z := range t.zones {
		if z.Max <= 0 {
			continue
		}
		k := akey{AlarmOvercrowd, 0, z.ID}
		c := counts[z.ID]
		if c <= z.Max {
			delete(t.overSince, z.ID)
			w = e.cond(t, k, false, clearAt, nil, w)
			continue
		}
		if at.IsZero() {
			continue
		}
		since, ok := t.overSince[z.ID]
		if !ok {
			since = at
			t.overSince[z.ID] = at
		}
		z := z
		w = e.cond(t, k, at.Sub(since) >= e.rules(t).Debounce, at, func() Alarm {
			cx, cy := (z.minX+z.maxX)/2, (z.minY+z.maxY)/2
			a := Alarm{AlarmType: AlarmOvercrowd, Level: 1, ZoneID: z.ID, ZoneName: z.Name, X: cx, Y: cy,
				Detail: fmt.Sprintf("区域内 %d 人,超过最大人数 %d", c, z.Max), ScopeDept: z.CreateDept, ScopeUser: z.CreateUser, ResponsibleUserID: z.Responsible}
			a.TenantID = tenant
			return a
		}, w)
	}
	return w
}

// Handled takes handled incidents out of the engine (the condition, if it
// still holds, raises again only after it ended once).
func (e *Engine) Handled(tenant string, ids []int64) {
	e.mu.Lock()
	defer e.mu.Unlock()
	t := e.tenants[tenant]
	if t == nil {
		return
	}
	want := map[int64]bool{}
	for _, id := range ids {
		want[id] = true
	}
	for k, a := range t.open {
		if want[a.ID] {
			delete(t.open, k)
		}
	}
}

func (e *Engine) position(t *tenantState, st *tagState, now time.Time) Position {
	p := Position{TagID: st.conf.ID, Tag: st.conf.Code, PersonName: st.conf.PersonName, PersonType: st.conf.PersonType, X: st.x, Y: st.y,
		Floor: st.floor, Battery: st.battery, SOS: st.sos, TS: st.ts, Online: e.online(t, st, now)}
	if st.zone != nil {
		p.ZoneID, p.ZoneName = st.zone.ID, st.zone.Name
	}
	return p
}

// Positions are the latest positions of a tenant's tags that reported.
func (e *Engine) Positions(tenant string) []Position {
	now := e.Now()
	e.mu.Lock()
	defer e.mu.Unlock()
	t := e.tenants[tenant]
	if t == nil {
		return nil
	}
	out := make([]Position, 0, len(t.tags))
	for _, st := range t.tags {
		if st.has {
			out = append(out, e.position(t, st, now))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Tag < out[j].Tag })
	return out
}

// TagLive is the live position of some tags (by id; absent when never seen).
func (e *Engine) TagLive(tenant string, ids []int64) map[int64]Position {
	now := e.Now()
	e.mu.Lock()
	defer e.mu.Unlock()
	out := map[int64]Position{}
	t := e.tenants[tenant]
	if t == nil {
		return out
	}
	for _, id := range ids {
		if st := t.byID[id]; st != nil && st.has {
			out[id] = e.position(t, st, now)
		}
	}
	return out
}

// ZoneName is the name of a tenant's zone ("" when unknown).
func (e *Engine) ZoneName(tenant string, id int64) string {
	if id == 0 {
		return ""
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if t := e.tenants[tenant]; t != nil {
		if z := t.zoneByID[id]; z != nil {
			return z.Name
		}
	}
	return ""
}

// Headcounts are a tenant's live head counts.
func (e *Engine) Headcounts(tenant string) Headcounts {
	e.mu.Lock()
	defer e.mu.Unlock()
	t := e.tenants[tenant]
	if t == nil {
		return Headcounts{}
	}
	now := e.Now()
	return e.headcounts(t, e.counts(t, now), now)
}

func (e *Engine) headcounts(t *tenantState, counts map[int64]int32, now time.Time) Headcounts {
	var h Headcounts
	for _, z := range t.zones {
		h.Zones = append(h.Zones, Headcount{ZoneID: z.ID, ZoneName: z.Name, Kind: z.Kind, Count: counts[z.ID], Max: z.Max})
	}
	sort.Slice(h.Zones, func(i, j int) bool { return h.Zones[i].ZoneName < h.Zones[j].ZoneName })
	for _, st := range t.tags {
		h.Total++
		if e.online(t, st, now) {
			h.Online++
		}
	}
	h.Offline = h.Total - h.Online
	return h
}

// FrameEvery is how often moved tags and changed head counts go to the live
// streams: a fix reaches the screen within it (plus the network).
const FrameEvery = 250 * time.Millisecond

// Start runs the ticker: every FrameEvery the positions since the last frame
// and changed head counts go to the live streams, overcrowding of tags gone
// offline clears, and the pending track is stored; every hour old track
// rows are deleted.
func (e *Engine) Start() {
	go func() {
		defer close(e.done)
		tick := time.NewTicker(FrameEvery)
		defer tick.Stop()
		prune := time.NewTicker(time.Hour)
		defer prune.Stop()
		e.pruneTrack()
		for {
			select {
			case <-e.stop:
				e.flushTrack()
				return
			case <-tick.C:
				e.Tick()
				e.flushTrack()
			case <-prune.C:
				e.pruneTrack()
			}
		}
	}()
}

// Stop ends the ticker after storing the pending track.
func (e *Engine) Stop() {
	e.once.Do(func() { close(e.stop) })
	<-e.done
}

// Tick publishes each tenant's moved tags and changed head counts.
func (e *Engine) Tick() {
	now := e.Now()
	type out struct {
		tenant string
		pos    []Position
		heads  *Headcounts
		writes []AlarmWrite
	}
	var outs []out
	if e.Evaluating != nil && !e.Evaluating() {
		return
	}
	e.mu.Lock()
	for name, t := range e.tenants {
		o := out{tenant: name}
		for id := range t.dirty {
			if st := t.byID[id]; st != nil {
				o.pos = append(o.pos, e.position(t, st, now))
			}
		}
		clear(t.dirty)
		counts := e.counts(t, now)
		o.writes = e.crowdRules(t, name, counts, time.Time{}, now, nil)
		if now.Sub(t.lastGather) >= GatherEvery {
			t.lastGather = now
			o.writes = e.gatherRules(t, name, now, o.writes)
			o.writes = e.offlineRules(t, name, now, o.writes)
		}
		h := e.headcounts(t, counts, now)
		if sig := fmt.Sprint(h); sig != t.lastHeads {
			t.lastHeads = sig
			o.heads = &h
		}
		if len(o.pos) > 0 || o.heads != nil || len(o.writes) > 0 {
			outs = append(outs, o)
		}
	}
	e.wmu.Lock()
	e.mu.Unlock()
	defer e.wmu.Unlock()
	for _, o := range outs {
		e.write(context.Background(), o.tenant, o.writes)
		if len(o.pos) > 0 {
			e.Live.Publish(o.tenant, LiveEvent{Kind: "positions", Positions: o.pos})
		}
		if o.heads != nil {
			e.Live.Publish(o.tenant, LiveEvent{Kind: "headcount", Heads: o.heads})
		}
	}
}

func (e *Engine) flushTrack() {
	e.mu.Lock()
	rows := e.pending
	e.pending = nil
	e.mu.Unlock()
	if len(rows) == 0 || e.track == nil {
		return
	}
	if err := e.track.Store(ident.AsSystem(context.Background()), rows); err != nil {
		slog.Error("positioning: track rows not stored", "rows", len(rows), "err", err)
	}
}

func (e *Engine) pruneTrack() {
	if e.track == nil || e.Rules.Retention <= 0 {
		return
	}
	if n, err := e.track.Prune(ident.AsSystem(context.Background()), e.Now().Add(-e.Rules.Retention)); err != nil {
		slog.Error("positioning: old track rows not deleted", "err", err)
	} else if n > 0 {
		slog.Info("positioning: old track rows deleted", "rows", n)
	}
}
