package biz

import (
	"context"
	"strconv"
	"strings"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/ruletable"
)

// Queries are the reads the generic stores cannot express.
type Queries interface {
	// Config is a tenant's tags and zones (every tenant's when tenant is
	// "", system context), keyed by tenant.
	Config(ctx context.Context, tenant string) (map[string][]TagConf, map[string][]ZoneConf, error)
	// OpenAlarms are the alarming incidents of every tenant.
	OpenAlarms(ctx context.Context) ([]Alarm, error)
	// AlarmsByIDs are the caller tenant's alarms among ids.
	AlarmsByIDs(ctx context.Context, ids []int64) ([]Alarm, error)
	// Handle marks the caller tenant's alarming incidents handled.
	Handle(ctx context.Context, ids []int64, state int32, by int64, byName, comment string, at time.Time) (int64, error)
	// Track is a tag's stored track in [from, to], oldest first, at most limit.
	Track(ctx context.Context, tagID int64, from, to time.Time, limit int) ([]TrackPoint, error)
	// Rules are the caller tenant's rule versions (of code; "" every code), newest first.
	Rules(ctx context.Context, code string) ([]Rule, error)
}

// Positioning is positioning's use cases.
type Positioning struct {
	Tags    paging.Store[Tag]
	Anchors paging.Store[Anchor]
	Zones   paging.Store[Zone]
	Alarms  paging.Store[Alarm]
	Rules   paging.Store[Rule]
	Q       Queries
	Tx      db.Transactor
	Engine  *Engine
	Now     func() time.Time
	// Changed, when set, tells every replica that a tenant's tags, zones or rules changed
	// here; each one (this one too) then reloads them from the database (ReloadTenant).
	// Without it a change would reach only the replica that made it.
	Changed func(tenant string)
}

// Object-level rules of positioning. The buttons (positioning_*_add/edit/
// delete, positioning_alarm_handle, personnel_positioning_ingest) say who
// may act at all; a row of another tenant is never found (kit's tenant
// scope).
//
//	entity    update / remove / handle
//	定位卡     a caller whose data scope holds its creator (administrators: all)
//	基站       tenant-wide positioning configuration: holders of the button
//	区域       the zone's responsible person, or a caller whose data scope holds
//	          its creator; an edit may not hand the zone to someone outside it
//	报警       the responsible person of its zone, or a caller whose data scope
//	          holds the zone's (or, for a person's alarm, the tag's) creator

func inScope(id *ident.Identity, dept, user, responsible int64) bool {
	if responsible != 0 && responsible == id.UserID {
		return true
	}
	return id.InScope(dept, user, responsible)
}

// ---- tags ----

// SubmitTag creates or updates a tag; its code is unique in the tenant.
func (p *Positioning) SubmitTag(ctx context.Context, t *Tag) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if err := ValidateTag(t); err != nil {
		return err
	}
	taken, err := p.Tags.Exists(ctx, t.ID, "code = ?", t.Code)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("定位卡号 %s 已存在", t.Code)
	}
	if t.PostZoneID != 0 {
		if ok, err := p.Zones.Exists(ctx, 0, "id = ?", t.PostZoneID); err != nil {
			return err
		} else if !ok {
			return errs.BadRequest("岗位区域不存在,请重新选择")
		}
	}
	if t.UserID != 0 {
		bound, err := p.Tags.Exists(ctx, t.ID, "user_id = ?", t.UserID)
		if err != nil {
			return err
		}
		if bound {
			return errs.Duplicate("该用户已绑定其他定位卡,请先解绑")
		}
	}
	if t.ID == 0 {
		if err := p.Tags.Create(ctx, t); err != nil {
			return err
		}
	} else {
		old, err := p.Tags.Get(ctx, t.ID)
		if err != nil {
			return err
		}
		if !inScope(id, old.CreateDept, old.CreateUser, 0) {
			return errs.Forbidden("定位卡「%s」不在您的数据权限范围内,不能修改", old.Code)
		}
		if err := p.Tags.Update(ctx, t.ID, t, "code", "person_name", "person_type", "user_id", "dept_name", "phone", "remark", "post_zone_id"); err != nil {
			return err
		}
	}
	return p.reload(ctx)
}

