package biz

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"slices"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// ErrNotOpen: the engine holds no open incident with that id.
var ErrNotOpen = errors.New("alarm not open")

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// PermitRef is what a permit hold needs of a work permit.
type PermitRef struct {
	No string
	// Open: issued (签发) and its work not finished; voided, revoked,
	// accepted and unissued permits are not open.
	Open    bool
	PlanEnd time.Time
}

// Permits reads a work permit as the caller sees it in n-work-ticket;
// found is false when the caller cannot see it (or it does not exist).
type Permits interface {
	Permit(ctx context.Context, id int64) (ref PermitRef, found bool, err error)
}

// Queries are the reads the generic stores cannot express.
type Queries interface {
	// TenantPoints are a tenant's points with their gateway codes (system
	// context: every tenant when tenant is "").
	TenantPoints(ctx context.Context, tenant string) ([]PointConf, error)
	// OpenAlarms are the incidents not NORMAL (every tenant).
	OpenAlarms(ctx context.Context) ([]Alarm, error)
	// GatewayByCode finds a gateway of a tenant (system context).
	GatewayByCode(ctx context.Context, tenant, code string) (*Gateway, error)
	// ActiveAlarms are the caller tenant's open incidents, newest first.
	ActiveAlarms(ctx context.Context, limit int) ([]Alarm, error)
	// AlarmsByIDs are the caller tenant's alarms among ids.
	AlarmsByIDs(ctx context.Context, ids []int64) ([]Alarm, error)
	// PointsByIDs are the caller tenant's points among ids.
	PointsByIDs(ctx context.Context, ids []int64) ([]Point, error)
	// SetSecret stores a gateway's secret hash.
	SetSecret(ctx context.Context, id int64, hash string) error
	// Rules are the caller tenant's alarm rule versions (of code, or all
	// when code is ""), newest first.
	Rules(ctx context.Context, code string) ([]Rule, error)
	// HoldsInForce are the caller tenant's holds in force at at among the
	// points (every point when pointIDs is nil).
	HoldsInForce(ctx context.Context, pointIDs []int64, at time.Time) ([]Hold, error)
	// EndHold ends a hold by hand at at, by the user.
	EndHold(ctx context.Context, id int64, at time.Time, by int64, byName string) error
	// AlarmFacts calls fn for each of the caller tenant's alarms raised in
	// [from, to) (one query, in raised order).
	AlarmFacts(ctx context.Context, from, to time.Time, fn func(AlarmFact)) error
	// FloodsBetween are the caller tenant's floods overlapping [from, to).
	FloodsBetween(ctx context.Context, from, to time.Time, limit int) ([]Flood, error)
	// StandingAlarms are the caller tenant's open, not suppressed incidents
	// raised before before (oldest first, at most limit) and their number.
	StandingAlarms(ctx context.Context, before time.Time, limit int) ([]Alarm, int64, error)
	// PointCount is the number of the caller tenant's points.
	PointCount(ctx context.Context) (int64, error)
	// OnlineSpans are the caller tenant's online spans overlapping [from,
	// to) of the points (every point when pointIDs is nil), at most limit.
	OnlineSpans(ctx context.Context, pointIDs []int64, from, to time.Time, limit int) ([]OnlineSpan, error)
}

// AlarmFact is what the analysis reads of an alarm.
type AlarmFact struct {
	PointID    int64
	PointCode  string
	PointName  string
	RaisedAt   time.Time
	Chattering bool
	Suppressed bool
}

// Monitor is monitor's use cases.
type Monitor struct {
	Gateways paging.Store[Gateway]
	Devices  paging.Store[Device]
	Points   paging.Store[Point]
	Alarms   paging.Store[Alarm]
	Rules    paging.Store[Rule]
	Holds    paging.Store[Hold]
	Q        Queries
	Tx       db.Transactor
	Events   Events
	Engine   *Engine
	// Permits reads the work permits of permit holds (n-work-ticket).
	Permits Permits
	// History reads point trends (the history store, which may be a
	// database of its own).
	History HistoryReader
	Now     func() time.Time

	authMu sync.Mutex
	// authOK remembers verified (gateway, stored secret hash, SHA-256 of the
	// secret presented) for AuthCacheFor: bcrypt on every HTTP batch or
	// reconnect of a flapping gateway is costly. Rotating the secret changes
	// the stored hash, so an old entry never matches again (and IssueSecret
	// empties the cache). At most AuthCacheMax entries.
	authOK map[string]time.Time
	// compare is bcrypt's check (a test counts it).
	compare func(hash, secret []byte) error
}

// Bounds of the verified-credentials cache.
const (
	AuthCacheFor = time.Minute
	AuthCacheMax = 10000
)

// ---- gateways ----

