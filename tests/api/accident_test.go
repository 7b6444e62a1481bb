package api

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"anquan/kit/db"
	"anquan/kit/timefmt"
)

const ac = "/api/accident"

// TestAccident: the demo reports, actions and near misses; the grade at
// its bounds through the API and after a supplementary report; the report
// clock; the supplement window; the investigation (start, extension
// limits, 四不放过 closure) with corrective actions raising hidden dangers;
// near misses; statistics; refusals, object-level checks and tenant
// isolation.
func TestAccident(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			var e *env
			t.Cleanup(func() {
				if e != nil && e.cfg.DB.Driver != "sqlite" {
					_ = db.DropDatabase(e.cfg, "accident")
				}
			})
			e = start(t, b)
			e.testAccidentDemo(t)
			e.testAccidentReports(t)
			e.testAccidentInvestigation(t)
			e.testAccidentNearMisses(t)
			e.testAccidentIsolation(t)
		})
	}
}

func at(d time.Duration) string {
	return time.Now().In(timefmt.Zone).Add(d).Format("2006-01-02 15:04:05")
}

func (e *env) testAccidentDemo(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	r := e.get(ac+"/report/page", a)
	ok(t, r, "report page")
	if len(r.list()) != 2 {
		t.Fatalf("seeded reports: %s", truncate(r.Raw))
	}
	open := e.one(t, ac+"/report/page?state=1", a, "title", "合成车间换热器检修烫伤事故")
	if open["grade"] != 4.0 || open["gradeName"] != "一般事故" || open["reportLate"] != false || open["openActions"] != 2.0 || open["reportDue"] == "" {
		t.Fatalf("open accident: %v", open)
	}
	if strings.Contains(string(r.Raw), "残余热水喷出") {
		t.Fatal("the page carries the full description")
	}
	acts := e.get(ac+"/action/page?accidentId="+str(open["id"]), a)
	ok(t, acts, "action page")
	if len(acts.list()) != 2 || acts.list()[0].(map[string]any)["accidentTitle"] != "合成车间换热器检修烫伤事故" {
		t.Fatalf("actions: %s", truncate(acts.Raw))
	}
	nm := e.get(ac+"/near-miss/page", a)
	ok(t, nm, "near-miss page")
	if len(nm.list()) != 2 {
		t.Fatalf("near misses: %s", truncate(nm.Raw))
	}
	rules := e.get(ac+"/rule/list", a)
	ok(t, rules, "rules")
	if len(rules.list()) != 13 || rules.list()[0].(map[string]any)["value"] != 1.0 {
		t.Fatalf("rules: %s", truncate(rules.Raw))
	}
	fails(t, e.post(ac+"/rule/submit", a, map[string]any{"code": "grade.deaths.larger", "value": 10, "source": "x"}), 400, "较大 < 重大 < 特别重大", "bounds out of order")
	fails(t, e.post(ac+"/rule/submit", a, map[string]any{"code": "report.hours", "value": 0, "source": "x"}), 400, "应大于 0", "zero hours")
	st := e.get(ac+"/report/stats", a)
	ok(t, st, "stats")
	if d := st.dataMap(); d["accidents"] == nil || d["byType"] == nil || d["nearMisses"] == nil {
		t.Fatalf("stats: %s", truncate(st.Raw))
	}
	fails(t, e.get(ac+"/report/stats?year=1900", a), 400, "年份", "stats of 1900")
}

func (e *env) report(t *testing.T, tok string, extra map[string]any) map[string]any {
	t.Helper()
	title := "测试事故" + uniq()
	body := map[string]any{"title": title, "occurredAt": at(-30 * time.Minute), "place": "合成车间", "accidentType": 1, "cause": 1}
	for k, v := range extra {
		body[k] = v
	}
	ok(t, e.post(ac+"/report/submit", tok, body), "report "+title)
	return e.one(t, ac+"/report/page?title="+url.QueryEscape(title), tok, "title", title)
}

