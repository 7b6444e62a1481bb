package service

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"google.golang.org/genproto/googleapis/api/httpbody"

	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/xlsx"
	"anquan/monitor/internal/biz"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/monitor/v1"
)

// ---- online rate ----

// onlineQuery splits the day filter from the point list's filters (the
// rows name them pointCode and pointName).
func onlineQuery(in *commonv1.PageQuery) (paging.Query, string) {
	q := svc.Query(in)
	day := q.Filters["day"]
	if q.Filters != nil {
		q.Filters = maps.Clone(q.Filters)
		delete(q.Filters, "day")
		// The page's names for the point's columns, with or without an operator suffix
		// (pointCode_equal is code_equal).
		for k, v := range q.Filters {
			for from, to := range map[string]string{"pointCode": "code", "pointName": "name"} {
				if op, ok := strings.CutPrefix(k, from); ok && (op == "" || op[0] == '_') {
					delete(q.Filters, k)
					q.Filters[to+op] = v
				}
			}
		}
	}
	return q, day
}

func onlinePointOut(names biz.Names) func(r *biz.PointOnline) *pb.MonitorOnlinePoint {
	return func(r *biz.PointOnline) *pb.MonitorOnlinePoint {
		p := &r.Point
		interval := p.ExpectInterval
		if interval <= 0 {
			interval = biz.DefaultExpectInterval
		}
		return &pb.MonitorOnlinePoint{PointId: p.ID, PointCode: p.Code, PointName: p.Name, DeviceId: p.DeviceID,
			DeviceName: names.Devices[p.DeviceID], GatewayCode: names.Gateways[p.GatewayID], ExpectInterval: interval,
			Online: r.Online, LastSeen: ts(r.SeenAt), OnlineSeconds: r.OnlineTime.Seconds(), Seconds: r.Time.Seconds(), Ratio: r.Ratio}
	}
}

func (s *Monitor) OnlinePointPage(ctx context.Context, in *commonv1.PageQuery) (*pb.MonitorOnlinePointPage, error) {
	q, day := onlineQuery(in)
	p, names, day, err := s.uc.OnlinePoints(ctx, q, day)
	if err != nil {
		return nil, err
	}
	out := &pb.MonitorOnlinePointPage{Day: day}
	out.Records, out.Total, out.Size, out.Current, out.Pages = svc.PageOf(p, onlinePointOut(names))
	return out, nil
}

// percent shows a ratio as a percentage with two decimals ("-" when nothing was observed).
func percent(ratio, seconds float64) string {
	if seconds <= 0 {
		return "-"
	}
	return pct(ratio)
}

func pct(ratio float64) string { return fmt.Sprintf("%.2f%%", ratio*100) }

var onlinePointColumns = []xlsx.Column[*pb.MonitorOnlinePoint]{
	{Header: "点位编码", Width: 14, Value: func(r *pb.MonitorOnlinePoint) any { return r.PointCode }},
	{Header: "点位名称", Width: 24, Value: func(r *pb.MonitorOnlinePoint) any { return r.PointName }},
	{Header: "设备", Width: 20, Value: func(r *pb.MonitorOnlinePoint) any { return r.DeviceName }},
	{Header: "网关", Width: 12, Value: func(r *pb.MonitorOnlinePoint) any { return r.GatewayCode }},
	{Header: "采样周期(秒)", Width: 12, Value: func(r *pb.MonitorOnlinePoint) any { return r.ExpectInterval }},
	{Header: "当前状态", Width: 10, Value: func(r *pb.MonitorOnlinePoint) any {
		if r.Online {
			return "在线"
		}
		return "离线"
	}},
	{Header: "最后数据时间", Width: 20, Value: func(r *pb.MonitorOnlinePoint) any { return r.LastSeen }},
	{Header: "在线时长(秒)", Width: 12, Value: func(r *pb.MonitorOnlinePoint) any { return int64(r.OnlineSeconds) }},
	{Header: "统计时长(秒)", Width: 12, Value: func(r *pb.MonitorOnlinePoint) any { return int64(r.Seconds) }},
	{Header: "在线率", Width: 10, Value: func(r *pb.MonitorOnlinePoint) any { return percent(r.Ratio, r.Seconds) }},
}

