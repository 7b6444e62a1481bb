package api

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"anquan/kit/conf"
	"anquan/kit/db"
)

const eq = "/api/equipment"

// TestEquipment: the demo rule table and ledger with its due states; the
// overdue list; refusals (special equipment without a rule or registration,
// bad codes and dates, duplicates); records moving the due dates by the
// rule and the maintenance cycle; a failed detection stopping the
// equipment and raising a hidden danger in prevention; object-level checks
// (the responsible person or a manager records; the author or a manager
// removes); records never edited; tenant isolation; and the flows (service
// orders, disable / recover / scrap, lockout recovery: testEquipmentFlows).
func TestEquipment(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b, func(c *conf.Config) {
				t.Cleanup(func() {
					if c.DB.Driver != "sqlite" {
						for _, s := range []string{"equipment", "prevention", "flow", "records"} {
							_ = db.DropDatabase(c, s)
						}
					}
				})
			})
			e.testEquipment(t)
		})
	}
}

func eqToday() string { return time.Now().In(cst).Format("2006-01-02") }

func eqDays(d int) string { return time.Now().In(cst).AddDate(0, 0, d).Format("2006-01-02") }

func (e *env) eqItem(t *testing.T, tok, code string) map[string]any {
	t.Helper()
	l := e.get(eq+"/ledger/page?code_equal="+url.QueryEscape(code), tok).list()
	if len(l) != 1 {
		t.Fatalf("ledger %s: %v", code, l)
	}
	return l[0].(map[string]any)
}

