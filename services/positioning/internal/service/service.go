// Package service is positioning's transport layer: the gRPC handlers of
// PositioningService. It converts requests and answers and leaves the
// rules to biz.
package service

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/positioning/internal/biz"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/positioning/v1"
)

// Positioning serves PositioningService.
type Positioning struct {
	pb.UnimplementedPositioningServiceServer
	uc *biz.Positioning
	// Stopping is closed when the service stops: open streams end.
	Stopping chan struct{}
	// Heartbeat is how often an idle stream sends a heartbeat event.
	Heartbeat time.Duration
}

// New binds the handlers to the use cases.
func New(uc *biz.Positioning) *Positioning {
	return &Positioning{uc: uc, Stopping: make(chan struct{}), Heartbeat: 15 * time.Second}
}

func ts(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return timefmt.Format(t)
}

func tenantOf(ctx context.Context) string {
	if id := ident.From(ctx); id != nil {
		return id.TenantID
	}
	return ""
}

// ---- tags ----

func (s *Positioning) tagOut(t *biz.Tag, live biz.Position, has bool) *pb.PosTag {
	o := &pb.PosTag{Id: t.ID, TenantId: t.TenantID, Code: t.Code, PersonName: t.PersonName, PersonType: t.PersonType, UserId: t.UserID,
		DeptName: t.DeptName, Phone: t.Phone, Remark: t.Remark, CreateTime: ts(t.CreateTime), UpdateTime: ts(t.UpdateTime), Battery: -1,
		PostZoneId: t.PostZoneID, PostZoneName: s.uc.Engine.ZoneName(t.TenantID, t.PostZoneID)}
	if has {
		o.LastSeen, o.Battery, o.Online, o.ZoneName = ts(live.TS), live.Battery, live.Online, live.ZoneName
	}
	return o
}

func (s *Positioning) TagPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.PosTagPage, error) {
	p, err := s.uc.Tags.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(p.Records))
	for i := range p.Records {
		ids[i] = p.Records[i].ID
	}
	live := s.uc.Engine.TagLive(tenantOf(ctx), ids)
	out := &pb.PosTagPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, func(t *biz.Tag) *pb.PosTag {
		l, ok := live[t.ID]
		return s.tagOut(t, l, ok)
	})
	return out, nil
}

func (s *Positioning) TagDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.PosTag, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	t, err := s.uc.Tags.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	l, ok := s.uc.Engine.TagLive(t.TenantID, []int64{t.ID})[t.ID]
	return s.tagOut(t, l, ok), nil
}

func (s *Positioning) TagSubmit(ctx context.Context, p *pb.PosTag) (*wrapperspb.BoolValue, error) {
	t := &biz.Tag{Code: p.Code, PersonName: p.PersonName, PersonType: p.PersonType, UserID: p.UserId, DeptName: p.DeptName, Phone: p.Phone, Remark: p.Remark,
		PostZoneID: p.PostZoneId}
	t.ID = p.Id
	return svc.OK, s.uc.SubmitTag(ctx, t)
}

func (s *Positioning) TagRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveTags)
}

// ---- anchors ----

func anchorOut(a *biz.Anchor) *pb.PosAnchor {
	return &pb.PosAnchor{Id: a.ID, TenantId: a.TenantID, Code: a.Code, Name: a.Name, X: a.X, Y: a.Y, Floor: a.Floor, Remark: a.Remark,
		CreateTime: ts(a.CreateTime), UpdateTime: ts(a.UpdateTime)}
}

func (s *Positioning) AnchorPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.PosAnchorPage, error) {
	p, err := s.uc.Anchors.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.PosAnchorPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, anchorOut)
	return out, nil
}

func (s *Positioning) AnchorDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.PosAnchor, error) {
	return svc.Detail(ctx, q.Id, s.uc.Anchors.Get, anchorOut)
}

func (s *Positioning) AnchorSubmit(ctx context.Context, p *pb.PosAnchor) (*wrapperspb.BoolValue, error) {
	a := &biz.Anchor{Code: p.Code, Name: p.Name, X: p.X, Y: p.Y, Floor: p.Floor, Remark: p.Remark}
	a.ID = p.Id
	return svc.OK, s.uc.SubmitAnchor(ctx, a)
}

func (s *Positioning) AnchorRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.Anchors.Remove)
}

// ---- zones ----

