// Package service is video's transport layer: the gRPC handlers of
// VideoService. It converts requests and answers and leaves the rules to
// biz.
package service

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/video/v1"
	"anquan/video/internal/biz"
	"anquan/video/internal/platform"
	"anquan/video/internal/sim"
)

// Video serves VideoService.
type Video struct {
	pb.UnimplementedVideoServiceServer
	uc  *biz.Video
	hub *biz.Hub
	sim *sim.Source
	// Platform is the configured ICC or WVP adapter (nil: the simulator only).
	Platform platform.Platform
	// Upstream fetches a platform's live streams.
	Upstream *http.Client
	// Stopping is closed when the service stops: open streams end.
	Stopping chan struct{}
	// Heartbeat is how often an idle alarm stream sends a heartbeat event.
	Heartbeat time.Duration
}

// New binds the handlers to the use cases.
func New(uc *biz.Video, hub *biz.Hub, src *sim.Source) *Video {
	return &Video{uc: uc, hub: hub, sim: src, Stopping: make(chan struct{}), Heartbeat: 15 * time.Second, Upstream: &http.Client{}}
}

func ts(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return timefmt.Format(t)
}

// ---- cameras ----

// playable: the simulator's cameras, and those of the configured platform.
func (s *Video) playable(c *biz.Camera) bool {
	return c.Platform == "simulator" || (s.Platform != nil && s.Platform.Kind() == c.Platform)
}

func (s *Video) cameraOut(c *biz.Camera) *pb.Camera {
	o := &pb.Camera{Id: c.ID, TenantId: c.TenantID, Name: c.Name, ChannelCode: c.ChannelCode, Platform: c.Platform, CameraType: c.CameraType,
		AreaId: c.AreaID, Location: c.Location, ResponsibleUserId: c.ResponsibleUserID, Remark: c.Remark,
		CreateTime: ts(c.CreateTime), UpdateTime: ts(c.UpdateTime), MapX: c.MapX, MapY: c.MapY}
	if s.playable(c) {
		o.Status = 1
	}
	return o
}

func (s *Video) CameraPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.CameraPage, error) {
	p, open, err := s.uc.CameraPage(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.CameraPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, func(c *biz.Camera) *pb.Camera {
		o := s.cameraOut(c)
		o.OpenAlarms = open[c.ID]
		return o
	})
	return out, nil
}

func (s *Video) CameraDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Camera, error) {
	return svc.Detail(ctx, q.Id, s.uc.Cameras.Get, s.cameraOut)
}

func (s *Video) CameraSubmit(ctx context.Context, p *pb.Camera) (*wrapperspb.BoolValue, error) {
	c := &biz.Camera{Name: p.Name, ChannelCode: p.ChannelCode, Platform: p.Platform, CameraType: p.CameraType, AreaID: p.AreaId,
		Location: p.Location, ResponsibleUserID: p.ResponsibleUserId, Remark: p.Remark, MapX: p.MapX, MapY: p.MapY}
	c.ID = p.Id
	return svc.OK, s.uc.SubmitCamera(ctx, c)
}

func (s *Video) CameraRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveCameras)
}

// LivePath is where the gateway serves a stream token's video.
const LivePath = "/api/video-surveillance/live"

