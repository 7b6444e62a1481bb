package api

import (
	"strings"
	"testing"
)

// testEquipmentReminders: the tenant's reminder rules (defaults, bounds,
// saving), "send now" by a manager only, and the reminders themselves: a
// detection date exactly 30 days away is reminded at the 30-day lead, one
// 31 days away is not (until a 31-day lead is saved), a passed date once
// as overdue; a second run sends nothing again (the sent markers); tenant
// B sees its own defaults.
func (e *env) testEquipmentReminders(t *testing.T, admin, director, directorID, b string) {
	rules := e.get(eq+"/remind/list", admin)
	ok(t, rules, "remind rules")
	if l := rules.list(); len(l) != 2 || l[0].(map[string]any)["leads"] != "30,7,1" || l[1].(map[string]any)["overdue"] != 1.0 {
		t.Fatalf("default remind rules: %s", truncate(rules.Raw))
	}
	fails(t, e.post(eq+"/remind/submit", admin, map[string]any{"kind": 2, "leads": "400", "overdue": 1}), 400, "0 到 365", "a lead beyond a year")
	fails(t, e.post(eq+"/remind/submit", admin, map[string]any{"kind": 2, "leads": "1,2,3,4,5,6,7", "overdue": 1}), 400, "最多", "too many leads")
	fails(t, e.post(eq+"/remind/submit", admin, map[string]any{"kind": 0, "leads": "7", "overdue": 1}), 400, "提醒类型", "no kind")
	fails(t, e.post(eq+"/remind/submit", admin, map[string]any{"kind": 2, "leads": "", "overdue": 0}), 400, "至少", "nothing to remind")
	fails(t, e.post(eq+"/remind/run", director, nil), 403, "", "the director has no rule button")

	// Whatever the earlier steps made due goes out first.
	ok(t, e.post(eq+"/remind/run", admin, nil), "flush the reminders due so far")
	for _, it := range []struct{ code, next string }{{"RM-30", eqDays(30)}, {"RM-31", eqDays(31)}, {"RM-OD", eqDays(-1)}} {
		ok(t, e.post(eq+"/ledger/submit", admin, map[string]any{"code": it.code, "name": "提醒测试 " + it.code, "category": 1,
			"responsibleUserId": directorID, "commissionDate": eqDays(-400), "nextDetectDate": it.next}), "ledger "+it.code)
	}
	run := e.post(eq+"/remind/run", admin, nil)
	ok(t, run, "send reminders now")
	if run.dataMap()["sent"] != 2.0 {
		t.Fatalf("first run: %s (want RM-30 and RM-OD)", truncate(run.Raw))
	}
	inbox := func() string { return string(e.get("/api/blade-desk/message/list?size=100", director).Raw) }
	eventually(t, "the director hears of RM-30 and RM-OD", func() bool {
		s := inbox()
		return strings.Contains(s, "RM-30") && strings.Contains(s, "RM-OD")
	})
	s := inbox()
	if strings.Contains(s, "RM-31") || !strings.Contains(s, "还有 30 天") || !strings.Contains(s, "已逾期") {
		t.Fatalf("director's reminders: %s", truncate([]byte(s)))
	}
	if again := e.post(eq+"/remind/run", admin, nil); again.dataMap()["sent"] != 0.0 {
		t.Fatalf("second run sent again: %s", truncate(again.Raw))
	}

	// A 31-day lead reaches RM-31 (exactly 31 days before); RM-30 keeps its 30-day reminder.
	ok(t, e.post(eq+"/remind/submit", admin, map[string]any{"kind": 2, "leads": "7, 31,30", "overdue": 1}), "save the detection leads")
	if l := e.get(eq+"/remind/list", admin).list(); l[1].(map[string]any)["leads"] != "31,30,7" {
		t.Fatalf("saved leads: %v", l)
	}
	if n := e.post(eq+"/remind/run", admin, nil).dataMap()["sent"]; n != 1.0 {
		t.Fatalf("run after the 31-day lead: %v", n)
	}
	eventually(t, "the director hears of RM-31", func() bool { return strings.Contains(inbox(), "RM-31") })
	s = inbox()
	for code, want := range map[string]int{"RM-30": 1, "RM-31": 1, "RM-OD": 1} {
		if n := strings.Count(s, "（"+code+"）") + strings.Count(s, "("+code+")"); n != want {
			t.Fatalf("%s reminded %d times: %s", code, n, truncate([]byte(s)))
		}
	}
	// Tenant B has its own (default) rules.
	if l := e.get(eq+"/remind/list", b).list(); len(l) != 2 || l[1].(map[string]any)["leads"] != "30,7,1" {
		t.Fatalf("tenant B's rules: %v", l)
	}
}
