// Package biz holds the safety assistant's rules: what a chat request may
// hold, the embedded answerer (retrieval over the regulations knowledge
// base plus tools over the caller's own data), the model-server answerer
// with the same tools, and the caller's stored conversations.
package biz

import (
	"anquan/kit/db"
)

// Conversation is one user's stored chat; CreateUser is its owner.
type Conversation struct {
	db.Base
	Title        string `gorm:"size:200;not null;default:''"`
	Model        string `gorm:"size:100;not null;default:''"`
	MessageCount int32  `gorm:"not null;default:0"`
}

func (Conversation) TableName() string { return "aichat_conversation" }

// Message is one turn of a conversation. Steps holds the thinking steps of
// an assistant answer, one per line.
type Message struct {
	db.Base
	ConversationID int64  `gorm:"not null"`
	Role           string `gorm:"size:16;not null"`
	Content        string `gorm:"type:text;not null"`
	Steps          string `gorm:"type:text;not null"`
}

func (Message) TableName() string { return "aichat_message" }

// Models lists the tables to migrate.
func Models() []any { return []any{&Conversation{}, &Message{}, &Document{}, &DocPassage{}} }
