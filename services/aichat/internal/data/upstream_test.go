package data

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"anquan/aichat/internal/biz"
	"anquan/kit/conf"
)

// fakeData stands in for prevention and workticket behind the tools.
type fakeData struct{}

func (fakeData) Hazards(context.Context) (*biz.HazardStats, error) {
	return &biz.HazardStats{Open: 12, Major: 1, Overdue: 2, Rectifying: 12}, nil
}

func (fakeData) TodayPermits(context.Context) (*biz.PermitStats, error) {
	return &biz.PermitStats{Total: 5, ByType: []biz.Count{{Name: "动火作业", N: 2}, {Name: "高处作业", N: 3}}}, nil
}

func (fakeData) Certificates(context.Context) (*biz.CertStats, error) {
	return &biz.CertStats{Expired: 1, Expiring: 2, Until: "2026-12-27"}, nil
}

func (fakeData) InspectionsDue(context.Context) (*biz.InspectionStats, error) {
	return &biz.InspectionStats{Due: 4, Overdue: 1, Mine: 2, Counted: 4}, nil
}

func (fakeData) ActiveAlarms(context.Context) (*biz.AlarmStats, error) {
	return &biz.AlarmStats{Active: 3, Unacked: 2, Critical: 1, ByLevel: []biz.Count{{Name: "HH", N: 1}, {Name: "H", N: 2}}}, nil
}

// script is a fake OpenAI-compatible model server (a test double of the
// external server): each request gets the next scripted list of SSE data
// lines; it records the requests.
type script struct {
	mu    sync.Mutex
	turns [][]string
	reqs  []map[string]any
	auth  []string
	delay time.Duration
}

func (s *script) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	var body map[string]any
	b, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(b, &body)
	s.reqs = append(s.reqs, body)
	s.auth = append(s.auth, r.Header.Get("Authorization"))
	if len(s.turns) == 0 {
		s.mu.Unlock()
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = io.WriteString(w, `{"error":{"message":"no more turns"}}`)
		return
	}
	lines := s.turns[0]
	s.turns = s.turns[1:]
	s.mu.Unlock()
	if r.URL.Path != "/v1/chat/completions" {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	for _, l := range lines {
		if s.delay > 0 {
			select {
			case <-time.After(s.delay):
			case <-r.Context().Done():
				return
			}
		}
		_, _ = fmt.Fprintf(w, "data: %s\n\n", l)
		w.(http.Flusher).Flush()
	}
}

