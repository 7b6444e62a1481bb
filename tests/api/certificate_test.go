package api

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"anquan/kit/ident"
	"anquan/kit/timefmt"
	userv1 "anquan/proto/blade/user/v1"
)

// TestCertificates runs the people and certificate calls of spec 7.6
// through the gateway: the seeded demo certificates and guardians, the
// permit service's qualification checks, submit rules, the expiry
// reminder (setting, list, message) and tenant isolation.
func TestCertificates(t *testing.T) {
	for _, b := range backends {
		b := b
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			admin := e.login("100001", "admin", "admin")
			t.Run("TreeAndSeed", func(t *testing.T) { e.testCertificateSeed(t, admin) })
			t.Run("Checks", func(t *testing.T) { e.testCertificateChecks(t, admin) })
			t.Run("Submit", func(t *testing.T) { e.testCertificateSubmit(t, admin) })
			t.Run("Expiry", func(t *testing.T) { e.testCertificateExpiry(t, admin) })
			t.Run("People", func(t *testing.T) { e.testCertificatePeople(t, admin) })
			t.Run("Isolation", func(t *testing.T) { e.testCertificateIsolation(t, admin) })
		})
	}
}

func certDay(offset int) string {
	return time.Now().In(timefmt.Zone).AddDate(0, 0, offset).Format(timefmt.DateLayout)
}

// userID finds a demo user's id by account.
func (e *env) certUserID(t *testing.T, token, account string) int64 {
	t.Helper()
	r := e.get("/api/blade-user/userListByTenantId?account_equal="+account, token)
	ok(t, r, "user "+account)
	l := r.list()
	if len(l) != 1 {
		t.Fatalf("user %s: %s", account, truncate(r.Raw))
	}
	var id int64
	if _, err := fmt.Sscan(str(l[0].(map[string]any)["id"]), &id); err != nil {
		t.Fatalf("user %s: id: %v", account, err)
	}
	return id
}

// operator returns the operatorList record of an account ("" filters none).
func (e *env) certOperator(t *testing.T, token, query, account string) map[string]any {
	t.Helper()
	r := e.get("/api/blade_user_certificate/usercertificate/operatorList?size=100&"+query, token)
	ok(t, r, "operatorList "+query)
	for _, v := range r.list() {
		m := v.(map[string]any)
		if m["account"] == account {
			return m
		}
	}
	return nil
}

func (e *env) testCertificateSeed(t *testing.T, admin string) {
	tree := e.get("/api/blade_user_certificate/usercertificate/tree", admin)
	ok(t, tree, "tree")
	for _, code := range []string{`"welding"`, `"electrician"`, `"height"`, `"lifting"`, `"forklift"`, `"特种设备作业人员证"`} {
		if !strings.Contains(string(tree.Raw), code) {
			t.Fatalf("tree lacks %s: %s", code, truncate(tree.Raw))
		}
	}
	welder := e.certOperator(t, admin, "kind=welding", "welder")
	op2 := e.certOperator(t, admin, "kind=welding", "operator2")
	if welder == nil || op2 == nil || welder["qualified"] != true || op2["qualified"] == true {
		t.Fatalf("welding holders: welder %v, operator2 %v", welder, op2)
	}
	if e.certOperator(t, admin, "kind=welding&qualified=1", "operator2") != nil {
		t.Fatal("qualified=1 lists operator2's expired welding certificate")
	}
	if e.certOperator(t, admin, "kind=welding", "operator1") != nil {
		t.Fatal("operator1 listed as a welding holder")
	}
	g := e.get("/api/blade-user/getTicketGuardian?workType=hotWork", admin)
	ok(t, g, "guardians")
	if n := len(g.list()); n != 2 || !strings.Contains(string(g.Raw), "张主任") {
		t.Fatalf("hotWork guardians: %s", truncate(g.Raw))
	}
	fails(t, e.get("/api/blade-user/getTicketGuardian?workType=swimming", admin), 400, "作业类型", "unknown work type")
	// An operator (no certificate menu) still reads the pickers of a permit form.
	op := e.login("100001", "operator1", "123456")
	ok(t, e.get("/api/blade_user_certificate/usercertificate/getTicketOperatorAll?kind=welding", op), "operator picker")
	fails(t, e.get("/api/blade_user_certificate/usercertificate/page", op), 403, "", "operator on the certificate page")
}

// certInternal is the permit service's view: UserInternal called with the
// acting user's identity (the dialer forwards the token and the service
// credential).
func (e *env) certInternal(t *testing.T, token string) (context.Context, userv1.UserInternalClient) {
	t.Helper()
	id, err := e.stack.Infra.Verifier.Verify(token)
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	return ident.With(context.Background(), id), userv1.NewUserInternalClient(e.stack.Infra.Dialer.Lazy("user"))
}

