package api

import (
	"context"
	"strconv"
	"testing"
	"time"

	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
)

// testInspectionStats (issue 18): on a tenant of its own, three windows of
// one plan of two points: one past its grace (both points 漏检未补 by the
// scheduler, one made up: 漏检已补, the task stays 漏检), one inside its grace
// (one point 补检: 超期已检, the other 超期未检) and today's (both on time).
// The statistics count them exactly, per team and per person; the demo
// tenant's history does not count, and the other tenant cannot make up or
// see its tasks.
func (e *env) testInspectionStats(t *testing.T) {
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300005", "tenantName": "巡检统计公司"}), "tenant")
	admin := e.login("300005", "admin", "123456")
	adminID := e.userID(t, admin, "admin")
	var ids []string
	for _, c := range []string{"ST-1", "ST-2"} {
		ok(t, e.post(insp+"/point/submit", admin, map[string]any{"code": c, "name": "统计点" + c, "items": []any{map[string]any{"name": "外观", "kind": 1}}}), "point "+c)
		ids = append(ids, str(e.get(insp+"/point/page?code_equal="+c, admin).list()[0].(map[string]any)["id"]))
	}
	ok(t, e.post(insp+"/plan/submit", admin, map[string]any{"name": "统计计划", "pointIds": ids[0] + "," + ids[1], "inspectorUserId": adminID, "cycleHours": 24}), "plan")
	fails(t, e.post(insp+"/plan/submit", admin, map[string]any{"name": "统计计划2", "pointIds": ids[0], "inspectorUserId": adminID, "cycleHours": 24, "deptId": "42"}), 400, "巡检班组不存在", "a team of no one")
	plan := e.get(insp+"/plan/page?name_equal="+"统计计划", admin).list()[0].(map[string]any)
	if str(plan["deptId"]) == "0" || str(plan["deptId"]) == "" {
		t.Fatalf("a plan counts for its author's team by default: %v", plan)
	}

	g, err := db.Open(context.Background(), e.cfg, "inspection")
	if err != nil {
		t.Fatal(err)
	}
	if sqlDB, err := g.DB(); err == nil {
		defer func() { _ = sqlDB.Close() }() // best-effort cleanup in a test
	}
	sys := g.WithContext(ident.AsSystem(context.Background()))
	// move shifts today's task of the plan (the one not moved yet) to the
	// window [start, end) with the grace ending at miss.
	moved := map[string]bool{}
	todays := func() string {
		t.Helper()
		ok(t, e.post(insp+"/task/generate", admin, nil), "generate")
		for _, v := range e.get(insp+"/task/page?planId_equal="+str(plan["id"]), admin).list() {
			if id := str(v.(map[string]any)["id"]); !moved[id] {
				return id
			}
		}
		t.Fatal("no task of today")
		return ""
	}
	move := func(start, end, miss time.Time) string {
		t.Helper()
		id := todays()
		moved[id] = true
		if r := sys.Exec("UPDATE inspection_task SET start_at = ?, end_at = ? WHERE id = ?", start, end, id); r.Error != nil || r.RowsAffected != 1 {
			t.Fatalf("moving the task: %v", r.Error)
		}
		if r := sys.Exec("UPDATE inspection_task_point SET start_at = ?, end_at = ?, miss_at = ? WHERE task_id = ?", start, end, miss, id); r.Error != nil || r.RowsAffected != 2 {
			t.Fatalf("moving the task's points: %v (%d)", r.Error, r.RowsAffected)
		}
		return id
	}
	now := time.Now().In(timefmt.Zone)
	missed := move(now.Add(-72*time.Hour), now.Add(-48*time.Hour), now.Add(-24*time.Hour))
	late := move(now.Add(-30*time.Hour), now.Add(-6*time.Hour), now.Add(18*time.Hour))
	current := todays() // the scheduler marks the late points and makes today's task
	states := func(id string) (int, []float64) {
		d := e.get(insp+"/task/detail?id="+id, admin).dataMap()
		var out []float64
		for _, s := range d["pointStates"].([]any) {
			out = append(out, s.(map[string]any)["inspectStatus"].(float64))
		}
		return int(d["state"].(float64)), out
	}
	if st, ps := states(missed); st != 3 || len(ps) != 2 || ps[0] != 5 || ps[1] != 5 {
		t.Fatalf("a task past its grace: state %d points %v, want 3 [5 5]", st, ps)
	}
	if st, ps := states(late); st != 2 || ps[0] != 3 || ps[1] != 3 {
		t.Fatalf("a task inside its grace: state %d points %v, want 2 [3 3]", st, ps)
	}

	result := func(task string, points ...int) map[string]any {
		var rs []any
		for _, i := range points {
			rs = append(rs, map[string]any{"pointId": ids[i], "scanCode": []string{"ST-1", "ST-2"}[i], "items": []any{map[string]any{"name": "外观", "value": "正常"}}})
		}
		return map[string]any{"id": task, "results": rs}
	}
	fails(t, e.post(insp+"/task/complete", admin, result(late, 0, 1)), 400, "请补检", "completing an overdue task")
	fails(t, e.post(insp+"/task/makeup", admin, result(current, 0)), 400, "尚未超期", "making up a task inside its window")
	fails(t, e.post(insp+"/task/makeup", admin, result(late)), 400, "至少补检", "a make-up of nothing")
	ok(t, e.post(insp+"/task/makeup", admin, result(missed, 1)), "making up a missed point")
	fails(t, e.post(insp+"/task/makeup", admin, result(missed, 1)), 400, "已巡检", "a point made up twice")
	ok(t, e.post(insp+"/task/makeup", admin, result(late, 0)), "an overdue point inspected")
	ok(t, e.post(insp+"/task/complete", admin, result(current, 0, 1)), "today's task on time")
	if st, ps := states(missed); st != 3 || ps[0] != 5 || ps[1] != 6 {
		t.Fatalf("after the make-up: state %d points %v, want 3 [5 6]", st, ps)
	}
	if st, ps := states(late); st != 2 || ps[0] != 4 || ps[1] != 3 {
		t.Fatalf("after the overdue inspection: state %d points %v, want 2 [4 3]", st, ps)
	}
	if st, ps := states(current); st != 1 || ps[0] != 2 || ps[1] != 2 {
		t.Fatalf("today's task: state %d points %v, want 1 [2 2]", st, ps)
	}

	// Due 6 (4 windows closed + 2 inspected today), inspected 4 (2 on time,
	// 1 overdue, 1 made up), missed 2: coverage 4/6, timeliness 2/4.
	check := func(q string, person bool) {
		t.Helper()
		r := e.get(insp+"/stats?"+q, admin)
		ok(t, r, "stats "+q)
		items := r.dataMap()["items"].([]any)
		if len(items) != 1 {
			t.Fatalf("stats %s: %s", q, truncate(r.Raw))
		}
		m := items[0].(map[string]any)
		want := map[string]string{"due": "6", "inspected": "4", "onTime": "2", "overdue": "1", "madeUp": "1", "missed": "2"}
		for k, v := range want {
			if str(m[k]) != v {
				t.Fatalf("stats %s: %s = %v, want %v (%v)", q, k, m[k], v, m)
			}
		}
		if m["coverage"] != 0.6667 || m["timeliness"] != 0.5 {
			t.Fatalf("stats %s: coverage %v timeliness %v, want 0.6667 and 0.5", q, m["coverage"], m["timeliness"])
		}
		if str(m["deptId"]) != str(plan["deptId"]) || m["deptName"] == "" || person && str(m["inspectorUserId"]) != adminID {
			t.Fatalf("stats %s: the row names its team and person: %v", q, m)
		}
		if tot := r.dataMap()["total"].(map[string]any); str(tot["due"]) != "6" || str(tot["missed"]) != "2" {
			t.Fatalf("stats %s total: %v", q, tot)
		}
	}
	check("", false)
	// The daily series: every day of the default 30, its sums the total's;
	// the missed window's day 2 due, 1 inspected (made up), 0 on time, the
	// late window's day 2 due, 1 inspected (overdue), 0 on time.
	daily := e.get(insp+"/stats", admin).dataMap()["daily"].([]any)
	if len(daily) != 30 || daily[29].(map[string]any)["day"] != now.Format("2006-01-02") {
		t.Fatalf("daily series: %d days, last %v", len(daily), daily[len(daily)-1])
	}
	num := func(v any) float64 { f, _ := strconv.ParseFloat(str(v), 64); return f }
	var due, inspected, onTime float64
	byDay := map[string]map[string]any{}
	for _, v := range daily {
		m := v.(map[string]any)
		byDay[m["day"].(string)] = m
		due, inspected, onTime = due+num(m["due"]), inspected+num(m["inspected"]), onTime+num(m["onTime"])
	}
	if due != 6 || inspected != 4 || onTime != 2 {
		t.Fatalf("daily sums %v %v %v, want 6 4 2: %v", due, inspected, onTime, daily)
	}
	for _, d := range []time.Time{now.Add(-72 * time.Hour), now.Add(-30 * time.Hour)} {
		m := byDay[d.Format("2006-01-02")]
		if num(m["due"]) != 2 || num(m["inspected"]) != 1 || num(m["onTime"]) != 0 || m["coverage"] != 0.5 {
			t.Fatalf("daily %s: %v", d.Format("2006-01-02"), m)
		}
	}
	if d := e.get(insp+"/stats?beginDate="+now.AddDate(0, 0, -6).Format("2006-01-02"), admin).dataMap()["daily"].([]any); len(d) != 7 {
		t.Fatalf("a 7-day range has %d days", len(d))
	}
	check("groupBy=person", true)
	check("groupBy=person&inspectorUserId="+adminID+"&beginDate="+now.AddDate(0, 0, -5).Format("2006-01-02"), true)
	if l := e.get(insp+"/stats?beginDate="+now.AddDate(0, 0, 2).Format("2006-01-02")+"&endDate="+now.AddDate(0, 0, 3).Format("2006-01-02"), admin).dataMap()["items"]; l != nil && len(l.([]any)) != 0 {
		t.Fatalf("a future range counts: %v", l)
	}
	fails(t, e.get(insp+"/stats?beginDate=2026-03-01&endDate=2026-01-01", admin), 400, "不能晚于", "a reversed range")
	fails(t, e.get(insp+"/stats?beginDate=2020-01-01&endDate=2026-01-01", admin), 400, "不能超过", "a range over a year")
	fails(t, e.get(insp+"/stats?beginDate=yesterday", admin), 400, "日期格式", "a bad date")
	fails(t, e.get(insp+"/stats?groupBy=plan", admin), 400, "", "an unknown grouping")
	x := e.get(insp+"/stats/export?groupBy=person", admin)
	if x.Status != 200 || len(x.Raw) < 100 || string(x.Raw[:2]) != "PK" {
		t.Fatalf("stats export: %d %s", x.Status, truncate(x.Raw))
	}

	// The demo tenant's figures are its own; it cannot reach these tasks.
	demo := e.login("100001", "admin", "admin")
	for _, v := range e.get(insp+"/stats?groupBy=person", demo).dataMap()["items"].([]any) {
		if str(v.(map[string]any)["inspectorUserId"]) == adminID {
			t.Fatalf("the demo tenant counts another tenant's inspector: %v", v)
		}
	}
	fails(t, e.post(insp+"/task/makeup", demo, result(late, 1)), 400, "不存在", "making up another tenant's task")
	fails(t, e.get(insp+"/task/detail?id="+missed, demo), 400, "不存在", "another tenant's task")
}
