package api

import (
	"strings"
	"testing"
)

// TestEducationMatrix (h-edu-matrix): the training matrix (post x required course), the
// compliance of each holder of a post, the caller's own shortfalls, the shortfall reminders
// (one desk message per person, shortfall and month), permissions, relation checks, bounds
// and tenant isolation, on every database.
func TestEducationMatrix(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			e.testMatrix(t)
		})
	}
}

func (e *env) testMatrix(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	op1 := e.login("100001", "operator1", "123456")
	op2 := e.login("100001", "operator2", "123456")
	const ed = "/api/education"
	const operatorPost, welderPost = "1000010000000000303", "1000010000000000304"

	// Demo: the posts of the tenant, its courses and the seeded cells.
	m := e.get(ed+"/matrix/detail", admin)
	ok(t, m, "matrix")
	md := m.dataMap()
	posts, courses, cells := md["posts"].([]any), md["courses"].([]any), md["cells"].([]any)
	if len(posts) < 4 || len(courses) < 2 || len(cells) != 4 {
		t.Fatalf("demo matrix: %s", truncate(m.Raw))
	}
	var video, doc string
	for _, c := range courses {
		cm := c.(map[string]any)
		switch {
		case strings.Contains(str(cm["name"]), "岗前"):
			video = str(cm["id"])
		case strings.Contains(str(cm["name"]), "说明书"):
			doc = str(cm["id"])
		}
	}
	rowOf := func(r *resp, name, post string) map[string]any {
		for _, x := range r.list() {
			if m := x.(map[string]any); str(m["userName"]) == name && str(m["postId"]) == post {
				return m
			}
		}
		return nil
	}
	page := func(filters string) *resp { return e.get(ed+"/compliance/page?size=100"+filters, admin) }

	// Compliance: operator1 completed the document (valid 12 months) but not the video; operator2 neither.
	r := page("")
	ok(t, r, "compliance")
	o1 := rowOf(r, "王操作", operatorPost)
	if o1 == nil || o1["required"].(float64) != 2 || o1["done"].(float64) != 1 || !strings.Contains(str(o1["missingNames"]), "岗前") {
		t.Fatalf("operator1's compliance: %v / %s", o1, truncate(r.Raw))
	}
	for _, it := range o1["items"].([]any) {
		im := it.(map[string]any)
		if str(im["courseId"]) == doc && (im["state"].(float64) != 1 || str(im["expireDate"]) == "") {
			t.Fatalf("operator1's document: %v", im)
		}
		if str(im["courseId"]) == video && im["state"].(float64) != 2 {
			t.Fatalf("operator1's video: %v", im)
		}
	}
	if o2 := rowOf(r, "赵操作", operatorPost); o2 == nil || o2["done"].(float64) != 0 || o2["missing"].(float64) != 2 {
		t.Fatalf("operator2's compliance: %v", o2)
	}
	if w := rowOf(r, "孙焊工", welderPost); w == nil || w["missing"].(float64) != 1 {
		t.Fatalf("the welder's compliance: %v", w)
	}
	// Filters: by post, by department (罐区 holds operator2 only), by name, short only.
	if n := len(page("&postId=" + welderPost).list()); n != 1 {
		t.Fatalf("post filter: %d rows", n)
	}
	tank := page("&deptId=1000010000000000205")
	if rowOf(tank, "赵操作", operatorPost) == nil || rowOf(tank, "王操作", operatorPost) != nil {
		t.Fatalf("department filter: %s", truncate(tank.Raw))
	}
	if n := len(page("&userName=王操作").list()); n != 1 {
		t.Fatalf("name filter: %d rows", n)
	}
	if p := e.get(ed+"/compliance/page?size=1&current=2", admin); len(p.list()) != 1 || p.dataMap()["total"].(float64) < 3 {
		t.Fatalf("paging: %s", truncate(p.Raw))
	}
	fails(t, page("&postId=abc"), 400, "岗位", "a bad post filter")
	fails(t, page("&userName="+strings.Repeat("名", 51)), 400, "姓名", "a long name")
	if x := e.get(ed+"/compliance/export?shortOnly=1", admin); x.Status != 200 || !strings.Contains(x.Header.Get("Content-Type"), "spreadsheet") {
		t.Fatalf("export: %d %s", x.Status, truncate(x.Raw))
	}

	// A cell toggles: the welder post requires the document too, with 0.3 学时 and 6 months; then cleared.
	cell := map[string]any{"postId": welderPost, "courseId": doc, "required": true, "hours": 0.3, "validMonths": 6}
	ok(t, e.post(ed+"/matrix/submit", admin, cell), "set a cell")
	if w := rowOf(page(""), "孙焊工", welderPost); w == nil || w["required"].(float64) != 2 {
		t.Fatalf("the welder after the new cell: %v", w)
	}
	// Bounds and relations: 学时 above the course's, validity out of range, unknown post or course.
	for _, c := range []struct {
		body map[string]any
		code int
		msg  string
	}{
		{map[string]any{"postId": welderPost, "courseId": doc, "required": true, "hours": 50}, 400, "不能超过"},
		{map[string]any{"postId": welderPost, "courseId": doc, "required": true, "validMonths": 121}, 400, "有效期"},
		{map[string]any{"postId": welderPost, "courseId": doc, "required": true, "hours": -1}, 400, "要求学时"},
		{map[string]any{"postId": "123", "courseId": doc, "required": true}, 400, "岗位不存在"},
		{map[string]any{"postId": welderPost, "courseId": "123", "required": true}, 400, "课程不存在"},
		{map[string]any{"courseId": doc, "required": true}, 400, "岗位和课程"},
	} {
		fails(t, e.post(ed+"/matrix/submit", admin, c.body), c.code, c.msg, c.msg)
	}
	ok(t, e.post(ed+"/matrix/submit", admin, map[string]any{"postId": welderPost, "courseId": doc, "required": false}), "clear the cell")
	if w := rowOf(page(""), "孙焊工", welderPost); w == nil || w["required"].(float64) != 1 {
		t.Fatalf("the welder after clearing: %v", w)
	}

	// My shortfalls: operator1 sees the video missing and this year's 学时 short.
	mine := e.get(ed+"/compliance/mine", op1)
	ok(t, mine, "my shortfalls")
	mp := mine.dataMap()
	if ps, _ := mp["posts"].([]any); len(ps) != 1 || ps[0].(map[string]any)["missing"].(float64) != 1 {
		t.Fatalf("operator1's shortfalls: %s", truncate(mine.Raw))
	}
	if h, _ := mp["hours"].(map[string]any); h == nil || h["short"].(float64) <= 0 {
		t.Fatalf("operator1's hours: %s", truncate(mine.Raw))
	}

	// Reminders: whatever is short goes out once; operator2 hears of both courses and the hours;
	// a second run in the same month sends nothing.
	run := e.post(ed+"/compliance/remind", admin, nil)
	ok(t, run, "send reminders")
	inbox := func(tok string) string { return string(e.get("/api/blade-desk/message/list?size=100", tok).Raw) }
	eventually(t, "operator2 hears of the missing courses and hours", func() bool {
		s := inbox(op2)
		return strings.Count(s, "培训缺项提醒") >= 3 && strings.Contains(s, "说明书阅读") && strings.Contains(s, "尚差")
	})
	if again := e.post(ed+"/compliance/remind", admin, nil); again.Body["data"] != 0.0 {
		t.Fatalf("second run sent again: %s", truncate(again.Raw))
	}
	if n := strings.Count(inbox(op2), "培训缺项提醒"); n != 3 {
		t.Fatalf("operator2 reminded %d times", n)
	}
	if s := inbox(op1); strings.Contains(s, "说明书阅读") || !strings.Contains(s, "岗前") {
		t.Fatalf("operator1's reminders (the document is done): %s", truncate([]byte(s)))
	}

	// Permissions: an operator has neither the page nor the edit or remind buttons.
	fails(t, e.get(ed+"/compliance/page", op1), 403, "", "compliance as an operator")
	fails(t, e.get(ed+"/matrix/detail", op1), 403, "", "the matrix as an operator")
	fails(t, e.post(ed+"/matrix/submit", op1, cell), 403, "", "a cell as an operator")
	fails(t, e.post(ed+"/compliance/remind", op1, nil), 403, "", "reminders as an operator")

	// Another tenant: none of tenant A's posts, courses or people; tenant A's post and course refused.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300119", "tenantName": "矩阵隔离测试公司"}), "tenant B")
	other := e.login("300119", "admin", "123456")
	ob := e.get(ed+"/matrix/detail", other)
	ok(t, ob, "tenant B matrix")
	if strings.Contains(string(ob.Raw), operatorPost) || strings.Contains(string(ob.Raw), doc) {
		t.Fatalf("tenant B sees tenant A's matrix: %s", truncate(ob.Raw))
	}
	fails(t, e.post(ed+"/matrix/submit", other, cell), 400, "岗位不存在", "tenant A's post from tenant B")
	if rb := e.get(ed+"/compliance/page?size=100", other); rb.Status != 200 || len(rb.list()) != 0 {
		t.Fatalf("tenant B compliance: %s", truncate(rb.Raw))
	}
}
