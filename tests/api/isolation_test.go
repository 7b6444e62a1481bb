package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// testTenantIsolation: tenant B's administrator gets not-found for tenant
// A's user, role, dept, dict, param and menu-config ids on detail, submit
// and remove, and sees none of them in lists.
func (e *env) testTenantIsolation(t *testing.T) {
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300001", "tenantName": "隔离测试公司"}), "tenant B")
	a := e.login("100001", "admin", "admin")
	b := e.login("300001", "admin", "123456")

	ok(t, e.post("/api/blade-system/param/submit", a, map[string]any{"paramName": "A参数", "paramKey": "a.only", "paramValue": "secret"}), "A param")
	ok(t, e.post("/api/blade-system/menuTenantConfig/submit", a, map[string]any{"menuName": "A配置", "linkUrl": "/a"}), "A config")
	first := func(path string) map[string]any {
		r := e.get(path, a)
		ok(t, r, path)
		l := r.list()
		if len(l) == 0 {
			t.Fatalf("tenant A has nothing at %s", path)
		}
		return l[0].(map[string]any)
	}
	type target struct {
		name, prefix, list string
		rec                map[string]any
		detail             bool
	}
	targets := []target{
		{"user", "/api/blade-user", "page", first("/api/blade-user/page?account_equal=operator1"), true},
		{"role", "/api/blade-system/role", "list", first("/api/blade-system/role/list?roleAlias=operator"), true},
		{"dept", "/api/blade-system/dept", "list", first("/api/blade-system/dept/list?deptName=合成车间"), true},
		{"dict", "/api/blade-system/dict", "parent-list", first("/api/blade-system/dict/parent-list?code_equal=sex"), true},
		{"param", "/api/blade-system/param", "list", first("/api/blade-system/param/list?paramKey=a.only"), true},
		{"menuTenantConfig", "/api/blade-system/menuTenantConfig", "page", first("/api/blade-system/menuTenantConfig/page?menuName=A配置"), false},
	}
	for _, tg := range targets {
		id := str(tg.rec["id"])
		if tg.detail {
			fails(t, e.get(tg.prefix+"/detail?id="+id, b), 400, "不存在", tg.name+" detail across tenants")
		}
		// Submit with A's id (an update) must not touch A's row.
		rec := map[string]any{}
		for k, v := range tg.rec {
			rec[k] = v
		}
		for _, f := range []string{"realName", "roleName", "deptName", "dictValue", "paramValue", "menuName"} {
			if _, has := rec[f]; has {
				rec[f] = "被篡改"
			}
		}
		rec["roleAlias"] = "hijack_" + tg.name
		rec["account"] = "hijack_" + tg.name
		r := e.post(tg.prefix+"/submit", b, rec)
		if r.Status != 400 || r.Body["success"] != false {
			t.Fatalf("%s submit across tenants: want 400, got %d %s", tg.name, r.Status, truncate(r.Raw))
		}
		fails(t, e.post(tg.prefix+"/remove?ids="+id, b, nil), 400, "不存在", tg.name+" remove across tenants")
		if strings.Contains(string(e.get(tg.prefix+"/"+tg.list+"?size=1000", b).Raw), id) {
			t.Fatalf("%s: tenant B's list shows tenant A's id", tg.name)
		}
		// A's row is intact.
		if strings.Contains(string(e.get(tg.prefix+"/"+tg.list+"?size=1000", a).Raw), "被篡改") {
			t.Fatalf("%s: tenant A's row was changed by tenant B", tg.name)
		}
	}
	if strings.Contains(string(e.get("/api/blade-user/userListByTenantId?tenantId=100001", b).Raw), "operator1") {
		t.Fatal("userListByTenantId crosses tenants")
	}
}

func (e *env) testNotices(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	op := e.login("100001", "operator1", "123456")
	before := e.get("/api/blade-desk/message/unread-count", op)
	ok(t, before, "unread count")
	n0 := before.data().(float64)
	ok(t, e.post("/api/blade-desk/notice/submit", admin, map[string]any{"messageTitle": "动火作业安全通知", "messageContent": "本周罐区动火作业须双人监护。", "type": 2, "status": 5, "scope": "tenant"}), "publish notice")
	after := e.get("/api/blade-desk/message/unread-count", op)
	if after.data().(float64) != n0+1 {
		t.Fatalf("unread after publish: %v -> %v", n0, after.data())
	}
	list := e.get("/api/blade-desk/notice/list?messageTitle=动火", op)
	ok(t, list, "notice list")
	if len(list.list()) != 1 {
		t.Fatalf("notice list: %s", truncate(list.Raw))
	}
	id := str(list.list()[0].(map[string]any)["id"])
	ok(t, e.get("/api/blade-desk/notice/detail?id="+id, op), "notice detail")
	ok(t, e.post("/api/blade-desk/message/read?ids="+id, op, nil), "mark read")
	if e.get("/api/blade-desk/message/unread-count", op).data().(float64) != n0 {
		t.Fatal("unread count after read")
	}
	ok(t, e.get("/api/blade-desk/message/list?isRead_equal=1", op), "read list")
	fails(t, e.post("/api/blade-desk/notice/submit", op, map[string]any{"messageTitle": "x", "messageContent": "y", "type": 2}), 403, "", "operator publishes")
	fails(t, e.post("/api/blade-desk/notice/submit", admin, map[string]any{"messageTitle": "", "messageContent": "y", "type": 2}), 400, "", "empty title")
	ok(t, e.post("/api/blade-desk/notice/remove?ids="+id, admin, nil), "remove notice")
}