// RemoveTags deletes tags in the caller's scope.
func (p *Positioning) RemoveTags(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	for _, tid := range ids {
		t, err := p.Tags.Get(ctx, tid)
		if err != nil {
			return err
		}
		if !inScope(id, t.CreateDept, t.CreateUser, 0) {
			return errs.Forbidden("定位卡「%s」不在您的数据权限范围内,不能删除", t.Code)
		}
	}
	if err := p.Tags.Remove(ctx, ids); err != nil {
		return err
	}
	return p.reload(ctx)
}

// ---- anchors ----

// SubmitAnchor creates or updates an anchor; its code is unique in the tenant.
func (p *Positioning) SubmitAnchor(ctx context.Context, a *Anchor) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	if err := ValidateAnchor(a); err != nil {
		return err
	}
	taken, err := p.Anchors.Exists(ctx, a.ID, "code = ?", a.Code)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("基站编号 %s 已存在", a.Code)
	}
	if a.ID == 0 {
		return p.Anchors.Create(ctx, a)
	}
	if _, err := p.Anchors.Get(ctx, a.ID); err != nil {
		return err
	}
	return p.Anchors.Update(ctx, a.ID, a, "code", "name", "x", "y", "floor", "remark")
}

// ---- zones ----

// ParseIDs reads a stored comma list of ids.
func ParseIDs(s string) []int64 {
	var out []int64
	for _, f := range strings.Split(s, ",") {
		if v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64); err == nil && v > 0 {
			out = append(out, v)
		}
	}
	return out
}

// ZoneWindow is a zone's time window as submitted.
type ZoneWindow struct {
	Weekdays []int32
	From, To string
}

// SubmitZone validates a zone (polygon, kind, capacity, allowed tags of the
// caller's tenant), saves it and hands the new configuration to the engine.
func (p *Positioning) SubmitZone(ctx context.Context, z *Zone, pg Polygon, allowed []int64, w ZoneWindow) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if err := ValidateZone(z, pg, allowed); err != nil {
		return err
	}
	if err := ValidateWindow(z, w.Weekdays, w.From, w.To); err != nil {
		return err
	}
	seen := map[int64]bool{}
	var ids []string
	for _, tid := range allowed {
		if seen[tid] {
			continue
		}
		seen[tid] = true
		if _, err := p.Tags.Get(ctx, tid); err != nil {
			return errs.NotFound("允许进入的定位卡不存在")
		}
		ids = append(ids, strconv.FormatInt(tid, 10))
	}
	z.Polygon, z.AllowedTags = EncodePolygon(pg), strings.Join(ids, ",")
	taken, err := p.Zones.Exists(ctx, z.ID, "name = ?", z.Name)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("区域名称 %s 已存在", z.Name)
	}
	if z.ID == 0 {
		if err := p.Zones.Create(ctx, z); err != nil {
			return err
		}
	} else {
		old, err := p.Zones.Get(ctx, z.ID)
		if err != nil {
			return err
		}
		if !inScope(id, old.CreateDept, old.CreateUser, old.ResponsibleUserID) || !inScope(id, old.CreateDept, old.CreateUser, z.ResponsibleUserID) {
			return errs.Forbidden("区域「%s」不在您的数据权限范围内,不能修改", old.Name)
		}
		if err := p.Zones.Update(ctx, z.ID, z, "name", "kind", "floor", "polygon", "max_headcount", "allowed_tags", "responsible_user_id", "remark",
			"allow_weekdays", "allow_from", "allow_to", "area_id", "area_name"); err != nil {
			return err
		}
	}
	return p.reload(ctx)
}

// RemoveZones deletes zones in the caller's scope.
func (p *Positioning) RemoveZones(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	for _, zid := range ids {
		z, err := p.Zones.Get(ctx, zid)
		if err != nil {
			return err
		}
		if !inScope(id, z.CreateDept, z.CreateUser, z.ResponsibleUserID) {
			return errs.Forbidden("区域「%s」不在您的数据权限范围内,不能删除", z.Name)
		}
	}
	if err := p.Zones.Remove(ctx, ids); err != nil {
		return err
	}
	return p.reload(ctx)
}

func (p *Positioning) reload(ctx context.Context) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	tags, zones, err := p.Q.Config(ident.AsSystem(context.WithoutCancel(ctx)), id.TenantID)
	if err != nil {
		return err
	}
	p.Engine.Load(id.TenantID, tags[id.TenantID], zones[id.TenantID])
	p.changed(id.TenantID)
	return nil
}

