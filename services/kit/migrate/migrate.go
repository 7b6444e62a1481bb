// Package migrate applies a database's versioned schema migrations with
// pressly/goose (its Provider API: embedded files, no global state).
//
// Every service database has one Set: numbered SQL files per dialect
// (<dir>/{sqlite,postgres,mysql}/00001_baseline.sql, ...), optional goose Go
// migrations where a change needs logic, and the models' own schema function
// (gorm AutoMigrate + indexes), which only the baseline generator
// (tools/genmigrations) and the drift check (Drift) run, never a server.
//
// A process either applies what is pending at start (Auto, the all-in-one
// default) or checks that nothing is pending and refuses to start (Verify,
// the default on PostgreSQL/MySQL); `anquan migrate` applies them once per
// deploy. A database made before migrations existed (tables, no goose table)
// is adopted: the baseline is recorded as applied without running it.
package migrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"log/slog"
	"strconv"
	"strings"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"gorm.io/gorm"
)

// VersionTable is goose's version table, one in every service database.
const VersionTable = "goose_db_version"

// Dialects are the folders a Set has, one per engine.
var Dialects = []string{"sqlite", "postgres", "mysql"}

// Set is the migrations of one database.
type Set struct {
	// Database is the service name its database is opened by (db.Open).
	Database string
	// Target is the --target whose `anquan migrate` migrates it (empty:
	// any; the id-node claims database).
	Target string
	// Dir is the folder of the files in the repository, for the generator
	// (e.g. services/flow/internal/data/migrations).
	Dir string
	// Files holds the folders sqlite/, postgres/ and mysql/ (embedded Dir).
	Files fs.FS
	// Go returns the Go migrations for a dialect (versions no SQL file uses).
	Go func(dialect string) []*goose.Migration
	// Models creates the schema from the models (AutoMigrate + indexes): the
	// source of truth the baseline is generated from and Drift compares to.
	Models func(*gorm.DB) error
}

// Dialect names g's engine as the Set's folders do.
func Dialect(g *gorm.DB) string {
	switch g.Name() {
	case "postgres":
		return "postgres"
	case "mysql":
		return "mysql"
	default:
		return "sqlite"
	}
}

// Provider is the goose provider of s on g (a postgres provider takes an
// advisory lock for Up, so concurrent starts apply each migration once).
func Provider(g *gorm.DB, s Set, extra ...goose.ProviderOption) (*goose.Provider, error) {
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	d := Dialect(g)
	files, err := fs.Sub(s.Files, d)
	if err != nil {
		return nil, err
	}
	opts := []goose.ProviderOption{
		goose.WithDisableGlobalRegistry(true),
		goose.WithSlog(slog.Default().With("database", s.Database)),
	}
	if s.Go != nil {
		opts = append(opts, goose.WithGoMigrations(s.Go(d)...))
	}
	lockID := int64(crc32.ChecksumIEEE([]byte("anquan-migrate:" + s.Database)))
	switch d {
	case "postgres":
		// A session-level advisory lock: a replica starting beside another
		// waits for its migrations, then finds nothing pending.
		l, err := lock.NewPostgresSessionLocker(lock.WithLockID(lockID), lock.WithLockTimeout(1, 600))
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(l))
	}
	// MySQL: Up holds a named lock around everything instead (mysqlLock).
	opts = append(opts, extra...)
	dialect := goose.DialectSQLite3
	switch d {
	case "postgres":
		dialect = goose.DialectPostgres
	case "mysql":
		dialect = goose.DialectMySQL
	}
	return goose.NewProvider(dialect, sqlDB, files, opts...)
}

// Mode values (conf db.migrate).
const (
	Auto   = "auto"   // apply pending migrations at start
	Verify = "verify" // refuse to start while migrations are pending
)

// Run applies (Auto) or verifies (Verify) the migrations of s on g.
func Run(ctx context.Context, g *gorm.DB, s Set, mode string) error {
	if mode == Verify {
		return Check(ctx, g, s)
	}
	_, err := Up(ctx, g, s)
	return err
}

// Up adopts a database made before migrations existed, then applies every
// pending migration. It returns the versions applied.
func Up(ctx context.Context, g *gorm.DB, s Set) ([]int64, error) {
	if Dialect(g) == "mysql" {
		unlock, err := mysqlLock(ctx, g)
		if err != nil {
			return nil, err
		}
		defer unlock()
	}
	adopted, err := adopt(ctx, g, s)
	if err != nil {
		return nil, err
	}
	p, err := Provider(g, s)
	if err != nil {
		return nil, err
	}
	res, err := p.Up(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s migrate: %w", s.Database, err)
	}
	var out []int64
	for _, r := range res {
		out = append(out, r.Source.Version)
	}
	if adopted || len(out) > 0 {
		slog.Info("database migrated", "database", s.Database, "adopted", adopted, "applied", out)
	}
	return out, nil
}

// Check reports an error naming the command to run when g is not at the
// latest version of s.
func Check(ctx context.Context, g *gorm.DB, s Set) error {
	p, err := Provider(g, s)
	if err != nil {
		return err
	}
	sources := p.ListSources()
	latest := sources[len(sources)-1].Version
	if !g.Migrator().HasTable(VersionTable) {
		return &PendingError{Database: s.Database, Target: s.Target, Current: -1, Latest: latest}
	}
	current, err := p.GetDBVersion(ctx)
	if err != nil {
		return fmt.Errorf("%s schema version: %w", s.Database, err)
	}
	pending, err := p.HasPending(ctx)
	if err != nil {
		return fmt.Errorf("%s schema version: %w", s.Database, err)
	}
	if pending {
		return &PendingError{Database: s.Database, Target: s.Target, Current: current, Latest: latest}
	}
	return nil
}

