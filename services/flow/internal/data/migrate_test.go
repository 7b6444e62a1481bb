package data

import (
	"path/filepath"
	"testing"

	"github.com/glebarez/sqlite"
	"gorm.io/gorm"
)

// The first schema kept candidates as kind/value; Migrate folds them into who.
func TestMigrateFoldsOldCandidates(t *testing.T) {
	g, err := gorm.Open(sqlite.Open(filepath.Join(t.TempDir(), "flow.db")), &gorm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"CREATE TABLE flow_candidate (id integer PRIMARY KEY, tenant_id text NOT NULL DEFAULT '', instance_id integer NOT NULL, kind text NOT NULL, value text NOT NULL)",
		"CREATE INDEX idx_flow_cand_who ON flow_candidate (tenant_id, kind, value, instance_id)",
		"CREATE INDEX idx_flow_cand_inst ON flow_candidate (instance_id)",
		"INSERT INTO flow_candidate VALUES (1, '100001', 7, 'r', 'safety_manager'), (2, '100001', 7, 'u', '42')",
	} {
		if err := g.Exec(q).Error; err != nil {
			t.Fatal(err)
		}
	}
	if err := Migrate(g); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	var who []string
	if err := g.Raw("SELECT who FROM flow_candidate ORDER BY id").Scan(&who).Error; err != nil {
		t.Fatal(err)
	}
	if len(who) != 2 || who[0] != "r:safety_manager" || who[1] != "u:42" {
		t.Fatalf("who: %v", who)
	}
	if g.Migrator().HasColumn("flow_candidate", "kind") {
		t.Fatal("old column kept")
	}
	if !g.Migrator().HasIndex("flow_candidate", "idx_flow_cand_todo") {
		var sql string
		g.Raw("SELECT group_concat(sql, ';') FROM sqlite_master WHERE tbl_name='flow_candidate'").Scan(&sql)
		t.Fatalf("new index missing: %s", sql)
	}
	if err := Migrate(g); err != nil {
		t.Fatalf("second migrate: %v", err)
	}
}
