// Package data implements video's persistence with gorm: the generic
// repositories of kit/crud and the queries they cannot express.
package data

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
	"anquan/video/internal/biz"
)

var cameraSpec = crud.Spec{Name: "摄像头",
	Filters: paging.Fields{"name": "name", "channelCode": "channel_code", "platform": "platform", "cameraType": "camera_type", "areaId": "area_id"},
	Sorts:   paging.Fields{"name": "name", "channelCode": "channel_code", "createTime": "create_time"},
	Order:   "channel_code asc, id asc"}

var alarmSpec = crud.Spec{Name: "视频报警",
	Filters: paging.Fields{"id": "id", "cameraId": "camera_id", "cameraName": "camera_name", "alarmType": "alarm_type", "handleStatus": "handle_status",
		"areaId": "area_id", "alarmTime": "alarm_time"},
	Sorts: paging.Fields{"alarmTime": "alarm_time", "cameraName": "camera_name", "alarmType": "alarm_type"},
	Order: "alarm_time desc, id desc",
	// Alarm history grows without end: deep pages read ids from the index.
	DeferredPage: true}

// NewCameras and NewAlarms are the generic repositories.
func NewCameras(g *gorm.DB) *crud.Repo[biz.Camera] { return crud.New[biz.Camera](g, cameraSpec) }
func NewAlarms(g *gorm.DB) *crud.Repo[biz.Alarm]   { return crud.New[biz.Alarm](g, alarmSpec) }

var indexes = []db.Index{
	{Name: "idx_video_camera_channel", Table: "video_camera", Columns: "tenant_id, channel_code"},
	{Name: "idx_video_camera_name", Table: "video_camera", Columns: "tenant_id, name"},
	{Name: "idx_video_camera_platform", Table: "video_camera", Columns: "tenant_id, platform"},
	{Name: "idx_video_camera_type", Table: "video_camera", Columns: "tenant_id, camera_type"},
	{Name: "idx_video_camera_area", Table: "video_camera", Columns: "tenant_id, area_id"},
	{Name: "idx_video_alarm_time", Table: "video_alarm", Columns: "tenant_id, alarm_time"},
	{Name: "idx_video_alarm_camera", Table: "video_alarm", Columns: "tenant_id, camera_id, alarm_type, handle_status, alarm_time"},
	{Name: "idx_video_alarm_status", Table: "video_alarm", Columns: "tenant_id, handle_status, alarm_time"},
	{Name: "idx_video_alarm_type", Table: "video_alarm", Columns: "tenant_id, alarm_type, alarm_time"},
	{Name: "idx_video_alarm_area", Table: "video_alarm", Columns: "tenant_id, area_id"},
	{Name: "idx_video_alarm_name", Table: "video_alarm", Columns: "tenant_id, camera_name"},
	{Name: "idx_video_rule_code", Table: "video_rule", Columns: "tenant_id, code, version"},
}

// Migrate creates or updates the tables and their indexes (the source of
// the versioned migrations).
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

// Queries implements biz.Queries; Alarms is the alarms' repository (the
// filters and paging of AlarmsOfCameras).
type Queries struct {
	G      *gorm.DB
	Alarms *crud.Repo[biz.Alarm]
}

func (q Queries) AlarmsOfCameras(ctx context.Context, pq paging.Query, cameras []int64) (*paging.Page[biz.Alarm], error) {
	return q.Alarms.PageWhere(ctx, pq, func(tx *gorm.DB) *gorm.DB { return tx.Where("camera_id IN ?", cameras) })
}

func (q Queries) CameraByChannel(ctx context.Context, tenant, channel string) (*biz.Camera, error) {
	var c []biz.Camera
	if err := db.Conn(ident.AsSystem(ctx), q.G).Where("tenant_id = ? AND channel_code = ? AND is_deleted = 0", tenant, channel).
		Order("id asc").Limit(1).Find(&c).Error; err != nil {
		return nil, err
	}
	if len(c) == 0 {
		return nil, nil
	}
	return &c[0], nil
}

func (q Queries) OpenBurst(ctx context.Context, tenant string, camera int64, alarmType string, since time.Time) (*biz.Alarm, error) {
	var a []biz.Alarm
	if err := db.Conn(ctx, q.G).Where("tenant_id = ? AND camera_id = ? AND alarm_type = ? AND handle_status = 0 AND alarm_time >= ?", tenant, camera, alarmType, since).
		Order("alarm_time desc, id desc").Limit(1).Find(&a).Error; err != nil {
		return nil, err
	}
	if len(a) == 0 {
		return nil, nil
	}
	return &a[0], nil
}

func (q Queries) CreateAlarm(ctx context.Context, a *biz.Alarm) error {
	return db.Conn(ctx, q.G).Create(a).Error
}

