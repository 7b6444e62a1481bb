package data

import (
	"context"
	"testing"

	"anquan/kit/migrate"
)

// The first schema kept candidates as kind/value; migration 2 folds them
// into who on a database made then (adopted: baseline recorded, not run).
func TestMigrationFoldsOldCandidates(t *testing.T) {
	ctx := context.Background()
	g, cleanup, err := migrate.Scratch(ctx, "sqlite", "flow")
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
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
	applied, err := migrate.Up(ctx, g, Migrations)
	if err != nil {
		t.Fatalf("migrate: %v", err)
	}
	if len(applied) == 0 || applied[0] != 2 {
		t.Fatalf("applied %v: want the baseline adopted and 2 run", applied)
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
	for _, ix := range []string{"idx_flow_cand_todo", "idx_flow_cand_inst"} {
		if !g.Migrator().HasIndex("flow_candidate", ix) {
			t.Fatalf("index %s missing", ix)
		}
	}
	if err := migrate.Run(ctx, g, Migrations, migrate.Verify); err != nil {
		t.Fatalf("verify after migrate: %v", err)
	}
}