// testSocialRegistration runs a small OAuth2/OIDC provider, logs in through
// it as an unknown person, registers, and is approved.
func (e *env) testSocialRegistration(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		if r.Form.Get("code") != "good-code" {
			w.WriteHeader(400)
			_ = json.NewEncoder(w).Encode(map[string]string{"error": "invalid_grant"})
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]string{"access_token": "provider-token", "token_type": "bearer"})
	})
	mux.HandleFunc("/userinfo", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer provider-token" {
			w.WriteHeader(401)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]string{"sub": "oidc-42", "preferred_username": "wangwu", "name": "王五", "email": "ww@example.com"})
	})
	idp := httptest.NewServer(mux)
	defer idp.Close()

	admin := e.login("100001", "admin", "admin")
	ok(t, e.post("/api/blade-auth/social-provider/submit", admin, map[string]any{"source": "oidc", "name": "测试身份源", "clientId": "anquan", "clientSecret": "s3cret", "tokenUrl": idp.URL + "/token", "userInfoUrl": idp.URL + "/userinfo"}), "provider")
	ok(t, e.get("/api/blade-auth/social-provider/list", admin), "provider list")
	social := func(code string) *resp {
		return e.token("saber:saber_secret", url.Values{"tenantId": {"100001"}, "source": {"oidc"}, "code": {code}, "state": {"x"}, "grant_type": {"social"}})
	}
	if r := social("bad-code"); r.Status != 400 {
		t.Fatalf("bad code: %d %s", r.Status, r.Raw)
	}
	r := social("good-code")
	if r.Status != 200 || r.Body["user_id"] != "-1" || str(r.Body["oauth_id"]) == "" {
		t.Fatalf("first social login: %d %s", r.Status, r.Raw)
	}
	guest := str(r.Body["access_token"])
	dup := e.post("/api/blade-user/register-guest", guest, map[string]any{"tenantId": "100001", "name": "重复", "account": "operator1", "password": "123456", "oauthId": r.Body["oauth_id"]})
	if dup.dataMap()["success"] != false || dup.dataMap()["msg"] != "当前账号已被使用!" {
		t.Fatalf("duplicate registration: %s", dup.Raw)
	}
	reg := e.post("/api/blade-user/register-guest", guest, map[string]any{"tenantId": "100001", "name": "王五", "account": "wangwu", "password": "123456", "oauthId": r.Body["oauth_id"]})
	ok(t, reg, "register-guest")
	if reg.dataMap()["success"] != true {
		t.Fatalf("register-guest: %s", reg.Raw)
	}
	// Pending: cannot log in yet; the administrators get a message.
	if r := e.token("api:api_secret", url.Values{"tenantId": {"100001"}, "username": {"wangwu"}, "password": {"123456"}, "grant_type": {"password"}}); r.Status != 400 {
		t.Fatalf("pending user logged in: %s", r.Raw)
	}
	eventually(t, "registration message to administrators", func() bool {
		return strings.Contains(string(e.get("/api/blade-desk/message/list?size=50", admin).Raw), "wangwu")
	})
	p := e.get("/api/blade-user/page?status_equal=0&account=wangwu", admin)
	ok(t, p, "pending list")
	if len(p.list()) != 1 {
		t.Fatalf("pending registrations: %s", truncate(p.Raw))
	}
	ok(t, e.post("/api/blade-user/audit-pass?ids="+str(p.list()[0].(map[string]any)["id"]), admin, nil), "approve")
	ww := e.login("100001", "wangwu", "123456")
	eventually(t, "approval message to the registered person", func() bool {
		return strings.Contains(string(e.get("/api/blade-desk/message/list?size=50", ww).Raw), "注册申请已通过")
	})
	r = social("good-code")
	if r.Status != 200 || r.Body["user_id"] == "-1" || r.Body["account"] != "wangwu" {
		t.Fatalf("social login after approval: %d %s", r.Status, r.Raw)
	}
}
