package api

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"anquan/kit/db"
)

const hlt = "/api/health"

// hday is today plus months and days in the platform's zone, as yyyy-MM-dd.
func hday(months, days int) string {
	n := time.Now().In(cst)
	return time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, cst).AddDate(0, months, days).Format("2006-01-02")
}

// hmonths is the day d (yyyy-MM-dd) plus months.
func hmonths(d string, months int) string {
	t, _ := time.ParseInLocation("2006-01-02", d, cst)
	return t.AddDate(0, months, 0).Format("2006-01-02")
}

// TestHealth: the demo data (detections due and overdue, periodic
// examinations due, a contraindication awaiting reassignment, a suspected
// disease with its diagnosis task, a worker's record and its export); the
// rule table; detection due dates at their boundary under both unit
// classes; the pre-employment gate and its refusals in Chinese; the
// periodic examination due at its boundary; contraindication -> reassign
// (desk message to the post's responsible person); suspected disease ->
// diagnosis tracked to done; buttons and tenant isolation.
func TestHealth(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			var e *env
			t.Cleanup(func() {
				if e != nil && e.cfg.DB.Driver != "sqlite" {
					_ = db.DropDatabase(e.cfg, "health")
				}
			})
			e = start(t, b)
			e.testHealthDemo(t)
			e.testHealthRules(t)
			post := e.testHealthDetection(t)
			e.testHealthGates(t, post)
			e.testHealthAccess(t, post)
		})
	}
}

func (e *env) testHealthDemo(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	posts := e.get(hlt+"/post/page", a)
	ok(t, posts, "post page")
	if len(posts.list()) != 3 {
		t.Fatalf("seeded posts: %s", truncate(posts.Raw))
	}
	synth := e.one(t, hlt+"/post/page?name="+url.QueryEscape("合成工"), a, "name", "合成工")
	if synth["factorNames"] != "苯、噪声" || synth["workers"] != 1.0 || synth["managerName"] != "张主任" {
		t.Fatalf("合成工: %v", synth)
	}
	due := e.get(hlt+"/detection/due?overdue=true", a)
	ok(t, due, "detection due")
	got := map[string]map[string]any{}
	for _, v := range due.list() {
		m := v.(map[string]any)
		got[str(m["factorName"])] = m
	}
	if got["噪声"] == nil || got["一氧化碳"] == nil || got["苯"] != nil || got["硫化氢"] != nil || len(got) != 2 {
		t.Fatalf("overdue detections (noise 400 days ago, CO never): %s", truncate(due.Raw))
	}
	if got["一氧化碳"]["nextDetectionDue"] != "" || got["噪声"]["nextDetectionDue"] != hmonths(hday(0, -400), 12) || got["噪声"]["detectionMonths"] != 12.0 {
		t.Fatalf("due dates: %v", got)
	}
	exams := e.get(hlt+"/exam/due?overdue=true", a)
	ok(t, exams, "exam due")
	if len(exams.list()) != 1 || exams.list()[0].(map[string]any)["userName"] != "孙焊工" {
		t.Fatalf("overdue periodic examinations: %s", truncate(exams.Raw))
	}
	all := e.get(hlt+"/exam/due", a).list()
	for _, v := range all {
		m := v.(map[string]any)
		// 赵操作: H2S and CO both 36 months; 王操作: benzene 12, noise default 12.
		if m["userName"] == "赵操作" && (m["intervalMonths"] != 36.0 || m["nextDue"] != hmonths(hday(0, -10), 36)) {
			t.Fatalf("赵操作: %v", m)
		}
		if m["userName"] == "王操作" && (m["intervalMonths"] != 12.0 || m["nextDue"] != hmonths(hday(0, -130), 12) || m["overdue"] != false) {
			t.Fatalf("王操作: %v", m)
		}
	}
	re := e.one(t, hlt+"/exam/page?needsReassign=1", a, "userName", "孙焊工")
	if re["conclusion"] != 4.0 || re["conclusionName"] != "职业禁忌证" || re["reassigned"] != false {
		t.Fatalf("contraindication: %v", re)
	}
	d := e.one(t, hlt+"/diagnosis/page?state=0", a, "userName", "赵操作")
	if d["stateName"] != "待安排" || str(d["examId"]) == "" {
		t.Fatalf("diagnosis: %v", d)
	}
	op1 := e.userID(t, a, "operator1")
	rec := e.get(hlt+"/record/detail?userId="+op1, a)
	ok(t, rec, "record")
	m := rec.dataMap()
	if m["userName"] != "王操作" || len(m["assignments"].([]any)) != 1 || len(m["exams"].([]any)) != 2 || len(m["hazards"].([]any)) != 2 {
		t.Fatalf("record: %s", truncate(rec.Raw))
	}
	x := e.call("GET", hlt+"/record/export?userId="+op1, a, nil)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), "xlsx") || len(x.Raw) < 1000 {
		t.Fatalf("record export: %d %s", x.Status, x.Header.Get("Content-Disposition"))
	}
	x = e.call("GET", hlt+"/exam/export?conclusion=4", a, nil)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), "xlsx") {
		t.Fatalf("exam export: %d", x.Status)
	}
	fails(t, e.get(hlt+"/record/detail?userId=987654321", a), 400, "所选人员不存在", "record of no such user")
}

