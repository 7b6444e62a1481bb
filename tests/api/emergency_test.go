package api

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"anquan/kit/db"
	"anquan/kit/timefmt"
)

const em = "/api/emergency"

// TestEmergency: the demo plans, supplies, teams and drills; the rule
// table (versions, national defaults); a plan from draft to review,
// publication (filing due 20 working days later), filing and revision into
// version 2; supply statuses and checks; teams and members; a drill from
// plan to evaluation whose rectification items become hidden dangers;
// refusals (state, bounds, permissions, object-level) and tenant isolation.
func TestEmergency(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			var e *env
			t.Cleanup(func() {
				if e != nil && e.cfg.DB.Driver != "sqlite" {
					_ = db.DropDatabase(e.cfg, "emergency")
				}
			})
			e = start(t, b)
			e.testEmergencyDemo(t)
			e.testEmergencyRules(t)
			e.testEmergencyPlans(t)
			e.testEmergencyCalendar(t)
			e.testEmergencySupplies(t)
			e.testEmergencyTeams(t)
			e.testEmergencyDrills(t)
			e.testEmergencyIsolation(t)
		})
	}
}

func (e *env) testEmergencyDemo(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	plans := e.get(em+"/plan/page?size=50", a)
	ok(t, plans, "plan page")
	if len(plans.list()) != 3 {
		t.Fatalf("seeded plans: %s", truncate(plans.Raw))
	}
	zh := e.one(t, em+"/plan/page?code=YA-ZH-001", a, "code", "YA-ZH-001")
	if zh["state"] != 2.0 || zh["filedDate"] == "" || zh["filingOverdue"] == true || zh["evaluationDue"] == "" {
		t.Fatalf("general plan: %v", zh)
	}
	if strings.Contains(string(plans.Raw), "应急组织机构及职责") {
		t.Fatal("the plan page carries the plan's full content")
	}
	// The hazchem unit drills its special plan every 6 months: the demo
	// leak drill 10 days ago makes the next one due in about 6 months.
	zx := e.one(t, em+"/plan/page?code=YA-ZX-002", a, "code", "YA-ZX-002")
	if zx["lastDrillDate"] == "" || zx["drillDue"] == "" || zx["drillOverdue"] == true {
		t.Fatalf("special plan drills: %v", zx)
	}
	sup := e.get(em+"/supply/page?size=50", a)
	ok(t, sup, "supply page")
	status := map[string]float64{}
	for _, v := range sup.list() {
		m := v.(map[string]any)
		status[str(m["name"])], _ = m["supplyStatus"].(float64)
	}
	if status["正压式空气呼吸器"] != 0 || status["重型防化服"] != 1 || status["吸附棉"] != 2 || status["木楔堵漏工具"] != 3 || status["干粉灭火器"] != 4 {
		t.Fatalf("supply statuses: %v", status)
	}
	teams := e.get(em+"/team/page", a)
	ok(t, teams, "team page")
	fire := e.one(t, em+"/team/page", a, "name", "企业专职消防队")
	if fire["memberCount"] != 3.0 {
		t.Fatalf("fire team: %v", fire)
	}
	drills := e.get(em+"/drill/page?state=2", a)
	ok(t, drills, "drill page")
	if len(drills.list()) != 1 || drills.list()[0].(map[string]any)["planName"] != "危险化学品泄漏专项应急预案" {
		t.Fatalf("completed drills: %s", truncate(drills.Raw))
	}
}

