// Package db opens a service's database (SQLite file, PostgreSQL or MySQL),
// applies the tenant scope and audit columns centrally, and carries
// transactions through the context.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	sqlite "github.com/libtnb/sqlite"
	"gorm.io/driver/mysql"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"anquan/kit/conf"
	"anquan/kit/timefmt"
)

// Open connects to the database of one service (e.g. "system") and installs
// the tenancy and audit callbacks. It creates the database when missing.
func Open(ctx context.Context, c *conf.Config, service string) (*gorm.DB, error) {
	name := c.DB.Prefix + service
	gcfg := &gorm.Config{
		Logger:                                   logger.New(slogWriter{}, logger.Config{SlowThreshold: 200 * time.Millisecond, LogLevel: logger.Warn, IgnoreRecordNotFoundError: true}),
		DisableForeignKeyConstraintWhenMigrating: true,
		PrepareStmt:                              true,
		NowFunc:                                  now,
	}
	var dialector gorm.Dialector
	switch c.DB.Driver {
	case "sqlite", "":
		if err := os.MkdirAll(c.Data, 0o755); err != nil { //nolint:gosec // G301: the operator's data directory; 0755 kept (unchanged behaviour)
			return nil, err
		}
		path := c.Path(service + ".db")
		// WAL lets readers run beside the one writer; busy_timeout waits out
		// a concurrent write instead of failing it.
		dialector = sqlite.Open("file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(0)&_txlock=immediate")
	case "postgres":
		dsn := c.DB.DSN
		if dsn == "" {
			dsn = "host=127.0.0.1 port=5432 user=postgres sslmode=disable dbname={db}"
		}
		if err := ensureDatabase("pgx", strings.ReplaceAll(dsn, "{db}", "postgres"), fmt.Sprintf(`CREATE DATABASE "%s"`, name), "SELECT 1 FROM pg_database WHERE datname = $1", name); err != nil {
			return nil, err
		}
		dialector = postgres.Open(strings.ReplaceAll(dsn, "{db}", name))
	case "mysql":
		dsn := c.DB.DSN
		if dsn == "" {
			dsn = "root:@tcp(127.0.0.1:3306)/{db}?charset=utf8mb4&parseTime=true&loc=Local"
		}
		if err := ensureDatabase("mysql", strings.ReplaceAll(dsn, "{db}", ""), fmt.Sprintf("CREATE DATABASE IF NOT EXISTS `%s` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci", name), "", name); err != nil {
			return nil, err
		}
		// Matched rather than changed rows: an update that writes the same
		// values must not look like "no such row" (every engine agrees then).
		dsn = strings.ReplaceAll(dsn, "{db}", name)
		if !strings.Contains(dsn, "clientFoundRows") {
			sep := "?"
			if strings.Contains(dsn, "?") {
				sep = "&"
			}
			dsn += sep + "clientFoundRows=true"
		}
		dialector = mysql.Open(dsn)
	default:
		return nil, fmt.Errorf("unknown db driver %q", c.DB.Driver)
	}
	g, err := gorm.Open(dialector, gcfg)
	if err != nil {
		return nil, fmt.Errorf("open %s database: %w", service, err)
	}
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	if c.DB.Driver == "sqlite" || c.DB.Driver == "" {
		// One writer at a time is SQLite's rule; a small pool of readers is plenty.
		sqlDB.SetMaxOpenConns(8)
		sqlDB.SetMaxIdleConns(8)
	} else {
		max := c.DB.MaxOpen
		if max <= 0 {
			max = 10
		}
		sqlDB.SetMaxOpenConns(max)
		sqlDB.SetMaxIdleConns(max)
	}
	sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	if err := sqlDB.PingContext(ctx); err != nil {
		return nil, fmt.Errorf("ping %s database: %w", service, err)
	}
	if err := installCallbacks(g); err != nil {
		return nil, err
	}
	if c.DB.Driver == "sqlite" || c.DB.Driver == "" {
		// Each connection reads the statistics when it opens: analyse before
		// the pool grows, and recycle connections so later runs reach them.
		if err := analyze(sqlDB); err != nil {
			slog.Warn("sqlite analyze", "service", service, "err", err)
		}
		sqlDB.SetConnMaxLifetime(15 * time.Minute)
		go keepStatistics(sqlDB)
	}
	return g, nil
}

// keepStatistics gives SQLite's planner table statistics: without them it
// may pick an index that matches every row of a tenant over the one that
// matches a single account. analysis_limit keeps each run to milliseconds;
// the first run happens at open, then every ten minutes.
func keepStatistics(d *sql.DB) {
	for {
		time.Sleep(10 * time.Minute)
		if err := analyze(d); err != nil {
			if strings.Contains(err.Error(), "database is closed") {
				return
			}
			slog.Debug("sqlite analyze", "err", err)
		}
	}
}

