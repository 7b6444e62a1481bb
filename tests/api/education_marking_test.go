package api

import (
	"strings"
	"testing"
	"time"

	"anquan/kit/timefmt"
)

// TestEducationMarking: fill-in questions marked at once by their policy
// (exact or synonym, a share per blank), essays marked by hand by a manager
// (by candidate or by question, points within the question's score, audited);
// the result stays pending (待阅卷) until the last essay is marked, then the
// score, the pass and the certificate follow.
func TestEducationMarking(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			e.testEducationMarking(t)
		})
	}
}

func (e *env) testEducationMarking(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	op1 := e.login("100001", "operator1", "123456")
	op2 := e.login("100001", "operator2", "123456")

	// The demo: an attempt waiting for its essay to be marked.
	demo := e.get("/api/education/marking/page?state_equal=4", admin)
	ok(t, demo, "demo marking page")
	if len(demo.list()) < 1 {
		t.Fatalf("demo pending attempt: %s", truncate(demo.Raw))
	}

	cat := e.post("/api/education/category/submit", admin, map[string]any{"name": "阅卷分类" + uniq()})
	ok(t, cat, "category")
	catID := str(cat.dataMap()["id"])
	q := func(body map[string]any) *resp {
		body["categoryId"] = catID
		return e.post("/api/education/question/submit", admin, body)
	}
	fails(t, q(map[string]any{"type": 4, "content": "先__"}), 400, "填空题请至少设置一个空的答案", "fill-in without blanks")
	fails(t, q(map[string]any{"type": 4, "content": "先__", "policy": 9, "blanks": []map[string]any{{"answers": []string{"通风"}}}}), 400, "判分方式", "bad policy")
	fails(t, q(map[string]any{"type": 4, "content": "先__", "blanks": []map[string]any{{"answers": []string{"a", "b", "c", "d", "e", "f"}}}}), 400, "最多 5 项", "too many synonyms")
	fill := q(map[string]any{"type": 4, "content": "受限空间作业:先__、再__、后作业。", "policy": 2,
		"blanks": []map[string]any{{"answers": []string{"通风", "强制通风"}}, {"answers": []string{"检测"}}}})
	ok(t, fill, "fill-in")
	if fill.dataMap()["policy"] != 2.0 || !strings.Contains(string(fill.Raw), `"answers":["通风","强制通风"]`) {
		t.Fatalf("fill-in stored: %s", truncate(fill.Raw))
	}
	exact := q(map[string]any{"type": 4, "content": "火警电话是__。", "policy": 1, "blanks": []map[string]any{{"answers": []string{"119", "幺幺九"}}}})
	ok(t, exact, "exact fill-in")
	essay := q(map[string]any{"type": 5, "content": "简述动火监护人的职责。", "reference": "不得离开现场;发现异常立即停止作业。"})
	ok(t, essay, "essay")
	fillID, exactID, essayID := str(fill.dataMap()["id"]), str(exact.dataMap()["id"]), str(essay.dataMap()["id"])

	paper := e.post("/api/education/paper/submit", admin, map[string]any{"name": "含简答的考试", "mode": 1, "passScore": 30, "duration": 30,
		"questions": []map[string]any{{"questionId": fillID, "score": 10}, {"questionId": exactID, "score": 10}, {"questionId": essayID, "score": 20}}})
	ok(t, paper, "paper")
	op1ID, op2ID := e.userID(t, admin, "operator1"), e.userID(t, admin, "operator2")
	now := time.Now()
	x := e.post("/api/education/exam/submit", admin, map[string]any{"name": "简答题考试", "paperId": str(paper.dataMap()["id"]),
		"startTime": timefmt.Format(now.Add(-time.Minute)), "endTime": timefmt.Format(now.Add(24 * time.Hour)), "userIds": op1ID + "," + op2ID})
	ok(t, x, "exam")
	examID := str(x.dataMap()["id"])

	recID := str(e.get("/api/education/record/mine?examId_equal="+examID, op1).list()[0].(map[string]any)["id"])
	st := e.post("/api/education/record/start?id="+recID, op1, nil)
	ok(t, st, "start")
	if strings.Contains(string(st.Raw), "强制通风") || strings.Contains(string(st.Raw), "不得离开现场") || !strings.Contains(string(st.Raw), `"blankCount":2`) {
		t.Fatalf("a started attempt shows blanks to fill, not their answers: %s", truncate(st.Raw))
	}
	fails(t, e.post("/api/education/record/answer", op1, map[string]any{"id": recID, "answers": []map[string]any{{"questionId": fillID, "fills": []string{"a", "b", "c"}}}}),
		400, "只有 2 个空", "three fills for two blanks")
	ok(t, e.post("/api/education/record/answer", op1, map[string]any{"id": recID, "answers": []map[string]any{
		{"questionId": fillID, "fills": []string{" 强制通风 ", "检测"}}, {"questionId": exactID, "fills": []string{"幺幺九"}}}}), "answer fill-in")
	sub := e.post("/api/education/record/submit", op1, map[string]any{"id": recID, "answers": []map[string]any{{"questionId": essayID, "given": "监护人不得离开现场。"}}})
	ok(t, sub, "submit")
	if m := sub.dataMap(); m["state"] != 4.0 || m["passed"] != false || m["certNo"] != "" || m["score"] != 0.0 {
		t.Fatalf("pending until marked: %s", truncate(sub.Raw))
	}
	if strings.Contains(string(sub.Raw), "不得离开现场;") {
		t.Fatalf("the reference is shown to the candidate before marking: %s", truncate(sub.Raw))
	}
	fails(t, e.post("/api/education/record/submit", op1, map[string]any{"id": recID}), 400, "不能重复提交", "submit twice")

	// Marking: managers only, never one's own.
	fails(t, e.get("/api/education/marking/page", op1), 403, "", "operator lists marking")
	fails(t, e.post("/api/education/marking/submit", op1, map[string]any{"recordId": recID, "marks": []map[string]any{{"questionId": essayID, "got": 20}}}),
		403, "", "operator marks")
	pg := e.get("/api/education/marking/page?state_equal=4&examId_equal="+examID, admin)
	if len(pg.list()) != 1 || str(pg.list()[0].(map[string]any)["id"]) != recID {
		t.Fatalf("marking page: %s", truncate(pg.Raw))
	}
	mq := e.get("/api/education/marking/questions?id="+examID, admin)
	ok(t, mq, "marking questions")
	if len(mq.list()) != 1 || mq.list()[0].(map[string]any)["pending"] != 1.0 || str(mq.list()[0].(map[string]any)["questionId"]) != essayID {
		t.Fatalf("essay questions to mark: %s", truncate(mq.Raw))
	}
	ma := e.get("/api/education/marking/answers?examId="+examID+"&questionId="+fillID, admin)
	if len(ma.list()) != 1 || !strings.Contains(string(ma.Raw), `"fills":["强制通风","检测"]`) || ma.list()[0].(map[string]any)["got"] != 10.0 {
		t.Fatalf("the marker sees fill-in answers as text: %s", truncate(ma.Raw))
	}
	md := e.get("/api/education/record/detail?id="+recID, admin)
	if !strings.Contains(string(md.Raw), "不得离开现场;") {
		t.Fatalf("the marker sees the reference: %s", truncate(md.Raw))
	}
	mark := func(got int, qid string) *resp {
		return e.post("/api/education/marking/submit", admin, map[string]any{"recordId": recID, "marks": []map[string]any{{"questionId": qid, "got": got, "comment": "要点基本齐全"}}})
	}
	fails(t, mark(21, essayID), 400, "得分应在 0 到 20 之间", "above the score")
	fails(t, mark(-1, essayID), 400, "得分应在 0 到 20 之间", "negative")
	fails(t, mark(5, fillID), 400, "不是简答题", "a fill-in by hand")
	other := str(e.get("/api/education/record/mine?examId_equal="+examID, op2).list()[0].(map[string]any)["id"])
	fails(t, e.post("/api/education/marking/submit", admin, map[string]any{"recordId": other, "marks": []map[string]any{{"questionId": essayID, "got": 1}}}),
		400, "尚未交卷", "mark an attempt not handed in")
	done := mark(15, essayID)
	ok(t, done, "mark")
	// Synonym policy: both blanks right (10); exact policy: a synonym is wrong (0); essay 15.
	if m := done.dataMap(); m["state"] != 2.0 || m["score"] != 25.0 || m["passed"] != false || m["certNo"] != "" {
		t.Fatalf("marked attempt: %s", truncate(done.Raw))
	}
	fails(t, mark(20, essayID), 400, "已阅完", "mark twice")
	mine := e.get("/api/education/record/detail?id="+recID, op1)
	if mine.dataMap()["state"] != 2.0 || !strings.Contains(string(mine.Raw), `"comment":"要点基本齐全"`) || !strings.Contains(string(mine.Raw), `"got":15`) {
		t.Fatalf("the candidate's marked paper: %s", truncate(mine.Raw))
	}

	// op2 passes once marked: the certificate comes with the last mark.
	r2 := str(e.get("/api/education/record/mine?examId_equal="+examID, op2).list()[0].(map[string]any)["id"])
	ok(t, e.post("/api/education/record/start?id="+r2, op2, nil), "start op2")
	ok(t, e.post("/api/education/record/submit", op2, map[string]any{"id": r2, "answers": []map[string]any{
		{"questionId": fillID, "fills": []string{"通风", "检测"}}, {"questionId": exactID, "fills": []string{"119"}}, {"questionId": essayID, "given": "不离开现场"}}}), "submit op2")
	safety := e.login("100001", "safety", "123456")
	p2 := e.post("/api/education/marking/submit", safety, map[string]any{"recordId": r2, "marks": []map[string]any{{"questionId": essayID, "got": 12}}})
	ok(t, p2, "safety manager marks")
	if m := p2.dataMap(); m["state"] != 2.0 || m["score"] != 32.0 || m["passed"] != true || !strings.HasPrefix(str(m["certNo"]), "AQPX-") {
		t.Fatalf("passed once marked: %s", truncate(p2.Raw))
	}
	// Shuffling: each candidate's own order, the same on a reload; the key follows the options.
	opts := []map[string]any{{"text": "甲"}, {"text": "乙"}, {"text": "丙"}, {"text": "丁"}}
	var fixed []map[string]any
	for i := 0; i < 4; i++ {
		c := q(map[string]any{"type": 1, "content": "乱序题" + string(rune('1'+i)), "options": opts, "answer": "C"})
		ok(t, c, "choice")
		fixed = append(fixed, map[string]any{"questionId": str(c.dataMap()["id"]), "score": 25})
	}
	sp := e.post("/api/education/paper/submit", admin, map[string]any{"name": "乱序试卷", "mode": 1, "passScore": 60, "duration": 30, "questions": fixed})
	ok(t, sp, "shuffle paper")
	sx := e.post("/api/education/exam/submit", admin, map[string]any{"name": "乱序考试", "paperId": str(sp.dataMap()["id"]), "shuffleQuestions": true, "shuffleOptions": true,
		"startTime": timefmt.Format(now.Add(-time.Minute)), "endTime": timefmt.Format(now.Add(24 * time.Hour)), "userIds": op1ID})
	ok(t, sx, "shuffled exam")
	if sx.dataMap()["shuffleQuestions"] != true || sx.dataMap()["shuffleOptions"] != true {
		t.Fatalf("shuffle flags: %s", truncate(sx.Raw))
	}
	sr := str(e.get("/api/education/record/mine?examId_equal="+str(sx.dataMap()["id"]), op1).list()[0].(map[string]any)["id"])
	s1 := e.post("/api/education/record/start?id="+sr, op1, nil)
	ok(t, s1, "start shuffled")
	first := func(r *resp) any { return r.dataMap()["questions"].([]any)[0].(map[string]any)["content"] }
	if again := e.get("/api/education/record/detail?id="+sr, op1); first(again) != first(s1) || !strings.Contains(string(again.Raw), "乱序题") {
		t.Fatalf("the order changed on a reload: %s", truncate(again.Raw))
	}
	var picks []map[string]any
	for _, it := range s1.dataMap()["questions"].([]any) {
		m := it.(map[string]any)
		for _, o := range m["options"].([]any) {
			if o.(map[string]any)["text"] == "丙" {
				picks = append(picks, map[string]any{"questionId": m["questionId"], "given": o.(map[string]any)["key"]})
			}
		}
	}
	if sd := e.post("/api/education/record/submit", op1, map[string]any{"id": sr, "answers": picks}); sd.dataMap()["score"] != 100.0 {
		t.Fatalf("the key does not follow the shuffled options: %s", truncate(sd.Raw))
	}

	// Attempts: a failed result may be retaken while attempts are left.
	fails(t, e.post("/api/education/exam/submit", admin, map[string]any{"name": "次数", "paperId": str(sp.dataMap()["id"]), "maxAttempts": 11,
		"startTime": timefmt.Format(now.Add(-time.Minute)), "endTime": timefmt.Format(now.Add(time.Hour)), "userIds": op2ID}), 400, "考试次数应在 1 到 10 之间", "11 attempts")
	rx := e.post("/api/education/exam/submit", admin, map[string]any{"name": "可重考", "paperId": str(sp.dataMap()["id"]), "maxAttempts": 2,
		"startTime": timefmt.Format(now.Add(-time.Minute)), "endTime": timefmt.Format(now.Add(time.Hour)), "userIds": op2ID})
	ok(t, rx, "retake exam")
	firstTry := str(e.get("/api/education/record/mine?examId_equal="+str(rx.dataMap()["id"]), op2).list()[0].(map[string]any)["id"])
	fails(t, e.post("/api/education/record/retake?id="+firstTry, op2, nil), 400, "只有已阅完的考试可以重考", "retake before sitting")
	ok(t, e.post("/api/education/record/start?id="+firstTry, op2, nil), "start 1")
	ok(t, e.post("/api/education/record/submit", op2, map[string]any{"id": firstTry}), "fail 1")
	fails(t, e.post("/api/education/record/retake?id="+firstTry, op1, nil), 403, "只能参加本人的考试", "another's retake")
	second := e.post("/api/education/record/retake?id="+firstTry, op2, nil)
	ok(t, second, "retake")
	if m := second.dataMap(); m["attempt"] != 2.0 || m["maxAttempts"] != 2.0 || m["state"] != 0.0 {
		t.Fatalf("second attempt: %s", truncate(second.Raw))
	}
	fails(t, e.post("/api/education/record/retake?id="+firstTry, op2, nil), 400, "请在最近一次考试上重考", "retake an old attempt")
	sid := str(second.dataMap()["id"])
	ok(t, e.post("/api/education/record/start?id="+sid, op2, nil), "start 2")
	ok(t, e.post("/api/education/record/submit", op2, map[string]any{"id": sid}), "fail 2")
	fails(t, e.post("/api/education/record/retake?id="+sid, op2, nil), 400, "考试次数已用完", "no attempts left")

	// Results as xlsx: a manager the tenant's, anyone else only their own.
	rows := e.exportRows(t, "/api/education/record/export?examId_equal="+str(rx.dataMap()["id"]), admin)
	if len(rows) != 3 || rows[0][0] != "考试名称" || rows[1][1] != "赵操作" || rows[1][7] != "不合格" {
		t.Fatalf("results export: %v", rows)
	}
	if own := e.exportRows(t, "/api/education/record/export?examId_equal="+str(rx.dataMap()["id"]), op1); len(own) != 1 {
		t.Fatalf("an operator exports another's results: %v", own)
	}

	// Audited: the marks are updates of the attempt in the education log.
	audit := e.get("/api/audit-log/page?service=education&size=50&recordIds="+r2, admin)
	ok(t, audit, "audit")
	if !strings.Contains(string(audit.Raw), `"account":"safety"`) || !strings.Contains(string(audit.Raw), "edu_record") {
		t.Fatalf("marking audited: %s", truncate(audit.Raw))
	}
}
