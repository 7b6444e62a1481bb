package api

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"anquan/kit/db"
)

const chg = "/api/change"

// TestChange: the demo requests (an expired temporary change flagged and
// its applicant told once); drafting with the dictionaries' bounds; the
// state machine step by step with its refusals in Chinese; start-up
// blocked by an open must-fix item and by an unconfirmed person, then
// allowed; closure blocked by an open to-fix item; the export; buttons,
// object-level checks and tenant isolation.
func TestChange(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			var e *env
			t.Cleanup(func() {
				if e != nil && e.cfg.DB.Driver != "sqlite" {
					_ = db.DropDatabase(e.cfg, "change")
				}
			})
			e = start(t, b)
			e.testChangeDemo(t)
			e.testChangeDraft(t)
			e.testChangeMachine(t)
			e.testChangeAccess(t)
		})
	}
}

func (e *env) testChangeDemo(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	r := e.get(chg+"/request/page", a)
	ok(t, r, "request page")
	if len(r.list()) != 5 {
		t.Fatalf("seeded requests: %s", truncate(r.Raw))
	}
	ex := e.one(t, chg+"/request/page?state=3&title="+url.QueryEscape("换热器"), a, "title", "合成车间 E-201 换热器更换为板式换热器")
	if ex["openMustFix"] != 1.0 || ex["openToFix"] != 1.0 || ex["unconfirmed"] != 1.0 || ex["stateName"] != "实施" || ex["overdue"] != false {
		t.Fatalf("exchanger: %v", ex)
	}
	bypass := e.one(t, chg+"/request/page?temporary=1", a, "title", "罐区 V-102 临时增设旁路管线")
	if bypass["overdue"] != true || bypass["expireAt"] == "" {
		t.Fatalf("expired temporary change: %v", bypass)
	}
	// Its applicant (李安全) is told once.
	safety := e.login("100001", "safety", "123456")
	eventually(t, "the applicant hears of the expired temporary change", func() bool {
		return strings.Contains(string(e.get("/api/blade-desk/message/list?size=50", safety).Raw), "临时变更「罐区 V-102 临时增设旁路管线」已于")
	})
	time.Sleep(300 * time.Millisecond)
	if n := strings.Count(string(e.get("/api/blade-desk/message/list?size=50", safety).Raw), "临时变更「罐区 V-102 临时增设旁路管线」已于"); n != 1 {
		t.Fatalf("told %d times", n)
	}
	logs := e.get(chg+"/request/logs?changeId="+str(ex["id"]), a)
	ok(t, logs, "logs")
	if len(logs.list()) != 3 || logs.list()[2].(map[string]any)["actionName"] != "审批通过" {
		t.Fatalf("logs: %s", truncate(logs.Raw))
	}
	items := e.get(chg+"/pssr/page?size=100&changeId="+str(ex["id"]), a)
	ok(t, items, "pssr page")
	if len(items.list()) != 3 {
		t.Fatalf("pssr items: %s", truncate(items.Raw))
	}
	x := e.call("GET", chg+"/request/export?state=3", a, nil)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), "xlsx") || len(x.Raw) < 1000 {
		t.Fatalf("export: %d %s", x.Status, x.Header.Get("Content-Disposition"))
	}
}

func (e *env) draftChange(t *testing.T, tok string, extra map[string]any) map[string]any {
	t.Helper()
	title := "测试变更" + uniq()
	body := map[string]any{"title": title, "changeType": 4, "attribute": 2, "category": 1, "constructionNature": 2, "content": "更换 P-301 机泵", "location": "合成车间"}
	for k, v := range extra {
		body[k] = v
	}
	ok(t, e.post(chg+"/request/submit", tok, body), "draft "+title)
	return e.one(t, chg+"/request/page?title="+url.QueryEscape(title), tok, "title", title)
}

