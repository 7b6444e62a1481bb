package api

import (
	"testing"
	"time"
)

// TestEducationTraining (h-training): courses and study credited only for
// verified playback, at the rule's boundaries: playing credits the wall time,
// seeking ahead, pausing, a long gap (idle) and a parallel study credit none;
// another tenant's course is invisible; nobody beats for someone else.
func TestEducationTraining(t *testing.T) {
	e := start(t, backends[0])
	admin := e.login("100001", "admin", "admin")
	op1 := e.login("100001", "operator1", "123456")
	op2 := e.login("100001", "operator2", "123456")
	const ed = "/api/education"

	// Demo data: two courses, operator1 has credited time; the rule table has its defaults.
	if r := e.get(ed+"/course/page", admin); len(r.list()) < 2 {
		t.Fatalf("demo courses: %s", truncate(r.Raw))
	}
	mine := e.get(ed+"/study/mine?size=50", op1)
	ok(t, mine, "my courses")
	var credited float64
	for _, r := range mine.list() {
		m := r.(map[string]any)
		credited += m["creditedSeconds"].(float64)
	}
	if credited <= 0 {
		t.Fatalf("demo credited time: %s", truncate(mine.Raw))
	}
	rules := e.get(ed+"/training-rule/list", admin)
	ok(t, rules, "rules")
	byCode := map[string]float64{}
	for _, r := range rules.list() {
		m := r.(map[string]any)
		byCode[str(m["code"])] = m["value"].(float64)
	}
	if byCode["study.minutes_per_hour"] != 45 || byCode["hours.hazchem.initial"] != 72 || byCode["hours.hazchem.annual"] != 20 {
		t.Fatalf("rule defaults: %v", byCode)
	}

	// Courses: validation, permissions.
	fails(t, e.get(ed+"/course/page", op1), 403, "", "course management as an operator")
	fails(t, e.post(ed+"/course/submit", op1, map[string]any{"name": "x"}), 403, "", "course submit as an operator")
	fails(t, e.post(ed+"/course/submit", admin, map[string]any{"name": "课程", "kind": 3, "files": "a.mp4", "duration": 60, "hours": 1, "passPercent": 90}), 400, "课程类型", "bad kind")
	fails(t, e.post(ed+"/course/submit", admin, map[string]any{"name": "课程", "kind": 1, "files": "", "duration": 60, "hours": 1, "passPercent": 90}), 400, "请上传课程文件", "no file")
	fails(t, e.post(ed+"/course/submit", admin, map[string]any{"name": "课程", "kind": 1, "files": "a.mp4", "duration": 60, "hours": 1, "passPercent": 90}), 400, "课程文件格式错误", "not a stored file")
	fails(t, e.post(ed+"/course/submit", admin, map[string]any{"name": "课程", "kind": 1, "files": demoMedia, "duration": 0, "hours": 1, "passPercent": 90}), 400, "学习时长", "no duration")
	fails(t, e.post(ed+"/course/submit", admin, map[string]any{"name": "课程", "kind": 1, "files": demoMedia, "duration": 60, "hours": 0, "passPercent": 90}), 400, "学时", "no hours")
	c := e.post(ed+"/course/submit", admin, map[string]any{"name": "测试课程" + uniq(), "category": "公司级", "kind": 1,
		"files": "ed0c0000000000000000000000000001.wav", "duration": 60, "hours": 1, "passPercent": 10})
	ok(t, c, "course")
	courseID := str(c.dataMap()["id"])
	c2 := e.post(ed+"/course/submit", admin, map[string]any{"name": "并行课程" + uniq(), "kind": 2,
		"files": "ed0c0000000000000000000000000002.txt", "duration": 600, "hours": 1, "passPercent": 100})
	ok(t, c2, "course 2")
	ok(t, e.get(ed+"/course/detail?id="+courseID, op1), "a learner reads the course")

	// Another tenant sees none of it.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300117", "tenantName": "培训隔离测试公司"}), "tenant B")
	b := e.login("300117", "admin", "123456")
	if n := len(e.get(ed+"/course/page", b).list()); n != 0 {
		t.Fatalf("tenant B sees %d courses", n)
	}
	fails(t, e.get(ed+"/course/detail?id="+courseID, b), 400, "不存在", "detail across tenants")
	fails(t, e.post(ed+"/study/start", b, map[string]any{"courseId": courseID}), 400, "不存在", "study across tenants")

	// Study: start, then beats about 2 s apart.
	st := e.post(ed+"/study/start", op1, map[string]any{"courseId": courseID})
	ok(t, st, "start")
	sid, token := str(st.dataMap()["id"]), str(st.dataMap()["token"])
	beat := func(who string, pos float64, playing bool) *resp {
		return e.post(ed+"/study/beat", who, map[string]any{"id": sid, "token": token, "position": pos, "playing": playing})
	}
	now := func(r *resp) float64 { return r.dataMap()["creditedNow"].(float64) }
	time.Sleep(2 * time.Second)
	r := beat(op1, 2, true)
	ok(t, r, "beat 1")
	if got := now(r); got < 1.5 || got > 2.5 {
		t.Fatalf("playing 2 s credits about 2 s, got %v: %s", got, truncate(r.Raw))
	}
	// Someone else cannot beat (or credit) for operator1.
	fails(t, beat(op2, 4, true), 403, "本人", "a beat for someone else")
	// Seeking ahead: 30 s of media in 2 s of wall time credits nothing and does not move the furthest point.
	time.Sleep(2 * time.Second)
	r = beat(op1, 32, true)
	ok(t, r, "seek")
	if now(r) != 0 || r.dataMap()["furthest"].(float64) > 3 {
		t.Fatalf("seeking ahead credited: %s", truncate(r.Raw))
	}
	// Back where it was, then paused: nothing.
	time.Sleep(1 * time.Second)
	r = beat(op1, 2, false)
	ok(t, r, "paused")
	if now(r) != 0 {
		t.Fatalf("paused credited: %s", truncate(r.Raw))
	}
	time.Sleep(2 * time.Second)
	r = beat(op1, 4, true)
	if now(r) < 1.5 {
		t.Fatalf("playing again credits: %s", truncate(r.Raw))
	}
	// Idle: the tenant shortens the gap to 2 s; a 3 s silence credits nothing.
	fails(t, e.post(ed+"/training-rule/submit", op1, map[string]any{"code": "study.max_gap_seconds", "value": 2, "source": "x"}), 403, "", "rule as an operator")
	fails(t, e.post(ed+"/training-rule/submit", admin, map[string]any{"code": "study.max_gap_seconds", "value": 2, "source": ""}), 400, "规则依据", "rule without source")
	ok(t, e.post(ed+"/training-rule/submit", admin, map[string]any{"code": "study.max_gap_seconds", "value": 2, "source": "测试:缩短心跳间隔"}), "rule")
	time.Sleep(3 * time.Second)
	r = beat(op1, 7, true)
	if now(r) != 0 || str(r.dataMap()["note"]) == "" {
		t.Fatalf("idle credited: %s", truncate(r.Raw))
	}
	ok(t, e.post(ed+"/training-rule/submit", admin, map[string]any{"code": "study.max_gap_seconds", "value": 60, "source": "测试:恢复"}), "rule back")

	// A parallel study of another course (playing) voids this one's credit.
	st2 := e.post(ed+"/study/start", op1, map[string]any{"courseId": str(c2.dataMap()["id"])})
	ok(t, st2, "start 2")
	time.Sleep(2 * time.Second)
	ok(t, e.post(ed+"/study/beat", op1, map[string]any{"id": str(st2.dataMap()["id"]), "token": str(st2.dataMap()["token"]), "position": 2, "playing": true}), "beat 2")
	time.Sleep(1 * time.Second)
	r = beat(op1, 10, true)
	if now(r) != 0 {
		t.Fatalf("parallel study credited: %s", truncate(r.Raw))
	}
	// A second window of the same course voids the first's token.
	st3 := e.post(ed+"/study/start", op1, map[string]any{"courseId": courseID})
	ok(t, st3, "second window")
	fails(t, beat(op1, 12, true), 400, "其他窗口", "the first window after a second one")

	// The credit shows in my courses; progress and completion follow the pass requirement (10% of 60 s).
	var got map[string]any
	for _, x := range e.get(ed+"/study/mine?size=100", op1).list() {
		if m := x.(map[string]any); str(m["courseId"]) == courseID {
			got = m
		}
	}
	if got == nil || got["creditedSeconds"].(float64) < 3 || got["creditedSeconds"].(float64) > 5.5 || got["completed"] != false {
		t.Fatalf("my course after the beats: %v", got)
	}
	// A studied course cannot be removed.
	fails(t, e.post(ed+"/course/remove?ids="+courseID, admin, nil), 400, "学习记录", "remove a studied course")

	e.testTrainingPlans(t, admin, op1, op2, b, courseID)
}

