// Package data implements monitor's persistence with gorm: the generic
// repositories of kit/crud, the queries they cannot express, the alarm sink
// (incident rows and their outbox events in one transaction) and the batched
// history table.
package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/kit/conf"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/migrate"
	"anquan/kit/outbox"
	"anquan/kit/paging"
	"anquan/monitor/internal/biz"
	"anquan/monitor/internal/biz/alarm"
)

var gatewaySpec = crud.Spec{Name: "采集网关", Filters: paging.Fields{"code": "code", "name": "name"}, Order: "code asc, id asc",
	Sorts: paging.Fields{"code": "code", "name": "name", "createTime": "create_time"}}

var deviceSpec = crud.Spec{Name: "监测设备", Filters: paging.Fields{"code": "code", "name": "name", "deviceType": "device_type", "areaId": "area_id"},
	Order: "code asc, id asc"}

var pointSpec = crud.Spec{Name: "监测点位",
	Filters: paging.Fields{"code": "code", "name": "name", "gatewayId": "gateway_id", "deviceId": "device_id", "areaId": "area_id",
		"indicatorType": "indicator_type", "gasType": "gas_type"},
	Order: "code asc, id asc", ScopeDept: "create_dept", ScopeUser: "create_user"}

var alarmSpec = crud.Spec{Name: "报警记录",
	Filters: paging.Fields{"id": "id", "pointCode": "point_code", "pointName": "point_name", "pointId": "point_id", "level": "level", "state": "state",
		"raisedAt": "raised_at"},
	Sorts: paging.Fields{"raisedAt": "raised_at", "pointCode": "point_code", "level": "level"},
	Order: "raised_at desc, id desc",
	// Alarm history grows without end: deep pages read ids from the index.
	DeferredPage: true}

var ruleSpec = crud.Spec{Name: "报警规则", Order: "code asc, version desc"}

var holdSpec = crud.Spec{Name: "点位停用",
	Filters: paging.Fields{"pointCode": "point_code", "pointName": "point_name", "pointId": "point_id", "kind": "kind", "permitId": "permit_id"},
	Sorts:   paging.Fields{"startAt": "start_at", "until": "until"},
	Order:   "start_at desc, id desc"}

// NewRules and NewHolds are the rule versions' and holds' repositories.
func NewRules(g *gorm.DB) *crud.Repo[biz.Rule] { return crud.New[biz.Rule](g, ruleSpec) }
func NewHolds(g *gorm.DB) *crud.Repo[biz.Hold] { return crud.New[biz.Hold](g, holdSpec) }

// NewGateways, NewDevices, NewPoints and NewAlarms are the generic repositories.
func NewGateways(g *gorm.DB) *crud.Repo[biz.Gateway] { return crud.New[biz.Gateway](g, gatewaySpec) }
func NewDevices(g *gorm.DB) *crud.Repo[biz.Device]   { return crud.New[biz.Device](g, deviceSpec) }
func NewPoints(g *gorm.DB) *crud.Repo[biz.Point]     { return crud.New[biz.Point](g, pointSpec) }
func NewAlarms(g *gorm.DB) *crud.Repo[biz.Alarm]     { return crud.New[biz.Alarm](g, alarmSpec) }

