package biz

import (
	"sort"
	"time"
)

// Online rate (在线率): a point is online while its samples keep arriving,
// and offline once OfflineAfter of its expected intervals pass without one.
// The engine keeps each point's last arrival and writes a row only when a
// point goes online or offline (OnlineSpan), so a day's rate is read from a
// few spans per point, never from the raw history.
const (
	// DefaultExpectInterval is a point's sampling interval when none is set
	// (seconds); Min/MaxExpectInterval bound what a tenant may set.
	DefaultExpectInterval int32 = 60
	MinExpectInterval     int32 = 1
	MaxExpectInterval     int32 = 86400
	// OfflineAfter is how many expected intervals without a sample make a
	// point offline (issue 14).
	OfflineAfter = 3
	// MaxMolarMass bounds a detector gas's molar mass (g/mol).
	MaxMolarMass = 1000.0
)

// OnlineSpan is a stretch of time a point was online: from the sample that
// brought it online to OfflineAfter expected intervals after its last
// sample. EndAt nil: online now (the engine ends it). Measurement data, not
// a business change: not audited.
type OnlineSpan struct {
	ID       int64     `gorm:"primaryKey;autoIncrement:false"`
	TenantID string    `gorm:"size:12;not null"`
	PointID  int64     `gorm:"not null"`
	StartAt  time.Time `gorm:"not null"`
	EndAt    *time.Time
}

func (OnlineSpan) TableName() string { return "monitor_online_span" }
func (OnlineSpan) NotAudited()       {}

// OfflineWindow is how long after its last sample a point with this
// expected interval (seconds; 0 = the default) stays online.
func OfflineWindow(interval int32) time.Duration {
	if interval <= 0 {
		interval = DefaultExpectInterval
	}
	return time.Duration(interval) * OfflineAfter * time.Second
}

// OnlineAt reports whether a point whose last sample arrived at last is
// online at now: less than OfflineWindow has passed (exactly three intervals
// without a sample is offline). A point never heard from is offline.
func OnlineAt(last time.Time, interval int32, now time.Time) bool {
	return !last.IsZero() && now.Sub(last) < OfflineWindow(interval)
}

// OnlineDuration is the time in [from, to) the spans cover, overlaps counted
// once; an open span (EndAt nil) ends at openEnd.
func OnlineDuration(spans []OnlineSpan, from, to, openEnd time.Time) time.Duration {
	if !to.After(from) {
		return 0
	}
	type iv struct{ s, e time.Time }
	ivs := make([]iv, 0, len(spans))
	for _, sp := range spans {
		e := openEnd
		if sp.EndAt != nil {
			e = *sp.EndAt
		}
		s := sp.StartAt
		if s.Before(from) {
			s = from
		}
		if e.After(to) {
			e = to
		}
		if e.After(s) {
			ivs = append(ivs, iv{s, e})
		}
	}
	sort.Slice(ivs, func(i, j int) bool { return ivs[i].s.Before(ivs[j].s) })
	var total time.Duration
	var cur iv
	for i, v := range ivs {
		switch {
		case i == 0:
			cur = v
		case !v.s.After(cur.e):
			if v.e.After(cur.e) {
				cur.e = v.e
			}
		default:
			total += cur.e.Sub(cur.s)
			cur = v
		}
	}
	if len(ivs) > 0 {
		total += cur.e.Sub(cur.s)
	}
	return total
}

// Ratio is part over whole (0 when there is no whole).
func Ratio(part, whole time.Duration) float64 {
	if whole <= 0 {
		return 0
	}
	return float64(part) / float64(whole)
}

// MeetsTarget: online over total reaches the target in permille (integer
// arithmetic, so 99.5 % of a day is met exactly at its boundary).
func MeetsTarget(online, total time.Duration, permille int32) bool {
	if total <= 0 {
		return false
	}
	return int64(online/time.Millisecond)*1000 >= int64(total/time.Millisecond)*int64(permille)
}
