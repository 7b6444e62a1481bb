package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	kerrors "github.com/go-kratos/kratos/v2/errors"
	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	"anquan/kit/authn"
	"anquan/kit/errs"
	"anquan/kit/ident"
	aichatv1 "anquan/proto/blade/aichat/v1"
	commonv1 "anquan/proto/blade/common/v1"
)

// aichat: the safety assistant. Conversations are Blade REST
// (/api/ai-chat/conversation/*); the answers speak the OpenAI wire format
// so the official clients work with baseURL <host>/api/ai-chat/v1 and the
// caller's access token as the key: POST /chat/completions (one
// chat.completion, or with stream:true Server-Sent Events of
// chat.completion.chunk, flushed per event, ": ping" comments while
// waiting, an error event then [DONE] on a failure mid-stream) and GET
// /models. Thinking steps are chunks whose delta.reasoning_content starts
// with "[THINKING] ".
func init() {
	addRoute(Route{
		Service: "aichat",
		Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return aichatv1.RegisterAichatServiceHandlerClient(ctx, mux, aichatv1.NewAichatServiceClient(c))
		},
		HTTP: map[string]func(conn grpc.ClientConnInterface) http.Handler{
			"POST /api/ai-chat/v1/chat/completions": aiCompletions,
			"GET /api/ai-chat/v1/models":            aiModels,
		},
	})
}

// aiBodyLimit bounds a chat request (the service bounds the messages).
const aiBodyLimit = 1 << 20

// aiPing is how often an open stream says it is alive while waiting.
var aiPing = 15 * time.Second

// thinkingMarker starts every thinking step (the spec's client looks for it).
const thinkingMarker = "[THINKING] "

type aiError struct {
	Message string  `json:"message"`
	Type    string  `json:"type"`
	Param   *string `json:"param"`
	Code    string  `json:"code"`
}

func writeAIError(w http.ResponseWriter, status int, typ, code, msg string) {
	w.Header().Set("Content-Type", contentTypeJSON)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]aiError{"error": {Message: msg, Type: typ, Code: code}})
}

// aiErrorOf maps a service error to the OpenAI error object and status.
func aiErrorOf(r *http.Request, err error) (int, aiError) {
	ke := kerrors.FromError(err)
	c := errs.Code(err)
	status := httpStatusOf(c)
	e := aiError{Message: ke.Message, Type: "invalid_request_error", Code: strings.ToLower(ke.Reason)}
	switch {
	case ke.Reason == "model_not_found":
		status = http.StatusNotFound
	case ke.Reason == "rate_limit_exceeded" || c == codes.ResourceExhausted:
		status, e.Type, e.Code = http.StatusTooManyRequests, "rate_limit_error", "rate_limit_exceeded"
	case c == codes.NotFound:
		status, e.Code = http.StatusNotFound, "not_found"
	case status == http.StatusUnauthorized:
		e.Type, e.Code = "authentication_error", "invalid_api_key"
		if !ours(ke) || e.Message == "" {
			e.Message = "缺少或无效的访问令牌:请以 Authorization: Bearer <access_token> 调用"
		}
	case status == http.StatusForbidden:
		e.Type, e.Code = "permission_error", "permission_denied"
		if e.Message == "" {
			e.Message = "缺失权限,请联系管理员"
		}
	case status == http.StatusServiceUnavailable:
		e.Type, e.Code = "server_error", "service_unavailable"
		if !ours(ke) {
			e.Message = "服务暂不可用,请稍后再试"
		}
	case status >= 500:
		slog.Error("ai-chat failed", "err", err.Error(), "request_id", ident.RequestID(r.Context()))
		e.Type, e.Code, e.Message = "server_error", "internal_error", "服务器异常,请联系管理员 (请求编号 "+ident.RequestID(r.Context())+")"
	case c == codes.InvalidArgument && e.Code == "bad_request" || e.Code == "":
		e.Code = "invalid_request_error"
		if !ours(ke) {
			e.Message = "请求参数错误: " + e.Message
		}
	}
	return status, e
}

// aiContent is a message's content: a string, or parts of which the text
// parts count (other parts are refused).
type aiContent string

func (c *aiContent) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*c = ""
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*c = aiContent(s)
		return nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(b, &parts); err != nil {
		return errors.New("content 应为字符串或文本片段数组")
	}
	var sb strings.Builder
	for _, p := range parts {
		if p.Type != "text" {
			return fmt.Errorf("不支持 %q 类型的消息内容,只接受文本", p.Type)
		}
		sb.WriteString(p.Text)
	}
	*c = aiContent(sb.String())
	return nil
}

type aiRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string    `json:"role"`
		Content aiContent `json:"content"`
	} `json:"messages"`
	Stream        bool `json:"stream"`
	StreamOptions *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	Temperature *float64 `json:"temperature"`
	// Our extensions: the conversation to continue, and not storing.
	ConversationID json.RawMessage `json:"conversation_id"`
	Store          *bool           `json:"store"`
}

