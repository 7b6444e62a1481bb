package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
	"anquan/video/internal/biz"
)

var ruleSpec = crud.Spec{Name: "视频规则", Order: "code asc, version desc"}

// NewRules is the rule versions' repository.
func NewRules(g *gorm.DB) *crud.Repo[biz.Rule] { return crud.New[biz.Rule](g, ruleSpec) }

// Rules are the caller tenant's rule versions, newest first.
func (q Queries) Rules(ctx context.Context, code string) ([]biz.Rule, error) {
	var out []biz.Rule
	tx := db.Conn(ctx, q.G).Where("is_deleted = 0")
	if code != "" {
		tx = tx.Where("code = ?", code)
	}
	return out, tx.Order("code asc, version desc").Limit(10000).Find(&out).Error
}

// Sweep implements biz.SnapshotSweep in the system context, each query
// naming its tenant.
type Sweep struct{ G *gorm.DB }

func (s Sweep) conn(ctx context.Context) *gorm.DB { return db.Conn(ident.AsSystem(ctx), s.G) }

// kept: a handled alarm whose stored snapshot is still there (the
// idx_video_alarm_status index leads with tenant and handling).
const kept = "is_deleted = 0 AND handle_status <> ? AND snapshot LIKE ?"

func (s Sweep) SnapshotTenants(ctx context.Context) ([]string, error) {
	var out []string
	return out, s.conn(ctx).Model(&biz.Alarm{}).Where(kept, biz.Unhandled, biz.SnapshotPath+"%").
		Distinct("tenant_id").Limit(100000).Pluck("tenant_id", &out).Error
}

func (s Sweep) TenantRules(ctx context.Context, tenant string) ([]biz.Rule, error) {
	var out []biz.Rule
	return out, s.conn(ctx).Where("tenant_id = ? AND is_deleted = 0", tenant).Limit(10000).Find(&out).Error
}

func (s Sweep) ExpiredSnapshots(ctx context.Context, tenant string, cutoff time.Time, limit int) ([]biz.Alarm, error) {
	var out []biz.Alarm
	// In the zone alarm times are written in: SQLite compares times as text.
	cutoff = cutoff.In(timefmt.Zone)
	return out, s.conn(ctx).Select("id", "tenant_id", "snapshot").
		Where("tenant_id = ? AND "+kept+" AND alarm_time < ?", tenant, biz.Unhandled, biz.SnapshotPath+"%", cutoff).
		Order("alarm_time asc").Limit(limit).Find(&out).Error
}

func (s Sweep) ClearSnapshot(ctx context.Context, tenant string, id int64) error {
	return s.conn(ctx).Model(&biz.Alarm{}).Where("tenant_id = ? AND id = ?", tenant, id).
		Updates(map[string]any{"snapshot": "", "snapshot_expired": true}).Error
}