func (p *Positioning) changed(tenant string) {
	if p.Changed != nil {
		p.Changed(tenant)
	}
}

// ReloadTenant reads a tenant's tags, zones and rules in force from the database into the
// engine: a replica changed them (Changed). Open alarms and positions stay as they are.
func (p *Positioning) ReloadTenant(ctx context.Context, tenant string) error {
	sys := ident.AsSystem(ctx)
	tags, zones, err := p.Q.Config(sys, tenant)
	if err != nil {
		return err
	}
	rows, err := p.Q.Rules(ident.ForTenant(sys, tenant), "")
	if err != nil {
		return err
	}
	p.Engine.Load(tenant, tags[tenant], zones[tenant])
	p.Engine.SetRules(tenant, RulesOf(ruletable.InForce[int32](rows)))
	return nil
}

// ---- positions ----

// Ingest takes a batch of the caller tenant's fixes.
func (p *Positioning) Ingest(ctx context.Context, fixes []Fix) (int, int, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return 0, 0, err
	}
	a, d := p.Engine.Ingest(ctx, id.TenantID, fixes)
	return a, d, nil
}

// Positions are the caller tenant's latest positions.
func (p *Positioning) Positions(ctx context.Context) ([]Position, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	return p.Engine.Positions(id.TenantID), nil
}

// Headcounts are the caller tenant's head counts.
func (p *Positioning) Headcounts(ctx context.Context) (Headcounts, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return Headcounts{}, err
	}
	return p.Engine.Headcounts(id.TenantID), nil
}

// Bounds of a track query.
const (
	MaxTrackSpan   = 24 * time.Hour
	MaxTrackPoints = 20000
)

// Track is a tag's stored track over at most 24 hours.
func (p *Positioning) Track(ctx context.Context, tagID int64, from, to time.Time) ([]TrackPoint, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	if !to.After(from) {
		return nil, errs.BadRequest("结束时间应晚于开始时间")
	}
	if to.Sub(from) > MaxTrackSpan {
		return nil, errs.BadRequest("轨迹回放的时间范围不能超过 24 小时")
	}
	if _, err := p.Tags.Get(ctx, tagID); err != nil {
		return nil, err
	}
	return p.Q.Track(ctx, tagID, from, to, MaxTrackPoints)
}

// ---- alarms ----

// HandleAlarms closes alarming incidents as the caller (the name comes from
// the token): state 2 handled or 3 false alarm; a false alarm needs a
// comment. Every alarm must be alarming and in the caller's scope.
func (p *Positioning) HandleAlarms(ctx context.Context, ids []int64, state int32, comment string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	comment = strings.TrimSpace(comment)
	switch {
	case state != StateHandled && state != StateFalse:
		return errs.BadRequest("处理结果只能是已处理或误报")
	case state == StateFalse && comment == "":
		return errs.BadRequest("标记误报时请填写说明")
	case tooLong(comment, 500):
		return errs.BadRequest("处理说明不能超过 500 个字")
	case len(ids) > 200:
		return errs.BadRequest("一次最多处理 200 条报警")
	}
	alarms, err := p.Q.AlarmsByIDs(ctx, ids)
	if err != nil {
		return err
	}
	if len(alarms) != len(ids) {
		return errs.NotFound("报警记录不存在")
	}
	for i := range alarms {
		a := &alarms[i]
		if a.State != StateAlarming {
			return errs.Rule("ALARM_HANDLED", "报警「%s」已处理,不能重复处理", AlarmTypes[a.AlarmType])
		}
		if !inScope(id, a.ScopeDept, a.ScopeUser, a.ResponsibleUserID) {
			return errs.Forbidden("报警「%s」不在您的数据权限范围内,不能处理", AlarmTypes[a.AlarmType])
		}
	}
	name := id.DisplayName()
	n, err := p.Q.Handle(ctx, ids, state, id.UserID, name, comment, p.Now())
	if err != nil {
		return err
	}
	if n != int64(len(ids)) {
		return errs.Rule("ALARM_HANDLED", "报警已被他人处理,请刷新后重试")
	}
	p.Engine.Handled(id.TenantID, ids)
	return nil
}
