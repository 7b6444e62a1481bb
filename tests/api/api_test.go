package api

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"bytes"
	"github.com/xuri/excelize/v2"

	"anquan/kit/cache"
	"anquan/kit/conf"
	"anquan/kit/timefmt"
)

// TestAPI runs the whole suite on every backend that answers here.
func TestAPI(t *testing.T) {
	for _, b := range backends {
		b := b
		t.Run(b.name, func(t *testing.T) {
			// SocialRegistration runs its own identity provider on loopback,
			// which only an on-premise deployment's switch allows (the
			// refusal with the switch off: TestSocialProviderOnInternalAddress...).
			e := start(t, b, func(c *conf.Config) { c.Security.AllowPrivateIdP = true })
			t.Run("Health", e.testHealth)
			t.Run("TokenGrants", e.testTokenGrants)
			t.Run("CaptchaLogin", e.testCaptchaLogin)
			t.Run("Lockout", e.testLockout)
			t.Run("RefreshRotation", e.testRefreshRotation)
			t.Run("Logout", e.testLogout)
			t.Run("Menus", e.testMenus)
			t.Run("Dictionaries", e.testDictionaries)
			t.Run("Permissions", e.testPermissions)
			t.Run("BadInput", e.testBadInput)
			t.Run("Users", e.testUsers)
			t.Run("Tenants", e.testTenants)
			t.Run("SystemCrud", e.testSystemCrud)
			t.Run("ParamsByTenant", e.testParamsByTenant)
			t.Run("TenantIsolation", e.testTenantIsolation)
			t.Run("Notices", e.testNotices)
			t.Run("SocialRegistration", e.testSocialRegistration)
			t.Run("TracePropagation", e.testTracePropagation)
		})
	}
}

func (e *env) testHealth(t *testing.T) {
	for _, p := range []string{"/healthz", "/readyz", "/metrics", "/api/openapi.json", "/api/docs", "/"} {
		r := e.get(p, "")
		if r.Status != 200 {
			t.Fatalf("%s: %d %s", p, r.Status, truncate(r.Raw))
		}
	}
	r := e.get("/api/no-such-thing", "")
	fails(t, r, 404, "不存在", "unknown path")
	r = e.get("/some/spa/route", "")
	if r.Status != 200 || !strings.Contains(string(r.Raw), "<html") {
		t.Fatalf("SPA fallback: %d", r.Status)
	}
}

func (e *env) testTokenGrants(t *testing.T) {
	r := e.token("api:api_secret", url.Values{"tenantId": {"100001"}, "username": {"admin"}, "password": {"admin"}, "grant_type": {"password"}})
	if r.Status != 200 {
		t.Fatalf("login: %d %s", r.Status, r.Raw)
	}
	for _, f := range []string{"access_token", "refresh_token", "tenant_id", "nick_name", "avatar", "account", "user_name", "role_name", "token_type", "expires_in", "user_id", "dept_id", "role_id"} {
		if _, present := r.Body[f]; !present {
			t.Fatalf("token answer lacks %s: %s", f, r.Raw)
		}
	}
	if r.Body["tenant_id"] != "100001" || r.Body["account"] != "admin" || r.Body["token_type"] != "bearer" || r.Body["expires_in"] != float64(3600) {
		t.Fatalf("token answer: %s", r.Raw)
	}
	if _, env := r.Body["code"]; env && r.Body["data"] != nil {
		t.Fatalf("token endpoint must answer the bare OAuth2 object: %s", r.Raw)
	}
	// Bad client: 401 with error_description.
	r = e.token("api:wrong", url.Values{"tenantId": {"100001"}, "username": {"admin"}, "password": {"admin"}, "grant_type": {"password"}})
	if r.Status != 401 || r.Body["error_description"] == "" {
		t.Fatalf("bad client: %d %s", r.Status, r.Raw)
	}
	r = e.token("", url.Values{"tenantId": {"100001"}, "username": {"admin"}, "password": {"admin"}, "grant_type": {"password"}})
	if r.Status != 401 {
		t.Fatalf("missing client: %d %s", r.Status, r.Raw)
	}
	// Wrong password: 400, no hint which part was wrong.
	r = e.token("api:api_secret", url.Values{"tenantId": {"100001"}, "username": {"operator1"}, "password": {"nope"}, "grant_type": {"password"}})
	if r.Status != 400 || r.Body["error_description"] != "用户名或密码错误" {
		t.Fatalf("wrong password: %d %s", r.Status, r.Raw)
	}
	r = e.token("api:api_secret", url.Values{"tenantId": {"100001"}, "username": {"nobody"}, "password": {"nope"}, "grant_type": {"password"}})
	if r.Status != 400 || r.Body["error_description"] != "用户名或密码错误" {
		t.Fatalf("unknown account: %d %s", r.Status, r.Raw)
	}
	r = e.token("api:api_secret", url.Values{"tenantId": {"999999"}, "username": {"admin"}, "password": {"admin"}, "grant_type": {"password"}})
	if r.Status != 400 {
		t.Fatalf("unknown tenant: %d %s", r.Status, r.Raw)
	}
	r = e.token("api:api_secret", url.Values{"tenantId": {"100001"}, "grant_type": {"magic"}})
	if r.Status != 400 {
		t.Fatalf("unknown grant: %d %s", r.Status, r.Raw)
	}
	// The web client's password must arrive encrypted.
	r = e.token("saber:saber_secret", url.Values{"tenantId": {"100001"}, "username": {"operator2"}, "password": {"123456"}, "grant_type": {"password"}})
	if r.Status != 400 {
		t.Fatalf("plain password on the encrypting client must fail: %d %s", r.Status, r.Raw)
	}
}

