package api

import (
	"net/url"
	"strings"
	"testing"

	"anquan/kit/db"
)

const rec = "/api/records"

// TestRecords: the chemical ledger (the demo rows, CAS check digit, enum
// bounds, GHS codes, the MSDS bounds, stock per location and the quantity
// read for the major-hazard calculation, the export) and the controlled
// documents (draft -> published -> superseded by a revision, the old
// version still readable; publication to named readers with a desk
// message; read confirmations only by the person concerned; who has not
// confirmed), with buttons, object-level checks and tenant isolation.
func TestRecords(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			var e *env
			t.Cleanup(func() {
				if e != nil && e.cfg.DB.Driver != "sqlite" {
					_ = db.DropDatabase(e.cfg, "records")
				}
			})
			e = start(t, b)
			e.testRecordsChemicals(t)
			e.testRecordsDocuments(t)
			e.testRecordsAccess(t)
		})
	}
}

func (e *env) testRecordsChemicals(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	safety := e.login("100001", "safety", "123456")
	r := e.get(rec+"/chemical/page", a)
	ok(t, r, "chemical page")
	if len(r.list()) != 5 {
		t.Fatalf("seeded chemicals: %s", truncate(r.Raw))
	}
	m := e.one(t, rec+"/chemical/page?cas=67-56-1", a, "name", "甲醇")
	if m["totalQuantity"] != 500.0 || m["keySupervised"] != true || m["ghsClasses"] != "FLL,ATO,STS" || m["msdsHazards"] != nil && m["msdsHazards"] != "" {
		t.Fatalf("methanol in the list (no MSDS there): %v", m)
	}
	d := e.get(rec+"/chemical/detail?id="+str(m["id"]), a).dataMap()
	if !strings.Contains(str(d["msdsFireFighting"]), "抗溶性泡沫") {
		t.Fatalf("methanol detail: %v", d)
	}
	if n := len(e.get(rec+"/chemical/page?highlyToxic=1", a).list()); n != 1 {
		t.Fatalf("highly toxic: %d", n)
	}
	if n := len(e.get(rec+"/chemical/page?category=1", a).list()); n != 3 {
		t.Fatalf("class 1: %d", n)
	}

	// Bounds and the CAS check digit.
	base := map[string]any{"name": "乙醇" + uniq(), "cas": "64-17-5", "category": 2, "unit": 1, "ghsClasses": "fll,eye"}
	with := func(k string, v any) map[string]any {
		c := copyMap(base)
		c[k] = v
		return c
	}
	fails(t, e.post(rec+"/chemical/submit", safety, with("cas", "64-17-6")), 400, "CAS 号「64-17-6」无效", "wrong check digit")
	fails(t, e.post(rec+"/chemical/submit", safety, with("cas", "6417-5")), 400, "CAS 号", "wrong shape")
	fails(t, e.post(rec+"/chemical/submit", safety, with("cas", "67-56-1")), 400, "已登记", "duplicate CAS")
	fails(t, e.post(rec+"/chemical/submit", safety, with("category", 8)), 400, "", "class 8")
	noClass := copyMap(base)
	delete(noClass, "category")
	fails(t, e.post(rec+"/chemical/submit", safety, noClass), 400, "请填写危险化学品类别", "no class: not recorded as 爆炸品 (0)")
	fails(t, e.post(rec+"/chemical/submit", safety, with("materialState", 5)), 400, "", "state 5")
	fails(t, e.post(rec+"/chemical/submit", safety, with("unit", 0)), 400, "计量单位", "no unit")
	fails(t, e.post(rec+"/chemical/submit", safety, with("ghsClasses", "FLL,XYZ")), 400, "未知的 GHS 危险类别 XYZ", "unknown GHS")
	fails(t, e.post(rec+"/chemical/submit", safety, with("name", " ")), 400, "化学品名称", "no name")
	fails(t, e.post(rec+"/chemical/submit", safety, with("msdsFirstAid", strings.Repeat("急", 4001))), 400, "", "MSDS section too long")
	ok(t, e.post(rec+"/chemical/submit", safety, base), "ethanol")
	eth := e.one(t, rec+"/chemical/page?cas=64-17-5", safety, "cas", "64-17-5")
	if eth["ghsClasses"] != "FLL,EYE" {
		t.Fatalf("GHS codes normalised: %v", eth)
	}
	id := str(eth["id"])
	// Stock per location.
	fails(t, e.post(rec+"/stock/submit", safety, map[string]any{"chemicalId": id, "location": "危化品仓库 乙醇库", "quantity": 12, "maxQuantity": 10, "unit": 1}),
		400, "超过该地点的最大储存量", "over the maximum")
	ok(t, e.post(rec+"/stock/submit", safety, map[string]any{"chemicalId": id, "location": "危化品仓库 乙醇库", "quantity": 8, "maxQuantity": 10}), "stock 1")
	ok(t, e.post(rec+"/stock/submit", safety, map[string]any{"chemicalId": id, "location": "成品仓库", "quantity": 2.5, "unit": 1}), "stock 2")
	fails(t, e.post(rec+"/stock/submit", safety, map[string]any{"chemicalId": id, "location": "成品仓库", "quantity": 1}), 400, "已有库存记录", "same location twice")
	q := e.get(rec+"/chemical/quantities?cas=64-17-5", safety)
	ok(t, q, "quantities")
	items := q.list()
	if len(items) != 2 || items[0].(map[string]any)["unitName"] != "吨" {
		t.Fatalf("quantities: %s", truncate(q.Raw))
	}
	all := e.get(rec+"/chemical/quantities", a).list()
	if len(all) != 8 {
		t.Fatalf("all quantities: %d", len(all))
	}
	if v := e.one(t, rec+"/chemical/page?cas=64-17-5", safety, "cas", "64-17-5")["totalQuantity"]; v != 10.5 {
		t.Fatalf("total: %v", v)
	}
	x := e.call("GET", rec+"/chemical/export?keySupervised=1", a, nil)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), "xlsx") || len(x.Raw) < 1000 {
		t.Fatalf("export: %d %s", x.Status, x.Header.Get("Content-Disposition"))
	}
	ok(t, e.post(rec+"/chemical/remove?ids="+id, safety, nil), "remove ethanol")
	if n := len(e.get(rec+"/chemical/quantities?cas=64-17-5", safety).list()); n != 0 {
		t.Fatalf("stock of a removed chemical: %d", n)
	}
}

