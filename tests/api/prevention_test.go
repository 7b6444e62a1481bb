package api

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"anquan/kit/db"
)

// TestPrevention: the double-prevention chain through the gateway — an
// object on a factory area, a unit graded by its event, a measure and an
// hourly plan that produces tasks (idempotently); a record with a hazard
// opens the rectification flow, illegal steps are refused, accept closes
// it; an overdue hazard notifies its liable person once; boards, exports,
// validation and tenant isolation.
func TestPrevention(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			var e *env
			t.Cleanup(func() {
				if e != nil && e.cfg.DB.Driver != "sqlite" {
					for _, s := range []string{"prevention", "factory", "flow", "resource", "workticket"} {
						_ = db.DropDatabase(e.cfg, s)
					}
				}
			})
			e = start(t, b)
			e.testPrevention(t)
			e.testHazardIntake(t, e.login("100001", "admin", "admin"))
		})
	}
}

const pv = "/api/nDoublePrevention"

// one finds the single row of a list whose field equals value.
func (e *env) one(t *testing.T, path, token, field, value string) map[string]any {
	t.Helper()
	r := e.get(path, token)
	ok(t, r, path)
	for _, v := range r.list() {
		m := v.(map[string]any)
		if str(m[field]) == value {
			return m
		}
	}
	t.Fatalf("%s: no row with %s=%s in %s", path, field, value, truncate(r.Raw))
	return nil
}

