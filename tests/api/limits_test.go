package api

import (
	"database/sql"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"anquan/kit/authn"
	"anquan/kit/conf"
)

// TestTokenEndpointIsRateLimitedPerIP: past the per-minute budget the token
// endpoint answers 429 before doing any work.
func TestTokenEndpointIsRateLimitedPerIP(t *testing.T) {
	e := start(t, backends[0], func(c *conf.Config) { c.Gateway.TokenRate = 3 })
	form := url.Values{"tenantId": {"100001"}, "username": {"nobody"}, "password": {"x"}, "grant_type": {"password"}}
	codes := []int{}
	for i := 0; i < 5; i++ {
		codes = append(codes, e.token("api:api_secret", form).Status)
	}
	if codes[0] != 400 || codes[4] != 429 {
		t.Fatalf("statuses %v: want refusals, then 429 once the budget is spent", codes)
	}
	r := e.token("api:api_secret", form)
	if !strings.Contains(str(r.Body["error_description"]), "频繁") {
		t.Fatalf("rate-limit message: %s", r.Raw)
	}
	if !strings.Contains(string(e.get("/api/openapi.json", "").Raw), "/api/blade-auth/oauth/token") {
		t.Fatal("openapi.json lacks the token endpoint")
	}
}

// TestLegacyBladeHashIsAcceptedAndUpgraded: a user migrated from Blade with
// sha1(md5(password)) logs in once, and the stored hash becomes bcrypt.
func TestLegacyBladeHashIsAcceptedAndUpgraded(t *testing.T) {
	e := start(t, backends[0])
	db, err := sql.Open("sqlite", "file:"+filepath.Join(e.cfg.Data, "user.db")+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }() // best-effort cleanup in a test
	if _, err := db.Exec("UPDATE blade_user SET password = ? WHERE tenant_id = '100001' AND account = 'welder'", authn.LegacyHash("old-blade-pw")); err != nil {
		t.Fatal(err)
	}
	e.login("100001", "welder", "old-blade-pw")
	var stored string
	if err := db.QueryRow("SELECT password FROM blade_user WHERE tenant_id = '100001' AND account = 'welder'").Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stored, "$2") {
		t.Fatalf("hash not upgraded: %s", stored)
	}
	e.login("100001", "welder", "old-blade-pw") // and the new hash verifies
}
