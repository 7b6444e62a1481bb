package api

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	"anquan/kit/seedids"
	flowv1 "anquan/proto/blade/flow/v1"
)

// TestObjectLevelAuthorization: a button says what kind of action a role
// may take, the record says whether this caller may take it on this record.
// Through the gateway, on every service with submit-with-id or remove
// calls: another operator cannot edit or remove a reported hazard, its
// reporter can while it waits for assessment and nobody can through submit
// after it; a task is recorded by its duty holder; ledger rows, partitions,
// departments, users and certificates outside the caller's data scope are
// refused; notices are changed by their sender or the administrator; the
// administrator's account and role stay the administrator's; a flow
// history line needs a participant; a file is deleted by its uploader; and
// tenant B gets 400 不存在 on tenant A's ids with nothing changed. Names of
// who did something come from the token or the directory, never the body.
func TestObjectLevelAuthorization(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			x := e.authzActors(t)
			e.testHazardOwnership(t, x)
			e.testRecordByDutyHolder(t, x)
			e.testLedgerScope(t, x)
			e.testNoticeSender(t, x)
			e.testFlowHistoryParticipants(t, x)
			e.testAttachmentUploader(t, x)
			e.testOtherTenantChangesNothing(t, x)
			e.testUserAndRoleAdministrators(t, x) // last: it revokes nobody, but edits people
		})
	}
}

// actors are the demo tenant's people, logged in.
type actors struct {
	admin, safety, director, op1, op2, welder string
	adminID, op1ID, op2ID                     string
	hazardID                                  string // operator1's hazard, assessed by the end of testHazardOwnership
}

func (e *env) authzActors(t *testing.T) *actors {
	x := &actors{admin: e.login("100001", "admin", "admin"), safety: e.login("100001", "safety", "123456"),
		director: e.login("100001", "director", "123456"), op1: e.login("100001", "operator1", "123456"),
		op2: e.login("100001", "operator2", "123456"), welder: e.login("100001", "welder", "123456")}
	x.adminID, x.op1ID, x.op2ID = e.userID(t, x.admin, "admin"), e.userID(t, x.admin, "operator1"), e.userID(t, x.admin, "operator2")
	// The demo seed of prevention arrives in the background.
	eventually(t, "prevention seed", func() bool {
		r := e.get(pv+"/check-task/page?size=1&taskState_equal=5", x.admin)
		return r.Status == 200 && len(r.list()) > 0
	})
	return x
}

// menuIDs finds the tenant's menu and button ids by code.
func (e *env) menuIDs(t *testing.T, admin string, codes ...string) []string {
	t.Helper()
	r := e.get("/api/blade-system/menu/list", admin)
	ok(t, r, "menu list")
	found := map[string]string{}
	var walk func([]any)
	walk = func(nodes []any) {
		for _, n := range nodes {
			m := n.(map[string]any)
			found[str(m["code"])] = str(m["id"])
			if kids, _ := m["children"].([]any); len(kids) > 0 {
				walk(kids)
			}
		}
	}
	walk(r.list())
	out := make([]string, 0, len(codes))
	for _, c := range codes {
		if found[c] == "" {
			t.Fatalf("no menu %s", c)
		}
		out = append(out, found[c])
	}
	return out
}

// grant adds buttons to a demo role (keeping what it holds).
func (e *env) grant(t *testing.T, admin, alias string, codes ...string) {
	t.Helper()
	roles := e.get("/api/blade-system/role/list?roleAlias_equal="+alias, admin)
	ok(t, roles, "role "+alias)
	rid := str(roles.list()[0].(map[string]any)["id"])
	keys := e.get("/api/blade-system/menu/role-tree-keys?roleIds="+rid, admin)
	ok(t, keys, "role keys")
	ids := e.menuIDs(t, admin, codes...)
	for _, k := range keys.list() {
		ids = append(ids, str(k))
	}
	ok(t, e.post("/api/blade-system/role/grant", admin, map[string]any{"roleIds": []string{rid}, "menuIds": ids}), "grant "+alias)
}