func (e *env) testEmergencyRules(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	rules := e.get(em+"/rule/list", a)
	ok(t, rules, "rule list")
	byCode := map[string]map[string]any{}
	for _, v := range rules.list() {
		m := v.(map[string]any)
		byCode[str(m["code"])] = m
	}
	if byCode["plan.filing.workdays"]["value"] != 20.0 || byCode["plan.evaluation.years"]["value"] != 3.0 ||
		byCode["unit.hazchem"]["value"] != 1.0 || byCode["unit.hazchem"]["version"] != 1.0 || !strings.Contains(str(byCode["plan.filing.workdays"]["source"]), "第2号") {
		t.Fatalf("rules: %s", truncate(rules.Raw))
	}
	fails(t, e.post(em+"/rule/submit", a, map[string]any{"code": "plan.filing.workdays", "value": 0, "source": "x"}), 400, "", "value 0")
	fails(t, e.post(em+"/rule/submit", a, map[string]any{"code": "no.such", "value": 3, "source": "x"}), 400, "不存在", "unknown rule")
	fails(t, e.post(em+"/rule/submit", a, map[string]any{"code": "plan.filing.workdays", "value": 10, "source": ""}), 400, "规则依据", "no source")
	ok(t, e.post(em+"/rule/submit", a, map[string]any{"code": "plan.filing.workdays", "value": 10, "source": "公司制度:从严 10 个工作日"}), "stricter filing")
	h := e.get(em+"/rule/history?code=plan.filing.workdays", a)
	ok(t, h, "rule history")
	if len(h.list()) != 1 || h.list()[0].(map[string]any)["value"] != 10.0 {
		t.Fatalf("history: %s", truncate(h.Raw))
	}
	ok(t, e.post(em+"/rule/submit", a, map[string]any{"code": "plan.filing.workdays", "value": 20, "source": "恢复法定 20 个工作日"}), "back to 20")
	h = e.get(em+"/rule/history?code=plan.filing.workdays", a)
	if len(h.list()) != 2 || h.list()[0].(map[string]any)["version"] != 2.0 || h.list()[1].(map[string]any)["value"] != 10.0 {
		t.Fatalf("versions kept: %s", truncate(h.Raw))
	}
	op := e.login("100001", "operator1", "123456")
	fails(t, e.post(em+"/rule/submit", op, map[string]any{"code": "plan.filing.workdays", "value": 5, "source": "x"}), 403, "", "operator changes a rule")
}

// workdaysAfter counts n working days (Monday to Friday) after from.
func workdaysAfter(from time.Time, n int) time.Time {
	t := from
	for n > 0 {
		t = t.AddDate(0, 0, 1)
		if t.Weekday() != time.Saturday && t.Weekday() != time.Sunday {
			n--
		}
	}
	return t
}

