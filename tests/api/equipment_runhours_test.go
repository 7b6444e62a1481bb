package api

import (
	"net/url"
	"strings"
	"testing"
)

// testEquipmentRunHours: a maintenance plan by run hours (every 500 h, 50 h
// ahead, registered at 1,000 h on the hour meter). Readings never go down
// unless the counter was reset with a reason; the plan is 正常 51 h before,
// 即将到期 one hour before, 已到期 exactly at the interval; a maintenance
// at the reading moves the next one by the interval; a counter reset keeps
// the cumulative hours counting; the reminder run tells the responsible
// person once per stage; the demo plans are alive; others are refused.
func (e *env) testEquipmentRunHours(t *testing.T, admin, director, directorID, b string) {
	// The demo tenant's run-hour plans: C-301 50 h before (即将到期), DG-01
	// past its 250 h after a counter reset (已到期).
	if c := e.eqItem(t, admin, "C-301"); c["maintainMode"] != 2.0 || c["runHours"] != 7950.0 || c["hoursDueState"] != 1.0 || c["dueState"] != 1.0 {
		t.Fatalf("demo C-301: %v", c)
	}
	if d := e.eqItem(t, admin, "DG-01"); d["runHours"] != 262.0 || d["hoursDueState"] != 2.0 || d["hoursLeft"] != -12.0 {
		t.Fatalf("demo DG-01: %v", d)
	}
	if l := e.get(eq+"/ledger/page?hoursDue_ge=1&size=50", admin).list(); len(l) < 2 {
		t.Fatalf("the run-hour due filter: %v", l)
	}
	// The due list (到期提醒) holds them too, with the hours left: DG-01
	// (past its hours) among the overdue ones at the top, C-301 among the
	// due-soon ones.
	due := e.eqDue(t, admin)
	if d := due["DG-01"]; d == nil || d["hoursLeft"] != -12.0 || d["hoursDueState"] != 2.0 || d["dueState"] != 2.0 {
		t.Fatalf("DG-01 in the due list: %v", d)
	}
	if c := due["C-301"]; c == nil || c["hoursLeft"] != 50.0 || c["hoursDueState"] != 1.0 {
		t.Fatalf("C-301 in the due list: %v", c)
	}
	soon := false
	for _, x := range e.get(eq+"/ledger/overdue?size=100", admin).list() {
		m := x.(map[string]any)
		if m["dueState"] != 2.0 {
			soon = true
		} else if soon {
			t.Fatalf("the overdue %v after a due-soon one", m["code"])
		}
	}

	plan := map[string]any{"code": "RH-01", "name": "运行小时测试压缩机", "category": 1, "responsibleUserId": directorID, "commissionDate": eqDays(-100),
		"maintainMode": 2, "maintainIntervalHours": 500, "maintainLeadHours": 50, "runHours": 1000}
	bad := func(k string, v any, msg string) {
		m := map[string]any{}
		for kk, vv := range plan {
			m[kk] = vv
		}
		m[k] = v
		fails(t, e.post(eq+"/ledger/submit", admin, m), 400, msg, "plan with "+k)
	}
	bad("maintainIntervalHours", 0, "维护间隔")
	bad("maintainLeadHours", 500, "小于维护间隔")
	bad("maintainMode", 3, "")
	ok(t, e.post(eq+"/ledger/submit", admin, plan), "a run-hour plan")
	it := e.eqItem(t, admin, "RH-01")
	id := str(it["id"])
	if it["nextMaintainHours"] != 1500.0 || it["hoursDueState"] != 0.0 || it["hoursLeft"] != 500.0 || it["maintainCycleDays"] != nil && it["maintainCycleDays"] != 0.0 {
		t.Fatalf("new plan: %v", it)
	}
	read := func(tok string, body map[string]any) *resp { return e.post(eq+"/run-reading/submit", tok, body) }
	state := func(run, left, due float64, what string) {
		t.Helper()
		x := e.eqItem(t, admin, "RH-01")
		if x["runHours"] != run || x["hoursLeft"] != left || x["hoursDueState"] != due {
			t.Fatalf("%s: run %v left %v due %v, want %v %v %v", what, x["runHours"], x["hoursLeft"], x["hoursDueState"], run, left, due)
		}
	}
	ok(t, read(director, map[string]any{"equipmentId": id, "reading": 1449}), "a reading 51 h before")
	state(1449, 51, 0, "51 h before")
	if _, in := e.eqDue(t, admin)["RH-01"]; in {
		t.Fatal("RH-01 in the due list 51 h before")
	}
	ok(t, read(director, map[string]any{"equipmentId": id, "reading": 1499}), "one hour before")
	state(1499, 1, 1, "one hour before")
	if r := e.eqDue(t, admin)["RH-01"]; r == nil || r["hoursLeft"] != 1.0 || r["hoursDueState"] != 1.0 {
		t.Fatalf("RH-01 in the due list one hour before: %v", r)
	}
	if _, in := e.eqDue(t, b)["RH-01"]; in {
		t.Fatal("RH-01 in tenant B's due list")
	}
	fails(t, read(director, map[string]any{"equipmentId": id, "reading": 1498}), 400, "不能减少", "a reading going down")
	fails(t, read(director, map[string]any{"equipmentId": id, "reading": 10, "counterReset": 1}), 400, "原因", "a reset without a reason")
	fails(t, read(director, map[string]any{"equipmentId": id, "reading": -1}), 400, "", "a negative reading")
	fails(t, read(director, map[string]any{"equipmentId": id, "reading": 2000000}), 400, "", "a reading beyond the range")
	fails(t, read(director, map[string]any{"reading": 1}), 400, "请选择设备", "no equipment")
	// The counter API: the equipment by its code, source 2.
	ok(t, read(director, map[string]any{"equipmentCode": "RH-01", "source": 2, "reading": 1500}), "the counter at the interval")
	state(1500, 0, 2, "exactly at the interval")
	if l := e.get(eq+"/run-reading/page?equipmentId_equal="+id, admin).list(); len(l) != 3 || l[0].(map[string]any)["source"] != 2.0 || l[0].(map[string]any)["runHours"] != 1500.0 {
		t.Fatalf("readings: %v", l)
	}

	// The reminder run tells the director once that RH-01 is due by run hours.
	ok(t, e.post(eq+"/remind/run", admin, nil), "send reminders")
	inbox := func() string { return string(e.get("/api/blade-desk/message/list?size=100", director).Raw) }
	eventually(t, "the director hears RH-01 is due by run hours", func() bool { return strings.Contains(inbox(), "累计运行 1500 小时到期") })
	if n := e.post(eq+"/remind/run", admin, nil).dataMap()["sent"]; n != 0.0 {
		t.Fatalf("a second run sent %v", n)
	}

	// A maintenance at the reading: the next one 500 h on.
	ok(t, e.post(eq+"/record/submit", director, map[string]any{"equipmentId": id, "kind": 1, "recordDate": eqToday(), "content": "更换滤芯"}), "maintenance")
	state(1500, 500, 0, "after the maintenance")
	if _, in := e.eqDue(t, admin)["RH-01"]; in {
		t.Fatal("RH-01 still in the due list after its maintenance")
	}
	fails(t, e.post(eq+"/record/submit", director, map[string]any{"equipmentId": id, "kind": 1, "recordDate": eqToday(), "runHours": 1600}), 400, "累计运行小时", "a maintenance beyond the run hours")
	if r := e.get(eq+"/record/page?equipmentId_equal="+id, admin).list(); len(r) != 1 || r[0].(map[string]any)["runHours"] != 1500.0 {
		t.Fatalf("maintenance record: %v", r)
	}
	// A counter reset: the meter starts at 0, the cumulative hours go on.
	ok(t, read(director, map[string]any{"equipmentId": id, "reading": 20, "counterReset": 1, "reason": "更换计时器"}), "a counter reset")
	state(1520, 480, 0, "after the reset")
	fails(t, read(director, map[string]any{"equipmentId": id, "reading": 19}), 400, "不能减少", "below the new meter's reading")
	ok(t, read(director, map[string]any{"equipmentId": id, "reading": 520}), "the new meter at the next interval")
	state(2020, -20, 2, "past the next interval")

	// Editing the plan keeps the run hours; a new interval moves the next one.
	it = e.eqItem(t, admin, "RH-01")
	it["maintainIntervalHours"], it["runHours"] = 1000, 0
	ok(t, e.post(eq+"/ledger/submit", admin, it), "a longer interval")
	state(2020, 480, 0, "after a longer interval")

	// Never edited; others are refused.
	rd := e.get(eq+"/run-reading/page?equipmentId_equal="+id, admin).list()[0].(map[string]any)
	fails(t, read(admin, map[string]any{"id": str(rd["id"]), "equipmentId": id, "reading": 9999}), 400, "不能修改", "editing a reading")
	dg := e.eqItem(t, admin, "DG-01")
	fails(t, read(director, map[string]any{"equipmentId": str(dg["id"]), "reading": 300}), 403, "", "the director on DG-01 (not his)")
	fails(t, read(b, map[string]any{"equipmentId": id, "reading": 3000}), 400, "不存在", "tenant B")
	fails(t, read(b, map[string]any{"equipmentCode": "RH-01", "reading": 3000}), 400, "不存在", "tenant B by code")
	if l := e.get(eq+"/run-reading/page", b).list(); len(l) != 0 {
		t.Fatalf("tenant B sees readings: %v", l)
	}
	state(2020, 480, 0, "after the refusals")
}