func (e *env) testCertificateChecks(t *testing.T, admin string) {
	ctx, c := e.certInternal(t, admin)
	welder, op2, op1 := e.certUserID(t, admin, "welder"), e.certUserID(t, admin, "operator2"), e.certUserID(t, admin, "operator1")
	v, err := c.CheckCertificates(ctx, &userv1.CertificateCheck{UserIds: []int64{welder, op2, 42, op1}, Kind: "welding"})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		valid  bool
		reason string
	}{{true, ""}, {false, "过期"}, {false, "人员不存在"}, {false, "未持有"}}
	if len(v.Items) != len(want) {
		t.Fatalf("verdicts: %v", v.Items)
	}
	for i, w := range want {
		got := v.Items[i]
		if got.Valid != w.valid || !strings.Contains(got.Reason, w.reason) {
			t.Fatalf("verdict %d: %+v", i, got)
		}
	}
	if v.Items[0].CertificateNo == "" || v.Items[0].UserName != "孙焊工" {
		t.Fatalf("welder verdict: %+v", v.Items[0])
	}
	// Judged at a moment after operator1's height certificate ends.
	v, err = c.CheckCertificates(ctx, &userv1.CertificateCheck{UserIds: []int64{op1}, Kind: "height", At: certDay(5000) + " 08:00:00"})
	if err != nil || v.Items[0].Valid {
		t.Fatalf("height in the far future: %v %v", v, err)
	}
	g, err := c.CheckGuardian(ctx, &userv1.GuardianCheck{UserId: e.certUserID(t, admin, "director"), WorkType: "confinedSpaceWork"})
	if err != nil || !g.Valid || g.UserName != "张主任" {
		t.Fatalf("director guardian: %v %v", g, err)
	}
	g, err = c.CheckGuardian(ctx, &userv1.GuardianCheck{UserId: op1, WorkType: "hotWork"})
	if err != nil || g.Valid || !strings.Contains(g.Reason, "不是动火作业的监护人") {
		t.Fatalf("operator1 guardian: %v %v", g, err)
	}
}

func (e *env) testCertificateSubmit(t *testing.T, admin string) {
	op1 := e.certUserID(t, admin, "operator1")
	base := func() map[string]any {
		return map[string]any{"userId": fmt.Sprint(op1), "kind": "welding", "certificateNo": "T-API-" + uniq(),
			"issuingAuthority": "苏州市应急管理局", "issueDate": certDay(-30), "expireDate": certDay(10)}
	}
	bad := []struct {
		name, field string
		value       any
		msg         string
	}{
		{"expire before issue", "expireDate", certDay(-40), "到期日期必须晚于发证日期"},
		{"kind outside the tree", "kind", "swimming", "证书类型不存在"},
		{"parent kind", "kind", "special_operation", "证书类型不存在"},
		{"no number", "certificateNo", "", "请输入证书编号"},
		{"bad date", "issueDate", "2024-13-45", "发证日期格式错误"},
		{"unknown user", "userId", "123", "持证人不存在"},
	}
	for _, c := range bad {
		body := base()
		body[c.field] = c.value
		fails(t, e.post("/api/blade_user_certificate/usercertificate/submit", admin, body), 400, c.msg, c.name)
	}
	body := base()
	ok(t, e.post("/api/blade_user_certificate/usercertificate/submit", admin, body), "submit")
	fails(t, e.post("/api/blade_user_certificate/usercertificate/submit", admin, body), 400, "已存在", "duplicate number")
	r := e.get("/api/blade_user_certificate/usercertificate/page?certificateNo="+body["certificateNo"].(string), admin)
	ok(t, r, "page")
	if len(r.list()) != 1 {
		t.Fatalf("page: %s", truncate(r.Raw))
	}
	rec := r.list()[0].(map[string]any)
	if rec["userName"] != "王操作" || rec["kindName"] != "焊接与热切割作业" || rec["validState"] != float64(2) || rec["inOrOut"] != float64(1) {
		t.Fatalf("record: %v", rec)
	}
	if m := e.certOperator(t, admin, "kind=welding&qualified=1", "operator1"); m == nil || m["qualified"] != true {
		t.Fatalf("operator1 after the welding certificate: %v", m)
	}
	ctx, c := e.certInternal(t, admin)
	v, err := c.CheckCertificates(ctx, &userv1.CertificateCheck{UserIds: []int64{op1}, Kind: "welding"})
	if err != nil || !v.Items[0].Valid {
		t.Fatalf("operator1 welding check: %v %v", v, err)
	}
	// Valid through the expire date, invalid the day after.
	v, _ = c.CheckCertificates(ctx, &userv1.CertificateCheck{UserIds: []int64{op1}, Kind: "welding", At: certDay(10) + " 23:59:59"})
	if !v.Items[0].Valid {
		t.Fatalf("on the expire date: %v", v.Items[0])
	}
	v, _ = c.CheckCertificates(ctx, &userv1.CertificateCheck{UserIds: []int64{op1}, Kind: "welding", At: certDay(11) + " 00:00:00"})
	if v.Items[0].Valid {
		t.Fatalf("the day after the expire date: %v", v.Items[0])
	}
	// Update, detail, export, remove.
	id := str(rec["id"])
	rec["expireDate"] = certDay(400)
	ok(t, e.post("/api/blade_user_certificate/usercertificate/submit", admin, rec), "update")
	d := e.get("/api/blade_user_certificate/usercertificate/detail?id="+id, admin)
	ok(t, d, "detail")
	if d.dataMap()["expireDate"] != certDay(400) || d.dataMap()["validState"] != float64(1) {
		t.Fatalf("detail after update: %v", d.dataMap())
	}
	x := e.get("/api/blade_user_certificate/usercertificate/export?kind=welding", admin)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("export: %d %v", x.Status, x.Header)
	}
	ok(t, e.post("/api/blade_user_certificate/usercertificate/remove?ids="+id, admin, nil), "remove")
	fails(t, e.get("/api/blade_user_certificate/usercertificate/detail?id="+id, admin), 400, "不存在", "removed detail")
}

