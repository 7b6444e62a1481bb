package api

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"anquan/kit/conf"
	"anquan/kit/db"
)

const ai = "/api/ai-chat"

// TestAIChat: the assistant through the gateway with the OpenAI wire
// format and the caller's access token as the key: models; refusals as the
// OpenAI error object (no key, unknown model, empty, oversized and too many
// messages, a body over 1 MiB, bad JSON); a regulation question answered
// from the knowledge base with its clause; a question about the unit's
// hazards answered with the count the hazard list gives, for two tenants;
// streaming (role chunk, [THINKING] steps, content, stop, usage, [DONE]);
// the caller's conversations (continue, list, detail, remove) refused to
// another user and not found for another tenant.
func TestAIChat(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			var e *env
			t.Cleanup(func() {
				if e != nil && e.cfg.DB.Driver != "sqlite" {
					_ = db.DropDatabase(e.cfg, "aichat")
				}
			})
			e = start(t, b)
			e.testAIChat(t)
		})
	}
}

// openai posts body (JSON) with Authorization: Bearer key, as the official
// clients do.
func (e *env) openai(method, path, key string, body any) *resp {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, e.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := e.http.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, _ := io.ReadAll(res.Body)
	out := &resp{Status: res.StatusCode, Header: res.Header, Raw: raw}
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

func aiFails(t *testing.T, r *resp, status int, code, what string) {
	t.Helper()
	er, _ := r.Body["error"].(map[string]any)
	if r.Status != status || er == nil || er["code"] != code || er["message"] == "" || er["type"] == nil {
		t.Fatalf("%s: want %d with error code %s, got %d %s", what, status, code, r.Status, truncate(r.Raw))
	}
}

func ask(q string) map[string]any {
	return map[string]any{"model": "default", "messages": []map[string]any{{"role": "user", "content": q}}}
}

func answer(t *testing.T, r *resp) (content, reasoning, conv string) {
	t.Helper()
	if r.Status != 200 || r.Body["object"] != "chat.completion" {
		t.Fatalf("completion: %d %s", r.Status, truncate(r.Raw))
	}
	ch := r.Body["choices"].([]any)[0].(map[string]any)
	m := ch["message"].(map[string]any)
	if ch["finish_reason"] != "stop" || m["role"] != "assistant" {
		t.Fatalf("choice %v", ch)
	}
	c, _ := m["content"].(string)
	rs, _ := m["reasoning_content"].(string)
	return c, rs, str(r.Body["conversation_id"])
}

func (e *env) testAIChat(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	e.waitDemoSeed(t, a)
	const cc = "/api/ai-chat/v1/chat/completions"

	// refusals
	aiFails(t, e.openai("POST", cc, "", ask("你好")), 401, "invalid_api_key", "no key")
	aiFails(t, e.openai("POST", cc, "not-a-token", ask("你好")), 401, "invalid_api_key", "bad key")
	aiFails(t, e.openai("GET", ai+"/v1/models", "", nil), 401, "invalid_api_key", "models without key")
	aiFails(t, e.openai("POST", cc, a, map[string]any{"model": "gpt-9", "messages": []map[string]any{{"role": "user", "content": "x"}}}), 404, "model_not_found", "unknown model")
	aiFails(t, e.openai("POST", cc, a, map[string]any{"model": "default", "messages": []any{}}), 400, "invalid_request_error", "no messages")
	aiFails(t, e.openai("POST", cc, a, ask("   ")), 400, "invalid_request_error", "blank question")
	aiFails(t, e.openai("POST", cc, a, ask(strings.Repeat("动", 8001))), 400, "context_length_exceeded", "oversized message")
	many := []map[string]any{}
	for i := 0; i < 51; i++ {
		many = append(many, map[string]any{"role": "user", "content": "问"})
	}
	aiFails(t, e.openai("POST", cc, a, map[string]any{"messages": many}), 400, "context_length_exceeded", "too many messages")
	aiFails(t, e.openai("POST", cc, a, []byte(`{"messages":[`)), 400, "invalid_request_error", "bad JSON")
	aiFails(t, e.openai("POST", cc, a, []byte(`{"messages":[{"role":"user","content":"`+strings.Repeat("x", 1<<20)+`"}]}`)), 413, "request_too_large", "body over 1 MiB")
	aiFails(t, e.openai("POST", cc, a, map[string]any{"messages": []map[string]any{{"role": "user", "content": []map[string]any{{"type": "image_url"}}}}}), 400, "invalid_request_error", "image part")

	// models
	ms := e.openai("GET", ai+"/v1/models", a, nil)
	if ms.Status != 200 || ms.Body["object"] != "list" || !strings.Contains(string(ms.Raw), `"id":"default"`) {
		t.Fatalf("models: %d %s", ms.Status, truncate(ms.Raw))
	}

	// a regulation question: the clause and its source, steps first
	content, reasoning, conv := answer(t, e.openai("POST", cc, a, ask("动火作业票有效期多久？")))
	if !strings.Contains(content, "5.1.5") || !strings.Contains(content, "8 小时") || !strings.Contains(content, "GB 30871-2022") {
		t.Fatalf("regulation answer: %s", content)
	}
	if !strings.HasPrefix(reasoning, "[THINKING] 检索知识库") || !strings.Contains(reasoning, "\n[THINKING] 汇总") {
		t.Fatalf("thinking steps: %q", reasoning)
	}
	if conv == "" {
		t.Fatal("no conversation id")
	}
	// nothing found: said so, no invented rule
	none, _, _ := answer(t, e.openai("POST", cc, a, map[string]any{"messages": []map[string]any{{"role": "user", "content": "量子纠缠通信的规定是什么"}}, "store": false}))
	if !strings.Contains(none, "没有找到") {
		t.Fatalf("unknown topic: %s", none)
	}

	// the unit's hazards: the count the list gives
	openCount := func(tok string) int {
		n := 0
		for _, f := range []string{"dangerState_le=1", "dangerState_equal=10"} {
			r := e.get(pv+"/hidden-danger/page?size=1&"+f, tok)
			ok(t, r, "hazard count")
			n += int(r.dataMap()["total"].(float64))
		}
		return n
	}
	nA := openCount(a)
	if nA == 0 {
		t.Fatal("the demo tenant has no open hazard")
	}
	hz, hr, _ := answer(t, e.openai("POST", cc, a, ask("本单位未整改隐患有多少？")))
	if !strings.Contains(hz, fmt.Sprintf("本单位未整改隐患 %d 条", nA)) || !strings.Contains(hr, fmt.Sprintf("查询本单位未整改隐患：%d 条", nA)) {
		t.Fatalf("hazard answer (list says %d): %s\n%s", nA, hz, hr)
	}
	if !strings.Contains(hz, "](/hiddenDanger/index)") {
		t.Fatalf("hazard rows without links: %s", hz)
	}

	// expiring certificates: the counts of the reminder page
	ex := e.get("/api/certificateExpire/certificateExpireInfo", a)
	ok(t, ex, "certificate expiry")
	cz, cr, _ := answer(t, e.openai("POST", cc, a, ask("本单位有哪些证书快到期了？")))
	want := fmt.Sprintf("已过期 %d 本，%s 前到期 %d 本", int(ex.dataMap()["expiredCount"].(float64)), str(ex.dataMap()["until"]), int(ex.dataMap()["expiringCount"].(float64)))
	if !strings.Contains(cr, "查询到期证书："+want) || !strings.Contains(cz, want) && !strings.Contains(cz, "没有已过期的证书") {
		t.Fatalf("certificate answer (page says %s): %s\n%s", want, cz, cr)
	}

	// another tenant sees its own count (none), never tenant A's
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300015", "tenantName": "助手隔离公司"}), "tenant B")
	b := e.login("300015", "admin", "123456")
	if n := openCount(b); n != 0 {
		t.Fatalf("tenant B has %d hazards", n)
	}
	bz, _, _ := answer(t, e.openai("POST", cc, b, ask("本单位未整改隐患有多少？")))
	if !strings.Contains(bz, "没有未整改的隐患") {
		t.Fatalf("tenant B's answer: %s", bz)
	}
	e.testAIChatTools(t, a)
	e.testAIChatDocuments(t, a, b, e.login("100001", "operator1", "123456"))

	// streaming, and the official Go client
	e.testAIStream(t, a, cc)
	e.testAIOfficialClient(t, a)

	// conversations: continue, list, detail, refusals, remove
	cont := ask("受限空间氧含量要求是多少")
	cont["conversation_id"] = conv
	c2, _, conv2 := answer(t, e.openai("POST", cc, a, cont))
	if conv2 != conv || !strings.Contains(c2, "19.5%") {
		t.Fatalf("continued conversation %s (want %s): %s", conv2, conv, c2)
	}
	pg := e.get(ai+"/conversation/page?title_equal="+url.QueryEscape("动火作业票有效期多久？"), a)
	ok(t, pg, "conversation page")
	if len(pg.list()) != 1 || pg.list()[0].(map[string]any)["messageCount"] != 4.0 {
		t.Fatalf("conversation page: %s", truncate(pg.Raw))
	}
	// the demo administrator's seeded conversation, answered from the knowledge base
	seeded := e.get(ai+"/conversation/page?title="+url.QueryEscape("气体分析间隔"), a)
	if len(seeded.list()) != 1 {
		t.Fatalf("seeded conversation: %s", truncate(seeded.Raw))
	}
	sd := e.get(ai+"/conversation/detail?id="+str(seeded.list()[0].(map[string]any)["id"]), a)
	if ms := sd.dataMap()["messages"].([]any); len(ms) != 2 || !strings.Contains(str(ms[1].(map[string]any)["content"]), "GB 30871-2022") {
		t.Fatalf("seeded conversation detail: %s", truncate(sd.Raw))
	}
	d := e.get(ai+"/conversation/detail?id="+conv, a)
	ok(t, d, "conversation detail")
	msgs := d.dataMap()["messages"].([]any)
	if len(msgs) != 4 || msgs[0].(map[string]any)["role"] != "user" || len(msgs[1].(map[string]any)["steps"].([]any)) < 2 {
		t.Fatalf("conversation detail: %s", truncate(d.Raw))
	}
	op := e.login("100001", "operator1", "123456")
	// a user with a narrower view gets the count their own list gives
	nOp := openCount(op)
	oq := ask("我的未整改隐患有多少？")
	oq["store"] = false
	oz, _, _ := answer(t, e.openai("POST", cc, op, oq))
	if want := fmt.Sprintf("本单位未整改隐患 %d 条", nOp); nOp > 0 && !strings.Contains(oz, want) || nOp == 0 && !strings.Contains(oz, "没有未整改的隐患") {
		t.Fatalf("operator's hazard answer (list says %d, admin %d): %s", nOp, nA, oz)
	}
	fails(t, e.get(ai+"/conversation/detail?id="+conv, op), 403, "自己的对话", "another user's conversation")
	fails(t, e.post(ai+"/conversation/remove?ids="+conv, op, nil), 403, "自己的对话", "removing another user's conversation")
	aiFails(t, e.openai("POST", cc, op, cont), 403, "permission_denied", "continuing another user's conversation")
	if n := len(e.get(ai+"/conversation/page", op).list()); n != 0 {
		t.Fatalf("operator sees %d conversations", n)
	}
	fails(t, e.get(ai+"/conversation/detail?id="+conv, b), 400, "不存在", "another tenant's conversation")
	cont["conversation_id"] = "abc"
	aiFails(t, e.openai("POST", cc, a, cont), 400, "invalid_request_error", "bad conversation id")
	fails(t, e.get(ai+"/conversation/page", ""), 401, "", "conversations without a token")
	ok(t, e.post(ai+"/conversation/remove?ids="+conv, a, nil), "remove")
	fails(t, e.get(ai+"/conversation/detail?id="+conv, a), 400, "不存在", "removed conversation")
	e.testAIChatKeys(t, a, openCount)
}

func (e *env) testAIStream(t *testing.T, key, cc string) {
	body, _ := json.Marshal(map[string]any{"model": "default", "stream": true, "stream_options": map[string]any{"include_usage": true},
		"messages": []map[string]any{{"role": "user", "content": "今天有几张作业票？"}}})
	req, _ := http.NewRequest("POST", e.base+cc, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+key)
	res, err := e.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		raw, _ := io.ReadAll(res.Body)
		t.Fatalf("stream: %d %s", res.StatusCode, raw)
	}
	var chunks []map[string]any
	done := false
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "data: ") {
			continue
		}
		d := strings.TrimPrefix(line, "data: ")
		if d == "[DONE]" {
			done = true
			break
		}
		var c map[string]any
		if err := json.Unmarshal([]byte(d), &c); err != nil {
			t.Fatalf("chunk %q: %v", d, err)
		}
		chunks = append(chunks, c)
	}
	if !done || len(chunks) < 5 {
		t.Fatalf("stream ended without [DONE] or with %d chunks", len(chunks))
	}
	delta := func(c map[string]any) map[string]any {
		ch := c["choices"].([]any)
		if len(ch) == 0 {
			return nil
		}
		return ch[0].(map[string]any)["delta"].(map[string]any)
	}
	if delta(chunks[0])["role"] != "assistant" || chunks[0]["object"] != "chat.completion.chunk" {
		t.Fatalf("first chunk %v", chunks[0])
	}
	var steps, content []string
	for _, c := range chunks[1:] {
		if d := delta(c); d != nil {
			if s, ok := d["reasoning_content"].(string); ok {
				steps = append(steps, s)
			}
			if s, ok := d["content"].(string); ok {
				content = append(content, s)
			}
		}
	}
	if len(steps) < 2 || !strings.HasPrefix(steps[0], "[THINKING] 查询今日作业票") {
		t.Fatalf("steps %q", steps)
	}
	for _, s := range steps {
		if !strings.HasPrefix(s, "[THINKING] ") {
			t.Fatalf("step without marker %q", s)
		}
	}
	if !strings.Contains(strings.Join(content, ""), "今日作业票") && !strings.Contains(strings.Join(content, ""), "今天没有") {
		t.Fatalf("content %q", content)
	}
	last, stop := chunks[len(chunks)-1], chunks[len(chunks)-2]
	if u, _ := last["usage"].(map[string]any); u == nil || len(last["choices"].([]any)) != 0 || u["total_tokens"].(float64) <= 0 {
		t.Fatalf("usage chunk %v", last)
	}
	if stop["choices"].([]any)[0].(map[string]any)["finish_reason"] != "stop" {
		t.Fatalf("stop chunk %v", stop)
	}
}