func (q Queries) MergeAlarm(ctx context.Context, a *biz.Alarm) error {
	return db.Conn(ctx, q.G).Model(&biz.Alarm{}).Where("id = ? AND tenant_id = ?", a.ID, a.TenantID).Updates(map[string]any{
		"repeat_count": a.RepeatCount, "last_time": a.LastTime, "confidence": a.Confidence, "snapshot": a.Snapshot}).Error
}

func (q Queries) OpenCounts(ctx context.Context, ids []int64) (map[int64]int64, error) {
	out := map[int64]int64{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		CameraID int64
		N        int64
	}
	err := db.Conn(ctx, q.G).Model(&biz.Alarm{}).Select("camera_id, count(*) AS n").
		Where("camera_id IN ? AND handle_status = 0", ids).Group("camera_id").Scan(&rows).Error
	for _, r := range rows {
		out[r.CameraID] = r.N
	}
	return out, err
}

// hourCase numbers a row by the hour of today its alarm_time falls in: a
// CASE over the hour boundaries computed here in the tenant zone, so every
// dialect groups alike (no date functions, no session time zone).
func hourCase(today time.Time) (string, []any) {
	var b strings.Builder
	args := make([]any, 0, 23)
	b.WriteString("CASE")
	for h := 1; h < 24; h++ {
		fmt.Fprintf(&b, " WHEN alarm_time < ? THEN %d", h-1)
		args = append(args, today.Add(time.Duration(h)*time.Hour))
	}
	b.WriteString(" ELSE 23 END")
	return b.String(), args
}

func (q Queries) Stats(ctx context.Context, today time.Time) (*biz.Stats, error) {
	st := &biz.Stats{ByType: map[string]int64{}}
	if err := db.Conn(ctx, q.G).Model(&biz.Alarm{}).Where("handle_status = 0").Count(&st.Unhandled).Error; err != nil {
		return nil, err
	}
	tomorrow := today.AddDate(0, 0, 1)
	var byType []struct {
		AlarmType    string
		HandleStatus int32
		N            int64
	}
	if err := db.Conn(ctx, q.G).Model(&biz.Alarm{}).Select("alarm_type, handle_status, count(*) AS n").
		Where("alarm_time >= ? AND alarm_time < ?", today, tomorrow).Group("alarm_type, handle_status").Scan(&byType).Error; err != nil {
		return nil, err
	}
	for _, r := range byType {
		st.ByType[r.AlarmType] += r.N
		st.Today += r.N
		switch r.HandleStatus {
		case biz.Confirmed:
			st.Confirmed += r.N
		case biz.FalseAlarm:
			st.FalseAlarm += r.N
		}
	}
	expr, args := hourCase(today)
	var byHour []struct {
		H int
		N int64
	}
	if err := db.Conn(ctx, q.G).Model(&biz.Alarm{}).Select(expr+" AS h, count(*) AS n", args...).
		Where("alarm_time >= ? AND alarm_time < ?", today, tomorrow).Group("h").Scan(&byHour).Error; err != nil {
		return nil, err
	}
	for _, r := range byHour {
		if r.H >= 0 && r.H < 24 {
			st.ByHour[r.H] += r.N
		}
	}
	var byCamera []struct {
		CameraID int64
		Name     string
		N        int64
	}
	if err := db.Conn(ctx, q.G).Model(&biz.Alarm{}).Select("camera_id, max(camera_name) AS name, count(*) AS n").
		Where("alarm_time >= ? AND alarm_time < ?", today, tomorrow).Group("camera_id").
		Order("n desc, camera_id asc").Limit(biz.TopCameras).Scan(&byCamera).Error; err != nil {
		return nil, err
	}
	for _, r := range byCamera {
		st.ByCamera = append(st.ByCamera, biz.CameraCount{CameraID: r.CameraID, CameraName: r.Name, Count: r.N})
	}
	return st, nil
}

func (q Queries) OpenByCamera(ctx context.Context) (map[int64]int64, error) {
	var rows []struct {
		CameraID int64
		N        int64
	}
	out := map[int64]int64{}
	err := db.Conn(ctx, q.G).Model(&biz.Alarm{}).Select("camera_id, count(*) AS n").Where("handle_status = 0").
		Group("camera_id").Limit(biz.MaxStatCameras).Scan(&rows).Error
	for _, r := range rows {
		out[r.CameraID] = r.N
	}
	return out, err
}

// SimCameras are the cameras of the built-in simulator in every tenant
// (system context), at most limit.
func (q Queries) SimCameras(ctx context.Context, limit int) ([]biz.Camera, error) {
	var out []biz.Camera
	return out, db.Conn(ident.AsSystem(ctx), q.G).Where("platform = ? AND is_deleted = 0", "simulator").Order("id asc").Limit(limit).Find(&out).Error
}