func zoneOut(z *biz.Zone, count int32) *pb.PosZone {
	o := &pb.PosZone{Id: z.ID, TenantId: z.TenantID, Name: z.Name, Kind: z.Kind, Floor: z.Floor, MaxHeadcount: z.MaxHeadcount,
		AllowedTagIds: biz.ParseIDs(z.AllowedTags), ResponsibleUserId: z.ResponsibleUserID, Remark: z.Remark,
		CreateTime: ts(z.CreateTime), UpdateTime: ts(z.UpdateTime), Headcount: count, AllowFrom: z.AllowFrom, AllowTo: z.AllowTo,
		AreaId: z.AreaID, AreaName: z.AreaName}
	for _, d := range biz.ParseIDs(z.AllowWeekdays) {
		o.AllowWeekdays = append(o.AllowWeekdays, int32(d))
	}
	for _, v := range biz.DecodePolygon(z.Polygon) {
		o.Polygon = append(o.Polygon, &pb.PosVertex{X: v.X, Y: v.Y})
	}
	return o
}

func (s *Positioning) counts(ctx context.Context) map[int64]int32 {
	out := map[int64]int32{}
	for _, h := range s.uc.Engine.Headcounts(tenantOf(ctx)).Zones {
		out[h.ZoneID] = h.Count
	}
	return out
}

func (s *Positioning) ZonePageList(ctx context.Context, q *commonv1.PageQuery) (*pb.PosZonePage, error) {
	p, err := s.uc.Zones.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	counts := s.counts(ctx)
	out := &pb.PosZonePage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, func(z *biz.Zone) *pb.PosZone { return zoneOut(z, counts[z.ID]) })
	return out, nil
}

func (s *Positioning) ZoneDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.PosZone, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	z, err := s.uc.Zones.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return zoneOut(z, s.counts(ctx)[z.ID]), nil
}

func (s *Positioning) ZoneSubmit(ctx context.Context, p *pb.PosZone) (*wrapperspb.BoolValue, error) {
	z := &biz.Zone{Name: p.Name, Kind: p.Kind, Floor: p.Floor, MaxHeadcount: p.MaxHeadcount, ResponsibleUserID: p.ResponsibleUserId, Remark: p.Remark,
		AreaID: p.AreaId, AreaName: p.AreaName}
	z.ID = p.Id
	pg := make(biz.Polygon, 0, len(p.Polygon))
	for _, v := range p.Polygon {
		pg = append(pg, biz.Vertex{X: v.X, Y: v.Y})
	}
	return svc.OK, s.uc.SubmitZone(ctx, z, pg, p.AllowedTagIds, biz.ZoneWindow{Weekdays: p.AllowWeekdays, From: p.AllowFrom, To: p.AllowTo})
}

func (s *Positioning) ZoneRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveZones)
}

// ---- positions ----

// FixIn converts a wire fix (ts in ms, 0 = now).
func FixIn(f *pb.PosFix) biz.Fix {
	o := biz.Fix{Tag: f.Tag, X: f.X, Y: f.Y, Floor: f.Floor, Battery: f.Battery, SOS: f.Sos}
	if f.Ts > 0 {
		o.TS = time.UnixMilli(f.Ts)
	}
	return o
}

func (s *Positioning) PositionBatch(ctx context.Context, b *pb.PosFixBatch) (*pb.PosBatchResult, error) {
	fixes := make([]biz.Fix, len(b.Items))
	for i, f := range b.Items {
		fixes[i] = FixIn(f)
	}
	a, d, err := s.uc.Ingest(ctx, fixes)
	if err != nil {
		return nil, err
	}
	return &pb.PosBatchResult{Accepted: int32(a), Dropped: int32(d)}, nil
}

func positionOut(p *biz.Position) *pb.PosPosition {
	return &pb.PosPosition{TagId: p.TagID, Tag: p.Tag, PersonName: p.PersonName, PersonType: p.PersonType, X: p.X, Y: p.Y, Floor: p.Floor,
		Battery: p.Battery, Sos: p.SOS, Ts: ts(p.TS), ZoneId: p.ZoneID, ZoneName: p.ZoneName, Online: p.Online}
}

func (s *Positioning) PositionLive(ctx context.Context, _ *commonv1.Empty) (*pb.PosPositionList, error) {
	list, err := s.uc.Positions(ctx)
	if err != nil {
		return nil, err
	}
	return &pb.PosPositionList{Items: svc.Map(list, positionOut)}, nil
}

