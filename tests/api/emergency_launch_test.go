package api

import (
	"strings"
	"testing"

	"anquan/kit/db"
)

// TestEmergencyLaunch: an incident launched from a published plan notifies
// the plan's responsible person, the response team's members (a desk
// message to a member with an account, the others by phone) and the chosen
// users; it shows the muster list (or says why not); its action log is
// appended to and it is closed with a summary, read-only after. Refused: an
// unpublished plan, another tenant's plan or incident, bad input, a caller
// without the button.
func TestEmergencyLaunch(t *testing.T) {
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
			e.testEmergencyLaunch(t)
		})
	}
}

func (e *env) testEmergencyLaunch(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	// The demo incident: ended, with its log and the people told.
	demo := e.one(t, em+"/incident/page", a, "planName", "危险化学品泄漏专项应急预案")
	if demo["state"] != 2.0 || demo["endTime"] == "" {
		t.Fatalf("demo incident: %v", demo)
	}
	dd := e.get(em+"/incident/detail?id="+str(demo["id"]), a).dataMap()
	if len(dd["actions"].([]any)) != 5 || len(dd["notices"].([]any)) != 4 || dd["muster"].(map[string]any)["available"] == true {
		t.Fatalf("demo incident detail: %v", dd)
	}

	zx := e.one(t, em+"/plan/page?code=YA-ZX-002", a, "code", "YA-ZX-002")
	draft := e.one(t, em+"/plan/page?code=YA-XC-003", a, "code", "YA-XC-003")
	fire := e.one(t, em+"/team/page", a, "name", "企业专职消防队")
	op1 := e.userID(t, a, "operator1")
	dir := e.userID(t, a, "director")
	// A team member with an account (王操作 joins as 吴队员's account).
	wu := e.one(t, em+"/member/page?teamId="+str(fire["id"]), a, "name", "吴队员")
	wu["userId"] = "987654321"
	fails(t, e.post(em+"/member/submit", a, wu), 400, "不存在或不属于本租户", "a member's unknown account")
	wu["userId"] = op1
	ok(t, e.post(em+"/member/submit", a, wu), "a member's account")

	launch := func(plan any) map[string]any {
		return map[string]any{"planId": plan, "teamId": fire["id"], "level": 2, "place": "合成装置区", "description": "反应釜超温,紧急停车", "notifyUserIds": []string{dir}}
	}
	fails(t, e.post(em+"/incident/launch", a, launch(draft["id"])), 400, "只能依据已发布的预案", "an unpublished plan")
	bad := launch(zx["id"])
	bad["level"] = 5
	fails(t, e.post(em+"/incident/launch", a, bad), 400, "", "level 5")
	bad = launch(zx["id"])
	bad["place"] = " "
	fails(t, e.post(em+"/incident/launch", a, bad), 400, "请填写事发地点", "no place")
	bad = launch(zx["id"])
	bad["description"] = strings.Repeat("字", 2001)
	fails(t, e.post(em+"/incident/launch", a, bad), 400, "", "too long a description")
	bad = launch(zx["id"])
	bad["notifyUserIds"] = []string{"987654321"}
	fails(t, e.post(em+"/incident/launch", a, bad), 400, "不存在或不属于本租户", "an unknown user to notify")
	bad = launch(zx["id"])
	bad["planId"] = "0"
	fails(t, e.post(em+"/incident/launch", a, bad), 400, "请选择应急预案", "no plan")
	o := e.login("100001", "operator1", "123456")
	fails(t, e.post(em+"/incident/launch", o, launch(zx["id"])), 403, "", "an operator launches")

	ok(t, e.post(em+"/incident/launch", a, launch(zx["id"])), "launch")
	inc := e.one(t, em+"/incident/page?state=1", a, "place", "合成装置区")
	id := str(inc["id"])
	if inc["level"] != 2.0 || inc["teamName"] != "企业专职消防队" || inc["startTime"] == "" {
		t.Fatalf("incident: %v", inc)
	}
	d := e.get(em+"/incident/detail?id="+id, a)
	ok(t, d, "incident detail")
	dm := d.dataMap()
	byName := map[string]map[string]any{}
	for _, v := range dm["notices"].([]any) {
		n := v.(map[string]any)
		byName[str(n["name"])] = n
	}
	// desk: the plan's responsible person, the member with an account, the chosen user; phone: the others.
	if byName["李安全"]["channel"] != 1.0 || byName["王操作"]["channel"] != 1.0 || byName["张主任"]["channel"] != 1.0 ||
		byName["周队长"]["channel"] != 2.0 || byName["周队长"]["phone"] != "13800000101" || byName["吴队员"] != nil {
		t.Fatalf("notified: %s", truncate(d.Raw))
	}
	if acts := dm["actions"].([]any); len(acts) != 1 || !strings.Contains(str(acts[0].(map[string]any)["content"]), "启动二级响应") {
		t.Fatalf("launch log: %v", dm["actions"])
	}
	if m, _ := dm["muster"].(map[string]any); m == nil || (m["available"] != true && str(m["message"]) == "") {
		t.Fatalf("muster: %v", dm["muster"])
	}
	eventually(t, "the team member with an account has a desk message", func() bool {
		return strings.Contains(string(e.get("/api/blade-desk/message/list?size=50", o).Raw), "危险化学品泄漏专项应急预案」启动二级响应")
	})

	// The action log: appended by the commander; refused without the button or text.
	ok(t, e.post(em+"/incident/action", a, map[string]any{"incidentId": id, "content": "启动紧急停车,疏散合成装置区人员"}), "an action")
	fails(t, e.post(em+"/incident/action", a, map[string]any{"incidentId": id, "content": " "}), 400, "请填写处置行动", "an empty action")
	fails(t, e.post(em+"/incident/action", o, map[string]any{"incidentId": id, "content": "x"}), 403, "", "an operator logs")

	// Another tenant: A's plan and incident are not found.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300073", "tenantName": "应急启动隔离测试公司"}), "tenant B")
	b := e.login("300073", "admin", "123456")
	fails(t, e.post(em+"/incident/launch", b, map[string]any{"planId": zx["id"], "level": 2, "place": "x", "description": "x"}), 400, "不存在", "another tenant's plan")
	fails(t, e.post(em+"/incident/action", b, map[string]any{"incidentId": id, "content": "B"}), 400, "不存在", "another tenant's incident")
	fails(t, e.post(em+"/incident/close", b, map[string]any{"id": id, "summary": "B"}), 400, "不存在", "close another tenant's incident")
	fails(t, e.get(em+"/incident/detail?id="+id, b), 400, "不存在", "another tenant's incident detail")
	if n := len(e.get(em+"/incident/page", b).list()); n != 0 {
		t.Fatalf("tenant B sees %d incidents", n)
	}

	// The export: the administrator's incidents as xlsx; the operator holds no export button.
	x := e.call("GET", em+"/incident/export?state=1", a, nil)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), "xlsx") {
		t.Fatalf("incident export: %d %s", x.Status, truncate(x.Raw))
	}
	if r := e.call("GET", em+"/incident/export", e.login("100001", "operator1", "123456"), nil); r.Status != 403 {
		t.Fatalf("operator exports incidents: %d", r.Status)
	}

	// Close: a summary is needed; then it is read-only.
	fails(t, e.post(em+"/incident/close", a, map[string]any{"id": id, "summary": ""}), 400, "请填写处置总结", "close without summary")
	ok(t, e.post(em+"/incident/close", a, map[string]any{"id": id, "summary": "已恢复正常生产"}), "close")
	fails(t, e.post(em+"/incident/action", a, map[string]any{"incidentId": id, "content": "补记"}), 400, "已结束", "an action on an ended incident")
	fails(t, e.post(em+"/incident/close", a, map[string]any{"id": id, "summary": "再次"}), 400, "已结束", "close twice")
	end := e.get(em+"/incident/detail?id="+id, a).dataMap()
	if i := end["incident"].(map[string]any); i["state"] != 2.0 || i["endTime"] == "" || i["summary"] != "已恢复正常生产" || len(end["actions"].([]any)) != 3 {
		t.Fatalf("closed incident: %v", end)
	}
}