func (e *env) testEmergencyPlans(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	today := time.Now().In(timefmt.Zone)
	ds := func(t time.Time) string { return t.Format("2006-01-02") }
	fails(t, e.post(em+"/plan/submit", a, map[string]any{"code": "T-1", "name": "x", "planType": 3}), 400, "应急处置卡", "on-site plan without cards")
	fails(t, e.post(em+"/plan/submit", a, map[string]any{"code": "T-1", "name": "x", "planType": 0}), 400, "预案类型", "no type")
	fails(t, e.post(em+"/plan/submit", a, map[string]any{"code": "YA-ZH-001", "name": "x", "planType": 1}), 400, "已存在", "duplicate code")
	fails(t, e.post(em+"/plan/submit", a, map[string]any{"code": "T-1", "name": strings.Repeat("长", 201), "planType": 1}), 400, "name", "long name")
	ok(t, e.post(em+"/plan/submit", a, map[string]any{"code": "T-1", "name": "停电专项应急预案", "planType": 2, "content": "停电处置"}), "draft")
	p := e.one(t, em+"/plan/page?code=T-1", a, "code", "T-1")
	id := str(p["id"])
	if p["version"] != 1.0 || p["state"] != 0.0 || str(p["rootId"]) != id {
		t.Fatalf("draft: %v", p)
	}
	fails(t, e.post(em+"/plan/publish", a, map[string]any{"id": id, "date": ds(today)}), 400, "须评审后", "publish a draft")
	fails(t, e.post(em+"/plan/review", a, map[string]any{"id": id, "reviewWay": 1, "reviewOpinion": "同意", "reviewDate": ds(today)}), 400, "评审专家", "评审 without reviewers")
	fails(t, e.post(em+"/plan/review", a, map[string]any{"id": id, "reviewWay": 2, "reviewOpinion": "同意", "reviewDate": ds(today.AddDate(0, 0, 1))}), 400, "不能晚于今天", "review tomorrow")
	fails(t, e.post(em+"/plan/review", a, map[string]any{"id": id, "reviewWay": 2, "reviewOpinion": "同意", "reviewDate": "2026-13-01"}), 400, "格式错误", "bad date")
	ok(t, e.post(em+"/plan/review", a, map[string]any{"id": id, "reviewWay": 2, "reviewOpinion": "论证通过", "reviewDate": ds(today.AddDate(0, 0, -40))}), "论证")
	p2 := p
	p2["name"] = "改名"
	fails(t, e.post(em+"/plan/submit", a, p2), 400, "只有编制中的预案可以修改", "edit a reviewed plan")
	pub := today.AddDate(0, 0, -35)
	ok(t, e.post(em+"/plan/publish", a, map[string]any{"id": id, "date": ds(pub)}), "publish")
	d := e.get(em+"/plan/detail?id="+id, a).dataMap()
	if d["state"] != 2.0 || d["filingDue"] != ds(workdaysAfter(pub, 20)) || d["evaluationDue"] != ds(pub.AddDate(3, 0, 0)) {
		t.Fatalf("published: %v (filing due want %s)", d, ds(workdaysAfter(pub, 20)))
	}
	// 35 calendar days ago is more than 20 working days: filing is overdue.
	if d["filingOverdue"] != true {
		t.Fatalf("filing overdue: %v", d)
	}
	fails(t, e.post(em+"/plan/file", a, map[string]any{"id": id, "date": ds(pub.AddDate(0, 0, -1))}), 400, "不能早于发布日期", "filed before publication")
	ok(t, e.post(em+"/plan/file", a, map[string]any{"id": id, "date": ds(today)}), "filed")
	if d := e.get(em+"/plan/detail?id="+id, a).dataMap(); d["filingOverdue"] == true || d["filedDate"] != ds(today) {
		t.Fatalf("filed: %v", d)
	}
	fails(t, e.post(em+"/plan/remove?ids="+id, a, nil), 400, "只有编制中的预案可以删除", "remove a published plan")
	fails(t, e.post(em+"/plan/revise", a, map[string]any{"id": id}), 400, "修订原因", "revise without reason")
	ok(t, e.post(em+"/plan/revise", a, map[string]any{"id": id, "reason": "组织机构调整"}), "revise")
	fails(t, e.post(em+"/plan/revise", a, map[string]any{"id": id, "reason": "again"}), 400, "修订中的第 2 版", "second revision")
	vs := e.get(em+"/plan/versions?id="+id, a)
	ok(t, vs, "versions")
	if len(vs.list()) != 2 {
		t.Fatalf("versions: %s", truncate(vs.Raw))
	}
	v2 := vs.list()[0].(map[string]any)
	if v2["version"] != 2.0 || v2["state"] != 0.0 || v2["reviseReason"] != "组织机构调整" || str(v2["rootId"]) != id {
		t.Fatalf("version 2: %v", v2)
	}
	v2id := str(v2["id"])
	ok(t, e.post(em+"/plan/review", a, map[string]any{"id": v2id, "reviewWay": 1, "reviewers": "王专家", "reviewOpinion": "同意", "reviewDate": ds(today)}), "review v2")
	ok(t, e.post(em+"/plan/publish", a, map[string]any{"id": v2id, "date": ds(today)}), "publish v2")
	if d := e.get(em+"/plan/detail?id="+id, a).dataMap(); d["state"] != 3.0 {
		t.Fatalf("version 1 superseded: %v", d)
	}

	// Object level: the workshop director holds no plan button (403), and
	// the operator cannot even read.
	dir := e.login("100001", "director", "123456")
	fails(t, e.post(em+"/plan/submit", dir, map[string]any{"code": "T-2", "name": "x", "planType": 1}), 403, "", "director adds a plan")
	op := e.login("100001", "operator1", "123456")
	fails(t, e.get(em+"/plan/page", op), 403, "", "operator reads plans")
}

// The 20-working-day boundary: publication on a Friday; the due date skips
// the four weekends in between.
func TestWorkdaysAfterSkipsWeekends(t *testing.T) {
	fri := time.Date(2026, 11, 6, 0, 0, 0, 0, time.UTC)
	if got := workdaysAfter(fri, 20).Format("2006-01-02"); got != "2026-12-04" {
		t.Fatalf("20 working days after Friday 2026-11-06: %s", got)
	}
}