func (e *env) testCaptchaLogin(t *testing.T) {
	r := e.get("/api/blade-auth/oauth/captcha", "")
	ok(t, r, "captcha")
	key := str(r.dataMap()["key"])
	if key == "" || !strings.HasPrefix(str(r.dataMap()["image"]), "data:image/png;base64,") {
		t.Fatalf("captcha answer: %s", truncate(r.Raw))
	}
	code, found, _ := e.stack.Infra.Cache.Get(t.Context(), cache.Captcha(key))
	if !found {
		t.Fatal("captcha not stored")
	}
	// Wrong code is refused and consumes the captcha.
	r = e.loginWeb("100001", "admin", "admin", key, "zzzz")
	if r.Status != 400 {
		t.Fatalf("wrong captcha: %d %s", r.Status, r.Raw)
	}
	r = e.loginWeb("100001", "admin", "admin", key, code)
	if r.Status != 400 {
		t.Fatalf("reused captcha must fail: %d %s", r.Status, r.Raw)
	}
	r = e.get("/api/blade-auth/oauth/captcha", "")
	key = str(r.dataMap()["key"])
	code, _, _ = e.stack.Infra.Cache.Get(t.Context(), cache.Captcha(key))
	r = e.loginWeb("100001", "admin", "admin", key, strings.ToLower(code))
	if r.Status != 200 || r.Body["access_token"] == "" {
		t.Fatalf("captcha login (case-insensitive): %d %s", r.Status, r.Raw)
	}
}

func (e *env) testLockout(t *testing.T) {
	form := url.Values{"tenantId": {"100001"}, "username": {"director"}, "password": {"bad"}, "grant_type": {"password"}}
	for i := 0; i < 5; i++ {
		if r := e.token("api:api_secret", form); r.Body["error_description"] != "用户名或密码错误" {
			t.Fatalf("attempt %d: %s", i, r.Raw)
		}
	}
	form.Set("password", "123456") // even the right password is refused now
	r := e.token("api:api_secret", form)
	if r.Status != 400 || r.Body["error_description"] != "用户登录失败次数过多,请稍后再试" {
		t.Fatalf("lockout: %d %s", r.Status, r.Raw)
	}
	// The administrator unlocks the account.
	admin := e.login("100001", "admin", "admin")
	users := e.get("/api/blade-user/page?account_equal=director", admin)
	ok(t, users, "find director")
	if len(users.list()) != 1 {
		t.Fatalf("director: %s", truncate(users.Raw))
	}
	id := str(users.list()[0].(map[string]any)["id"])
	ok(t, e.post("/api/blade-user/unlock?userIds="+id, admin, nil), "unlock")
	if r := e.token("api:api_secret", form); r.Status != 200 {
		t.Fatalf("after unlock: %d %s", r.Status, r.Raw)
	}
}

