package biz

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"anquan/kit/authz"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/storage"
	"anquan/kit/timefmt"
	"anquan/kit/valid"
)

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Queries are the reads and writes the generic stores cannot express.
type Queries interface {
	// CameraByChannel finds a camera of the tenant by its channel code
	// (system context).
	CameraByChannel(ctx context.Context, tenant, channel string) (*Camera, error)
	// OpenBurst is the newest unhandled alarm of the camera and type raised
	// at or after since (nil when none).
	OpenBurst(ctx context.Context, tenant string, camera int64, alarmType string, since time.Time) (*Alarm, error)
	// CreateAlarm and MergeAlarm write an alarm (system context, tenant explicit).
	CreateAlarm(ctx context.Context, a *Alarm) error
	MergeAlarm(ctx context.Context, a *Alarm) error
	// OpenCounts are the unhandled alarms of the cameras among ids.
	OpenCounts(ctx context.Context, ids []int64) (map[int64]int64, error)
	// Stats counts the caller tenant's alarms: unhandled ones, and those
	// raised since today 00:00 by type and handling, by hour and by camera.
	Stats(ctx context.Context, today time.Time) (*Stats, error)
	// OpenByCamera is the unhandled alarms of each camera of the caller
	// tenant that has any.
	OpenByCamera(ctx context.Context) (map[int64]int64, error)
	// AlarmsOfCameras pages the alarms of q among those of the cameras.
	AlarmsOfCameras(ctx context.Context, q paging.Query, cameras []int64) (*paging.Page[Alarm], error)
}

// Video is video's use cases.
type Video struct {
	Cameras paging.Store[Camera]
	Alarms  paging.Store[Alarm]
	Q       Queries
	Tx      db.Transactor
	Events  Events
	Tokens  *Tokens
	Now     func() time.Time
	// Dedupe is the window in which alarms of one camera and type merge.
	Dedupe time.Duration
	// Snaps keeps the snapshots the service draws itself (snapshot.go).
	Snaps storage.Store
	// Rules and RuleQ keep the tenant's rule versions (rules.go).
	Rules paging.Store[Rule]
	RuleQ RuleQueries
	// Sweep finds and clears the snapshots past their retention.
	Sweep SnapshotSweep
}

// DefaultDedupe is the dedupe window of alarms.
const DefaultDedupe = 60 * time.Second

var channelCode = regexp.MustCompile(`^[A-Za-z0-9_$.\-]{1,64}$`)

func runes(s string) int { return utf8.RuneCountInString(s) }

// ValidateCamera checks a camera's fields and fills defaults.
func ValidateCamera(c *Camera) error {
	c.Name, c.ChannelCode, c.Location, c.Remark = strings.TrimSpace(c.Name), strings.TrimSpace(c.ChannelCode), strings.TrimSpace(c.Location), strings.TrimSpace(c.Remark)
	switch {
	case c.Name == "":
		return errs.BadRequest("请填写摄像头名称")
	case runes(c.Name) > 100:
		return errs.BadRequest("摄像头名称不能超过 100 个字符")
	case c.ChannelCode == "":
		return errs.BadRequest("请填写通道编码")
	case !channelCode.MatchString(c.ChannelCode):
		return errs.BadRequest("通道编码只能由字母、数字和 _ $ . - 组成,且不超过 64 个字符")
	case runes(c.Location) > 200:
		return errs.BadRequest("安装位置不能超过 200 个字符")
	case runes(c.Remark) > 500:
		return errs.BadRequest("备注不能超过 500 个字符")
	case c.AreaID < 0 || c.ResponsibleUserID < 0:
		return errs.BadRequest("风险分区或负责人编号格式错误")
	}
	if err := valid.MapPosition("摄像头", c.MapX, c.MapY); err != nil {
		return err
	}
	if c.Platform == "" {
		c.Platform = "simulator"
	}
	if _, ok := Platforms[c.Platform]; !ok {
		return errs.BadRequest("视频平台只能是 simulator(内置模拟)、icc(大华ICC)或 wvp(WVP-GB28181)")
	}
	if c.CameraType == 0 {
		c.CameraType = 1
	}
	if _, ok := CameraTypes[c.CameraType]; !ok {
		return errs.BadRequest("摄像头类型只能是 1 枪机 或 2 球机")
	}
	return nil
}