func (e *env) testEmergencySupplies(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	fails(t, e.post(em+"/supply/submit", a, map[string]any{"name": "x", "category": 14}), 400, "", "category 14")
	fails(t, e.post(em+"/supply/submit", a, map[string]any{"name": "x", "quantity": -1}), 400, "", "negative quantity")
	fails(t, e.post(em+"/supply/submit", a, map[string]any{"name": "", "category": 1}), 400, "物资名称", "no name")
	ok(t, e.post(em+"/supply/submit", a, map[string]any{"name": "防毒面具", "category": 1, "warehouse": "应急物资库 B", "quantity": 3, "minStock": 5, "unit": "个", "checkCycleDays": 30}), "supply")
	s := e.one(t, em+"/supply/page?warehouse="+url.QueryEscape("应急物资库 B"), a, "name", "防毒面具")
	if s["supplyStatus"] != 1.0 || s["nextCheckDate"] == "" {
		t.Fatalf("short supply: %v", s)
	}
	today := time.Now().In(timefmt.Zone).Format("2006-01-02")
	ok(t, e.post(em+"/supply/check", a, map[string]any{"id": s["id"], "checkDate": today, "quantity": 8}), "check")
	s = e.one(t, em+"/supply/page?warehouse="+url.QueryEscape("应急物资库 B"), a, "name", "防毒面具")
	if s["supplyStatus"] != 0.0 || s["lastCheckDate"] != today || s["quantity"] != 8.0 {
		t.Fatalf("checked: %v", s)
	}
	// The director holds the check button, but the item is not in his scope.
	dir := e.login("100001", "director", "123456")
	fails(t, e.post(em+"/supply/check", dir, map[string]any{"id": s["id"], "checkDate": today, "quantity": 1}), 403, "不在您的数据权限范围内", "director checks another's supply")
	ok(t, e.post(em+"/supply/check", a, map[string]any{"id": s["id"], "checkDate": today, "quantity": 8, "scrapped": true}), "scrap")
	fails(t, e.post(em+"/supply/check", a, map[string]any{"id": s["id"], "checkDate": today, "quantity": 8}), 400, "已报废", "check a scrapped item")
	ok(t, e.post(em+"/supply/remove?ids="+str(s["id"]), a, nil), "remove supply")
}

func (e *env) testEmergencyTeams(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	fails(t, e.post(em+"/team/submit", a, map[string]any{"name": "企业专职消防队"}), 400, "已存在", "duplicate team")
	ok(t, e.post(em+"/team/submit", a, map[string]any{"name": "罐区应急小组", "teamType": 2, "leaderName": "李组长"}), "team")
	tm := e.one(t, em+"/team/page", a, "name", "罐区应急小组")
	fails(t, e.post(em+"/member/submit", a, map[string]any{"name": "x"}), 400, "所属队伍", "member without team")
	ok(t, e.post(em+"/member/submit", a, map[string]any{"teamId": tm["id"], "name": "钱队员", "role": "队员"}), "member")
	fails(t, e.post(em+"/team/remove?ids="+str(tm["id"]), a, nil), 400, "还有队员", "remove a team with members")
	m := e.one(t, em+"/member/page?teamId="+str(tm["id"]), a, "name", "钱队员")
	if m["teamName"] != "罐区应急小组" {
		t.Fatalf("member: %v", m)
	}
	ok(t, e.post(em+"/member/remove?ids="+str(m["id"]), a, nil), "remove member")
	ok(t, e.post(em+"/team/remove?ids="+str(tm["id"]), a, nil), "remove team")
}

