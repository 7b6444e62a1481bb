package api

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestWorkticketAuthz: every write on a permit checks the caller's relation
// to that permit, not only the button. People who are neither applicant,
// operator, guardian nor approver of a permit (contractor1, operator1 — the
// latter given every permit button, so its refusals come from the permit)
// are refused with 403 on the seeded permits and on a new one, and the
// permit reads back unchanged; its real people (guardian, operators,
// applicant, approvers, the safety manager) still run it; who did something
// is the caller whatever the body names; another tenant changes nothing.
func TestWorkticketAuthz(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b, dropWorkticketDatabases(t))
			e.testWorkticketAuthz(t)
		})
	}
}

// wtCall is one write on a permit.
type wtCall struct {
	name, path string
	body       any
}

// permitWrites are every state-changing call on permit p (a detail's
// permit), with bodies that would pass validation.
func permitWrites(p map[string]any, someone string) []wtCall {
	id := str(p["id"])
	with := func(extra map[string]any) map[string]any {
		m := map[string]any{"id": id, "comment": "越权测试"}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	edit := map[string]any{"id": id, "workType": p["workType"], "content": "越权修改", "areaId": p["areaId"], "workUnit": p["workUnit"],
		"operatorIds": p["operatorIds"], "guardianId": p["guardianId"], "planStartTime": p["planStartTime"], "planEndTime": p["planEndTime"],
		"hotWork": p["hotWork"], "altitude": p["altitude"], "temporaryPower": p["temporaryPower"]}
	return []wtCall{
		{"edit", wt + "/ticket/submit", edit},
		{"apply", wt + "/ticket/apply", with(nil)},
		{"approve", wt + "/ticket/approve", with(map[string]any{"pass": true})},
		{"measure-confirm", wt + "/ticket/measure-confirm", with(map[string]any{"measures": []map[string]any{{"seq": 1, "involved": true}}})},
		{"start", wt + "/ticket/start", with(nil)},
		{"pause", wt + "/ticket/pause", with(nil)},
		{"resume", wt + "/ticket/resume", with(nil)},
		{"complete", wt + "/ticket/complete", with(nil)},
		{"accept", wt + "/ticket/accept", with(nil)},
		{"void", wt + "/ticket/void", with(nil)},
		{"revoke", wt + "/ticket/revoke", with(nil)},
		{"gas", wt + "/gas/submit", map[string]any{"ticketId": id, "samplePoint": "越权取样点", "sampleKind": 1,
			"readings": []map[string]any{{"gasName": "甲烷", "gasType": 1, "value": 0.1, "unit": "%VOL", "lel": 5}}}},
		{"briefing", wt + "/briefing/submit", map[string]any{"ticketId": id, "content": "越权交底", "attendeeIds": someone}},
		{"guardian change", wt + "/guardian_change/add", map[string]any{"ticketId": id, "newGuardianId": someone, "reason": "越权变更"}},
		{"remove", wt + "/ticket/remove?ids=" + id, nil},
	}
}

func (e *env) testWorkticketAuthz(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	safety := e.login("100001", "safety", "123456")
	director := e.login("100001", "director", "123456")
	welder := e.login("100001", "welder", "123456")
	operator1 := e.login("100001", "operator1", "123456")
	operator2 := e.login("100001", "operator2", "123456")
	contractor1 := e.login("100001", "contractor1", "123456")
	welderID, operator1ID := e.userID(t, admin, "welder"), e.userID(t, admin, "operator1")
	safetyID, directorID := e.userID(t, admin, "safety"), e.userID(t, admin, "director")

	// Every permit button for operators (and approvers' acceptance and
	// revocation for workshop directors), so refusals below come from the
	// permit, not from a missing button.
	all := []string{"ticket_view", "ticket_add", "ticket_edit", "ticket_delete", "ticket_export", "ticket_approve", "ticket_operate",
		"ticket_accept", "ticket_void", "ticket_revoke", "ticket_gas", "ticket_guardian", "ticket_briefing"}
	e.grantButtons(t, admin, "operator", all)
	e.grantButtons(t, admin, "workshop_director", all)
	eventually(t, "operator1 holds ticket_export", func() bool { return e.get(wt+"/ticket/export", operator1).Status == 200 })
	eventually(t, "director holds ticket_export", func() bool { return e.get(wt+"/ticket/export", director).Status == 200 })

	snap := func(id string) string {
		t.Helper()
		r := e.get(wt+"/ticket/detail?id="+id, admin)
		ok(t, r, "detail "+id)
		d := r.dataMap()
		delete(d, "printTime")
		p := d["permit"].(map[string]any)
		delete(p, "actions")
		delete(p, "expired")
		b, _ := json.Marshal(d)
		return string(b)
	}
	permitOf := func(id string) map[string]any {
		t.Helper()
		r := e.get(wt+"/ticket/detail?id="+id, admin)
		ok(t, r, "detail "+id)
		return r.dataMap()["permit"].(map[string]any)
	}
	// refusedAll: every write of a stranger is a 403 and the permit is unchanged.
	refusedAll := func(id, what string, strangers map[string]string, skip ...string) {
		t.Helper()
		before := snap(id)
		for name, tok := range strangers {
			for _, c := range permitWrites(permitOf(id), safetyID) {
				if slices.Contains(skip, c.name) {
					continue
				}
				r := e.post(c.path, tok, c.body)
				if r.Status != 403 || r.Body["code"] != float64(403) || r.Body["success"] != false {
					t.Fatalf("%s: %s by %s: want 403, got %d %s", what, c.name, name, r.Status, truncate(r.Raw))
				}
				if name == "operator1" && strings.Contains(r.msg(), "缺失权限") {
					t.Fatalf("%s: %s by %s refused for the button, not for the permit: %s", what, c.name, name, r.msg())
				}
			}
		}
		if after := snap(id); after != before {
			t.Fatalf("%s: refused writes changed the permit:\nbefore %s\nafter  %s", what, truncate([]byte(before)), truncate([]byte(after)))
		}
	}
	strangers := map[string]string{"contractor1": contractor1, "operator1": operator1}

	// The seeded permits name their people: the hot work in progress is the
	// welder's, guarded by the director, applied for by the administrator.
	var hot, power map[string]any
	for _, r := range e.get(wt+"/ticket/list?size=50", admin).list() {
		p := r.(map[string]any)
		switch {
		case p["workType"] == "hotWork" && p["jobStatus"] == float64(2):
			hot = p
		case p["workType"] == "temporaryPowerWork" && p["ticketStatus"] == float64(1):
			power = p
		}
	}
	if hot == nil || power == nil || hot["operatorIds"] != welderID || hot["guardianId"] != directorID || power["operatorIds"] != operator1ID {
		t.Fatalf("seeded permits without their people: hot %v, power %v", hot, power)
	}
	hotID := str(hot["id"])
	refusedAll(hotID, "seeded hot work", strangers)
	fails(t, e.post(wt+"/ticket/pause", contractor1, map[string]any{"id": hotID}), 403, "您不是该作业票的申请人、作业人员、监护人或审批人", "stranger's sentence")
	// The view offers the acts the caller may take: none to a stranger.
	actions := func(tok string) []any {
		r := e.get(wt+"/ticket/detail?id="+hotID, tok)
		ok(t, r, "detail")
		a, _ := r.dataMap()["permit"].(map[string]any)["actions"].([]any)
		return a
	}
	if a := actions(operator1); len(a) != 0 {
		t.Fatalf("a stranger is offered %v", a)
	}
	if a := actions(welder); !slices.Contains(a, any("pause")) || slices.Contains(a, any("revoke")) {
		t.Fatalf("the operator is offered %v", a)
	}
	// The director guards it and signed its first step: an approver revokes.
	if a := actions(director); !slices.Contains(a, any("pause")) || !slices.Contains(a, any("revoke")) {
		t.Fatalf("the guardian and approver is offered %v", a)
	}
	// Its people still run it: the guardian pauses, the welder resumes
	// (unless the seeded window has passed at this hour: a rule, not a 403).
	ok(t, e.post(wt+"/ticket/pause", director, map[string]any{"id": hotID, "comment": "监护人暂停"}), "the guardian pauses the seeded hot work")
	if r := e.post(wt+"/ticket/resume", welder, map[string]any{"id": hotID}); r.Status != 200 && !(r.Status == 400 && strings.Contains(r.msg(), "有效期")) {
		t.Fatalf("the welder resumes the seeded hot work: %d %s", r.Status, truncate(r.Raw))
	}
	// Gas analysis: the analyst is the caller, whoever the body names.
	g := e.post(wt+"/gas/submit", welder, map[string]any{"ticketId": hotID, "samplePoint": "动火点", "sampleKind": 1, "analystId": directorID, "analystName": "张主任",
		"readings": []map[string]any{{"gasName": "甲烷", "gasType": 1, "value": 0.1, "unit": "%VOL", "lel": 5}}})
	ok(t, g, "the welder's gas analysis")
	if g.dataMap()["analystId"] != welderID || g.dataMap()["analystName"] != "孙焊工" {
		t.Fatalf("the analyst is not the caller: %s", truncate(g.Raw))
	}
	ok(t, e.post(wt+"/briefing/submit", safety, map[string]any{"ticketId": hotID, "content": "交底", "attendeeIds": welderID}), "the safety manager's briefing")
	// The seeded temporary power work is operator1's: a stranger is refused,
	// operator1 is not (start may still wait for the planned hour).
	fails(t, e.post(wt+"/ticket/start", contractor1, map[string]any{"id": str(power["id"])}), 403, "", "a stranger starts the seeded power work")
	if r := e.post(wt+"/ticket/start", operator1, map[string]any{"id": str(power["id"])}); r.Status == 403 {
		t.Fatalf("operator1 refused on their own permit: %s", truncate(r.Raw))
	}

	// A new 一级 hot-work permit: applied by operator2, worked by the
	// welder, guarded by the director; approved by the director and safety.
	areas := e.get("/api/nDoublePrevention/risk-partition/list", admin)
	ok(t, areas, "areas")
	areaID := str(areas.list()[0].(map[string]any)["id"])
	now := time.Now()
	ok(t, e.post(wt+"/calendar/submit", admin, map[string]any{"items": []map[string]any{
		{"day": now.In(cst).Format("2006-01-02"), "dayType": 1, "name": "测试工作日"},
		{"day": now.In(cst).Add(3 * time.Hour).Format("2006-01-02"), "dayType": 1, "name": "测试工作日"},
	}}), "calendar days")
	ok(t, e.post(wt+"/calendar/setting", admin, map[string]any{
		"nightStart": now.In(cst).Add(4 * time.Hour).Format("15:04"), "nightEnd": now.In(cst).Add(5 * time.Hour).Format("15:04"),
	}), "night hours")
	newPermit := func(workType string, apply bool, extra map[string]any) map[string]any {
		t.Helper()
		body := map[string]any{"workType": workType, "workUnit": "合成车间", "workUnitId": "1000010000000000204", "areaId": areaID,
			"location": "E-201", "content": "越权测试 " + workType, "operatorIds": welderID, "guardianId": directorID,
			"planStartTime": wtTime(now.Add(-5 * time.Minute)), "planEndTime": wtTime(now.Add(3 * time.Hour)), "hazardCodes": "07", "apply": apply}
		for k, v := range extra {
			body[k] = v
		}
		r := e.post(wt+"/ticket/submit", operator2, body)
		ok(t, r, "operator2 applies for "+workType)
		return r.dataMap()
	}
	p := newPermit("hotWork", true, map[string]any{"hotWork": map[string]any{"fireLevel": 1, "tools": "weld"}})
	id := str(p["id"])
	if p["flowStatus"] != float64(0) || p["applicantName"] != "赵操作" {
		t.Fatalf("applied: %v", p)
	}
	act := func(tok, action string, body map[string]any) *resp {
		if body == nil {
			body = map[string]any{}
		}
		body["id"] = id
		return e.post(wt+"/ticket/"+action, tok, body)
	}

	// In approval: strangers can do nothing; the safety manager is not yet
	// the step's signer either.
	refusedAll(id, "new permit in approval", strangers)
	fails(t, act(safety, "approve", map[string]any{"pass": true}), 403, "审批人", "a later step's candidate signs first")
	ok(t, act(director, "approve", map[string]any{"pass": true, "comment": "同意"}), "the director signs")
	if r := act(safety, "approve", map[string]any{"pass": true, "comment": "同意"}); r.dataMap()["ticketStatus"] != float64(1) {
		t.Fatalf("not issued: %s", truncate(r.Raw))
	}

	// Issued: strangers again; the crew runs the job.
	refusedAll(id, "issued permit", strangers)
	g = e.post(wt+"/gas/submit", welder, map[string]any{"ticketId": id, "samplePoint": "动火点", "sampleKind": 1, "analystId": safetyID, "analystName": "李安全",
		"readings": []map[string]any{{"gasName": "甲烷", "gasType": 1, "value": 0.1, "unit": "%VOL", "lel": 5}}})
	ok(t, g, "gas by the welder naming the safety manager")
	if g.dataMap()["analystId"] != welderID || g.dataMap()["analystName"] != "孙焊工" {
		t.Fatalf("the analyst is not the caller: %s", truncate(g.Raw))
	}
	var seqs []map[string]any
	for _, m := range permitOf(id)["safetyMeasures"].([]any) {
		seqs = append(seqs, map[string]any{"seq": m.(map[string]any)["seq"], "involved": true, "confirmUserId": safetyID, "confirmUserName": "李安全"})
	}
	r := e.post(wt+"/ticket/measure-confirm", welder, map[string]any{"id": id, "measures": seqs})
	ok(t, r, "the welder confirms the checklist")
	for _, m := range r.dataMap()["safetyMeasures"].([]any) {
		if m.(map[string]any)["confirmUserId"] != welderID {
			t.Fatalf("a confirmation not in the caller's name: %v", m)
		}
	}
	ok(t, act(welder, "start", nil), "the welder starts")
	refusedAll(id, "permit in progress", strangers)
	ok(t, act(director, "pause", nil), "the guardian pauses")
	refusedAll(id, "paused permit", strangers)
	ok(t, act(operator2, "resume", nil), "the applicant resumes")

	// Guardian change: by the guardian; strangers can neither add, edit nor undo one.
	c := e.post(wt+"/guardian_change/add", director, map[string]any{"ticketId": id, "newGuardianId": safetyID, "reason": "交接班", "handoverContent": "动火点已检查"})
	ok(t, c, "the guardian hands over")
	cid := str(c.dataMap()["id"])
	if c.dataMap()["createUser"] != directorID {
		t.Fatalf("the change's author: %s", truncate(c.Raw))
	}
	before := snap(id)
	for name, tok := range strangers {
		fails(t, e.post(wt+"/guardian_change/update", tok, map[string]any{"id": cid, "ticketId": id, "reason": "篡改"}), 403, "", "update a change by "+name)
		fails(t, e.post(wt+"/guardian_change/delete?id="+cid, tok, nil), 403, "", "undo a change by "+name)
	}
	if snap(id) != before {
		t.Fatal("refused guardian-change writes changed the permit")
	}
	ok(t, e.post(wt+"/guardian_change/update", operator2, map[string]any{"id": cid, "reason": "交接班(申请人补充)"}), "the applicant corrects the reason")
	// The briefing's presenter is the caller, whoever the body names.
	b := e.post(wt+"/briefing/submit", safety, map[string]any{"ticketId": id, "content": "动火点周边已清理", "attendeeIds": welderID, "brieferId": directorID, "brieferName": "张主任"})
	ok(t, b, "the new guardian's briefing")
	if b.dataMap()["brieferId"] != safetyID || b.dataMap()["brieferName"] != "李安全" {
		t.Fatalf("the presenter is not the caller: %s", truncate(b.Raw))
	}
	ok(t, act(welder, "complete", nil), "the welder completes")
	refusedAll(id, "completed permit", strangers)
	// Acceptance by an approver who holds no manager role: the director signed.
	r = act(director, "accept", map[string]any{"comment": "验收合格"})
	ok(t, r, "the director (an approver) accepts")
	if r.dataMap()["acceptUserId"] != directorID {
		t.Fatalf("acceptor: %s", truncate(r.Raw))
	}

	// Revocation and voiding: approvers may, strangers may not. An ordinary
	// permit has one step (the workshop director).
	q := newPermit("ordinary", true, nil)
	qid := str(q["id"])
	for name, tok := range strangers {
		fails(t, e.post(wt+"/ticket/void", tok, map[string]any{"id": qid, "comment": "越权作废"}), 403, "", "void by "+name)
	}
	// The director is the step's candidate: voiding withdraws the approval
	// for them (blade-flow itself lets only the applicant withdraw).
	r = e.post(wt+"/ticket/void", director, map[string]any{"id": qid, "comment": "计划取消"})
	ok(t, r, "an approver voids a permit in approval")
	if r.dataMap()["ticketStatus"] != float64(4) || r.dataMap()["flowStatus"] != float64(3) {
		t.Fatalf("voided: %s", truncate(r.Raw))
	}
	q = newPermit("ordinary", true, nil)
	qid = str(q["id"])
	ok(t, e.post(wt+"/ticket/approve", director, map[string]any{"id": qid, "pass": true}), "the director issues the ordinary permit")
	for name, tok := range strangers {
		fails(t, e.post(wt+"/ticket/revoke", tok, map[string]any{"id": qid, "comment": "越权撤销"}), 403, "", "revoke by "+name)
	}
	fails(t, e.post(wt+"/ticket/revoke", operator2, map[string]any{"id": qid, "comment": "申请人撤销"}), 403, "审批人", "revoke by the applicant")
	ok(t, e.post(wt+"/ticket/revoke", director, map[string]any{"id": qid, "comment": "现场条件变化"}), "the approver revokes")

	// Drafts: only the applicant (or the administrator) edits, applies and
	// removes; a checklist confirmation in another's name is refused.
	d := newPermit("ordinary", false, nil)
	did := str(d["id"])
	refusedAll(did, "draft", strangers)
	// Its operator runs the work, but the application is the applicant's.
	for _, c := range permitWrites(permitOf(did), safetyID) {
		if c.name == "edit" || c.name == "apply" || c.name == "remove" || c.name == "void" {
			fails(t, e.post(c.path, welder, c.body), 403, "只有", c.name+" of the draft by its operator")
		}
	}
	edit := map[string]any{"id": did, "workType": "ordinary", "workUnit": "合成车间", "areaId": areaID, "content": "申请人修改",
		"operatorIds": welderID, "guardianId": directorID, "planStartTime": wtTime(now.Add(time.Hour)), "planEndTime": wtTime(now.Add(2 * time.Hour)),
		"safetyMeasures": []map[string]any{{"content": "现场确认", "involved": true, "confirmUserId": welderID}}}
	fails(t, e.post(wt+"/ticket/submit", operator2, edit), 403, "不能代他人确认", "a confirmation in the welder's name")
	edit["safetyMeasures"] = []map[string]any{{"content": "现场确认", "involved": true, "confirmUserId": e.userID(t, admin, "operator2")}}
	r = e.post(wt+"/ticket/submit", operator2, edit)
	ok(t, r, "the applicant edits, confirming an item themselves")
	if m := r.dataMap()["safetyMeasures"].([]any)[0].(map[string]any); m["confirmUserName"] != "赵操作" {
		t.Fatalf("own confirmation: %v", m)
	}
	ok(t, e.post(wt+"/ticket/remove?ids="+did, operator2, nil), "the applicant removes the draft")

	// Another tenant: A's permit ids change nothing (not found, or refused).
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300019", "tenantName": "作业票越权测试"}), "tenant B")
	other := e.login("300019", "admin", "123456")
	for _, pid := range []string{hotID, id} {
		before := snap(pid)
		for _, c := range append(permitWrites(permitOf(pid), safetyID),
			wtCall{"guardian change update", wt + "/guardian_change/update", map[string]any{"id": cid, "reason": "跨租户"}},
			wtCall{"guardian change delete", wt + "/guardian_change/delete?id=" + cid, nil}) {
			r := e.post(c.path, other, c.body)
			if r.Status == 200 || r.Body["success"] != false || (r.Status != 403 && !strings.Contains(r.msg(), "不存在")) {
				t.Fatalf("tenant B %s on A's permit: %d %s", c.name, r.Status, truncate(r.Raw))
			}
		}
		if snap(pid) != before {
			t.Fatalf("tenant B changed A's permit %s", pid)
		}
	}
}

// grantButtons adds permission codes (menus and buttons) to a role of the
// caller's tenant, keeping what it holds.
func (e *env) grantButtons(t *testing.T, admin, alias string, codes []string) {
	t.Helper()
	roles := e.get("/api/blade-system/role/list?roleAlias="+alias, admin)
	ok(t, roles, "role "+alias)
	var roleID string
	var find func(list []any)
	find = func(list []any) {
		for _, r := range list {
			m := r.(map[string]any)
			if m["roleAlias"] == alias {
				roleID = str(m["id"])
			}
			if c, _ := m["children"].([]any); len(c) > 0 {
				find(c)
			}
		}
	}
	find(roles.list())
	if roleID == "" {
		t.Fatalf("no role %s: %s", alias, truncate(roles.Raw))
	}
	keys := e.get("/api/blade-system/menu/role-tree-keys?roleIds="+roleID, admin)
	ok(t, keys, "role keys")
	var ids []string
	for _, k := range keys.list() {
		ids = append(ids, str(k))
	}
	menus := e.get("/api/blade-system/menu/list", admin)
	ok(t, menus, "menus")
	found := 0
	var walk func(list []any)
	walk = func(list []any) {
		for _, n := range list {
			m := n.(map[string]any)
			if c, _ := m["code"].(string); slices.Contains(codes, c) {
				ids = append(ids, str(m["id"]))
				found++
			}
			if c, _ := m["children"].([]any); len(c) > 0 {
				walk(c)
			}
		}
	}
	walk(menus.list())
	if found < len(codes) {
		t.Fatalf("found %d of the codes %v", found, codes)
	}
	ok(t, e.post("/api/blade-system/role/grant", admin, map[string]any{"roleIds": []string{roleID}, "menuIds": ids}), "grant "+alias)
}