// testAIChatKeys: a tenant admin issues an API key to operator1; the key
// opens only the assistant's endpoint and answers what operator1 may see;
// the secret is shown once; another tenant cannot revoke it; revoking ends
// it at once.
func (e *env) testAIChatKeys(t *testing.T, a string, openCount func(string) int) {
	const ak = "/api/blade-auth/api-key"
	const cc = "/api/ai-chat/v1/chat/completions"
	op := e.login("100001", "operator1", "123456")
	opID := str(e.get("/api/blade-user/info", op).dataMap()["id"])
	key := map[string]any{"userId": opID, "name": "班组长手机助手", "expireDays": 30}
	fails(t, e.post(ak+"/submit", op, key), 403, "", "an operator issues a key")
	bad := func(k string, v any, msg string) {
		t.Helper()
		b := map[string]any{"userId": opID, "name": "x", "expireDays": 30}
		b[k] = v
		fails(t, e.post(ak+"/submit", a, b), 400, msg, "key "+k)
	}
	bad("name", "  ", "请填写密钥名称")
	bad("userId", "999", "密钥使用人不存在")
	bad("expireDays", 400, "有效期须为1-365天")
	made := e.post(ak+"/submit", a, key)
	ok(t, made, "issue a key")
	secret, _ := made.dataMap()["secret"].(string)
	if !strings.HasPrefix(secret, "aq-sk-") || len(secret) < 40 {
		t.Fatalf("secret %q", secret)
	}
	keyID := str(made.dataMap()["key"].(map[string]any)["id"])
	list := e.get(ak+"/list?name=班组长", a)
	ok(t, list, "key list")
	if strings.Contains(string(list.Raw), secret) || !strings.Contains(string(list.Raw), secret[:10]) || list.dataMap()["total"].(float64) != 1 {
		t.Fatalf("the list shows the secret or not the prefix: %s", truncate(list.Raw))
	}

	// the key answers as operator1, on the assistant's endpoint only
	if ms := e.openai("GET", ai+"/v1/models", secret, nil); ms.Status != 200 {
		t.Fatalf("models with the key: %d %s", ms.Status, truncate(ms.Raw))
	}
	nOp := openCount(op)
	got, _, _ := answer(t, e.openai("POST", cc, secret, map[string]any{"messages": []map[string]any{{"role": "user", "content": "本单位未整改隐患有多少？"}}, "store": false}))
	if !strings.Contains(got, fmt.Sprintf("本单位未整改隐患 %d 条", nOp)) {
		t.Fatalf("the key's answer is not operator1's (%d): %s", nOp, got)
	}
	if r := e.openai("GET", "/api/blade-user/info", secret, nil); r.Status != 401 {
		t.Fatalf("the key opened a path outside the assistant: %d %s", r.Status, truncate(r.Raw))
	}
	aiFails(t, e.openai("GET", ai+"/v1/models", "aq-sk-"+strings.Repeat("0", 48), nil), 401, "invalid_api_key", "an unknown key")

	// another tenant cannot revoke it; its admin can, and the key ends at once
	b := e.login("300015", "admin", "123456")
	fails(t, e.post(ak+"/remove?ids="+keyID, b, nil), 400, "不存在", "another tenant revokes the key")
	if ms := e.openai("GET", ai+"/v1/models", secret, nil); ms.Status != 200 {
		t.Fatalf("the key after another tenant's attempt: %d", ms.Status)
	}
	ok(t, e.post(ak+"/remove?ids="+keyID, a, nil), "revoke the key")
	aiFails(t, e.openai("GET", ai+"/v1/models", secret, nil), 401, "invalid_api_key", "a revoked key")
	aiFails(t, e.openai("POST", cc, secret, ask("你好")), 401, "invalid_api_key", "a revoked key asks")
}

