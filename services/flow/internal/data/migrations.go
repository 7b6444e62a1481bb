package data

import (
	"context"
	"database/sql"
	"embed"

	"github.com/pressly/goose/v3"

	"anquan/kit/migrate"
)

//go:embed migrations
var migrationFiles embed.FS

// Migrations are the flow database's versioned schema changes
// (migrations/<dialect>/NNNNN_name.sql and the Go ones below, see
// kit/migrate), applied at start or by `anquan migrate`. Migrate (the
// models) is their source of truth, run only by the baseline generator and
// the drift check.
var Migrations = func() migrate.Set {
	s := migrate.Service("flow", "services/flow/internal/data/migrations", migrationFiles, Migrate)
	s.Go = func(dialect string) []*goose.Migration {
		return []*goose.Migration{
			goose.NewGoMigration(2, &goose.GoFunc{RunDB: func(ctx context.Context, d *sql.DB) error {
				return foldCandidates(ctx, d, dialect)
			}}, nil),
		}
	}
	return s
}()

// foldCandidates (version 2) folds the first schema's kind/value columns of
// flow_candidate into who (one indexed column serves the to-do look-up with
// a single IN), on a database made before the fold; a database without
// those columns (every one created from the baseline) is left as it is.
// Each step checks first, so a run cut short can be repeated.
func foldCandidates(ctx context.Context, d *sql.DB, dialect string) error {
	const t = "flow_candidate"
	old, err := migrate.HasColumn(ctx, d, dialect, t, "kind")
	if err != nil || !old {
		return err
	}
	hasWho, err := migrate.HasColumn(ctx, d, dialect, t, "who")
	if err != nil {
		return err
	}
	if !hasWho {
		add := map[string]string{
			"sqlite":   "ALTER TABLE flow_candidate ADD COLUMN who text NOT NULL DEFAULT ''",
			"postgres": "ALTER TABLE flow_candidate ADD COLUMN who varchar(80) NOT NULL DEFAULT ''",
			"mysql":    "ALTER TABLE flow_candidate ADD COLUMN who varchar(80) NOT NULL DEFAULT ''",
		}[dialect]
		if _, err := d.ExecContext(ctx, add); err != nil {
			return err
		}
	}
	join := "kind || ':' || value"
	if dialect == "mysql" {
		join = "CONCAT(kind, ':', value)"
	}
	if _, err := d.ExecContext(ctx, "UPDATE flow_candidate SET who = "+join+" WHERE who = ''"); err != nil {
		return err
	}
	// idx_flow_cand_inst was (instance_id); recreated below on (tenant_id, instance_id)
	for _, ix := range []string{"idx_flow_cand_who", "idx_flow_cand_inst"} {
		if err := migrate.DropIndex(ctx, d, dialect, t, ix); err != nil {
			return err
		}
	}
	for _, c := range []string{"kind", "value"} {
		if ok, err := migrate.HasColumn(ctx, d, dialect, t, c); err != nil {
			return err
		} else if ok {
			if _, err := d.ExecContext(ctx, "ALTER TABLE flow_candidate DROP COLUMN "+c); err != nil {
				return err
			}
		}
	}
	for _, ix := range indexes {
		if ix.Table != t {
			continue
		}
		ok, err := migrate.HasIndex(ctx, d, dialect, t, ix.Name)
		if err != nil {
			return err
		}
		if !ok {
			if _, err := d.ExecContext(ctx, "CREATE INDEX "+ix.Name+" ON "+t+" ("+ix.Columns+")"); err != nil {
				return err
			}
		}
	}
	return nil
}