func (e *env) testAccidentReports(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	// The grade at its bounds (the highest of the three measures).
	for _, c := range []struct {
		extra map[string]any
		grade float64
	}{
		{map[string]any{"deaths": 2, "seriousInjuries": 9, "directLoss": 999.99}, 4},
		{map[string]any{"deaths": 3}, 3},
		{map[string]any{"seriousInjuries": 50}, 2},
		{map[string]any{"directLoss": 10000}, 1},
		{map[string]any{"deaths": 1, "seriousInjuries": 10, "directLoss": 5000}, 2},
	} {
		if r := e.report(t, a, c.extra); r["grade"] != c.grade {
			t.Fatalf("%v: grade %v, want %v", c.extra, r["grade"], c.grade)
		}
	}
	// The report clock: entered 30 minutes after is in time, 2 hours after late.
	if r := e.report(t, a, nil); r["reportLate"] != false {
		t.Fatalf("in time: %v", r)
	}
	late := e.report(t, a, map[string]any{"occurredAt": at(-2 * time.Hour)})
	if late["reportLate"] != true {
		t.Fatalf("late: %v", late)
	}
	fails(t, e.post(ac+"/report/submit", a, map[string]any{"title": "x", "occurredAt": at(time.Hour), "place": "x", "accidentType": 1}), 400, "不能晚于当前时间", "future accident")
	fails(t, e.post(ac+"/report/submit", a, map[string]any{"title": "x", "occurredAt": "昨天", "place": "x", "accidentType": 1}), 400, "格式错误", "bad time")
	fails(t, e.post(ac+"/report/submit", a, map[string]any{"title": "x", "occurredAt": at(0), "place": "x", "accidentType": 6}), 400, "", "type 6")
	fails(t, e.post(ac+"/report/submit", a, map[string]any{"title": "x", "occurredAt": at(0), "place": "x", "accidentType": 1, "deaths": -1}), 400, "", "negative deaths")
	fails(t, e.post(ac+"/report/submit", a, map[string]any{"title": "", "occurredAt": at(0), "place": "x", "accidentType": 1}), 400, "事故名称", "no title")

	// Figures change only by a supplementary report, which regrades.
	r := e.report(t, a, map[string]any{"deaths": 1})
	d := e.get(ac+"/report/detail?id="+str(r["id"]), a).dataMap()
	d["deaths"] = 3
	fails(t, e.post(ac+"/report/submit", a, d), 400, "补报", "figures by edit")
	d["deaths"] = 1
	d["place"] = "合成车间二层"
	ok(t, e.post(ac+"/report/submit", a, d), "narrative edit")
	fails(t, e.post(ac+"/report/supplement", a, map[string]any{"accidentId": r["id"], "deaths": 3}), 400, "补报说明", "supplement without note")
	ok(t, e.post(ac+"/report/supplement", a, map[string]any{"accidentId": r["id"], "deaths": 3, "seriousInjuries": 2, "note": "两名伤员抢救无效死亡"}), "supplement")
	d = e.get(ac+"/report/detail?id="+str(r["id"]), a).dataMap()
	if d["deaths"] != 3.0 || d["grade"] != 3.0 || d["place"] != "合成车间二层" {
		t.Fatalf("after supplement: %v", d)
	}
	sl := e.get(ac+"/report/supplements?accidentId="+str(r["id"]), a)
	ok(t, sl, "supplements")
	if s := sl.list(); len(s) != 1 || s[0].(map[string]any)["gradeBefore"] != 4.0 || s[0].(map[string]any)["gradeAfter"] != 3.0 || s[0].(map[string]any)["reporterName"] == "" {
		t.Fatalf("supplement list: %s", truncate(sl.Raw))
	}
	old := e.report(t, a, map[string]any{"occurredAt": at(-31 * 24 * time.Hour)})
	fails(t, e.post(ac+"/report/supplement", a, map[string]any{"accidentId": old["id"], "deaths": 1, "note": "迟报"}), 400, "补报期限", "supplement after 30 days")
	ok(t, e.post(ac+"/report/remove?ids="+str(old["id"]), a, nil), "remove a report entered by mistake")

	// Buttons and scope: the director may read but not report.
	dir := e.login("100001", "director", "123456")
	ok(t, e.get(ac+"/report/page", dir), "director reads")
	fails(t, e.post(ac+"/report/submit", dir, map[string]any{"title": "x", "occurredAt": at(0), "place": "x", "accidentType": 1}), 403, "", "director reports")
	op := e.login("100001", "operator1", "123456")
	fails(t, e.get(ac+"/report/page", op), 403, "", "operator reads accidents")
}

