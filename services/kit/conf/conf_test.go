package conf

import "testing"

func TestSecuritySettingsDefaultClosedAndReadTheEnvironment(t *testing.T) {
	c := Default()
	if len(c.Gateway.CORSOrigins) != 0 || len(c.Gateway.TrustedProxies) != 0 || c.Security.AllowPrivateIdP {
		t.Fatalf("defaults must allow no origin, trust no proxy and refuse private providers: %+v %+v", c.Gateway, c.Security)
	}
	env := map[string]string{
		"ANQUAN_CORS_ORIGINS":      "https://a.example, https://b.example",
		"ANQUAN_TRUSTED_PROXIES":   "10.0.0.0/8,192.168.1.1",
		"ANQUAN_ALLOW_PRIVATE_IDP": "on",
	}
	c.ApplyEnv(func(k string) string { return env[k] })
	if len(c.Gateway.CORSOrigins) != 2 || c.Gateway.CORSOrigins[1] != "https://b.example" || len(c.Gateway.TrustedProxies) != 2 || !c.Security.AllowPrivateIdP {
		t.Fatalf("environment not applied: %+v %+v", c.Gateway, c.Security)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	c.Gateway.TrustedProxies = []string{"ingress.local"}
	if err := c.Validate(); err == nil {
		t.Fatal("a proxy that is not an address or CIDR was accepted")
	}
}

// TestMigrateModeIsAutoOnSQLiteAndVerifyOnServers: the all-in-one applies
// its migrations at start; a replica on PostgreSQL/MySQL verifies unless
// told otherwise (db.migrate / ANQUAN_DB_MIGRATE); other values are refused.
func TestMigrateModeIsAutoOnSQLiteAndVerifyOnServers(t *testing.T) {
	c := Default()
	if m := c.DB.MigrateMode(); m != "auto" {
		t.Fatalf("embedded SQLite: %q, want auto", m)
	}
	c.DB.Driver = "postgres"
	if m := c.DB.MigrateMode(); m != "verify" {
		t.Fatalf("postgres: %q, want verify", m)
	}
	c.ApplyEnv(func(k string) string { return map[string]string{"ANQUAN_DB_MIGRATE": "auto"}[k] })
	if m := c.DB.MigrateMode(); m != "auto" {
		t.Fatalf("ANQUAN_DB_MIGRATE=auto: %q", m)
	}
	c.DB.Migrate = "sometimes"
	if err := c.Validate(); err == nil {
		t.Fatal("db.migrate sometimes was accepted")
	}
}
