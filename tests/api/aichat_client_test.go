package api

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// testAIOfficialClient: the official Go client (openai-go) lists the
// models, streams an answer reading the thinking steps
// (delta.reasoning_content) and the content, gets one completion, and sees
// a refusal as its API error with the status.
func (e *env) testAIOfficialClient(t *testing.T, token string) {
	ctx := context.Background()
	c := openai.NewClient(option.WithBaseURL(e.base+"/api/ai-chat/v1/"), option.WithAPIKey(token), option.WithMaxRetries(0))
	ms, err := c.Models.List(ctx)
	if err != nil || len(ms.Data) == 0 || ms.Data[0].ID != "default" {
		t.Fatalf("models: %v %+v", err, ms)
	}
	params := openai.ChatCompletionNewParams{Model: openai.ChatModel("default"),
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("受限空间作业前多久内要做气体分析？")}}
	st := c.Chat.Completions.NewStreaming(ctx, params)
	var steps []string
	var content strings.Builder
	finish := ""
	for st.Next() {
		ch := st.Current()
		if len(ch.Choices) == 0 {
			continue
		}
		d := ch.Choices[0].Delta
		content.WriteString(d.Content)
		if f, ok := d.JSON.ExtraFields["reasoning_content"]; ok && f.Raw() != "" && f.Raw() != "null" {
			steps = append(steps, f.Raw())
		}
		if ch.Choices[0].FinishReason != "" {
			finish = ch.Choices[0].FinishReason
		}
	}
	if err := st.Err(); err != nil {
		t.Fatalf("stream: %v", err)
	}
	if len(steps) < 2 || !strings.Contains(steps[0], "[THINKING] 检索知识库") || finish != "stop" || !strings.Contains(content.String(), "30 分钟") {
		t.Fatalf("streamed with openai-go: steps %q, finish %q, content %q", steps, finish, content.String())
	}
	r, err := c.Chat.Completions.New(ctx, params)
	if err != nil || !strings.Contains(r.Choices[0].Message.Content, "受限空间") {
		t.Fatalf("completion with openai-go: %v %+v", err, r)
	}
	_, err = c.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: openai.ChatModel("gpt-unknown"), Messages: params.Messages})
	var apiErr *openai.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 404 || apiErr.Code != "model_not_found" {
		t.Fatalf("unknown model with openai-go: %v", err)
	}
}
