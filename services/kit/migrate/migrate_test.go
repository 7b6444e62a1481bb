package migrate_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"gorm.io/gorm"

	"anquan/kit/migrate"
)

type gadget struct {
	ID   int64  `gorm:"primaryKey;autoIncrement:false"`
	Name string `gorm:"size:50;not null;default:''"`
	Size int    `gorm:"not null;default:0"`
}

// set: version 1 is the gadget table as its first model had it (no size),
// version 2 adds size.
func set() migrate.Set {
	files := fstest.MapFS{}
	// what gorm's SQLite migrator writes for the first model (the generator's output)
	files["sqlite/00001_baseline.sql"] = &fstest.MapFile{Data: []byte("-- +goose Up\nCREATE TABLE `gadgets` (`id` integer,`name` text NOT NULL DEFAULT \"\",PRIMARY KEY (`id`));\n")}
	files["sqlite/00002_gadget_size.sql"] = &fstest.MapFile{Data: []byte("-- +goose Up\nALTER TABLE `gadgets` ADD `size` integer NOT NULL DEFAULT 0;\n")}
	for _, d := range []string{"postgres", "mysql"} {
		files[d+"/00001_baseline.sql"] = &fstest.MapFile{Data: []byte("-- +goose Up\nCREATE TABLE gadgets (id bigint PRIMARY KEY, name varchar(50) NOT NULL DEFAULT '');\n")}
		files[d+"/00002_gadget_size.sql"] = &fstest.MapFile{Data: []byte("-- +goose Up\nALTER TABLE gadgets ADD COLUMN size integer NOT NULL DEFAULT 0;\n")}
	}
	return migrate.Set{Database: "gadgets", Target: "gadgets", Files: files, Models: func(g *gorm.DB) error { return g.AutoMigrate(&gadget{}) }}
}

func scratch(t *testing.T, dialect ...string) *gorm.DB {
	t.Helper()
	d := "sqlite"
	if len(dialect) > 0 {
		d = dialect[0]
	}
	g, cleanup, err := migrate.Scratch(context.Background(), d, "gadgets")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cleanup)
	return g
}

func version(t *testing.T, g *gorm.DB, s migrate.Set) int64 {
	t.Helper()
	p, err := migrate.Provider(g, s)
	if err != nil {
		t.Fatal(err)
	}
	v, err := p.GetDBVersion(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestVerifyRefusesAnUnmigratedDatabaseAndNamesTheCommand: verify mode
// never changes the schema; it names `anquan migrate` in both languages.
func TestVerifyRefusesAnUnmigratedDatabaseAndNamesTheCommand(t *testing.T) {
	ctx := context.Background()
	g, s := scratch(t), set()
	err := migrate.Run(ctx, g, s, migrate.Verify)
	if !migrate.IsPending(err) {
		t.Fatalf("verify on an empty database: %v, want a pending error", err)
	}
	for _, want := range []string{"anquan migrate --target=gadgets", "请先运行", "run `anquan migrate"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message %q lacks %q", err, want)
		}
	}
	if g.Migrator().HasTable("gadgets") || g.Migrator().HasTable(migrate.VersionTable) {
		t.Fatal("verify changed the schema")
	}
	if err := migrate.Run(ctx, g, s, migrate.Auto); err != nil {
		t.Fatal(err)
	}
	if err := migrate.Run(ctx, g, s, migrate.Verify); err != nil {
		t.Fatalf("verify after auto: %v", err)
	}
	if v := version(t, g, s); v != 2 {
		t.Fatalf("version %d, want 2", v)
	}
}

// TestExistingDatabaseIsAdoptedWithoutRerunningTheBaseline: tables made by
// AutoMigrate before migrations existed keep their rows; the baseline is
// recorded, not run (it would fail: the table exists), and later versions
// apply.
func TestExistingDatabaseIsAdoptedWithoutRerunningTheBaseline(t *testing.T) {
	ctx := context.Background()
	g, s := scratch(t), set()
	// the first model, as the AutoMigrate releases made it
	if err := g.Exec("CREATE TABLE `gadgets` (`id` integer,`name` text NOT NULL DEFAULT \"\",PRIMARY KEY (`id`))").Error; err != nil {
		t.Fatal(err)
	}
	if err := g.Exec("INSERT INTO gadgets (id, name) VALUES (1, 'kept')").Error; err != nil {
		t.Fatal(err)
	}
	applied, err := migrate.Up(ctx, g, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(applied) != 1 || applied[0] != 2 {
		t.Fatalf("applied %v, want [2] (1 adopted)", applied)
	}
	var name string
	var size int
	if err := g.Raw("SELECT name, size FROM gadgets WHERE id = 1").Row().Scan(&name, &size); err != nil || name != "kept" || size != 0 {
		t.Fatalf("row after adoption: %q %d %v", name, size, err)
	}
	if again, err := migrate.Up(ctx, g, s); err != nil || len(again) != 0 {
		t.Fatalf("second up: %v %v, want nothing to do", again, err)
	}
}

// TestDriftNamesTheChangedColumn: a model field without a migration shows.
func TestDriftNamesTheChangedColumn(t *testing.T) {
	s := set()
	if diff, err := migrate.Drift(context.Background(), s, "sqlite"); err != nil || len(diff) != 0 {
		t.Fatalf("matching set: %v %v", diff, err)
	}
	delete(s.Files.(fstest.MapFS), "sqlite/00002_gadget_size.sql")
	diff, err := migrate.Drift(context.Background(), s, "sqlite")
	if err != nil {
		t.Fatal(err)
	}
	if len(diff) == 0 || !strings.Contains(strings.Join(diff, "\n"), "+ column gadgets.size") {
		t.Fatalf("diff %v, want the size column from the models only", diff)
	}
}

// TestConcurrentStartsMigrateOnce: replicas starting together under auto
// on a server engine (four providers, four connections) apply each version
// once: the lock (PostgreSQL advisory, MySQL GET_LOCK around the whole of
// Up) makes the others wait, then find nothing to do.
func TestConcurrentStartsMigrateOnce(t *testing.T) {
	for _, d := range []string{"postgres", "mysql"} {
		t.Run(d, func(t *testing.T) {
			if err := migrate.Available(d); err != nil {
				t.Skipf("%v: skipping the concurrent %s start", err, d)
			}
			g, s := scratch(t, d), set()
			const n = 4
			errs := make(chan error, n)
			applied := make(chan []int64, n)
			for range n {
				go func() {
					v, err := migrate.Up(context.Background(), g, s)
					errs <- err
					applied <- v
				}()
			}
			total := 0
			for range n {
				if err := <-errs; err != nil {
					t.Fatal(err)
				}
				total += len(<-applied)
			}
			if total != 2 {
				t.Fatalf("%d versions applied over %d starts, want 2", total, n)
			}
			var rows int64
			if err := g.Table(migrate.VersionTable).Where("version_id > 0").Count(&rows).Error; err != nil || rows != 2 {
				t.Fatalf("version rows %d (%v), want 2", rows, err)
			}
		})
	}
}

func TestRebindNumbersPlaceholdersForPostgresOnly(t *testing.T) {
	q := "INSERT INTO t (a, b) SELECT ?, x FROM u WHERE id = ? AND n = '中'"
	if got := migrate.Rebind("postgres", q); got != "INSERT INTO t (a, b) SELECT $1, x FROM u WHERE id = $2 AND n = '中'" {
		t.Fatalf("postgres: %s", got)
	}
	for _, d := range []string{"mysql", "sqlite"} {
		if migrate.Rebind(d, q) != q {
			t.Fatalf("%s changed the statement", d)
		}
	}
}
