// Package data implements aichat's persistence with gorm (conversations
// and their turns) and its tools: the caller's hazards and permits read
// from prevention and workticket over gRPC with the caller's identity.
package data

import (
	"context"

	"gorm.io/gorm"

	"anquan/aichat/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
)

var (
	convSpec = crud.Spec{Name: "对话", Filters: paging.Fields{"title": "title", "model": "model", "updateTime": "update_time"},
		Sorts: paging.Fields{"updateTime": "update_time", "createTime": "create_time"}, Order: "update_time desc, id desc"}
	msgSpec = crud.Spec{Name: "对话消息", Order: "create_time asc, id asc"}
)

// Conversations is the repository of conversations.
type Conversations struct{ *crud.Repo[biz.Conversation] }

// NewConversations makes it.
func NewConversations(g *gorm.DB) Conversations {
	return Conversations{crud.New[biz.Conversation](g, convSpec)}
}

// Own pages one user's conversations.
func (r Conversations) Own(ctx context.Context, userID int64, q paging.Query) (*paging.Page[biz.Conversation], error) {
	return r.PageWhere(ctx, q, func(tx *gorm.DB) *gorm.DB { return tx.Where("create_user = ?", userID) })
}

// AddMessages counts n more turns of a conversation, in the database (two
// answers finishing together both count).
func (r Conversations) AddMessages(ctx context.Context, id int64, n int) error {
	_, err := r.UpdateFields(ctx, []int64{id}, map[string]any{"message_count": gorm.Expr("message_count + ?", n)})
	return err
}

// Messages is the repository of turns.
type Messages struct{ *crud.Repo[biz.Message] }

// NewMessages makes it.
func NewMessages(g *gorm.DB) Messages { return Messages{crud.New[biz.Message](g, msgSpec)} }

// Of lists a conversation's turns, oldest first.
func (r Messages) Of(ctx context.Context, conversationID int64, limit int) ([]biz.Message, error) {
	var out []biz.Message
	err := r.Conn(ctx).Where("conversation_id = ?", conversationID).Order("create_time asc, id asc").Limit(limit).Find(&out).Error
	return out, err
}

// indexes serve the caller's list (newest first) and a conversation's turns.
var indexes = []db.Index{
	{Name: "idx_aichat_conv_user", Table: "aichat_conversation", Columns: "tenant_id, create_user, is_deleted, update_time"},
	{Name: "idx_aichat_msg_conv", Table: "aichat_message", Columns: "conversation_id, create_time"},
	// a document's passages (the tenant's index is built from them, removal deletes them)
	{Name: "idx_aichat_passage_doc", Table: "aichat_document_passage", Columns: "document_id, seq"},
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
