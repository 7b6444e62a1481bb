package data

import (
	"context"
	"strings"

	"gorm.io/gorm"

	"anquan/aichat/internal/biz"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
)

// demoQuestion is the demo administrator's first conversation.
const demoQuestion = "动火作业票有效期多久？气体分析间隔有什么要求？"

// Seed gives the demo tenant's administrator one conversation on first
// start (an existing conversation means it ran), answered by the embedded
// engine from the knowledge base, as a question asked in the dialog would be.
func Seed(ctx context.Context, g *gorm.DB, kb *biz.Index) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := g.WithContext(ctx).Model(&biz.Conversation{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	var steps []string
	var answer strings.Builder
	eng := &biz.Embedded{KB: kb} // a regulation question: no tool runs
	err := eng.Answer(ctx, &biz.Ask{Model: biz.ModelDefault, Messages: []biz.Turn{{Role: "user", Content: demoQuestion}}}, func(e biz.Event) error {
		switch e.Kind {
		case biz.KindStep:
			steps = append(steps, e.Text)
		case biz.KindContent:
			answer.WriteString(e.Text)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		conv := &biz.Conversation{Title: demoQuestion, Model: biz.ModelDefault, MessageCount: 2}
		conv.CreateUser, conv.UpdateUser = seedids.DemoAdminUser, seedids.DemoAdminUser
		if err := c.Create(conv).Error; err != nil {
			return err
		}
		for _, m := range []*biz.Message{
			{ConversationID: conv.ID, Role: "user", Content: demoQuestion},
			{ConversationID: conv.ID, Role: "assistant", Content: answer.String(), Steps: strings.Join(steps, "\n")},
		} {
			m.CreateUser = seedids.DemoAdminUser
			if err := c.Create(m).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