func (s *Video) CameraPlay(ctx context.Context, q *commonv1.IdQuery) (*pb.PlayInfo, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	c, tok, exp, err := s.uc.Play(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	if !s.playable(c) {
		return nil, errs.Rule("PLATFORM", "摄像头「%s」所在的视频平台(%s)未接入,无法播放", c.Name, biz.Platforms[c.Platform])
	}
	format := "mjpeg"
	if c.Platform != "simulator" {
		format = "flv"
	}
	return &pb.PlayInfo{CameraId: c.ID, Url: LivePath + "?token=" + url.QueryEscape(tok), Format: format, ExpiresAt: ts(exp)}, nil
}

// Live sends the frames of a stream token's camera until the viewer leaves.
// The token is the credential (an <img> or <video> cannot send a header);
// it names the tenant, the camera and the user it was issued to.
func (s *Video) Live(q *pb.LiveQuery, st grpc.ServerStreamingServer[pb.Frame]) error {
	c, err := s.uc.LiveCamera(st.Context(), q.Token)
	if err != nil {
		return err
	}
	if !s.playable(c) {
		return errs.Rule("PLATFORM", "摄像头「%s」所在的视频平台(%s)未接入,无法播放", c.Name, biz.Platforms[c.Platform])
	}
	if c.Platform != "simulator" {
		return s.proxy(st, c)
	}
	frames, cancel := s.sim.Subscribe(sim.Key(c))
	defer cancel()
	for {
		select {
		case f := <-frames:
			if err := st.Send(&pb.Frame{Data: f, ContentType: "image/jpeg"}); err != nil {
				return err
			}
		case <-st.Context().Done():
			return nil
		case <-s.Stopping:
			return nil
		}
	}
}

// proxy relays the platform's FLV live stream of a camera: the upstream URL
// (with the platform's token) never leaves the service.
func (s *Video) proxy(st grpc.ServerStreamingServer[pb.Frame], c *biz.Camera) error {
	ctx, cancel := context.WithCancel(st.Context())
	defer cancel()
	go func() {
		select {
		case <-s.Stopping:
			cancel()
		case <-ctx.Done():
		}
	}()
	u, err := s.Platform.LiveURL(ctx, c.ChannelCode, "flv")
	if err != nil {
		return errs.Unavailable("视频平台未能打开摄像头「%s」的视频: %s", c.Name, err.Error())
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	res, err := s.Upstream.Do(req)
	if err != nil {
		return errs.Unavailable("视频平台的视频流无法连接")
	}
	defer func() { _ = res.Body.Close() }()
	if res.StatusCode != http.StatusOK {
		return errs.Unavailable("视频平台的视频流返回 %s", fmt.Sprint(res.StatusCode))
	}
	buf := make([]byte, 32<<10)
	for {
		n, err := res.Body.Read(buf)
		if n > 0 {
			if e := st.Send(&pb.Frame{Data: append([]byte(nil), buf[:n]...), ContentType: "video/x-flv"}); e != nil {
				return e
			}
		}
		if err == io.EOF || ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return errs.Unavailable("视频平台的视频流中断")
		}
	}
}

// ---- alarms ----

func alarmOut(a *biz.Alarm) *pb.VideoAlarm {
	return &pb.VideoAlarm{Id: a.ID, TenantId: a.TenantID, CameraId: a.CameraID, CameraName: a.CameraName, ChannelCode: a.ChannelCode,
		AlarmType: a.AlarmType, AlarmTypeName: biz.AlarmTypes[a.AlarmType], Confidence: a.Confidence, AlarmTime: ts(a.AlarmTime),
		LastTime: ts(a.LastTime), RepeatCount: a.RepeatCount, Source: a.Source, Snapshot: a.Snapshot, AreaId: a.AreaID,
		HandleStatus: a.HandleStatus, HandleRemark: a.HandleRemark, HandleUser: a.HandleUser, HandleUserName: a.HandleUserName,
		HandleTime: timefmt.FormatPtr(a.HandleTime), HazardRaised: a.HazardRaised, CreateTime: ts(a.CreateTime), SnapshotExpired: a.SnapshotExpired}
}

func (s *Video) AlarmPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.VideoAlarmPage, error) {
	mine := q.Filters["mine"] == "1" || q.Filters["mine"] == "true"
	p, err := s.uc.AlarmPage(ctx, svc.Query(q), mine)
	if err != nil {
		return nil, err
	}
	out := &pb.VideoAlarmPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, alarmOut)
	return out, nil
}

// AlarmSnapshot is a snapshot the service stored (an alarm's frame), for
// the gateway's GET /api/video-surveillance/snapshot/<name>.
func (s *Video) AlarmSnapshot(ctx context.Context, q *pb.VideoSnapshotQuery) (*pb.Frame, error) {
	b, err := s.uc.Snapshot(ctx, q.Name)
	if err != nil {
		return nil, err
	}
	return &pb.Frame{Data: b, ContentType: "image/jpeg"}, nil
}

func (s *Video) AlarmDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.VideoAlarm, error) {
	return svc.Detail(ctx, q.Id, s.uc.Alarms.Get, alarmOut)
}