// granted waits until the gateway and the service let tok through to path
// (a button granted reaches them over the bus): the empty body is then
// refused by validation or as missing (400), not by the button (403).
func (e *env) granted(t *testing.T, tok, path string) {
	t.Helper()
	eventually(t, "grant reaching "+path, func() bool {
		return e.post(path, tok, map[string]any{}).Status != 403
	})
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (e *env) hazard(t *testing.T, tok, id string) map[string]any {
	t.Helper()
	r := e.get(pv+"/hidden-danger/detail?id="+id, tok)
	ok(t, r, "hazard detail")
	return r.dataMap()
}

func (e *env) testHazardOwnership(t *testing.T, x *actors) {
	// Operators may report; let them delete too, so the remove refusals
	// below are the record's rule and not the missing button.
	e.grant(t, x.admin, "operator", "hidden_danger_list_delete")
	e.granted(t, x.op2, pv+"/hidden-danger/remove?ids=1")

	// Reported by operator1, with a body claiming someone else did it and a
	// made-up name for the liable person.
	ok(t, e.post(pv+"/hidden-danger/submit", x.op1, map[string]any{"dangerName": "授权测试:法兰渗漏", "dangerDesc": "泵出口法兰渗漏",
		"dangerSrc": 1, "dangerManageType": 0, "liableUserId": x.op1ID, "liableUserName": "冒名", "reportUserId": x.adminID, "reportUserName": "管理员"}), "report")
	h := e.one(t, pv+"/hidden-danger/page?dangerName=授权测试:法兰渗漏", x.admin, "dangerName", "授权测试:法兰渗漏")
	id := str(h["id"])
	x.hazardID = id
	if str(h["reportUserId"]) != x.op1ID || h["reportUserName"] != "王操作" || h["liableUserName"] != "王操作" || h["dangerState"] != float64(10) {
		t.Fatalf("who reported comes from the token, names from the directory: %v", h)
	}

	// operator2 neither edits nor removes it; it reads back unchanged.
	edit := copyMap(h)
	edit["dangerName"], edit["dangerDesc"] = "被他人篡改", "被他人篡改"
	fails(t, e.post(pv+"/hidden-danger/submit", x.op2, edit), 403, "只有隐患上报人或安全管理人员可以修改待评估的隐患", "another operator edits")
	fails(t, e.post(pv+"/hidden-danger/remove?ids="+id, x.op2, nil), 403, "只有隐患上报人或安全管理人员可以删除待评估的隐患", "another operator removes")
	if got := e.hazard(t, x.admin, id); got["dangerName"] != "授权测试:法兰渗漏" || got["dangerDesc"] != "泵出口法兰渗漏" || got["isDeleted"] == float64(1) {
		t.Fatalf("refused changes left a trace: %v", got)
	}

	// The reporter corrects it while it waits; the safety manager (by role) may too.
	edit = copyMap(h)
	edit["dangerDesc"], edit["liableUserName"] = "泵出口法兰垫片老化渗漏", "又一个假名"
	ok(t, e.post(pv+"/hidden-danger/submit", x.op1, edit), "reporter edits")
	if got := e.hazard(t, x.admin, id); got["dangerDesc"] != "泵出口法兰垫片老化渗漏" || got["liableUserName"] != "王操作" || str(got["reportUserId"]) != x.op1ID {
		t.Fatalf("reporter's edit: %v", got)
	}
	edit["dangerLocation"] = "P-101 出口"
	ok(t, e.post(pv+"/hidden-danger/submit", x.safety, edit), "safety manager edits")

	// After assessment nobody edits or removes it through submit/remove.
	ok(t, e.post(pv+"/hidden-danger/assess", x.safety, map[string]any{"id": id, "pass": true, "dangerLevel": 0, "dangerManageType": 0, "comment": "确认"}), "assess")
	for who, tok := range map[string]string{"reporter": x.op1, "safety manager": x.safety, "administrator": x.admin} {
		late := copyMap(edit)
		late["dangerDesc"] = "评估后改写"
		fails(t, e.post(pv+"/hidden-danger/submit", tok, late), 400, "整改中", who+" edits after assessment")
	}
	fails(t, e.post(pv+"/hidden-danger/remove?ids="+id, x.op1, nil), 400, "整改中", "reporter removes after assessment")
	if got := e.hazard(t, x.admin, id); got["dangerState"] != float64(0) || got["dangerDesc"] != "泵出口法兰垫片老化渗漏" {
		t.Fatalf("hazard after refused late edits: %v", got)
	}

	// A voided hazard is removed by a manager only; a waiting one by its reporter.
	ok(t, e.post(pv+"/hidden-danger/submit", x.op1, map[string]any{"dangerName": "授权测试:误报", "dangerSrc": 1, "dangerManageType": 0, "liableUserId": x.op1ID}), "report")
	v := e.one(t, pv+"/hidden-danger/page?dangerName=授权测试:误报", x.admin, "dangerName", "授权测试:误报")
	ok(t, e.post(pv+"/hidden-danger/assess", x.safety, map[string]any{"id": v["id"], "pass": false, "comment": "不构成隐患"}), "void")
	fails(t, e.post(pv+"/hidden-danger/remove?ids="+str(v["id"]), x.op1, nil), 403, "只有安全管理人员可以删除已作废的隐患", "reporter removes a voided hazard")
	ok(t, e.post(pv+"/hidden-danger/remove?ids="+str(v["id"]), x.safety, nil), "safety manager removes a voided hazard")
	ok(t, e.post(pv+"/hidden-danger/submit", x.op1, map[string]any{"dangerName": "授权测试:重复上报", "dangerSrc": 1, "dangerManageType": 0, "liableUserId": x.op1ID}), "report")
	d := e.one(t, pv+"/hidden-danger/page?dangerName=授权测试:重复上报", x.admin, "dangerName", "授权测试:重复上报")
	ok(t, e.post(pv+"/hidden-danger/remove?ids="+str(d["id"]), x.op1, nil), "reporter removes a waiting hazard")
}

func (e *env) testRecordByDutyHolder(t *testing.T, x *actors) {
	// A missed window of the synthesis workshop's operator-post plans.
	var task map[string]any
	for _, v := range e.get(pv+"/check-task/page?size=500&taskState_equal=5", x.admin).list() {
		m := v.(map[string]any)
		if str(m["deptId"]) == fmt.Sprint(seedids.DemoWorkshop1Dept) && str(m["postId"]) == fmt.Sprint(seedids.DemoOperatorPost) && m["dutyType"] == float64(1) {
			task = m
			break
		}
	}
	if task == nil {
		t.Fatal("no missed task of the synthesis workshop's operators")
	}
	rec := map[string]any{"taskId": task["id"], "checkStatus": 0, "remark": "补检正常", "checkUserId": x.adminID, "checkUserName": "管理员"}
	fails(t, e.post(pv+"/check-record/submit", x.op2, rec), 403, "只有该排查任务的责任岗位或安全管理人员可以记录排查结果", "operator of another workshop")
	fails(t, e.post(pv+"/check-record/submit", x.welder, rec), 403, "责任岗位", "another post of the workshop")
	if st := e.get(pv+"/check-task/detail?id="+str(task["id"]), x.admin).dataMap()["taskState"]; st != float64(5) {
		t.Fatalf("a refused record moved the task: %v", st)
	}
	ok(t, e.post(pv+"/check-record/submit", x.op1, rec), "the post's holder records")
	r := e.one(t, pv+"/check-record/page?taskId_equal="+str(task["id"]), x.admin, "taskId", str(task["id"]))
	if str(r["checkUserId"]) != x.op1ID || r["checkUserName"] != "王操作" {
		t.Fatalf("the inspector is the caller: %v", r)
	}
	fails(t, e.post(pv+"/check-record/submit", x.op1, rec), 400, "不能重复记录", "a second record")
}

func (e *env) testLedgerScope(t *testing.T, x *actors) {
	// The workshop director (scope: own department and below, 合成车间)
	// gets the ledger buttons.
	e.grant(t, x.admin, "workshop_director", "risk_unit_edit", "risk_partition_edit", "dept", "dept_edit", "certificate", "certificate_edit")
	e.granted(t, x.director, pv+"/risk-unit/submit")
	e.granted(t, x.director, "/api/blade-system/dept/submit")

	// prevention: units.
	unit := func(code string) map[string]any {
		u := e.one(t, pv+"/risk-unit/list?code_equal="+code, x.admin, "code", code)
		return e.get(pv+"/risk-unit/detail?id="+str(u["id"]), x.admin).dataMap()
	}
	mine, theirs := unit("U-SC-01"), unit("U-CK-01")
	body := copyMap(mine)
	body["remark"], body["responsibleUserName"] = "主任复核", "冒名"
	ok(t, e.post(pv+"/risk-unit/submit", x.director, body), "unit of the director's workshop")
	if got := unit("U-SC-01"); got["remark"] != "主任复核" || got["responsibleUserName"] != "管理员" {
		t.Fatalf("unit edit (the responsible name is the directory's): %v", got)
	}
	body = copyMap(theirs)
	body["remark"] = "越权修改"
	fails(t, e.post(pv+"/risk-unit/submit", x.director, body), 403, "不在您的数据权限范围内", "unit of another department")
	if unit("U-CK-01")["remark"] == "越权修改" {
		t.Fatal("a refused unit edit was saved")
	}

	// factory: risk partitions.
	area := func(code string) map[string]any {
		a := e.one(t, pv+"/risk-partition/list", x.admin, "code", code)
		return e.get(pv+"/risk-partition/detail?id="+str(a["id"]), x.admin).dataMap()
	}
	a := copyMap(area("SC-01"))
	a["remark"] = "主任复核"
	ok(t, e.post(pv+"/risk-partition/submit", x.director, a), "partition of the director's workshop")
	a = copyMap(area("GQ-01"))
	a["remark"] = "越权修改"
	fails(t, e.post(pv+"/risk-partition/submit", x.director, a), 403, "风险分区「甲类储罐区」不在您的数据权限范围内", "partition of another workshop")
	if area("GQ-01")["remark"] == "越权修改" {
		t.Fatal("a refused partition edit was saved")
	}

	// system: departments.
	dept := func(id int64) map[string]any {
		return e.get(fmt.Sprintf("/api/blade-system/dept/detail?id=%d", id), x.admin).dataMap()
	}
	dp := copyMap(dept(seedids.DemoWorkshop1Dept))
	dp["remark"] = "主任复核"
	ok(t, e.post("/api/blade-system/dept/submit", x.director, dp), "own department")
	dp = copyMap(dept(seedids.DemoSafetyDept))
	dp["deptName"] = "越权改名"
	fails(t, e.post("/api/blade-system/dept/submit", x.director, dp), 403, "部门「安全环保部」不在您的数据权限范围内", "another department")
	if dept(seedids.DemoSafetyDept)["deptName"] != "安全环保部" {
		t.Fatal("a refused department edit was saved")
	}

	// user: certificates of people outside the scope.
	cert := func(account string) map[string]any {
		for _, v := range e.get("/api/blade_user_certificate/usercertificate/page?size=100&kind=welding", x.admin).list() {
			m := v.(map[string]any)
			if str(m["userId"]) == e.userID(t, x.admin, account) {
				return m
			}
		}
		t.Fatalf("no welding certificate of %s", account)
		return nil
	}
	c := copyMap(cert("welder"))
	c["remark"] = "主任复核"
	ok(t, e.post("/api/blade_user_certificate/usercertificate/submit", x.director, c), "certificate of the workshop's welder")
	c = copyMap(cert("operator2"))
	c["remark"] = "越权修改"
	fails(t, e.post("/api/blade_user_certificate/usercertificate/submit", x.director, c), 403, "持证人「赵操作」不在您的数据权限范围内", "certificate of another workshop's operator")
	if cert("operator2")["remark"] == "越权修改" {
		t.Fatal("a refused certificate edit was saved")
	}
}

func (e *env) testNoticeSender(t *testing.T, x *actors) {
	notice := func(title string) map[string]any {
		return e.one(t, "/api/blade-desk/notice/list?size=100&messageTitle="+title, x.admin, "messageTitle", title)
	}
	ok(t, e.post("/api/blade-desk/notice/submit", x.admin, map[string]any{"messageTitle": "授权测试:停电通知", "messageContent": "周六 8:00-12:00 停电检修", "type": 2, "status": 7, "scope": "tenant"}), "admin publishes")
	n := notice("授权测试:停电通知")
	edit := copyMap(n)
	edit["messageContent"] = "取消停电"
	fails(t, e.post("/api/blade-desk/notice/submit", x.safety, edit), 403, "只有发布人或管理员可以修改通知公告", "another publisher edits")
	fails(t, e.post("/api/blade-desk/notice/remove?ids="+str(n["id"]), x.safety, nil), 403, "只有发布人或管理员可以删除通知公告", "another publisher removes")
	if got := notice("授权测试:停电通知"); got["messageContent"] != "周六 8:00-12:00 停电检修" {
		t.Fatalf("a refused notice edit was saved: %v", got)
	}

	// The sender is the caller, and stays the sender through others' edits.
	ok(t, e.post("/api/blade-desk/notice/submit", x.safety, map[string]any{"messageTitle": "授权测试:消防演练", "messageContent": "周五消防演练",
		"messagePushName": "管理员", "type": 2, "status": 7, "scope": "tenant"}), "safety publishes")
	s := notice("授权测试:消防演练")
	if s["messagePushName"] != "李安全" {
		t.Fatalf("the sender comes from the token: %v", s["messagePushName"])
	}
	edit = copyMap(s)
	edit["messageContent"], edit["messagePushName"] = "改为周六", "管理员"
	ok(t, e.post("/api/blade-desk/notice/submit", x.admin, edit), "administrator edits")
	edit["messageContent"] = "改为周日"
	ok(t, e.post("/api/blade-desk/notice/submit", x.safety, edit), "sender edits")
	if got := notice("授权测试:消防演练"); got["messageContent"] != "改为周日" || got["messagePushName"] != "李安全" {
		t.Fatalf("notice after edits: %v", got)
	}

	// Read marks are one's own.
	unread := func(tok string) float64 { return e.get("/api/blade-desk/message/unread-count", tok).data().(float64) }
	before := unread(x.op2)
	ok(t, e.post("/api/blade-desk/message/read?ids="+str(s["id"]), x.op1, nil), "operator1 reads")
	if unread(x.op2) != before {
		t.Fatal("operator1's read mark changed operator2's unread count")
	}
	ok(t, e.post("/api/blade-desk/notice/remove?ids="+str(s["id"]), x.safety, nil), "sender removes")
}

func (e *env) testFlowHistoryParticipants(t *testing.T, x *actors) {
	// operator1's hazard has an instance with operator1 as applicant.
	pid := str(e.hazard(t, x.admin, x.hazardID)["processInstanceId"])
	fc, op2 := e.flowAs(t, x.op2)
	_, err := fc.Record(op2, &flowv1.RecordRequest{ProcessInstanceId: pid, Comment: "旁人插话"})
	wantCode(t, err, codes.PermissionDenied, "只有申请人、当前环节的审批人或管理员可以在该流程中记录意见", "a bystander records")
	fc, op1 := e.flowAs(t, x.op1)
	_, err = fc.Record(op1, &flowv1.RecordRequest{ProcessInstanceId: pid, Action: "pass", Comment: "自己通过"})
	wantCode(t, err, codes.PermissionDenied, "只能由审批本身产生", "the applicant writes a pass line")
	if _, err = fc.Record(op1, &flowv1.RecordRequest{ProcessInstanceId: pid, Comment: "已加装接油盘"}); err != nil {
		t.Fatalf("the applicant records: %v", err)
	}
	hist := string(e.get("/api/blade-flow/process/task-process-comment?processInstanceId="+pid, x.admin).Raw)
	if strings.Contains(hist, "旁人插话") || strings.Contains(hist, "自己通过") || !strings.Contains(hist, "已加装接油盘") {
		t.Fatalf("history: %s", truncate([]byte(hist)))
	}
}

func (e *env) testAttachmentUploader(t *testing.T, x *actors) {
	png := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{9}, 300)...)
	r := e.upload(t, x.op1, "渗漏照片.png", png)
	ok(t, r, "upload")
	name := str(r.dataMap()["name"])
	fails(t, e.post("/api/upload/delete?fileName="+name, x.op2, nil), 403, "只能删除自己上传的文件", "another operator deletes")
	if code, _, body := e.raw(t, "/api/upload/preview/"+name, x.op1); code != 200 || !bytes.Equal(body, png) {
		t.Fatalf("file after a refused delete: %d", code)
	}
	ok(t, e.post("/api/upload/delete?fileName="+name, x.op1, nil), "uploader deletes")
}

