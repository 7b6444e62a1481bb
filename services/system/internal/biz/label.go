package biz

import (
	"context"
	"strings"

	"anquan/kit/errs"
)

// SaveLabel validates a map label.
func (s *System) SaveLabel(ctx context.Context, l *Label) error {
	l.Name = strings.TrimSpace(l.Name)
	if l.Name == "" {
		return errs.BadRequest("请输入标签名称")
	}
	if l.Longitude < -180 || l.Longitude > 180 || l.Latitude < -90 || l.Latitude > 90 {
		return errs.BadRequest("经纬度超出范围")
	}
	return save(ctx, s.S.Labels, l.ID, l)
}