// SubmitCamera creates or updates a camera; its channel code is unique in
// the tenant's platform.
func (v *Video) SubmitCamera(ctx context.Context, c *Camera) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	if err := ValidateCamera(c); err != nil {
		return err
	}
	taken, err := v.Cameras.Exists(ctx, c.ID, "platform = ? AND channel_code = ?", c.Platform, c.ChannelCode)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("通道编码 %s 已存在", c.ChannelCode)
	}
	if c.ID == 0 {
		return v.Cameras.Create(ctx, c)
	}
	if _, err := v.Cameras.Get(ctx, c.ID); err != nil {
		return err
	}
	return v.Cameras.Update(ctx, c.ID, c, "name", "channel_code", "platform", "camera_type", "area_id", "location", "responsible_user_id", "remark", "map_x", "map_y")
}

// RemoveCameras deletes cameras without unhandled alarms.
func (v *Video) RemoveCameras(ctx context.Context, ids []int64) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	open, err := v.Q.OpenCounts(ctx, ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if open[id] > 0 {
			c, err := v.Cameras.Get(ctx, id)
			if err != nil {
				return err
			}
			return errs.Rule("IN_USE", "摄像头「%s」还有 %d 条未处理的报警,请先处理", c.Name, open[id])
		}
	}
	return v.Cameras.Remove(ctx, ids)
}

// CameraPage is the paged list with each camera's unhandled alarms.
func (v *Video) CameraPage(ctx context.Context, q paging.Query) (*paging.Page[Camera], map[int64]int64, error) {
	p, err := v.Cameras.Page(ctx, q)
	if err != nil {
		return nil, nil, err
	}
	ids := make([]int64, len(p.Records))
	for i := range p.Records {
		ids[i] = p.Records[i].ID
	}
	open, err := v.Q.OpenCounts(ctx, ids)
	return p, open, err
}

// Play gives the caller a signed live URL of a camera of its tenant.
func (v *Video) Play(ctx context.Context, id int64) (*Camera, string, time.Time, error) {
	who, err := ident.Caller(ctx)
	if err != nil {
		return nil, "", time.Time{}, err
	}
	c, err := v.Cameras.Get(ctx, id)
	if err != nil {
		return nil, "", time.Time{}, err
	}
	exp := v.Now().Add(v.Tokens.TTL)
	tok := v.Tokens.Sign(StreamClaim{Tenant: c.TenantID, Camera: c.ID, User: who.UserID, Expires: exp.Unix()})
	return c, tok, exp, nil
}

// LiveCamera checks a stream token and answers its camera.
func (v *Video) LiveCamera(ctx context.Context, token string) (*Camera, error) {
	cl, err := v.Tokens.Verify(token, v.Now())
	if err != nil {
		return nil, err
	}
	c, err := v.Cameras.Get(ident.ForTenant(ctx, cl.Tenant), cl.Camera)
	if err != nil {
		return nil, errs.Forbidden("视频流地址已失效,请重新打开")
	}
	return c, nil
}

// ---- alarms ----

// Push is an alarm of an AI box or a platform.
type Push struct {
	ChannelCode string
	AlarmType   string
	AlarmTime   string
	Confidence  float64
	Snapshot    string
	Source      string
	// Image is a JPEG frame to store as the snapshot (the simulator's),
	// when Snapshot is empty.
	Image []byte
}

var snapshotURL = regexp.MustCompile(`^(https?://|/)[^\s"'<>]{0,499}$`)

