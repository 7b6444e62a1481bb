package data

import (
	"context"
	"log/slog"

	"google.golang.org/grpc/codes"

	"anquan/emergency/internal/biz"
	"anquan/kit/errs"
	commonv1 "anquan/proto/blade/common/v1"
	positioningv1 "anquan/proto/blade/positioning/v1"
)

// Positioning reads the head counts of personnel positioning as the
// caller: the caller's token travels with the call, so a caller without
// the positioning button sees why, not another's numbers. An unavailable
// service is said, never a failure of the incident.
type Positioning struct {
	C positioningv1.PositioningServiceClient
}

func (p Positioning) Muster(ctx context.Context) biz.Muster {
	h, err := p.C.ZoneHeadcount(ctx, &commonv1.Empty{})
	switch errs.Code(err) {
	case codes.OK:
	case codes.PermissionDenied:
		return biz.Muster{Message: "您没有人员定位的查看权限,无法显示集结清点名单"}
	default:
		slog.Warn("a positioning head count failed", "err", err)
		return biz.Muster{Message: "人员定位服务暂不可用,集结清点名单无法获取,请人工清点"}
	}
	m := biz.Muster{Available: true, Online: h.GetOnline(), Total: h.GetTotal()}
	for _, z := range h.GetZones() {
		m.Zones = append(m.Zones, biz.MusterZone{Name: z.GetZoneName(), Count: z.GetCount()})
	}
	return m
}
