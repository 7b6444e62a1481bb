package api

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"anquan/kit/timefmt"
)

// ctIDCard completes 17 digits with their GB 11643 check character.
func ctIDCard(first17 string) string {
	w := []int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for i := 0; i < 17; i++ {
		sum += int(first17[i]-'0') * w[i]
	}
	return first17 + string("10X98765432"[sum%11])
}

// TestContractor: companies, people and the blacklist with their rules and
// refusals; the admission check permits call: a contractor worker is refused
// on a lifting permit until they pass the entry exam (education's pass event
// marks them trained), and again while blacklisted; tenant isolation.
func TestContractor(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			e.testContractor(t)
		})
	}
}

func (e *env) testContractor(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	safety := e.login("100001", "safety", "123456")
	op1 := e.login("100001", "operator1", "123456")
	const ct = "/api/contractor"

	// Demo data: three companies, people, two blacklist entries.
	cs := e.get(ct+"/company/page?size=20", admin)
	ok(t, cs, "companies")
	if len(cs.list()) < 3 {
		t.Fatalf("demo companies: %s", truncate(cs.Raw))
	}
	admitted := e.get(ct+"/company/page?admission_equal=1", admin).list()[0].(map[string]any)
	admittedID := str(admitted["id"])
	ps := e.get(ct+"/person/page?size=20", admin)
	ok(t, ps, "people")
	if len(ps.list()) < 4 || strings.Contains(string(ps.Raw), ctIDCard("32050219870506123")) {
		t.Fatalf("demo people (identity cards masked in lists): %s", truncate(ps.Raw))
	}
	if r := e.get(ct+"/blacklist/page", admin); len(r.list()) < 2 {
		t.Fatalf("demo blacklist: %s", truncate(r.Raw))
	}
	fails(t, e.get(ct+"/company/page", op1), 403, "", "companies as an operator")

	// Companies: validation, admission review.
	co := map[string]any{"name": "测试承包商" + uniq(), "creditCode": "91320505MA1X8Y2K9Q", "category": 2, "risk": 1}
	bad := func(k string, v any, msg string) {
		t.Helper()
		b := map[string]any{}
		for kk, vv := range co {
			b[kk] = vv
		}
		b[k] = v
		fails(t, e.post(ct+"/company/submit", admin, b), 400, msg, "company "+k)
	}
	bad("creditCode", "123", "统一社会信用代码")
	bad("category", 9, "承包商类别")
	bad("risk", 0, "风险等级")
	bad("name", "", "请填写单位名称")
	bad("agreementExpire", "明年", "安全协议有效期格式")
	c := e.post(ct+"/company/submit", admin, co)
	ok(t, c, "company")
	coID := str(c.dataMap()["id"])
	if c.dataMap()["admission"] != 0.0 {
		t.Fatalf("a new company waits for review: %v", c.dataMap())
	}
	fails(t, e.post(ct+"/company/submit", admin, co), 400, "已登记", "duplicate credit code")
	fails(t, e.post(ct+"/company/review", admin, map[string]any{"id": coID, "pass": true}), 400, "资质证书未登记或已过期", "admit without papers")
	fails(t, e.post(ct+"/company/review", admin, map[string]any{"id": coID, "pass": false}), 400, "请填写不通过的原因", "reject without reason")
	co["id"], co["qualificationExpire"], co["agreementExpire"], co["qualificationNo"] = coID, certDay(300), certDay(200), "D1234"
	ok(t, e.post(ct+"/company/submit", admin, co), "company papers")
	fails(t, e.post(ct+"/company/review", op1, map[string]any{"id": coID, "pass": true}), 403, "", "review as an operator")
	rv := e.post(ct+"/company/review", safety, map[string]any{"id": coID, "pass": true, "comment": "同意"})
	ok(t, rv, "review")
	if rv.dataMap()["admission"] != 1.0 || rv.dataMap()["reviewerName"] != "李安全" {
		t.Fatalf("admitted: %v", rv.dataMap())
	}

	// People.
	pb := map[string]any{"companyId": coID, "name": "测试工", "idCard": "320502199001011235"}
	fails(t, e.post(ct+"/person/submit", admin, pb), 400, "身份证号码不正确", "bad identity card")
	pb["idCard"] = ctIDCard("32050219900101123")
	pb["companyId"] = "123"
	fails(t, e.post(ct+"/person/submit", admin, pb), 400, "所属承包商单位不存在", "unknown company")
	pb["companyId"] = coID
	pb["userId"] = "123"
	fails(t, e.post(ct+"/person/submit", admin, pb), 400, "登录账号不存在", "unknown account")
	delete(pb, "userId")
	p := e.post(ct+"/person/submit", admin, pb)
	ok(t, p, "person")
	if p.dataMap()["allowed"] != false || !strings.Contains(str(p.dataMap()["reason"]), "未通过入场安全培训考试") {
		t.Fatalf("a new person is not trained: %v", p.dataMap())
	}
	fails(t, e.post(ct+"/person/submit", admin, pb), 400, "已登记", "duplicate identity card")
	fails(t, e.post(ct+"/company/remove?ids="+coID, admin, nil), 400, "还有登记的人员", "remove a company with people")

	// The gate: a worker with a valid lifting certificate, registered under
	// the admitted demo company, is refused until the entry exam is passed.
	ok(t, e.post("/api/blade-user/submit", admin, map[string]any{"account": "ctworker", "password": "Worker-123", "realName": "冯起重", "name": "冯起重",
		"roleId": "1000010000000000104", "deptId": "1000010000000000204", "userType": 2}), "worker account")
	worker := e.userID(t, admin, "ctworker")
	ok(t, e.post("/api/blade_user_certificate/usercertificate/submit", admin, map[string]any{"userId": worker, "kind": "lifting",
		"certificateNo": "T-CT-" + uniq(), "issuingAuthority": "苏州市市场监督管理局", "issueDate": certDay(-30), "expireDate": certDay(400)}), "lifting certificate")
	wp := e.post(ct+"/person/submit", admin, map[string]any{"companyId": admittedID, "name": "冯起重", "idCard": ctIDCard("32050219880808123"),
		"userId": worker, "workType": "起重作业"})
	ok(t, wp, "worker person")
	wpID := str(wp.dataMap()["id"])
	fails(t, e.post(ct+"/person/submit", admin, map[string]any{"companyId": admittedID, "name": "另一人", "idCard": ctIDCard("32050219880808456"), "userId": worker}),
		400, "已关联其他承包商人员", "one account, one person")

	areaID := str(e.get("/api/nDoublePrevention/risk-partition/list", admin).list()[0].(map[string]any)["id"])
	start := time.Now().Add(24 * time.Hour)
	permit := map[string]any{"workType": "liftingWork", "workUnit": admitted["name"], "areaId": areaID, "content": "承包商吊装作业",
		"operatorIds": worker, "guardianId": e.userID(t, admin, "safety"), "planStartTime": wtTime(start), "planEndTime": wtTime(start.Add(4 * time.Hour)),
		"lifting": map[string]any{"weight": 12, "crane": "25t汽车吊"}}
	fails(t, e.post(wt+"/ticket/submit", admin, permit), 400, "承包商人员冯起重不能上作业票: 未通过入场安全培训考试", "untrained worker on a permit")
	ck := e.post(ct+"/admission/check", admin, map[string]any{"userIds": []string{worker, e.userID(t, admin, "operator1")}})
	ok(t, ck, "admission check")
	if items := ck.list(); len(items) != 2 || items[0].(map[string]any)["allowed"] != false || items[1].(map[string]any)["contractor"] == true {
		t.Fatalf("admission verdicts: %s", truncate(ck.Raw))
	}

	// The entry exam: the seeded random paper, taken by the worker.
	paper := e.get("/api/education/paper/page?name=承包商入场", admin).list()[0].(map[string]any)
	ok(t, e.post("/api/education/exam/submit", admin, map[string]any{"name": "冯起重入场考试", "paperId": paper["id"],
		"startTime": timefmt.Format(time.Now().Add(-time.Minute)), "endTime": timefmt.Format(time.Now().Add(2 * time.Hour)), "userIds": worker}), "entry exam")
	wt0 := e.login("100001", "ctworker", "Worker-123")
	rec := e.get("/api/education/record/mine", wt0).list()[0].(map[string]any)
	st := e.post("/api/education/record/start?id="+str(rec["id"]), wt0, nil)
	ok(t, st, "start entry exam")
	var answers []map[string]any
	for _, it := range st.dataMap()["questions"].([]any) {
		qid := str(it.(map[string]any)["questionId"])
		q := e.get("/api/education/question/detail?id="+qid, admin)
		answers = append(answers, map[string]any{"questionId": qid, "given": q.dataMap()["answer"]})
	}
	sub := e.post("/api/education/record/submit", wt0, map[string]any{"id": rec["id"], "answers": answers})
	ok(t, sub, "submit entry exam")
	if sub.dataMap()["score"] != 100.0 || sub.dataMap()["passed"] != true {
		t.Fatalf("entry exam: %s", truncate(sub.Raw))
	}
	eventually(t, "the pass marks the worker trained", func() bool {
		d := e.get(ct+"/person/detail?id="+wpID, admin).dataMap()
		return d["trained"] == true && d["examCertNo"] == sub.dataMap()["certNo"]
	})
	ok(t, e.post(wt+"/ticket/submit", admin, permit), "trained worker on a permit")

	// Blacklisted: refused again until lifted.
	fails(t, e.post(ct+"/blacklist/add", op1, map[string]any{"kind": 2, "targetId": wpID, "reason": "违章"}), 403, "", "blacklist as an operator")
	fails(t, e.post(ct+"/blacklist/add", admin, map[string]any{"kind": 2, "targetId": wpID, "reason": " "}), 400, "请填写列入黑名单的原因", "no reason")
	bl := e.post(ct+"/blacklist/add", safety, map[string]any{"kind": 2, "targetId": wpID, "reason": "未系安全带高处作业"})
	ok(t, bl, "blacklist")
	fails(t, e.post(ct+"/blacklist/add", safety, map[string]any{"kind": 2, "targetId": wpID, "reason": "重复"}), 400, "已在黑名单中", "twice")
	fails(t, e.post(wt+"/ticket/submit", admin, permit), 400, "人员已列入黑名单", "blacklisted worker on a permit")
	ok(t, e.post(ct+"/blacklist/lift", safety, map[string]any{"id": bl.dataMap()["id"], "reason": "已完成再培训"}), "lift")
	ok(t, e.post(wt+"/ticket/submit", admin, permit), "lifted worker on a permit")
	// The company blacklisted stops its people too.
	ok(t, e.post(ct+"/blacklist/add", safety, map[string]any{"kind": 1, "targetId": admittedID, "reason": "发生违章事件"}), "blacklist company")
	fails(t, e.post(wt+"/ticket/submit", admin, permit), 400, "所属单位已列入黑名单", "worker of a blacklisted company")

	// Another tenant sees and changes nothing of this one.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300018", "tenantName": "承包商乙方"}), "tenant B")
	other := e.login("300018", "admin", "123456")
	if r := e.get(ct+"/company/page", other); len(r.list()) != 0 {
		t.Fatalf("another tenant's companies: %s", truncate(r.Raw))
	}
	fails(t, e.post(ct+"/company/review", other, map[string]any{"id": coID, "pass": false, "comment": "越权"}), 400, "承包商单位不存在", "review across tenants")
	fails(t, e.get(ct+"/person/detail?id="+wpID, other), 400, "承包商人员不存在", "person across tenants")
	_ = fmt.Sprint
}