func chunk(delta string, finish string) string {
	f := "null"
	if finish != "" {
		f = `"` + finish + `"`
	}
	return `{"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + f + `}]}`
}

func run(t *testing.T, s *script, timeout string) ([]biz.Event, error) {
	t.Helper()
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	up, err := NewUpstream(conf.Upstream{BaseURL: srv.URL + "/v1", APIKey: "sk-test", Model: "qwen-test", Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	kb, err := biz.NewIndex(biz.Regulations)
	if err != nil {
		t.Fatal(err)
	}
	r := &biz.Remote{Model: up, KB: kb, Data: fakeData{}}
	var evs []biz.Event
	err = r.Answer(context.Background(), &biz.Ask{Model: "qwen-test", Temperature: 0.3, Messages: []biz.Turn{{Role: "user", Content: "本单位未整改隐患有多少"}}},
		func(e biz.Event) error { evs = append(evs, e); return nil })
	return evs, err
}

func text(evs []biz.Event, kind string) []string {
	var out []string
	for _, e := range evs {
		if e.Kind == kind {
			out = append(out, e.Text)
		}
	}
	return out
}

func TestUpstreamToolCallRoundTripAndReasoning(t *testing.T) {
	s := &script{turns: [][]string{
		{
			chunk(`{"role":"assistant","reasoning_content":"用户问本单位隐患，"}`, ""),
			chunk(`{"reasoning_content":"需要调用工具查询。"}`, ""),
			chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"open_hazards","arguments":""}}]}`, ""),
			chunk(`{"tool_calls":[{"index":0,"function":{"arguments":"{}"}}]}`, "tool_calls"),
			"[DONE]",
		},
		{
			chunk(`{"reasoning":"工具返回 12 条。"}`, ""),
			chunk(`{"content":"本单位未整改隐患 12 条，"}`, ""),
			chunk(`{"content":"其中重大 1 条。\n"}`, "stop"),
			`{"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":[],"usage":{"prompt_tokens":30,"completion_tokens":12,"total_tokens":42}}`,
			"[DONE]",
		},
	}}
	evs, err := run(t, s, "")
	if err != nil {
		t.Fatal(err)
	}
	steps := text(evs, biz.KindStep)
	want := []string{"用户问本单位隐患，需要调用工具查询。", "查询本单位未整改隐患：12 条，其中重大 1 条、逾期 2 条", "工具返回 12 条。"}
	if len(steps) != 4 || !strings.HasPrefix(steps[0], "检索知识库") || strings.Join(steps[1:], "|") != strings.Join(want, "|") {
		t.Fatalf("steps %q", steps)
	}
	if got := strings.Join(text(evs, biz.KindContent), ""); got != "本单位未整改隐患 12 条，其中重大 1 条。\n" {
		t.Fatalf("content %q", got)
	}
	if last := evs[len(evs)-1]; last.Kind != biz.KindUsage || last.PromptTokens != 30 || last.CompletionTokens != 12 {
		t.Fatalf("usage %+v", last)
	}
	if len(s.reqs) != 2 || s.auth[0] != "Bearer sk-test" {
		t.Fatalf("requests %d, auth %q", len(s.reqs), s.auth)
	}
	first := s.reqs[0]
	if first["model"] != "qwen-test" || first["temperature"] != 0.3 || first["stream"] != true || len(first["tools"].([]any)) != 6 {
		t.Fatalf("first request %v", first)
	}
	// the second round carries the assistant's call and the tool's result
	msgs := s.reqs[1]["messages"].([]any)
	call := msgs[len(msgs)-2].(map[string]any)
	result := msgs[len(msgs)-1].(map[string]any)
	if call["role"] != "assistant" || call["tool_calls"].([]any)[0].(map[string]any)["id"] != "call_1" ||
		result["role"] != "tool" || result["tool_call_id"] != "call_1" || !strings.Contains(result["content"].(string), `"Open":12`) {
		t.Fatalf("second round %v / %v", call, result)
	}
}

func TestUpstreamErrorMidStreamEndsTheAnswer(t *testing.T) {
	s := &script{turns: [][]string{{
		chunk(`{"content":"部分答案\n"}`, ""),
		`{"error":{"message":"overloaded","type":"server_error"}}`,
	}}}
	evs, err := run(t, s, "")
	if err == nil || !strings.Contains(err.Error(), "overloaded") {
		t.Fatalf("err %v", err)
	}
	if got := strings.Join(text(evs, biz.KindContent), ""); got != "部分答案\n" {
		t.Fatalf("content before the error %q", got)
	}
}

func TestUpstreamRefusalAndTimeout(t *testing.T) {
	_, err := run(t, &script{}, "")
	if err == nil || !strings.Contains(err.Error(), "no more turns") {
		t.Fatalf("a refused request: %v", err)
	}
	s := &script{delay: 2 * time.Second, turns: [][]string{{chunk(`{"content":"迟到"}`, "stop"), "[DONE]"}}}
	start := time.Now()
	_, err = run(t, s, "300ms")
	if err == nil || !strings.Contains(err.Error(), "超时") || time.Since(start) > 1500*time.Millisecond {
		t.Fatalf("a slow server: %v after %s", err, time.Since(start))
	}
}

func TestUpstreamConfigIsChecked(t *testing.T) {
	for _, c := range []conf.Upstream{{BaseURL: "ftp://x", Model: "m"}, {BaseURL: "http://x"}, {BaseURL: "http://x", Model: "m", Timeout: "soon"}} {
		if _, err := NewUpstream(c); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}