func (e *env) testEquipment(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	director := e.login("100001", "director", "123456")
	directorID := e.userID(t, admin, "director")

	// The rule table and the ledger of the demo tenant.
	rules := e.get(eq+"/rule/page?size=100", admin)
	ok(t, rules, "rule page")
	ruleID := map[string]string{}
	for _, r := range rules.list() {
		m := r.(map[string]any)
		ruleID[str(m["kind"])] = str(m["id"])
	}
	if len(ruleID) < 9 || ruleID["pressure_gauge"] == "" || ruleID["safety_valve"] == "" {
		t.Fatalf("seeded rules: %s", truncate(rules.Raw))
	}
	if pg := e.eqItem(t, admin, "PG-201"); pg["dueState"] != 2.0 || pg["ruleName"] != "压力表检定" || pg["categoryName"] != "特种设备" || pg["nextDue"] != eqDays(-10) {
		t.Fatalf("PG-201 (overdue): %v", pg)
	}
	if sv := e.eqItem(t, admin, "SV-201"); sv["dueState"] != 1.0 || sv["nextDetectDate"] != eqDays(20) {
		t.Fatalf("SV-201 (due soon): %v", sv)
	}
	if v := e.eqItem(t, admin, "V-101"); v["dueState"] != 0.0 || v["responsibleUserName"] != "张主任" {
		t.Fatalf("V-101 (healthy): %v", v)
	}
	over := e.get(eq+"/ledger/overdue?withinDays=30&size=100", admin)
	ok(t, over, "overdue list")
	codes := map[string]bool{}
	for _, x := range over.list() {
		codes[str(x.(map[string]any)["code"])] = true
	}
	if !codes["PG-201"] || !codes["SV-201"] || !codes["R-201"] || !codes["P-101"] || codes["V-101"] {
		t.Fatalf("overdue list: %v", codes)
	}
	if first := over.list()[0].(map[string]any); first["dueState"] != 2.0 {
		t.Fatalf("overdue list not soonest first: %v", first)
	}
	if l := e.get(eq+"/ledger/overdue?withinDays=0&size=100", admin).list(); len(l) != len(over.list()) {
		t.Fatalf("withinDays 0 is the default 30: %d vs %d", len(l), len(over.list()))
	}
	fails(t, e.get(eq+"/ledger/overdue?withinDays=400", admin), 400, "", "lead beyond a year")

	// Refusals of the ledger.
	item := func(extra map[string]any) map[string]any {
		p := map[string]any{"code": "P-901", "name": "循环水泵 P-901", "category": 1, "responsibleUserId": directorID, "commissionDate": eqDays(-60),
			"maintainCycleDays": 30, "location": "循环水站"}
		for k, v := range extra {
			p[k] = v
		}
		return p
	}
	fails(t, e.post(eq+"/ledger/submit", admin, item(map[string]any{"category": 2, "registerNo": "X-1"})), 400, "检测周期规则", "special equipment without a rule")
	fails(t, e.post(eq+"/ledger/submit", admin, item(map[string]any{"category": 2, "ruleId": ruleID["safety_valve"]})), 400, "使用登记证", "special equipment without registration")
	fails(t, e.post(eq+"/ledger/submit", admin, item(map[string]any{"category": 9})), 400, "", "unknown category")
	fails(t, e.post(eq+"/ledger/submit", admin, item(map[string]any{"code": "P 901!"})), 400, "设备编码", "a bad code")
	fails(t, e.post(eq+"/ledger/submit", admin, item(map[string]any{"code": "PG-201"})), 400, "已存在", "a duplicate code")
	fails(t, e.post(eq+"/ledger/submit", admin, item(map[string]any{"commissionDate": eqDays(3)})), 400, "投用日期不能晚于今天", "commissioned tomorrow")
	fails(t, e.post(eq+"/ledger/submit", admin, item(map[string]any{"commissionDate": "2026-13-01"})), 400, "投用日期格式错误", "a bad date")
	fails(t, e.post(eq+"/ledger/submit", admin, item(map[string]any{"name": strings.Repeat("长", 101)})), 400, "", "a long name")
	fails(t, e.post(eq+"/ledger/submit", admin, item(map[string]any{"responsibleUserId": "42"})), 400, "责任人不存在", "an unknown responsible person")
	fails(t, e.post(eq+"/ledger/submit", admin, item(map[string]any{"ruleId": "42"})), 400, "检测周期规则不存在", "an unknown rule")
	ok(t, e.post(eq+"/ledger/submit", admin, item(nil)), "a new pump")
	p9 := e.eqItem(t, admin, "P-901")
	if p9["nextMaintainDate"] != eqDays(-30) || p9["dueState"] != 2.0 || p9["responsibleUserName"] != "张主任" {
		t.Fatalf("P-901 maintenance due from its commissioning date + 30 days: %v", p9)
	}

	// Records: the responsible person records a maintenance; the next date follows the cycle.
	rec := func(extra map[string]any) map[string]any {
		p := map[string]any{"equipmentId": p9["id"], "kind": 1, "recordDate": eqToday(), "content": "更换机械密封"}
		for k, v := range extra {
			p[k] = v
		}
		return p
	}
	fails(t, e.post(eq+"/record/submit", director, rec(map[string]any{"recordDate": eqDays(1)})), 400, "不能晚于今天", "a record dated tomorrow")
	fails(t, e.post(eq+"/record/submit", director, rec(map[string]any{"recordDate": eqDays(-90)})), 400, "早于设备投用日期", "a record before commissioning")
	fails(t, e.post(eq+"/record/submit", director, rec(map[string]any{"kind": 3})), 400, "kind", "an unknown kind")
	fails(t, e.post(eq+"/record/submit", director, rec(map[string]any{"equipmentId": "42"})), 400, "设备不存在", "an unknown equipment")
	ok(t, e.post(eq+"/record/submit", director, rec(nil)), "the responsible director records a maintenance")
	p9 = e.eqItem(t, admin, "P-901")
	if p9["lastMaintainDate"] != eqToday() || p9["nextMaintainDate"] != eqDays(30) || p9["dueState"] != 1.0 {
		t.Fatalf("P-901 after maintenance: %v", p9)
	}
	recs := e.get(eq+"/record/page?equipmentId_equal="+str(p9["id"]), admin)
	if len(recs.list()) != 1 || recs.list()[0].(map[string]any)["operatorName"] != "张主任" || recs.list()[0].(map[string]any)["nextDue"] != eqDays(30) {
		t.Fatalf("P-901 records: %s", truncate(recs.Raw))
	}
	myRec := str(recs.list()[0].(map[string]any)["id"])
	// Every write is audited in the equipment service's log.
	if l := e.get("/api/audit-log/page?service=equipment&size=10&recordIds="+str(p9["id"]), admin).list(); len(l) < 2 {
		t.Fatalf("audit of P-901 (created, dates moved by the record): %v", l)
	}
	fails(t, e.post(eq+"/record/submit", admin, rec(map[string]any{"id": myRec})), 400, "不能修改", "a record edited")

	// A detection by the rule: SV-201 (safety valve, 12 months) passes.
	sv := e.eqItem(t, admin, "SV-201")
	ok(t, e.post(eq+"/record/submit", director, map[string]any{"equipmentId": sv["id"], "kind": 2, "result": 1, "recordDate": eqToday(),
		"org": "市计量检定所", "reportNo": "AF-T-1"}), "safety valve calibrated")
	sv = e.eqItem(t, admin, "SV-201")
	if sv["nextDetectDate"] != time.Now().In(cst).AddDate(1, 0, 0).Format("2006-01-02") && !strings.HasSuffix(eqToday(), "-02-29") {
		t.Fatalf("SV-201 next detection a year on: %v", sv)
	}
	if sv["dueState"] != 0.0 || sv["lastDetectDate"] != eqToday() {
		t.Fatalf("SV-201 after detection: %v", sv)
	}
	fails(t, e.post(eq+"/record/submit", director, map[string]any{"equipmentId": sv["id"], "kind": 2, "recordDate": eqToday()}), 400, "检测结论", "a detection without result")

	// Object level: the director is not responsible for the hoist QD-01.
	qd := e.eqItem(t, admin, "QD-01")
	fails(t, e.post(eq+"/record/submit", director, map[string]any{"equipmentId": qd["id"], "kind": 1, "recordDate": eqToday()}), 403, "责任人", "a record on someone else's equipment")
	fails(t, e.post(eq+"/ledger/submit", director, item(map[string]any{"code": "P-902"})), 403, "", "the director has no ledger button")
	op := e.login("100001", "operator1", "123456")
	fails(t, e.get(eq+"/ledger/page", op), 403, "", "an operator reads the ledger")
	// The author or a manager removes a record; the director cannot remove the admin's.
	ok(t, e.post(eq+"/record/submit", admin, map[string]any{"equipmentId": qd["id"], "kind": 1, "recordDate": eqToday(), "content": "钢丝绳润滑"}), "admin records on QD-01")
	adminRec := str(e.get(eq+"/record/page?equipmentId_equal="+str(qd["id"]), admin).list()[0].(map[string]any)["id"])
	// (the director's role holds record_add but not record_delete: the button refuses first)
	fails(t, e.post(eq+"/record/remove?ids="+adminRec, director, nil), 403, "", "the director removes the admin's record")
	ok(t, e.post(eq+"/record/remove?ids="+adminRec, admin, nil), "the admin removes a record")

	// Equipment with records is scrapped, not removed; a rule in use stays.
	fails(t, e.post(eq+"/ledger/remove?ids="+str(p9["id"]), admin, nil), 400, "已有维护或检测记录", "removing equipment with records")
	fails(t, e.post(eq+"/rule/remove?ids="+ruleID["safety_valve"], admin, nil), 400, "还有设备使用", "removing a rule in use")
	fails(t, e.post(eq+"/rule/submit", admin, map[string]any{"kind": "Bad Kind", "name": "x", "intervalMonths": 12}), 400, "规则代码", "a bad rule kind")
	fails(t, e.post(eq+"/rule/submit", admin, map[string]any{"kind": "hose", "name": "软管", "intervalMonths": 0}), 400, "检测周期", "a zero interval")
	ok(t, e.post(eq+"/rule/submit", admin, map[string]any{"kind": "hose", "name": "装卸软管耐压试验", "intervalMonths": 6, "leadDays": 15, "basis": "GB/T 10544"}), "a new rule")

	// A failed detection stops PG-201 and raises a hidden danger in prevention.
	pg := e.eqItem(t, admin, "PG-201")
	ok(t, e.post(eq+"/record/submit", director, map[string]any{"equipmentId": pg["id"], "kind": 2, "result": 2, "recordDate": eqToday(),
		"org": "市计量检定所", "reportNo": "YB-T-9", "content": "示值误差超差"}), "a failed detection")
	pg = e.eqItem(t, admin, "PG-201")
	if pg["enable"] != 2.0 || pg["lastDetectDate"] != eqToday() {
		t.Fatalf("PG-201 after the failed detection: %v", pg)
	}
	var h map[string]any
	eventually(t, "the failed detection's hazard", func() bool {
		for _, v := range e.get(pv+"/hidden-danger/page?size=50&dangerName="+url.QueryEscape("设备检测不合格:R-201 压力表"), admin).list() {
			h = v.(map[string]any)
			return true
		}
		return false
	})
	if str(h["sourceSvc"]) != "equipment" || str(h["reportUserId"]) != directorID || h["dangerState"].(float64) != 10 {
		t.Fatalf("raised hazard: %v", h)
	}

	e.testMajorHazards(t, admin, directorID)
	e.testMajorHazardFromRecords(t, admin, directorID)

	// Tenants are apart.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300003", "tenantName": "设备隔离公司"}), "tenant B")
	b := e.login("300003", "admin", "123456")
	if l := e.get(eq+"/ledger/page", b).list(); len(l) != 0 {
		t.Fatalf("tenant B sees the ledger: %v", l)
	}
	fails(t, e.get(eq+"/ledger/detail?id="+str(pg["id"]), b), 400, "不存在", "detail across tenants")
	fails(t, e.post(eq+"/record/submit", b, map[string]any{"equipmentId": pg["id"], "kind": 1, "recordDate": eqToday()}), 400, "设备不存在", "a record on another tenant's equipment")
	fails(t, e.post(eq+"/ledger/remove?ids="+str(qd["id"]), b, nil), 400, "不存在", "remove across tenants")
	if e.get(eq+"/ledger/detail?id="+str(qd["id"]), admin).dataMap()["code"] != "QD-01" {
		t.Fatal("tenant B removed tenant A's equipment")
	}
	if l := e.get(eq+"/major-hazard/page", b).list(); len(l) != 0 {
		t.Fatalf("tenant B sees major hazards: %v", l)
	}
	// A tenant without its own rule table grades with the standard's.
	c := e.post(eq+"/major-hazard/calculate", b, map[string]any{"peopleOutside": 10,
		"chemicals": []any{map[string]any{"name": "液氯", "factorKey": "toxic:Cl2", "quantity": 5, "critical": 2}}})
	if c.dataMap()["rValue"] != 10.0 || c.dataMap()["level"] != 3.0 {
		t.Fatalf("tenant B's calculation: %s", truncate(c.Raw))
	}
	e.testEquipmentFlows(t, admin, director, b)
	e.testEquipmentReminders(t, admin, director, directorID, b)
	e.testEquipmentRunHours(t, admin, director, directorID, b)
}