func (e *env) testRecordsDocuments(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	safety := e.login("100001", "safety", "123456")
	op1 := e.login("100001", "operator1", "123456")
	op2 := e.login("100001", "operator2", "123456")
	op1ID, op2ID := e.userID(t, a, "operator1"), e.userID(t, a, "operator2")

	// The demo: a duty system in its second version (the first superseded), readers pending.
	duty := e.get(rec+"/document/page?kind=3", a)
	ok(t, duty, "duty systems")
	if len(duty.list()) != 2 {
		t.Fatalf("duty systems: %s", truncate(duty.Raw))
	}
	proc := e.one(t, rec+"/document/page?kind=5", op2, "title", "甲醇装卸安全操作规程")
	if proc["readers"] != 2.0 || proc["confirmed"] != 1.0 || proc["toConfirm"] != true || proc["stateName"] != "已发布" {
		t.Fatalf("procedure for operator2: %v", proc)
	}
	pending := e.get(rec+"/reader/page?confirmed=0&documentId="+str(proc["id"]), a).list()
	if len(pending) != 1 || pending[0].(map[string]any)["userName"] != "赵操作" {
		t.Fatalf("who has not confirmed: %v", pending)
	}

	// Draft: bounds.
	fails(t, e.post(rec+"/document/submit", safety, map[string]any{"kind": 6, "title": "x", "content": "x"}), 400, "", "kind 6")
	fails(t, e.post(rec+"/document/submit", safety, map[string]any{"kind": 0, "title": "x", "content": "x"}), 400, "文件类别", "no kind")
	fails(t, e.post(rec+"/document/submit", safety, map[string]any{"kind": 3, "title": "x", "content": "x"}), 400, "所属岗位", "duty without post")
	fails(t, e.post(rec+"/document/submit", safety, map[string]any{"kind": 4, "title": "x"}), 400, "正文或上传附件", "no text")
	fails(t, e.post(rec+"/document/submit", safety, map[string]any{"kind": 4, "title": strings.Repeat("长", 201), "content": "x"}), 400, "", "title too long")
	title := "动火作业管理制度" + uniq()
	ok(t, e.post(rec+"/document/submit", safety, map[string]any{"kind": 4, "title": title, "docNo": "AQ-ZD-099", "content": "第一版"}), "draft")
	v1 := e.one(t, rec+"/document/page?kind=4&title="+url.QueryEscape(title), safety, "title", title)
	id1 := str(v1["id"])
	if v1["version"] != 1.0 || v1["state"] != 0.0 || str(v1["rootId"]) != id1 {
		t.Fatalf("draft: %v", v1)
	}
	v1["content"] = "第一版(修改)"
	ok(t, e.post(rec+"/document/submit", safety, v1), "edit the draft")
	fails(t, e.post(rec+"/document/revise?id="+id1, safety, nil), 400, "只能修订已发布的现行版本", "revise a draft")
	fails(t, e.post(rec+"/document/confirm?id="+id1, op1, nil), 403, "只能由发布对象本人确认阅读", "confirm a draft")

	// Publication: readers from blade-user by id, a desk message each.
	fails(t, e.post(rec+"/document/publish", safety, map[string]any{"id": id1}), 400, "请选择发布对象", "publish to nobody")
	fails(t, e.post(rec+"/document/publish", safety, map[string]any{"id": id1, "userIds": []string{"987654321"}}), 400, "不存在或不属于本租户", "no such user")
	fails(t, e.post(rec+"/document/publish", op1, map[string]any{"id": id1, "userIds": []string{op1ID}}), 403, "", "an operator publishes")
	ok(t, e.post(rec+"/document/publish", safety, map[string]any{"id": id1, "userIds": []string{op1ID, op2ID, op1ID}}), "publish")
	fails(t, e.post(rec+"/document/publish", safety, map[string]any{"id": id1, "userIds": []string{op1ID}}), 400, "已发布,不能再次发布", "publish twice")
	fails(t, e.post(rec+"/document/submit", safety, v1), 400, "不能修改;请修订为新版本", "edit a published version")
	fails(t, e.post(rec+"/document/remove?ids="+id1, safety, nil), 400, "不能删除", "remove a published version")
	eventually(t, "the reader hears of the publication", func() bool {
		return strings.Contains(string(e.get("/api/blade-desk/message/list?size=50", op1).Raw), "安全管理制度「"+title+"」第 1 版已发布")
	})
	// Read confirmations: only the person concerned, once.
	fails(t, e.post(rec+"/document/confirm?id="+id1, safety, nil), 403, "只能由发布对象本人确认阅读", "the publisher confirms for them")
	ok(t, e.post(rec+"/document/confirm?id="+id1, op1, nil), "operator1 confirms")
	fails(t, e.post(rec+"/document/confirm?id="+id1, op1, nil), 400, "已确认阅读", "confirm twice")
	rs := e.get(rec+"/reader/page?documentId="+id1, a).list()
	if len(rs) != 2 {
		t.Fatalf("readers (duplicates dropped): %v", rs)
	}
	left := e.get(rec+"/reader/page?confirmed=0&documentId="+id1, a).list()
	if len(left) != 1 || left[0].(map[string]any)["userName"] != "赵操作" {
		t.Fatalf("not confirmed: %v", left)
	}

	// A revision: a new draft; publishing it supersedes version 1, which stays readable.
	ok(t, e.post(rec+"/document/revise?id="+id1, safety, nil), "revise")
	fails(t, e.post(rec+"/document/revise?id="+id1, safety, nil), 400, "已有修订中的草稿", "revise twice")
	vs := e.get(rec+"/document/page?rootId="+id1+"&descs=version", a).list()
	if len(vs) != 2 {
		t.Fatalf("versions: %v", vs)
	}
	v2 := vs[0].(map[string]any)
	if v2["version"] != 2.0 || v2["state"] != 0.0 || v2["content"] != nil && v2["content"] != "" {
		t.Fatalf("version 2: %v", v2)
	}
	id2 := str(v2["id"])
	v2d := e.get(rec+"/document/detail?id="+id2, a).dataMap()
	if v2d["content"] != "第一版(修改)" {
		t.Fatalf("the revision copies the text: %v", v2d)
	}
	v2d["content"], v2d["reviseNote"] = "第二版", "按 GB 30871-2022 修订"
	ok(t, e.post(rec+"/document/submit", safety, v2d), "edit version 2")
	ok(t, e.post(rec+"/document/publish", safety, map[string]any{"id": id2, "userIds": []string{op2ID}}), "publish version 2")
	old := e.get(rec+"/document/detail?id="+id1, op1).dataMap()
	if old["state"] != 2.0 || old["stateName"] != "已替代" || old["content"] != "第一版(修改)" || old["confirmed"] != 1.0 {
		t.Fatalf("version 1 after version 2: %v", old)
	}
	fails(t, e.post(rec+"/document/revise?id="+id1, safety, nil), 400, "只能修订已发布的现行版本", "revise a superseded version")
	ok(t, e.post(rec+"/document/confirm?id="+id2, op2, nil), "operator2 confirms version 2")
	x := e.call("GET", rec+"/document/export?kind=4", a, nil)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), "xlsx") {
		t.Fatalf("export: %d %s", x.Status, x.Header.Get("Content-Disposition"))
	}
	// A draft is removed.
	gone := "待删除制度" + uniq()
	ok(t, e.post(rec+"/document/submit", safety, map[string]any{"kind": 5, "title": gone, "content": "x"}), "draft to remove")
	g := e.one(t, rec+"/document/page?kind=5&title="+url.QueryEscape(gone), safety, "title", gone)
	ok(t, e.post(rec+"/document/remove?ids="+str(g["id"]), safety, nil), "remove a draft")
}

