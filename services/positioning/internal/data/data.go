// Package data implements positioning's persistence with gorm: the generic
// repositories of kit/crud, the queries they cannot express, the alarm sink
// (incident rows and their outbox events in one transaction) and the
// batched track table.
package data

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
	"anquan/positioning/internal/biz"
)

var tagSpec = crud.Spec{Name: "定位卡", Filters: paging.Fields{"code": "code", "personName": "person_name", "personType": "person_type", "userId": "user_id"},
	Sorts: paging.Fields{"code": "code", "personName": "person_name", "createTime": "create_time"}, Order: "code asc, id asc",
	ScopeDept: "create_dept", ScopeUser: "create_user"}

var anchorSpec = crud.Spec{Name: "定位基站", Filters: paging.Fields{"code": "code", "name": "name", "floor": "floor"},
	Sorts: paging.Fields{"code": "code", "name": "name"}, Order: "code asc, id asc"}

var zoneSpec = crud.Spec{Name: "区域", Filters: paging.Fields{"name": "name", "kind": "kind", "floor": "floor"},
	Sorts: paging.Fields{"name": "name", "kind": "kind", "createTime": "create_time"}, Order: "name asc, id asc"}

var alarmSpec = crud.Spec{Name: "定位报警",
	Filters: paging.Fields{"id": "id", "alarmType": "alarm_type", "state": "state", "tagId": "tag_id", "tag": "tag", "personName": "person_name",
		"zoneId": "zone_id", "raisedAt": "raised_at", "level": "level"},
	Sorts: paging.Fields{"raisedAt": "raised_at", "alarmType": "alarm_type", "level": "level"},
	Order: "raised_at desc, id desc",
	// Alarm history grows without end: deep pages read ids from the index.
	DeferredPage: true}

var ruleSpec = crud.Spec{Name: "定位规则", Order: "code asc, version desc"}

// NewRules is the rule versions' repository.
func NewRules(g *gorm.DB) *crud.Repo[biz.Rule] { return crud.New[biz.Rule](g, ruleSpec) }

// NewTags, NewAnchors, NewZones and NewAlarms are the generic repositories.
func NewTags(g *gorm.DB) *crud.Repo[biz.Tag]       { return crud.New[biz.Tag](g, tagSpec) }
func NewAnchors(g *gorm.DB) *crud.Repo[biz.Anchor] { return crud.New[biz.Anchor](g, anchorSpec) }
func NewZones(g *gorm.DB) *crud.Repo[biz.Zone]     { return crud.New[biz.Zone](g, zoneSpec) }
func NewAlarms(g *gorm.DB) *crud.Repo[biz.Alarm]   { return crud.New[biz.Alarm](g, alarmSpec) }

var indexes = []db.Index{
	{Name: "idx_pos_tag_code", Table: "positioning_tag", Columns: "tenant_id, code"},
	{Name: "idx_pos_tag_person", Table: "positioning_tag", Columns: "tenant_id, person_name"},
	{Name: "idx_pos_tag_type", Table: "positioning_tag", Columns: "tenant_id, person_type"},
	{Name: "idx_pos_tag_user", Table: "positioning_tag", Columns: "tenant_id, user_id"},
	{Name: "idx_pos_anchor_code", Table: "positioning_anchor", Columns: "tenant_id, code"},
	{Name: "idx_pos_anchor_name", Table: "positioning_anchor", Columns: "tenant_id, name"},
	{Name: "idx_pos_anchor_floor", Table: "positioning_anchor", Columns: "tenant_id, floor"},
	{Name: "idx_pos_zone_name", Table: "positioning_zone", Columns: "tenant_id, name"},
	{Name: "idx_pos_zone_kind", Table: "positioning_zone", Columns: "tenant_id, kind"},
	{Name: "idx_pos_zone_floor", Table: "positioning_zone", Columns: "tenant_id, floor"},
	{Name: "idx_pos_alarm_raised", Table: "positioning_alarm", Columns: "tenant_id, raised_at"},
	{Name: "idx_pos_alarm_state", Table: "positioning_alarm", Columns: "tenant_id, state, raised_at"},
	{Name: "idx_pos_alarm_type", Table: "positioning_alarm", Columns: "tenant_id, alarm_type, raised_at"},
	{Name: "idx_pos_alarm_tag", Table: "positioning_alarm", Columns: "tenant_id, tag_id, raised_at"},
	{Name: "idx_pos_alarm_tagcode", Table: "positioning_alarm", Columns: "tenant_id, tag"},
	{Name: "idx_pos_alarm_person", Table: "positioning_alarm", Columns: "tenant_id, person_name"},
	{Name: "idx_pos_alarm_zone", Table: "positioning_alarm", Columns: "tenant_id, zone_id, raised_at"},
	{Name: "idx_pos_alarm_level", Table: "positioning_alarm", Columns: "tenant_id, level"},
	{Name: "idx_pos_track_tag", Table: "positioning_track", Columns: "tenant_id, tag_id, ts"},
	{Name: "idx_pos_track_ts", Table: "positioning_track", Columns: "ts"},
	{Name: "idx_pos_rule_code", Table: "positioning_rule", Columns: "tenant_id, code, version"},
}

