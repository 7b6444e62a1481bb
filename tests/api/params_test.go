package api

import (
	"strings"
	"testing"
)

// TestParamVisibilityAndSecrets: a param whose key names a credential is
// write-only (masked in list, detail, by-key and export, kept when the form
// sends the mask back); by key, members read public params only, admin
// params need an administrator; only the platform sets platform params.
func TestParamVisibilityAndSecrets(t *testing.T) {
	e := start(t, backends[0])
	admin := e.login("100001", "admin", "admin")
	contractor := e.login("100001", "contractor1", "123456")
	const p = "/api/blade-system/param"

	ok(t, e.post(p+"/submit", admin, map[string]any{"paramName": "短信密钥", "paramKey": "sms.secret", "paramValue": "S3cr3t-value"}), "secret param")
	l := e.get(p+"/list?paramKey=sms.secret", admin)
	ok(t, l, "list")
	rec := l.list()[0].(map[string]any)
	if rec["paramValue"] != "******" || rec["secret"] != true || strings.Contains(string(l.Raw), "S3cr3t") {
		t.Fatalf("secret shown in the list: %s", truncate(l.Raw))
	}
	id := str(rec["id"])
	if d := e.get(p+"/detail?id="+id, admin); d.dataMap()["paramValue"] != "******" {
		t.Fatalf("secret shown in the detail: %s", truncate(d.Raw))
	}
	if d := e.get(p+"/detail-by-key?key=sms.secret", admin); d.dataMap()["paramValue"] != "******" {
		t.Fatalf("secret shown by key: %s", truncate(d.Raw))
	}
	for _, row := range e.exportRows(t, p+"/export?paramKey=sms.secret", admin)[1:] {
		if strings.Contains(strings.Join(row, "|"), "S3cr3t") {
			t.Fatalf("secret in the export: %v", row)
		}
	}
	// Members of the tenant: public params by key, nothing else.
	fails(t, e.get(p+"/detail-by-key?key=sms.secret", contractor), 403, "管理员", "contractor reads the secret param")
	fails(t, e.get(p+"/detail-by-key?key=account.failCount", contractor), 403, "管理员", "contractor reads an admin param")
	if r := e.get(p+"/detail-by-key?key=web.tokenTime", contractor); r.dataMap()["paramValue"] != "3000" {
		t.Fatalf("public param by key: %s", truncate(r.Raw))
	}
	// The initial password is secret too; saving its form with the mask
	// keeps the stored value (a password reset afterwards sets it).
	init := e.get(p+"/list?paramKey=account.initPassword", admin).list()[0].(map[string]any)
	init["paramName"] = "账号初始密码(已核对)"
	ok(t, e.post(p+"/submit", admin, init), "save the masked initial password")
	ok(t, e.post("/api/blade-user/submit", admin, map[string]any{"account": "maskcheck", "password": "Other-Pass1", "realName": "掩码", "name": "掩码",
		"roleId": "1000010000000000104", "deptId": "1000010000000000204", "userType": 1}), "user")
	ok(t, e.post("/api/blade-user/reset-password?userIds="+e.userID(t, admin, "maskcheck"), admin, nil), "reset to the initial password")
	e.login("100001", "maskcheck", "123456")
	// Platform params: not for tenant administrators.
	fails(t, e.post(p+"/submit", admin, map[string]any{"paramName": "平台", "paramKey": "platform.only", "paramValue": "1", "visibility": 3}), 403, "平台", "tenant admin sets a platform param")
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post(p+"/submit", platform, map[string]any{"paramName": "平台", "paramKey": "platform.only", "paramValue": "1", "visibility": 3}), "platform param")
	if n := len(e.get(p+"/list?paramKey=platform.only", platform).list()); n != 1 {
		t.Fatalf("platform lists %d of its platform params", n)
	}
}