func aiModels(conn grpc.ClientConnInterface) http.Handler {
	client := aichatv1.NewAichatServiceClient(conn)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ident.From(r.Context()) == nil {
			writeAIError(w, http.StatusUnauthorized, "authentication_error", "invalid_api_key", "缺少或无效的访问令牌:请以 Authorization: Bearer <access_token> 调用")
			return
		}
		ms, err := client.Models(OutgoingContext(r), &commonv1.Empty{})
		if err != nil {
			st, e := aiErrorOf(r, err)
			writeAIError(w, st, e.Type, e.Code, e.Message)
			return
		}
		type model struct {
			ID      string `json:"id"`
			Object  string `json:"object"`
			Created int64  `json:"created"`
			OwnedBy string `json:"owned_by"`
		}
		out := struct {
			Object string  `json:"object"`
			Data   []model `json:"data"`
		}{Object: "list", Data: []model{}}
		for _, m := range ms.Data {
			out.Data = append(out.Data, model{ID: m.Id, Object: "model", Created: m.Created, OwnedBy: m.OwnedBy})
		}
		w.Header().Set("Content-Type", contentTypeJSON)
		_ = json.NewEncoder(w).Encode(out)
	})
}

func parseAIRequest(w http.ResponseWriter, r *http.Request) (*aiRequest, *aichatv1.ChatRequest, bool) {
	bad := func(msg string) (*aiRequest, *aichatv1.ChatRequest, bool) {
		writeAIError(w, http.StatusBadRequest, "invalid_request_error", "invalid_request_error", msg)
		return nil, nil, false
	}
	if r.ContentLength > aiBodyLimit {
		writeAIError(w, http.StatusRequestEntityTooLarge, "invalid_request_error", "request_too_large", "请求体过大:最多 1 MiB")
		return nil, nil, false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, aiBodyLimit))
	var in aiRequest
	if err := dec.Decode(&in); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeAIError(w, http.StatusRequestEntityTooLarge, "invalid_request_error", "request_too_large", "请求体过大:最多 1 MiB")
			return nil, nil, false
		}
		if errors.Is(err, io.EOF) {
			return bad("请求体为空:需要 JSON {model, messages}")
		}
		return bad("请求体不是有效的 JSON: " + err.Error())
	}
	req := &aichatv1.ChatRequest{Model: in.Model, Temperature: -1, Ephemeral: in.Store != nil && !*in.Store}
	if in.Temperature != nil {
		if *in.Temperature < 0 {
			return bad("temperature 应在 0 到 2 之间")
		}
		req.Temperature = *in.Temperature
	}
	if len(in.ConversationID) > 0 && string(in.ConversationID) != "null" {
		s := strings.Trim(string(in.ConversationID), `"`)
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || id < 0 {
			return bad("conversation_id 格式错误")
		}
		req.ConversationId = id
	}
	if len(in.Messages) > 200 {
		return bad("消息过多:最多 50 条")
	}
	for _, m := range in.Messages {
		req.Messages = append(req.Messages, &aichatv1.ChatMessage{Role: m.Role, Content: string(m.Content)})
	}
	return &in, req, true
}

type aiDelta struct {
	Role             string `json:"role,omitempty"`
	Content          string `json:"content,omitempty"`
	ReasoningContent string `json:"reasoning_content,omitempty"`
}

type aiChoice struct {
	Index        int      `json:"index"`
	Delta        *aiDelta `json:"delta,omitempty"`
	Logprobs     any      `json:"logprobs"`
	FinishReason *string  `json:"finish_reason"`
}

type aiUsage struct {
	PromptTokens     int32 `json:"prompt_tokens"`
	CompletionTokens int32 `json:"completion_tokens"`
	TotalTokens      int32 `json:"total_tokens"`
}

type aiChunk struct {
	ID             string     `json:"id"`
	Object         string     `json:"object"`
	Created        int64      `json:"created"`
	Model          string     `json:"model"`
	Choices        []aiChoice `json:"choices"`
	Usage          *aiUsage   `json:"usage"`
	ConversationID string     `json:"conversation_id,omitempty"`
}

