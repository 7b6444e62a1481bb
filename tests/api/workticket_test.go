package api

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/xlsx"
	workticketv1 "anquan/proto/blade/workticket/v1"
)

// TestWorkticket runs a 一级 hot-work permit from application to acceptance
// through the gateway (stale gas refused, fresh accepted), refuses an
// operator whose welding certificate expired, and keeps tenants apart.
func TestWorkticket(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b, dropWorkticketDatabases(t))
			e.testWorkticket(t)
		})
	}
}

const wt = "/api/n-work-ticket"

// dropWorkticketDatabases removes the databases of the services this suite
// needs besides the platform's (env_test drops those only); registered
// before the stack's cleanup, it runs after the stack stopped.
func dropWorkticketDatabases(t *testing.T) func(*conf.Config) {
	return func(c *conf.Config) {
		t.Cleanup(func() {
			if c.DB.Driver != "sqlite" {
				for _, s := range []string{"workticket", "flow", "resource", "factory", "prevention"} {
					_ = db.DropDatabase(c, s)
				}
			}
		})
	}
}

var cst = time.FixedZone("CST", 8*3600)

func wtTime(t time.Time) string { return t.In(cst).Format("2006-01-02 15:04:05") }

func (e *env) testWorkticket(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	safety := e.login("100001", "safety", "123456")
	director := e.login("100001", "director", "123456")
	welder, operator2 := e.userID(t, admin, "welder"), e.userID(t, admin, "operator2")
	safetyID, directorID := e.userID(t, admin, "safety"), e.userID(t, admin, "director")
	areas := e.get("/api/nDoublePrevention/risk-partition/list", admin)
	ok(t, areas, "areas")
	if len(areas.list()) == 0 {
		t.Fatalf("no seeded area: %s", truncate(areas.Raw))
	}
	areaID := str(areas.list()[0].(map[string]any)["id"])

	// The seeded demo permits are there.
	if l := e.get(wt+"/ticket/list?size=50", admin); len(l.list()) < 5 {
		t.Fatalf("seeded permits: %s", truncate(l.Raw))
	}

	// Make now an ordinary working daytime for the calendar, so the 一级
	// level is not raised whatever day and hour the suite runs.
	now := time.Now()
	ok(t, e.post(wt+"/calendar/submit", admin, map[string]any{"items": []map[string]any{
		{"day": now.In(cst).Format("2006-01-02"), "dayType": 1, "name": "测试工作日"},
		{"day": now.In(cst).Add(3 * time.Hour).Format("2006-01-02"), "dayType": 1, "name": "测试工作日"},
	}}), "calendar days")
	ok(t, e.post(wt+"/calendar/setting", admin, map[string]any{
		"nightStart": now.In(cst).Add(4 * time.Hour).Format("15:04"), "nightEnd": now.In(cst).Add(5 * time.Hour).Format("15:04"),
	}), "night hours")

	permit := func(operators string) map[string]any {
		return map[string]any{
			"workType": "hotWork", "workUnit": "合成车间", "workUnitId": "1000010000000000204", "areaId": areaID, "location": "E-201 出口管线",
			"content": "E-201 出口管线法兰补焊", "operatorIds": operators, "guardianId": safetyID,
			"planStartTime": wtTime(now.Add(-5 * time.Minute)), "planEndTime": wtTime(now.Add(3 * time.Hour)),
			"hazardCodes": "07,08", "hotWork": map[string]any{"fireLevel": 1, "tools": "weld"}, "apply": true,
		}
	}
	// An operator whose welding certificate expired is refused.
	fails(t, e.post(wt+"/ticket/submit", admin, permit(operator2)), 400, "证书", "expired welding certificate")
	// The guardian cannot be an operator.
	fails(t, e.post(wt+"/ticket/submit", admin, permit(welder+","+safetyID)), 400, "监护人不能同时", "guardian as operator")
	// 一级 over 8 hours is refused.
	long := permit(welder)
	long["planEndTime"] = wtTime(now.Add(9 * time.Hour))
	fails(t, e.post(wt+"/ticket/submit", admin, long), 400, "不得超过8小时", "validity")

	r := e.post(wt+"/ticket/submit", admin, permit(welder))
	ok(t, r, "apply hot work")
	p := r.dataMap()
	id := str(p["id"])
	if !strings.HasPrefix(str(p["ticketNo"]), "DH-") || p["levelName"] != "一级" || p["flowStatus"] != float64(0) || p["flowTaskName"] != "作业单位负责人审批" {
		t.Fatalf("applied permit: %s", truncate(r.Raw))
	}
	act := func(tok, action string, body map[string]any) *resp {
		if body == nil {
			body = map[string]any{}
		}
		body["id"] = id
		return e.post(wt+"/ticket/"+action, tok, body)
	}
	// A stale gas sample (40 minutes old) is recorded, but will not do.
	gas := func(at time.Time, value float64) *resp {
		return e.post(wt+"/gas/submit", safety, map[string]any{"ticketId": id, "sampleTime": wtTime(at), "samplePoint": "动火点", "sampleKind": 1,
			"readings": []map[string]any{{"gasName": "甲烷", "gasType": 1, "value": value, "unit": "%VOL", "lel": 5}}})
	}
	g := gas(now.Add(-40*time.Minute), 0.1)
	ok(t, g, "stale sample")
	if g.dataMap()["qualified"] != true {
		t.Fatalf("sample: %s", truncate(g.Raw))
	}
	if bad := gas(now.Add(-45*time.Minute), 0.6); bad.dataMap()["qualified"] != false {
		t.Fatalf("0.6%% vol accepted: %s", truncate(bad.Raw))
	}

	// Nobody approves what they applied for; the director signs first.
	fails(t, act(admin, "approve", map[string]any{"pass": true, "comment": "同意"}), 400, "申请人不能审批", "self approval")
	if r := act(safety, "approve", map[string]any{"pass": true}); r.Body["success"] != false {
		t.Fatalf("the safety manager signed the director's step: %s", truncate(r.Raw))
	}
	fails(t, act(safety, "start", nil), 400, "不能开始作业", "start before issuance")
	r = act(director, "approve", map[string]any{"pass": true, "comment": "同意动火"})
	ok(t, r, "director approves")
	if r.dataMap()["flowTaskName"] != "安全管理部门审批" || r.dataMap()["ticketStatus"] != float64(0) {
		t.Fatalf("after the first step: %s", truncate(r.Raw))
	}
	r = act(safety, "approve", map[string]any{"pass": true, "comment": "措施落实,同意"})
	ok(t, r, "safety approves")
	if r.dataMap()["ticketStatus"] != float64(1) || r.dataMap()["issueTime"] == "" {
		t.Fatalf("not issued: %s", truncate(r.Raw))
	}
	pid := str(r.dataMap()["processInstanceId"])
	eventually(t, "the guardian's message on issuance", func() bool {
		return strings.Contains(string(e.get("/api/blade-desk/message/list", safety).Raw), "作业票已签发")
	})

	// Start needs confirmed measures and a fresh qualified sample.
	fails(t, act(safety, "start", nil), 400, "尚未确认", "unconfirmed measures")
	var seqs []map[string]any
	for _, m := range r.dataMap()["safetyMeasures"].([]any) {
		seqs = append(seqs, map[string]any{"seq": m.(map[string]any)["seq"], "involved": true})
	}
	fails(t, e.post(wt+"/ticket/measure-confirm", director, map[string]any{"id": id, "measures": seqs}), 403, "只有申请人、监护人或作业人员", "confirm by an outsider")
	ok(t, e.post(wt+"/ticket/measure-confirm", safety, map[string]any{"id": id, "measures": seqs}), "confirm measures (the guardian)")
	fails(t, act(safety, "start", nil), 400, "超过30分钟", "stale gas sample")
	ok(t, gas(now.Add(-time.Minute), 0.1), "fresh sample")
	r = act(safety, "start", map[string]any{"comment": "开始动火"})
	ok(t, r, "start")
	if r.dataMap()["jobStatus"] != float64(2) || r.dataMap()["workPhase"] != float64(2) {
		t.Fatalf("started: %s", truncate(r.Raw))
	}
	fails(t, act(safety, "start", nil), 400, "不能开始作业", "start twice")
	fails(t, act(safety, "accept", nil), 400, "不能验收", "accept before completion")

	// Guardian change: recorded and the new guardian told.
	c := e.post(wt+"/guardian_change/add", safety, map[string]any{"ticketId": id, "newGuardianId": directorID, "reason": "交接班", "handoverContent": "动火点已检查"})
	ok(t, c, "guardian change")
	if c.dataMap()["oldGuardianName"] == "" || c.dataMap()["newGuardianId"] != directorID {
		t.Fatalf("change: %s", truncate(c.Raw))
	}
	if l := e.get(wt+"/guardian_change/find?ticketId="+id, safety); len(l.list()) != 1 {
		t.Fatalf("find: %s", truncate(l.Raw))
	}
	if l := e.get(wt+"/hand-over-library/list?ticketId="+id, safety); len(l.list()) != 1 {
		t.Fatalf("hand-over library: %s", truncate(l.Raw))
	}
	eventually(t, "the new guardian's message", func() bool {
		return strings.Contains(string(e.get("/api/blade-desk/message/list", director).Raw), "作业监护人变更")
	})

	// The pre-job briefing.
	ok(t, e.post(wt+"/briefing/submit", safety, map[string]any{"ticketId": id, "content": "动火点周边15米已清理,灭火器到位", "attendeeIds": welder}), "briefing")
	if bd := e.get(wt+"/briefing/detail?ticketId="+id, safety).dataMap(); bd["attendeeNames"] == "" || bd["brieferName"] == "" {
		t.Fatalf("briefing: %v", bd)
	}
	// Today's permits as the risk-commitment board counts them (internal call).
	if id, err := e.stack.Infra.Verifier.Verify(admin); err != nil {
		t.Fatal(err)
	} else {
		c := workticketv1.NewWorkticketInternalClient(e.stack.Infra.Dialer.Lazy("workticket"))
		n, err := c.CountToday(ident.With(context.Background(), id), &workticketv1.CountTodayRequest{TenantId: "100001"})
		if err != nil || n.Total < 1 || n.InProgress < 1 {
			t.Fatalf("CountToday: %v %v", n, err)
		}
	}

	// Two pauses at once: exactly one lands (compare-and-set on the state).
	results := make(chan int, 2)
	for i := 0; i < 2; i++ {
		go func() { results <- act(safety, "pause", map[string]any{"comment": "午休"}).Status }()
	}
	if a, b := <-results, <-results; a+b != 600 {
		t.Fatalf("concurrent pauses answered %d and %d, want one 200 and one 400", a, b)
	}
	fails(t, act(safety, "pause", nil), 400, "不能暂停作业", "pause twice")
	ok(t, act(safety, "resume", nil), "resume within 30 minutes")
	ok(t, act(safety, "complete", map[string]any{"comment": "完工,现场已清理"}), "complete")
	r = act(safety, "accept", map[string]any{"comment": "验收合格"})
	ok(t, r, "accept")
	if r.dataMap()["ticketStatus"] != float64(3) || r.dataMap()["jobStatus"] != float64(3) {
		t.Fatalf("accepted: %s", truncate(r.Raw))
	}
	fails(t, act(safety, "revoke", map[string]any{"comment": "x"}), 400, "不能撤销", "revoke after acceptance")

	// Every signature is readable: flow's history and the print data.
	h := e.get("/api/blade-flow/process/task-process-comment?processInstanceId="+url.QueryEscape(pid), safety)
	ok(t, h, "flow history")
	if n := len(h.list()); n < 3 {
		t.Fatalf("flow history has %d lines: %s", n, truncate(h.Raw))
	}
	v := e.get(wt+"/ticket/print?id="+id, safety)
	ok(t, v, "print")
	if v.dataMap()["tenantName"] == "" {
		t.Fatalf("print without the company name: %s", truncate(v.Raw))
	}
	raw := string(v.Raw)
	for _, want := range []string{"作业单位负责人审批", "安全管理部门审批", "开始作业", "验收", "监护人变更", "甲烷"} {
		if !strings.Contains(raw, want) {
			t.Fatalf("print data lacks %q: %s", want, truncate(v.Raw))
		}
	}
	if l := e.get(wt+"/fireWork/getOtherWorkTicketNos?workType=hotWork", admin); !strings.Contains(string(l.Raw), str(p["ticketNo"])) {
		t.Fatalf("ticket numbers: %s", truncate(l.Raw))
	}
	if s := e.get(wt+"/statistics/by-day", admin); !strings.Contains(string(s.Raw), `"workType":"hotWork"`) {
		t.Fatalf("statistics: %s", truncate(s.Raw))
	}
	x := e.call("GET", wt+"/statistics/today/export", admin, nil)
	if x.Status != 200 || !strings.HasPrefix(string(x.Raw), "PK") {
		t.Fatalf("today export: %d %s", x.Status, truncate(x.Raw))
	}
	e.testTicketExport(t, admin)

	e.testEveryPermitType(t, admin, areaID, safetyID)

	// Void needs a reason and only applies before issuance; a draft is removable.
	draft := e.post(wt+"/ticket/submit", admin, map[string]any{"workType": "ordinary", "workUnit": "合成车间", "areaId": areaID,
		"content": "作废测试", "operatorIds": welder, "guardianId": safetyID, "planStartTime": wtTime(now.Add(time.Hour)), "planEndTime": wtTime(now.Add(2 * time.Hour))})
	ok(t, draft, "draft")
	did := str(draft.dataMap()["id"])
	edit := map[string]any{"id": did, "workType": "ordinary", "workUnit": "合成车间", "areaId": areaID, "content": "作废测试(已修改)",
		"operatorIds": welder, "guardianId": safetyID, "planStartTime": wtTime(now.Add(time.Hour)), "planEndTime": wtTime(now.Add(2 * time.Hour))}
	if r := e.post(wt+"/ticket/submit", admin, edit); r.dataMap()["ticketNo"] != draft.dataMap()["ticketNo"] || r.dataMap()["content"] != "作废测试(已修改)" ||
		len(r.dataMap()["safetyMeasures"].([]any)) == 0 {
		t.Fatalf("edit: %s", truncate(r.Raw))
	}
	fails(t, e.post(wt+"/ticket/submit", safety, edit), 403, "只有申请人", "edit by another user")
	fails(t, e.post(wt+"/ticket/void", admin, map[string]any{"id": did}), 400, "请填写作废原因", "void without reason")
	if r := e.post(wt+"/ticket/void", admin, map[string]any{"id": did, "comment": "计划取消"}); r.dataMap()["ticketStatus"] != float64(4) {
		t.Fatalf("void: %s", truncate(r.Raw))
	}
	fails(t, e.post(wt+"/ticket/apply", admin, map[string]any{"id": did}), 400, "不能提交申请", "apply a voided permit")
	fails(t, e.post(wt+"/ticket/remove?ids="+id, admin, nil), 400, "不能删除", "remove an accepted permit")
	fails(t, e.post(wt+"/ticket/remove?ids="+did, admin, nil), 400, "不能删除", "remove a voided permit (kept as history)")
	delete(edit, "id")
	fresh := e.post(wt+"/ticket/submit", admin, edit)
	ok(t, fresh, "another draft")
	ok(t, e.post(wt+"/ticket/remove?ids="+str(fresh.dataMap()["id"]), admin, nil), "remove a draft")
	fails(t, e.get(wt+"/ticket/detail?id="+str(fresh.dataMap()["id"]), admin), 400, "不存在", "removed permit")
	if l := e.get(wt+"/calendar/list?year="+now.In(cst).Format("2006"), admin); len(l.list()) < 1 {
		t.Fatalf("calendar: %s", truncate(l.Raw))
	}

	// Tenant isolation.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300009", "tenantName": "作业票隔离测试"}), "tenant B")
	other := e.login("300009", "admin", "123456")
	fails(t, e.get(wt+"/ticket/detail?id="+id, other), 400, "不存在", "detail across tenants")
	fails(t, e.post(wt+"/ticket/approve", other, map[string]any{"id": id, "pass": true}), 400, "不存在", "approve across tenants")
	fails(t, e.post(wt+"/guardian_change/add", other, map[string]any{"ticketId": id, "newGuardianId": directorID, "reason": "x"}), 400, "不存在", "guardian change across tenants")
	if l := e.get(wt+"/ticket/list?size=1000", other); strings.Contains(string(l.Raw), str(p["ticketNo"])) || len(l.list()) != 0 {
		t.Fatalf("tenant B sees permits: %s", truncate(l.Raw))
	}
	if rows := e.exportRows(t, wt+"/ticket/export", other); len(rows) != 1 {
		t.Fatalf("tenant B exports permits: %v", rows)
	}
	// Tenant B cannot name tenant A's department as the work unit, nor use A's area.
	bu := permit(welder)
	bu["workUnitId"] = "1000010000000000204"
	if r := e.post(wt+"/ticket/submit", other, bu); r.Body["success"] != false {
		t.Fatalf("tenant B used tenant A's department: %s", truncate(r.Raw))
	}
	bp := permit(welder)
	bp["guardianId"] = fmt.Sprint(directorID)
	if r := e.post(wt+"/ticket/submit", other, bp); r.Body["success"] != false {
		t.Fatalf("tenant B used tenant A's area and people: %s", truncate(r.Raw))
	}
}

