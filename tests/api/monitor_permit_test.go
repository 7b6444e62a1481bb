package api

import (
	"strings"
	"testing"
	"time"
)

// issuedHotWork applies for a hot-work permit ending in planEnd and has it
// approved by the director and the safety manager, so it is issued (签发);
// the calendar makes now an ordinary working day whatever hour the suite runs.
func (e *env) issuedHotWork(t *testing.T, admin string, planEnd time.Duration) (id, no string) {
	t.Helper()
	safety := e.login("100001", "safety", "123456")
	director := e.login("100001", "director", "123456")
	welder, safetyID := e.userID(t, admin, "welder"), e.userID(t, admin, "safety")
	areas := e.get("/api/nDoublePrevention/risk-partition/list", admin)
	if len(areas.list()) == 0 {
		t.Fatalf("no seeded area: %s", truncate(areas.Raw))
	}
	now := time.Now()
	ok(t, e.post(wt+"/calendar/submit", admin, map[string]any{"items": []map[string]any{
		{"day": now.In(cst).Format("2006-01-02"), "dayType": 1, "name": "测试工作日"},
		{"day": now.In(cst).Add(3 * time.Hour).Format("2006-01-02"), "dayType": 1, "name": "测试工作日"},
	}}), "calendar days")
	ok(t, e.post(wt+"/calendar/setting", admin, map[string]any{
		"nightStart": now.In(cst).Add(4 * time.Hour).Format("15:04"), "nightEnd": now.In(cst).Add(5 * time.Hour).Format("15:04"),
	}), "night hours")
	r := e.post(wt+"/ticket/submit", admin, map[string]any{
		"workType": "hotWork", "workUnit": "合成车间", "workUnitId": "1000010000000000204", "areaId": str(areas.list()[0].(map[string]any)["id"]),
		"location": "LT-101 液位计引压管", "content": "液位计引压管法兰补焊", "operatorIds": welder, "guardianId": safetyID,
		"planStartTime": wtTime(now.Add(-5 * time.Minute)), "planEndTime": wtTime(now.Add(planEnd)),
		"hazardCodes": "07,08", "hotWork": map[string]any{"fireLevel": 1, "tools": "weld"}, "apply": true,
	})
	ok(t, r, "apply hot work")
	id, no = str(r.dataMap()["id"]), str(r.dataMap()["ticketNo"])
	ok(t, e.post(wt+"/ticket/approve", director, map[string]any{"id": id, "pass": true, "comment": "同意"}), "director approves")
	r = e.post(wt+"/ticket/approve", safety, map[string]any{"id": id, "pass": true, "comment": "同意"})
	ok(t, r, "safety approves")
	if r.dataMap()["ticketStatus"] != float64(1) {
		t.Fatalf("not issued: %s", truncate(r.Raw))
	}
	return id, no
}

// testMonitorPermitHolds: a permit hold (作业票停用) names a permit the
// caller sees in n-work-ticket that is issued and not finished, and ends no
// later than the permit's planned end; the hold shows the permit's number,
// and ends when the permit is revoked.
func (e *env) testMonitorPermitHolds(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	pid := e.pointID(t, a, "LT-101")
	hold := func(tok string, permit any, until time.Time) *resp {
		return e.post("/api/monitor/hold/submit", tok, map[string]any{"pointId": pid, "kind": 2, "permitId": permit,
			"reason": "液位计引压管动火作业", "until": plantTime(until)})
	}
	now := time.Now()
	fails(t, hold(a, 999999999, now.Add(time.Hour)), 400, "作业票不存在", "a permit that does not exist")
	fails(t, hold(e.login("300002", "admin", "123456"), 999999999, now.Add(time.Hour)), 400, "不存在", "another tenant")

	// The seeded voided permit is not open.
	var voided string
	for _, p := range e.get(wt+"/ticket/list?size=50", a).list() {
		if m := p.(map[string]any); m["ticketStatus"] == float64(4) {
			voided = str(m["id"])
		}
	}
	if voided == "" {
		t.Fatal("no seeded voided permit")
	}
	fails(t, hold(a, voided, now.Add(time.Hour)), 400, "未签发或已结束", "a voided permit")

	id, no := e.issuedHotWork(t, a, 2*time.Hour)
	fails(t, hold(a, id, now.Add(3*time.Hour)), 400, "不能晚于作业票", "a hold past the permit's end")
	ok(t, hold(a, id, now.Add(90*time.Minute)), "hold LT-101 for the permit")
	h := e.get("/api/monitor/hold/page?pointCode_equal=LT-101", a)
	ok(t, h, "hold page")
	if len(h.list()) != 1 || h.list()[0].(map[string]any)["permitNo"] != no || !strings.HasPrefix(no, "DH-") {
		t.Fatalf("permit hold: %s", truncate(h.Raw))
	}

	// The permit revoked in n-work-ticket: its hold ends by itself (event), signed by the permit.
	ok(t, e.post(wt+"/ticket/revoke", e.login("100001", "safety", "123456"), map[string]any{"id": id, "comment": "作业取消"}), "revoke the permit")
	eventually(t, "the permit's hold ended", func() bool {
		x := e.get("/api/monitor/hold/page?pointCode_equal=LT-101", a).list()
		return len(x) == 1 && x[0].(map[string]any)["status"] == float64(3) && strings.Contains(str(x[0].(map[string]any)["endedByName"]), no)
	})
}