func (e *env) testRefreshRotation(t *testing.T) {
	r := e.token("api:api_secret", url.Values{"tenantId": {"100001"}, "username": {"safety"}, "password": {"123456"}, "grant_type": {"password"}})
	if r.Status != 200 {
		t.Fatalf("login: %s", r.Raw)
	}
	rt1 := str(r.Body["refresh_token"])
	r2 := e.token("api:api_secret", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt1}})
	if r2.Status != 200 || str(r2.Body["refresh_token"]) == rt1 || str(r2.Body["access_token"]) == "" {
		t.Fatalf("refresh: %d %s", r2.Status, r2.Raw)
	}
	rt2 := str(r2.Body["refresh_token"])
	// Reusing the rotated token revokes the whole family, including rt2.
	if r := e.token("api:api_secret", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt1}}); r.Status != 400 {
		t.Fatalf("reuse must fail: %d %s", r.Status, r.Raw)
	}
	if r := e.token("api:api_secret", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt2}}); r.Status != 400 {
		t.Fatalf("family must be revoked after reuse: %d %s", r.Status, r.Raw)
	}
	if r := e.token("api:api_secret", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"garbage"}}); r.Status != 400 {
		t.Fatalf("garbage refresh: %d %s", r.Status, r.Raw)
	}
	// An expired refresh token: a client whose refresh tokens live one second.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/client/submit", platform, map[string]any{"clientId": "short", "clientSecret": "short_secret", "authorizedGrantTypes": "password,refresh_token", "accessTokenValidity": 60, "refreshTokenValidity": 1}), "short client")
	r = e.token("short:short_secret", url.Values{"tenantId": {"100001"}, "username": {"safety"}, "password": {"123456"}, "grant_type": {"password"}})
	if r.Status != 200 {
		t.Fatalf("short login: %s", r.Raw)
	}
	time.Sleep(1100 * time.Millisecond)
	if r := e.token("short:short_secret", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {str(r.Body["refresh_token"])}}); r.Status != 400 || !strings.Contains(str(r.Body["error_description"]), "过期") {
		t.Fatalf("expired refresh: %d %s", r.Status, r.Raw)
	}
}

func (e *env) testLogout(t *testing.T) {
	tok := e.login("100001", "operator1", "123456")
	ok(t, e.get("/api/blade-auth/oauth/user-info", tok), "user-info")
	info := e.get("/api/blade-auth/oauth/user-info", tok).dataMap()
	if info["account"] != "operator1" || info["tenantId"] != "100001" || info["roleAlias"] != "operator" || info["roleName"] != "作业人员" {
		t.Fatalf("user-info: %v", info)
	}
	ok(t, e.get("/api/blade-auth/oauth/clear-cache", tok), "clear-cache")
	ok(t, e.post("/api/blade-auth/oauth/logout", tok, map[string]any{}), "logout")
	fails(t, e.get("/api/blade-auth/oauth/user-info", tok), 401, "", "after logout")
	tok = e.login("100001", "operator1", "123456")
	ok(t, e.get("/api/blade-auth/oauth/logout", tok), "GET logout")
	fails(t, e.get("/api/blade-system/menu/routes", tok), 401, "", "after GET logout")
}

func (e *env) testMenus(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	r := e.get("/api/blade-system/menu/routes", admin)
	ok(t, r, "routes")
	mods := r.list()
	codes := map[string]map[string]any{}
	for _, m := range mods {
		mm := m.(map[string]any)
		codes[str(mm["code"])] = mm
	}
	for _, c := range []string{"safety_risk", "hidden_danger", "safety_education", "dangerous_source", "emergency", "intelligent_inspection", "personnel_vehicle", "on_duty", "business_process", "equipment", "system_settings"} {
		m, present := codes[c]
		if !present {
			t.Fatalf("module %s missing from routes", c)
		}
		if m["isUsed"] != float64(2) || str(m["source"]) == "" {
			t.Fatalf("module %s: %v", c, m)
		}
	}
	if _, present := codes["tenant"]; present {
		t.Fatal("tenant management must not be a module of a customer tenant")
	}
	sys := codes["system_settings"]
	r = e.get("/api/blade-system/menu/routes?topMenuId="+str(sys["id"]), admin)
	ok(t, r, "routes by top menu")
	var paths []string
	for _, c := range r.list() {
		paths = append(paths, str(c.(map[string]any)["path"]))
	}
	if !strings.Contains(strings.Join(paths, ","), "/system/user") {
		t.Fatalf("system settings children: %v", paths)
	}
	ok(t, e.get("/api/blade-system/menu/top-menu", admin), "top-menu")
	ok(t, e.get("/api/blade-system/menu/routesTop?topMenuId="+str(sys["id"]), admin), "routesTop")
	b := e.get("/api/blade-system/menu/buttons", admin)
	ok(t, b, "buttons")
	if !strings.Contains(string(b.Raw), "user_add") {
		t.Fatalf("buttons lack user_add: %s", truncate(b.Raw))
	}
	// A contractor sees only its modules and no system buttons.
	con := e.login("100001", "contractor1", "123456")
	r = e.get("/api/blade-system/menu/routes", con)
	ok(t, r, "contractor routes")
	if strings.Contains(string(r.Raw), "system_settings") || !strings.Contains(string(r.Raw), "safety_education") {
		t.Fatalf("contractor routes: %s", truncate(r.Raw))
	}
	if strings.Contains(string(e.get("/api/blade-system/menu/buttons", con).Raw), "user_add") {
		t.Fatal("contractor must not hold user_add")
	}
	for _, p := range []string{"/api/blade-system/menu/lazy-list?parentId=0", "/api/blade-system/menu/lazy-menu-list?parentId=" + str(sys["id"]), "/api/blade-system/menu/tree", "/api/blade-system/menu/detail?id=" + str(sys["id"]), "/api/blade-system/menu/grant-tree"} {
		ok(t, e.get(p, admin), p)
	}
	// Add, edit and remove a menu.
	ok(t, e.post("/api/blade-system/menu/submit", admin, map[string]any{"parentId": str(sys["id"]), "name": "测试菜单", "code": "test_menu", "path": "/system/test", "category": 1, "sort": 99}), "menu add")
	r = e.get("/api/blade-system/menu/lazy-list?parentId="+str(sys["id"])+"&code=test_menu", admin)
	if len(r.list()) != 1 {
		t.Fatalf("menu added: %s", truncate(r.Raw))
	}
	mid := str(r.list()[0].(map[string]any)["id"])
	fails(t, e.post("/api/blade-system/menu/submit", admin, map[string]any{"name": "重复", "code": "test_menu", "category": 1}), 400, "已存在", "duplicate menu code")
	ok(t, e.post("/api/blade-system/menu/remove?ids="+mid, admin, nil), "menu remove")
}