// testEveryPermitType submits one permit of each of the eight types (and
// ordinary work) with its own fields, checks the computed level, and the
// refusal of a missing type field or a missing certificate.
func (e *env) testEveryPermitType(t *testing.T, admin, areaID, guardian string) {
	operator1, operator2 := e.userID(t, admin, "operator1"), e.userID(t, admin, "operator2")
	contractor := e.userID(t, admin, "contractor1")
	start := time.Now().Add(24 * time.Hour)
	cases := []struct {
		workType, operators, field string
		fields                     map[string]any
		level                      string
	}{
		{"confinedSpaceWork", operator2, "confinedSpace", map[string]any{"spaceName": "T-102", "medium": "甲醇", "isolation": "加盲板"}, ""},
		{"blindPlateWork", operator2, "blindPlate", map[string]any{"plateType": 1, "pipeName": "进料管", "medium": "氮气", "temperature": 25, "pressure": 0.1, "material": "20#钢", "size": "DN100", "positionDrawing": "a.png"}, ""},
		{"altitudeWork", operator1, "altitude", map[string]any{"height": 16}, "三级"},
		{"liftingWork", contractor, "lifting", map[string]any{"weight": 45, "crane": "50t汽车吊"}, "二级"},
		{"temporaryPowerWork", operator1, "temporaryPower", map[string]any{"powerSource": "AP-3", "voltage": 380, "load": 15}, ""},
		{"breakGroundWork", operator2, "breakGround", map[string]any{"length": 3, "width": 1, "depth": 1.5}, ""},
		{"openCircuitWork", operator2, "openCircuit", map[string]any{"roadSection": "厂区东路", "closurePlan": "北侧绕行"}, ""},
		{"ordinary", operator2, "", nil, ""},
	}
	for _, c := range cases {
		body := map[string]any{"workType": c.workType, "workUnit": "设备管理部", "areaId": areaID, "content": "各类作业票测试 " + c.workType,
			"operatorIds": c.operators, "guardianId": guardian, "planStartTime": wtTime(start), "planEndTime": wtTime(start.Add(4 * time.Hour))}
		if c.field != "" {
			fails(t, e.post(wt+"/ticket/submit", admin, body), 400, "请", c.workType+" without its fields")
			body[c.field] = c.fields
		}
		r := e.post(wt+"/ticket/submit", admin, body)
		ok(t, r, c.workType)
		if d := r.dataMap(); d["levelName"] != c.level || d["workType"] != c.workType || d["ticketStatus"] != float64(0) {
			t.Fatalf("%s: %s", c.workType, truncate(r.Raw))
		}
	}
	// Qualifications per type: height work needs a height certificate.
	body := map[string]any{"workType": "altitudeWork", "workUnit": "设备管理部", "areaId": areaID, "content": "无证登高",
		"operatorIds": operator2, "guardianId": guardian, "planStartTime": wtTime(start), "planEndTime": wtTime(start.Add(time.Hour)),
		"altitude": map[string]any{"height": 6}}
	fails(t, e.post(wt+"/ticket/submit", admin, body), 400, "资质", "height work without a certificate")
	body["altitude"] = map[string]any{"height": 1.5}
	fails(t, e.post(wt+"/ticket/submit", admin, body), 400, "不低于2米", "height under 2 m")
}

