package stack

import (
	"context"
	"sort"
	"strings"
	"testing"

	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/idgen/lease"
	"anquan/kit/migrate"
)

// TestMigrationsMatchModels is the drift check: for every database and
// dialect, the versioned migrations applied to an empty database give the
// schema the models (AutoMigrate + indexes) give another one: tables,
// columns with types, nullability and defaults, and indexes. A model or
// index list changed without a new migration fails here.
func TestMigrationsMatchModels(t *testing.T) {
	sets := MigrationSets()
	var names []string
	for n := range sets {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, d := range migrate.Dialects {
		t.Run(d, func(t *testing.T) {
			if err := migrate.Available(d); err != nil {
				t.Skipf("%v: skipping the %s drift check", err, d)
			}
			for _, n := range names {
				t.Run(n, func(t *testing.T) {
					diff, err := migrate.Drift(context.Background(), sets[n], d)
					if err != nil {
						t.Fatal(err)
					}
					if len(diff) > 0 {
						t.Errorf("the %s migrations (%s) and the models disagree on %s (- only after the migrations, + only from the models):\n%s\n"+
							"add a numbered migration to %s/{sqlite,postgres,mysql}/ that makes the change (see docs/ARCHITECTURE.md, Schema migrations)",
							n, sets[n].Dir, d, strings.Join(diff, "\n"), sets[n].Dir)
					}
				})
			}
		})
	}
}

// TestEveryServiceHasMigrations: `anquan migrate` and the drift check reach
// every registered service's database.
func TestEveryServiceHasMigrations(t *testing.T) {
	sets := MigrationSets()
	for _, s := range services {
		if _, ok := sets[s.name]; !ok {
			t.Errorf("service %s registers no schema migrations: add migrations(%sapp.Migrations) to internal/stack/svc_%s.go", s.name, s.name, s.name)
		}
	}
}

// TestVerifyRefusesToStartUntilMigrated: a replica in verify mode refuses
// to start on a database `anquan migrate` has not brought up to date, with
// the command to run; after Migrate it starts.
func TestVerifyRefusesToStartUntilMigrated(t *testing.T) {
	ctx := context.Background()
	c := conf.Default()
	c.Target, c.Data, c.HTTP, c.Web = "desk", t.TempDir(), "127.0.0.1:0", t.TempDir()
	c.DB.Migrate = "verify"
	c.Log.Level = "warn"
	start := func() error {
		s, err := Build(ctx, c)
		if err != nil {
			return err
		}
		if err := s.Start(ctx); err != nil {
			s.Stop()
			return err
		}
		s.Stop()
		return nil
	}
	err := start()
	if !migrate.IsPending(err) || !strings.Contains(err.Error(), "anquan migrate") {
		t.Fatalf("start on a new database: %v, want a refusal naming anquan migrate", err)
	}
	// with the id-node claims migrated, the service's own database refuses
	g, err := db.Open(ctx, c, "idgen")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := migrate.Up(ctx, g, lease.Migrations); err != nil {
		t.Fatal(err)
	}
	if d, err := g.DB(); err == nil {
		_ = d.Close() // done with it
	}
	err = start()
	if !migrate.IsPending(err) || !strings.Contains(err.Error(), "anquan migrate --target=desk") {
		t.Fatalf("start with the desk database unmigrated: %v, want a refusal naming anquan migrate --target=desk", err)
	}
	if err := Migrate(ctx, c); err != nil {
		t.Fatal(err)
	}
	if err := start(); err != nil {
		t.Fatalf("start after migrate: %v", err)
	}
}
