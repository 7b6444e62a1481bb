package data

import (
	"embed"

	"anquan/kit/migrate"
)

//go:embed migrations
var migrationFiles embed.FS

// Migrations are the health database's versioned schema healths
// (migrations/<dialect>/NNNNN_name.sql, see kit/migrate), applied at start
// or by `anquan migrate`. Migrate (the models) is their source of truth,
// run only by the baseline generator and the drift check.
var Migrations = migrate.Service("health", "services/health/internal/data/migrations", migrationFiles, Migrate)