// SubmitGateway creates or updates a gateway; its code is unique in the tenant.
func (m *Monitor) SubmitGateway(ctx context.Context, g *Gateway) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	if err := ValidateGateway(g); err != nil {
		return err
	}
	taken, err := m.Gateways.Exists(ctx, g.ID, "code = ?", g.Code)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("网关编码 %s 已存在", g.Code)
	}
	if g.ID == 0 {
		if err := m.Gateways.Create(ctx, g); err != nil {
			return err
		}
	} else {
		old, err := m.Gateways.Get(ctx, g.ID)
		if err != nil {
			return err
		}
		g.SecretHash = old.SecretHash
		if err := m.Gateways.Update(ctx, g.ID, g, "code", "name", "remark"); err != nil {
			return err
		}
	}
	return m.reload(ctx)
}

// RemoveGateways deletes gateways that own no points.
func (m *Monitor) RemoveGateways(ctx context.Context, ids []int64) error {
	for _, id := range ids {
		used, err := m.Points.Exists(ctx, 0, "gateway_id = ?", id)
		if err != nil {
			return err
		}
		if used {
			g, _ := m.Gateways.Get(ctx, id)
			name := ""
			if g != nil {
				name = g.Name
			}
			return errs.Rule("IN_USE", "网关「%s」下还有监测点位,请先删除或迁移点位", name)
		}
	}
	return m.Gateways.Remove(ctx, ids)
}

// SecretLen is the length of an issued secret (base64 of 24 random bytes).
const SecretLen = 32

// IssueSecret makes a new random secret for a gateway and stores its hash;
// the old secret stops working at once. The secret is returned only here.
func (m *Monitor) IssueSecret(ctx context.Context, id int64) (*Gateway, string, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, "", err
	}
	g, err := m.Gateways.Get(ctx, id)
	if err != nil {
		return nil, "", err
	}
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return nil, "", err
	}
	secret := base64.RawURLEncoding.EncodeToString(b)
	hash, err := HashSecret(secret)
	if err != nil {
		return nil, "", err
	}
	if err := m.Q.SetSecret(ctx, g.ID, hash); err != nil {
		return nil, "", err
	}
	m.authMu.Lock()
	m.authOK = nil
	m.authMu.Unlock()
	return g, secret, nil
}

// HashSecret hashes a gateway secret (bcrypt).
func HashSecret(secret string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(secret), bcrypt.DefaultCost)
	return string(h), err
}

// Authenticate checks a gateway's MQTT credentials.
func (m *Monitor) Authenticate(ctx context.Context, tenant, code, secret string) bool {
	if tenant == "" || code == "" || secret == "" || len(secret) > 200 {
		return false
	}
	g, err := m.Q.GatewayByCode(ident.AsSystem(ctx), tenant, code)
	if err != nil || g == nil || g.SecretHash == "" {
		return false
	}
	sum := sha256.Sum256([]byte(secret))
	k := tenant + "|" + code + "|" + g.SecretHash + "|" + hex.EncodeToString(sum[:])
	now := m.Now()
	m.authMu.Lock()
	if t, ok := m.authOK[k]; ok && now.Sub(t) < AuthCacheFor && !now.Before(t) {
		m.authMu.Unlock()
		return true
	}
	m.authMu.Unlock()
	compare := m.compare
	if compare == nil {
		compare = bcrypt.CompareHashAndPassword
	}
	if compare([]byte(g.SecretHash), []byte(secret)) != nil {
		return false
	}
	m.authMu.Lock()
	if m.authOK == nil || len(m.authOK) >= AuthCacheMax {
		m.authOK = map[string]time.Time{}
	}
	m.authOK[k] = now
	m.authMu.Unlock()
	return true
}

// ---- devices ----

// SubmitDevice creates or updates a device; its code is unique in the tenant.
func (m *Monitor) SubmitDevice(ctx context.Context, d *Device) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	if err := ValidateDevice(d); err != nil {
		return err
	}
	taken, err := m.Devices.Exists(ctx, d.ID, "code = ?", d.Code)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("设备编码 %s 已存在", d.Code)
	}
	if d.ID == 0 {
		return m.Devices.Create(ctx, d)
	}
	if _, err := m.Devices.Get(ctx, d.ID); err != nil {
		return err
	}
	return m.Devices.Update(ctx, d.ID, d)
}

// RemoveDevices deletes devices no point refers to.
func (m *Monitor) RemoveDevices(ctx context.Context, ids []int64) error {
	for _, id := range ids {
		used, err := m.Points.Exists(ctx, 0, "device_id = ?", id)
		if err != nil {
			return err
		}
		if used {
			return errs.Rule("IN_USE", "设备下还有监测点位,请先删除或迁移点位")
		}
	}
	return m.Devices.Remove(ctx, ids)
}

// ---- points ----