func (e *env) testRecordsAccess(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	dir := e.login("100001", "director", "123456")
	op := e.login("100001", "operator1", "123456")
	ok(t, e.get(rec+"/document/page?kind=1", op), "operator reads documents")
	// Drafts are for the kind's editors: the seeded draft check is listed for the safety manager only.
	draft := e.one(t, rec+"/document/page?kind=2", a, "state", "0")
	if n := len(e.get(rec+"/document/page?kind=2", op).list()); n != 0 {
		t.Fatalf("operator sees %d draft checks", n)
	}
	if n := len(e.get(rec+"/document/page?state=0", op).list()); n != 0 {
		t.Fatalf("operator sees %d drafts", n)
	}
	fails(t, e.get(rec+"/document/detail?id="+str(draft["id"]), op), 403, "尚未发布", "operator reads a draft")
	fails(t, e.get(rec+"/chemical/page", op), 403, "", "operator reads the chemical ledger")
	fails(t, e.post(rec+"/document/submit", op, map[string]any{"kind": 4, "title": "x", "content": "x"}), 403, "", "operator drafts")
	fails(t, e.post(rec+"/document/submit", dir, map[string]any{"kind": 1, "title": "x", "content": "x"}), 403, "", "director drafts")
	fails(t, e.post(rec+"/chemical/submit", dir, map[string]any{"name": "x", "unit": 1}), 403, "", "director adds a chemical")

	// A role holding only the buttons of 安全操作规程 cannot publish a duty system.
	ok(t, e.post("/api/blade-system/role/submit", a, map[string]any{"roleName": "规程管理员", "roleAlias": "proc_admin", "dataScope": 1, "sort": 98}), "role")
	rid := str(e.get("/api/blade-system/role/list?roleAlias_equal=proc_admin", a).list()[0].(map[string]any)["id"])
	var menuIDs []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case []any:
			for _, c := range x {
				walk(c)
			}
		case map[string]any:
			code := str(x["code"])
			if code == "business_process" || strings.HasPrefix(code, "rec_procedure") || code == "rec_duty_system" {
				menuIDs = append(menuIDs, str(x["id"]))
			}
			walk(x["children"])
		}
	}
	walk(e.get("/api/blade-system/menu/list?size=1000", a).data())
	walk(e.get("/api/blade-system/menu/grant-tree", a).data())
	ok(t, e.post("/api/blade-system/role/grant", a, map[string]any{"roleIds": []string{rid}, "menuIds": menuIDs}), "grant")
	ok(t, e.post("/api/blade-user/submit", a, map[string]any{"account": "procadmin", "password": "Proc-12345", "realName": "规程管理员", "name": "规程管理员",
		"roleId": rid, "deptId": "1000010000000000202", "userType": 1}), "user")
	pa := e.login("100001", "procadmin", "Proc-12345")
	ok(t, e.post(rec+"/document/submit", pa, map[string]any{"kind": 5, "title": "规程" + uniq(), "content": "x"}), "procedure drafted by its manager")
	fails(t, e.post(rec+"/document/submit", pa, map[string]any{"kind": 3, "title": "责任制", "post": "操作工", "content": "x"}), 403, "安全生产责任制", "a duty system by the procedure manager")
	dutyDraft := "责任制草稿" + uniq()
	safety := e.login("100001", "safety", "123456")
	ok(t, e.post(rec+"/document/submit", safety, map[string]any{"kind": 3, "title": dutyDraft, "post": "操作工", "content": "x"}), "duty draft")
	dd := e.one(t, rec+"/document/page?kind=3&title="+url.QueryEscape(dutyDraft), a, "title", dutyDraft)
	fails(t, e.post(rec+"/document/publish", pa, map[string]any{"id": dd["id"], "userIds": []string{e.userID(t, a, "operator1")}}), 403, "", "publish another kind")

	// Another tenant never sees them.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300074", "tenantName": "档案隔离测试公司"}), "tenant B")
	t2 := e.login("300074", "admin", "123456")
	if n := len(e.get(rec+"/chemical/page", t2).list()); n != 0 {
		t.Fatalf("tenant B sees %d chemicals", n)
	}
	if n := len(e.get(rec+"/document/page", t2).list()); n != 0 {
		t.Fatalf("tenant B sees %d documents", n)
	}
	if n := len(e.get(rec+"/chemical/quantities", t2).list()); n != 0 {
		t.Fatalf("tenant B sees %d quantities", n)
	}
	fails(t, e.get(rec+"/document/detail?id="+str(dd["id"]), t2), 400, "", "other tenant reads")
	fails(t, e.post(rec+"/document/publish", t2, map[string]any{"id": dd["id"], "userIds": []string{"1"}}), 400, "", "other tenant publishes")
	fails(t, e.post(rec+"/document/confirm?id="+str(dd["id"]), t2, nil), 400, "", "other tenant confirms")
	methanol := e.one(t, rec+"/chemical/page?cas=67-56-1", a, "name", "甲醇")
	fails(t, e.post(rec+"/chemical/submit", t2, map[string]any{"id": methanol["id"], "name": "改名", "unit": 1}), 400, "", "other tenant edits a chemical")
}