// testOtherTenantChangesNothing: tenant B's administrator, holding every
// button, gets 400 不存在 on tenant A's ids and changes nothing.
func (e *env) testOtherTenantChangesNothing(t *testing.T, x *actors) {
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300091", "tenantName": "越权测试公司"}), "tenant B")
	b := e.login("300091", "admin", "123456")
	before := e.hazard(t, x.admin, x.hazardID)
	h := copyMap(before)
	h["dangerDesc"] = "B 改写"
	fails(t, e.post(pv+"/hidden-danger/submit", b, h), 400, "不存在", "hazard submit across tenants")
	fails(t, e.post(pv+"/hidden-danger/remove?ids="+x.hazardID, b, nil), 400, "不存在", "hazard remove across tenants")
	u := e.one(t, pv+"/risk-unit/list?code_equal=U-SC-01", x.admin, "code", "U-SC-01")
	fails(t, e.post(pv+"/risk-unit/remove?ids="+str(u["id"]), b, nil), 400, "不存在", "unit remove across tenants")
	a := e.one(t, pv+"/risk-partition/list", x.admin, "code", "SC-01")
	a2 := copyMap(a)
	a2["remark"] = "B 改写"
	fails(t, e.post(pv+"/risk-partition/submit", b, a2), 400, "不存在", "partition submit across tenants")
	fails(t, e.post(pv+"/risk-partition/remove?ids="+str(a["id"]), b, nil), 400, "不存在", "partition remove across tenants")
	n := e.one(t, "/api/blade-desk/notice/list?size=100&messageTitle=授权测试:停电通知", x.admin, "messageTitle", "授权测试:停电通知")
	n2 := copyMap(n)
	n2["messageContent"] = "B 改写"
	fails(t, e.post("/api/blade-desk/notice/submit", b, n2), 400, "不存在", "notice submit across tenants")
	fails(t, e.post("/api/blade-desk/notice/remove?ids="+str(n["id"]), b, nil), 400, "不存在", "notice remove across tenants")
	cert := e.get("/api/blade_user_certificate/usercertificate/page?size=1", x.admin).list()[0].(map[string]any)
	fails(t, e.post("/api/blade_user_certificate/usercertificate/remove?ids="+str(cert["id"]), b, nil), 400, "不存在", "certificate remove across tenants")
	fails(t, e.post("/api/blade-user/reset-password?userIds="+x.op1ID, b, nil), 400, "不存在", "reset a user across tenants")

	after := e.hazard(t, x.admin, x.hazardID)
	if after["dangerDesc"] != before["dangerDesc"] || after["dangerState"] != before["dangerState"] {
		t.Fatalf("tenant B changed tenant A's hazard: %v", after)
	}
	if got := e.one(t, pv+"/risk-partition/list", x.admin, "code", "SC-01"); got["remark"] == "B 改写" {
		t.Fatal("tenant B changed tenant A's partition")
	}
	if got := e.one(t, "/api/blade-desk/notice/list?size=100&messageTitle=授权测试:停电通知", x.admin, "messageTitle", "授权测试:停电通知"); got["messageContent"] == "B 改写" {
		t.Fatal("tenant B changed tenant A's notice")
	}
	if len(e.get(pv+"/hidden-danger/page?dangerName=授权测试", b).list()) != 0 {
		t.Fatal("tenant B lists tenant A's hazards")
	}
	// operator1 still logs in with the same password: the reset did not happen.
	e.login("100001", "operator1", "123456")
}