func (e *env) testChangeDraft(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	base := map[string]any{"title": "x", "changeType": 1, "attribute": 1, "content": "x"}
	with := func(k string, v any) map[string]any {
		m := copyMap(base)
		m[k] = v
		return m
	}
	fails(t, e.post(chg+"/request/submit", a, with("changeType", 8)), 400, "", "type 8")
	fails(t, e.post(chg+"/request/submit", a, with("changeType", 0)), 400, "变更类型", "no type")
	fails(t, e.post(chg+"/request/submit", a, with("attribute", 3)), 400, "", "attribute 3")
	fails(t, e.post(chg+"/request/submit", a, with("constructionNature", 5)), 400, "", "nature 5")
	fails(t, e.post(chg+"/request/submit", a, with("title", " ")), 400, "变更名称", "no title")
	fails(t, e.post(chg+"/request/submit", a, with("temporary", true)), 400, "临时变更须填写到期时间", "temporary without expiry")
	m := with("temporary", true)
	m["expireAt"] = at(-time.Hour)
	fails(t, e.post(chg+"/request/submit", a, m), 400, "到期时间须晚于当前时间", "expiry in the past")
	m["expireAt"] = "明天"
	fails(t, e.post(chg+"/request/submit", a, m), 400, "格式错误", "bad expiry")
	fails(t, e.post(chg+"/request/submit", a, with("title", strings.Repeat("长", 201))), 400, "", "title too long")

	d := e.draftChange(t, a, map[string]any{"temporary": true, "expireAt": at(48 * time.Hour)})
	if d["state"] != 0.0 || d["stateName"] != "申请" || d["temporary"] != true || d["overdue"] != false || d["applicantName"] == "" {
		t.Fatalf("draft: %v", d)
	}
	d["content"] = "更换 P-301 机泵及其出口阀"
	ok(t, e.post(chg+"/request/submit", a, d), "edit a draft")
	ok(t, e.post(chg+"/request/apply", a, map[string]any{"id": d["id"]}), "apply")
	fails(t, e.post(chg+"/request/submit", a, d), 400, "已提交(风险分析阶段),不能修改", "edit after apply")
	fails(t, e.post(chg+"/request/remove?ids="+str(d["id"]), a, nil), 400, "不能删除", "remove after apply")
	gone := e.draftChange(t, a, nil)
	ok(t, e.post(chg+"/request/remove?ids="+str(gone["id"]), a, nil), "remove a draft")
}

func (e *env) testChangeMachine(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	safety := e.login("100001", "safety", "123456")
	opID := e.userID(t, a, "operator1")
	op := e.login("100001", "operator1", "123456")
	d := e.draftChange(t, safety, nil)
	id := str(d["id"])
	step := func(tok, action, note string) *resp {
		return e.post(chg+"/request/"+action, tok, map[string]any{"id": id, "note": note})
	}
	state := func() map[string]any { return e.get(chg+"/request/detail?id="+id, a).dataMap() }

	fails(t, step(safety, "approve", ""), 400, "当前处于申请阶段,不能审批通过", "approve a draft")
	fails(t, step(safety, "startup", ""), 400, "当前处于申请阶段,不能开车投用", "start up a draft")
	ok(t, step(safety, "apply", ""), "apply")
	fails(t, step(safety, "apply", ""), 400, "当前处于风险分析阶段,不能提交申请", "apply twice")
	fails(t, step(safety, "analyse", " "), 400, "请填写风险分析结论", "analysis without text")
	ok(t, step(safety, "analyse", "HAZOP: 泵密封泄漏,增设可燃气体检测"), "analyse")
	fails(t, step(safety, "reject", ""), 400, "请填写退回原因", "reject without reason")
	ok(t, step(safety, "reject", "风险分析未覆盖检修期间"), "reject back to analysis")
	if s := state(); s["state"] != 1.0 || s["rejectReason"] != "风险分析未覆盖检修期间" {
		t.Fatalf("after reject: %v", s)
	}
	ok(t, step(safety, "analyse", "补充检修期间能量隔离"), "analyse again")
	fails(t, step(safety, "approve", "同意"), 403, "不能审批自己申请的变更", "the applicant approves")
	ok(t, step(a, "approve", "同意实施"), "approve")

	// PSSR: a must-fix item and a person block start-up.
	fails(t, e.post(chg+"/pssr/submit", safety, map[string]any{"changeId": id, "content": "x", "kind": 3}), 400, "", "kind 3")
	fails(t, e.post(chg+"/pssr/submit", safety, map[string]any{"changeId": id, "content": "", "kind": 1}), 400, "审查项内容", "no content")
	ok(t, e.post(chg+"/pssr/submit", safety, map[string]any{"changeId": id, "content": "泵出口压力表未校验", "kind": 1}), "must-fix item")
	ok(t, e.post(chg+"/pssr/submit", safety, map[string]any{"changeId": id, "content": "警示标识未更新", "kind": 2}), "to-fix item")
	// The name is read from blade-user by id: the one the page sends is ignored (the start-up
	// refusal below names 王操作), and an id that is no user of the tenant is refused.
	fails(t, e.post(chg+"/person/submit", safety, map[string]any{"changeId": id, "userId": 987654321, "way": 2}), 400, "所选人员不存在", "no such user")
	ok(t, e.post(chg+"/person/submit", safety, map[string]any{"changeId": id, "userId": opID, "userName": "伪造的名字", "way": 2}), "person")
	fails(t, e.post(chg+"/person/submit", safety, map[string]any{"changeId": id, "userId": opID, "userName": "王操作", "way": 2}), 400, "已在告知培训名单中", "person twice")
	fails(t, step(safety, "startup", ""), 400, "还有 1 项必改项未整改完成,不能开车投用:「泵出口压力表未校验」", "start-up with an open must-fix item")
	items := e.get(chg+"/pssr/page?size=100&changeId="+id, safety).list()
	var mustFix, toFix string
	for _, v := range items {
		m := v.(map[string]any)
		if m["kind"] == 1.0 {
			mustFix = str(m["id"])
		} else {
			toFix = str(m["id"])
		}
	}
	fails(t, e.post(chg+"/pssr/done", safety, map[string]any{"id": mustFix}), 400, "整改情况", "done without a note")
	ok(t, e.post(chg+"/pssr/done", safety, map[string]any{"id": mustFix, "note": "已校验合格"}), "must-fix done")
	fails(t, e.post(chg+"/pssr/done", safety, map[string]any{"id": mustFix, "note": "again"}), 400, "已整改完成", "done twice")
	fails(t, step(safety, "startup", ""), 400, "1 名人员未确认告知或培训,不能开车投用:「王操作」", "start-up with an unconfirmed person")
	person := e.get(chg+"/person/page?changeId="+id, safety).list()[0].(map[string]any)
	// Another operator may not confirm for him; he confirms himself.
	op2 := e.login("100001", "operator2", "123456")
	fails(t, e.post(chg+"/person/confirm?id="+str(person["id"]), op2, nil), 403, "只能由本人", "someone else confirms")
	ok(t, e.post(chg+"/person/confirm?id="+str(person["id"]), op, nil), "the person confirms")
	if s := state(); s["openMustFix"] != 0.0 || s["openToFix"] != 1.0 || s["unconfirmed"] != 0.0 {
		t.Fatalf("counts: %v", s)
	}
	ok(t, step(safety, "startup", ""), "start-up")
	fails(t, e.post(chg+"/pssr/submit", safety, map[string]any{"changeId": id, "content": "新问题", "kind": 1}), 400, "请作为待改项跟踪", "must-fix after start-up")
	ok(t, step(safety, "reject", "验收发现泄漏"), "reject acceptance back to implementation")
	ok(t, step(safety, "startup", ""), "start-up again")
	ok(t, step(safety, "accept", "验收合格"), "accept")
	fails(t, step(safety, "close", ""), 400, "1 项待改项未整改完成,不能关闭:「警示标识未更新」", "close with an open to-fix item")
	ok(t, e.post(chg+"/pssr/done", safety, map[string]any{"id": toFix, "note": "已更新"}), "to-fix done")
	ok(t, step(safety, "close", ""), "close")
	s := state()
	if s["state"] != 6.0 || s["closedAt"] == "" || s["startupAt"] == "" || s["approverName"] == "" || s["acceptNote"] != "验收合格" {
		t.Fatalf("closed: %v", s)
	}
	fails(t, step(safety, "reject", "x"), 400, "当前处于已关闭阶段,不能退回", "reject a closed change")
	logs := e.get(chg+"/request/logs?changeId="+id, a).list()
	if len(logs) != 10 {
		t.Fatalf("history: %d steps", len(logs))
	}
	// Every step is audited.
	au := e.get("/api/audit-log/page?service=change&entity=change_request&recordIds="+id+"&size=100", a)
	if au.Status == 200 && len(au.list()) < 10 {
		t.Fatalf("audit: %s", truncate(au.Raw))
	}
}