func (s *Monitor) OnlinePointExport(ctx context.Context, in *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	q, day := onlineQuery(in)
	rows, names, day, err := s.uc.OnlinePointList(ctx, q, day)
	if err != nil {
		return nil, err
	}
	out := make([]*pb.MonitorOnlinePoint, 0, len(rows))
	f := onlinePointOut(names)
	for i := range rows {
		out = append(out, f(&rows[i]))
	}
	return svc.ExportRows(ctx, "点位在线率_"+day, onlinePointColumns, out)
}

func (s *Monitor) OnlineDeviceList(ctx context.Context, q *pb.MonitorOnlineDayQuery) (*pb.MonitorOnlineDeviceList, error) {
	rows, day, err := s.uc.OnlineDevices(ctx, q.Day)
	if err != nil {
		return nil, err
	}
	return &pb.MonitorOnlineDeviceList{Day: day, Records: svc.Map(rows, func(r *biz.DeviceOnline) *pb.MonitorOnlineDevice {
		return &pb.MonitorOnlineDevice{DeviceId: r.Device.ID, DeviceCode: r.Device.Code, DeviceName: r.Device.Name, DeviceType: r.Device.DeviceType,
			Points: int32(r.Points), OnlinePoints: int32(r.OnlinePoints), OnlineSeconds: r.OnlineTime.Seconds(), Seconds: r.Time.Seconds(), Ratio: r.Ratio}
	})}, nil
}

func (s *Monitor) OnlineDaily(ctx context.Context, q *pb.AnalysisQuery) (*pb.MonitorOnlineDays, error) {
	d, err := s.uc.OnlineDaily(ctx, q.From, q.To)
	if err != nil {
		return nil, err
	}
	return &pb.MonitorOnlineDays{From: d.From, To: d.To, TargetPermille: d.Target, TargetSource: d.TargetSource,
		Days: svc.Map(d.Days, func(f *biz.OnlineDayFigure) *pb.MonitorOnlineDay {
			return &pb.MonitorOnlineDay{Day: f.Day, Points: int32(f.Points), OnlineSeconds: f.OnlineTime.Seconds(), Seconds: f.Time.Seconds(),
				Ratio: f.Ratio, Met: f.Met}
		})}, nil
}

func (s *Monitor) OnlineDailyExport(ctx context.Context, q *pb.AnalysisQuery) (*httpbody.HttpBody, error) {
	d, err := s.OnlineDaily(ctx, q)
	if err != nil {
		return nil, err
	}
	target := pct(float64(d.TargetPermille) / 1000)
	cols := []xlsx.Column[*pb.MonitorOnlineDay]{
		{Header: "日期", Width: 12, Value: func(r *pb.MonitorOnlineDay) any { return r.Day }},
		{Header: "点位数", Width: 8, Value: func(r *pb.MonitorOnlineDay) any { return r.Points }},
		{Header: "在线点位时长(秒)", Width: 16, Value: func(r *pb.MonitorOnlineDay) any { return int64(r.OnlineSeconds) }},
		{Header: "点位总时长(秒)", Width: 16, Value: func(r *pb.MonitorOnlineDay) any { return int64(r.Seconds) }},
		{Header: "在线率", Width: 10, Value: func(r *pb.MonitorOnlineDay) any { return percent(r.Ratio, r.Seconds) }},
		{Header: "达标值 " + target, Width: 12, Value: func(r *pb.MonitorOnlineDay) any {
			switch {
			case r.Seconds <= 0:
				return "无数据"
			case r.Met:
				return "达标"
			}
			return "未达标"
		}},
	}
	return svc.ExportRows(ctx, "日在线率_"+d.From+"_"+d.To, cols, d.Days)
}