func aiCompletions(conn grpc.ClientConnInterface) http.Handler {
	client := aichatv1.NewAichatServiceClient(conn)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ident.From(r.Context()) == nil {
			writeAIError(w, http.StatusUnauthorized, "authentication_error", "invalid_api_key", "缺少或无效的访问令牌:请以 Authorization: Bearer <access_token> 调用")
			return
		}
		in, req, ok := parseAIRequest(w, r)
		if !ok {
			return
		}
		ctx, cancel := context.WithCancel(OutgoingContext(r))
		defer cancel()
		go func() {
			select {
			case <-Stopping(r.Context()):
				cancel()
			case <-ctx.Done():
			}
		}()
		st, err := client.Chat(ctx, req)
		if err != nil {
			s, e := aiErrorOf(r, err)
			writeAIError(w, s, e.Type, e.Code, e.Message)
			return
		}
		// The first event (meta) tells a refusal from an answer before the
		// headers are sent.
		meta, err := st.Recv()
		if err != nil {
			s, e := aiErrorOf(r, err)
			writeAIError(w, s, e.Type, e.Code, e.Message)
			return
		}
		base := aiChunk{ID: "chatcmpl-" + authn.RandomID(12), Created: time.Now().Unix(), Model: meta.Model}
		if meta.ConversationId != 0 {
			base.ConversationID = strconv.FormatInt(meta.ConversationId, 10)
			w.Header().Set("X-Conversation-Id", base.ConversationID)
		}
		if in.Stream {
			aiStream(w, r, st, base, in.StreamOptions != nil && in.StreamOptions.IncludeUsage)
			return
		}
		var content, reasoning strings.Builder
		var usage aiUsage
		for {
			e, err := st.Recv()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				s, ae := aiErrorOf(r, err)
				writeAIError(w, s, ae.Type, ae.Code, ae.Message)
				return
			}
			switch e.Kind {
			case "step":
				reasoning.WriteString(thinkingMarker + e.Text + "\n")
			case "content":
				content.WriteString(e.Text)
			case "usage":
				usage = aiUsage{e.PromptTokens, e.CompletionTokens, e.PromptTokens + e.CompletionTokens}
			}
		}
		stop := "stop"
		type message struct {
			Role             string  `json:"role"`
			Content          string  `json:"content"`
			ReasoningContent string  `json:"reasoning_content,omitempty"`
			Refusal          *string `json:"refusal"`
		}
		type choice struct {
			Index        int     `json:"index"`
			Message      message `json:"message"`
			Logprobs     any     `json:"logprobs"`
			FinishReason string  `json:"finish_reason"`
		}
		out := struct {
			ID             string   `json:"id"`
			Object         string   `json:"object"`
			Created        int64    `json:"created"`
			Model          string   `json:"model"`
			Choices        []choice `json:"choices"`
			Usage          aiUsage  `json:"usage"`
			ConversationID string   `json:"conversation_id,omitempty"`
		}{ID: base.ID, Object: "chat.completion", Created: base.Created, Model: base.Model, Usage: usage, ConversationID: base.ConversationID,
			Choices: []choice{{Message: message{Role: "assistant", Content: content.String(), ReasoningContent: reasoning.String()}, FinishReason: stop}}}
		w.Header().Set("Content-Type", contentTypeJSON)
		_ = json.NewEncoder(w).Encode(out)
	})
}

type aiRecv struct {
	e   *aichatv1.ChatEvent
	err error
}

func aiStream(w http.ResponseWriter, r *http.Request, st grpc.ServerStreamingClient[aichatv1.ChatEvent], base aiChunk, includeUsage bool) {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	h.Set("X-Accel-Buffering", "no")
	h.Set("No-Gzip-Compression", "1")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	send := func(v any) bool {
		b, err := json.Marshal(v)
		if err != nil {
			return false
		}
		if _, err := fmt.Fprintf(w, "data: %s\n\n", b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	chunk := func(d *aiDelta, finish *string) aiChunk {
		c := base
		c.Object = "chat.completion.chunk"
		c.Choices = []aiChoice{{Delta: d, FinishReason: finish}}
		return c
	}
	done := func() { _, _ = io.WriteString(w, "data: [DONE]\n\n"); _ = rc.Flush() }
	if !send(chunk(&aiDelta{Role: "assistant"}, nil)) {
		return
	}
	events := make(chan aiRecv)
	go func() {
		for {
			e, err := st.Recv()
			select {
			case events <- aiRecv{e, err}:
			case <-r.Context().Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	ping := time.NewTicker(aiPing)
	defer ping.Stop()
	var usage *aiUsage
	for {
		var ev aiRecv
		select {
		case <-r.Context().Done():
			return
		case <-ping.C:
			if _, err := io.WriteString(w, ": ping\n\n"); err != nil || rc.Flush() != nil {
				return
			}
			continue
		case ev = <-events:
		}
		if errors.Is(ev.err, io.EOF) {
			break
		}
		if ev.err != nil {
			_, e := aiErrorOf(r, ev.err)
			send(map[string]aiError{"error": e})
			done()
			return
		}
		ok := true
		switch ev.e.Kind {
		case "step":
			ok = send(chunk(&aiDelta{ReasoningContent: thinkingMarker + ev.e.Text + "\n"}, nil))
		case "content":
			ok = send(chunk(&aiDelta{Content: ev.e.Text}, nil))
		case "usage":
			usage = &aiUsage{ev.e.PromptTokens, ev.e.CompletionTokens, ev.e.PromptTokens + ev.e.CompletionTokens}
		}
		if !ok {
			return
		}
	}
	stop := "stop"
	if !send(chunk(&aiDelta{}, &stop)) {
		return
	}
	if includeUsage {
		c := base
		c.Object = "chat.completion.chunk"
		c.Choices = []aiChoice{}
		if usage == nil {
			usage = &aiUsage{}
		}
		c.Usage = usage
		if !send(c) {
			return
		}
	}
	done()
}
