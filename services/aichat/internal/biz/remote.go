package biz

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Model is an OpenAI-compatible model server (data.Upstream).
type Model interface {
	// Stream sends one chat completion request (streamed) and calls on for
	// each delta; the reply holds the tool calls the model asked for.
	Stream(ctx context.Context, req *ModelRequest, on func(ModelDelta) error) (*ModelReply, error)
}

// ModelMessage is one message sent to the model.
type ModelMessage struct {
	Role       string
	Content    string
	ToolCalls  []ToolCall
	ToolCallID string
}

// ToolCall is a function call the model asked for.
type ToolCall struct {
	ID, Name, Arguments string
}

// ToolSpec describes a tool to the model (OpenAI function calling).
type ToolSpec struct {
	Name, Description string
	Parameters        map[string]any
}

// ModelRequest is one round.
type ModelRequest struct {
	Messages    []ModelMessage
	Tools       []ToolSpec
	Temperature float64 // < 0: the server's default
}

// ModelDelta is a piece of the streamed answer: reasoning (from
// reasoning_content or reasoning) or content (which may hold <think> tags).
type ModelDelta struct {
	Reasoning, Content string
}

// ModelReply ends a round.
type ModelReply struct {
	ToolCalls                      []ToolCall
	FinishReason                   string
	PromptTokens, CompletionTokens int
}

// MaxRounds bounds the tool-calling rounds of one answer.
const MaxRounds = 4

// Remote answers with a model server, offering the same tools as the
// embedded engine and the retrieved passages as context; the model's
// reasoning becomes whole-sentence thinking steps.
type Remote struct {
	Model Model
	KB    *Index
	Data  Data
	Docs  DocSearcher
}

var toolSpecs = []ToolSpec{
	{Name: "open_hazards", Description: "查询本单位（当前用户可见范围内）未整改的隐患：总数、重大隐患数、逾期数和前几条明细。", Parameters: map[string]any{"type": "object", "properties": map[string]any{}}},
	{Name: "today_permits", Description: "查询本单位今天的特殊作业票：总数、按作业类型的数量和前几张明细。", Parameters: map[string]any{"type": "object", "properties": map[string]any{}}},
	{Name: "expiring_certificates", Description: "查询本单位已过期和即将到期（提醒期内）的人员证书数量和明细。", Parameters: map[string]any{"type": "object", "properties": map[string]any{}}},
	{Name: "inspection_tasks_due", Description: "查询本单位已开始而未完成的巡检任务：总数、已超期数、由当前用户执行的数量和前几条明细。", Parameters: map[string]any{"type": "object", "properties": map[string]any{}}},
	{Name: "active_alarms", Description: "查询本单位当前处于报警状态的监测点报警：总数、未确认数、关键报警数、按级别（HH/H/L/LL）的数量和前几条明细。", Parameters: map[string]any{"type": "object", "properties": map[string]any{}}},
	{Name: "search_regulations", Description: "在法规标准知识库中检索条款要点（GB 30871-2022、GB/T 50493-2019、隐患排查治理、培训、应急预案等），返回出处和条款号。",
		Parameters: map[string]any{"type": "object", "properties": map[string]any{"query": map[string]any{"type": "string", "description": "检索关键词"}}, "required": []string{"query"}}},
}

const systemPrompt = "你是安全生产平台“安全助手”。请用中文回答。回答法规问题时只依据提供的条款要点，并注明出处和条款号；" +
	"涉及本单位数据（隐患、作业票、证书、巡检任务、监测报警）时调用工具获取真实数据，给出与工具结果一致的数字。找不到依据时直接说明没有找到，不要编造规定或数字。"

