package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/kit/db"
	"anquan/kit/idgen"
	"anquan/prevention/internal/biz"
)

// Intakes is biz.Intakes on the service database.
type Intakes struct{ G *gorm.DB }

func (s Intakes) Claimed(ctx context.Context, tenant, source, sourceID string) (bool, error) {
	var n int64
	err := db.Conn(ctx, s.G).Model(&biz.IntakeRecord{}).
		Where("tenant_id = ? AND source = ? AND source_id = ?", tenant, source, sourceID).Count(&n).Error
	return n > 0, err
}

func (s Intakes) Claim(ctx context.Context, r *biz.IntakeRecord) error {
	r.ID, r.CreatedAt = idgen.Next(), time.Now()
	return db.Conn(ctx, s.G).Create(r).Error
}