func (e *env) testCertificateExpiry(t *testing.T, admin string) {
	info := e.get("/api/certificateExpire/certificateExpireInfo?size=100", admin)
	ok(t, info, "expire info")
	m := info.dataMap()
	// Default window 30 days: contractor1's lifting (20 days) and operator2's expired welding.
	if m["type"] != float64(1) || m["remindDate"] != float64(30) || !strings.Contains(string(info.Raw), "TS3205-Q2-0087") || !strings.Contains(string(info.Raw), "T320502198503033456") {
		t.Fatalf("default expire info: %s", truncate(info.Raw))
	}
	fails(t, e.post("/api/certificateExpire/saveOrUpdate", admin, map[string]any{"type": 1, "remindDate": 0}), 400, "1-365", "zero days")
	fails(t, e.post("/api/certificateExpire/saveOrUpdate", admin, map[string]any{"type": 3, "remindDate": 5}), 400, "提醒方式", "bad type")
	ok(t, e.post("/api/certificateExpire/saveOrUpdate", admin, map[string]any{"type": 1, "remindDate": 5}), "save 5 days")
	ok(t, e.post("/api/certificateExpire/saveOrUpdate", admin, map[string]any{"type": 1, "remindDate": 7}), "update to 7 days")
	info = e.get("/api/certificateExpire/certificateExpireInfo?size=100", admin)
	ok(t, info, "expire info 7 days")
	if info.dataMap()["remindDate"] != float64(7) || strings.Contains(string(info.Raw), "TS3205-Q2-0087") || !strings.Contains(string(info.Raw), "T320502198503033456") {
		t.Fatalf("7-day expire info: %s", truncate(info.Raw))
	}
	ok(t, e.post("/api/certificateExpire/saveOrUpdate", admin, map[string]any{"type": 2, "remindDate": 1}), "one month")
	// The start-up reminder run told contractor1 about the lifting certificate (once).
	c1 := e.login("100001", "contractor1", "123456")
	eventually(t, "expiry message to contractor1", func() bool {
		return strings.Contains(string(e.get("/api/blade-desk/message/list?size=50", c1).Raw), "TS3205-Q2-0087")
	})
	if n := strings.Count(string(e.get("/api/blade-desk/message/list?size=50", c1).Raw), "TS3205-Q2-0087"); n != 1 {
		t.Fatalf("contractor1 reminded %d times", n)
	}
}