var indexes = []db.Index{
	{Name: "idx_mon_gateway_code", Table: "monitor_gateway", Columns: "tenant_id, code"},
	{Name: "idx_mon_gateway_name", Table: "monitor_gateway", Columns: "tenant_id, name"},
	{Name: "idx_mon_device_code", Table: "monitor_device", Columns: "tenant_id, code"},
	{Name: "idx_mon_device_name", Table: "monitor_device", Columns: "tenant_id, name"},
	{Name: "idx_mon_device_type", Table: "monitor_device", Columns: "tenant_id, device_type"},
	{Name: "idx_mon_device_area", Table: "monitor_device", Columns: "tenant_id, area_id"},
	{Name: "idx_mon_point_code", Table: "monitor_point", Columns: "tenant_id, code"},
	{Name: "idx_mon_point_name", Table: "monitor_point", Columns: "tenant_id, name"},
	{Name: "idx_mon_point_gateway", Table: "monitor_point", Columns: "tenant_id, gateway_id, code"},
	{Name: "idx_mon_point_device", Table: "monitor_point", Columns: "tenant_id, device_id"},
	{Name: "idx_mon_point_area", Table: "monitor_point", Columns: "tenant_id, area_id"},
	{Name: "idx_mon_point_type", Table: "monitor_point", Columns: "tenant_id, indicator_type"},
	{Name: "idx_mon_point_gas", Table: "monitor_point", Columns: "tenant_id, gas_type"},
	{Name: "idx_mon_alarm_raised", Table: "monitor_alarm", Columns: "tenant_id, raised_at"},
	{Name: "idx_mon_alarm_state", Table: "monitor_alarm", Columns: "tenant_id, state, raised_at"},
	{Name: "idx_mon_alarm_point", Table: "monitor_alarm", Columns: "tenant_id, point_id, raised_at"},
	{Name: "idx_mon_alarm_code", Table: "monitor_alarm", Columns: "tenant_id, point_code"},
	{Name: "idx_mon_alarm_level", Table: "monitor_alarm", Columns: "tenant_id, level"},
	{Name: "idx_mon_alarm_name", Table: "monitor_alarm", Columns: "tenant_id, point_name"},
	{Name: "idx_mon_history_point", Table: "monitor_history", Columns: "tenant_id, point_id, ts"},
	{Name: "idx_mon_rule_code", Table: "monitor_rule", Columns: "tenant_id, code, version"},
	{Name: "idx_mon_hold_point", Table: "monitor_hold", Columns: "tenant_id, point_id, until"},
	{Name: "idx_mon_hold_until", Table: "monitor_hold", Columns: "tenant_id, until"},
	{Name: "idx_mon_hold_start", Table: "monitor_hold", Columns: "tenant_id, start_at"},
	{Name: "idx_mon_hold_code", Table: "monitor_hold", Columns: "tenant_id, point_code"},
	{Name: "idx_mon_hold_permit", Table: "monitor_hold", Columns: "tenant_id, permit_id"},
	{Name: "idx_mon_flood_start", Table: "monitor_flood", Columns: "tenant_id, start_at"},
	{Name: "idx_mon_flood_end", Table: "monitor_flood", Columns: "tenant_id, end_at"},
	// A day's spans are those ending after it starts (or still open).
	{Name: "idx_mon_online_end", Table: "monitor_online_span", Columns: "tenant_id, end_at"},
	{Name: "idx_mon_online_point", Table: "monitor_online_span", Columns: "tenant_id, point_id, start_at"},
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

// MigrateHistory creates the history table in a database of its own (the
// embedded SQLite shape, see HistoryDB).
func MigrateHistory(g *gorm.DB) error {
	g = g.WithContext(ident.AsSystem(context.Background()))
	if err := g.AutoMigrate(&biz.Sample{}); err != nil {
		return err
	}
	return db.EnsureIndexes(g, []db.Index{{Name: "idx_mon_history_point", Table: "monitor_history", Columns: "tenant_id, point_id, ts"}})
}

// HistoryDB is where history rows go: on SQLite a file of its own
// (monitor_history.db), because SQLite has one writer per file and history
// batches must not hold up the alarm rows and their events; on PostgreSQL
// and MySQL the service's database (main may be returned).
func HistoryDB(ctx context.Context, c *conf.Config, main *gorm.DB) (*gorm.DB, error) {
	if c.DB.Driver != "" && c.DB.Driver != "sqlite" {
		return main, nil
	}
	g, err := db.Open(ctx, c, HistoryMigrations.Database)
	if err != nil {
		return nil, err
	}
	// Applied here whatever db.migrate says: the file exists only in the
	// embedded single-process shape, beside the monitor database, so no
	// other replica can be migrating it.
	if _, err := migrate.Up(ctx, g, HistoryMigrations); err != nil {
		if s, e := g.DB(); e == nil {
			_ = s.Close() // refused at start; the error says why
		}
		return nil, err
	}
	return g, nil
}

// Queries implements biz.Queries.
type Queries struct{ G *gorm.DB }

func (q Queries) TenantPoints(ctx context.Context, tenant string) ([]biz.PointConf, error) {
	var points []biz.Point
	tx := db.Conn(ident.AsSystem(ctx), q.G).Where("is_deleted = 0")
	if tenant != "" {
		tx = tx.Where("tenant_id = ?", tenant)
	}
	if err := tx.Find(&points).Error; err != nil {
		return nil, err
	}
	var gws []biz.Gateway
	gtx := db.Conn(ident.AsSystem(ctx), q.G).Where("is_deleted = 0")
	if tenant != "" {
		gtx = gtx.Where("tenant_id = ?", tenant)
	}
	if err := gtx.Find(&gws).Error; err != nil {
		return nil, err
	}
	codes := map[int64]string{}
	for _, g := range gws {
		codes[g.ID] = g.Code
	}
	out := make([]biz.PointConf, 0, len(points))
	for _, p := range points {
		if c, ok := codes[p.GatewayID]; ok {
			out = append(out, biz.ConfOf(p, c))
		}
	}
	return out, nil
}

func (q Queries) OpenAlarms(ctx context.Context) ([]biz.Alarm, error) {
	var out []biz.Alarm
	return out, db.Conn(ident.AsSystem(ctx), q.G).Where("state <> ? OR shelved_until > ?", string(alarm.Normal), time.Now()).
		Order("raised_at asc, id asc").Find(&out).Error
}

func (q Queries) GatewayByCode(ctx context.Context, tenant, code string) (*biz.Gateway, error) {
	var g []biz.Gateway
	if err := db.Conn(ident.AsSystem(ctx), q.G).Where("tenant_id = ? AND code = ? AND is_deleted = 0", tenant, code).Limit(1).Find(&g).Error; err != nil {
		return nil, err
	}
	if len(g) == 0 {
		return nil, nil
	}
	return &g[0], nil
}

func (q Queries) ActiveAlarms(ctx context.Context, limit int) ([]biz.Alarm, error) {
	var out []biz.Alarm
	// A point held out of service: its suppressed incidents are not listed.
	return out, db.Conn(ctx, q.G).Where("state <> ? AND suppressed = ?", string(alarm.Normal), false).Order("raised_at desc, id desc").
		Limit(limit).Find(&out).Error
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

func (q Queries) HoldsInForce(ctx context.Context, pointIDs []int64, at time.Time) ([]biz.Hold, error) {
	var out []biz.Hold
	tx := db.Conn(ctx, q.G).Where("is_deleted = 0 AND ended_at IS NULL AND until > ? AND start_at <= ?", at, at)
	if pointIDs != nil {
		tx = tx.Where("point_id IN ?", pointIDs)
	}
	return out, tx.Order("until desc").Find(&out).Error
}

// AllHoldsInForce are every tenant's holds in force at at (system context, at start).
func (q Queries) AllHoldsInForce(ctx context.Context, at time.Time) ([]biz.Hold, error) {
	return q.HoldsInForce(ident.AsSystem(ctx), nil, at)
}

func (q Queries) EndHold(ctx context.Context, id int64, at time.Time, by int64, byName string) error {
	return db.Conn(ctx, q.G).Model(&biz.Hold{}).Where("id = ? AND ended_at IS NULL", id).
		Updates(map[string]any{"ended_at": at, "ended_by": by, "ended_by_name": byName}).Error
}

func (q Queries) AlarmFacts(ctx context.Context, from, to time.Time, fn func(biz.AlarmFact)) error {
	rows, err := db.Conn(ctx, q.G).Model(&biz.Alarm{}).
		Select("point_id, point_code, point_name, raised_at, chattering, suppressed").
		Where("is_deleted = 0 AND raised_at >= ? AND raised_at < ?", from, to).Order("raised_at asc, id asc").Rows()
	if err != nil {
		return err
	}
	defer func() { _ = rows.Close() }() // read-only; a close error has nothing to undo
	for rows.Next() {
		var f biz.AlarmFact
		if err := rows.Scan(&f.PointID, &f.PointCode, &f.PointName, &f.RaisedAt, &f.Chattering, &f.Suppressed); err != nil {
			return err
		}
		fn(f)
	}
	return rows.Err()
}

func (q Queries) FloodsBetween(ctx context.Context, from, to time.Time, limit int) ([]biz.Flood, error) {
	var out []biz.Flood
	return out, db.Conn(ctx, q.G).Where("is_deleted = 0 AND start_at < ? AND (end_at IS NULL OR end_at > ?)", to, from).
		Order("start_at asc, id asc").Limit(limit).Find(&out).Error
}

func (q Queries) StandingAlarms(ctx context.Context, before time.Time, limit int) ([]biz.Alarm, int64, error) {
	var out []biz.Alarm
	var n int64
	where := db.Conn(ctx, q.G).Model(&biz.Alarm{}).Where("is_deleted = 0 AND state <> ? AND suppressed = ? AND raised_at < ?",
		string(alarm.Normal), false, before)
	if err := where.Count(&n).Error; err != nil {
		return nil, 0, err
	}
	return out, n, db.Conn(ctx, q.G).Where("is_deleted = 0 AND state <> ? AND suppressed = ? AND raised_at < ?", string(alarm.Normal), false, before).
		Order("raised_at asc, id asc").Limit(limit).Find(&out).Error
}

func (q Queries) PointCount(ctx context.Context) (int64, error) {
	var n int64
	return n, db.Conn(ctx, q.G).Model(&biz.Point{}).Where("is_deleted = 0").Count(&n).Error
}

// CloseOpenFloods ends the floods a previous process left open (flood state
// is per process) at at.
func (q Queries) CloseOpenFloods(ctx context.Context, at time.Time) error {
	return db.Conn(ident.AsSystem(ctx), q.G).Model(&biz.Flood{}).Where("end_at IS NULL").Update("end_at", at).Error
}

func (q Queries) AlarmsByIDs(ctx context.Context, ids []int64) ([]biz.Alarm, error) {
	var out []biz.Alarm
	return out, db.Conn(ctx, q.G).Where("id IN ?", ids).Find(&out).Error
}

func (q Queries) PointsByIDs(ctx context.Context, ids []int64) ([]biz.Point, error) {
	var out []biz.Point
	return out, db.Conn(ctx, q.G).Where("id IN ?", ids).Find(&out).Error
}

func (q Queries) SetSecret(ctx context.Context, id int64, hash string) error {
	return db.Conn(ctx, q.G).Model(&biz.Gateway{}).Where("id = ?", id).Update("secret_hash", hash).Error
}

// Alarms implements biz.AlarmSink: the incident row and, for a raised or
// escalated alarm, the event desk turns into a message, in one transaction.
type Alarms struct {
	G      *gorm.DB
	Events biz.Events
}

// Subjects of alarm events.
const (
	SubjectRaised    = "monitor.alarm.raised"
	SubjectEscalated = "monitor.alarm.escalated"
)

var levelNames = map[string]string{"H": "高报", "HH": "高高报", "L": "低报", "LL": "低低报"}

func (s Alarms) Write(ctx context.Context, w biz.AlarmWrite) error {
	tenant := w.Alarm.TenantID
	if w.Flood != nil {
		tenant = w.Flood.TenantID
	}
	ctx = ident.ForTenant(ctx, tenant)
	if w.Actor != nil && w.Actor.TenantID == tenant {
		// The audit names the user whose call made the change.
		ctx = ident.WithClientIP(ident.WithRequestID(ident.With(ctx, w.Actor), w.RequestID), w.ClientIP)
	}
	return db.Tx(ctx, s.G, func(ctx context.Context) error {
		a := w.Alarm
		var err error
		switch w.Kind {
		case biz.KindFloodStart:
			return db.Conn(ctx, s.G).Create(w.Flood).Error
		case biz.KindFloodEnd:
			f := w.Flood
			return db.Conn(ctx, s.G).Model(&biz.Flood{}).Where("id = ?", f.ID).Updates(map[string]any{
				"end_at": f.EndAt, "peak_count": f.PeakCount, "alarm_count": f.AlarmCount,
			}).Error
		case biz.KindHeld:
			return db.Conn(ctx, s.G).Model(&biz.Alarm{}).Where("id = ?", a.ID).Update("suppressed", true).Error
		case biz.KindUnheld:
			if err := db.Conn(ctx, s.G).Model(&biz.Alarm{}).Where("id = ?", a.ID).Update("suppressed", false).Error; err != nil {
				return err
			}
			// Still active when its hold ends: announced now (unless shelved).
			if a.ShelvedAt(time.Now()) || a.State != string(alarm.ActiveUnack) && a.State != string(alarm.ActiveAck) && a.State != string(alarm.Latched) {
				return nil
			}
			return s.announce(ctx, SubjectRaised, w)
		case alarm.Shelved:
			return db.Conn(ctx, s.G).Model(&biz.Alarm{}).Where("id = ?", a.ID).Updates(map[string]any{
				"shelved_until": a.ShelvedUntil, "shelved_by": a.ShelvedBy, "shelved_by_name": a.ShelvedByName, "shelve_reason": a.ShelveReason,
			}).Error
		case alarm.Unshelved:
			// Every row of the point recorded under the shelve ends with it.
			if err := db.Conn(ctx, s.G).Model(&biz.Alarm{}).Where("point_id = ? AND shelved_until > ?", a.PointID, *a.ShelvedUntil).
				Update("shelved_until", a.ShelvedUntil).Error; err != nil {
				return err
			}
			// Still active when its shelve ends: announced now (unless its
			// point is held out of service).
			if a.ID == 0 || a.Suppressed || (a.State != string(alarm.ActiveUnack) && a.State != string(alarm.ActiveAck) && a.State != string(alarm.Latched)) {
				return nil
			}
			return s.announce(ctx, SubjectRaised, w)
		}
		if w.Kind == alarm.Raised {
			err = db.Conn(ctx, s.G).Create(&a).Error
		} else {
			err = db.Conn(ctx, s.G).Model(&biz.Alarm{}).Where("id = ?", a.ID).Updates(map[string]any{
				"level": a.Level, "limit": a.Limit, "value": a.Value, "last_value": a.LastValue, "state": a.State, "latch": a.Latch,
				"acked_at": a.AckedAt, "acked_by": a.AckedBy, "acked_by_name": a.AckedByName, "cleared_at": a.ClearedAt,
				"suppressed": a.Suppressed, "chattering": a.Chattering,
			}).Error
		}
		if err != nil {
			return err
		}
		if w.Silent || (w.Kind != alarm.Raised && w.Kind != alarm.Escalated && w.Kind != alarm.Reactivated) {
			return nil // a shelved alarm is recorded, not announced
		}
		subject := SubjectRaised
		if w.Kind == alarm.Escalated {
			subject = SubjectEscalated
		}
		return s.announce(ctx, subject, w)
	})
}

// announce records the event desk turns into a message to the point's
// responsible person.
func (s Alarms) announce(ctx context.Context, subject string, w biz.AlarmWrite) error {
	a := w.Alarm
	data := map[string]any{
		"alarmId": a.ID, "pointId": a.PointID, "pointCode": a.PointCode, "pointName": a.PointName,
		"level": a.Level, "levelName": levelNames[a.Level], "value": a.Value, "limit": a.Limit, "unit": a.Unit,
		"raisedAt": a.RaisedAt.Format("2006-01-02 15:04:05"),
	}
	if w.Point.ResponsibleUserID != 0 {
		data["responsibleUserId"] = w.Point.ResponsibleUserID
	}
	return s.Events.Add(ctx, subject, a.TenantID, data)
}

// History implements biz.HistorySink (one multi-row insert per batch) and
// biz.HistoryReader.
type History struct{ G *gorm.DB }

// Store writes a batch. Times are stored in UTC: SQLite compares them as
// text, so every row and every bound must be in one zone.
func (h History) Store(ctx context.Context, rows []biz.Sample) error {
	for i := range rows {
		rows[i].TS = rows[i].TS.UTC()
	}
	return db.Conn(ident.AsSystem(ctx), h.G).CreateInBatches(rows, 500).Error
}

// bucketExpr is the dialect's number of the bucket a row's ts falls in,
// counted from the first argument (the range's start) in buckets of the
// second (milliseconds; microseconds on MySQL).
func bucketExpr(dialect string) (expr string, micro bool) {
	switch dialect {
	case "postgres":
		return "CAST(FLOOR(EXTRACT(EPOCH FROM (ts - CAST(? AS timestamptz))) * 1000 / ?) AS BIGINT)", false
	case "mysql":
		return "CAST(FLOOR(TIMESTAMPDIFF(MICROSECOND, ?, ts) / ?) AS SIGNED)", true
	default: // sqlite: julianday reads the stored text (UTC, see Store)
		return "CAST(ROUND((julianday(ts) - julianday(?)) * 86400000.0) AS INTEGER) / ?", false
	}
}

// Trend groups the point's samples in [from, to) into buckets in the
// database: one GROUP BY over the (tenant_id, point_id, ts) index.
func (h History) Trend(ctx context.Context, tenant string, pointID int64, from, to time.Time, bucket time.Duration) ([]biz.TrendBucket, error) {
	from, to = from.UTC(), to.UTC()
	expr, micro := bucketExpr(h.G.Name())
	size := bucket.Milliseconds()
	if micro {
		size = bucket.Microseconds()
	}
	var rows []struct {
		B          int64
		Mn, Mx, Av float64
		N          int
	}
	err := db.Conn(ident.AsSystem(ctx), h.G).Model(&biz.Sample{}).
		Select(expr+" AS b, MIN(value) AS mn, MAX(value) AS mx, AVG(value) AS av, COUNT(*) AS n", from, size).
		Where("tenant_id = ? AND point_id = ? AND ts >= ? AND ts < ?", tenant, pointID, from, to).
		Group("b").Order("b").Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	out := make([]biz.TrendBucket, 0, len(rows))
	for _, r := range rows {
		out = append(out, biz.TrendBucket{Start: from.Add(time.Duration(r.B) * bucket), Min: r.Mn, Max: r.Mx, Avg: r.Av, Count: r.N})
	}
	return out, nil
}
