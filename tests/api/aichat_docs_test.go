package api

import (
	"archive/zip"
	"bytes"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"
)

// docxOf builds a minimal Word document of paragraphs.
func docxOf(t *testing.T, paras ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("word/document.xml")
	if err != nil {
		t.Fatal(err)
	}
	var body strings.Builder
	for _, p := range paras {
		body.WriteString("<w:p><w:r><w:t>" + p + "</w:t></w:r></w:p>")
	}
	_, _ = w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
		body.String() + `</w:body></w:document>`))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// testAIChatDocuments: a tenant administrator uploads a Word procedure; the
// assistant quotes it (title and passage) for that tenant and never for
// tenant b, which can neither list, remove nor re-submit it; a PDF is
// refused with what to do; a user without the button is refused; once
// removed it is quoted no more.
func (e *env) testAIChatDocuments(t *testing.T, a, b, op string) {
	const cc = "/api/ai-chat/v1/chat/completions"
	up := e.upload(t, a, "检修规程.docx", docxOf(t, "三号罐区检修规程", "第五条 三号罐区检修期间的动火作业须经总工程师签字批准，并由设备主任现场确认盲板隔离。"))
	ok(t, up, "upload docx")
	stored := str(up.dataMap()["name"])
	sub := e.post(ai+"/document/submit", a, map[string]any{"title": "三号罐区检修规程", "fileName": stored})
	ok(t, sub, "submit document")
	doc := sub.dataMap()
	if doc["kind"] != "docx" || doc["passages"].(float64) < 1 || doc["originalName"] != "检修规程.docx" {
		t.Fatalf("document: %s", truncate(sub.Raw))
	}
	id := str(doc["id"])
	q := map[string]any{"messages": []map[string]any{{"role": "user", "content": "三号罐区检修动火由谁批准？"}}, "store": false}
	ca, ra, _ := answer(t, e.openai("POST", cc, a, q))
	if !strings.Contains(ca, "《三号罐区检修规程》") || !strings.Contains(ca, "须经总工程师签字批准") || !strings.Contains(ra, "检索本单位文件") {
		t.Fatalf("tenant A's answer does not quote its document:\n%s\n%s", ca, ra)
	}
	cb, rb, _ := answer(t, e.openai("POST", cc, b, q))
	if strings.Contains(cb, "三号罐区检修规程") || strings.Contains(cb, "总工程师") || strings.Contains(rb, "三号罐区") && strings.Contains(rb, "检索本单位文件") {
		t.Fatalf("tenant B's answer quotes A's document:\n%s\n%s", cb, rb)
	}
	if pg := e.get(ai+"/document/page?title="+url.QueryEscape("三号罐区"), b); len(pg.list()) != 0 {
		t.Fatalf("tenant B lists A's document: %s", truncate(pg.Raw))
	}
	if pg := e.get(ai+"/document/page?title="+url.QueryEscape("三号罐区"), a); len(pg.list()) != 1 {
		t.Fatalf("tenant A's page: %s", truncate(pg.Raw))
	}
	fails(t, e.post(ai+"/document/remove?ids="+id, b, nil), 400, "不存在", "tenant B removing A's document")
	fails(t, e.post(ai+"/document/submit", b, map[string]any{"fileName": stored}), 400, "文件不存在", "tenant B submitting A's upload")
	fails(t, e.post(ai+"/document/submit", op, map[string]any{"fileName": stored}), 403, "", "a user without the upload button")
	pdf := e.upload(t, a, "预案.pdf", []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"))
	ok(t, pdf, "upload pdf")
	fails(t, e.post(ai+"/document/submit", a, map[string]any{"fileName": str(pdf.dataMap()["name"])}), 400, "PDF", "a PDF")
	fails(t, e.post(ai+"/document/submit", a, map[string]any{"fileName": stored, "title": strings.Repeat("长", 101)}), 400, "标题", "a long title")
	if code, _, _ := e.raw(t, "/api/upload/preview/"+stored, a); code != 200 {
		t.Fatalf("the document's upload before removal: %d", code)
	}
	ok(t, e.post(ai+"/document/remove?ids="+id, a, nil), "remove document")
	// The stored upload goes with it (a missing file is the house's NotFound: 400 文件不存在).
	fails(t, e.get("/api/upload/preview/"+stored, a), 400, "文件不存在", "the removed document's upload")
	if c, _, _ := answer(t, e.openai("POST", cc, a, q)); strings.Contains(c, "总工程师") {
		t.Fatalf("a removed document is still quoted: %s", c)
	}
}

// testAIChatTools: the inspection tasks due and the active alarms the
// answer gives are the counts the task list and the alarm board give.
func (e *env) testAIChatTools(t *testing.T, a string) {
	const cc = "/api/ai-chat/v1/chat/completions"
	tasks := e.get("/api/inspection/task/page?size=1&state_equal=0&startAt_datele="+url.QueryEscape(plantTime(time.Now())), a)
	ok(t, tasks, "task page")
	nT := int(tasks.dataMap()["total"].(float64))
	tz, tr, _ := answer(t, e.openai("POST", cc, a, map[string]any{"messages": []map[string]any{{"role": "user", "content": "本单位当前待巡检任务有多少？"}}, "store": false}))
	if !strings.Contains(tr, fmt.Sprintf("查询待巡检任务：%d 个", nT)) || nT > 0 && !strings.Contains(tz, fmt.Sprintf("**待巡检任务 %d 个**", nT)) {
		t.Fatalf("inspection answer (list says %d):\n%s\n%s", nT, tz, tr)
	}
	al := e.get("/api/monitor/alarm/active", a)
	ok(t, al, "active alarms")
	items, _ := al.data().([]any)
	if m, isMap := al.data().(map[string]any); isMap {
		items, _ = m["items"].([]any)
	}
	nA := len(items)
	az, ar, _ := answer(t, e.openai("POST", cc, a, map[string]any{"messages": []map[string]any{{"role": "user", "content": "现在有多少报警？"}}, "store": false}))
	if !strings.Contains(ar, fmt.Sprintf("查询当前报警：%d 条", nA)) || nA > 0 && !strings.Contains(az, fmt.Sprintf("**当前报警 %d 条**", nA)) {
		t.Fatalf("alarm answer (board says %d):\n%s\n%s", nA, az, ar)
	}
}
