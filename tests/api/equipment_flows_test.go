package api

import (
	"net/url"
	"strings"
	"testing"
)

// testEquipmentFlows: service orders through reported -> assigned -> in
// repair -> done -> returned -> done -> accepted with their log and the
// equipment's maintain state; disable / recover / scrap requests with
// approval (never by the requester), the disabled safety facility raising a
// hidden danger in prevention; lockout recovery whose approval needs every
// isolation point verified; refusals from wrong states and wrong people;
// xlsx exports; another tenant sees and moves nothing.
func (e *env) testEquipmentFlows(t *testing.T, admin, director, b string) {
	t.Helper()
	safety := e.login("100001", "safety", "123456")
	op := e.login("100001", "operator1", "123456")
	directorID := e.userID(t, admin, "director")
	safetyID := e.userID(t, admin, "safety")

	// The demo rows.
	seeded := map[string]float64{}
	for _, x := range e.get(eq+"/service/page?size=50", admin).list() {
		m := x.(map[string]any)
		seeded[str(m["equipmentCode"])] = m["state"].(float64)
	}
	if seeded["P-101"] != 1 || seeded["R-201"] != 3 || seeded["V-101"] != 5 {
		t.Fatalf("seeded service orders: %v", seeded)
	}
	if l := e.get(eq+"/request/page?kind_equal=3", admin).list(); len(l) != 1 || l[0].(map[string]any)["equipmentCode"] != "P-100" {
		t.Fatalf("seeded scrap requests: %v", l)
	}
	if l := e.get(eq+"/lockout/page?state_equal=2", admin).list(); len(l) != 1 || l[0].(map[string]any)["verifiedCount"] != 3.0 {
		t.Fatalf("seeded lockouts: %v", l)
	}

	// ---- service orders ----
	p9 := e.eqItem(t, admin, "P-901") // the director is responsible
	qd := e.eqItem(t, admin, "QD-01") // the safety manager is
	fails(t, e.post(eq+"/service/submit", director, map[string]any{"equipmentId": p9["id"], "serviceType": 1}), 400, "故障描述", "an order without description")
	fails(t, e.post(eq+"/service/submit", director, map[string]any{"equipmentId": p9["id"], "serviceType": 11, "description": "x"}), 400, "", "service type 11")
	fails(t, e.post(eq+"/service/submit", director, map[string]any{"equipmentId": qd["id"], "serviceType": 1, "description": "x"}), 403, "责任人", "an order on someone else's equipment")
	fails(t, e.post(eq+"/service/submit", op, map[string]any{"equipmentId": p9["id"], "serviceType": 1, "description": "x"}), 403, "", "an operator without the button")
	ok(t, e.post(eq+"/service/submit", director, map[string]any{"equipmentId": p9["id"], "serviceType": 2, "description": "电机过热跳闸"}), "the director reports")
	order := func(code string) map[string]any {
		l := e.get(eq+"/service/page?equipmentCode_equal="+code, admin).list()
		if len(l) == 0 {
			t.Fatalf("no order of %s", code)
		}
		return l[0].(map[string]any)
	}
	o := order("P-901")
	oid := str(o["id"])
	if o["state"] != 1.0 || o["reporterName"] != "张主任" || o["serviceType"] != 2.0 {
		t.Fatalf("reported order: %v", o)
	}
	step := func(action, tok string, extra map[string]any) *resp {
		body := map[string]any{"id": oid}
		for k, v := range extra {
			body[k] = v
		}
		return e.post(eq+"/service/"+action, tok, body)
	}
	fails(t, step("start", admin, nil), 400, "当前状态为「已报修」,不能开始维修", "start before assignment")
	fails(t, step("accept", admin, nil), 400, "不能验收", "accept a reported order")
	fails(t, step("assign", director, map[string]any{"assigneeId": directorID}), 403, "", "the director has no assign button")
	fails(t, step("assign", safety, map[string]any{"assigneeId": "42"}), 400, "维修人不存在", "an unknown assignee")
	ok(t, step("assign", safety, map[string]any{"assigneeId": directorID, "comment": "尽快处理"}), "the safety manager assigns the director")
	fails(t, e.post(eq+"/service/remove?ids="+oid, director, nil), 403, "", "the director has no delete button")
	fails(t, e.post(eq+"/service/remove?ids="+oid, admin, nil), 400, "已派工", "remove an assigned order")
	ok(t, step("start", director, nil), "the assignee starts")
	if it := e.eqItem(t, admin, "P-901"); it["maintainState"] != 2.0 {
		t.Fatalf("P-901 in repair: %v", it)
	}
	fails(t, step("finish", director, nil), 400, "维修内容", "finish without content")
	ok(t, step("finish", director, map[string]any{"comment": "更换电机轴承"}), "the assignee finishes")
	fails(t, step("return", director, nil), 400, "退回原因", "return without reason")
	ok(t, step("return", director, map[string]any{"comment": "仍有异响"}), "the reporter returns it")
	ok(t, step("finish", director, map[string]any{"comment": "重新对中联轴器"}), "finished again")
	ok(t, step("accept", director, map[string]any{"comment": "运行正常"}), "the reporter accepts")
	fails(t, step("accept", director, nil), 400, "当前状态为「已验收」", "accept twice")
	d := e.get(eq+"/service/detail?id="+oid, admin).dataMap()
	logs, _ := d["logs"].([]any)
	if d["state"] != 5.0 || d["repairContent"] != "重新对中联轴器" || len(logs) != 7 {
		t.Fatalf("accepted order: %v", d)
	}
	if l := logs[1].(map[string]any); l["action"] != "assign" || l["userName"] != "李安全" || l["comment"] != "尽快处理" || l["toState"] != 2.0 {
		t.Fatalf("assign log: %v", l)
	}
	if it := e.eqItem(t, admin, "P-901"); it["maintainState"] != 1.0 {
		t.Fatalf("P-901 after acceptance: %v", it)
	}
	if l := e.get("/api/audit-log/page?service=equipment&size=20&recordIds="+oid, admin).list(); len(l) < 6 {
		t.Fatalf("audit of the order's steps: %d", len(l))
	}
	// Object level: the director holds the repair button but is not QD-01's assignee.
	ok(t, e.post(eq+"/service/submit", safety, map[string]any{"equipmentId": qd["id"], "serviceType": 1, "description": "起升异响"}), "safety reports QD-01")
	qo := str(order("QD-01")["id"])
	ok(t, e.post(eq+"/service/assign", safety, map[string]any{"id": qo, "assigneeId": safetyID}), "assigned to safety")
	fails(t, e.post(eq+"/service/start", director, map[string]any{"id": qo}), 403, "只有维修人", "a stranger starts")
	x := e.get(eq+"/service/export?equipmentCode_equal=P-901", admin)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Type"), "spreadsheet") || !strings.Contains(x.Header.Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("service export: %d %v", x.Status, x.Header)
	}

	// ---- disable / recover / scrap ----
	gd := e.eqItem(t, admin, "GD-01") // a safety facility of the safety manager
	req := func(tok string, kind int, eqID any, extra map[string]any) *resp {
		body := map[string]any{"kind": kind, "equipmentId": eqID, "reason": "探头故障待更换"}
		for k, v := range extra {
			body[k] = v
		}
		return e.post(eq+"/request/submit", tok, body)
	}
	request := func(kind, code string) string {
		l := e.get(eq+"/request/page?kind_equal="+kind+"&state_equal=1&equipmentCode_equal="+code, admin).list()
		if len(l) != 1 {
			t.Fatalf("pending request %s of %s: %v", kind, code, l)
		}
		return str(l[0].(map[string]any)["id"])
	}
	fails(t, req(director, 1, gd["id"], map[string]any{"measures": "x"}), 403, "责任人", "the director disables someone else's facility")
	fails(t, req(safety, 1, gd["id"], nil), 400, "安全措施", "a safety facility disabled without measures")
	fails(t, req(safety, 2, gd["id"], nil), 400, "未停用", "recover an enabled facility")
	ok(t, req(safety, 1, gd["id"], map[string]any{"measures": "便携式检测仪每 2 小时巡检"}), "safety asks to disable GD-01")
	fails(t, req(safety, 1, gd["id"], map[string]any{"measures": "x"}), 400, "待审批", "a second pending disable")
	rid := request("1", "GD-01")
	fails(t, e.post(eq+"/request/approve", safety, map[string]any{"id": rid}), 403, "不能审批自己", "the requester approves")
	fails(t, e.post(eq+"/request/approve", director, map[string]any{"id": rid}), 403, "", "the director has no approve button")
	// One approve call serves the three kinds; each kind asks for its own page's button, so the
	// button of scraps does not approve a disable.
	e.grant(t, admin, "workshop_director", "equipment_scrap_approve")
	e.granted(t, director, eq+"/request/approve")
	fails(t, e.post(eq+"/request/approve", director, map[string]any{"id": rid}), 403, "您没有审批设备停用申请的权限", "the scrap approver approves a disable")
	ok(t, e.post(eq+"/request/approve", admin, map[string]any{"id": rid, "comment": "同意"}), "the admin approves")
	fails(t, e.post(eq+"/request/reject", admin, map[string]any{"id": rid, "comment": "x"}), 400, "当前状态为「已批准」", "reject an approved request")
	if it := e.eqItem(t, admin, "GD-01"); it["enable"] != 2.0 {
		t.Fatalf("GD-01 after disable: %v", it)
	}
	var h map[string]any
	eventually(t, "the disabled safety facility's hazard", func() bool {
		for _, v := range e.get(pv+"/hidden-danger/page?size=50&dangerName="+url.QueryEscape("安全设施停用:罐区可燃气体检测器组"), admin).list() {
			h = v.(map[string]any)
			return true
		}
		return false
	})
	if str(h["sourceSvc"]) != "equipment" || str(h["reportUserId"]) != safetyID {
		t.Fatalf("raised hazard: %v", h)
	}
	ok(t, req(safety, 2, gd["id"], nil), "safety asks to recover GD-01")
	rid = request("2", "GD-01")
	fails(t, e.post(eq+"/request/reject", admin, map[string]any{"id": rid}), 400, "驳回意见", "reject without opinion")
	ok(t, e.post(eq+"/request/reject", admin, map[string]any{"id": rid, "comment": "探头未更换"}), "the admin rejects")
	if it := e.eqItem(t, admin, "GD-01"); it["enable"] != 2.0 {
		t.Fatalf("GD-01 after a rejected recovery: %v", it)
	}
	if d := e.get(eq+"/request/detail?id="+rid, admin).dataMap(); d["state"] != 3.0 || d["opinion"] != "探头未更换" || len(d["logs"].([]any)) != 2 {
		t.Fatalf("rejected request: %v", d)
	}
	x = e.get(eq+"/request/export?kind_equal=1", admin)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("request export: %d", x.Status)
	}

	// ---- lockout recovery on P-901 (its owner the director) ----
	lo := func(tok string, steps []any) *resp {
		return e.post(eq+"/lockout/submit", tok, map[string]any{"equipmentId": p9["id"], "reason": "更换电机", "steps": steps})
	}
	fails(t, lo(director, nil), 400, "至少", "a lockout without isolation points")
	fails(t, lo(director, []any{map[string]any{"point": "电源", "lockNo": "L-1"}, map[string]any{"point": "阀", "lockNo": "L-1"}}), 400, "重复", "one lock twice")
	ok(t, lo(director, []any{map[string]any{"point": "电机电源 MCC-9-01", "energy": "电能", "lockNo": "L-9001"},
		map[string]any{"point": "出口阀 V-9012", "energy": "压力", "lockNo": "L-9002"}}), "the director locks out P-901")
	fails(t, lo(director, []any{map[string]any{"point": "电源", "lockNo": "L-9"}}), 400, "未恢复", "a second open lockout")
	ll := e.get(eq+"/lockout/page?equipmentCode_equal=P-901", admin).list()
	lid := str(ll[0].(map[string]any)["id"])
	mv := func(action, tok, comment string) *resp {
		return e.post(eq+"/lockout/"+action, tok, map[string]any{"id": lid, "comment": comment})
	}
	fails(t, mv("request", director, ""), 400, "尚未验证", "request with unverified points")
	fails(t, mv("approve", admin, ""), 400, "当前状态为「已生成停机数据」", "approve before the request")
	fails(t, e.post(eq+"/lockout/verify", op, map[string]any{"id": lid, "seq": 1}), 403, "", "an operator verifies")
	ok(t, e.post(eq+"/lockout/verify", director, map[string]any{"id": lid, "seq": 1}), "the owner verifies point 1")
	fails(t, e.post(eq+"/lockout/verify", director, map[string]any{"id": lid, "seq": 1}), 400, "已验证", "verify twice")
	fails(t, e.post(eq+"/lockout/verify", director, map[string]any{"id": lid, "seq": 9}), 400, "隔离点不存在", "an unknown point")
	ok(t, e.post(eq+"/lockout/verify", director, map[string]any{"id": lid, "seq": 2}), "the owner verifies point 2")
	ok(t, mv("request", director, "已全部验证"), "the owner requests resumption")
	fails(t, mv("approve", director, ""), 403, "", "the director has no approve button")
	fails(t, mv("reject", safety, ""), 400, "驳回意见", "reject without opinion")
	ok(t, mv("reject", safety, "联轴器护罩未装"), "the safety manager rejects")
	ok(t, mv("request", director, "护罩已装"), "requested again")
	ok(t, mv("approve", safety, "同意恢复"), "the safety manager approves")
	fails(t, mv("approve", safety, ""), 400, "当前状态为「恢复已批准」", "approve twice")
	ld := e.get(eq+"/lockout/detail?id="+lid, admin).dataMap()
	steps, _ := ld["steps"].([]any)
	if ld["state"] != 3.0 || len(steps) != 2 || steps[0].(map[string]any)["verifierName"] != "张主任" || steps[0].(map[string]any)["lockerName"] != "张主任" ||
		len(ld["logs"].([]any)) != 7 {
		t.Fatalf("approved lockout: %v", ld)
	}
	// The owner never approves his own resumption (the safety manager owns this one).
	ok(t, e.post(eq+"/lockout/submit", safety, map[string]any{"equipmentId": qd["id"], "reason": "钢丝绳更换",
		"steps": []any{map[string]any{"point": "葫芦电源", "energy": "电能", "lockNo": "L-7001"}}}), "safety locks out QD-01")
	lid = str(e.get(eq+"/lockout/page?equipmentCode_equal=QD-01", admin).list()[0].(map[string]any)["id"])
	ok(t, e.post(eq+"/lockout/verify", safety, map[string]any{"id": lid, "seq": 1}), "safety verifies")
	ok(t, mv("request", safety, ""), "safety requests")
	fails(t, mv("approve", safety, ""), 403, "不能审批自己", "the owner approves")
	x = e.get(eq+"/lockout/export", admin)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("lockout export: %d", x.Status)
	}

	// ---- scrap P-901 (in use -> scrapped only after approval) ----
	edit := e.eqItem(t, admin, "P-901")
	edit["lifecycle"], edit["enable"] = 2, 2
	ok(t, e.post(eq+"/ledger/submit", admin, edit), "the ledger form sends lifecycle and enable")
	if it := e.eqItem(t, admin, "P-901"); it["lifecycle"] != 1.0 || it["enable"] != 1.0 {
		t.Fatalf("the ledger form scrapped or disabled P-901 without approval: %v", it)
	}
	ok(t, req(director, 3, p9["id"], map[string]any{"reason": "电机绝缘老化,整机报废"}), "the director asks to scrap P-901")
	if it := e.eqItem(t, admin, "P-901"); it["lifecycle"] != 1.0 {
		t.Fatalf("P-901 scrapped before approval: %v", it)
	}
	rid = request("3", "P-901")
	ok(t, e.post(eq+"/request/approve", safety, map[string]any{"id": rid}), "the safety manager approves the scrap")
	if it := e.eqItem(t, admin, "P-901"); it["lifecycle"] != 2.0 {
		t.Fatalf("P-901 after scrap: %v", it)
	}
	fails(t, e.post(eq+"/service/submit", director, map[string]any{"equipmentId": p9["id"], "serviceType": 1, "description": "x"}), 400, "已报废", "an order on scrapped equipment")
	fails(t, req(director, 3, p9["id"], nil), 400, "已报废", "scrap twice")

	// ---- another tenant ----
	for _, p := range []string{"/service/page", "/request/page", "/lockout/page"} {
		if l := e.get(eq+p, b).list(); len(l) != 0 {
			t.Fatalf("tenant B sees %s: %v", p, l)
		}
	}
	fails(t, e.get(eq+"/service/detail?id="+oid, b), 400, "不存在", "an order across tenants")
	fails(t, e.post(eq+"/service/assign", b, map[string]any{"id": qo, "assigneeId": safetyID}), 400, "不存在", "assign across tenants")
	fails(t, e.post(eq+"/request/approve", b, map[string]any{"id": rid}), 400, "不存在", "approve across tenants")
	fails(t, e.post(eq+"/lockout/verify", b, map[string]any{"id": lid, "seq": 1}), 400, "不存在", "verify across tenants")
	fails(t, e.post(eq+"/service/submit", b, map[string]any{"equipmentId": qd["id"], "serviceType": 1, "description": "x"}), 400, "设备不存在", "report another tenant's equipment")
}
