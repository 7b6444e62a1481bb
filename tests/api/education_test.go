package api

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"anquan/kit/seedids"
	"anquan/kit/timefmt"
)

// TestEducation: the demo bank, papers and exams; questions, papers and
// exams validated with Chinese refusals; a person takes their own exam
// (questions without keys, answers saved, scored on the server, a
// certificate on passing) and nobody else's; the server hands in an attempt
// at its deadline; managers and other people, and another tenant, see what
// they may.
func TestEducation(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			e.testEducation(t)
		})
	}
}

func (e *env) testEducation(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	op1 := e.login("100001", "operator1", "123456")
	op2 := e.login("100001", "operator2", "123456")

	// Demo data.
	cats := e.get("/api/education/category/list?size=50", admin)
	ok(t, cats, "categories")
	if len(cats.list()) < 4 {
		t.Fatalf("demo categories: %s", truncate(cats.Raw))
	}
	qs := e.get("/api/education/question/page?size=100", admin)
	ok(t, qs, "questions")
	if len(qs.list()) < 13 {
		t.Fatalf("demo questions: %d", len(qs.list()))
	}
	if r := e.get("/api/education/exam/page", admin); len(r.list()) < 2 {
		t.Fatalf("demo exams: %s", truncate(r.Raw))
	}
	if r := e.get("/api/education/certificate/page", admin); len(r.list()) < 1 {
		t.Fatalf("demo certificate: %s", truncate(r.Raw))
	}
	// The bank holds the answers: people without the menu are refused.
	fails(t, e.get("/api/education/question/page", op1), 403, "", "question bank as an operator")

	// Validation.
	cat := e.post("/api/education/category/submit", admin, map[string]any{"name": "测试分类" + uniq(), "sort": 9})
	ok(t, cat, "category")
	catID := str(cat.dataMap()["id"])
	fails(t, e.post("/api/education/category/submit", admin, map[string]any{"name": " "}), 400, "请填写分类名称", "empty category")
	q := func(body map[string]any) *resp {
		body["categoryId"] = catID
		return e.post("/api/education/question/submit", admin, body)
	}
	opts := []map[string]any{{"text": "甲"}, {"text": "乙"}, {"text": "丙"}}
	fails(t, q(map[string]any{"type": 9, "content": "x", "answer": "A"}), 400, "题型只能是", "bad type")
	fails(t, q(map[string]any{"type": 1, "content": "", "options": opts, "answer": "A"}), 400, "请填写题干", "no content")
	fails(t, q(map[string]any{"type": 1, "content": "单选", "options": opts, "answer": "A,B"}), 400, "单选题只能有一个答案", "two answers")
	fails(t, q(map[string]any{"type": 2, "content": "多选", "options": opts, "answer": "A"}), 400, "至少两个选项", "multiple with one")
	fails(t, q(map[string]any{"type": 1, "content": "单选", "options": opts, "answer": "E"}), 400, "不是本题的选项", "answer not an option")
	fails(t, q(map[string]any{"type": 3, "content": "判断", "answer": "X"}), 400, "判断题答案", "judge answer")
	single := q(map[string]any{"type": 1, "content": "动火分析合格后多久未动火须重新分析?", "options": opts, "answer": "b", "analysis": "60 分钟"})
	ok(t, single, "single")
	multi := q(map[string]any{"type": 2, "content": "哪些属于特殊作业?", "options": opts, "answer": "C, A"})
	ok(t, multi, "multiple")
	if multi.dataMap()["answer"] != "A,C" {
		t.Fatalf("canonical answer: %v", multi.dataMap()["answer"])
	}
	judge := q(map[string]any{"type": 3, "content": "受限空间作业前须检测气体。", "answer": "正确"})
	ok(t, judge, "judge")
	ids := []string{str(single.dataMap()["id"]), str(multi.dataMap()["id"]), str(judge.dataMap()["id"])}
	fails(t, e.post("/api/education/category/remove?ids="+catID, admin, nil), 400, "分类下还有试题", "remove used category")

	// Papers.
	fails(t, e.post("/api/education/paper/submit", admin, map[string]any{"name": "随机", "mode": 2, "passScore": 10, "duration": 10,
		"rules": []map[string]any{{"categoryId": catID, "type": 1, "count": 5, "score": 10}}}), 400, "题库中只有 1 道", "not enough to draw")
	fails(t, e.post("/api/education/paper/submit", admin, map[string]any{"name": "固定", "mode": 1, "passScore": 99, "duration": 10,
		"questions": []map[string]any{{"questionId": ids[0], "score": 10}}}), 400, "及格分应在 1 到总分 10 之间", "pass above total")
	fails(t, e.post("/api/education/paper/submit", admin, map[string]any{"name": "固定", "mode": 1, "passScore": 5, "duration": 0,
		"questions": []map[string]any{{"questionId": ids[0], "score": 10}}}), 400, "考试时长", "no duration")
	paper := e.post("/api/education/paper/submit", admin, map[string]any{"name": "动火作业考试", "mode": 1, "passScore": 20, "duration": 30,
		"questions": []map[string]any{{"questionId": ids[0], "score": 10}, {"questionId": ids[1], "score": 10}, {"questionId": ids[2], "score": 10}}})
	ok(t, paper, "fixed paper")
	if paper.dataMap()["totalScore"] != 30.0 || paper.dataMap()["questionCount"] != 3.0 {
		t.Fatalf("paper totals: %v", paper.dataMap())
	}
	paperID := str(paper.dataMap()["id"])
	rnd := e.post("/api/education/paper/submit", admin, map[string]any{"name": "随机抽题", "mode": 2, "passScore": 10, "duration": 10,
		"rules": []map[string]any{{"type": 1, "count": 3, "score": 5}, {"categoryId": catID, "type": 3, "count": 1, "score": 5}}})
	ok(t, rnd, "random paper")

	// Exams.
	op1ID, op2ID := e.userID(t, admin, "operator1"), e.userID(t, admin, "operator2")
	now := time.Now()
	exam := func(body map[string]any) *resp { return e.post("/api/education/exam/submit", admin, body) }
	fails(t, exam(map[string]any{"name": "考", "paperId": paperID, "startTime": timefmt.Format(now), "endTime": timefmt.Format(now.Add(-time.Hour)), "userIds": op1ID}),
		400, "结束时间应晚于开始时间", "end before start")
	fails(t, exam(map[string]any{"name": "考", "paperId": paperID, "startTime": timefmt.Format(now), "endTime": timefmt.Format(now.Add(time.Hour)), "userIds": "123"}),
		400, "考试人员不存在", "unknown person")
	fails(t, exam(map[string]any{"name": "考", "paperId": paperID, "startTime": "明天", "endTime": timefmt.Format(now.Add(time.Hour)), "userIds": op1ID}),
		400, "开始时间格式", "bad time")
	x := exam(map[string]any{"name": "动火作业专项考试", "paperId": paperID, "startTime": timefmt.Format(now.Add(-time.Minute)),
		"endTime": timefmt.Format(now.Add(24 * time.Hour)), "userIds": op1ID + "," + op2ID})
	ok(t, x, "exam")
	examID := str(x.dataMap()["id"])
	if x.dataMap()["userNames"] != "王操作,赵操作" {
		t.Fatalf("exam people: %v", x.dataMap()["userNames"])
	}

	// By department and role: the named person first, then the members of 合成车间 (its
	// subtree) and of the role 作业人员, each once.
	groups := func(depts, roles string) *resp {
		return exam(map[string]any{"name": "车间全员考试", "paperId": paperID, "startTime": timefmt.Format(now.Add(-time.Minute)),
			"endTime": timefmt.Format(now.Add(24 * time.Hour)), "userIds": e.userID(t, admin, "safety"), "deptIds": depts, "roleIds": roles})
	}
	g := groups(fmt.Sprint(seedids.DemoWorkshop1Dept), fmt.Sprint(seedids.DemoOperatorRole))
	ok(t, g, "exam by department and role")
	if g.dataMap()["userNames"] != "李安全,张主任,王操作,赵操作,孙焊工" || g.dataMap()["deptIds"] != fmt.Sprint(seedids.DemoWorkshop1Dept) {
		t.Fatalf("exam by groups: %v / %v", g.dataMap()["userNames"], g.dataMap()["deptIds"])
	}
	fails(t, exam(map[string]any{"name": "考", "paperId": paperID, "startTime": timefmt.Format(now), "endTime": timefmt.Format(now.Add(time.Hour)),
		"roleIds": "1"}), 400, "所选部门、角色下没有人员", "a role with nobody (or of another tenant)")
	fails(t, exam(map[string]any{"name": "考", "paperId": paperID, "startTime": timefmt.Format(now), "endTime": timefmt.Format(now.Add(time.Hour)),
		"deptIds": "车间"}), 400, "考试人员格式错误", "a department that is not an id")
	fails(t, exam(map[string]any{"name": "考", "paperId": paperID, "startTime": timefmt.Format(now), "endTime": timefmt.Format(now.Add(time.Hour))}),
		400, "请选择考试人员、部门或角色", "nobody")

	// Taking it: each person only their own attempt.
	mine := e.get("/api/education/record/mine?examId_equal="+examID, op1)
	ok(t, mine, "my exams")
	if len(mine.list()) != 1 {
		t.Fatalf("operator1's attempts: %s", truncate(mine.Raw))
	}
	recID := str(mine.list()[0].(map[string]any)["id"])
	all := e.get("/api/education/record/page?examId_equal="+examID, op2)
	if len(all.list()) != 1 || str(all.list()[0].(map[string]any)["userId"]) != op2ID {
		t.Fatalf("operator2 sees only its own results: %s", truncate(all.Raw))
	}
	fails(t, e.post("/api/education/record/start?id="+recID, op2, nil), 403, "只能参加本人的考试", "start another's exam")
	fails(t, e.get("/api/education/record/detail?id="+recID, op2), 403, "只能查看自己的考试", "read another's exam")
	fails(t, e.post("/api/education/record/answer", op1, map[string]any{"id": recID, "answers": []map[string]any{{"questionId": ids[0], "given": "B"}}}),
		400, "请先开始考试", "answer before start")
	st := e.post("/api/education/record/start?id="+recID, op1, nil)
	ok(t, st, "start")
	if st.dataMap()["state"] != 1.0 || st.dataMap()["deadline"] == "" || strings.Contains(string(st.Raw), `"analysis":"60`) {
		t.Fatalf("started attempt: %s", truncate(st.Raw))
	}
	for _, it := range st.dataMap()["questions"].([]any) {
		if a := it.(map[string]any)["answer"]; a != nil && a != "" {
			t.Fatalf("the key is shown before marking: %s", truncate(st.Raw))
		}
	}
	fails(t, e.post("/api/education/record/answer", op1, map[string]any{"id": recID, "answers": []map[string]any{{"questionId": ids[0], "given": "Z"}}}),
		400, "不是本题的选项", "answer not an option")
	fails(t, e.post("/api/education/record/answer", op2, map[string]any{"id": recID, "answers": []map[string]any{{"questionId": ids[0], "given": "A"}}}),
		403, "只能参加本人的考试", "answer another's exam")
	ok(t, e.post("/api/education/record/answer", op1, map[string]any{"id": recID, "answers": []map[string]any{{"questionId": ids[0], "given": "B"}, {"questionId": ids[1], "given": "A,C"}}}), "answer")
	// A reload keeps the answers.
	d := e.get("/api/education/record/detail?id="+recID, op1)
	ok(t, d, "detail")
	if !strings.Contains(string(d.Raw), `"given":"A,C"`) || d.dataMap()["score"] != 0.0 {
		t.Fatalf("saved answers: %s", truncate(d.Raw))
	}
	sub := e.post("/api/education/record/submit", op1, map[string]any{"id": recID, "answers": []map[string]any{{"questionId": ids[2], "given": "T"}}})
	ok(t, sub, "submit")
	if m := sub.dataMap(); m["state"] != 2.0 || m["score"] != 30.0 || m["passed"] != true || !strings.HasPrefix(str(m["certNo"]), "AQPX-") {
		t.Fatalf("marked attempt: %s", truncate(sub.Raw))
	}
	if !strings.Contains(string(sub.Raw), `"analysis":"60 分钟"`) {
		t.Fatalf("analysis after marking: %s", truncate(sub.Raw))
	}
	fails(t, e.post("/api/education/record/submit", op1, map[string]any{"id": recID}), 400, "不能重复提交", "submit twice")
	certs := e.get("/api/education/certificate/page", op1)
	ok(t, certs, "my certificates")
	if len(certs.list()) != 1 {
		t.Fatalf("operator1's certificates: %s", truncate(certs.Raw))
	}
	certID := str(certs.list()[0].(map[string]any)["id"])
	fails(t, e.get("/api/education/certificate/detail?id="+certID, op2), 403, "只能查看自己的证书", "another's certificate")
	if c := e.get("/api/education/certificate/detail?id="+certID, op1); c.dataMap()["userName"] != "王操作" || c.dataMap()["score"] != 30.0 {
		t.Fatalf("certificate: %s", truncate(c.Raw))
	}
	ex := e.get("/api/education/exam/detail?id="+examID, admin)
	if ex.dataMap()["submitted"] != 1.0 || ex.dataMap()["passed"] != 1.0 || ex.dataMap()["assigned"] != 2.0 {
		t.Fatalf("exam counts: %s", truncate(ex.Raw))
	}
	// Started exams stay: no removal, no paper change, no dropping a candidate who sat it.
	fails(t, e.post("/api/education/exam/remove?ids="+examID, admin, nil), 400, "已有人员参加", "remove a sat exam")
	fails(t, exam(map[string]any{"id": examID, "name": "动火作业专项考试", "paperId": paperID, "startTime": x.dataMap()["startTime"],
		"endTime": x.dataMap()["endTime"], "userIds": op2ID}), 400, "已参加考试,不能移出", "drop a candidate who sat")
	fails(t, e.post("/api/education/paper/remove?ids="+paperID, admin, nil), 400, "已被考试使用", "remove a used paper")

	// The server ends an attempt at its deadline (the exam's end here).
	short := exam(map[string]any{"name": "限时考试", "paperId": paperID, "startTime": timefmt.Format(now.Add(-time.Minute)),
		"endTime": timefmt.Format(time.Now().Add(3 * time.Second)), "userIds": op2ID})
	ok(t, short, "short exam")
	r2 := e.get("/api/education/record/mine?examId_equal="+str(short.dataMap()["id"]), op2).list()[0].(map[string]any)
	ok(t, e.post("/api/education/record/start?id="+str(r2["id"]), op2, nil), "start short")
	ok(t, e.post("/api/education/record/answer", op2, map[string]any{"id": r2["id"], "answers": []map[string]any{{"questionId": ids[2], "given": "T"}}}), "answer short")
	time.Sleep(4 * time.Second)
	fails(t, e.post("/api/education/record/answer", op2, map[string]any{"id": r2["id"], "answers": []map[string]any{{"questionId": ids[0], "given": "B"}}}),
		400, "答案不能再修改", "answer after the deadline")
	late := e.get("/api/education/record/detail?id="+str(r2["id"]), op2).dataMap()
	if late["state"] != 2.0 || late["autoSubmitted"] != true || late["score"] != 10.0 || late["passed"] != false {
		t.Fatalf("handed in at the deadline: %v", late)
	}

	// Another tenant sees nothing of this one.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300017", "tenantName": "教育乙方"}), "tenant B")
	other := e.login("300017", "admin", "123456")
	fails(t, e.get("/api/education/record/detail?id="+recID, other), 400, "考试记录不存在", "another tenant's attempt")
	fails(t, e.post("/api/education/exam/submit", other, map[string]any{"id": examID, "name": "越权", "paperId": paperID, "startTime": x.dataMap()["startTime"],
		"endTime": x.dataMap()["endTime"], "userIds": op1ID}), 400, "", "another tenant's exam")
	if r := e.get("/api/education/question/page", other); len(r.list()) != 0 {
		t.Fatalf("another tenant's bank: %s", truncate(r.Raw))
	}
	// A non-manager with the bank's buttons may not change someone else's question.
	safety := e.login("100001", "safety", "123456")
	ok(t, e.post("/api/education/question/submit", safety, map[string]any{"id": ids[2], "categoryId": catID, "type": 3, "content": "受限空间作业前须检测气体并通风。", "answer": "T"}), "manager edits")
}