func headsOut(h *biz.Headcounts) *pb.PosHeadcounts {
	o := &pb.PosHeadcounts{Online: h.Online, Offline: h.Offline, Total: h.Total}
	for _, z := range h.Zones {
		o.Zones = append(o.Zones, &pb.PosHeadcount{ZoneId: z.ZoneID, ZoneName: z.ZoneName, Kind: z.Kind, Count: z.Count, MaxHeadcount: z.Max})
	}
	return o
}

func (s *Positioning) ZoneHeadcount(ctx context.Context, _ *commonv1.Empty) (*pb.PosHeadcounts, error) {
	h, err := s.uc.Headcounts(ctx)
	if err != nil {
		return nil, err
	}
	return headsOut(&h), nil
}

func (s *Positioning) PositionTrack(ctx context.Context, q *pb.PosTrackQuery) (*pb.PosTrack, error) {
	if err := svc.Need(q.TagId); err != nil {
		return nil, err
	}
	from, ok1 := timefmt.Parse(q.Start)
	to, ok2 := timefmt.Parse(q.End)
	if !ok1 || !ok2 {
		return nil, errs.BadRequest("开始时间和结束时间格式应为 yyyy-MM-dd HH:mm:ss")
	}
	rows, err := s.uc.Track(ctx, q.TagId, from, to)
	if err != nil {
		return nil, err
	}
	out := &pb.PosTrack{}
	for _, r := range rows {
		out.Points = append(out.Points, &pb.PosTrackPoint{Ts: ts(r.TS), X: r.X, Y: r.Y, Floor: r.Floor, ZoneId: r.ZoneID})
	}
	return out, nil
}

// ---- alarms ----

func alarmOut(a *biz.Alarm) *pb.PosAlarm {
	return &pb.PosAlarm{Id: a.ID, TenantId: a.TenantID, AlarmType: a.AlarmType, Level: a.Level, TagId: a.TagID, Tag: a.Tag, PersonName: a.PersonName,
		ZoneId: a.ZoneID, ZoneName: a.ZoneName, X: a.X, Y: a.Y, Detail: a.Detail, State: a.State, RaisedAt: ts(a.RaisedAt),
		ClearedAt: timefmt.FormatPtr(a.ClearedAt), Repeats: a.Repeats, HandledAt: timefmt.FormatPtr(a.HandledAt), HandledBy: a.HandledBy,
		HandledByName: a.HandledByName, Comment: a.Comment, ParkCode: biz.ParkCode(a.AlarmType)}
}

func (s *Positioning) AlarmPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.PosAlarmPage, error) {
	p, err := s.uc.Alarms.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.PosAlarmPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, alarmOut)
	return out, nil
}

func (s *Positioning) AlarmHandle(ctx context.Context, q *pb.PosHandleRequest) (*wrapperspb.BoolValue, error) {
	ids, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.HandleAlarms(ctx, ids, q.State, q.Comment)
}

// Stream sends the caller tenant's live events: alarms kept after
// last_event_id first, then a "ready" event, then new events, with a
// heartbeat when idle.
func (s *Positioning) Stream(q *pb.PosStreamQuery, st grpc.ServerStreamingServer[pb.PosLiveEvent]) error {
	id := ident.From(st.Context())
	if id == nil || id.TenantID == "" {
		return errs.Unauthorized("")
	}
	backlog, c, cancel := s.uc.Engine.Live.Subscribe(id.TenantID, q.LastEventId)
	defer cancel()
	for i := range backlog {
		if err := st.Send(liveOut(&backlog[i])); err != nil {
			return err
		}
	}
	if err := st.Send(&pb.PosLiveEvent{Kind: "ready"}); err != nil {
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
			if err := st.Send(&pb.PosLiveEvent{Kind: "heartbeat"}); err != nil {
				return err
			}
		case <-st.Context().Done():
			return nil
		case <-s.Stopping:
			return nil
		}
	}
}

func liveOut(e *biz.LiveEvent) *pb.PosLiveEvent {
	o := &pb.PosLiveEvent{Id: e.ID, Kind: e.Kind}
	if e.Alarm != nil {
		o.Alarm = alarmOut(e.Alarm)
	}
	if e.Heads != nil {
		o.Headcounts = headsOut(e.Heads)
	}
	o.Positions = svc.Map(e.Positions, positionOut)
	return o
}
