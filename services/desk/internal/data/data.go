// Package data implements blade-desk's persistence with gorm (the generic
// repository of kit/crud plus the audience queries it cannot express) and
// its view of blade-system.
package data

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"anquan/desk/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
)

// noticeSpec whitelists the filters of notice lists. Sorts is empty on
// purpose: pinned notices stay first whatever the client asks.
var noticeSpec = crud.Spec{
	Name: "通知公告",
	Filters: paging.Fields{
		"messageTitle": "message_title", "messagePushName": "message_push_name", "type": "type",
		"status": "status", "tag": "tag", "createTime": "create_time", "messagePushTime": "message_push_time",
	},
	Sorts: paging.Fields{},
	Order: "status asc, message_push_time desc, id desc",
}

// NewNotices is the generic repository of notices.
func NewNotices(g *gorm.DB) *crud.Repo[biz.Notice] { return crud.New[biz.Notice](g, noticeSpec) }

// index is one composite index. Base's columns cannot carry composite
// index tags, so these are created by name.
type index struct {
	name, table, columns string
	unique               bool
}

// indexes serve every list filter within a tenant; uk_notice_source makes
// event consumers idempotent. message_title is searched with a leading
// wildcard, which no index serves.
var indexes = []index{
	{"idx_notice_inbox", "blade_notice", "tenant_id, is_deleted, status, message_push_time", false},
	{"idx_notice_type", "blade_notice", "tenant_id, type", false},
	{"idx_notice_tag", "blade_notice", "tenant_id, tag", false},
	{"idx_notice_create_time", "blade_notice", "tenant_id, create_time", false},
	{"idx_notice_push_time", "blade_notice", "tenant_id, message_push_time", false},
	{"uk_notice_source", "blade_notice", "tenant_id, source_event", true},
}

// Migrate creates or updates the tables and their indexes.
func Migrate(g *gorm.DB) error {
	g = g.WithContext(ident.AsSystem(context.Background()))
	if err := g.AutoMigrate(biz.Models()...); err != nil {
		return err
	}
	if err := outbox.Migrate(g); err != nil {
		return err
	}
	for _, ix := range indexes {
		// HasIndex first instead of IF NOT EXISTS, which MySQL lacks.
		if g.Migrator().HasIndex(ix.table, ix.name) {
			continue
		}
		create := "CREATE INDEX"
		if ix.unique {
			create = "CREATE UNIQUE INDEX"
		}
		if err := g.Exec(fmt.Sprintf("%s %s ON %s (%s)", create, ix.name, ix.table, ix.columns)).Error; err != nil {
			return fmt.Errorf("index %s: %w", ix.name, err)
		}
	}
	return nil
}

// Events writes events to the outbox.
type Events struct{ O *outbox.Outbox }

func (e Events) Add(ctx context.Context, subject, tenantID string, data any) error {
	return e.O.Add(ctx, subject, tenantID, data)
}