func analyze(d *sql.DB) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := d.Conn(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close() }() // a short-lived admin connection; nothing to do if closing fails
	if _, err := conn.ExecContext(ctx, "PRAGMA analysis_limit=1000"); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, "ANALYZE")
	return err
}

// ensureDatabase creates the service database on a server engine when missing.
func ensureDatabase(driver, adminDSN, create, exists, name string) error {
	d, err := sql.Open(driver, adminDSN)
	if err != nil {
		return fmt.Errorf("connect to %s server: %w", driver, err)
	}
	defer func() { _ = d.Close() }() // a short-lived admin connection; nothing to do if closing fails
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if exists != "" {
		var one int
		err := d.QueryRowContext(ctx, exists, name).Scan(&one)
		if err == nil {
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("check database %s: %w", name, err)
		}
	}
	if _, err := d.ExecContext(ctx, create); err != nil && !strings.Contains(err.Error(), "already exists") {
		return fmt.Errorf("create database %s: %w", name, err)
	}
	return nil
}

// DropDatabase removes a service database on a server engine (tests).
func DropDatabase(c *conf.Config, service string) error {
	name := c.DB.Prefix + service
	switch c.DB.Driver {
	case "postgres":
		dsn := c.DB.DSN
		if dsn == "" {
			dsn = "host=127.0.0.1 port=5432 user=postgres sslmode=disable dbname={db}"
		}
		d, err := sql.Open("pgx", strings.ReplaceAll(dsn, "{db}", "postgres"))
		if err != nil {
			return err
		}
		defer func() { _ = d.Close() }() // a short-lived admin connection; nothing to do if closing fails
		_, err = d.Exec(fmt.Sprintf(`DROP DATABASE IF EXISTS "%s" WITH (FORCE)`, name))
		return err
	case "mysql":
		dsn := c.DB.DSN
		if dsn == "" {
			dsn = "root:@tcp(127.0.0.1:3306)/{db}?charset=utf8mb4&parseTime=true&loc=Local"
		}
		d, err := sql.Open("mysql", strings.ReplaceAll(dsn, "{db}", ""))
		if err != nil {
			return err
		}
		defer func() { _ = d.Close() }() // a short-lived admin connection; nothing to do if closing fails
		_, err = d.Exec("DROP DATABASE IF EXISTS `" + name + "`")
		return err
	}
	return nil
}

type slogWriter struct{}

func (slogWriter) Printf(format string, args ...any) {
	slog.Warn("db", "msg", fmt.Sprintf(format, args...))
}

type txKey struct{}

// Conn returns the transaction in ctx, or the database, bound to ctx.
func Conn(ctx context.Context, g *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx.WithContext(ctx)
	}
	return g.WithContext(ctx)
}

// Tx runs fn in one transaction; repositories called with the ctx fn
// receives join it (Conn). A transaction already in ctx is reused.
func Tx(ctx context.Context, g *gorm.DB, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return fn(ctx)
	}
	if mu := writeQueue(g); mu != nil {
		mu.Lock()
		defer mu.Unlock()
	}
	return g.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// writeQueues: one per SQLite database of this process (keyed by its pool).
var writeQueues sync.Map

// writeQueue is the queue transactions of a SQLite database wait in. SQLite
// has one writer and every transaction here begins IMMEDIATE, so they run
// one at a time anyway; waiting in SQLite's busy handler sleeps in steps of
// up to 100 ms, while a mutex hands the lock over at once. Server engines
// keep their row locks (nil: no queue).
func writeQueue(g *gorm.DB) *sync.Mutex {
	if g.Name() != "sqlite" {
		return nil
	}
	pool, err := g.DB()
	if err != nil {
		return nil
	}
	mu, _ := writeQueues.LoadOrStore(pool, &sync.Mutex{})
	return mu.(*sync.Mutex)
}

// Transactor is what biz needs to group repository calls into one transaction.
type Transactor interface {
	Tx(ctx context.Context, fn func(ctx context.Context) error) error
}

// NewTransactor binds Tx to a database.
func NewTransactor(g *gorm.DB) Transactor { return transactor{g} }

type transactor struct{ g *gorm.DB }

func (t transactor) Tx(ctx context.Context, fn func(ctx context.Context) error) error {
	return Tx(ctx, t.g, fn)
}

// IsUniqueViolation reports a unique-index conflict on any of the engines.
func IsUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return true
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "duplicate key") || strings.Contains(s, "Duplicate entry")
}

// now stamps audit columns in the tenant zone (timefmt.Zone), the zone Blade
// date filters are read in: SQLite compares times as text, so a create_time
// written in the machine's zone (UTC on most servers) would sort and filter
// against "+08:00" filter values by text and answer wrongly.
func now() time.Time { return time.Now().In(timefmt.Zone).Truncate(time.Second) }
