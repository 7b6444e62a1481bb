// Package service is monitor's transport layer: the gRPC handlers of
// MonitorService. It converts requests and answers and leaves the rules to
// biz.
package service

import (
	"context"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/monitor/internal/biz"
	"anquan/monitor/internal/biz/alarm"
	"anquan/monitor/internal/server"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/monitor/v1"
)

// Monitor serves MonitorService.
type Monitor struct {
	pb.UnimplementedMonitorServiceServer
	uc *biz.Monitor
	// Stopping is closed when the service stops: open streams end.
	Stopping chan struct{}
	// Heartbeat is how often an idle stream sends a heartbeat event.
	Heartbeat time.Duration
}

// New binds the handlers to the use cases.
func New(uc *biz.Monitor) *Monitor {
	return &Monitor{uc: uc, Stopping: make(chan struct{}), Heartbeat: 15 * time.Second}
}

func ts(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return timefmt.Format(t)
}

// ---- gateways ----

func (s *Monitor) gatewayOut(g *biz.Gateway) *pb.Gateway {
	pr, bad := s.uc.Engine.GatewayStats(g.TenantID, g.Code)
	return &pb.Gateway{Id: g.ID, TenantId: g.TenantID, Code: g.Code, Name: g.Name, Remark: g.Remark, HasSecret: g.SecretHash != "",
		LastSeen: ts(pr.LastSeen), Online: pr.Online(time.Now()), Malformed: bad, CreateTime: ts(g.CreateTime), UpdateTime: ts(g.UpdateTime)}
}

func (s *Monitor) GatewayPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.GatewayPage, error) {
	p, err := s.uc.Gateways.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.GatewayPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, s.gatewayOut)
	return out, nil
}

func (s *Monitor) GatewayDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Gateway, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	g, err := s.uc.Gateways.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return s.gatewayOut(g), nil
}

func (s *Monitor) GatewaySubmit(ctx context.Context, p *pb.Gateway) (*wrapperspb.BoolValue, error) {
	g := &biz.Gateway{Code: p.Code, Name: p.Name, Remark: p.Remark}
	g.ID = p.Id
	return svc.OK, s.uc.SubmitGateway(ctx, g)
}

func (s *Monitor) GatewayRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	ids, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.RemoveGateways(ctx, ids)
}

func (s *Monitor) GatewayIssueSecret(ctx context.Context, q *commonv1.IdQuery) (*pb.GatewaySecret, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	g, secret, err := s.uc.IssueSecret(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return &pb.GatewaySecret{Id: g.ID, Username: g.TenantID + ":" + g.Code, Secret: secret,
		Topic: "anquan/" + g.TenantID + "/" + g.Code + "/telemetry"}, nil
}

// ---- devices ----

func deviceOut(d *biz.Device) *pb.Device {
	return &pb.Device{Id: d.ID, TenantId: d.TenantID, Code: d.Code, Name: d.Name, DeviceType: d.DeviceType,
		DeviceTypeName: biz.DeviceTypes[d.DeviceType], AreaId: d.AreaID, Remark: d.Remark, CreateTime: ts(d.CreateTime), UpdateTime: ts(d.UpdateTime)}
}

func (s *Monitor) DevicePageList(ctx context.Context, q *commonv1.PageQuery) (*pb.DevicePage, error) {
	p, err := s.uc.Devices.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.DevicePage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, deviceOut)
	return out, nil
}

func (s *Monitor) DeviceDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Device, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	d, err := s.uc.Devices.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return deviceOut(d), nil
}

func (s *Monitor) DeviceSubmit(ctx context.Context, p *pb.Device) (*wrapperspb.BoolValue, error) {
	d := &biz.Device{Code: p.Code, Name: p.Name, DeviceType: p.DeviceType, AreaID: p.AreaId, Remark: p.Remark}
	d.ID = p.Id
	return svc.OK, s.uc.SubmitDevice(ctx, d)
}

func (s *Monitor) DeviceRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	ids, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.RemoveDevices(ctx, ids)
}

// ---- points ----

func pointOut(p *biz.Point, live biz.LiveState) *pb.Point {
	o := &pb.Point{Id: p.ID, TenantId: p.TenantID, Code: p.Code, Name: p.Name, GatewayId: p.GatewayID, DeviceId: p.DeviceID,
		AreaId: p.AreaID, IndicatorType: p.IndicatorType, Unit: p.Unit, GasType: p.GasType, GasName: p.GasName, Oel: p.OEL,
		RangeLow: p.RangeLow, RangeHigh: p.RangeHigh, LimitLl: p.LimitLL, LimitL: p.LimitL, LimitH: p.LimitH, LimitHh: p.LimitHH,
		Deadband: p.Deadband, OnDelay: p.OnDelay, OffDelay: p.OffDelay, ResponsibleUserId: p.ResponsibleUserID,
		AlarmLevel: live.Level, AlarmState: live.State, CreateTime: ts(p.CreateTime), UpdateTime: ts(p.UpdateTime),
		Chattering: live.Chattering, ExpectInterval: p.ExpectInterval, MolarMass: p.MolarMass, MapX: p.MapX, MapY: p.MapY}
	if !live.HeldUntil.IsZero() && time.Now().Before(live.HeldUntil) {
		o.HeldUntil = ts(live.HeldUntil)
	}
	if o.AlarmState == "" {
		o.AlarmState = string(alarm.Normal)
	}
	if live.Has {
		v := live.Value
		o.Value, o.ValueTime = &v, ts(live.At)
	}
	return o
}

