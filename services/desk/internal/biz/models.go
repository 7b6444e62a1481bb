// Package biz holds blade-desk's models and rules: who a notice reaches
// (the audience rule), publishing and reading notices and messages, the
// licence reminder, and the table that turns other services' events into
// messages.
package biz

import (
	"time"

	"anquan/kit/db"
)

// Message types (spec 3.1).
const (
	TypeMessage int32 = 1
	TypeNotice  int32 = 2
)

// Message statuses (spec 3.1). Their ascending order is the display order:
// pinned, then important, then normal.
const (
	StatusPinned    int32 = 5
	StatusImportant int32 = 6
	StatusNormal    int32 = 7
)

// Notice is a notice (type 2) or message (type 1) published to an audience.
// Base.Status carries the message status (5/6/7).
type Notice struct {
	db.Base
	MessagePushName string    `gorm:"size:100;not null;default:''"`
	MessageTitle    string    `gorm:"size:200;not null"`
	MessageContent  string    `gorm:"type:text;not null"`
	MessagePushTime time.Time `gorm:"not null"`
	Tag             string    `gorm:"size:100;not null;default:''"`
	Type            int32     `gorm:"not null;default:2"`
	Img             string    `gorm:"size:1000;not null;default:''"`
	Scope           string    `gorm:"size:10;not null;default:'tenant'"`
	// The audience lists, in the stored form of ids.go (",3,17,").
	DeptIDs string `gorm:"type:text;not null"`
	UserIDs string `gorm:"type:text;not null"`
	RoleIDs string `gorm:"type:text;not null"`
	// SourceEvent is the id of the event a consumer made this message from,
	// unique per tenant so a redelivered event adds nothing. NULL (never
	// conflicting) for notices people publish.
	SourceEvent *string `gorm:"size:64"`
}

func (Notice) TableName() string { return "blade_notice" }

// NoticeRead records that a user read a notice, once (uk_notice_read).
// It has no Base: reads are never edited or deleted, but TenantID still
// puts the table under the central tenant scope.
type NoticeRead struct {
	ID       int64     `gorm:"primaryKey;autoIncrement:false"`
	TenantID string    `gorm:"size:12;not null;default:'';index:idx_notice_read_user,priority:1"`
	NoticeID int64     `gorm:"not null;uniqueIndex:uk_notice_read,priority:1"`
	UserID   int64     `gorm:"not null;uniqueIndex:uk_notice_read,priority:2;index:idx_notice_read_user,priority:2"`
	ReadTime time.Time `gorm:"not null"`
}

func (NoticeRead) TableName() string { return "blade_notice_read" }

// Delivered is a notice as one reader sees it.
type Delivered struct {
	Notice
	// IsRead is 1 when the reader has read it (computed, never stored).
	IsRead int32 `gorm:"->;column:is_read"`
}

// Models lists the tables to migrate.
func Models() []any { return []any{&Notice{}, &NoticeRead{}} }