// testTrainingPlans: plans of six types for people and departments; a
// three-level plan takes its hours from the tenant's rule; my training shows
// the caller's verified 学时 on the plan's courses.
func (e *env) testTrainingPlans(t *testing.T, admin, op1, op2, other, courseID string) {
	const ed = "/api/education"
	if r := e.get(ed+"/plan/page", admin); len(r.list()) < 1 {
		t.Fatalf("demo plan: %s", truncate(r.Raw))
	}
	ok(t, e.get(ed+"/plan/page", op1), "operators read the plans (the menu), without its buttons")
	plan := func(body map[string]any) *resp {
		base := map[string]any{"name": "计划" + uniq(), "type": 1, "level": 0, "startDate": "2026-01-01", "endDate": "2026-12-31",
			"courseIds": courseID, "userIds": "1000010000000000404", "hours": 8}
		for k, v := range body {
			base[k] = v
		}
		return e.post(ed+"/plan/submit", admin, base)
	}
	fails(t, plan(map[string]any{"type": 7}), 400, "培训类型", "bad type")
	fails(t, plan(map[string]any{"level": 4}), 400, "培训级别", "bad level")
	fails(t, plan(map[string]any{"endDate": "2025-12-31"}), 400, "结束日期", "end before start")
	fails(t, plan(map[string]any{"courseIds": ""}), 400, "请选择培训课程", "no course")
	fails(t, plan(map[string]any{"userIds": ""}), 400, "请选择培训人员", "nobody")
	fails(t, plan(map[string]any{"hours": 0}), 400, "要求学时", "no hours")
	fails(t, e.post(ed+"/plan/submit", op1, map[string]any{"name": "x"}), 403, "", "plan as an operator")
	// A team-level (班组级) plan: the hours come from the rule, whatever is sent.
	ok(t, e.post(ed+"/training-rule/submit", admin, map[string]any{"code": "level.team.hours", "value": 16, "source": "测试:班组级 16 学时"}), "level rule")
	p := plan(map[string]any{"type": 6, "level": 3, "hours": 99})
	ok(t, p, "four-new plan at team level")
	if p.dataMap()["hours"].(float64) != 16 {
		t.Fatalf("team-level hours from the rule: %s", truncate(p.Raw))
	}
	for ty := 2; ty <= 5; ty++ {
		ok(t, plan(map[string]any{"type": ty}), "plan type")
	}
	// My training: operator1 sees the plans naming them with their verified 学时; operator2 does not see op1-only plans.
	var mine map[string]any
	for _, x := range e.get(ed+"/plan/mine?size=100", op1).list() {
		if m := x.(map[string]any); str(m["id"]) == str(p.dataMap()["id"]) {
			mine = m
		}
	}
	if mine == nil || mine["userIds"] != nil && mine["userIds"] != "" {
		t.Fatalf("my plan: %v", mine)
	}
	for _, x := range e.get(ed+"/plan/mine?size=100", op2).list() {
		if str(x.(map[string]any)["id"]) == str(p.dataMap()["id"]) {
			t.Fatal("operator2 sees a plan naming only operator1")
		}
	}
	if n := len(e.get(ed+"/plan/mine", other).list()); n != 0 {
		t.Fatalf("another tenant sees %d plans", n)
	}
	fails(t, e.get(ed+"/plan/detail?id="+str(p.dataMap()["id"]), other), 400, "不存在", "plan across tenants")
	ok(t, e.post(ed+"/plan/remove?ids="+str(p.dataMap()["id"]), admin, nil), "remove plan")
}

// demoMedia is the demo tenant's course audio as the course form stores it (a preview link).
const demoMedia = "/api/upload/preview/ed0c0000000000000000000000000001.wav"
