package biz

import (
	"strings"
	"testing"
)

func collect(t *testing.T, deltas ...ModelDelta) (steps, content []string) {
	t.Helper()
	s := &stepper{emit: func(e Event) error {
		switch e.Kind {
		case KindStep:
			steps = append(steps, e.Text)
		case KindContent:
			content = append(content, e.Text)
		}
		return nil
	}}
	for _, d := range deltas {
		if err := s.delta(d); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.flush(); err != nil {
		t.Fatal(err)
	}
	return steps, content
}

func TestReasoningBecomesWholeSentenceSteps(t *testing.T) {
	for name, c := range map[string]struct {
		deltas []ModelDelta
		steps  []string
		answer string
	}{
		"reasoning_content": {
			deltas: []ModelDelta{{Reasoning: "先查"}, {Reasoning: "隐患。再看"}, {Reasoning: "条款。"}, {Content: "共 3 条。"}},
			steps:  []string{"先查隐患。", "再看条款。"}, answer: "共 3 条。",
		},
		"think tags split across deltas": {
			deltas: []ModelDelta{{Content: "<thi"}, {Content: "nk>需要查询"}, {Content: "作业票。</th"}, {Content: "ink>今日 2 张。"}},
			steps:  []string{"需要查询作业票。"}, answer: "今日 2 张。",
		},
		"missing opening tag": {
			deltas: []ModelDelta{{Content: "用户问有效期"}, {Content: "</think>"}, {Content: "不超过 8 小时。"}},
			steps:  []string{"用户问有效期"}, answer: "不超过 8 小时。",
		},
		"plain content": {
			deltas: []ModelDelta{{Content: "答案"}, {Content: "如下\n第二行"}},
			answer: "答案如下\n第二行",
		},
	} {
		steps, content := collect(t, c.deltas...)
		if strings.Join(steps, "|") != strings.Join(c.steps, "|") {
			t.Errorf("%s: steps %q, want %q", name, steps, c.steps)
		}
		if got := strings.Join(content, ""); got != c.answer {
			t.Errorf("%s: content %q, want %q", name, got, c.answer)
		}
	}
}
