// Package data implements blade-desk's persistence with gorm (the generic
// repository of kit/crud plus the audience queries it cannot express) and
// its view of blade-system.
package data

import (
	"context"

	"gorm.io/gorm"

	"anquan/desk/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
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

// indexes serve every list filter within a tenant; uk_notice_source makes
// event consumers idempotent. message_title is searched with a leading
// wildcard, which no index serves.
var indexes = []db.Index{
	{Name: "idx_notice_inbox", Table: "blade_notice", Columns: "tenant_id, is_deleted, status, message_push_time"},
	{Name: "idx_notice_type", Table: "blade_notice", Columns: "tenant_id, type"},
	{Name: "idx_notice_tag", Table: "blade_notice", Columns: "tenant_id, tag"},
	{Name: "idx_notice_create_time", Table: "blade_notice", Columns: "tenant_id, create_time"},
	{Name: "idx_notice_push_time", Table: "blade_notice", Columns: "tenant_id, message_push_time"},
	{Name: "uk_notice_source", Table: "blade_notice", Columns: "tenant_id, source_event", Unique: true},
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
	return db.EnsureIndexes(g, indexes)
}