func (s *Video) AlarmStatistics(ctx context.Context, _ *commonv1.Empty) (*pb.AlarmStats, error) {
	st, err := s.uc.Stats(ctx)
	if err != nil {
		return nil, err
	}
	out := &pb.AlarmStats{Unhandled: st.Unhandled, Today: st.Today, Confirmed: st.Confirmed, FalseAlarm: st.FalseAlarm,
		CamerasTotal: int64(len(st.Cameras)), Mine: st.Mine}
	for t, name := range biz.AlarmTypes {
		out.ByType = append(out.ByType, &pb.TypeCount{AlarmType: t, AlarmTypeName: name, Count: st.ByType[t]})
	}
	sort.Slice(out.ByType, func(i, j int) bool {
		if out.ByType[i].Count != out.ByType[j].Count {
			return out.ByType[i].Count > out.ByType[j].Count
		}
		return out.ByType[i].AlarmType < out.ByType[j].AlarmType
	})
	for h, n := range st.ByHour {
		out.ByHour = append(out.ByHour, &pb.HourCount{Hour: int32(h), Count: n})
	}
	for _, c := range st.ByCamera {
		out.ByCamera = append(out.ByCamera, &pb.CameraCount{CameraId: c.CameraID, CameraName: c.CameraName, Count: c.Count})
	}
	for i := range st.Cameras {
		if s.playable(&st.Cameras[i]) {
			out.CamerasOnline++
		}
	}
	return out, nil
}

func (s *Video) AlarmPushIn(ctx context.Context, p *pb.AlarmPush) (*pb.AlarmPushed, error) {
	id := ident.From(ctx)
	if id == nil || id.TenantID == "" {
		return nil, errs.Unauthorized("")
	}
	a, merged, err := s.uc.Ingest(ctx, id.TenantID, biz.Push{ChannelCode: p.ChannelCode, AlarmType: p.AlarmType, AlarmTime: p.AlarmTime,
		Confidence: p.Confidence, Snapshot: p.Snapshot, Source: "push"})
	if err != nil {
		return nil, err
	}
	return &pb.AlarmPushed{Id: a.ID, Merged: merged}, nil
}

func (s *Video) AlarmHandleIn(ctx context.Context, h *pb.AlarmHandle) (*wrapperspb.BoolValue, error) {
	if err := svc.Need(h.Id); err != nil {
		return nil, err
	}
	raise := h.RaiseHazard == nil || *h.RaiseHazard
	_, err := s.uc.HandleAlarm(ctx, biz.Handle{ID: h.Id, Status: h.HandleStatus, Remark: h.HandleRemark, RaiseHazard: raise})
	return svc.OK, err
}

// Stream sends the caller tenant's live alarm events: those kept after
// last_event_id first, then "ready", then new ones, with a heartbeat when
// idle.
func (s *Video) Stream(q *pb.VideoStreamQuery, st grpc.ServerStreamingServer[pb.VideoLiveEvent]) error {
	id := ident.From(st.Context())
	if id == nil || id.TenantID == "" {
		return errs.Unauthorized("")
	}
	backlog, c, cancel := s.hub.Subscribe(id.TenantID, q.LastEventId)
	defer cancel()
	for i := range backlog {
		if err := st.Send(liveOut(&backlog[i])); err != nil {
			return err
		}
	}
	if err := st.Send(&pb.VideoLiveEvent{Kind: "ready"}); err != nil {
		return err
	}
	hb := time.NewTicker(s.Heartbeat)
	defer hb.Stop()
	for {
		select {
		case e := <-c:
			if err := st.Send(liveOut(&e)); err != nil {
				return err
			}
		case <-hb.C:
			if err := st.Send(&pb.VideoLiveEvent{Kind: "heartbeat"}); err != nil {
				return err
			}
		case <-st.Context().Done():
			return nil
		case <-s.Stopping:
			return nil
		}
	}
}

func liveOut(e *biz.LiveEvent) *pb.VideoLiveEvent {
	return &pb.VideoLiveEvent{Id: e.ID, Kind: e.Kind, Alarm: alarmOut(&e.Alarm)}
}