func (e *env) testDictionaries(t *testing.T) {
	tok := e.login("100001", "operator1", "123456")
	r := e.get("/api/blade-system/dict/dictionary?code=work_permit_status", tok)
	ok(t, r, "dictionary")
	want := map[string]bool{"0": false, "1": false, "3": false, "4": false, "5": false}
	for _, it := range r.list() {
		want[str(it.(map[string]any)["dictKey"])] = true
	}
	for k, seen := range want {
		if !seen {
			t.Fatalf("work_permit_status lacks %s: %s", k, truncate(r.Raw))
		}
	}
	admin := e.login("100001", "admin", "admin")
	// Seeded entries carry their English label (the English UI shows it).
	en := map[string]string{}
	for _, it := range e.get("/api/blade-system/dict/dictionary?code=user_type", tok).list() {
		m := it.(map[string]any)
		en[str(m["dictKey"])] = str(m["dictValueEn"])
	}
	if en["1"] != "Internal staff" || en["2"] != "Contractor staff" {
		t.Fatalf("user_type English labels: %v", en)
	}
	ok(t, e.get("/api/blade-system/dict/tree?code=DICT", admin), "dict tree")
	p := e.get("/api/blade-system/dict/parent-list?current=1&size=5&code=risk", admin)
	ok(t, p, "parent-list")
	if len(p.list()) == 0 {
		t.Fatal("parent-list by code found nothing")
	}
	parent := str(p.list()[0].(map[string]any)["id"])
	ok(t, e.get("/api/blade-system/dict/child-list?parentId="+parent, admin), "child-list")
	ok(t, e.get("/api/blade-system/dict/detail?id="+parent, admin), "dict detail")
	ok(t, e.post("/api/blade-system/dict/submit", admin, map[string]any{"code": "plant_shift", "dictValue": "班次"}), "dict parent add")
	p = e.get("/api/blade-system/dict/parent-list?code_equal=plant_shift", admin)
	pid := str(p.list()[0].(map[string]any)["id"])
	ok(t, e.post("/api/blade-system/dict/submit", admin, map[string]any{"parentId": pid, "dictKey": "1", "dictValue": "白班", "dictValueEn": " Day shift "}), "dict child add")
	fails(t, e.post("/api/blade-system/dict/submit", admin, map[string]any{"parentId": pid, "dictKey": "1", "dictValue": "夜班"}), 400, "已存在", "duplicate key")
	items := e.get("/api/blade-system/dict/dictionary?code=plant_shift", admin).list()
	if n := len(items); n != 1 {
		t.Fatalf("new dictionary has %d entries", n)
	}
	// The English label is kept (trimmed), served with the entry and editable.
	child := items[0].(map[string]any)
	if child["dictValueEn"] != "Day shift" {
		t.Fatalf("dictionary entry's English label: %v", child)
	}
	cid := str(child["id"])
	ok(t, e.post("/api/blade-system/dict/submit", admin, map[string]any{"id": cid, "parentId": pid, "dictKey": "1", "dictValue": "白班", "dictValueEn": "Morning shift", "sort": 1}), "dict child edit")
	if d := e.get("/api/blade-system/dict/detail?id="+cid, admin).dataMap(); d["dictValueEn"] != "Morning shift" || d["dictValue"] != "白班" {
		t.Fatalf("dict detail after editing the English label: %v", d)
	}
	fails(t, e.post("/api/blade-system/dict/submit", admin, map[string]any{"id": cid, "parentId": pid, "dictKey": "1", "dictValue": "白班", "dictValueEn": strings.Repeat("x", 201)}), 400, "", "English label over 200 characters")
	ok(t, e.post("/api/blade-system/dict/remove?ids="+pid, admin, nil), "dict remove")
	if n := len(e.get("/api/blade-system/dict/dictionary?code=plant_shift", admin).list()); n != 0 {
		t.Fatalf("children of a removed dictionary remain: %d", n)
	}
}