// Migrate creates or updates the tables and their indexes.
func Migrate(g *gorm.DB) error {
	g = g.WithContext(ident.AsSystem(context.Background()))
	if err := g.AutoMigrate(biz.Models()...); err != nil {
		return err
	}
	if err := outbox.Migrate(g); err != nil {
		return err
	}
	return db.EnsureIndexes(g, indexes)
}

// Queries implements biz.Queries.
type Queries struct{ G *gorm.DB }

func (q Queries) Config(ctx context.Context, tenant string) (map[string][]biz.TagConf, map[string][]biz.ZoneConf, error) {
	sys := ident.AsSystem(ctx)
	var tags []biz.Tag
	tx := db.Conn(sys, q.G).Where("is_deleted = 0")
	if tenant != "" {
		tx = tx.Where("tenant_id = ?", tenant)
	}
	if err := tx.Find(&tags).Error; err != nil {
		return nil, nil, err
	}
	var zones []biz.Zone
	ztx := db.Conn(sys, q.G).Where("is_deleted = 0")
	if tenant != "" {
		ztx = ztx.Where("tenant_id = ?", tenant)
	}
	if err := ztx.Find(&zones).Error; err != nil {
		return nil, nil, err
	}
	tc, zc := map[string][]biz.TagConf{}, map[string][]biz.ZoneConf{}
	if tenant != "" {
		tc[tenant], zc[tenant] = []biz.TagConf{}, []biz.ZoneConf{}
	}
	for _, t := range tags {
		tc[t.TenantID] = append(tc[t.TenantID], biz.TagConf{ID: t.ID, Code: t.Code, PersonName: t.PersonName, PersonType: t.PersonType,
			PostZone: t.PostZoneID, UserID: t.UserID, CreateDept: t.CreateDept, CreateUser: t.CreateUser})
	}
	for _, z := range zones {
		allowed := map[int64]bool{}
		for _, id := range biz.ParseIDs(z.AllowedTags) {
			allowed[id] = true
		}
		zc[z.TenantID] = append(zc[z.TenantID], biz.ZoneConf{ID: z.ID, Name: z.Name, Kind: z.Kind, Floor: z.Floor, Max: z.MaxHeadcount,
			Poly: biz.DecodePolygon(z.Polygon), Allowed: allowed,
			Window: biz.ParseWindow(z.AllowWeekdays, z.AllowFrom, z.AllowTo), AreaID: z.AreaID, Responsible: z.ResponsibleUserID, CreateDept: z.CreateDept, CreateUser: z.CreateUser})
		if _, ok := tc[z.TenantID]; !ok {
			tc[z.TenantID] = []biz.TagConf{}
		}
	}
	return tc, zc, nil
}

func (q Queries) OpenAlarms(ctx context.Context) ([]biz.Alarm, error) {
	var out []biz.Alarm
	return out, db.Conn(ident.AsSystem(ctx), q.G).Where("state = ? AND is_deleted = 0", biz.StateAlarming).Find(&out).Error
}

func (q Queries) AlarmsByIDs(ctx context.Context, ids []int64) ([]biz.Alarm, error) {
	var out []biz.Alarm
	return out, db.Conn(ctx, q.G).Where("id IN ?", ids).Find(&out).Error
}

var errRaced = errors.New("alarm handled meanwhile")

