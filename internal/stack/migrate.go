package stack

import (
	"context"
	"fmt"
	"log/slog"

	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/idgen/lease"
	"anquan/kit/migrate"
)

// migrationSets holds each service database's schema migrations, added
// from the service's own file (svc_<name>.go) with migrations.
var migrationSets = map[string]migrate.Set{}

// migrations adds a service's schema migrations (called from init in
// svc_<name>.go, beside register).
func migrations(s migrate.Set) { migrationSets[s.Database] = s }

// MigrationSets are the schema migrations of every database: each
// service's and the id-node claims' (kit/idgen/lease), by database name.
func MigrationSets() map[string]migrate.Set {
	out := map[string]migrate.Set{lease.Migrations.Database: lease.Migrations}
	for k, v := range migrationSets {
		out[k] = v
	}
	return out
}

// Migrate applies the pending schema migrations of the databases of
// cfg.Target (every service's for all; none for the gateway) and of the
// id-node claims database when no Redis holds the claims: `anquan migrate`,
// run once per deploy before the replicas start (they verify).
func Migrate(ctx context.Context, cfg *conf.Config) error {
	ordered, err := startOrder(services)
	if err != nil {
		return err
	}
	var names []string
	for _, sv := range ordered {
		if cfg.Target == "all" || cfg.Target == sv.name {
			names = append(names, sv.name)
		}
	}
	if len(names) == 0 && cfg.Target != "gateway" {
		return fmt.Errorf("unknown target %q (use one of %v)", cfg.Target, Targets())
	}
	if len(names) > 0 && cfg.Redis.Addr == "" {
		names = append([]string{lease.Migrations.Database}, names...)
	}
	all := MigrationSets()
	for _, name := range names {
		s, ok := all[name]
		if !ok {
			return fmt.Errorf("service %s has no schema migrations: add migrations(<svc>app.Migrations) to internal/stack/svc_%s.go", name, name)
		}
		if err := migrateOne(ctx, cfg, s); err != nil {
			return err
		}
	}
	return nil
}

func migrateOne(ctx context.Context, cfg *conf.Config, s migrate.Set) error {
	g, err := db.Open(ctx, cfg, s.Database)
	if err != nil {
		return err
	}
	defer func() {
		if d, err := g.DB(); err == nil {
			_ = d.Close() // done with this database
		}
	}()
	applied, err := migrate.Up(ctx, g, s)
	if err != nil {
		return err
	}
	p, err := migrate.Provider(g, s)
	if err != nil {
		return err
	}
	v, err := p.GetDBVersion(ctx)
	if err != nil {
		return err
	}
	slog.Info("schema up to date", "database", cfg.DB.Prefix+s.Database, "version", v, "applied", applied)
	return nil
}