func (e *env) testPermissions(t *testing.T) {
	fails(t, e.get("/api/blade-user/page", ""), 401, "", "missing token")
	fails(t, e.get("/api/blade-system/menu/routes", "not-a-jwt"), 401, "", "bad token")
	op := e.login("100001", "operator1", "123456")
	fails(t, e.get("/api/blade-user/page", op), 403, "", "operator lists users")
	fails(t, e.post("/api/blade-system/role/submit", op, map[string]any{"roleName": "x", "roleAlias": "x"}), 403, "", "operator adds a role")
	admin := e.login("100001", "admin", "admin")
	fails(t, e.get("/api/blade-system/tenant/list", admin), 403, "", "tenant admin lists tenants")
	// Granting the user menu to the operator role lets the operator list users.
	roles := e.get("/api/blade-system/role/list?roleAlias=operator", admin)
	ok(t, roles, "roles")
	rid := str(roles.list()[0].(map[string]any)["id"])
	grant := e.get("/api/blade-system/menu/lazy-list?parentId=0&code=system_settings", admin)
	sys := str(grant.list()[0].(map[string]any)["id"])
	kids := e.get("/api/blade-system/menu/lazy-list?parentId="+sys+"&code=user", admin)
	var userMenu string
	for _, k := range kids.list() {
		if k.(map[string]any)["code"] == "user" {
			userMenu = str(k.(map[string]any)["id"])
		}
	}
	keys := e.get("/api/blade-system/menu/role-tree-keys?roleIds="+rid, admin)
	ok(t, keys, "role keys")
	ids := []string{userMenu}
	for _, k := range keys.list() {
		ids = append(ids, str(k))
	}
	ok(t, e.post("/api/blade-system/role/grant", admin, map[string]any{"roleIds": []string{rid}, "menuIds": ids}), "grant")
	eventually(t, "grant to reach the gateway", func() bool { return e.get("/api/blade-user/page", op).Status == 200 })
	// The operator role's data scope is "self": the list holds only the caller.
	mine := e.get("/api/blade-user/page?size=100", op)
	if mine.dataMap()["total"] != float64(1) || str(mine.list()[0].(map[string]any)["account"]) != "operator1" {
		t.Fatalf("data scope self: %s", truncate(mine.Raw))
	}
	// The administrator's scope is all.
	if all := e.get("/api/blade-user/page?size=100", admin); all.dataMap()["total"].(float64) < 5 {
		t.Fatalf("data scope all: %s", truncate(all.Raw))
	}
}

func (e *env) testBadInput(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	fails(t, e.get("/api/blade-user/page?size=-1", admin), 400, "", "negative size")
	fails(t, e.get("/api/blade-user/page?current=abc", admin), 400, "", "non-numeric current")
	r := e.get("/api/blade-user/page?size=5000&nonsense_field=1&password=x", admin)
	ok(t, r, "unknown filters ignored, size capped")
	if r.dataMap()["size"] != float64(1000) {
		t.Fatalf("size cap: %v", r.dataMap()["size"])
	}
	fails(t, e.get("/api/blade-user/detail?id=123", admin), 400, "不存在", "missing user")
	fails(t, e.post("/api/blade-user/remove?ids=1,abc", admin, nil), 400, "", "bad ids")
	fails(t, e.call("POST", "/api/blade-user/submit", admin, []byte("{not json")), 400, "", "malformed JSON")
	big := bytes.Repeat([]byte("x"), 11<<20)
	fails(t, e.call("POST", "/api/blade-user/submit", admin, big), 413, "过大", "oversized body")
}