func (e *env) testUserAndRoleAdministrators(t *testing.T, x *actors) {
	// The director manages the workshop's users; the safety manager (scope
	// all) may reset passwords and edit roles, but not the administrator's.
	e.grant(t, x.admin, "workshop_director", "user", "user_edit")
	e.grant(t, x.admin, "safety_manager", "user", "user_reset", "role", "role_edit")
	e.granted(t, x.director, "/api/blade-user/update")
	e.granted(t, x.safety, "/api/blade-user/reset-password?userIds=1")
	e.granted(t, x.safety, "/api/blade-system/role/submit")

	user := func(account string) map[string]any {
		return e.get("/api/blade-user/detail?id="+e.userID(t, x.admin, account), x.admin).dataMap()
	}
	w := copyMap(user("welder"))
	w["phone"] = "13900000001"
	ok(t, e.post("/api/blade-user/update", x.director, w), "the workshop's welder")
	o := copyMap(user("operator2"))
	o["phone"] = "13900000002"
	fails(t, e.post("/api/blade-user/update", x.director, o), 403, "用户「operator2」不在您的数据权限范围内,不能修改", "another workshop's operator")
	if user("operator2")["phone"] == "13900000002" {
		t.Fatal("a refused user edit was saved")
	}
	fails(t, e.post("/api/blade-user/reset-password?userIds="+x.adminID, x.safety, nil), 403, "只有管理员可以对管理员账号「admin」重置密码", "safety resets the administrator")
	e.login("100001", "admin", "admin") // unchanged

	roles := e.get("/api/blade-system/role/list", x.admin).list()
	role := func(alias string) map[string]any {
		for _, r := range roles {
			if m := r.(map[string]any); m["roleAlias"] == alias {
				return copyMap(m)
			}
		}
		t.Fatalf("no role %s", alias)
		return nil
	}
	own := role("safety_manager")
	own["dataScope"] = 1
	own["roleName"] = "安全管理员(改)"
	fails(t, e.post("/api/blade-system/role/submit", x.safety, own), 403, "不能修改自己所属的角色", "safety edits own role")
	op := role("operator")
	op["roleAlias"] = "administrator"
	fails(t, e.post("/api/blade-system/role/submit", x.safety, op), 403, "只有管理员可以维护管理员角色", "safety makes operators administrators")
	op = role("operator")
	op["sort"] = 9
	ok(t, e.post("/api/blade-system/role/submit", x.safety, op), "safety edits another role")
	if r := e.get("/api/blade-system/role/list?roleAlias_equal=administrator", x.admin); len(r.list()) != 1 {
		t.Fatalf("one administrator role: %s", truncate(r.Raw))
	}
}