// PendingError: the database is behind the binary's migrations.
type PendingError struct {
	Database, Target string
	Current, Latest  int64 // Current -1: never migrated
}

func (e *PendingError) Error() string {
	at, atEN := fmt.Sprintf("版本 %d", e.Current), fmt.Sprintf("version %d", e.Current)
	if e.Current < 0 {
		at, atEN = "未经迁移", "not migrated"
	}
	cmd := "anquan migrate"
	if e.Target != "" {
		cmd += " --target=" + e.Target
	}
	return fmt.Sprintf("%s 数据库结构%s，本程序需要版本 %d：请先运行 `%s`（或设置 db.migrate: auto）。"+
		" / database %s is %s, this build needs version %d: run `%s` first (or set db.migrate: auto).",
		e.Database, at, e.Latest, cmd, e.Database, atEN, e.Latest, cmd)
}

// IsPending reports whether err is a PendingError.
func IsPending(err error) bool {
	var p *PendingError
	return errors.As(err, &p)
}

// adopt records the baseline (version 1) as applied, without running it,
// on a database that has tables but no goose version table: one made by
// the AutoMigrate releases before this package.
func adopt(ctx context.Context, g *gorm.DB, s Set) (bool, error) {
	m := g.Migrator()
	if m.HasTable(VersionTable) {
		return false, nil
	}
	tables, err := userTables(g)
	if err != nil {
		return false, err
	}
	if len(tables) == 0 {
		return false, nil
	}
	// The same provider with the baseline file replaced by an empty Go
	// migration: goose records version 1 under its lock. A replica that
	// adopted first leaves nothing to do.
	p, err := Provider(g, s, goose.WithExcludeVersions([]int64{1}),
		goose.WithGoMigrations(goose.NewGoMigration(1, nil, nil)))
	if err != nil {
		return false, err
	}
	if _, err := p.UpTo(ctx, 1); err != nil {
		return false, fmt.Errorf("%s adopt existing schema: %w", s.Database, err)
	}
	slog.Info("existing database adopted: baseline recorded as applied", "database", s.Database, "tables", len(tables))
	return true, nil
}

// userTables are g's tables but the engine's own (SQLite's statistics and
// sequences, made by ANALYZE at open and by goose's table) and goose's.
func userTables(g *gorm.DB) ([]string, error) {
	all, err := g.Migrator().GetTables()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, t := range all {
		if strings.HasPrefix(t, "sqlite_") || strings.HasPrefix(t, "goose_") {
			continue
		}
		out = append(out, t)
	}
	return out, nil
}

// mysqlLock serialises Up on MySQL with a named lock (GET_LOCK, named after
// the database: the names are server-wide) held on a connection of its own
// for the whole of Up. Not a goose session locker: goose takes that only
// around applying, after an unlocked pending check that creates the
// version table, and MySQL's CREATE TABLE commits before goose's version 0
// row, so a replica starting beside another could read the table without
// it ("missing zero version migration").
func mysqlLock(ctx context.Context, g *gorm.DB) (func(), error) {
	const name = "CONCAT('anquan_migrate:', DATABASE())"
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return nil, err
	}
	var got sql.NullInt64
	if err := conn.QueryRowContext(ctx, "SELECT GET_LOCK("+name+", 600)").Scan(&got); err != nil {
		_ = conn.Close() // the lock was not taken
		return nil, fmt.Errorf("migration lock: %w", err)
	}
	if !got.Valid || got.Int64 != 1 {
		_ = conn.Close() // the lock was not taken
		return nil, errors.New("migration lock: not granted within 10 minutes")
	}
	return func() {
		// Closing the session would release it too; the pool keeps it open.
		if _, err := conn.ExecContext(context.WithoutCancel(ctx), "SELECT RELEASE_LOCK("+name+")"); err != nil {
			slog.Warn("migration lock release", "err", err)
		}
		_ = conn.Close() // back to the pool
	}, nil
}

// Execer is what a Go migration runs statements on (*sql.DB, *sql.Tx).
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// HasColumn reports whether table has column (for Go migrations that must
// be no-ops on a database created at a later baseline).
func HasColumn(ctx context.Context, x Execer, dialect, table, column string) (bool, error) {
	q := "SELECT COUNT(*) FROM pragma_table_info(?) WHERE name = ?"
	switch dialect {
	case "postgres":
		q = "SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = $2"
	case "mysql":
		q = "SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?"
	}
	var n int
	err := x.QueryRowContext(ctx, q, table, column).Scan(&n)
	return n > 0, err
}

// HasIndex reports whether table has the index name.
func HasIndex(ctx context.Context, x Execer, dialect, table, name string) (bool, error) {
	q := "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name = ?"
	switch dialect {
	case "postgres":
		q = "SELECT COUNT(*) FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1 AND indexname = $2"
	case "mysql":
		q = "SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? AND index_name = ?"
	}
	var n int
	err := x.QueryRowContext(ctx, q, table, name).Scan(&n)
	return n > 0, err
}

// DropIndex drops the index name of table when it exists.
func DropIndex(ctx context.Context, x Execer, dialect, table, name string) error {
	ok, err := HasIndex(ctx, x, dialect, table, name)
	if err != nil || !ok {
		return err
	}
	q := "DROP INDEX " + name
	if dialect == "mysql" {
		q += " ON " + table
	}
	_, err = x.ExecContext(ctx, q)
	return err
}

// Rebind turns the ? placeholders of a Go migration's statement into PostgreSQL's $n (MySQL and
// SQLite take ? as they are). Go migrations run on database/sql without gorm, which would
// otherwise do this; the statements are constants of the migration and hold no literal '?'.
func Rebind(dialect, q string) string {
	if dialect != "postgres" {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
