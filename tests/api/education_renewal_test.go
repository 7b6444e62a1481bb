package api

import (
	"context"
	"strings"
	"testing"
	"time"

	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
)

// TestEducationRenewal (h-edu): a required course completed, then past its validity, is
// 已过期 on the compliance list; studied again, the new completion counts (已完成) and the
// person's file lists both completions. The file also lists the person's certificates held
// in blade-user (testArchiveHeld). An exam scheduled for a contractor company reaches that
// company's workers and no one else (testContractorExam).
func TestEducationRenewal(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			e.testRenewal(t)
			e.testArchiveHeld(t)
			e.testContractorExam(t)
		})
	}
}

func (e *env) testRenewal(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	op1 := e.login("100001", "operator1", "123456")
	const ed = "/api/education"
	const operatorPost = "1000010000000000303"
	c := e.post(ed+"/course/submit", admin, map[string]any{"name": "复训课程" + uniq(), "kind": 1,
		"files": "ed0c0000000000000000000000000001.wav", "duration": 10, "hours": 1, "passPercent": 10})
	ok(t, c, "course")
	course := str(c.dataMap()["id"])
	ok(t, e.post(ed+"/matrix/submit", admin, map[string]any{"postId": operatorPost, "courseId": course, "required": true, "validMonths": 1}), "required of the operators, 1 month")

	// study plays 2 s of the course (10% of 10 s completes a round) and returns the study id.
	study := func() string {
		t.Helper()
		st := e.post(ed+"/study/start", op1, map[string]any{"courseId": course})
		ok(t, st, "start")
		if p, _ := st.dataMap()["position"].(float64); p != 0 {
			t.Fatalf("a study (again) starts at 0: %s", truncate(st.Raw))
		}
		id, token := str(st.dataMap()["id"]), str(st.dataMap()["token"])
		ok(t, e.post(ed+"/study/beat", op1, map[string]any{"id": id, "token": token, "position": 0, "playing": true}), "beat 0")
		time.Sleep(2500 * time.Millisecond)
		ok(t, e.post(ed+"/study/beat", op1, map[string]any{"id": id, "token": token, "position": 2, "playing": true}), "beat 2")
		return id
	}
	state := func() float64 {
		t.Helper()
		r := e.get(ed+"/compliance/page?size=100&userName=王操作", admin)
		ok(t, r, "compliance")
		for _, row := range r.list() {
			for _, it := range row.(map[string]any)["items"].([]any) {
				if m := it.(map[string]any); str(m["courseId"]) == course {
					return m["state"].(float64)
				}
			}
		}
		t.Fatalf("the course is not on operator1's compliance: %s", truncate(r.Raw))
		return 0
	}
	id := study()
	if s := state(); s != 1 {
		t.Fatalf("completed: state %v, want 1 (已完成)", s)
	}

	// Two months on: the stored completion is moved back past its one month.
	g, err := db.Open(context.Background(), e.cfg, "education")
	if err != nil {
		t.Fatal(err)
	}
	if sqlDB, err := g.DB(); err == nil {
		defer func() { _ = sqlDB.Close() }() // best-effort cleanup in a test
	}
	back := time.Now().In(timefmt.Zone).AddDate(0, -2, 0)
	if err := g.WithContext(ident.AsSystem(context.Background())).Exec("UPDATE edu_study SET completed_at = ? WHERE id = ?", back, id).Error; err != nil {
		t.Fatal(err)
	}
	if s := state(); s != 3 {
		t.Fatalf("past its validity: state %v, want 3 (已过期)", s)
	}

	// Studied again: a new completion, and it counts.
	if again := study(); again != id {
		t.Fatalf("studying again made another study: %s, was %s", again, id)
	}
	if s := state(); s != 1 {
		t.Fatalf("studied again: state %v, want 1 (已完成)", s)
	}
	a := e.get(ed+"/archive/detail?userId=1000010000000000404", admin)
	ok(t, a, "the person's file")
	var times []any
	for _, s := range a.dataMap()["studies"].([]any) {
		if m := s.(map[string]any); str(m["courseId"]) == course {
			times, _ = m["completions"].([]any)
		}
	}
	if len(times) != 2 || str(times[0]) != timefmt.Format(back) {
		t.Fatalf("the file's completions: %v, want the moved one and today's", times)
	}
}