func (e *env) testEmergencyDrills(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	today := time.Now().In(timefmt.Zone).Format("2006-01-02")
	draft := e.one(t, em+"/plan/page?code=YA-XC-003", a, "code", "YA-XC-003")
	zx := e.one(t, em+"/plan/page?code=YA-ZX-002", a, "code", "YA-ZX-002")
	fails(t, e.post(em+"/drill/submit", a, map[string]any{"name": "x", "planId": draft["id"], "plannedDate": today}), 400, "已发布的预案", "drill of a draft plan")
	fails(t, e.post(em+"/drill/submit", a, map[string]any{"name": "x", "planId": zx["id"]}), 400, "计划演练日期", "no date")
	fails(t, e.post(em+"/drill/submit", a, map[string]any{"name": "x", "way": 5, "plannedDate": today}), 400, "", "way 5")

	// The director plans his own drill (his to run); the seeded one is not his.
	dir := e.login("100001", "director", "123456")
	name := "合成车间停电演练" + uniq()
	ok(t, e.post(em+"/drill/submit", dir, map[string]any{"name": name, "planId": zx["id"], "way": 3, "plannedDate": today, "place": "合成车间"}), "director plans")
	d := e.one(t, em+"/drill/page?name="+url.QueryEscape(name), dir, "name", name)
	id := str(d["id"])
	seeded := e.one(t, em+"/drill/page?state=0", a, "name", "综合应急预案桌面推演")
	fails(t, e.post(em+"/drill/move", dir, map[string]any{"id": seeded["id"], "action": "start"}), 403, "不在您的数据权限范围内", "director starts another's drill")

	fails(t, e.post(em+"/drill/move", dir, map[string]any{"id": id, "action": "complete", "actualDate": today, "record": "x"}), 400, "未开始,不能完成", "complete before start")
	fails(t, e.post(em+"/drill/move", dir, map[string]any{"id": id, "action": "jump"}), 400, "操作只能为", "unknown action")
	ok(t, e.post(em+"/drill/move", dir, map[string]any{"id": id, "action": "start"}), "start")
	d["place"] = "改地点"
	fails(t, e.post(em+"/drill/submit", dir, d), 400, "只有未开始的演练可以修改", "edit a running drill")
	fails(t, e.post(em+"/drill/move", dir, map[string]any{"id": id, "action": "complete", "actualDate": today}), 400, "演练记录", "complete without a record")
	ok(t, e.post(em+"/drill/move", dir, map[string]any{"id": id, "action": "complete", "actualDate": today, "record": "10:00 断电;10:05 切换备用电源", "participants": 9}), "complete")
	fails(t, e.post(em+"/drill/move", dir, map[string]any{"id": id, "action": "void", "reason": "x"}), 400, "已完成,不能作废", "void a completed drill")
	// Evaluation needs the evaluate button (the director has none).
	fails(t, e.post(em+"/drill/evaluate", dir, map[string]any{"id": id, "evaluationGrade": 3, "evaluation": "x"}), 403, "", "director evaluates")
	fails(t, e.post(em+"/drill/evaluate", a, map[string]any{"id": id, "evaluationGrade": 4, "evaluation": "不合格"}), 400, "须列出整改项", "failed without items")
	item := "备用电源切换柜无操作规程" + uniq()
	ok(t, e.post(em+"/drill/evaluate", a, map[string]any{"id": id, "evaluationGrade": 3, "evaluation": "基本达到目的", "rectifications": item + "\n\n应急照明不足"}), "evaluate")
	got := e.get(em+"/drill/detail?id="+id, a).dataMap()
	if got["state"] != 2.0 || got["evaluationGrade"] != 3.0 || got["record"] == "" || got["planName"] != "危险化学品泄漏专项应急预案" {
		t.Fatalf("evaluated drill: %v", got)
	}
	eventually(t, "the rectification item is a hidden danger", func() bool {
		for _, v := range e.get(pv+"/hidden-danger/page?size=50&dangerName="+url.QueryEscape("演练整改:"+item), a).list() {
			h := v.(map[string]any)
			return h["sourceSvc"] == "emergency" && strings.HasPrefix(str(h["sourceLink"]), "/emergency/drill")
		}
		return false
	})
	// Rejected and voided drills; removal only of those not run.
	ok(t, e.post(em+"/drill/submit", a, map[string]any{"name": "作废测试", "plannedDate": today}), "another drill")
	x := e.one(t, em+"/drill/page?name=作废测试", a, "name", "作废测试")
	fails(t, e.post(em+"/drill/move", a, map[string]any{"id": x["id"], "action": "void"}), 400, "原因", "void without reason")
	ok(t, e.post(em+"/drill/move", a, map[string]any{"id": x["id"], "action": "void", "reason": "计划取消"}), "void")
	fails(t, e.post(em+"/drill/remove?ids="+id, a, nil), 400, "不能删除", "remove a completed drill")
	ok(t, e.post(em+"/drill/remove?ids="+str(x["id"]), a, nil), "remove the voided drill")
}