// Ingest records an alarm of the tenant: merged into the newest unhandled
// alarm of the same camera and type within the dedupe window, else new.
// The change and its event ("video.alarm.raised") are one transaction.
func (v *Video) Ingest(ctx context.Context, tenant string, p Push) (*Alarm, bool, error) {
	p.ChannelCode, p.AlarmType = strings.TrimSpace(p.ChannelCode), strings.TrimSpace(p.AlarmType)
	if p.ChannelCode == "" {
		return nil, false, errs.BadRequest("请填写通道编码")
	}
	if _, ok := AlarmTypes[p.AlarmType]; !ok {
		return nil, false, errs.BadRequest("报警类型不正确: %s", p.AlarmType)
	}
	if p.Confidence < 0 || p.Confidence > 1 {
		return nil, false, errs.BadRequest("置信度须在 0 到 1 之间")
	}
	if p.Snapshot != "" && !snapshotURL.MatchString(p.Snapshot) {
		return nil, false, errs.BadRequest("抓拍图片地址格式错误")
	}
	// Alarm times are kept in the tenant zone, as the day's counts compare them.
	now := v.Now().In(timefmt.Zone).Truncate(time.Second)
	at := now
	if strings.TrimSpace(p.AlarmTime) != "" {
		t, ok := timefmt.Parse(p.AlarmTime)
		if !ok {
			return nil, false, errs.BadRequest("报警时间格式应为 yyyy-MM-dd HH:mm:ss")
		}
		if t.After(now.Add(time.Minute)) || t.Before(now.Add(-7*24*time.Hour)) {
			return nil, false, errs.BadRequest("报警时间须在最近 7 天内且不晚于当前时间")
		}
		at = t
	}
	sys := ctx // the pushing account acts in its own tenant; the simulator names it
	if id := ident.From(ctx); id == nil || id.TenantID != tenant {
		sys = ident.ForTenant(ctx, tenant)
	}
	cam, err := v.Q.CameraByChannel(sys, tenant, p.ChannelCode)
	if err != nil {
		return nil, false, err
	}
	if cam == nil {
		return nil, false, errs.NotFound("通道编码 %s 没有对应的摄像头", p.ChannelCode)
	}
	window := v.Dedupe
	if window <= 0 {
		window = DefaultDedupe
	}
	snap := ""
	if p.Snapshot == "" && len(p.Image) > 0 && v.Snaps != nil {
		snap = NewSnapshotName()
	}
	var out *Alarm
	merged := false
	err = v.Tx.Tx(sys, func(ctx context.Context) error {
		old, err := v.Q.OpenBurst(ctx, tenant, cam.ID, p.AlarmType, at.Add(-window))
		if err != nil {
			return err
		}
		if old != nil {
			old.RepeatCount++
			if at.After(old.LastTime) {
				old.LastTime = at
			}
			if p.Confidence > old.Confidence {
				old.Confidence = p.Confidence
			}
			switch {
			case p.Snapshot != "":
				old.Snapshot = p.Snapshot
			case snap != "" && old.Snapshot == "": // a burst keeps its first picture
				if err := v.putSnapshot(ctx, tenant, snap, p.Image); err != nil {
					return err
				}
				old.Snapshot = SnapshotPath + snap
			}
			if err := v.Q.MergeAlarm(ctx, old); err != nil {
				return err
			}
			out, merged = old, true
		} else {
			if snap != "" {
				if err := v.putSnapshot(ctx, tenant, snap, p.Image); err != nil {
					return err
				}
				p.Snapshot = SnapshotPath + snap
			}
			a := &Alarm{CameraID: cam.ID, CameraName: cam.Name, ChannelCode: cam.ChannelCode, AreaID: cam.AreaID, AlarmType: p.AlarmType,
				Confidence: p.Confidence, AlarmTime: at, LastTime: at, RepeatCount: 1, Source: p.Source, Snapshot: p.Snapshot}
			a.TenantID = tenant
			if err := v.Q.CreateAlarm(ctx, a); err != nil {
				return err
			}
			out = a
		}
		verb := "raised"
		if merged {
			verb = "merged"
		}
		return v.Events.Add(ctx, "video.alarm."+verb, tenant, out)
	})
	if err != nil {
		return nil, false, err
	}
	return out, merged, nil
}

// Object-level rules of video. The buttons (video_camera_add/edit/delete,
// video_alarm_push, video_alarm_handle) say who may act at all; a row of
// another tenant is never found (kit's tenant scope).
//
//	entity      update / remove / handle
//	摄像头       tenant-wide video configuration: holders of the button
//	视频报警     the camera's responsible person, or a caller whose data scope
//	            holds the camera's creator or department (administrators: all)
//	报警推送     an integration account holding video_alarm_push (it pushes
//	            its tenant's alarms; the camera is found by channel code)

