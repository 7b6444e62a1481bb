package api

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestEducationHours (h-hours): study credit counted per calendar year, each
// person's 学时 against the hours.* rule of their category, the filters, the
// export, permissions and tenant isolation, on every database.
func TestEducationHours(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			e.testHours(t)
		})
	}
}

func (e *env) testHours(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	op1 := e.login("100001", "operator1", "123456")
	const ed = "/api/education"
	year := time.Now().In(time.FixedZone("CST", 8*3600)).Year()
	row := func(r *resp, name string) map[string]any {
		for _, x := range r.list() {
			if m := x.(map[string]any); str(m["userName"]) == name {
				return m
			}
		}
		return nil
	}
	page := func(who, filters string) *resp {
		return e.get(fmt.Sprintf("%s/hours/page?size=100&year=%d%s", ed, year, filters), who)
	}

	// Demo: operator1 (王操作) has 0.6 学时 this year, on an entry plan this year: hazchem, initial 72.
	r := page(admin, "")
	ok(t, r, "counters")
	w := row(r, "王操作")
	if w == nil || w["credited"].(float64) != 0.6 || w["category"] != "hazchem" || w["initial"] != true || w["required"].(float64) != 72 ||
		w["short"].(float64) != 71.4 || w["courses"].(float64) != 2 {
		t.Fatalf("operator1's counter: %v / %s", w, truncate(r.Raw))
	}
	// 李安全 holds the safety_manager role: a leader, annual 16.
	if s := row(r, "李安全"); s == nil || s["category"] != "leader_hazchem" || s["required"].(float64) != 16 {
		t.Fatalf("the safety manager's counter: %v", s)
	}
	// The previous year holds none of this year's credit (no double counting).
	prev := e.get(fmt.Sprintf("%s/hours/page?size=100&year=%d", ed, year-1), admin)
	ok(t, prev, "last year")
	if p := row(prev, "王操作"); p == nil || p["credited"].(float64) != 0 || p["courses"].(float64) != 0 || p["initial"] != false || p["required"].(float64) != 20 {
		t.Fatalf("last year's counter: %v", p)
	}

	// New credit goes to this year's row: a 2 s beat on a new course adds a course to this year only.
	c := e.post(ed+"/course/submit", admin, map[string]any{"name": "学时课程" + uniq(), "kind": 1,
		"files": "ed0c0000000000000000000000000001.wav", "duration": 600, "hours": 1, "passPercent": 100})
	ok(t, c, "course")
	st := e.post(ed+"/study/start", op1, map[string]any{"courseId": str(c.dataMap()["id"])})
	ok(t, st, "start")
	time.Sleep(2 * time.Second)
	b := e.post(ed+"/study/beat", op1, map[string]any{"id": str(st.dataMap()["id"]), "token": str(st.dataMap()["token"]), "position": 2, "playing": true})
	ok(t, b, "beat")
	if w := row(page(admin, ""), "王操作"); w == nil || w["courses"].(float64) != 3 {
		t.Fatalf("this year after a beat: %v", w)
	}
	if p := row(e.get(fmt.Sprintf("%s/hours/page?size=100&year=%d", ed, year-1), admin), "王操作"); p == nil || p["courses"].(float64) != 0 {
		t.Fatalf("last year after a beat: %v", p)
	}

	// Filters: short only keeps operator1; a name filter; bad input is refused in Chinese.
	if row(page(admin, "&shortOnly=1"), "王操作") == nil {
		t.Fatal("shortOnly drops a person short of hours")
	}
	if n := len(page(admin, "&userName=王操作").list()); n != 1 {
		t.Fatalf("name filter: %d rows", n)
	}
	fails(t, e.get(ed+"/hours/page?year=1900", admin), 400, "年度", "a year out of range")
	fails(t, e.get(ed+"/hours/page?deptId=abc", admin), 400, "部门", "a bad department")

	// The industry rule switches the rows: 2 (其他行业) → other, initial 24; 3 is refused.
	fails(t, e.post(ed+"/training-rule/submit", admin, map[string]any{"code": "hours.industry", "value": 3, "source": "测试"}), 400, "1 或 2", "industry 3")
	ok(t, e.post(ed+"/training-rule/submit", admin, map[string]any{"code": "hours.industry", "value": 2, "source": "测试:其他行业"}), "industry 2")
	if w := row(page(admin, ""), "王操作"); w == nil || w["category"] != "other" || w["required"].(float64) != 24 {
		t.Fatalf("other industry: %v", w)
	}
	ok(t, e.post(ed+"/training-rule/submit", admin, map[string]any{"code": "hours.industry", "value": 1, "source": "测试:恢复"}), "industry back")

	// Export: an xlsx file.
	x := e.get(fmt.Sprintf("%s/hours/export?year=%d", ed, year), admin)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Type"), "spreadsheet") {
		t.Fatalf("export: %d %s", x.Status, x.Header.Get("Content-Type"))
	}

	// One file per person: operator1's own (学时 by year, courses, plans, exam records); not someone else's
	// unless a manager; not across tenants.
	a := e.get(ed+"/archive/detail", op1)
	ok(t, a, "own archive")
	am := a.dataMap()
	years, _ := am["years"].([]any)
	if am["userName"] != "王操作" || len(years) != 1 || years[0].(map[string]any)["year"].(float64) != float64(year) ||
		years[0].(map[string]any)["hours"].(float64) != 0.6 || len(am["studies"].([]any)) != 3 || len(am["plans"].([]any)) < 1 || len(am["records"].([]any)) < 1 {
		t.Fatalf("operator1's archive: %s", truncate(a.Raw))
	}
	opID := str(am["userId"])
	fails(t, e.get(ed+"/archive/detail?userId=1000010000000000401", op1), 403, "本人", "someone else's archive as an operator")
	ok(t, e.get(ed+"/archive/detail?userId="+opID, admin), "operator1's archive as the admin")
	if x := e.get(ed+"/archive/export", op1); x.Status != 200 || !strings.Contains(x.Header.Get("Content-Type"), "spreadsheet") {
		t.Fatalf("own archive export: %d %s", x.Status, truncate(x.Raw))
	}
	fails(t, e.get(ed+"/archive/export?userId=1000010000000000401", op1), 403, "本人", "someone else's archive export as an operator")
	fails(t, e.get(ed+"/archive/detail?userId=123", admin), 400, "人员不存在", "an unknown person")

	// Permissions and tenants: an operator may not read everyone's hours; another tenant sees none of these people.
	fails(t, page(op1, ""), 403, "", "counters as an operator")
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300118", "tenantName": "学时隔离测试公司"}), "tenant B")
	other := e.login("300118", "admin", "123456")
	rb := page(other, "")
	ok(t, rb, "tenant B counters")
	if row(rb, "王操作") != nil {
		t.Fatalf("tenant B sees operator1: %s", truncate(rb.Raw))
	}
	fails(t, e.get(ed+"/archive/detail?userId="+opID, other), 400, "人员不存在", "operator1's archive from tenant B")
}