func (e *env) testAccidentInvestigation(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	dir := e.login("100001", "director", "123456")
	dirID := e.userID(t, a, "director")
	r := e.report(t, a, map[string]any{"seriousInjuries": 1})
	id := str(r["id"])
	inv := func(body map[string]any) *resp {
		body["id"] = id
		return e.post(ac+"/report/investigate", a, body)
	}
	fails(t, inv(map[string]any{"action": "close"}), 400, "须在调查中才能结案", "close before investigation")
	fails(t, inv(map[string]any{"action": "start"}), 400, "调查组组长", "start without leader")
	ok(t, inv(map[string]any{"action": "start", "leader": "李安全"}), "start")
	fails(t, inv(map[string]any{"action": "start", "leader": "x"}), 400, "调查中,不能启动调查", "start twice")
	fails(t, inv(map[string]any{"action": "extend", "days": 61}), 400, "不能超过 60 日", "extend 61 days")
	ok(t, inv(map[string]any{"action": "extend", "days": 30}), "extend 30 days")
	fails(t, inv(map[string]any{"action": "extend", "days": 31}), 400, "已延长 30 日", "extend past 60 in total")
	d := e.get(ac+"/report/detail?id="+id, a).dataMap()
	if d["extensionDays"] != 30.0 {
		t.Fatalf("extended: %v", d)
	}
	closing := map[string]any{"action": "close", "report": "调查报告", "rootCause": "未泄压", "responsibility": "班长通报批评", "education": "全员学习"}
	fails(t, inv(copyMap(closing)), 400, "请先制定整改措施", "close without actions")
	fails(t, e.post(ac+"/action/submit", a, map[string]any{"accidentId": id, "content": "x"}), 400, "整改责任人", "action without responsible")
	content := "检修前泄压排凝确认" + uniq()
	ok(t, e.post(ac+"/action/submit", a, map[string]any{"accidentId": id, "content": content, "responsibleUserId": dirID,
		"deadline": time.Now().AddDate(0, 0, 7).Format("2006-01-02"), "raiseHazard": true}), "action raising a hazard")
	eventually(t, "the corrective action is a hidden danger", func() bool {
		for _, v := range e.get(pv+"/hidden-danger/page?size=50&dangerName="+url.QueryEscape("事故整改:"+content), a).list() {
			h := v.(map[string]any)
			return h["sourceSvc"] == "accident" && str(h["liableUserId"]) == dirID && strings.HasPrefix(str(h["sourceLink"]), "/accident/report")
		}
		return false
	})
	fails(t, inv(copyMap(closing)), 400, "还有 1 项整改措施未完成", "close with an open action")
	act := e.one(t, ac+"/action/page?accidentId="+id, a, "content", content)
	if act["hazardRaised"] != true || act["state"] != 0.0 {
		t.Fatalf("action: %v", act)
	}
	// The director is the action's responsible person: he marks it done,
	// though the accident is not in his scope.
	fails(t, e.post(ac+"/action/done", dir, map[string]any{"id": act["id"]}), 400, "完成情况", "done without a note")
	ok(t, e.post(ac+"/action/done", dir, map[string]any{"id": act["id"], "note": "规程已修订"}), "director completes his action")
	ok(t, e.post(ac+"/action/submit", a, map[string]any{"accidentId": id, "content": "防烫手套", "responsibleUserId": e.userID(t, a, "safety")}), "second action")
	other := e.one(t, ac+"/action/page?accidentId="+id, a, "content", "防烫手套")
	fails(t, e.post(ac+"/action/done", dir, map[string]any{"id": other["id"], "note": "x"}), 403, "不在您的数据权限范围内", "director completes another's action")
	ok(t, e.post(ac+"/action/done", a, map[string]any{"id": other["id"], "note": "已配发"}), "admin completes")
	c := copyMap(closing)
	c["education"] = ""
	fails(t, inv(c), 400, "教育", "close without education")
	ok(t, inv(copyMap(closing)), "close")
	d = e.get(ac+"/report/detail?id="+id, a).dataMap()
	if d["state"] != 2.0 || d["closedAt"] == "" || d["openActions"] != 0.0 {
		t.Fatalf("closed: %v", d)
	}
	d["place"] = "改"
	fails(t, e.post(ac+"/report/submit", a, d), 400, "已结案", "edit a closed accident")
	fails(t, e.post(ac+"/report/remove?ids="+id, a, nil), 400, "不能删除", "remove a closed accident")
}