// CameraInScope: a camera's alarms are the caller's to handle when the caller
// is its responsible person or the caller's data scope holds its creator.
func CameraInScope(id *ident.Identity, c *Camera) bool {
	if c.ResponsibleUserID != 0 && c.ResponsibleUserID == id.UserID {
		return true
	}
	return id.InScope(c.CreateDept, c.CreateUser, c.ResponsibleUserID)
}

// Handle is a handling of an alarm.
type Handle struct {
	ID          int64
	Status      int32
	Remark      string
	RaiseHazard bool
}

// HazardSubject is the event that raises a hidden danger in prevention.
const HazardSubject = "video.hazard.raised"

// HazardEvent is the data of HazardSubject (README "Hidden dangers raised
// by other services").
type HazardEvent struct {
	Source       string `json:"source"`
	SourceID     string `json:"sourceId"`
	Title        string `json:"title"`
	Description  string `json:"description"`
	Level        int32  `json:"level"`
	HazardType   int32  `json:"hazardType"`
	DangerSrc    int32  `json:"dangerSrc"`
	Location     string `json:"location"`
	ReporterID   string `json:"reporterId"`
	LiableUserID string `json:"liableUserId,omitempty"`
	Photos       string `json:"photos,omitempty"`
	Link         string `json:"link"`
}

// HandleAlarm moves an alarm 0 -> 1 confirmed / 2 false alarm, or 1/2 -> 3
// closed, as the caller (who and when from the token and the clock). A
// confirmed alarm raises a hidden danger in the same transaction (unless
// asked not to).
func (v *Video) HandleAlarm(ctx context.Context, h Handle) (*Alarm, error) {
	who, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	h.Remark = strings.TrimSpace(h.Remark)
	if runes(h.Remark) > 500 {
		return nil, errs.BadRequest("处理说明不能超过 500 个字符")
	}
	if h.Status != Confirmed && h.Status != FalseAlarm && h.Status != Closed {
		return nil, errs.BadRequest("处理结果只能是 1 确认、2 误报 或 3 关闭")
	}
	if h.Status != Confirmed && h.Remark == "" {
		return nil, errs.BadRequest("请填写处理说明")
	}
	a, err := v.Alarms.Get(ctx, h.ID)
	if err != nil {
		return nil, err
	}
	cam, err := v.Cameras.Get(ctx, a.CameraID)
	if err != nil {
		if errs.IsNotFound(err) {
			return nil, errs.Rule("CAMERA_REMOVED", "报警的摄像头已删除,不能处理")
		}
		return nil, err
	}
	if !CameraInScope(who, cam) {
		return nil, errs.Forbidden("摄像头「%s」不在您的数据权限范围内,不能处理其报警", cam.Name)
	}
	switch {
	case h.Status == Closed && a.HandleStatus != Confirmed && a.HandleStatus != FalseAlarm:
		return nil, errs.Rule("STATE", "报警%s,只有已确认或误报的报警可以关闭", HandleNames[a.HandleStatus])
	case h.Status != Closed && a.HandleStatus != Unhandled:
		return nil, errs.Rule("STATE", "报警%s,不能再次处理", HandleNames[a.HandleStatus])
	}
	now := v.Now()
	name := who.DisplayName()
	a.HandleStatus, a.HandleRemark, a.HandleUser, a.HandleUserName, a.HandleTime = h.Status, h.Remark, who.UserID, name, &now
	raise := h.Status == Confirmed && h.RaiseHazard
	if raise {
		a.HazardRaised = true
	}
	err = v.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := v.Alarms.Update(ctx, a.ID, a, "handle_status", "handle_remark", "handle_user", "handle_user_name", "handle_time", "hazard_raised"); err != nil {
			return err
		}
		if raise {
			typ := AlarmTypes[a.AlarmType]
			ev := HazardEvent{Source: "video", SourceID: strconv.FormatInt(a.ID, 10),
				Title:       fmt.Sprintf("视频AI报警:%s(%s)", typ, cam.Name),
				Description: fmt.Sprintf("%s 摄像头「%s」识别到%s(置信度 %.0f%%,%d 次)。%s", timefmt.Format(a.AlarmTime), cam.Name, typ, a.Confidence*100, a.RepeatCount, h.Remark),
				HazardType:  1, DangerSrc: 10, Location: firstNonEmpty(cam.Location, cam.Name),
				ReporterID: strconv.FormatInt(who.UserID, 10), Photos: a.Snapshot,
				Link: "/ai-video-alarm/list?id=" + strconv.FormatInt(a.ID, 10)}
			if a.AlarmType == "fire" {
				ev.HazardType = 5 // 消防
			}
			if cam.ResponsibleUserID != 0 {
				ev.LiableUserID = strconv.FormatInt(cam.ResponsibleUserID, 10)
			}
			if !snapshotURL.MatchString(ev.Photos) || strings.HasPrefix(ev.Photos, "http") {
				ev.Photos = ""
			}
			if err := v.Events.Add(ctx, HazardSubject, a.TenantID, ev); err != nil {
				return err
			}
		}
		return v.Events.Add(ctx, "video.alarm.handled", a.TenantID, a)
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// CameraCount is one camera's alarms.
type CameraCount struct {
	CameraID   int64
	CameraName string
	Count      int64
}

// TopCameras is how many cameras the statistics rank.
const TopCameras = 10

// MaxStatCameras bounds the cameras read for the statistics.
const MaxStatCameras = 1000

// Stats are the caller tenant's alarm counts.
type Stats struct {
	Unhandled, Today, Confirmed, FalseAlarm int64
	ByType                                  map[string]int64
	// ByHour[h] is today's alarms raised in hour h (tenant zone).
	ByHour [24]int64
	// ByCamera is today's cameras with the most alarms, at most TopCameras.
	ByCamera []CameraCount
	// Cameras are the tenant's cameras (at most MaxStatCameras), for the
	// online count.
	Cameras []Camera
	// Mine is the unhandled alarms of the cameras the caller may handle
	// (0 without the handle button).
	Mine int64
}

// Today is the start of the day of t in the tenant zone.
func Today(t time.Time) time.Time {
	n := t.In(timefmt.Zone)
	return time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, timefmt.Zone)
}

