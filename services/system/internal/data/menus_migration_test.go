package data

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"testing"
	"time"

	"gorm.io/gorm"

	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/migrate"

	"anquan/kit/ident"
	"anquan/system/internal/biz"
)

// Every code a menu migration names is a template entry, named once: an unknown code would stop
// the migration at start, and one named twice would reach nobody the second time.
func TestMenuMigrationCodesAreTemplateEntries(t *testing.T) {
	seen := map[string]int64{}
	last := int64(4)
	for _, m := range menuMigrations {
		if m.Version <= last {
			t.Errorf("menu migration %d after %d: versions rise", m.Version, last)
		}
		last = m.Version
		if _, err := biz.TemplatePlacements(m.Codes...); err != nil {
			t.Errorf("menu migration %d: %v", m.Version, err)
		}
		for _, c := range m.Codes {
			if v, ok := seen[c]; ok {
				t.Errorf("menu code %s in migrations %d and %d", c, v, m.Version)
			}
			seen[c] = m.Version
		}
	}
}

// A tenant provisioned before the API key page gets it under its 系统设置, granted to its
// administrators; a tenant that deleted 系统设置 gets nothing; running again adds nothing.
// On SQLite always, and on the machine's PostgreSQL and MySQL when they answer.
func TestSeedTemplateMenusGivesExistingTenantsNewPages(t *testing.T) {
	for _, dialect := range []string{"sqlite", "postgres", "mysql"} {
		t.Run(dialect, func(t *testing.T) { seedTemplateMenusOn(t, dialect) })
	}
}

func seedTemplateMenusOn(t *testing.T, dialect string) {
	ctx, g := migratedDBOn(t, dialect)
	sqlDB, err := g.DB()
	if err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := sqlDB.Exec(migrate.Rebind(dialect, q), args...); err != nil {
			t.Fatal(err)
		}
	}
	for i, tn := range []string{"100001", "100002"} {
		exec("INSERT INTO blade_tenant (id, create_time, update_time, tenant_id, tenant_name) VALUES (?, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, ?, ?)", i+1, tn, tn)
		exec("INSERT INTO blade_role (id, create_time, update_time, tenant_id, role_name, role_alias) VALUES (?, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, ?, '管理员', ?)", 10+i, tn, ident.AliasAdministrator)
	}
	exec("INSERT INTO blade_menu (id, create_time, update_time, tenant_id, code, name, path) VALUES (100, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, '100001', 'system_settings', '系统设置', '/system')")
	codes := []string{"api_key", "api_key_add", "api_key_delete"}
	up := func(ctx context.Context, tx *sql.Tx, dialect string) error {
		return seedTemplateMenus(ctx, tx, dialect, codes)
	}
	runGoMigrationOn(t, g, dialect, up)
	runGoMigrationOn(t, g, dialect, up)
	var got []biz.Menu
	as := ident.With(ctx, &ident.Identity{TenantID: "100001", UserID: 1, DataScope: ident.ScopeAll})
	if err := g.WithContext(as).Where("code IN ?", codes).Order("category, code").Find(&got).Error; err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d entries, want 3 (once): %+v", len(got), got)
	}
	var others int64
	if err := sqlDB.QueryRow("SELECT count(*) FROM blade_menu WHERE tenant_id <> '100001'").Scan(&others); err != nil || others != 0 {
		t.Errorf("%d entries in tenants without 系统设置 (%v)", others, err)
	}
	page := got[0]
	if page.Code != "api_key" || page.TenantID != "100001" || page.ParentID != 100 || page.Path != "/system/apiKey" || page.Alias != "apiKey" {
		t.Errorf("page %+v", page)
	}
	for _, b := range got[1:] {
		if b.ParentID != page.ID || b.Category != 2 || b.Action != 1 {
			t.Errorf("button %+v under %d", b, page.ID)
		}
	}
	var grants int64
	if err := sqlDB.QueryRow("SELECT count(*) FROM blade_role_menu WHERE tenant_id = '100001' AND role_id = 10").Scan(&grants); err != nil {
		t.Fatal(err)
	}
	if grants != 3 {
		t.Errorf("administrator holds %d of the new entries, want 3", grants)
	}
}

func TestRebindNumbersPlaceholdersForPostgres(t *testing.T) {
	if got := migrate.Rebind("postgres", "a = ? AND b = ?"); got != "a = $1 AND b = $2" {
		t.Error(got)
	}
	if got := migrate.Rebind("mysql", "a = ?"); got != "a = ?" {
		t.Error(got)
	}
}

// migratedDBOn is an empty system database of dialect at the latest version: SQLite in a
// temporary folder, or a database of its own on the machine's server (dropped after), the
// test skipped when that server does not answer.
func migratedDBOn(t *testing.T, dialect string) (context.Context, *gorm.DB) {
	t.Helper()
	if dialect == "sqlite" {
		return migratedDB(t)
	}
	addr := map[string]string{"postgres": "127.0.0.1:5432", "mysql": "127.0.0.1:3306"}[dialect]
	c, err := net.DialTimeout("tcp", addr, 500*time.Millisecond)
	if err != nil {
		t.Skipf("%s does not answer at %s; skipping its run", dialect, addr)
	}
	_ = c.Close() // only a probe
	ctx := context.Background()
	cfg := conf.Default()
	cfg.Data = t.TempDir()
	cfg.DB.Driver, cfg.DB.Prefix = dialect, fmt.Sprintf("anquan_mm%d_", time.Now().UnixNano()%1_000_000_000)
	g, err := db.Open(ctx, cfg, "system")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if s, err := g.DB(); err == nil {
			_ = s.Close() // before the drop
		}
		_ = db.DropDatabase(cfg, "system")
	})
	if err := Migrate(g); err != nil {
		t.Fatal(err)
	}
	return ctx, g
}

// runGoMigrationOn runs one Go migration's body in a transaction of dialect, as goose does.
func runGoMigrationOn(t *testing.T, g *gorm.DB, dialect string, up func(context.Context, *sql.Tx, string) error) {
	t.Helper()
	runGoMigration(t, g, func(ctx context.Context, tx *sql.Tx, _ string) error { return up(ctx, tx, dialect) })
}