func (e *env) testHealthRules(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	r := e.get(hlt+"/rule/list", a)
	ok(t, r, "rules")
	if len(r.list()) != 8 {
		t.Fatalf("rules: %s", truncate(r.Raw))
	}
	for _, v := range r.list() {
		m := v.(map[string]any)
		if m["code"] == "detection.general.months" && (m["value"] != 36.0 || m["version"] != 0.0 || !strings.Contains(str(m["source"]), "第5号")) {
			t.Fatalf("general detection rule: %v", m)
		}
	}
	fails(t, e.post(hlt+"/rule/submit", a, map[string]any{"code": "nope", "value": 1, "source": "x"}), 400, "不存在", "unknown rule")
	fails(t, e.post(hlt+"/rule/submit", a, map[string]any{"code": "unit.class", "value": 3, "source": "x"}), 400, "1 (严重) 或 2 (一般)", "class 3")
	fails(t, e.post(hlt+"/rule/submit", a, map[string]any{"code": "exam.periodic.co", "value": 0, "source": "x"}), 400, "1 到 120", "interval 0")
	fails(t, e.post(hlt+"/rule/submit", a, map[string]any{"code": "exam.periodic.co", "value": 24, "source": " "}), 400, "规则依据", "no source")
}

// testHealthDetection: a post of its own with benzene; the due date of a
// factor never detected, detected exactly 12 months ago (due today, in
// time) and a day earlier (overdue); the 一般 class (36 months); publish.
func (e *env) testHealthDetection(t *testing.T) string {
	a := e.login("100001", "admin", "admin")
	safety := e.userID(t, a, "safety")
	name := "测试岗位" + uniq()
	fails(t, e.post(hlt+"/post/submit", a, map[string]any{"name": " "}), 400, "岗位名称", "no name")
	fails(t, e.post(hlt+"/post/submit", a, map[string]any{"name": name, "managerUserId": 987654321}), 400, "岗位负责人不存在", "no such manager")
	ok(t, e.post(hlt+"/post/submit", a, map[string]any{"name": name, "managerUserId": safety, "managerName": "伪造"}), "post")
	fails(t, e.post(hlt+"/post/submit", a, map[string]any{"name": name}), 400, "已存在", "post twice")
	p := e.one(t, hlt+"/post/page?name="+url.QueryEscape(name), a, "name", name)
	if p["managerName"] != "李安全" {
		t.Fatalf("the manager's name comes from blade-user: %v", p)
	}
	pid := str(p["id"])
	hz := func(extra map[string]any) map[string]any {
		m := map[string]any{"postId": pid, "factorClass": 2, "factorName": "苯", "harmDegree": 3, "examRule": "exam.periodic.benzene"}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	fails(t, e.post(hlt+"/hazard/submit", a, hz(map[string]any{"factorClass": 7})), 400, "", "class 7")
	fails(t, e.post(hlt+"/hazard/submit", a, hz(map[string]any{"factorClass": 0})), 400, "危害因素类别", "no class")
	fails(t, e.post(hlt+"/hazard/submit", a, hz(map[string]any{"harmDegree": 0})), 400, "危害程度", "no degree")
	fails(t, e.post(hlt+"/hazard/submit", a, hz(map[string]any{"examRule": "unit.class"})), 400, "体检周期规则", "not an exam rule")
	ok(t, e.post(hlt+"/hazard/submit", a, hz(nil)), "benzene")
	fails(t, e.post(hlt+"/hazard/submit", a, hz(nil)), 400, "已有危害因素「苯」", "benzene twice")
	h := e.one(t, hlt+"/hazard/page?postId="+pid, a, "factorName", "苯")
	hid := str(h["id"])
	if h["detectionOverdue"] != true || h["nextDetectionDue"] != "" || h["examMonths"] != 12.0 || h["postName"] != name {
		t.Fatalf("never detected: %v", h)
	}
	fails(t, e.post(hlt+"/post/remove?ids="+pid, a, nil), 400, "仍有危害因素", "remove a post with factors")

	det := func(date string) *resp {
		return e.post(hlt+"/detection/submit", a, map[string]any{"hazardId": hid, "detectedAt": date, "agency": "某检测公司", "measured": "1.0 mg/m³", "result": 1})
	}
	fails(t, det(hday(0, 1)), 400, "不能晚于今天", "detected tomorrow")
	fails(t, det("昨天"), 400, "格式错误", "bad date")
	fails(t, e.post(hlt+"/detection/submit", a, map[string]any{"hazardId": hid, "detectedAt": hday(0, 0), "agency": "x", "result": 3}), 400, "", "result 3")
	fails(t, e.post(hlt+"/detection/submit", a, map[string]any{"hazardId": hid, "detectedAt": hday(0, 0), "agency": " ", "result": 1}), 400, "检测机构", "no agency")
	hazard := func() map[string]any { return e.one(t, hlt+"/hazard/page?postId="+pid, a, "factorName", "苯") }
	// 严重 (the default class): yearly. Detected 12 months ago today: due today, in time.
	ok(t, det(hday(-12, 0)), "detected 12 months ago")
	if h := hazard(); h["nextDetectionDue"] != hday(0, 0) || h["detectionOverdue"] != false || h["lastDetectedAt"] != hday(-12, 0) {
		t.Fatalf("due today: %v", h)
	}
	d1 := e.one(t, hlt+"/detection/page?hazardId="+hid, a, "detectedAt", hday(-12, 0))
	ok(t, e.post(hlt+"/detection/remove?ids="+str(d1["id"]), a, nil), "remove an unpublished detection")
	// A day earlier: due yesterday, overdue, and listed as overdue.
	ok(t, det(hday(-12, -1)), "detected 12 months and a day ago")
	if h := hazard(); h["nextDetectionDue"] != hday(0, -1) || h["detectionOverdue"] != true {
		t.Fatalf("due yesterday: %v", h)
	}
	e.one(t, hlt+"/detection/due?overdue=true", a, "id", hid)
	// 一般: every 3 years.
	ok(t, e.post(hlt+"/rule/submit", a, map[string]any{"code": "unit.class", "value": 2, "source": "职业病危害风险分类: 一般"}), "class general")
	if h := hazard(); h["nextDetectionDue"] != hmonths(hday(-12, -1), 36) || h["detectionOverdue"] != false || h["detectionMonths"] != 36.0 {
		t.Fatalf("general class: %v", h)
	}
	ok(t, e.post(hlt+"/rule/submit", a, map[string]any{"code": "unit.class", "value": 1, "source": "职业病危害风险分类: 严重"}), "class serious")
	hist := e.get(hlt+"/rule/history?code=unit.class", a)
	if len(hist.list()) != 2 || hist.list()[0].(map[string]any)["version"] != 2.0 {
		t.Fatalf("versions: %s", truncate(hist.Raw))
	}
	d2 := e.one(t, hlt+"/detection/page?hazardId="+hid, a, "detectedAt", hday(-12, -1))
	ok(t, e.post(hlt+"/detection/publish?id="+str(d2["id"]), a, nil), "publish")
	fails(t, e.post(hlt+"/detection/publish?id="+str(d2["id"]), a, nil), 400, "已公示", "publish twice")
	d2["measured"] = "改"
	fails(t, e.post(hlt+"/detection/submit", a, d2), 400, "已公示,不能修改", "edit a published result")
	fails(t, e.post(hlt+"/detection/remove?ids="+str(d2["id"]), a, nil), 400, "已公示,不能删除", "remove a published result")
	fails(t, e.post(hlt+"/hazard/remove?ids="+hid, a, nil), 400, "已有检测记录", "remove a detected factor")
	return pid
}

// testHealthGates: the pre-employment gate, the periodic examination due at
// its boundary, contraindication -> reassign, suspected -> diagnosis.
func (e *env) testHealthGates(t *testing.T, pid string) {
	a := e.login("100001", "admin", "admin")
	dir := e.userID(t, a, "director")
	safety := e.userID(t, a, "safety")
	exam := func(user string, typ, conclusion int, date string) *resp {
		return e.post(hlt+"/exam/submit", a, map[string]any{"userId": user, "userName": "伪造", "examType": typ, "examDate": date,
			"institution": "市职业病防治院", "factorNames": "苯", "conclusion": conclusion, "conclusionNote": "测试"})
	}
	assign := func(user string) *resp {
		return e.post(hlt+"/assignment/submit", a, map[string]any{"userId": user, "postId": pid})
	}
	fails(t, exam(dir, 6, 1, hday(0, 0)), 400, "", "type 6")
	fails(t, exam(dir, 1, 6, hday(0, 0)), 400, "", "conclusion 6")
	fails(t, exam(dir, 0, 1, hday(0, 0)), 400, "体检类型", "no type")
	fails(t, exam(dir, 1, 1, hday(0, 1)), 400, "不能晚于今天", "exam tomorrow")
	fails(t, exam("987654321", 1, 1, hday(0, 0)), 400, "所选人员不存在", "no such user")
	// No pre-employment examination: refused, naming what is missing.
	fails(t, assign(dir), 400, "张主任 尚无上岗前职业健康检查记录,不能安排到接触职业病危害的岗位", "no pre-employment exam")
	r := assign(dir)
	if !strings.Contains(r.msg(), "危害因素: 苯") {
		t.Fatalf("the refusal names the factors: %s", r.msg())
	}
	// A periodic examination is not a pre-employment one.
	ok(t, exam(dir, 2, 1, hday(-13, 0)), "periodic exam")
	fails(t, assign(dir), 400, "尚无上岗前职业健康检查记录", "periodic is not pre-employment")
	// A contraindication at the pre-employment examination: refused.
	ok(t, exam(dir, 1, 4, hday(-12, -2)), "pre-employment with contraindication")
	fails(t, assign(dir), 400, "结论为职业禁忌证,不能安排", "contraindication")
	// A later pre-employment examination without: allowed; exactly 12 months ago.
	ok(t, exam(dir, 1, 1, hday(-12, 0)), "pre-employment exam")
	ok(t, assign(dir), "assign")
	fails(t, assign(dir), 400, "已在岗位", "assign twice")
	// Benzene: 12 months. Due today: in time.
	due := e.one(t, hlt+"/exam/due", a, "userId", dir)
	if due["nextDue"] != hday(0, 0) || due["overdue"] != false || due["intervalMonths"] != 12.0 || due["lastExamDate"] != hday(-12, 0) {
		t.Fatalf("due today: %v", due)
	}
	// A day earlier: overdue.
	ok(t, exam(safety, 1, 1, hday(-12, -1)), "safety pre-employment exam")
	ok(t, assign(safety), "assign safety")
	due = e.one(t, hlt+"/exam/due?overdue=true", a, "userId", safety)
	if due["nextDue"] != hday(0, -1) || due["userName"] != "李安全" {
		t.Fatalf("overdue: %v", due)
	}
	// A shorter interval rule moves the due date.
	ok(t, e.post(hlt+"/rule/submit", a, map[string]any{"code": "exam.periodic.benzene", "value": 6, "source": "地方要求"}), "benzene 6 months")
	due = e.one(t, hlt+"/exam/due", a, "userId", dir)
	if due["nextDue"] != hmonths(hday(-12, 0), 6) || due["overdue"] != true {
		t.Fatalf("6 months: %v", due)
	}
	ok(t, e.post(hlt+"/rule/submit", a, map[string]any{"code": "exam.periodic.benzene", "value": 12, "source": "GBZ 188-2014"}), "benzene 12 months")

	// A contraindication found while on the post: flagged, the post's manager (李安全) told.
	ok(t, exam(dir, 2, 4, hday(0, 0)), "periodic exam with contraindication")
	ex := e.one(t, hlt+"/exam/page?needsReassign=1&userId="+dir, a, "examDate", hday(0, 0))
	if ex["userName"] != "张主任" || ex["reassigned"] != false {
		t.Fatalf("flagged: %v", ex)
	}
	st := e.login("100001", "safety", "123456")
	eventually(t, "the post's manager hears of the contraindication", func() bool {
		return strings.Contains(string(e.get("/api/blade-desk/message/list?size=50", st).Raw), "张主任 在 "+hday(0, 0)+" 的职业健康检查中发现职业禁忌证")
	})
	as := e.one(t, hlt+"/assignment/page?userId="+dir, a, "postId", pid)
	fails(t, e.post(hlt+"/assignment/leave", a, map[string]any{"id": as["id"], "endDate": hday(0, 1)}), 400, "不能晚于今天", "leave tomorrow")
	fails(t, e.post(hlt+"/assignment/leave", a, map[string]any{"id": as["id"], "endDate": hday(-13, 0)}), 400, "不能早于上岗日期", "leave before start")
	ok(t, e.post(hlt+"/assignment/leave", a, map[string]any{"id": as["id"]}), "reassigned: leaves the post")
	fails(t, e.post(hlt+"/assignment/leave", a, map[string]any{"id": as["id"]}), 400, "已于", "leave twice")
	ex = e.one(t, hlt+"/exam/page?needsReassign=1&userId="+dir, a, "examDate", hday(0, 0))
	if ex["reassigned"] != true {
		t.Fatalf("reassigned: %v", ex)
	}
	// Leaving (GBZ 188): 张主任's periodic examination today lies within 90
	// days before leaving today, so no leaving examination is due.
	for _, it := range e.get(hlt+"/exam/due", a).list() {
		if m := it.(map[string]any); str(m["userId"]) == dir {
			t.Fatalf("a covered leaver is listed: %v", m)
		}
	}
	// The admin's last periodic examination is half a year before leaving:
	// the leaving examination is due on the leaving day, overdue since.
	adm := e.userID(t, a, "admin")
	ok(t, exam(adm, 1, 1, hday(-12, 0)), "admin pre-employment")
	ok(t, e.post(hlt+"/assignment/submit", a, map[string]any{"userId": adm, "postId": pid, "startDate": hday(-12, 0)}), "admin assigned a year ago")
	ok(t, exam(adm, 2, 1, hday(-6, 0)), "admin periodic half a year ago")
	aa := e.one(t, hlt+"/assignment/page?userId="+adm, a, "postId", pid)
	ok(t, e.post(hlt+"/assignment/leave", a, map[string]any{"id": aa["id"], "endDate": hday(0, -10)}), "admin leaves 10 days ago")
	due = e.one(t, hlt+"/exam/due?overdue=true", a, "userId", adm)
	if due["leaving"] != true || due["leftOn"] != hday(0, -10) || due["nextDue"] != hday(0, -10) || due["lastExamDate"] != hday(-6, 0) {
		t.Fatalf("leaving examination due: %v", due)
	}
	// A tenant's longer window (200 days) covers it; back to 90 days, a
	// leaving examination after leaving does.
	ok(t, e.post(hlt+"/rule/submit", a, map[string]any{"code": "exam.leaving.window.days", "value": 200, "source": "企业规定"}), "window 200 days")
	for _, it := range e.get(hlt+"/exam/due", a).list() {
		if m := it.(map[string]any); str(m["userId"]) == adm {
			t.Fatalf("covered by a 200-day window: %v", m)
		}
	}
	ok(t, e.post(hlt+"/rule/submit", a, map[string]any{"code": "exam.leaving.window.days", "value": 90, "source": "GBZ 188-2014"}), "window 90 days")
	e.one(t, hlt+"/exam/due", a, "userId", adm)
	ok(t, exam(adm, 3, 1, hday(0, 0)), "leaving examination")
	for _, it := range e.get(hlt+"/exam/due", a).list() {
		if m := it.(map[string]any); str(m["userId"]) == adm {
			t.Fatalf("examined on leaving, still listed: %v", m)
		}
	}
	// The record shows the history.
	rec := e.get(hlt+"/record/detail?userId="+dir, a).dataMap()
	if as := rec["assignments"].([]any); len(as) != 1 || as[0].(map[string]any)["current"] != false || len(rec["exams"].([]any)) != 4 {
		t.Fatalf("record: %v", rec)
	}

	// A suspected disease opens a diagnosis task, tracked to done.
	ok(t, exam(safety, 2, 3, hday(0, 0)), "suspected disease")
	ex = e.one(t, hlt+"/exam/page?conclusion=3&userId="+safety, a, "examDate", hday(0, 0))
	d := e.one(t, hlt+"/diagnosis/page?userId="+safety, a, "examId", str(ex["id"]))
	did := str(d["id"])
	if str(ex["diagnosisId"]) != did || d["state"] != 0.0 {
		t.Fatalf("diagnosis: %v %v", ex, d)
	}
	fails(t, e.post(hlt+"/exam/remove?ids="+str(ex["id"]), a, nil), 400, "已开启诊断任务", "remove an exam with a diagnosis")
	fails(t, e.post(hlt+"/diagnosis/complete", a, map[string]any{"id": did, "result": 2}), 400, "须先安排诊断", "complete before arranging")
	fails(t, e.post(hlt+"/diagnosis/arrange", a, map[string]any{"id": did}), 400, "诊断机构", "arrange without institution")
	ok(t, e.post(hlt+"/diagnosis/arrange", a, map[string]any{"id": did, "institution": "省职业病诊断中心"}), "arrange")
	fails(t, e.post(hlt+"/diagnosis/arrange", a, map[string]any{"id": did, "institution": "x"}), 400, "不能重复安排", "arrange twice")
	fails(t, e.post(hlt+"/diagnosis/complete", a, map[string]any{"id": did, "result": 1}), 400, "职业病分类", "confirmed without category")
	fails(t, e.post(hlt+"/diagnosis/complete", a, map[string]any{"id": did, "result": 0}), 400, "诊断结论", "no result")
	ok(t, e.post(hlt+"/diagnosis/complete", a, map[string]any{"id": did, "result": 1, "diseaseCategory": 5, "note": "职业性慢性苯中毒"}), "complete")
	d = e.one(t, hlt+"/diagnosis/page?userId="+safety, a, "id", did)
	if d["state"] != 2.0 || d["stateName"] != "已完成" || d["diseaseCategory"] != 5.0 || d["doneAt"] == "" {
		t.Fatalf("done: %v", d)
	}
	// A pre-employment exam of a worker still on the post is kept.
	pre := e.one(t, hlt+"/exam/page?examType=1&userId="+safety, a, "userName", "李安全")
	fails(t, e.post(hlt+"/exam/remove?ids="+str(pre["id"]), a, nil), 400, "仍在接害岗位", "remove the pre-employment exam")
	fails(t, e.post(hlt+"/exam/submit", a, map[string]any{"id": pre["id"], "userId": safety, "examType": 1, "examDate": hday(0, 0), "institution": "x", "conclusion": 1}),
		400, "不能修改", "edit an exam")
}

func (e *env) testHealthAccess(t *testing.T, pid string) {
	a := e.login("100001", "admin", "admin")
	dir := e.login("100001", "director", "123456")
	op := e.login("100001", "operator1", "123456")
	st := e.login("100001", "safety", "123456")
	ok(t, e.get(hlt+"/exam/page", st), "the safety manager reads")
	fails(t, e.get(hlt+"/exam/page", op), 403, "", "operator reads exams")
	fails(t, e.post(hlt+"/post/submit", dir, map[string]any{"name": "x"}), 403, "", "director adds a post")
	fails(t, e.post(hlt+"/rule/submit", op, map[string]any{"code": "unit.class", "value": 2, "source": "x"}), 403, "", "operator edits a rule")
	// Another tenant never sees health records.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300074", "tenantName": "职业健康隔离测试公司"}), "tenant B")
	t2 := e.login("300074", "admin", "123456")
	for _, p := range []string{"/post/page", "/hazard/page", "/detection/page", "/exam/page", "/diagnosis/page", "/assignment/page"} {
		if n := len(e.get(hlt+p, t2).list()); n != 0 {
			t.Fatalf("tenant B sees %d rows of %s", n, p)
		}
	}
	if n := len(e.get(hlt+"/detection/due", t2).list()); n != 0 {
		t.Fatalf("tenant B sees %d due factors", n)
	}
	fails(t, e.post(hlt+"/post/remove?ids="+pid, t2, nil), 400, "", "other tenant removes a post")
	fails(t, e.post(hlt+"/hazard/submit", t2, map[string]any{"postId": pid, "factorClass": 1, "factorName": "x", "harmDegree": 1}), 400, "", "other tenant adds a factor")
	fails(t, e.post(hlt+"/assignment/submit", t2, map[string]any{"userId": e.userID(t, a, "operator1"), "postId": pid}), 400, "", "other tenant assigns")
	fails(t, e.get(hlt+"/record/detail?userId="+e.userID(t, a, "operator1"), t2), 400, "所选人员不存在", "other tenant reads a record")
	// Tenant B's rules are its own.
	for _, v := range e.get(hlt+"/rule/list", t2).list() {
		if m := v.(map[string]any); m["version"] != 0.0 {
			t.Fatalf("tenant B's rules: %v", m)
		}
	}
}