func pointIn(p *pb.Point) *biz.Point {
	o := &biz.Point{Code: p.Code, Name: p.Name, GatewayID: p.GatewayId, DeviceID: p.DeviceId, AreaID: p.AreaId,
		IndicatorType: p.IndicatorType, Unit: p.Unit, GasType: p.GasType, GasName: p.GasName, OEL: p.Oel, RangeLow: p.RangeLow,
		RangeHigh: p.RangeHigh, LimitLL: p.LimitLl, LimitL: p.LimitL, LimitH: p.LimitH, LimitHH: p.LimitHh, Deadband: p.Deadband,
		OnDelay: p.OnDelay, OffDelay: p.OffDelay, ResponsibleUserID: p.ResponsibleUserId, ExpectInterval: p.ExpectInterval, MolarMass: p.MolarMass,
		MapX: p.MapX, MapY: p.MapY}
	o.ID = p.Id
	return o
}

func (s *Monitor) PointPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.PointPage, error) {
	p, live, names, err := s.uc.PointPage(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.PointPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, func(x *biz.Point) *pb.Point {
		o := pointOut(x, live[x.ID])
		o.GatewayCode, o.DeviceName = names.Gateways[x.GatewayID], names.Devices[x.DeviceID]
		return o
	})
	return out, nil
}

func (s *Monitor) PointDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Point, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	p, err := s.uc.Points.Get(ctx, q.Id)
	if err != nil {
		return nil, err
	}
	return pointOut(p, s.uc.Engine.Snapshot(ctx, []int64{p.ID})[p.ID]), nil
}

func (s *Monitor) PointTrend(ctx context.Context, q *pb.TrendQuery) (*pb.Trend, error) {
	if err := svc.Need(q.Id); err != nil {
		return nil, err
	}
	t, err := s.uc.PointTrend(ctx, q.Id, q.From, q.To, q.Width)
	if err != nil {
		return nil, err
	}
	p := t.Point
	return &pb.Trend{PointId: p.ID, PointCode: p.Code, PointName: p.Name, Unit: p.Unit,
		LimitLl: p.LimitLL, LimitL: p.LimitL, LimitH: p.LimitH, LimitHh: p.LimitHH,
		From: ts(t.From), To: ts(t.To), BucketSeconds: t.Bucket.Seconds(),
		Buckets: svc.Map(t.Buckets, func(b *biz.TrendBucket) *pb.TrendBucket {
			return &pb.TrendBucket{Ts: ts(b.Start), Min: b.Min, Max: b.Max, Avg: b.Avg, Count: int32(b.Count)}
		})}, nil
}

func (s *Monitor) PointSubmit(ctx context.Context, p *pb.Point) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SubmitPoint(ctx, pointIn(p))
}

func (s *Monitor) PointRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	ids, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.RemovePoints(ctx, ids)
}

// ---- alarms ----

func alarmOut(a *biz.Alarm) *pb.Alarm {
	return &pb.Alarm{Id: a.ID, TenantId: a.TenantID, PointId: a.PointID, PointCode: a.PointCode, PointName: a.PointName,
		Level: a.Level, AlarmStatus: alarm.Status(alarm.Level(a.Level)), Value: a.Value, LastValue: a.LastValue, Unit: a.Unit,
		State: a.State, RaisedAt: ts(a.RaisedAt), AckedAt: timefmt.FormatPtr(a.AckedAt), AckedBy: a.AckedBy,
		AckedByName: a.AckedByName, ClearedAt: timefmt.FormatPtr(a.ClearedAt), Limit: a.Limit,
		Shelved: a.ShelvedAt(time.Now()), ShelvedUntil: timefmt.FormatPtr(a.ShelvedUntil), ShelvedByName: a.ShelvedByName, ShelveReason: a.ShelveReason,
		Suppressed: a.Suppressed, Chattering: a.Chattering}
}

func (s *Monitor) AlarmActive(ctx context.Context, _ *commonv1.Empty) (*pb.AlarmList, error) {
	list, err := s.uc.ActiveList(ctx)
	if err != nil {
		return nil, err
	}
	return &pb.AlarmList{Items: svc.Map(list, func(a *biz.ActiveAlarm) *pb.Alarm {
		o := alarmOut(&a.Alarm)
		o.Critical, o.UnitName, o.Flood, o.FirstOut = a.Critical, a.UnitName, a.Flood, a.FirstOut
		return o
	})}, nil
}

