// Package dbtest opens a service's database for its data tests: a SQLite
// file in the test's temporary folder, migrated, closed when the test ends.
package dbtest

import (
	"context"
	"testing"

	"gorm.io/gorm"

	"anquan/kit/conf"
	"anquan/kit/db"
)

// Open opens the SQLite database of service and runs migrate on it.
func Open(t testing.TB, service string, migrate func(*gorm.DB) error) *gorm.DB {
	t.Helper()
	c := conf.Default()
	c.Data = t.TempDir()
	g, err := db.Open(context.Background(), c, service)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if s, err := g.DB(); err == nil {
			_ = s.Close() // best-effort cleanup in a test
		}
	})
	if err := migrate(g); err != nil {
		t.Fatal(err)
	}
	return g
}
