package biz

import (
	"context"
	"strings"
	"testing"
)

// fixedDocs is a tenant with one document's passage.
type fixedDocs struct{ ix *Index }

func (f fixedDocs) Search(_ context.Context, q string, n int) ([]Hit, int, error) {
	hits, err := f.ix.Search(q, n)
	return hits, 1, err
}

// The embedded engine quotes the tenant's document word for word with its
// title, after a step saying what the search found.
func TestEmbeddedQuotesTheTenantsDocument(t *testing.T) {
	kb, err := NewIndex(Regulations)
	if err != nil {
		t.Fatal(err)
	}
	dix, err := NewIndex(docPassages([]Document{{Title: "罐区动火规定"}}, []DocPassage{{Seq: 2, Text: "储罐区动火须由生产副厂长审批。\n并通知消防队。"}}))
	if err != nil {
		t.Fatal(err)
	}
	e := &Embedded{KB: kb, Docs: fixedDocs{dix}}
	var steps []string
	var content strings.Builder
	err = e.Answer(context.Background(), &Ask{Messages: []Turn{{Role: "user", Content: "储罐区动火由谁审批？"}}}, func(ev Event) error {
		switch ev.Kind {
		case KindStep:
			steps = append(steps, ev.Text)
		case KindContent:
			content.WriteString(ev.Text)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got := content.String()
	if !strings.Contains(got, "**《罐区动火规定》** —— 第 2 段") || !strings.Contains(got, "   > 储罐区动火须由生产副厂长审批。\n   > 并通知消防队。") {
		t.Fatalf("answer: %s", got)
	}
	joined := strings.Join(steps, "\n")
	if !strings.Contains(joined, "检索本单位文件（共 1 份）：“储罐区动火由谁审批？” → 1 段（《罐区动火规定》第 2 段）") || !strings.Contains(joined, "、1 段本单位文件") {
		t.Fatalf("steps: %s", joined)
	}
}
