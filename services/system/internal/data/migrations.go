package data

import (
	"context"
	"database/sql"
	"embed"
	"sort"

	"github.com/pressly/goose/v3"

	"anquan/kit/migrate"
	"anquan/system/internal/biz"
)

//go:embed migrations
var migrationFiles embed.FS

// Migrations are the system database's versioned schema changes
// (migrations/<dialect>/NNNNN_name.sql and the Go ones below, see
// kit/migrate), applied at start or by `anquan migrate`. Migrate (the
// models) is their source of truth, run only by the baseline generator and
// the drift check.
var Migrations = func() migrate.Set {
	s := migrate.Service("system", "services/system/internal/data/migrations", migrationFiles, Migrate)
	s.Go = func(dialect string) []*goose.Migration {
		ms := []*goose.Migration{
			goose.NewGoMigration(3, &goose.GoFunc{RunTx: func(ctx context.Context, tx *sql.Tx) error {
				return seedEnglishLabels(ctx, tx, dialect)
			}}, nil),
			goose.NewGoMigration(4, &goose.GoFunc{RunTx: func(ctx context.Context, tx *sql.Tx) error {
				return seedMenuAliases(ctx, tx, dialect)
			}}, nil),
		}
		for _, m := range menuMigrations {
			codes := m.Codes
			ms = append(ms, goose.NewGoMigration(m.Version, &goose.GoFunc{RunTx: func(ctx context.Context, tx *sql.Tx) error {
				return seedTemplateMenus(ctx, tx, dialect, codes)
			}}, nil))
		}
		return ms
	}
	return s
}()

// seedEnglishLabels (version 3) gives the seeded dictionaries of a database
// provisioned before version 2 (dict_value_en) their English labels: an
// entry still holding its seeded Chinese value and no English label gets the
// seed's. Entries a tenant renamed or labelled are left alone, and on a new
// database (seeded after its migrations) there is nothing to update.
func seedEnglishLabels(ctx context.Context, tx *sql.Tx, dialect string) error {
	dicts, err := SeedDicts()
	if err != nil {
		return err
	}
	parent := "UPDATE blade_dict SET dict_value_en = ? WHERE parent_id = 0 AND code = ? AND dict_value = ? AND dict_value_en = ''"
	entry := "UPDATE blade_dict SET dict_value_en = ? WHERE parent_id <> 0 AND code = ? AND dict_key = ? AND dict_value = ? AND dict_value_en = ''"
	if dialect == "postgres" {
		parent = "UPDATE blade_dict SET dict_value_en = $1 WHERE parent_id = 0 AND code = $2 AND dict_value = $3 AND dict_value_en = ''"
		entry = "UPDATE blade_dict SET dict_value_en = $1 WHERE parent_id <> 0 AND code = $2 AND dict_key = $3 AND dict_value = $4 AND dict_value_en = ''"
	}
	var walk func(code string, items []biz.SeedItem) error
	walk = func(code string, items []biz.SeedItem) error {
		for _, it := range items {
			if it.ValueEn != "" {
				if _, err := tx.ExecContext(ctx, entry, it.ValueEn, code, it.Key, it.Value); err != nil {
					return err
				}
			}
			if err := walk(code, it.Children); err != nil {
				return err
			}
		}
		return nil
	}
	for _, d := range dicts {
		if d.NameEn != "" {
			if _, err := tx.ExecContext(ctx, parent, d.NameEn, d.Code, d.Name); err != nil {
				return err
			}
		}
		if err := walk(d.Code, d.Items); err != nil {
			return err
		}
	}
	return nil
}

// seedMenuAliases (version 4) gives the seeded menu entries of a database provisioned before
// they carried a 菜单别名 (the menu form requires one, so such an entry could not be saved as
// it was) the seed's alias: an entry with the template's code and no alias gets it. An alias a
// tenant set is left alone; an entry of the tenant's own without one keeps it empty (its
// editor fills it in). On a new database (seeded after its migrations) there is nothing to update.
func seedMenuAliases(ctx context.Context, tx *sql.Tx, dialect string) error {
	q := "UPDATE blade_menu SET alias = ? WHERE code = ? AND alias = ''"
	if dialect == "postgres" {
		q = "UPDATE blade_menu SET alias = $1 WHERE code = $2 AND alias = ''"
	}
	aliases := biz.MenuAliases()
	codes := make([]string, 0, len(aliases))
	for c := range aliases {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	for _, c := range codes {
		if _, err := tx.ExecContext(ctx, q, aliases[c], c); err != nil {
			return err
		}
	}
	return nil
}
