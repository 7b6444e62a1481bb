package lease

import (
	"context"
	"embed"
	"io/fs"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/migrate"
)

// claim is one row per claimed node.
type claim struct {
	NodeID    int64  `gorm:"primaryKey;autoIncrement:false"`
	OwnerID   string `gorm:"size:200;not null"`
	ExpiresAt int64  `gorm:"not null"` // unix ms of the claiming process's clock
}

func (claim) TableName() string { return "idgen_node" }

//go:embed migrations
var migrationFiles embed.FS

// Migrations are the claims database's schema versions (kit/migrate); the
// claim model is their source of truth.
var Migrations = func() migrate.Set {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		panic(err) // a fixed, embedded folder
	}
	return migrate.Set{Database: "idgen", Dir: "services/kit/idgen/lease/migrations", Files: sub,
		Models: func(g *gorm.DB) error { return g.AutoMigrate(&claim{}) }}
}()

// DB keeps claims in a database of their own ("idgen", beside the
// services' ones), so every process configured with the same database
// server (or, with SQLite, the same data folder) sees the same claims.
type DB struct{ G *gorm.DB }

// OpenDB opens (and creates) the claims database of cfg.
func OpenDB(ctx context.Context, cfg *conf.Config) (*DB, error) {
	g, err := db.Open(ctx, cfg, "idgen")
	if err != nil {
		return nil, err
	}
	d := &DB{G: g}
	if err := migrate.Run(ctx, g, Migrations, cfg.DB.MigrateMode()); err != nil {
		_ = d.Close()
		return nil, err
	}
	return d, nil
}

// Claim updates the row when it is owner's or expired, inserts it when
// missing (a concurrent insert loses), then reads who holds the node: the
// read-back decides, whatever each engine counts as affected rows.
func (d *DB) Claim(ctx context.Context, node int64, owner string, ttl time.Duration) (bool, error) {
	ctx = ident.AsSystem(ctx)
	now := time.Now().UnixMilli()
	until := now + ttl.Milliseconds()
	g := d.G.WithContext(ctx)
	if err := g.Model(&claim{}).Where("node_id = ? AND (owner_id = ? OR expires_at < ?)", node, owner, now).
		Updates(map[string]any{"owner_id": owner, "expires_at": until}).Error; err != nil {
		return false, err
	}
	if err := g.Clauses(clause.OnConflict{DoNothing: true}).Create(&claim{NodeID: node, OwnerID: owner, ExpiresAt: until}).Error; err != nil {
		return false, err
	}
	var c claim
	if err := g.Where("node_id = ?", node).Take(&c).Error; err != nil {
		return false, err
	}
	return c.OwnerID == owner, nil
}

func (d *DB) Release(ctx context.Context, node int64, owner string) error {
	return d.G.WithContext(ident.AsSystem(ctx)).Where("node_id = ? AND owner_id = ?", node, owner).Delete(&claim{}).Error
}

func (d *DB) Close() error {
	s, err := d.G.DB()
	if err != nil {
		return err
	}
	return s.Close()
}
