package data

import (
	"context"
	"database/sql"
	"testing"

	"gorm.io/gorm"

	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/system/internal/biz"
)

// Version 3 labels the seeded entries of a database provisioned before the
// English labels, leaving an entry a tenant renamed or labelled as it is.
func TestSeedEnglishLabelsFillsSeededEntriesOnly(t *testing.T) {
	ctx, g := migratedDB(t)
	rows := []biz.Dict{
		{Code: "user_type", DictKey: "-1", DictValue: "用户类型"},
		{Code: "user_type", ParentID: 1, DictKey: "1", DictValue: "内部人员"},
		{Code: "user_type", ParentID: 1, DictKey: "2", DictValue: "承包商人员"},           // renamed by the tenant
		{Code: "sex", ParentID: 9, DictKey: "1", DictValue: "男", DictValueEn: "Man"}, // labelled by the tenant
	}
	as := ident.With(ctx, &ident.Identity{TenantID: "000000", UserID: 1, Super: true, DataScope: ident.ScopeAll})
	for i := range rows {
		rows[i].ID = int64(i + 1)
		rows[i].TenantID = "000000"
	}
	if err := g.WithContext(as).Create(&rows).Error; err != nil {
		t.Fatal(err)
	}
	runGoMigration(t, g, seedEnglishLabels)
	var got []biz.Dict
	if err := g.WithContext(as).Order("id").Find(&got).Error; err != nil {
		t.Fatal(err)
	}
	want := []string{"User type", "Internal staff", "", "Man"}
	for i, d := range got {
		if d.DictValueEn != want[i] {
			t.Errorf("%s %s: English label %q, want %q", d.Code, d.DictValue, d.DictValueEn, want[i])
		}
	}
}

// Version 4 gives the seeded menu entries of a database provisioned before they carried a
// 菜单别名 the template's alias, leaving an alias a tenant set and an entry of its own alone.
func TestSeedMenuAliasesFillsSeededEntriesOnly(t *testing.T) {
	ctx, g := migratedDB(t)
	rows := []biz.Menu{
		{Code: "system_settings", Name: "系统设置", Path: "/system", Category: 1},            // seeded, no alias
		{Code: "user_add", Name: "新增", Category: 2},                                      // seeded button, no alias
		{Code: "user", Name: "用户管理", Path: "/system/user", Alias: "people", Category: 1}, // set by the tenant
		{Code: "my_own", Name: "自建菜单", Path: "/own", Category: 1},                        // the tenant's own
	}
	as := ident.With(ctx, &ident.Identity{TenantID: "000000", UserID: 1, Super: true, DataScope: ident.ScopeAll})
	for i := range rows {
		rows[i].ID = int64(i + 1)
		rows[i].TenantID = "000000"
	}
	if err := g.WithContext(as).Create(&rows).Error; err != nil {
		t.Fatal(err)
	}
	runGoMigration(t, g, seedMenuAliases)
	var got []biz.Menu
	if err := g.WithContext(as).Order("id").Find(&got).Error; err != nil {
		t.Fatal(err)
	}
	want := []string{"systemSettings", "add", "people", ""}
	for i, m := range got {
		if m.Alias != want[i] {
			t.Errorf("%s: alias %q, want %q", m.Code, m.Alias, want[i])
		}
	}
}

// migratedDB is an empty SQLite system database at the latest version.
func migratedDB(t *testing.T) (context.Context, *gorm.DB) {
	t.Helper()
	ctx := context.Background()
	c := conf.Default()
	c.Data = t.TempDir()
	g, err := db.Open(ctx, c, "system")
	if err != nil {
		t.Fatal(err)
	}
	if err := Migrate(g); err != nil {
		t.Fatal(err)
	}
	return ctx, g
}

// runGoMigration runs one Go migration's body in a transaction, as goose does.
func runGoMigration(t *testing.T, g *gorm.DB, up func(context.Context, *sql.Tx, string) error) {
	t.Helper()
	ctx := context.Background()
	sqlDB, err := g.DB()
	if err != nil {
		t.Fatal(err)
	}
	tx, err := sqlDB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := up(ctx, tx, "sqlite"); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}
