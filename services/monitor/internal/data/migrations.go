package data

import (
	"embed"
	"io/fs"

	"anquan/kit/migrate"
)

//go:embed migrations
var migrationFiles embed.FS

//go:embed history/migrations
var historyFiles embed.FS

// historyMigrationFiles holds the history file's "migrations" folder, as
// migrate.Service expects it.
var historyMigrationFiles = func() fs.FS {
	sub, err := fs.Sub(historyFiles, "history")
	if err != nil {
		panic(err) // a constant, valid name
	}
	return sub
}()

// Migrations are the monitor database's versioned schema changes
// (migrations/<dialect>/NNNNN_name.sql, see kit/migrate), applied at start
// or by `anquan migrate`. Migrate (the models) is their source of truth,
// run only by the baseline generator and the drift check.
var Migrations = migrate.Service("monitor", "services/monitor/internal/data/migrations", migrationFiles, Migrate)

// HistoryMigrations are those of the history file the embedded SQLite
// shape keeps apart (monitor_history.db, see HistoryDB); on PostgreSQL and
// MySQL the history table is in the monitor database, made by Migrations.
var HistoryMigrations = migrate.Service("monitor_history", "services/monitor/internal/data/history/migrations", historyMigrationFiles, MigrateHistory)