// testMajorHazardFromRecords (GB 18218 from the chemicals ledger): the page
// reads the records service's quantities (chemical × location, in tonnes,
// with the ledger's critical quantity) and sends them as the installation's
// chemicals; equipment grades them. Nitrogen dioxide (β 10, Q 1 t) stored
// 5 t at the test store, 10 people outside (α 1): R = 50, 二级; the stock
// lowered to 4.999 t: R = 49.99, 三级.
func (e *env) testMajorHazardFromRecords(t *testing.T, admin, directorID string) {
	ok(t, e.post("/api/records/chemical/submit", admin, map[string]any{"name": "二氧化氮", "cas": "10102-44-0", "category": 1, "unit": 1,
		"criticalQuantity": 1}), "a chemical of the ledger")
	chem := e.get("/api/records/chemical/page?cas=10102-44-0", admin).list()[0].(map[string]any)
	ok(t, e.post("/api/records/stock/submit", admin, map[string]any{"chemicalId": str(chem["id"]), "location": "重大危险源测试库 A", "quantity": 5, "unit": 1}), "its stock")
	fromRecords := func() []any {
		t.Helper()
		r := e.get("/api/records/chemical/quantities?location="+url.QueryEscape("重大危险源测试库 A"), admin)
		ok(t, r, "quantities")
		var items []any
		switch d := r.Body["data"].(type) {
		case []any:
			items = d
		case map[string]any:
			items, _ = d["items"].([]any)
		}
		var out []any
		for _, x := range items {
			q := x.(map[string]any)
			if q["cas"] != "10102-44-0" || q["unit"] != 1.0 {
				t.Fatalf("quantity row: %v", q)
			}
			out = append(out, map[string]any{"name": q["name"], "cas": q["cas"], "factorKey": "toxic:NO2", "quantity": q["quantity"], "critical": q["criticalQuantity"]})
		}
		if len(out) != 1 {
			t.Fatalf("quantities at the test store: %s", truncate(r.Raw))
		}
		return out
	}
	body := map[string]any{"code": "MH-REC", "name": "二氧化氮库", "unitType": 2, "location": "重大危险源测试库 A", "peopleOutside": 10,
		"mainUserId": directorID, "techUserId": directorID, "opUserId": directorID, "chemicals": fromRecords()}
	ok(t, e.post(eq+"/major-hazard/submit", admin, body), "the installation from the ledger's quantities")
	m := e.get(eq+"/major-hazard/page?code_equal=MH-REC", admin).list()[0].(map[string]any)
	if m["rValue"] != 50.0 || m["level"] != 2.0 {
		t.Fatalf("5 t of NO2: R %v level %v, want 50 and 2", m["rValue"], m["level"])
	}
	stock := e.get("/api/records/stock/page?chemicalId_equal="+str(chem["id"]), admin).list()[0].(map[string]any)
	ok(t, e.post("/api/records/stock/submit", admin, map[string]any{"id": str(stock["id"]), "chemicalId": str(chem["id"]), "location": "重大危险源测试库 A",
		"quantity": 4.999, "unit": 1}), "less stock")
	d := e.get(eq+"/major-hazard/detail?id="+str(m["id"]), admin).dataMap()
	d["chemicals"] = fromRecords()
	ok(t, e.post(eq+"/major-hazard/submit", admin, d), "regraded from the ledger")
	m = e.get(eq+"/major-hazard/page?code_equal=MH-REC", admin).list()[0].(map[string]any)
	if m["rValue"] != 49.99 || m["level"] != 3.0 {
		t.Fatalf("4.999 t of NO2: R %v level %v, want 49.99 and 3", m["rValue"], m["level"])
	}
}

// eqDue is the due list (到期提醒) by equipment code.
func (e *env) eqDue(t *testing.T, tok string) map[string]map[string]any {
	t.Helper()
	r := e.get(eq+"/ledger/overdue?size=100", tok)
	ok(t, r, "the due list")
	out := map[string]map[string]any{}
	for _, x := range r.list() {
		m := x.(map[string]any)
		out[str(m["code"])] = m
	}
	return out
}