// testMajorHazards: the demo installations; GB 18218 grading at its
// boundaries through the calculate call; refusals; an installation saved
// with its chemicals and three responsible persons, regraded by the
// tenant's rule table.
func (e *env) testMajorHazards(t *testing.T, admin, directorID string) {
	t.Helper()
	l := e.get(eq+"/major-hazard/page?size=50", admin)
	ok(t, l, "major hazard page")
	levels := map[string]float64{}
	for _, x := range l.list() {
		m := x.(map[string]any)
		levels[str(m["code"])] = m["level"].(float64)
	}
	if levels["MH-01"] != 4 || levels["MH-02"] != 3 {
		t.Fatalf("demo installations: %s", truncate(l.Raw))
	}
	calc := func(people int, key string, q, crit float64) map[string]any {
		t.Helper()
		r := e.post(eq+"/major-hazard/calculate", admin, map[string]any{"peopleOutside": people,
			"chemicals": []any{map[string]any{"name": "物质", "factorKey": key, "quantity": q, "critical": crit}}})
		ok(t, r, "calculate")
		return r.dataMap()
	}
	for _, c := range []struct {
		people   int
		key      string
		q, crit  float64
		r, level float64
	}{
		{10, "toxic:Cl2", 5, 2, 10, 3}, {10, "toxic:Cl2", 4.999, 2, 9.998, 4},
		{10, "toxic:NO2", 5, 1, 50, 2}, {10, "toxic:NO2", 4.999, 1, 49.99, 3},
		{10, "toxic:NO2", 10, 1, 100, 1}, {100, "toxic:NO2", 5, 1, 100, 1}, {99, "toxic:NO2", 5, 1, 75, 2},
	} {
		m := calc(c.people, c.key, c.q, c.crit)
		if m["rValue"] != c.r || m["level"] != c.level {
			t.Fatalf("%s q=%v Q=%v people %d: R %v level %v, want R %v level %v (%v)", c.key, c.q, c.crit, c.people, m["rValue"], m["level"], c.r, c.level, m["calculation"])
		}
	}
	if m := calc(10, "other", 1, 500); m["level"] != nil && m["level"] != 0.0 || !strings.Contains(str(m["calculation"]), "不构成重大危险源") {
		t.Fatalf("S below 1: %v", m)
	}
	hz := func(extra map[string]any) map[string]any {
		p := map[string]any{"code": "MH-09", "name": "液氨储罐", "unitType": 2, "peopleOutside": 40,
			"mainUserId": directorID, "techUserId": directorID, "opUserId": directorID,
			"chemicals": []any{map[string]any{"name": "液氨", "cas": "7664-41-7", "factorKey": "toxic:NH3", "quantity": 30, "critical": 10}}}
		for k, v := range extra {
			p[k] = v
		}
		return p
	}
	fails(t, e.post(eq+"/major-hazard/submit", admin, hz(map[string]any{"chemicals": []any{}})), 400, "危险化学品", "no chemicals")
	fails(t, e.post(eq+"/major-hazard/submit", admin, hz(map[string]any{"chemicals": []any{map[string]any{"name": "x", "factorKey": "nope", "quantity": 1, "critical": 1}}})), 400, "不在规则表", "an unknown β")
	fails(t, e.post(eq+"/major-hazard/submit", admin, hz(map[string]any{"chemicals": []any{map[string]any{"name": "x", "factorKey": "other", "quantity": 1, "critical": 0}}})), 400, "临界量", "a zero critical quantity")
	fails(t, e.post(eq+"/major-hazard/submit", admin, hz(map[string]any{"techUserId": "0"})), 400, "技术负责人", "no technical responsible person")
	fails(t, e.post(eq+"/major-hazard/submit", admin, hz(map[string]any{"code": "MH-01"})), 400, "已存在", "a duplicate code")
	ok(t, e.post(eq+"/major-hazard/submit", admin, hz(nil)), "an ammonia store")
	m := e.get(eq+"/major-hazard/page?code_equal=MH-09", admin).list()[0].(map[string]any)
	// S = 3, R = 1.2 × 2 × 3 = 7.2: level 4.
	if m["sValue"] != 3.0 || m["rValue"] != 7.2 || m["level"] != 4.0 || m["opUserName"] != "张主任" {
		t.Fatalf("ammonia store: %v", m)
	}
	d := e.get(eq+"/major-hazard/detail?id="+str(m["id"]), admin).dataMap()
	if ch := d["chemicals"].([]any); len(ch) != 1 || ch[0].(map[string]any)["beta"] != 2.0 {
		t.Fatalf("ammonia store detail: %v", d)
	}
	// The tenant's rule table: β of ammonia raised to 3 regrades on the next save (R = 10.8, level 3).
	f := e.get(eq+"/factor/page?key_equal=toxic:NH3", admin).list()[0].(map[string]any)
	fails(t, e.post(eq+"/factor/submit", admin, map[string]any{"id": f["id"], "kind": 1, "key": "toxic:NH3", "name": "氨", "value": 0}), 400, "系数值", "a zero β")
	ok(t, e.post(eq+"/factor/submit", admin, map[string]any{"id": f["id"], "kind": 1, "key": "toxic:NH3", "name": "氨", "value": 3}), "β of ammonia to 3")
	ok(t, e.post(eq+"/major-hazard/submit", admin, hz(map[string]any{"id": m["id"]})), "the ammonia store saved again")
	if m = e.get(eq+"/major-hazard/detail?id="+str(m["id"]), admin).dataMap(); m["rValue"] != 10.8 || m["level"] != 3.0 || len(m["chemicals"].([]any)) != 1 {
		t.Fatalf("ammonia store regraded: %v", m)
	}
	ok(t, e.post(eq+"/major-hazard/remove?ids="+str(m["id"]), admin, nil), "the ammonia store removed")
}
