package data

import (
	"context"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"anquan/aichat/internal/biz"
	"anquan/aichat/internal/extract"
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

// demoDocument is the demo tenant's own procedure (written for the demo,
// not a real plant's), so the assistant's document library is alive on
// `make run` and answers quote it.
var demoDocument = struct{ title, text string }{"储罐区动火作业管理规定（演示）", `储罐区动火作业管理规定（演示）
第一条 储罐区（含罐区防火堤内）的动火作业一律按特级动火管理，作业前须由生产副厂长审批，并提前 24 小时通知厂消防队到场监护。
第二条 动火前 30 分钟内由化验室取样分析，可燃气体浓度合格后方可动火；作业中断超过 30 分钟须重新取样分析。
第三条 储罐动火前须倒空物料、蒸汽吹扫并加盲板隔离，盲板由设备车间统一编号挂牌，登记在盲板台账中。
第四条 动火全过程使用防爆记录仪录像，录像保存不少于 3 个月。
第五条 遇五级以上大风或雷雨天气，储罐区一律停止动火作业。
第六条 本规定由安全环保部负责解释，自发布之日起执行。`}

// SeedDocuments gives the demo tenant one document on first start (any
// document, even a removed one, means it ran).
func SeedDocuments(ctx context.Context, g *gorm.DB) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	var n int64
	if err := g.WithContext(ctx).Unscoped().Model(&biz.Document{}).Where("tenant_id = ?", seedids.DemoTenant).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	ps := extract.Split(demoDocument.text)
	d := &biz.Document{Title: demoDocument.title, OriginalName: demoDocument.title + ".txt", Kind: "txt", Size: int64(len(demoDocument.text)),
		Chars: int32(utf8.RuneCountInString(demoDocument.text)), Passages: int32(len(ps)), CreateUserName: "系统演示"}
	d.CreateUser, d.UpdateUser = seedids.DemoAdminUser, seedids.DemoAdminUser
	return NewDocuments(g).Add(ctx, d, ps)
}