func (e *env) testEmergencyIsolation(t *testing.T) {
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300071", "tenantName": "应急隔离测试公司"}), "tenant B")
	a := e.login("100001", "admin", "admin")
	b := e.login("300071", "admin", "123456")
	if n := len(e.get(em+"/plan/page", b).list()); n != 0 {
		t.Fatalf("tenant B sees %d plans", n)
	}
	plan := e.one(t, em+"/plan/page?code=YA-XC-003", a, "code", "YA-XC-003")
	fails(t, e.get(em+"/plan/detail?id="+str(plan["id"]), b), 400, "不存在", "plan detail across tenants")
	plan["name"] = "B 改写"
	fails(t, e.post(em+"/plan/submit", b, plan), 400, "不存在", "plan submit across tenants")
	fails(t, e.post(em+"/plan/remove?ids="+str(plan["id"]), b, nil), 400, "不存在", "plan remove across tenants")
	sup := e.one(t, em+"/supply/page", a, "name", "正压式空气呼吸器")
	fails(t, e.post(em+"/supply/check", b, map[string]any{"id": sup["id"], "checkDate": "2026-01-01", "quantity": 0}), 400, "不存在", "supply check across tenants")
	team := e.one(t, em+"/team/page", a, "name", "企业专职消防队")
	fails(t, e.post(em+"/member/submit", b, map[string]any{"teamId": team["id"], "name": "B"}), 400, "不存在", "member into another tenant's team")
	dr := e.one(t, em+"/drill/page?state=0", a, "name", "综合应急预案桌面推演")
	fails(t, e.post(em+"/drill/move", b, map[string]any{"id": dr["id"], "action": "void", "reason": "B"}), 400, "不存在", "drill move across tenants")
	if r := e.get(em+"/rule/list", b); len(r.list()) == 0 || func() bool {
		for _, v := range r.list() {
			if m := v.(map[string]any); m["code"] == "unit.hazchem" && m["version"] != nil && m["version"] != 0.0 {
				return true
			}
		}
		return false
	}() {
		t.Fatalf("tenant B sees tenant A's rules: %s", truncate(r.Raw))
	}
	if got := e.one(t, em+"/plan/page?code=YA-XC-003", a, "code", "YA-XC-003"); got["name"] == "B 改写" {
		t.Fatal("tenant B changed tenant A's plan")
	}
}

// testEmergencyCalendar: 20 working days across a holiday. Published on
// Friday 2026-09-25 (in the past): without the calendar filing is due on
// 2026-10-23; with 2026-10-01..07 (the five weekdays) as holidays and
// Sunday 2026-09-27 and Saturday 2026-10-10 as working days it is due on
// 2026-10-28.
func (e *env) testEmergencyCalendar(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	fails(t, e.post(em+"/holiday/submit", a, map[string]any{"day": "2026-10-03", "name": "国庆节"}), 400, "是周末", "a holiday on a Saturday")
	fails(t, e.post(em+"/holiday/submit", a, map[string]any{"day": "2026-10-09", "name": "x", "working": true}), 400, "是工作日", "a working Friday")
	fails(t, e.post(em+"/holiday/submit", a, map[string]any{"day": "2026/10/01", "name": "x"}), 400, "日期格式错误", "bad day")
	for _, d := range []string{"2026-10-01", "2026-10-02", "2026-10-05", "2026-10-06", "2026-10-07"} {
		ok(t, e.post(em+"/holiday/submit", a, map[string]any{"day": d, "name": "国庆节"}), "holiday "+d)
	}
	fails(t, e.post(em+"/holiday/submit", a, map[string]any{"day": "2026-10-01", "name": "国庆节"}), 400, "已设置", "the same day twice")
	for _, d := range []string{"2026-09-27", "2026-10-10"} {
		ok(t, e.post(em+"/holiday/submit", a, map[string]any{"day": d, "name": "国庆调休", "working": true}), "working day "+d)
	}
	hs := e.get(em+"/holiday/list?year=2026", a)
	ok(t, hs, "holidays")
	if len(hs.list()) != 7 {
		t.Fatalf("calendar: %s", truncate(hs.Raw))
	}
	ok(t, e.post(em+"/plan/submit", a, map[string]any{"code": "T-CAL", "name": "日历测试预案", "planType": 1}), "draft")
	p := e.one(t, em+"/plan/page?code=T-CAL", a, "code", "T-CAL")
	ok(t, e.post(em+"/plan/review", a, map[string]any{"id": p["id"], "reviewWay": 2, "reviewOpinion": "论证通过", "reviewDate": "2026-09-20"}), "review")
	ok(t, e.post(em+"/plan/publish", a, map[string]any{"id": p["id"], "date": "2026-09-25"}), "publish")
	if d := e.get(em+"/plan/detail?id="+str(p["id"]), a).dataMap(); d["filingDue"] != "2026-10-28" {
		t.Fatalf("filing due across the holiday: %v", d["filingDue"])
	}
	b := e.login("100001", "operator1", "123456")
	fails(t, e.post(em+"/holiday/submit", b, map[string]any{"day": "2026-12-31", "name": "x"}), 403, "", "operator edits the calendar")
	// The calendar is the tenant's: remove the days again (other plans of this test publish today).
	var ids []string
	for _, v := range hs.list() {
		ids = append(ids, str(v.(map[string]any)["id"]))
	}
	ok(t, e.post(em+"/holiday/remove?ids="+strings.Join(ids, ","), a, nil), "remove the calendar days")
}