func (e *env) testCertificatePeople(t *testing.T, admin string) {
	out := e.get("/api/blade_user_certificate/usercertificate/deptList?inOrOut=2", admin)
	in := e.get("/api/blade_user_certificate/usercertificate/deptList?inOrOut=1", admin)
	ok(t, out, "external depts")
	ok(t, in, "internal depts")
	if len(out.list()) != 1 || len(in.list()) == 0 || strings.Contains(string(in.Raw), str(out.list()[0].(map[string]any)["id"])) {
		t.Fatalf("depts: external %s internal %s", truncate(out.Raw), truncate(in.Raw))
	}
	fails(t, e.get("/api/blade_user_certificate/usercertificate/deptList?inOrOut=7", admin), 400, "人员类型", "bad inOrOut")
	ext := e.get("/api/blade-user/getUserListOutAndInside?userType=2", admin)
	ok(t, ext, "external people")
	if len(ext.list()) != 1 || !strings.Contains(string(ext.Raw), "contractor1") {
		t.Fatalf("external people: %s", truncate(ext.Raw))
	}
	fails(t, e.get("/api/blade-user/getUserListOutAndInside?userType=7", admin), 400, "人员类型", "bad userType")
	io := e.get("/api/blade-user/getUserListOutAndInsidePage?inOrOut=2&size=100", admin)
	ok(t, io, "external page by inOrOut")
	if len(io.list()) != 1 || !strings.Contains(string(io.Raw), "contractor1") {
		t.Fatalf("external page by inOrOut: %s", truncate(io.Raw))
	}
	p := e.get("/api/blade-user/getUserListOutAndInsidePage?userType=1&size=100", admin)
	ok(t, p, "internal page")
	if strings.Contains(string(p.Raw), "contractor1") || !strings.Contains(string(p.Raw), "operator1") {
		t.Fatalf("internal page: %s", truncate(p.Raw))
	}
	if m := e.certOperator(t, admin, "inOrOut=2", "contractor1"); m == nil || !strings.Contains(str(m["certificateNames"]), "起重机械作业") {
		t.Fatalf("contractor1 in operatorList: %v", m)
	}
	// Guardian configuration: add, refuse a duplicate, remove.
	op1 := fmt.Sprint(e.certUserID(t, admin, "operator1"))
	ok(t, e.post("/api/blade_user_certificate/ticketguardian/submit", admin, map[string]any{"workType": "liftingWork", "userId": op1}), "guardian add")
	fails(t, e.post("/api/blade_user_certificate/ticketguardian/submit", admin, map[string]any{"workType": "liftingWork", "userId": op1}), 400, "已是吊装作业的监护人", "duplicate guardian")
	fails(t, e.post("/api/blade_user_certificate/ticketguardian/submit", admin, map[string]any{"workType": "x", "userId": op1}), 400, "作业类型不存在", "bad work type")
	g := e.get("/api/blade_user_certificate/ticketguardian/page?workType=liftingWork", admin)
	ok(t, g, "guardian page")
	if len(g.list()) != 3 {
		t.Fatalf("lifting guardians: %s", truncate(g.Raw))
	}
}

func (e *env) testCertificateIsolation(t *testing.T, admin string) {
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300002", "tenantName": "证书隔离测试公司"}), "tenant B")
	b := e.login("300002", "admin", "123456")
	welder := e.certUserID(t, admin, "welder")
	r := e.get("/api/blade_user_certificate/usercertificate/page?size=100", admin)
	ok(t, r, "A page")
	aID := str(r.list()[0].(map[string]any)["id"])
	fails(t, e.get("/api/blade_user_certificate/usercertificate/detail?id="+aID, b), 400, "不存在", "detail across tenants")
	fails(t, e.post("/api/blade_user_certificate/usercertificate/remove?ids="+aID, b, nil), 400, "不存在", "remove across tenants")
	fails(t, e.post("/api/blade_user_certificate/usercertificate/submit", b, map[string]any{"userId": fmt.Sprint(welder), "kind": "welding",
		"certificateNo": "X-1", "issueDate": certDay(-1), "expireDate": certDay(100)}), 400, "持证人不存在", "certificate for A's user")
	for _, p := range []string{"/api/blade_user_certificate/usercertificate/page?size=100", "/api/blade_user_certificate/usercertificate/operatorList?size=100",
		"/api/certificateExpire/certificateExpireInfo?size=100", "/api/blade-user/getTicketGuardian?workType=hotWork",
		"/api/blade_user_certificate/usercertificate/getTicketOperatorAll"} {
		r := e.get(p, b)
		ok(t, r, "B "+p)
		if strings.Contains(string(r.Raw), "孙焊工") || strings.Contains(string(r.Raw), "张主任") || strings.Contains(string(r.Raw), aID) {
			t.Fatalf("tenant B sees tenant A at %s: %s", p, truncate(r.Raw))
		}
	}
	ctx, c := e.certInternal(t, b)
	v, err := c.CheckCertificates(ctx, &userv1.CertificateCheck{UserIds: []int64{welder}, Kind: "welding"})
	if err != nil || v.Items[0].Valid || v.Items[0].Reason != "人员不存在" {
		t.Fatalf("B checks A's welder: %v %v", v, err)
	}
	g, err := c.CheckGuardian(ctx, &userv1.GuardianCheck{UserId: e.certUserID(t, admin, "director"), WorkType: "hotWork"})
	if err != nil || g.Valid {
		t.Fatalf("B checks A's guardian: %v %v", g, err)
	}
	// A's setting is A's: B still has the default window.
	if r := e.get("/api/certificateExpire/detail", b); r.dataMap()["remindDate"] != float64(30) {
		t.Fatalf("B setting: %s", truncate(r.Raw))
	}
}