// SubmitPoint validates a point (limits, GB/T 50493), its code's uniqueness
// within its gateway and its gateway and device (of the caller's tenant),
// saves it and hands the new configuration to the engine.
func (m *Monitor) SubmitPoint(ctx context.Context, p *Point) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	if err := ValidatePoint(p); err != nil {
		return err
	}
	if _, err := m.Gateways.Get(ctx, p.GatewayID); err != nil {
		return errs.NotFound("采集网关不存在")
	}
	if p.DeviceID != 0 {
		if _, err := m.Devices.Get(ctx, p.DeviceID); err != nil {
			return errs.NotFound("监测设备不存在")
		}
	}
	taken, err := m.Points.Exists(ctx, p.ID, "gateway_id = ? AND code = ?", p.GatewayID, p.Code)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("该网关下点位编码 %s 已存在", p.Code)
	}
	if p.ID == 0 {
		if err := m.Points.Create(ctx, p); err != nil {
			return err
		}
	} else {
		old, err := m.Points.Get(ctx, p.ID)
		if err != nil {
			return err
		}
		// The point, and what the edit makes of it, are the caller's to change.
		next := *old
		next.ResponsibleUserID = p.ResponsibleUserID
		if err := pointsInScope(ctx, []Point{*old, next}, "修改"); err != nil {
			return err
		}
		if err := m.Points.Update(ctx, p.ID, p); err != nil {
			return err
		}
	}
	return m.reload(ctx)
}

// RemovePoints deletes points in the caller's scope; their open alarms end
// with them.
func (m *Monitor) RemovePoints(ctx context.Context, ids []int64) error {
	points, err := m.Q.PointsByIDs(ctx, ids)
	if err != nil {
		return err
	}
	if err := pointsInScope(ctx, points, "删除"); err != nil {
		return err
	}
	if err := m.Points.Remove(ctx, ids); err != nil {
		return err
	}
	return m.reload(ctx)
}

func (m *Monitor) reload(ctx context.Context) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	points, err := m.Q.TenantPoints(ident.ForTenant(context.WithoutCancel(ctx), id.TenantID), id.TenantID)
	if err != nil {
		return err
	}
	m.Engine.Reload(id.TenantID, points)
	return nil
}

// Names are the gateway codes and device names of the caller's tenant, by id.
type Names struct{ Gateways, Devices map[int64]string }

// MaxNamed bounds the gateways and devices named in a point list.
const MaxNamed = 5000

// PointPage is the paged list with each point's live value and alarm, and
// the codes and names of their gateways and devices.
func (m *Monitor) PointPage(ctx context.Context, q paging.Query) (*paging.Page[Point], map[int64]LiveState, Names, error) {
	p, err := m.Points.Page(ctx, q)
	if err != nil {
		return nil, nil, Names{}, err
	}
	n, err := m.names(ctx)
	if err != nil {
		return nil, nil, n, err
	}
	ids := make([]int64, len(p.Records))
	for i := range p.Records {
		ids[i] = p.Records[i].ID
	}
	return p, m.Engine.Snapshot(ctx, ids), n, nil
}

// ---- alarms ----

// MaxActive bounds the active list.
const MaxActive = 10000

// Object-level rules of monitor. The buttons (monitor_*_add/edit/delete,
// monitor_gateway_secret, monitor_alarm_ack) say who may act at all; a row
// of another tenant is never found (kit's tenant scope).
//
//	entity      update / remove / acknowledge
//	采集网关     tenant-wide instrumentation configuration: holders of the button
//	监测设备     the same
//	监测点位     the point's responsible person, or a caller whose data scope holds
//	            its creator (administrators: all); an edit may not hand the point to
//	            someone outside that scope
//	报警记录     acknowledged by the same people as its point

// pointsInScope refuses when a point lies outside the caller's scope.
func pointsInScope(ctx context.Context, points []Point, verb string) error {
	id := ident.From(ctx)
	for i := range points {
		if id == nil || !PointInScope(id, &points[i]) {
			return errs.Forbidden("监测点位「%s」不在您的数据权限范围内,不能%s", points[i].Name, verb)
		}
	}
	return nil
}

// PointInScope: a point is the caller's to change or acknowledge when the
// caller is its responsible person or the caller's data scope holds the
// point's creator.
func PointInScope(id *ident.Identity, p *Point) bool {
	if p.ResponsibleUserID != 0 && p.ResponsibleUserID == id.UserID {
		return true
	}
	return id.InScope(p.CreateDept, p.CreateUser, p.ResponsibleUserID)
}

// pointsByID loads the caller tenant's points among ids (repeats allowed),
// keyed by id; a point that is gone has no key.
func (m *Monitor) pointsByID(ctx context.Context, ids []int64) (map[int64]*Point, error) {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	points, err := m.Q.PointsByIDs(ctx, slices.Compact(ids))
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]*Point, len(points))
	for i := range points {
		byID[points[i].ID] = &points[i]
	}
	return byID, nil
}

// AckAlarms acknowledges open alarms as the caller (the name comes from the
// token). Every alarm must be open and its point in the caller's scope.
func (m *Monitor) AckAlarms(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	alarms, _, err := m.alarmsToHandle(ctx, ids, "确认")
	if err != nil {
		return err
	}
	name := id.DisplayName()
	for i := range alarms {
		if alarms[i].State == "NORMAL" {
			continue // already over: nothing to acknowledge
		}
		err := m.Engine.Ack(ctx, id.TenantID, alarms[i].ID, id.UserID, name, m.Now())
		if errors.Is(err, ErrNotOpen) {
			return errs.Rule("ALARM_OVER", "报警「%s」已结束,无需确认", alarms[i].PointCode)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
