package biz

import (
	"context"
	"time"

	"anquan/kit/errs"
	"anquan/kit/timefmt"
)

// Bounds of a trend query: the longest range, and the fewest and most
// buckets (a chart's width in pixels at most).
const (
	TrendMaxRange = 31 * 24 * time.Hour
	TrendMinWidth = 10
	TrendMaxWidth = 2000
	// TrendDefaultWidth is the width when none is given.
	TrendDefaultWidth = 600
)

// TrendBucket is one bucket of a downsampled trend: its start and the
// minimum, maximum and mean of its samples (min/max keep every excursion
// visible however wide the bucket).
type TrendBucket struct {
	Start         time.Time
	Min, Max, Avg float64
	Count         int
}

// HistoryReader reads the history store.
type HistoryReader interface {
	// Trend groups the tenant's samples of a point in [from, to) into
	// buckets of the given length, counted from from, in the database (one
	// GROUP BY; rows never come into memory); empty buckets are left out.
	Trend(ctx context.Context, tenant string, pointID int64, from, to time.Time, bucket time.Duration) ([]TrendBucket, error)
}

// Trend is a point's downsampled history.
type Trend struct {
	Point    *Point
	From, To time.Time
	Bucket   time.Duration
	Buckets  []TrendBucket
}

// TrendRange reads and bounds a trend's range and width: from before to,
// at most TrendMaxRange, width TrendMinWidth..TrendMaxWidth (0: the
// default). The bucket is the range over the width, rounded up to a whole
// second, so there are never more than width buckets.
func TrendRange(from, to string, width int32) (time.Time, time.Time, time.Duration, error) {
	f, ok1 := timefmt.Parse(from)
	t, ok2 := timefmt.Parse(to)
	if !ok1 || !ok2 {
		return time.Time{}, time.Time{}, 0, errs.BadRequest("请选择趋势的开始和结束时间(yyyy-MM-dd HH:mm:ss)")
	}
	if !t.After(f) {
		return time.Time{}, time.Time{}, 0, errs.BadRequest("趋势的开始时间应早于结束时间")
	}
	if t.Sub(f) > TrendMaxRange {
		return time.Time{}, time.Time{}, 0, errs.BadRequest("趋势范围不能超过 %d 天", int(TrendMaxRange/(24*time.Hour)))
	}
	if width == 0 {
		width = TrendDefaultWidth
	}
	if width < TrendMinWidth || width > TrendMaxWidth {
		return time.Time{}, time.Time{}, 0, errs.BadRequest("趋势宽度应在 %d 到 %d 之间", TrendMinWidth, TrendMaxWidth)
	}
	// to is inclusive (to the end of its second): the range read is
	// [from, to+1s), and width buckets cover it.
	span := t.Sub(f) + time.Second
	bucket := (span + time.Duration(width) - 1) / time.Duration(width)
	bucket = ((bucket + time.Second - 1) / time.Second) * time.Second
	return f, t, bucket, nil
}

// PointTrend is the trend of a point the caller sees (its tenant's, in the
// caller's data scope as the point list): the history in [from, to]
// downsampled to at most width buckets.
func (m *Monitor) PointTrend(ctx context.Context, id int64, from, to string, width int32) (*Trend, error) {
	f, t, bucket, err := TrendRange(from, to, width)
	if err != nil {
		return nil, err
	}
	p, err := m.Points.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if m.History == nil {
		return nil, errs.Unavailable("历史数据暂不可用")
	}
	b, err := m.History.Trend(ctx, p.TenantID, p.ID, f, t.Add(time.Second), bucket)
	if err != nil {
		return nil, err
	}
	return &Trend{Point: p, From: f, To: t, Bucket: bucket, Buckets: b}, nil
}
