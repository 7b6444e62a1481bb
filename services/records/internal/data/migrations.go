package data

import (
	"embed"

	"anquan/kit/migrate"
)

//go:embed migrations
var migrationFiles embed.FS

// Migrations are the records database's versioned schema changes
// (migrations/<dialect>/NNNNN_name.sql, see kit/migrate), applied at start
// or by `anquan migrate`. Migrate (the models) is their source of truth,
// run only by the baseline generator and the drift check.
var Migrations = migrate.Service("records", "services/records/internal/data/migrations", migrationFiles, Migrate)