// TestEducationImport (h-eduimp): the question import template downloads;
// a file with one wrong row imports nothing and names the row; a good file
// imports every row; people without the button are refused.
func TestEducationImport(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			e.testEducationImport(t)
		})
	}
}

func importFile(t *testing.T, rows [][]string) string {
	t.Helper()
	f := excelize.NewFile()
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		vals := make([]any, len(r))
		for j, v := range r {
			vals[j] = v
		}
		if err := f.SetSheetRow("Sheet1", cell, &vals); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes())
}

func (e *env) testEducationImport(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	op1 := e.login("100001", "operator1", "123456")

	// The template: an xlsx whose header and examples a manager fills in.
	x := e.get("/api/education/question/import-template", admin)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("template: %d %v %s", x.Status, x.Header, truncate(x.Raw))
	}
	f, err := excelize.OpenReader(bytes.NewReader(x.Raw))
	if err != nil {
		t.Fatalf("template is not xlsx: %v", err)
	}
	tpl, _ := f.GetRows(f.GetSheetName(0))
	if len(tpl) < 6 || tpl[0][0] != "题型" || tpl[0][9] != "正确答案" {
		t.Fatalf("template rows: %v", tpl)
	}
	fails(t, e.get("/api/education/question/import-template", op1), 403, "", "template as an operator")

	catName := "导入分类" + uniq()
	cat := e.post("/api/education/category/submit", admin, map[string]any{"name": catName})
	ok(t, cat, "category")
	count := func() int {
		r := e.get("/api/education/question/page?size=100&categoryId="+str(cat.dataMap()["id"]), admin)
		ok(t, r, "questions of the category")
		return len(r.list())
	}
	row := func(typ, content string, opts []string, answer, difficulty string) []string {
		r := []string{typ, catName, content, "", "", "", "", "", "", answer, difficulty, "", "", ""}
		copy(r[3:9], opts)
		return r
	}
	good := [][]string{tpl[0],
		row("单选题", "动火分析合格后多久未动火须重新分析?", []string{"30分钟", "60分钟"}, "A", "容易"),
		row("多选题", "哪些属于特殊作业?", []string{"动火", "受限空间", "巡检"}, "A,B", "中等"),
		row("判断题", "高处作业须系安全带。", nil, "正确", ""),
		row("填空题", "安全生产方针:安全第一、____为主、综合治理。", nil, "预防/预防为主", ""),
		row("简答题", "简述受限空间作业的主要风险。", nil, "中毒、窒息、爆炸。", "困难"),
	}
	bad := append([][]string{}, good...)
	bad[3] = row("判断题", "高处作业须系安全带。", nil, "也许", "")

	// One wrong row: nothing imported, the row and the column named.
	r := e.post("/api/education/question/import", admin, map[string]any{"file": importFile(t, bad)})
	ok(t, r, "import with a wrong row")
	errsList, _ := r.dataMap()["errors"].([]any)
	if len(errsList) != 1 || importNum(r.dataMap()["imported"]) != 0 {
		t.Fatalf("wrong row: %s", truncate(r.Raw))
	}
	if e0 := errsList[0].(map[string]any); importNum(e0["row"]) != 4 || e0["column"] != "正确答案" || !strings.Contains(e0["message"].(string), "判断题答案") {
		t.Fatalf("error names: %v", e0)
	}
	if n := count(); n != 0 {
		t.Fatalf("a wrong file imported %d questions", n)
	}
	// Whole-file refusals in Chinese; operators have no button.
	fails(t, e.post("/api/education/question/import", admin, map[string]any{"file": base64.StdEncoding.EncodeToString([]byte("not a workbook"))}), 400, "不是有效的 xlsx 文件", "not xlsx")
	fails(t, e.post("/api/education/question/import", admin, map[string]any{"file": importFile(t, [][]string{{"题目"}, {"x"}})}), 400, "请使用导入模板", "wrong header")
	fails(t, e.post("/api/education/question/import", op1, map[string]any{"file": importFile(t, good)}), 403, "", "import as an operator")

	// A good file: every row imported.
	r = e.post("/api/education/question/import", admin, map[string]any{"file": importFile(t, good)})
	ok(t, r, "import")
	if importNum(r.dataMap()["imported"]) != 5 || r.dataMap()["errors"] != nil && len(r.dataMap()["errors"].([]any)) > 0 {
		t.Fatalf("import: %s", truncate(r.Raw))
	}
	if n := count(); n != 5 {
		t.Fatalf("imported %d questions, want 5", n)
	}
}

func importNum(v any) int { f, _ := v.(float64); return int(f) }
