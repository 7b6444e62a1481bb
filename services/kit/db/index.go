package db

import (
	"fmt"

	"gorm.io/gorm"
)

// Index is a composite index a service's list filters need.
type Index struct {
	Name    string
	Table   string
	Columns string
	Unique  bool
}

// EnsureIndexes creates the indexes that do not exist yet, on every engine
// (asking first: MySQL has no CREATE INDEX IF NOT EXISTS).
func EnsureIndexes(g *gorm.DB, indexes []Index) error {
	m := g.Migrator()
	for _, ix := range indexes {
		if m.HasIndex(ix.Table, ix.Name) {
			continue
		}
		create := "CREATE INDEX"
		if ix.Unique {
			create = "CREATE UNIQUE INDEX"
		}
		if err := g.Exec(fmt.Sprintf("%s %s ON %s (%s)", create, ix.Name, ix.Table, ix.Columns)).Error; err != nil {
			return fmt.Errorf("index %s: %w", ix.Name, err)
		}
	}
	return nil
}