func (e *env) testUsers(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	u := map[string]any{"account": "zhangsan", "password": "Passw0rd!", "realName": "张三", "name": "张三", "phone": "13900000000", "email": "zs@example.com", "sex": 1,
		"roleId": "1000010000000000104", "deptId": "1000010000000000204", "postId": "1000010000000000303", "userType": 1}
	ok(t, e.post("/api/blade-user/submit", admin, u), "user add")
	fails(t, e.post("/api/blade-user/submit", admin, u), 400, "当前账号已被使用!", "duplicate account")
	r := e.get("/api/blade-user/page?account=zhangsan&current=1&size=10", admin)
	ok(t, r, "page")
	if r.dataMap()["total"] != float64(1) {
		t.Fatalf("page total: %s", truncate(r.Raw))
	}
	rec := r.list()[0].(map[string]any)
	if rec["roleName"] != "作业人员" || rec["deptName"] != "合成车间" || rec["password"] != "" {
		t.Fatalf("record: %v", rec)
	}
	id := str(rec["id"])
	ok(t, e.get("/api/blade-user/detail?id="+id, admin), "detail")
	rec["realName"] = "张三丰"
	ok(t, e.post("/api/blade-user/update", admin, rec), "update")
	if e.get("/api/blade-user/detail?id="+id, admin).dataMap()["realName"] != "张三丰" {
		t.Fatal("update not saved")
	}
	zs := e.login("100001", "zhangsan", "Passw0rd!")
	ok(t, e.get("/api/blade-user/info", zs), "info")
	ok(t, e.post("/api/blade-user/update-password?oldPassword=Passw0rd!&newPassword=N3wPass!&newPassword1=N3wPass!", zs, nil), "update-password")
	fails(t, e.get("/api/blade-user/info", zs), 401, "", "old token after password change")
	e.login("100001", "zhangsan", "N3wPass!")
	ok(t, e.post("/api/blade-user/reset-password?userIds="+id, admin, nil), "reset-password")
	e.login("100001", "zhangsan", "123456")
	ok(t, e.post("/api/blade-user/grant?userIds="+id+"&roleIds=1000010000000000102", admin, nil), "grant role")
	for _, p := range []string{"/api/blade-user/userListByTenantId", "/api/blade-user/userPageByTenantId?current=1&size=5", "/api/blade-user/getUserListOutAndInside?userType=2", "/api/blade-user/getUserListOutAndInsidePage?userType=1"} {
		ok(t, e.get(p, admin), p)
	}
	// Export: an xlsx whose rows match the list.
	x := e.get("/api/blade-user/export-user?account=zhangsan", admin)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("export: %d %v", x.Status, x.Header)
	}
	f, err := excelize.OpenReader(bytes.NewReader(x.Raw))
	if err != nil {
		t.Fatalf("export is not xlsx: %v", err)
	}
	rows, _ := f.GetRows(f.GetSheetName(0))
	if len(rows) != 2 || !strings.Contains(strings.Join(rows[1], ","), "zhangsan") {
		t.Fatalf("export rows: %v", rows)
	}
	ok(t, e.post("/api/blade-user/remove?ids="+id, admin, nil), "remove")
	if e.get("/api/blade-user/page?account=zhangsan", admin).dataMap()["total"] != float64(0) {
		t.Fatal("removed user still listed")
	}
	// Validation.
	fails(t, e.post("/api/blade-user/submit", admin, map[string]any{"account": "", "password": "123456"}), 400, "", "empty account")
	fails(t, e.post("/api/blade-user/submit", admin, map[string]any{"account": "lisi", "password": "123456", "email": "not-an-email"}), 400, "", "bad email")
}