func (q Queries) Handle(ctx context.Context, ids []int64, state int32, by int64, byName, comment string, at time.Time) (int64, error) {
	var n int64
	err := db.Tx(ctx, q.G, func(ctx context.Context) error {
		res := db.Conn(ctx, q.G).Model(&biz.Alarm{}).Where("id IN ? AND state = ?", ids, biz.StateAlarming).Updates(map[string]any{
			"state": state, "handled_at": at, "handled_by": by, "handled_by_name": byName, "comment": comment})
		if res.Error != nil {
			return res.Error
		}
		n = res.RowsAffected
		if n != int64(len(ids)) {
			return errRaced // all or none
		}
		return nil
	})
	if errors.Is(err, errRaced) {
		return n, nil
	}
	return n, err
}

func (q Queries) Track(ctx context.Context, tagID int64, from, to time.Time, limit int) ([]biz.TrackPoint, error) {
	id := ident.From(ctx)
	if id == nil {
		return nil, errors.New("track: no caller")
	}
	// Track rows are written in UTC (Track.Store): SQLite compares times as text.
	var out []biz.TrackPoint
	return out, db.Conn(ident.AsSystem(ctx), q.G).Where("tenant_id = ? AND tag_id = ? AND ts >= ? AND ts <= ?", id.TenantID, tagID, from.UTC(), to.UTC()).
		Order("ts asc").Limit(limit).Find(&out).Error
}

func (q Queries) Rules(ctx context.Context, code string) ([]biz.Rule, error) {
	var out []biz.Rule
	tx := db.Conn(ctx, q.G).Where("is_deleted = 0")
	if code != "" {
		tx = tx.Where("code = ?", code)
	}
	return out, tx.Order("code asc, version desc").Limit(10000).Find(&out).Error
}

// AllRules are every tenant's rule versions (system context, at start).
func (q Queries) AllRules(ctx context.Context) ([]biz.Rule, error) {
	var out []biz.Rule
	return out, db.Conn(ident.AsSystem(ctx), q.G).Where("is_deleted = 0").Find(&out).Error
}

// Alarms implements biz.AlarmSink: the incident row and, for a raised
// alarm, the event other services may turn into messages, in one
// transaction.
type Alarms struct {
	G      *gorm.DB
	Events interface {
		Add(ctx context.Context, subject, tenantID string, data any) error
	}
}

// SubjectRaised is the subject of a raised alarm's event.
const SubjectRaised = "positioning.alarm.raised"

func (s Alarms) Write(ctx context.Context, w biz.AlarmWrite) error {
	ctx = ident.ForTenant(ctx, w.Alarm.TenantID)
	return db.Tx(ctx, s.G, func(ctx context.Context) error {
		a := w.Alarm
		if !w.New {
			return db.Conn(ctx, s.G).Model(&biz.Alarm{}).Where("id = ? AND state = ?", a.ID, biz.StateAlarming).Updates(map[string]any{
				"cleared_at": a.ClearedAt, "repeats": a.Repeats}).Error
		}
		if err := db.Conn(ctx, s.G).Create(&a).Error; err != nil {
			return err
		}
		data := map[string]any{"alarmId": a.ID, "alarmType": a.AlarmType, "alarmTypeName": biz.AlarmTypes[a.AlarmType], "level": a.Level,
			"tag": a.Tag, "personName": a.PersonName, "zoneId": a.ZoneID, "zoneName": a.ZoneName, "detail": a.Detail,
			"raisedAt": a.RaisedAt.Format("2006-01-02 15:04:05")}
		if a.ResponsibleUserID != 0 {
			data["responsibleUserId"] = a.ResponsibleUserID
		}
		// Where the alarm leaves the system: the park platform's code, for
		// an uploader to the park (0 = the park has none; not reported).
		data["parkCode"] = biz.ParkCode(a.AlarmType)
		return s.Events.Add(ctx, SubjectRaised, a.TenantID, data)
	})
}

// Track implements biz.TrackSink: one multi-row insert per batch.
type Track struct{ G *gorm.DB }

func (t Track) Store(ctx context.Context, rows []biz.TrackPoint) error {
	for i := range rows {
		rows[i].TS = rows[i].TS.UTC()
	}
	return db.Conn(ident.AsSystem(ctx), t.G).CreateInBatches(rows, 500).Error
}

func (t Track) Prune(ctx context.Context, before time.Time) (int64, error) {
	res := db.Conn(ident.AsSystem(ctx), t.G).Where("ts < ?", before.UTC()).Delete(&biz.TrackPoint{})
	return res.RowsAffected, res.Error
}