func (e *env) testAccidentNearMisses(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	dir := e.login("100001", "director", "123456")
	title := "管廊蒸汽泄漏未伤人" + uniq()
	fails(t, e.post(ac+"/near-miss/submit", dir, map[string]any{"title": title, "occurredAt": at(-time.Hour)}), 400, "事件经过", "no description")
	ok(t, e.post(ac+"/near-miss/submit", dir, map[string]any{"title": title, "occurredAt": at(-time.Hour), "place": "管廊", "potentialType": 1,
		"cause": 2, "description": "法兰垫片老化泄漏", "reporterName": "冒名"}), "director reports a near miss")
	n := e.one(t, ac+"/near-miss/page?title="+url.QueryEscape(title), a, "title", title)
	if n["reporterName"] != "张主任" || str(n["reporterId"]) != e.userID(t, a, "director") {
		t.Fatalf("near miss reporter: %v", n)
	}
	seeded := e.one(t, ac+"/near-miss/page", a, "title", "罐区巡检踩空险些跌落")
	seeded["measures"] = "x"
	fails(t, e.post(ac+"/near-miss/submit", dir, seeded), 403, "", "director edits another's near miss")
	op := e.login("100001", "operator1", "123456")
	fails(t, e.post(ac+"/near-miss/submit", op, map[string]any{"title": "x", "occurredAt": at(0), "description": "x"}), 403, "", "operator reports")
	ok(t, e.post(ac+"/near-miss/remove?ids="+str(n["id"]), a, nil), "remove near miss")
}

func (e *env) testAccidentIsolation(t *testing.T) {
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300072", "tenantName": "事故隔离测试公司"}), "tenant B")
	a := e.login("100001", "admin", "admin")
	b := e.login("300072", "admin", "123456")
	if n := len(e.get(ac+"/report/page", b).list()); n != 0 {
		t.Fatalf("tenant B sees %d accidents", n)
	}
	open := e.one(t, ac+"/report/page?state=1", a, "title", "合成车间换热器检修烫伤事故")
	id := str(open["id"])
	fails(t, e.get(ac+"/report/detail?id="+id, b), 400, "不存在", "detail across tenants")
	fails(t, e.get(ac+"/report/supplements?accidentId="+id, b), 400, "不存在", "supplements across tenants")
	fails(t, e.post(ac+"/report/supplement", b, map[string]any{"accidentId": id, "deaths": 5, "note": "B"}), 400, "不存在", "supplement across tenants")
	fails(t, e.post(ac+"/report/investigate", b, map[string]any{"id": id, "action": "extend", "days": 10}), 400, "不存在", "investigate across tenants")
	fails(t, e.post(ac+"/action/submit", b, map[string]any{"accidentId": id, "content": "B", "responsibleUserId": "1"}), 400, "不存在", "action across tenants")
	act := e.get(ac+"/action/page?accidentId="+id, a).list()[0].(map[string]any)
	fails(t, e.post(ac+"/action/done", b, map[string]any{"id": act["id"], "note": "B"}), 400, "不存在", "done across tenants")
	if got := e.get(ac+"/report/detail?id="+id, a).dataMap(); got["deaths"] != 0.0 || got["extensionDays"] != 0.0 {
		t.Fatalf("tenant B changed tenant A's accident: %v", got)
	}
}