func (e *env) testTenants(t *testing.T) {
	platform := e.login("000000", "admin", "admin")
	soon := time.Now().Add(10 * 24 * time.Hour).In(timefmt.Zone).Format(timefmt.Layout)
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "200001", "tenantName": "测试化工", "domain": "t2.example.com", "expireTime": soon, "accountNumber": 3}), "tenant add")
	fails(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "200001", "tenantName": "重复"}), 400, "已存在", "duplicate tenant")
	fails(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "12ab", "tenantName": "坏编号"}), 400, "6位数字", "bad tenant id")
	r := e.get("/api/blade-system/tenant/list?tenantName=测试", platform)
	ok(t, r, "tenant list")
	if len(r.list()) != 1 {
		t.Fatalf("tenant list: %s", truncate(r.Raw))
	}
	id := str(r.list()[0].(map[string]any)["id"])
	ok(t, e.get("/api/blade-system/tenant/detail?id="+id, platform), "tenant detail")
	ok(t, e.get("/api/blade-system/tenant/select", platform), "tenant select")
	info := e.get("/api/blade-system/tenant/info?domain=t2.example.com", "")
	ok(t, info, "tenant info (open)")
	if info.dataMap()["tenantId"] != "200001" {
		t.Fatalf("tenant info: %s", info.Raw)
	}
	ok(t, e.get("/api/blade-system/tenant/getByTenantId?tenantId=200001", platform), "getByTenantId")
	// The new tenant's admin logs in with the initial password and is reminded of the licence end.
	tok := e.token("api:api_secret", url.Values{"tenantId": {"200001"}, "username": {"admin"}, "password": {"123456"}, "grant_type": {"password"}})
	if tok.Status != 200 || !strings.Contains(str(tok.Body["expirationInformation"]), "到期") {
		t.Fatalf("new tenant admin: %d %s", tok.Status, tok.Raw)
	}
	t2 := str(tok.Body["access_token"])
	ok(t, e.get("/api/blade-system/menu/routes", t2), "new tenant routes")
	exp := e.get("/api/blade-desk/expiration/detail", t2)
	ok(t, exp, "expiration reminder")
	if str(exp.dataMap()["remindDate"]) == "" {
		t.Fatalf("expiration reminder: %s", exp.Raw)
	}
	// The user limit (3) is enforced: admin + 2 more.
	for i := 1; i <= 2; i++ {
		ok(t, e.post("/api/blade-user/submit", t2, map[string]any{"account": fmt.Sprintf("u%d", i), "password": "123456", "realName": "用户"}), "user within limit")
	}
	fails(t, e.post("/api/blade-user/submit", t2, map[string]any{"account": "u3", "password": "123456", "realName": "用户"}), 400, "", "user over limit")
	// Menu sub-tabulation: disable every module but one.
	subs := e.get("/api/blade-system/tenant/getMenuSubtabulationList?tenantId=200001", platform)
	ok(t, subs, "sub list")
	all := subs.list()
	if len(all) < 10 {
		t.Fatalf("modules enabled: %d", len(all))
	}
	ok(t, e.call("POST", "/api/blade-system/tenant/updateMenuSubtabulationList", platform, url.Values{"tenantId": {"200001"}, "menuIds": {str(all[0])}}), "update sub list (form)")
	if n := len(e.get("/api/blade-system/tenant/getMenuSubtabulationList?tenantId=200001", platform).list()); n != 1 {
		t.Fatalf("enabled after update: %d", n)
	}
	// An expired tenant is refused with the authorization-expired message.
	past := time.Now().Add(-time.Hour).In(timefmt.Zone).Format(timefmt.Layout)
	d := e.get("/api/blade-system/tenant/detail?id="+id, platform).dataMap()
	d["expireTime"] = past
	ok(t, e.post("/api/blade-system/tenant/submit", platform, d), "expire tenant")
	r = e.token("api:api_secret", url.Values{"tenantId": {"200001"}, "username": {"admin"}, "password": {"123456"}, "grant_type": {"password"}})
	if r.Status != 400 || !strings.Contains(str(r.Body["error_description"]), "授权已过期") {
		t.Fatalf("expired tenant: %d %s", r.Status, r.Raw)
	}
	x := e.get("/api/blade-system/tenant/export", platform)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), "xlsx") {
		t.Fatalf("tenant export: %d", x.Status)
	}
	fails(t, e.post("/api/blade-system/tenant/remove?ids="+e.platformTenantID(t, platform), platform, nil), 400, "不能删除", "remove platform tenant")
	ok(t, e.post("/api/blade-system/tenant/remove?ids="+id, platform, nil), "tenant remove")
}

// testParamsByTenant: the platform administrator reads a tenant's
// parameters by tenantId; a tenant administrator cannot read another's.
func (e *env) testParamsByTenant(t *testing.T) {
	platform := e.login("000000", "admin", "admin")
	r := e.get("/api/blade-system/param/list?tenantId=100001&paramKey=account.initPassword", platform)
	ok(t, r, "platform reads tenant params")
	if len(r.list()) != 1 || str(r.list()[0].(map[string]any)["tenantId"]) != "100001" {
		t.Fatalf("params of 100001: %s", truncate(r.Raw))
	}
	admin := e.login("100001", "admin", "admin")
	if n := len(e.get("/api/blade-system/param/list?tenantId=000000", admin).list()); n != 0 {
		t.Fatalf("tenant admin read %d platform params", n)
	}
}

