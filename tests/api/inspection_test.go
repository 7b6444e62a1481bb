package api

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/timefmt"
)

const insp = "/api/inspection"

// TestInspection: the demo points and plans; the scheduler's tasks, made
// once per plan and window however often it runs; refusals of points and
// plans; only the assigned inspector does a task, scanning every point's
// code and filling every item; an abnormal value raises a hidden danger in
// prevention; a done task is not done twice; tenant isolation.
func TestInspection(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b, func(c *conf.Config) {
				t.Cleanup(func() {
					if c.DB.Driver != "sqlite" {
						for _, s := range []string{"inspection", "prevention", "flow"} {
							_ = db.DropDatabase(c, s)
						}
					}
				})
			})
			e.testInspection(t)
			e.testInspectionStats(t)
		})
	}
}

func (e *env) testInspection(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	director := e.login("100001", "director", "123456")
	operator := e.login("100001", "operator1", "123456")
	operatorID := e.userID(t, admin, "operator1")

	pts := e.get(insp+"/point/page?size=100", admin)
	ok(t, pts, "point page")
	if len(pts.list()) < 5 {
		t.Fatalf("seeded points: %s", truncate(pts.Raw))
	}
	plans := e.get(insp+"/plan/page?name="+url.QueryEscape("罐区日常巡检"), admin)
	if len(plans.list()) != 1 {
		t.Fatalf("tank plan: %s", truncate(plans.Raw))
	}
	plan := plans.list()[0].(map[string]any)
	if plan["inspectorName"] != "王操作" || plan["cycleHours"] != 24.0 || plan["pointCount"] != 3.0 {
		t.Fatalf("tank plan: %v", plan)
	}

	// The scheduler made today's tasks at start (the seed, the last 7
	// days); running it again makes none.
	today := "&startAt_datege=" + time.Now().In(timefmt.Zone).Format("2006-01-02")
	var task map[string]any
	eventually(t, "the tank plan's task of today", func() bool {
		l := e.get(insp+"/task/page?planId_equal="+str(plan["id"])+today, admin).list()
		if len(l) == 1 {
			task = l[0].(map[string]any)
			return true
		}
		return false
	})
	gen := e.post(insp+"/task/generate", admin, nil)
	ok(t, gen, "generate again")
	if gen.dataMap()["created"] != nil && gen.dataMap()["created"] != 0.0 {
		t.Fatalf("a second run made tasks: %s", truncate(gen.Raw))
	}
	if n := len(e.get(insp+"/task/page?planId_equal="+str(plan["id"])+today, admin).list()); n != 1 {
		t.Fatalf("tank plan tasks after a second run: %d", n)
	}
	if task["state"] != 0.0 || str(task["inspectorUserId"]) != operatorID {
		t.Fatalf("tank task: %v", task)
	}
	shift := e.get(insp+"/plan/page?name="+url.QueryEscape("合成装置区班检"), admin).list()[0].(map[string]any)
	if n := len(e.get(insp+"/task/page?planId_equal="+str(shift["id"])+today, admin).list()); n != 3 {
		t.Fatalf("an 8-hour plan makes 3 tasks a day, got %d", n)
	}

	// Refusals of points and plans.
	point := func(extra map[string]any) map[string]any {
		p := map[string]any{"code": "XJ-T-9", "name": "测试点", "pointType": 2, "items": []any{map[string]any{"name": "外观", "kind": 1}}}
		for k, v := range extra {
			p[k] = v
		}
		return p
	}
	fails(t, e.post(insp+"/point/submit", admin, point(map[string]any{"items": []any{}})), 400, "检查项", "a point without items")
	fails(t, e.post(insp+"/point/submit", admin, point(map[string]any{"code": "含 空格"})), 400, "编码", "a bad code")
	fails(t, e.post(insp+"/point/submit", admin, point(map[string]any{"code": "XJ-TK-01"})), 400, "已存在", "a duplicate code")
	fails(t, e.post(insp+"/point/submit", admin, point(map[string]any{"items": []any{map[string]any{"name": "压力", "kind": 2}}})), 400, "下限或上限", "a number without limits")
	fails(t, e.post(insp+"/point/submit", admin, point(map[string]any{"items": []any{map[string]any{"name": "压力", "kind": 2, "min": 5, "max": 1}}})), 400, "下限不能大于上限", "min above max")
	fails(t, e.post(insp+"/point/submit", admin, point(map[string]any{"pointType": 1})), 400, "须选择设备", "an equipment point without equipment")
	ok(t, e.post(insp+"/point/submit", admin, point(nil)), "a new point")
	newPoint := str(e.get(insp+"/point/page?code_equal=XJ-T-9", admin).list()[0].(map[string]any)["id"])
	pl := func(extra map[string]any) map[string]any {
		p := map[string]any{"name": "测试计划", "pointIds": newPoint, "inspectorUserId": operatorID, "cycleHours": 12}
		for k, v := range extra {
			p[k] = v
		}
		return p
	}
	fails(t, e.post(insp+"/plan/submit", admin, pl(map[string]any{"cycleHours": 5})), 400, "巡检周期", "a 5-hour cycle")
	fails(t, e.post(insp+"/plan/submit", admin, pl(map[string]any{"pointIds": newPoint + ",42"})), 400, "不存在的巡检点", "an unknown point")
	fails(t, e.post(insp+"/plan/submit", admin, pl(map[string]any{"pointIds": newPoint + "," + newPoint})), 400, "重复", "a point twice")
	fails(t, e.post(insp+"/plan/submit", admin, pl(map[string]any{"inspectorUserId": "42"})), 400, "巡检人员不存在", "an unknown inspector")
	ok(t, e.post(insp+"/plan/submit", admin, pl(map[string]any{"enable": 2})), "a disabled plan")
	fails(t, e.post(insp+"/point/remove?ids="+newPoint, admin, nil), 400, "路线经过", "removing a point on a route")

	// Doing the tank task: only its inspector.
	d := e.get(insp+"/task/detail?id="+str(task["id"]), operator)
	ok(t, d, "task detail")
	if d.dataMap()["mine"] != true || len(d.dataMap()["points"].([]any)) != 3 {
		t.Fatalf("task detail for its inspector: %s", truncate(d.Raw))
	}
	results := func(pressure string, skipLast bool, badScan bool) []any {
		var out []any
		for i, p := range d.dataMap()["points"].([]any) {
			pm := p.(map[string]any)
			if skipLast && i == 2 {
				continue
			}
			code := str(pm["code"])
			if badScan && i == 0 {
				code = "XJ-WRONG"
			}
			var items []any
			for _, it := range pm["items"].([]any) {
				im := it.(map[string]any)
				v := "正常"
				if im["kind"] == 2.0 {
					v = "50"
					if im["name"] == "出口压力" {
						v = pressure
					}
				}
				items = append(items, map[string]any{"name": im["name"], "value": v})
			}
			out = append(out, map[string]any{"pointId": pm["id"], "scanCode": code, "items": items})
		}
		return out
	}
	body := func(r []any) map[string]any { return map[string]any{"id": task["id"], "results": r} }
	fails(t, e.post(insp+"/task/complete", director, body(results("1.0", false, false))), 403, "指派的巡检人员", "the director does another's task")
	fails(t, e.post(insp+"/task/complete", admin, body(results("1.0", false, false))), 403, "指派的巡检人员", "the administrator does another's task")
	fails(t, e.post(insp+"/task/complete", operator, body(results("1.0", true, false))), 400, "未巡检", "a point missed")
	fails(t, e.post(insp+"/task/complete", operator, body(results("1.0", false, true))), 400, "扫码", "a wrong code scanned")
	fails(t, e.post(insp+"/task/complete", operator, body(results("abc", false, false))), 400, "数值", "a number that is not")
	ok(t, e.post(insp+"/task/complete", operator, body(results("1.9", false, false))), "the inspector does the task")
	fails(t, e.post(insp+"/task/complete", operator, body(results("1.0", false, false))), 400, "已完成", "a task done twice")
	done := e.get(insp+"/task/detail?id="+str(task["id"]), admin).dataMap()
	if done["state"] != 1.0 || done["abnormalCount"] != 1.0 || done["doneTime"] == "" {
		t.Fatalf("done task: %v", done)
	}
	recs := e.get(insp+"/record/page?taskId_equal="+str(task["id"]), admin)
	ok(t, recs, "records")
	abnormal := 0
	for _, r := range recs.list() {
		if r.(map[string]any)["abnormal"] == true {
			abnormal++
		}
	}
	if len(recs.list()) != 3 || abnormal != 1 {
		t.Fatalf("records: %s", truncate(recs.Raw))
	}

	// The abnormal pressure became a hidden danger reported by the inspector.
	var h map[string]any
	eventually(t, "the inspection hazard", func() bool {
		for _, v := range e.get(pv+"/hidden-danger/page?size=50&dangerName="+url.QueryEscape("巡检异常:P-101 甲醇输送泵"), admin).list() {
			h = v.(map[string]any)
			return true
		}
		return false
	})
	if str(h["sourceSvc"]) != "inspection" || str(h["reportUserId"]) != operatorID || !strings.Contains(str(h["dangerName"]), "1.9") {
		t.Fatalf("inspection hazard: %v", h)
	}

	// Tenants are apart.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300004", "tenantName": "巡检隔离公司"}), "tenant B")
	b := e.login("300004", "admin", "123456")
	if l := e.get(insp+"/task/page", b).list(); len(l) != 0 {
		t.Fatalf("tenant B sees tasks: %v", l)
	}
	fails(t, e.get(insp+"/task/detail?id="+str(task["id"]), b), 400, "不存在", "task detail across tenants")
	fails(t, e.post(insp+"/task/complete", b, body(results("1.0", false, false))), 400, "不存在", "completing another tenant's task")
	fails(t, e.post(insp+"/point/remove?ids="+newPoint, b, nil), 400, "", "removing another tenant's point")
}