func (s *Monitor) AlarmPageList(ctx context.Context, q *commonv1.PageQuery) (*pb.AlarmPage, error) {
	p, err := s.uc.Alarms.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.AlarmPage{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, alarmOut)
	return out, nil
}

func (s *Monitor) AlarmAck(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	ids, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.AckAlarms(ctx, ids)
}

func (s *Monitor) AlarmShelve(ctx context.Context, q *pb.ShelveRequest) (*wrapperspb.BoolValue, error) {
	ids, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.ShelveAlarms(ctx, ids, q.Minutes, q.Reason)
}

func (s *Monitor) AlarmUnshelve(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	ids, err := svc.IDs(q.Ids)
	if err != nil {
		return nil, err
	}
	return svc.OK, s.uc.UnshelveAlarms(ctx, ids)
}

// Stream sends the caller tenant's live events: those kept after
// last_event_id first, then new ones, with a heartbeat (kind "heartbeat")
// when idle.
func (s *Monitor) Stream(q *pb.StreamQuery, st grpc.ServerStreamingServer[pb.LiveEvent]) error {
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
	if err := st.Send(&pb.LiveEvent{Kind: "ready"}); err != nil {
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
			if err := st.Send(&pb.LiveEvent{Kind: "heartbeat"}); err != nil {
				return err
			}
		case <-st.Context().Done():
			return nil
		case <-s.Stopping:
			return nil
		}
	}
}

func liveOut(e *biz.LiveEvent) *pb.LiveEvent {
	o := &pb.LiveEvent{Id: e.ID, Kind: e.Kind}
	if e.Alarm != nil {
		o.Alarm = alarmOut(e.Alarm)
	}
	v := e.Value
	o.Point = &pb.Point{Id: e.PointID, Code: e.PointCode, Value: &v, ValueTime: ts(e.At), AlarmLevel: e.Level, AlarmState: e.State}
	return o
}

// ---- HTTP batch ingest ----

// IngestPerMinute bounds the batches of one gateway a minute.
const IngestPerMinute = 120

var ingestLimit = &server.Limiter{PerMinute: IngestPerMinute}

// Ingest takes a batch of telemetry of a gateway without MQTT: its own
// credentials (as on MQTT), the same decoder, a budget per gateway.
func (s *Monitor) Ingest(ctx context.Context, q *pb.IngestRequest) (*pb.IngestReply, error) {
	tenant, code, ok := strings.Cut(q.Username, ":")
	if !ok || tenant == "" || code == "" {
		return nil, errs.Unauthorized("网关用户名应为“租户ID:网关编码”")
	}
	now := time.Now()
	if !ingestLimit.Allow(tenant+"|"+code, now) {
		return nil, errs.TooMany("网关上报过于频繁,每分钟最多 %d 次,请合并后批量上报", IngestPerMinute)
	}
	if !s.uc.Authenticate(ctx, tenant, code, q.Secret) {
		return nil, errs.Unauthorized("网关用户名或密钥错误")
	}
	accepted, dropped, err := server.IngestBatch(s.uc.Engine, tenant, code, q.Payload, now)
	if err != nil {
		s.uc.Engine.Malformed(tenant, code, now)
		return nil, errs.BadRequest("上报数据格式错误:应为 {\"ts\": 毫秒时间戳, \"values\": {\"点位编码\": 数值}} 或其数组")
	}
	return &pb.IngestReply{Accepted: int32(accepted), Dropped: int32(dropped)}, nil
}

// ---- screens ----

func (s *Monitor) Screen(ctx context.Context, _ *commonv1.Empty) (*pb.MonitorScreen, error) {
	sc, err := s.uc.ScreenFigures(ctx)
	if err != nil {
		return nil, err
	}
	count := func(c *biz.Count) *pb.ScreenCount {
		return &pb.ScreenCount{Code: c.Code, Name: c.Name, Count: int32(c.Count)}
	}
	return &pb.MonitorScreen{Points: int32(sc.Points), Detectors: int32(sc.Detectors),
		States: svc.Map(sc.States, count), GasTypes: svc.Map(sc.GasTypes, count), OnlineRate: sc.OnlineRate,
		Gateways: svc.Map(sc.Gateways, func(g *biz.ScreenGateway) *pb.ScreenGateway {
			return &pb.ScreenGateway{Id: g.Gateway.ID, Code: g.Gateway.Code, Name: g.Gateway.Name, Online: g.Online,
				LastSeen: ts(g.Presence.LastSeen), Points: int32(g.Points)}
		}),
		KeyPoints: svc.Map(sc.KeyPoints, func(p *biz.Point) *pb.Point { return pointOut(p, sc.Live[p.ID]) }),
	}, nil
}