func (e *env) testPrevention(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	me := e.get("/api/blade-user/info", a).dataMap()
	myID := str(me["id"])

	areas := e.get(pv+"/risk-partition/list", a).list()
	if len(areas) == 0 {
		t.Fatal("tenant 100001 has no factory areas")
	}
	areaID := str(areas[0].(map[string]any)["id"])

	e.waitDemoSeed(t, a)
	seeded := map[string]float64{}
	seededFlow := map[string]string{}
	for _, v := range e.get(pv+"/hidden-danger/page?size=100", a).list() {
		h := v.(map[string]any)
		seeded[str(h["dangerName"])] = h["dangerState"].(float64)
		seededFlow[str(h["dangerName"])] = str(h["processInstanceId"])
	}
	if seeded["T102 储罐呼吸阀阻火器锈蚀"] != 10 || seeded["装卸站台静电接地夹损坏"] != 0 || seeded["可燃气体报警仪超期未标定"] != 9 {
		t.Fatalf("seeded hazards in three states: %v", seeded)
	}
	// Their flow instances stand at the matching step (or are complete), so
	// 我的待办 lists them where someone has to act.
	for name, want := range map[string]string{"T102 储罐呼吸阀阻火器锈蚀": "隐患评估", "装卸站台静电接地夹损坏": "隐患整改", "可燃气体报警仪超期未标定": "完成"} {
		if got := e.flowStep(t, a, seededFlow[name]); got != want {
			t.Fatalf("seeded hazard %s: flow at %q, want %q", name, got, want)
		}
	}
	if e.todoTask(t, a, seededFlow["T102 储罐呼吸阀阻火器锈蚀"]) != "隐患评估" || e.todoTask(t, a, seededFlow["可燃气体报警仪超期未标定"]) != "" {
		t.Fatal("admin's to-do list does not follow the seeded hazards")
	}
	s := e.login("100001", "safety", "123456")
	safetyID := str(e.get("/api/blade-user/info", s).dataMap()["id"])

	// Object -> unit -> event (graded) -> measure -> plan.
	fails(t, e.post(pv+"/risk-object/submit", a, map[string]any{"name": "测试对象", "areaId": "999"}), 400, "区域不存在", "unknown area")
	ok(t, e.post(pv+"/risk-object/submit", a, map[string]any{"name": "测试对象", "areaId": areaID, "responsibleUserId": myID, "responsibleUserName": "管理员"}), "object")
	obj := e.one(t, pv+"/risk-object/list?name=测试对象", a, "name", "测试对象")
	fails(t, e.post(pv+"/risk-unit/submit", a, map[string]any{"objectId": obj["id"], "code": "T-01", "name": "测试单元", "riskClass": 7, "responsibleUserId": myID}), 400, "风险类别", "bad class")
	ok(t, e.post(pv+"/risk-unit/submit", a, map[string]any{"objectId": obj["id"], "code": "T-01", "name": "测试单元", "riskClass": 2, "responsibleUserId": myID, "responsibleUserName": "管理员"}), "unit")
	fails(t, e.post(pv+"/risk-unit/submit", a, map[string]any{"objectId": obj["id"], "code": "T-01", "name": "重复", "riskClass": 2, "responsibleUserId": myID}), 400, "已存在", "duplicate code")
	unit := e.one(t, pv+"/risk-unit/list?code_equal=T-01", a, "code", "T-01")
	uid := str(unit["id"])
	fails(t, e.post(pv+"/risk-event/submit", a, map[string]any{"unitId": uid, "name": "泄漏", "method": "LEC", "l": 2, "e": 6, "c": 40}), 400, "L(事故发生可能性)", "LEC factor")
	ok(t, e.post(pv+"/risk-event/submit", a, map[string]any{"unitId": uid, "name": "泄漏着火", "method": "LEC", "l": 1, "e": 6, "c": 15}), "event yellow")
	ok(t, e.post(pv+"/risk-event/submit", a, map[string]any{"unitId": uid, "name": "超压爆炸", "method": "LS", "l": 4, "s": 5}), "event red")
	g := e.post(pv+"/risk-event/grade", a, map[string]any{"method": "LEC", "l": 3, "e": 6, "c": 15})
	ok(t, g, "grade")
	if g.dataMap()["riskColour"] != "orange" || g.dataMap()["score"] != float64(270) {
		t.Fatalf("grade: %s", g.Raw)
	}
	d := e.get(pv+"/risk-unit/detail?id="+uid, a).dataMap()
	if d["riskLevel"] != float64(1) || d["riskColour"] != "red" || d["objectName"] != "测试对象" || d["eventCount"] != float64(2) {
		t.Fatalf("unit level is the highest of its events: %v", d)
	}
	ev := e.one(t, pv+"/risk-event/list?unitId_equal="+uid, a, "name", "超压爆炸")
	fails(t, e.post(pv+"/risk-measure/submit", a, map[string]any{"eventId": ev["id"], "dataSrc": 2, "classify1": 1, "classify2": "2-1", "description": "x"}), 400, "不属于", "classify2 of another classify1")
	fails(t, e.post(pv+"/risk-measure/submit", a, map[string]any{"eventId": ev["id"], "dataSrc": 2, "classify1": 1, "classify2": "1-4", "description": strings.Repeat("长", 4001)}), 400, "4000", "long description")
	ok(t, e.post(pv+"/risk-measure/submit", a, map[string]any{"eventId": ev["id"], "dataSrc": 2, "classify1": 1, "classify2": "1-4", "description": "压力高高联锁", "troubleshootContent": "检查联锁投用"}), "measure")
	m := e.one(t, pv+"/risk-measure/list?unitId_equal="+uid, a, "description", "压力高高联锁")
	sh, _ := time.LoadLocation("Asia/Shanghai")
	now := time.Now().In(sh)
	start := now.Add(-2 * time.Hour).Truncate(time.Hour).Format("2006-01-02 15:04:05")
	fails(t, e.post(pv+"/check-plan/submit", a, map[string]any{"measureId": m["id"], "checkCycle": 1, "checkCycleUnit": 9, "dutyType": 2, "responsibleUserId": myID, "startTime": start}), 400, "周期单位", "cycle unit")
	ok(t, e.post(pv+"/check-plan/submit", a, map[string]any{"measureId": m["id"], "checkCycle": 1, "checkCycleUnit": 1, "dutyType": 2, "responsibleUserId": myID, "responsibleUserName": "管理员", "startTime": start}), "plan")
	plan := e.one(t, pv+"/check-plan/list?unitId_equal="+uid, a, "measureId", str(m["id"]))

	tree := e.get(pv+"/risk-unit/riskUnitDetail?id="+uid, a)
	ok(t, tree, "riskUnitDetail")
	if tm := tree.dataMap(); len(tm["events"].([]any)) != 2 || len(tm["measures"].([]any)) != 1 || len(tm["plans"].([]any)) != 1 {
		t.Fatalf("riskUnitDetail: %s", truncate(tree.Raw))
	}

	// Generation: the current window now and two future ones; a rerun adds nothing.
	until := now.Add(3 * time.Hour).Format("2006-01-02 15:04:05")
	gen := e.post(pv+"/check-task/generate", a, map[string]any{"until": until})
	ok(t, gen, "generate")
	again := e.post(pv+"/check-task/generate", a, map[string]any{"until": until})
	ok(t, again, "generate again")
	if str(again.dataMap()["created"]) != "0" && again.dataMap()["created"] != nil {
		t.Fatalf("a second run duplicated tasks: %s", again.Raw)
	}
	tasks := e.get(pv+"/check-task/page?size=50&planId_equal="+str(plan["id"]), a)
	ok(t, tasks, "tasks")
	if n := len(tasks.list()); n < 3 || n > 4 {
		t.Fatalf("want the current and future windows, got %d: %s", n, truncate(tasks.Raw))
	}
	var current map[string]any
	for _, v := range tasks.list() {
		tk := v.(map[string]any)
		s, _ := time.ParseInLocation("2006-01-02 15:04:05", str(tk["startTime"]), sh)
		en, _ := time.ParseInLocation("2006-01-02 15:04:05", str(tk["endTime"]), sh)
		if !s.After(now) && en.After(now) {
			current = tk
		}
		if tk["taskState"] != float64(1) {
			t.Fatalf("new task state: %v", tk)
		}
	}
	if current == nil {
		t.Fatalf("no task for the current window: %s", truncate(tasks.Raw))
	}

	// A record with a hazard opens the rectification flow.
	fails(t, e.post(pv+"/check-record/submit", a, map[string]any{"taskId": current["id"], "checkStatus": 1}), 400, "隐患信息", "hazard missing")
	rec := map[string]any{"taskId": current["id"], "checkStatus": 1, "remark": "联锁旁路未审批", "hazard": map[string]any{
		"dangerName": "压力联锁被旁路", "dangerDesc": "PSHH-101 联锁处于旁路状态", "dangerLevel": 0, "dangerManageType": 1,
		"deadline": now.Add(48 * time.Hour).Format("2006-01-02 15:04:05"), "liableUserId": safetyID, "liableUserName": "安全员"}}
	ok(t, e.post(pv+"/check-record/submit", a, rec), "record with hazard")
	fails(t, e.post(pv+"/check-record/submit", a, map[string]any{"taskId": current["id"], "checkStatus": 0}), 400, "不能重复记录", "record twice")
	if st := e.get(pv+"/check-task/detail?id="+str(current["id"]), a).dataMap()["taskState"]; st != float64(2) {
		t.Fatalf("task after an on-time record: %v", st)
	}
	h := e.one(t, pv+"/hidden-danger/page?dangerName=压力联锁被旁路", a, "dangerName", "压力联锁被旁路")
	hid := str(h["id"])
	if h["dangerState"] != float64(10) || h["unitId"] != uid || h["taskId"] != current["id"] || str(h["processInstanceId"]) == "" {
		t.Fatalf("hazard from the record: %v", h)
	}
	pid := str(h["processInstanceId"])

	// Illegal steps are refused; the legal path closes the hazard, and the
	// flow instance follows: the administrator assesses and accepts, the
	// liable person (safety) rectifies.
	if e.todoTask(t, a, pid) != "隐患评估" || e.todoTask(t, s, pid) != "隐患评估" {
		t.Fatal("a reported hazard waits in the assessors' to-do lists")
	}
	fails(t, e.post(pv+"/hidden-danger/rectify", a, map[string]any{"id": hid, "rectifyMeasures": "x"}), 400, "不能提交整改", "rectify before assess")
	fails(t, e.post(pv+"/hidden-danger/accept", a, map[string]any{"id": hid, "pass": true}), 400, "不能验收", "accept before rectify")
	ok(t, e.post(pv+"/hidden-danger/assess", a, map[string]any{"id": hid, "pass": true, "dangerLevel": 1, "dangerManageType": 1, "comment": "确认"}), "assess")
	fails(t, e.post(pv+"/hidden-danger/assess", a, map[string]any{"id": hid, "pass": true, "dangerLevel": 1, "dangerManageType": 1}), 400, "不能评估", "assess twice")
	fails(t, e.post(pv+"/hidden-danger/remove?ids="+hid, a, nil), 400, "不能删除", "remove in rectification")
	if e.todoTask(t, s, pid) != "隐患整改" {
		t.Fatal("an assessed hazard waits in the liable person's to-do list")
	}
	fails(t, e.post(pv+"/hidden-danger/rectify", s, map[string]any{"id": hid}), 400, "整改措施", "rectify without measures")
	ok(t, e.post(pv+"/hidden-danger/rectify", s, map[string]any{"id": hid, "rectifyMeasures": "恢复联锁投用并补办旁路审批"}), "rectify")
	if e.todoTask(t, a, pid) != "隐患验收" {
		t.Fatal("a rectified hazard waits in the acceptor's to-do list")
	}
	fails(t, e.post(pv+"/hidden-danger/accept", a, map[string]any{"id": hid, "pass": false}), 400, "原因", "reject without reason")
	ok(t, e.post(pv+"/hidden-danger/accept", a, map[string]any{"id": hid, "pass": false, "comment": "旁路审批单缺签字"}), "reject at acceptance")
	if st := e.get(pv+"/hidden-danger/detail?id="+hid, a).dataMap()["dangerState"]; st != float64(0) {
		t.Fatalf("rejection goes back to 整改中: %v", st)
	}
	if e.todoTask(t, s, pid) != "隐患整改" || e.flowStep(t, a, pid) != "隐患整改" {
		t.Fatal("a refused acceptance goes back to the rectifier's to-do list")
	}
	ok(t, e.post(pv+"/hidden-danger/rectify", s, map[string]any{"id": hid, "rectifyMeasures": "补齐签字"}), "rectify again")
	fails(t, e.post(pv+"/hidden-danger/accept", a, map[string]any{"id": hid, "pass": true}), 400, "治理方案", "major hazard without treatment plan")
	ok(t, e.post(pv+"/hidden-danger/accept", a, map[string]any{"id": hid, "pass": true, "treatmentPlan": "联锁管理制度修订,旁路必须审批", "comment": "通过"}), "accept")
	closed := e.get(pv+"/hidden-danger/detail?id="+hid, a).dataMap()
	if closed["dangerState"] != float64(9) || closed["acceptUserName"] == "" {
		t.Fatalf("accepted hazard: %v", closed)
	}
	fails(t, e.post(pv+"/hidden-danger/rectify", a, map[string]any{"id": hid, "rectifyMeasures": "x"}), 400, "已验收", "rectify after acceptance")
	if e.todoTask(t, a, pid) != "" || e.todoTask(t, s, pid) != "" || e.flowStep(t, a, pid) != "完成" {
		t.Fatal("an accepted hazard leaves every to-do list and completes its instance")
	}
	hist := e.get("/api/blade-flow/process/task-process-comment?processInstanceId="+pid, a)
	ok(t, hist, "history")
	if n := len(hist.list()); n < 6 {
		t.Fatalf("flow history has %d lines, want report, assess, rectify, reject, rectify, accept: %s", n, truncate(hist.Raw))
	}

	// Only the liable person (or the administrator) rectifies: flow refuses
	// the others. A liable person changed at assessment gets the task.
	ok(t, e.post(pv+"/hidden-danger/submit", a, map[string]any{"dangerName": "安全阀铅封缺失", "dangerSrc": 1, "dangerManageType": 0, "liableUserId": myID, "liableUserName": "管理员"}), "report")
	sv := e.one(t, pv+"/hidden-danger/page?dangerName=安全阀铅封缺失", a, "dangerName", "安全阀铅封缺失")
	ok(t, e.post(pv+"/hidden-danger/assess", s, map[string]any{"id": sv["id"], "pass": true, "dangerLevel": 0, "dangerManageType": 0}), "assess by safety")
	fails(t, e.post(pv+"/hidden-danger/rectify", s, map[string]any{"id": sv["id"], "rectifyMeasures": "x"}), 403, "不是当前环节【隐患整改】", "rectify by someone not liable")
	if st := e.get(pv+"/hidden-danger/detail?id="+str(sv["id"]), a).dataMap()["dangerState"]; st != float64(0) {
		t.Fatalf("a refused rectification leaves the hazard as it was: %v", st)
	}
	ok(t, e.post(pv+"/hidden-danger/submit", a, map[string]any{"dangerName": "爬梯护笼变形", "dangerSrc": 1, "dangerManageType": 0, "liableUserId": myID, "liableUserName": "管理员"}), "report")
	rv := e.one(t, pv+"/hidden-danger/page?dangerName=爬梯护笼变形", a, "dangerName", "爬梯护笼变形")
	ok(t, e.post(pv+"/hidden-danger/assess", s, map[string]any{"id": rv["id"], "pass": true, "dangerLevel": 0, "dangerManageType": 0, "liableUserId": safetyID, "liableUserName": "安全员"}), "assess with a new liable person")
	rpid := str(e.get(pv+"/hidden-danger/detail?id="+str(rv["id"]), a).dataMap()["processInstanceId"])
	if rpid == str(rv["processInstanceId"]) || e.todoTask(t, s, rpid) != "隐患整改" || e.flowStep(t, a, str(rv["processInstanceId"])) != "已撤销" {
		t.Fatalf("reassignment: instance %s (was %s)", rpid, str(rv["processInstanceId"]))
	}
	ok(t, e.post(pv+"/hidden-danger/rectify", s, map[string]any{"id": rv["id"], "rectifyMeasures": "更换护笼"}), "rectify by the new liable person")

	// Direct report: dates are checked; an overdue hazard notifies once.
	past := now.Add(-72 * time.Hour).Format("2006-01-02 15:04:05")
	fails(t, e.post(pv+"/hidden-danger/submit", a, map[string]any{"dangerName": "期限早于上报", "dangerSrc": 1, "dangerManageType": 1, "reportTime": now.Add(-time.Hour).Format("2006-01-02 15:04:05"), "deadline": past, "liableUserId": myID}), 400, "不能早于上报时间", "deadline before report")
	fails(t, e.post(pv+"/hidden-danger/submit", a, map[string]any{"dangerName": "来源错误", "dangerSrc": 42, "dangerManageType": 1, "deadline": until, "liableUserId": myID}), 400, "隐患来源", "bad source")
	ok(t, e.post(pv+"/hidden-danger/submit", a, map[string]any{"dangerName": "消防通道堵塞", "dangerSrc": 4, "dangerManageType": 1, "reportTime": past,
		"deadline": now.Add(-time.Hour).Format("2006-01-02 15:04:05"), "liableUserId": myID, "liableUserName": "管理员", "unitId": uid}), "report overdue-to-be")
	od := e.one(t, pv+"/hidden-danger/page?dangerName=消防通道堵塞", a, "dangerName", "消防通道堵塞")
	r := e.post(pv+"/check-task/generate", a, map[string]any{})
	ok(t, r, "generate flags overdue hazards")
	if e.get(pv+"/hidden-danger/detail?id="+str(od["id"]), a).dataMap()["overdue"] != float64(1) {
		t.Fatal("hazard past its deadline is not flagged")
	}
	eventually(t, "overdue message", func() bool {
		return strings.Contains(string(e.get("/api/blade-desk/message/list?size=50", a).Raw), "消防通道堵塞")
	})
	ok(t, e.post(pv+"/check-task/generate", a, map[string]any{}), "generate again")
	time.Sleep(700 * time.Millisecond)
	if n := strings.Count(string(e.get("/api/blade-desk/message/list?size=100", a).Raw), "隐患「消防通道堵塞」"); n != 1 {
		t.Fatalf("overdue notice sent %d times, want once", n)
	}

	// Boards and exports.
	c := e.get(pv+"/risk-commitment/detail", a)
	ok(t, c, "commitment")
	// Special works come from the work-ticket service (its demo permits of today).
	if cm := c.dataMap(); cm["unitsTotal"] == nil || str(cm["commitmentText"]) == "" || str(cm["specialWorksNote"]) != "" || cm["hazardsOpen"] == nil {
		t.Fatalf("commitment: %s", truncate(c.Raw))
	}
	sc := e.get(pv+"/dual-prophylaxis/statistics", a)
	ok(t, sc, "big screen")
	if len(sc.dataMap()["hazardStates"].([]any)) != 5 || len(sc.dataMap()["unitColours"].([]any)) != 5 {
		t.Fatalf("big screen: %s", truncate(sc.Raw))
	}
	for _, p := range []string{"/risk-unit/export", "/risk-event/export", "/risk-measure/export", "/check-task/export", "/check-record/export", "/hidden-danger/export"} {
		x := e.get(pv+p, a)
		if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Type"), "spreadsheet") || !strings.Contains(x.Header.Get("Content-Disposition"), ".xlsx") {
			t.Fatalf("%s: %d %s", p, x.Status, x.Header)
		}
	}
	up := e.get(pv+"/upload/export?province=national", a)
	if up.Status != 200 || !strings.Contains(string(up.Raw), "RISK_UNIT_NAME") || !strings.Contains(string(up.Raw), "t_yhzlxx") {
		t.Fatalf("upload package: %d %s", up.Status, truncate(up.Raw))
	}
	fails(t, e.get(pv+"/upload/export?province=mars", a), 400, "暂不支持", "unknown province")
	// Anhui: refused without the tenant's key, then the requests in
	// dependency order carrying it.
	fails(t, e.get(pv+"/upload/export?province=anhui", a), 400, "prevention.upload.anhui.key", "anhui without key")
	ok(t, e.post("/api/blade-system/param/submit", a, map[string]any{"paramName": "安徽省双重预防上报密钥",
		"paramKey": "prevention.upload.anhui.key", "paramValue": "test-anhui-key"}), "anhui key")
	var ah *resp
	eventually(t, "anhui package", func() bool {
		ah = e.get(pv+"/upload/export?province=anhui", a)
		return ah.Status == 200
	})
	body := string(ah.Raw)
	reqs := body[strings.Index(body, `"requests"`)+1:] // the notes name actions too
	iu, ih := strings.Index(reqs, `"riskUnitAction!updateRiskUnit"`), strings.Index(reqs, `"dangerInfoAction!updateCheck"`)
	if !strings.Contains(body, `"province": "anhui"`) || !strings.Contains(body, `"pwd": "test-anhui-key"`) || iu < 0 || ih < iu ||
		!strings.Contains(body, "dangerNoteAction!updateCheckRecord") || !strings.Contains(ah.Header.Get("Content-Disposition"), "anhui") {
		t.Fatalf("anhui package: %s %s", ah.Header, truncate(ah.Raw))
	}
	// the enterprise's credit code comes from the factory service
	if !regexp.MustCompile(`"tyshxydm": "[0-9A-Z]{18}"`).MatchString(body) {
		t.Fatalf("anhui package without the credit code: %s", truncate(ah.Raw))
	}

	// Tenant isolation.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300071", "tenantName": "双重预防隔离测试"}), "tenant B")
	b := e.login("300071", "admin", "123456")
	fails(t, e.get(pv+"/risk-unit/detail?id="+uid, b), 400, "不存在", "unit across tenants")
	fails(t, e.get(pv+"/upload/export?province=anhui", b), 400, "密钥", "another tenant's anhui key")
	fails(t, e.get(pv+"/hidden-danger/detail?id="+hid, b), 400, "不存在", "hazard across tenants")
	fails(t, e.post(pv+"/risk-event/submit", b, map[string]any{"unitId": uid, "name": "越权", "method": "LS", "l": 1, "s": 1}), 400, "不存在", "event on another tenant's unit")
	fails(t, e.post(pv+"/risk-object/submit", b, map[string]any{"name": "越权对象", "areaId": areaID}), 400, "区域不存在", "another tenant's area")
	fails(t, e.post(pv+"/check-record/submit", b, map[string]any{"taskId": current["id"], "checkStatus": 0}), 400, "不存在", "record on another tenant's task")
	fails(t, e.post(pv+"/risk-unit/remove?ids="+uid, b, nil), 400, "不存在", "remove across tenants")
	fails(t, e.post(pv+"/hidden-danger/assess", b, map[string]any{"id": od["id"], "pass": true, "dangerManageType": 1}), 400, "不存在", "assess across tenants")
	for _, p := range []string{"/risk-unit/page", "/hidden-danger/page", "/check-task/page", "/risk-object/page"} {
		if l := e.get(pv+p, b).list(); len(l) != 0 {
			t.Fatalf("tenant B sees tenant A's rows at %s", p)
		}
	}
	if st := e.get(pv+"/dual-prophylaxis/statistics", b).dataMap(); st["unitsTotal"] != nil && st["unitsTotal"] != float64(0) {
		t.Fatalf("tenant B's big screen counts tenant A: %v", st["unitsTotal"])
	}
}

// todoTask is the step at which instance pid waits in tok's 我的待办 ("" when absent).
func (e *env) todoTask(t *testing.T, tok, pid string) string {
	t.Helper()
	r := e.get("/api/blade-flow/work/todo-list?size=200", tok)
	ok(t, r, "todo-list")
	for _, v := range r.list() {
		if m := v.(map[string]any); str(m["processInstanceId"]) == pid {
			return str(m["taskName"])
		}
	}
	return ""
}

// flowStep is the current step of instance pid, or 完成/驳回/已撤销 when finished.
func (e *env) flowStep(t *testing.T, tok, pid string) string {
	t.Helper()
	if pid == "" {
		t.Fatal("no process instance")
	}
	r := e.get("/api/blade-flow/process/detail?processInstanceId="+pid, tok)
	ok(t, r, "flow detail")
	m := r.dataMap()
	switch m["status"] {
	case float64(1):
		return "完成"
	case float64(2):
		return "驳回"
	case float64(3):
		return "已撤销"
	}
	return str(m["taskName"])
}