// Stats are the caller tenant's counts; Mine counts the unhandled alarms of
// the cameras whose alarms the caller may handle (the notice badge).
func (v *Video) Stats(ctx context.Context) (*Stats, error) {
	who, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	st, err := v.Q.Stats(ctx, Today(v.Now()))
	if err != nil {
		return nil, err
	}
	if st.Cameras, err = v.Cameras.List(ctx, paging.Query{}, MaxStatCameras); err != nil {
		return nil, err
	}
	mine := handledBy(ctx, who, st.Cameras)
	if len(mine) == 0 || st.Unhandled == 0 {
		return st, nil
	}
	open, err := v.Q.OpenByCamera(ctx)
	if err != nil {
		return nil, err
	}
	for _, id := range mine {
		st.Mine += open[id]
	}
	return st, nil
}

// handledBy are the ids of the cameras among cams whose alarms the caller
// may handle (none without the handle button): Stats' Mine and the alarm
// page's mine filter count the same cameras.
func handledBy(ctx context.Context, who *ident.Identity, cams []Camera) []int64 {
	if !authz.Can(ctx, "video_alarm_handle") {
		return nil
	}
	var ids []int64
	for i := range cams {
		if CameraInScope(who, &cams[i]) {
			ids = append(ids, cams[i].ID)
		}
	}
	return ids
}

// AlarmPage pages the tenant's alarms; mine keeps those of the cameras the
// caller may handle (the notice badge's list: the cameras Stats' Mine
// counts).
func (v *Video) AlarmPage(ctx context.Context, q paging.Query, mine bool) (*paging.Page[Alarm], error) {
	if !mine {
		return v.Alarms.Page(ctx, q)
	}
	who, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	cams, err := v.Cameras.List(ctx, paging.Query{}, MaxStatCameras)
	if err != nil {
		return nil, err
	}
	ids := handledBy(ctx, who, cams)
	if len(ids) == 0 {
		if err := q.Normalize(); err != nil {
			return nil, err
		}
		return &paging.Page[Alarm]{Records: []Alarm{}, Size: q.Size, Current: q.Current}, nil
	}
	return v.Q.AlarmsOfCameras(ctx, q, ids)
}