// Answer implements Answerer.
func (r *Remote) Answer(ctx context.Context, a *Ask, emit Emit) error {
	q := a.Question()
	hits, err := r.KB.Search(q, 3)
	if err != nil {
		return err
	}
	if err := emit(Event{Kind: KindStep, Text: fmt.Sprintf("检索知识库：“%s” → %d 条%s", clip(q, 30), len(hits), citeList(hits))}); err != nil {
		return err
	}
	docHits, err := searchDocs(ctx, r.Docs, q, Intent{Rules: true}, func(t string) error { return emit(Event{Kind: KindStep, Text: t}) })
	if err != nil {
		return err
	}
	sys := systemPrompt
	if len(hits) > 0 {
		sys += "\n\n可引用的条款要点：\n" + passages(hits)
	}
	if len(docHits) > 0 {
		sys += "\n\n本单位文件原文（引用时注明文件名和段号）：\n" + passages(docHits)
	}
	msgs := []ModelMessage{{Role: "system", Content: sys}}
	for _, m := range a.Messages {
		if m.Role == "tool" {
			continue // a client's own tool turns mean nothing to our tools
		}
		msgs = append(msgs, ModelMessage{Role: m.Role, Content: m.Content})
	}
	var prompt, completion int
	for round := 0; ; round++ {
		steps := &stepper{emit: emit}
		req := &ModelRequest{Messages: msgs, Tools: toolSpecs, Temperature: a.Temperature}
		if round == MaxRounds {
			req.Tools = nil // answer with what the tools gave
		}
		reply, err := r.Model.Stream(ctx, req, steps.delta)
		if err != nil {
			return err
		}
		if err := steps.flush(); err != nil {
			return err
		}
		prompt += reply.PromptTokens
		completion += reply.CompletionTokens
		if len(reply.ToolCalls) == 0 {
			break
		}
		msgs = append(msgs, ModelMessage{Role: "assistant", Content: steps.content.String(), ToolCalls: reply.ToolCalls})
		for _, tc := range reply.ToolCalls {
			step, result := r.call(ctx, tc)
			if err := emit(Event{Kind: KindStep, Text: step}); err != nil {
				return err
			}
			msgs = append(msgs, ModelMessage{Role: "tool", ToolCallID: tc.ID, Content: result})
		}
	}
	return emit(Event{Kind: KindUsage, PromptTokens: prompt, CompletionTokens: completion})
}

func passages(hits []Hit) string {
	var b strings.Builder
	for i, h := range hits {
		fmt.Fprintf(&b, "%d. 【%s】%s：%s\n", i+1, h.Cite(), h.Title, h.Text)
	}
	return b.String()
}

// call runs one tool: the step to show and the JSON result for the model.
func (r *Remote) call(ctx context.Context, tc ToolCall) (string, string) {
	j := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			return `{"error":"结果无法编码"}`
		}
		return string(b)
	}
	switch tc.Name {
	case "open_hazards":
		hs, err := r.Data.Hazards(ctx)
		step, _ := hazardPart(hs, err)
		if err != nil {
			return step, j(map[string]string{"error": toolFailure("隐患数据", err)})
		}
		return step, j(hs)
	case "today_permits":
		ps, err := r.Data.TodayPermits(ctx)
		step, _ := permitPart(ps, err)
		if err != nil {
			return step, j(map[string]string{"error": toolFailure("作业票", err)})
		}
		return step, j(ps)
	case "expiring_certificates":
		cs, err := r.Data.Certificates(ctx)
		step, _ := certPart(cs, err)
		if err != nil {
			return step, j(map[string]string{"error": toolFailure("证书数据", err)})
		}
		return step, j(cs)
	case "inspection_tasks_due":
		ts, err := r.Data.InspectionsDue(ctx)
		step, _ := taskPart(ts, err)
		if err != nil {
			return step, j(map[string]string{"error": toolFailure("巡检任务", err)})
		}
		return step, j(ts)
	case "active_alarms":
		as, err := r.Data.ActiveAlarms(ctx)
		step, _ := alarmPart(as, err)
		if err != nil {
			return step, j(map[string]string{"error": toolFailure("监测报警", err)})
		}
		return step, j(as)
	case "search_regulations":
		var args struct {
			Query string `json:"query"`
		}
		if err := json.Unmarshal([]byte(tc.Arguments), &args); err != nil || strings.TrimSpace(args.Query) == "" {
			return "检索知识库：参数无效", j(map[string]string{"error": "query 参数缺失"})
		}
		hits, err := r.KB.Search(args.Query, 3)
		if err != nil {
			return "检索知识库失败", j(map[string]string{"error": "检索失败"})
		}
		return fmt.Sprintf("检索知识库：“%s” → %d 条%s", clip(args.Query, 30), len(hits), citeList(hits)), j(map[string]string{"passages": passages(hits)})
	}
	return "模型请求了未知工具 " + clip(tc.Name, 40), j(map[string]string{"error": "未知工具"})
}