func (e *env) testChangeAccess(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	dir := e.login("100001", "director", "123456")
	op := e.login("100001", "operator1", "123456")
	ok(t, e.get(chg+"/request/page", dir), "director reads")
	ok(t, e.get(chg+"/request/page", op), "operator reads")
	fails(t, e.post(chg+"/request/submit", op, map[string]any{"title": "x", "changeType": 1, "attribute": 1, "content": "x"}), 403, "", "operator drafts")
	d := e.draftChange(t, a, nil)
	fails(t, e.post(chg+"/request/apply", dir, map[string]any{"id": d["id"]}), 403, "", "director applies")
	fails(t, e.post(chg+"/pssr/submit", op, map[string]any{"changeId": d["id"], "content": "x", "kind": 1}), 403, "", "operator adds an item")
	// Another tenant never sees it.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300073", "tenantName": "变更隔离测试公司"}), "tenant B")
	t2 := e.login("300073", "admin", "123456")
	if n := len(e.get(chg+"/request/page", t2).list()); n != 0 {
		t.Fatalf("tenant B sees %d changes", n)
	}
	fails(t, e.get(chg+"/request/detail?id="+str(d["id"]), t2), 400, "", "other tenant reads")
	fails(t, e.post(chg+"/request/apply", t2, map[string]any{"id": d["id"]}), 400, "", "other tenant applies")
	if r := e.get(chg+"/request/page", t2); r.Status == 200 && strings.Contains(string(r.Raw), str(d["id"])) {
		t.Fatal("other tenant lists it")
	}
}