// TestAIChatRateLimit: a user over the per-minute budget gets 429
// rate_limit_exceeded; another user still gets answers.
func TestAIChatRateLimit(t *testing.T) {
	e := start(t, backends[0], func(c *conf.Config) { c.AIChat.RatePerMinute = 2 })
	a := e.login("100001", "admin", "admin")
	const cc = "/api/ai-chat/v1/chat/completions"
	q := ask("动火作业票有效期多久？")
	q["store"] = false
	for i := 0; i < 2; i++ {
		answer(t, e.openai("POST", cc, a, q))
	}
	aiFails(t, e.openai("POST", cc, a, q), 429, "rate_limit_exceeded", "over the budget")
	answer(t, e.openai("POST", cc, e.login("100001", "operator1", "123456"), q))
}

// TestAPIKeyAddressBudget: one address trying many API keys is slowed at the gateway. Thirty
// different unknown keys a minute reach blade-auth (each 401); the next new one is 429 without
// being checked; a key already refused is still answered 401 from memory.
func TestAPIKeyAddressBudget(t *testing.T) {
	e := start(t, backends[0])
	const models = "/api/ai-chat/v1/models"
	key := func(i int) string { return fmt.Sprintf("aq-sk-%048d", i) }
	for i := 0; i < 30; i++ {
		aiFails(t, e.openai("GET", models, key(i), nil), 401, "invalid_api_key", fmt.Sprintf("unknown key %d", i))
	}
	aiFails(t, e.openai("GET", models, key(30), nil), 429, "rate_limit_exceeded", "the 31st key from one address")
	aiFails(t, e.openai("GET", models, key(0), nil), 401, "invalid_api_key", "a key already refused")
	// a signed-in user's own token is not an API key and is not counted
	if r := e.openai("GET", models, e.login("100001", "admin", "admin"), nil); r.Status != 200 {
		t.Fatalf("a token after the keys: %d %s", r.Status, truncate(r.Raw))
	}
}