// testArchiveHeld: the person's file lists the certificates the person holds in blade-user
// (read with the caller's identity): operator1's two valid ones, operator2's expired one,
// never another person's; the export carries them.
func (e *env) testArchiveHeld(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	op1 := e.login("100001", "operator1", "123456")
	const ed = "/api/education"
	held := func(tok, user string) (map[string]float64, string) {
		t.Helper()
		r := e.get(ed+"/archive/detail?userId="+user, tok)
		ok(t, r, "the person's file")
		out := map[string]float64{}
		list, _ := r.dataMap()["heldCertificates"].([]any)
		for _, c := range list {
			m := c.(map[string]any)
			st, _ := m["validState"].(float64)
			out[str(m["certificateNo"])] = st
		}
		return out, str(r.dataMap()["heldNote"])
	}
	got, note := held(admin, "1000010000000000404")
	if len(got) != 2 || got["T320502199002022345"] != 1 || got["T320502199002022345-G"] != 1 || note != "" {
		t.Fatalf("operator1's certificates on the file: %v %q", got, note)
	}
	if got, _ := held(admin, "1000010000000000405"); len(got) != 1 || got["T320502198503033456"] != 3 {
		t.Fatalf("operator2's expired certificate on the file: %v", got)
	}
	// Operator1's own file: its own certificates, or a note when blade-user refuses the right.
	if got, note := held(op1, "0"); note == "" && (len(got) != 2 || got["T320502199002022345"] == 0) {
		t.Fatalf("operator1's own file: %v %q", got, note)
	}
	if x := e.get(ed+"/archive/export?userId=1000010000000000404", admin); x.Status != 200 || !strings.Contains(x.Header.Get("Content-Type"), "spreadsheet") {
		t.Fatalf("export: %d %s", x.Status, truncate(x.Raw))
	}
}

// testContractorExam: an exam scheduled for a contractor company (companyIds) takes the
// company's workers with a login account, read from the contractor service: contractor1 (宏达)
// sees it, operator2 (made a worker of another company here) does not, and sees the one
// scheduled for that company; an unknown company or a bad list is refused.
func (e *env) testContractorExam(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	con := e.login("100001", "contractor1", "123456")
	op2 := e.login("100001", "operator2", "123456")
	const ed, ct = "/api/education", "/api/contractor"
	companies := map[string]string{}
	for _, c := range e.get(ct+"/company/page?size=20", admin).list() {
		m := c.(map[string]any)
		companies[str(m["name"])] = str(m["id"])
	}
	hongda, antai := companies["苏州宏达起重安装工程有限公司"], companies["江苏安泰防腐工程有限公司"]
	if hongda == "" || antai == "" {
		t.Fatalf("demo companies: %v", companies)
	}
	ok(t, e.post(ct+"/person/submit", admin, map[string]any{"companyId": antai, "name": "赵操作", "idCard": ctIDCard("32050219900101123"),
		"userId": e.userID(t, admin, "operator2")}), "operator2 as a worker of 安泰")
	papers := e.get(ed+"/paper/page?size=1", admin).list()
	if len(papers) == 0 {
		t.Fatal("no paper")
	}
	paper := str(papers[0].(map[string]any)["id"])
	now := time.Now()
	exam := func(companyIDs string) *resp {
		return e.post(ed+"/exam/submit", admin, map[string]any{"name": "承包商入场考试" + uniq(), "paperId": paper,
			"startTime": timefmt.Format(now.Add(-time.Minute)), "endTime": timefmt.Format(now.Add(24 * time.Hour)), "companyIds": companyIDs})
	}
	sees := func(tok, examID string) bool {
		t.Helper()
		r := e.get(ed+"/record/mine?examId_equal="+examID, tok)
		ok(t, r, "my exams")
		return len(r.list()) == 1
	}
	x := exam(hongda)
	ok(t, x, "an exam for 宏达")
	if x.dataMap()["userNames"] != "周承包" || x.dataMap()["companyIds"] != hongda {
		t.Fatalf("the exam's roster: %v / %v", x.dataMap()["userNames"], x.dataMap()["companyIds"])
	}
	if id := str(x.dataMap()["id"]); !sees(con, id) || sees(op2, id) {
		t.Fatalf("宏达's exam: contractor1 sees it %v, operator2 sees it %v", sees(con, id), sees(op2, id))
	}
	y := exam(antai)
	ok(t, y, "an exam for 安泰")
	if id := str(y.dataMap()["id"]); !sees(op2, id) || sees(con, id) {
		t.Fatalf("安泰's exam: operator2 sees it %v, contractor1 sees it %v", sees(op2, id), sees(con, id))
	}
	fails(t, exam("123"), 400, "承包商单位不存在", "an unknown company")
	fails(t, exam("宏达"), 400, "考试人员格式错误", "a company that is not an id")
	fails(t, exam(companies["昆山顺发劳务服务有限公司"]), 400, "没有有登录账号的人员", "a company whose workers have no account")
}