func (e *env) platformTenantID(t *testing.T, tok string) string {
	r := e.get("/api/blade-system/tenant/list?tenantId_equal=000000", tok)
	return str(r.list()[0].(map[string]any)["id"])
}

// crudCase exercises list, add, detail, update, remove of one entity.
type crudCase struct {
	name, prefix, list string
	add                map[string]any
	filter, field, upd string
}

func (e *env) testSystemCrud(t *testing.T) {
	admin := e.login("100001", "admin", "admin")
	cases := []crudCase{
		{"post", "/api/blade-system/post", "list", map[string]any{"postCode": "inspector", "postName": "巡检员", "category": 3}, "postCode=inspector", "postName", "巡检组长"},
		{"param", "/api/blade-system/param", "list", map[string]any{"paramName": "测试参数", "paramKey": "test.limit", "paramValue": "1"}, "paramKey=test.limit", "paramValue", "2"},
		{"role", "/api/blade-system/role", "list", map[string]any{"roleName": "班组长", "roleAlias": "team_leader", "dataScope": 3}, "roleAlias=team_leader", "roleName", "值班长"},
		{"dept", "/api/blade-system/dept", "list", map[string]any{"deptName": "质检部", "parentId": "1000010000000000201"}, "deptName=质检部", "fullName", "质量检验部"},
		{"label", "/api/label-management", "page", map[string]any{"name": "1号罐", "longitude": 118.7, "latitude": 32.1, "height": 12.5}, "name=1号罐", "remark", "球罐"},
		{"menuTenantConfig", "/api/blade-system/menuTenantConfig", "page", map[string]any{"menuName": "视频监控", "linkUrl": "https://video.example.com", "isUsed": 2}, "menuName=视频监控", "remark", "外部平台"},
	}
	for _, c := range cases {
		ok(t, e.post(c.prefix+"/submit", admin, c.add), c.name+" add")
		r := e.get(c.prefix+"/"+c.list+"?"+c.filter, admin)
		ok(t, r, c.name+" list")
		if len(r.list()) != 1 {
			t.Fatalf("%s list after add: %s", c.name, truncate(r.Raw))
		}
		rec := r.list()[0].(map[string]any)
		id := str(rec["id"])
		if c.name != "label" && c.name != "menuTenantConfig" {
			ok(t, e.get(c.prefix+"/detail?id="+id, admin), c.name+" detail")
		}
		rec[c.field] = c.upd
		ok(t, e.post(c.prefix+"/submit", admin, rec), c.name+" update")
		r = e.get(c.prefix+"/"+c.list+"?"+c.filter, admin)
		if str(r.list()[0].(map[string]any)[c.field]) != c.upd {
			t.Fatalf("%s update not saved: %s", c.name, truncate(r.Raw))
		}
		ok(t, e.post(c.prefix+"/remove?ids="+id, admin, nil), c.name+" remove")
		if n := len(e.get(c.prefix+"/"+c.list+"?"+c.filter, admin).list()); n != 0 {
			t.Fatalf("%s still listed after remove", c.name)
		}
	}
	ok(t, e.get("/api/label-management/list", admin), "label list")
	ok(t, e.get("/api/blade-system/menuTenantConfig/list?tenantId=100001", admin), "menu config list")
	ok(t, e.get("/api/blade-system/role/tree", admin), "role tree")
	ok(t, e.get("/api/blade-system/dept/tree", admin), "dept tree")
	x := e.get("/api/blade-system/post/export", admin)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), "xlsx") {
		t.Fatalf("post export: %d %s", x.Status, truncate(x.Raw))
	}
	fails(t, e.post("/api/blade-system/role/remove?ids=1000010000000000101", admin, nil), 400, "不能删除", "remove admin role")
	fails(t, e.post("/api/blade-system/dept/remove?ids=1000010000000000203", admin, nil), 400, "子节点", "remove dept with children")
	fails(t, e.post("/api/blade-system/post/submit", admin, map[string]any{"postCode": "", "postName": ""}), 400, "", "empty post")
	fails(t, e.post("/api/label-management/submit", admin, map[string]any{"name": "x", "longitude": 500}), 400, "经纬度", "bad longitude")
}