// testTicketExport: the permit list's export takes the list's filters, so
// its rows are exactly the filtered list's; it needs the ticket_export button.
func (e *env) testTicketExport(t *testing.T, admin string) {
	today, all := time.Now().In(cst).Format("2006-01-02"), -1
	for _, f := range []string{"", "workType_equal=hotWork", "ticketStatus_equal=3", "workType_equal=hotWork&jobStatus_equal=3",
		"ticketNo=DH-", "planStartTime_datege=" + today + "&planStartTime_datele=" + today, "planStartTime_datele=2000-12-31"} {
		l := e.get(wt+"/ticket/list?size=1&"+f, admin)
		ok(t, l, "list "+f)
		total := int(l.dataMap()["total"].(float64))
		rows := e.exportRows(t, wt+"/ticket/export?"+f, admin)
		if len(rows)-1 != total || rows[0][0] != "作业票编号" {
			t.Fatalf("export %q: %d rows, list total %d: %v", f, len(rows)-1, total, rows)
		}
		if strings.HasPrefix(f, "workType_equal=hotWork") {
			for _, r := range rows[1:] {
				if r[1] != "动火作业" {
					t.Fatalf("export %q has a row of another type: %v", f, r)
				}
			}
		}
		if f == "" {
			all = total
		} else if f == "workType_equal=hotWork" && (total == 0 || total >= all) {
			t.Fatalf("hot-work filter selects %d of %d permits: nothing filtered", total, all)
		}
	}
	operator := e.login("100001", "operator1", "123456")
	fails(t, e.get(wt+"/ticket/export", operator), 403, "", "export without ticket_export")
}

// exportRows downloads an xlsx export and returns its rows (header first).
func (e *env) exportRows(t *testing.T, path, token string) [][]string {
	t.Helper()
	x := e.get(path, token)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("export %s: %d %v %s", path, x.Status, x.Header, truncate(x.Raw))
	}
	rows, err := xlsx.Read(x.Raw)
	if err != nil || len(rows) == 0 {
		t.Fatalf("export %s is not an xlsx with a header: %v", path, err)
	}
	return rows
}