// stepper turns the model's reasoning into whole-sentence steps and its
// content into content events, moving <think>…</think> spans of the
// content (models served without a reasoning parser) to the reasoning; a
// missing opening tag (R1 sometimes omits it) is handled too.
type stepper struct {
	emit      Emit
	reasoning strings.Builder // the sentence being reasoned
	pending   string          // content held back: a possible tag
	inThink   bool
	sawText   bool
	content   strings.Builder
	held      strings.Builder // content before a </think> without <think>
}

func (s *stepper) delta(d ModelDelta) error {
	if d.Reasoning != "" {
		if err := s.think(d.Reasoning); err != nil {
			return err
		}
	}
	if d.Content == "" {
		return nil
	}
	text := s.pending + d.Content
	s.pending = ""
	for text != "" {
		if s.inThink {
			i := strings.Index(text, "</think>")
			if i < 0 {
				keep := partialTag(text, "</think>")
				if err := s.think(text[:len(text)-keep]); err != nil {
					return err
				}
				s.pending = text[len(text)-keep:]
				return nil
			}
			if err := s.think(text[:i]); err != nil {
				return err
			}
			if err := s.endSentence(); err != nil {
				return err
			}
			s.inThink = false
			text = text[i+len("</think>"):]
			continue
		}
		if i := strings.Index(text, "<think>"); i >= 0 {
			if err := s.say(text[:i]); err != nil {
				return err
			}
			s.inThink = true
			text = text[i+len("<think>"):]
			continue
		}
		if i := strings.Index(text, "</think>"); i >= 0 && !s.sawText {
			// no opening tag: what came before was reasoning
			held := s.held.String() + text[:i]
			s.held.Reset()
			if err := s.think(held); err != nil {
				return err
			}
			if err := s.endSentence(); err != nil {
				return err
			}
			text = text[i+len("</think>"):]
			s.sawText = true // only once
			continue
		}
		keep := max(partialTag(text, "<think>"), partialTag(text, "</think>"))
		s.pending = text[len(text)-keep:]
		return s.say(text[:len(text)-keep])
	}
	return nil
}

// say emits content; until some content is certain (not reasoning before a
// missing <think>), the first chunk waits for a line or 200 characters.
func (s *stepper) say(t string) error {
	if t == "" {
		return nil
	}
	if !s.sawText {
		s.held.WriteString(t)
		h := s.held.String()
		if !strings.Contains(h, "\n") && utf8.RuneCountInString(h) < 200 {
			return nil
		}
		s.sawText = true
		s.held.Reset()
		t = h
	}
	s.content.WriteString(t)
	return s.emit(Event{Kind: KindContent, Text: t})
}

func (s *stepper) think(t string) error {
	for _, r := range t {
		s.reasoning.WriteRune(r)
		if strings.ContainsRune("。！？!?\n", r) {
			if err := s.endSentence(); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *stepper) endSentence() error {
	st := strings.TrimSpace(s.reasoning.String())
	s.reasoning.Reset()
	if st == "" {
		return nil
	}
	return s.emit(Event{Kind: KindStep, Text: st})
}

// flush ends a round: the last reasoning sentence and held content.
func (s *stepper) flush() error {
	if err := s.endSentence(); err != nil {
		return err
	}
	rest := s.held.String() + s.pending
	s.held.Reset()
	s.pending = ""
	if rest != "" {
		s.content.WriteString(rest)
		return s.emit(Event{Kind: KindContent, Text: rest})
	}
	return nil
}

// partialTag is how many bytes at the end of s could start tag.
func partialTag(s, tag string) int {
	for n := min(len(tag)-1, len(s)); n > 0; n-- {
		if strings.HasSuffix(s, tag[:n]) {
			return n
		}
	}
	return 0
}
