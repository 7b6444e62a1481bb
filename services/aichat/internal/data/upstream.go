package data

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"anquan/aichat/internal/biz"
	"anquan/kit/conf"
	"anquan/kit/errs"
)

// Upstream is an OpenAI-compatible model server: POST
// {baseURL}/chat/completions, streamed (SSE), with tools.
type Upstream struct {
	url, key, model string
	timeout         time.Duration
	client          *http.Client
}

// NewUpstream checks the configuration.
func NewUpstream(c conf.Upstream) (*Upstream, error) {
	u, err := url.Parse(c.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("aichat.upstream.baseURL %q: an http(s) URL is needed", c.BaseURL)
	}
	if c.Model == "" {
		return nil, errors.New("aichat.upstream.model is needed with a baseURL")
	}
	t := 120 * time.Second
	if c.Timeout != "" {
		if t, err = time.ParseDuration(c.Timeout); err != nil || t <= 0 {
			return nil, fmt.Errorf("aichat.upstream.timeout %q: %v", c.Timeout, err)
		}
	}
	return &Upstream{url: strings.TrimRight(c.BaseURL, "/") + "/chat/completions", key: c.APIKey, model: c.Model, timeout: t,
		client: &http.Client{Transport: http.DefaultTransport}}, nil
}

type wireToolCall struct {
	Index    int    `json:"index"`
	ID       string `json:"id,omitempty"`
	Type     string `json:"type,omitempty"`
	Function struct {
		Name      string `json:"name,omitempty"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

type wireMessage struct {
	Role       string         `json:"role"`
	Content    string         `json:"content"`
	ToolCalls  []wireToolCall `json:"tool_calls,omitempty"`
	ToolCallID string         `json:"tool_call_id,omitempty"`
}

type wireTool struct {
	Type     string `json:"type"`
	Function struct {
		Name        string         `json:"name"`
		Description string         `json:"description"`
		Parameters  map[string]any `json:"parameters"`
	} `json:"function"`
}

type wireRequest struct {
	Model         string         `json:"model"`
	Messages      []wireMessage  `json:"messages"`
	Tools         []wireTool     `json:"tools,omitempty"`
	Temperature   *float64       `json:"temperature,omitempty"`
	Stream        bool           `json:"stream"`
	StreamOptions map[string]any `json:"stream_options"`
}

type wireChunk struct {
	Choices []struct {
		Delta struct {
			Content          string         `json:"content"`
			ReasoningContent string         `json:"reasoning_content"`
			Reasoning        string         `json:"reasoning"`
			ToolCalls        []wireToolCall `json:"tool_calls"`
		} `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	} `json:"usage"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// maxLine bounds one SSE line from the server.
const maxLine = 4 << 20

// Stream implements biz.Model.
func (u *Upstream) Stream(ctx context.Context, req *biz.ModelRequest, on func(biz.ModelDelta) error) (*biz.ModelReply, error) {
	ctx, cancel := context.WithTimeout(ctx, u.timeout)
	defer cancel()
	w := wireRequest{Model: u.model, Stream: true, StreamOptions: map[string]any{"include_usage": true}}
	if req.Temperature >= 0 {
		t := req.Temperature
		w.Temperature = &t
	}
	for _, m := range req.Messages {
		wm := wireMessage{Role: m.Role, Content: m.Content, ToolCallID: m.ToolCallID}
		for i, tc := range m.ToolCalls {
			c := wireToolCall{Index: i, ID: tc.ID, Type: "function"}
			c.Function.Name, c.Function.Arguments = tc.Name, tc.Arguments
			wm.ToolCalls = append(wm.ToolCalls, c)
		}
		w.Messages = append(w.Messages, wm)
	}
	for _, t := range req.Tools {
		wt := wireTool{Type: "function"}
		wt.Function.Name, wt.Function.Description, wt.Function.Parameters = t.Name, t.Description, t.Parameters
		w.Tools = append(w.Tools, wt)
	}
	body, err := json.Marshal(w)
	if err != nil {
		return nil, err
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, u.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "text/event-stream")
	if u.key != "" {
		hr.Header.Set("Authorization", "Bearer "+u.key)
	}
	resp, err := u.client.Do(hr)
	if err != nil {
		return nil, u.fail(ctx, err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		var e wireChunk
		msg := resp.Status
		if json.Unmarshal(b, &e) == nil && e.Error != nil && e.Error.Message != "" {
			msg = e.Error.Message
		}
		return nil, errs.Unavailable("模型服务返回错误: %s", clip(msg, 200))
	}
	out := &biz.ModelReply{}
	calls := map[int]*biz.ToolCall{}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "data:") {
			continue // comments, event names, blank lines
		}
		data := strings.TrimSpace(strings.TrimPrefix(line, "data:"))
		if data == "[DONE]" {
			break
		}
		var c wireChunk
		if err := json.Unmarshal([]byte(data), &c); err != nil {
			return nil, errs.Unavailable("模型服务返回了无法解析的数据")
		}
		if c.Error != nil {
			return nil, errs.Unavailable("模型服务中断: %s", clip(c.Error.Message, 200))
		}
		if c.Usage != nil {
			out.PromptTokens, out.CompletionTokens = c.Usage.PromptTokens, c.Usage.CompletionTokens
		}
		for _, ch := range c.Choices {
			d := ch.Delta
			r := d.ReasoningContent
			if r == "" {
				r = d.Reasoning
			}
			if r != "" || d.Content != "" {
				if err := on(biz.ModelDelta{Reasoning: r, Content: d.Content}); err != nil {
					return nil, err
				}
			}
			for _, tc := range d.ToolCalls {
				cur, ok := calls[tc.Index]
				if !ok {
					cur = &biz.ToolCall{}
					calls[tc.Index] = cur
				}
				if tc.ID != "" {
					cur.ID = tc.ID
				}
				cur.Name += tc.Function.Name
				cur.Arguments += tc.Function.Arguments
			}
			if ch.FinishReason != nil {
				out.FinishReason = *ch.FinishReason
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, u.fail(ctx, err)
	}
	idx := make([]int, 0, len(calls))
	for i := range calls {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	for _, i := range idx {
		out.ToolCalls = append(out.ToolCalls, *calls[i])
	}
	return out, nil
}

func (u *Upstream) fail(ctx context.Context, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return errs.Unavailable("模型服务超时(%s)", u.timeout)
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	return errs.Unavailable("模型服务不可用")
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
