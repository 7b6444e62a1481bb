package data

import (
	"context"
	"testing"
	"time"

	"anquan/kit/ident"
	"anquan/kit/migrate"
	"anquan/kit/timefmt"
)

// TestMigrationCarriesTaskPoints: a task of the comma-list releases becomes
// one task point per route point (route order), the point its record
// inspected 已检 with the record; the column is dropped and running the
// carry again changes nothing.
func TestMigrationCarriesTaskPoints(t *testing.T) {
	for _, d := range migrate.Dialects {
		t.Run(d, func(t *testing.T) {
			if err := migrate.Available(d); err != nil {
				t.Skip(err)
			}
			ctx := context.Background()
			g, done, err := migrate.Scratch(ctx, d, "inspection")
			if err != nil {
				t.Fatal(err)
			}
			defer done()
			p, err := migrate.Provider(g, Migrations)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.UpTo(ctx, 1); err != nil {
				t.Fatal(err)
			}
			sys := g.WithContext(ident.AsSystem(ctx))
			start := time.Date(2026, 3, 2, 0, 0, 0, 0, timefmt.Zone)
			now := start.Add(30 * time.Minute)
			for _, q := range []struct {
				sql  string
				args []any
			}{
				{"INSERT INTO inspection_plan (id, create_time, update_time, tenant_id, name, point_ids, inspector_user_id, cycle_hours) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
					[]any{7, now, now, "100001", "罐区", "11,12,13", 5, 24}},
				{"INSERT INTO inspection_task (id, create_time, update_time, tenant_id, plan_id, plan_name, point_ids, inspector_user_id, inspector_name, start_at, end_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
					[]any{70, now, now, "100001", 7, "罐区", "11,12,13", 5, "王操作", start, start.Add(24 * time.Hour)}},
				{"INSERT INTO inspection_record (id, create_time, update_time, tenant_id, task_id, plan_id, point_id, point_code, point_name, items, inspector_user_id, done_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
					[]any{700, now, now, "100001", 70, 7, 12, "P12", "点12", "[]", 5, now}},
			} {
				if err := sys.Exec(q.sql, q.args...).Error; err != nil {
					t.Fatalf("%s: %v", q.sql, err)
				}
			}
			if _, err := p.Up(ctx); err != nil {
				t.Fatal(err)
			}
			type row struct {
				TaskID, PointID, RecordID int64
				Seq, InspectStatus        int32
				TenantID                  string
				InspectorName             string
			}
			var rows []row
			if err := sys.Raw("SELECT task_id, point_id, record_id, seq, inspect_status, tenant_id, inspector_name FROM inspection_task_point ORDER BY seq").Scan(&rows).Error; err != nil {
				t.Fatal(err)
			}
			want := []row{{70, 11, 0, 1, 1, "100001", "王操作"}, {70, 12, 700, 2, 2, "100001", "王操作"}, {70, 13, 0, 3, 1, "100001", "王操作"}}
			if len(rows) != len(want) {
				t.Fatalf("task points: %+v", rows)
			}
			for i := range want {
				if rows[i] != want[i] {
					t.Fatalf("task point %d: %+v, want %+v", i, rows[i], want[i])
				}
			}
			sqlDB, err := g.DB()
			if err != nil {
				t.Fatal(err)
			}
			if has, err := migrate.HasColumn(ctx, sqlDB, d, "inspection_task", "point_ids"); err != nil || has {
				t.Fatalf("point_ids kept: %v %v", has, err)
			}
			if err := carryTaskPoints(ctx, sqlDB, d); err != nil {
				t.Fatalf("a second run: %v", err)
			}
			var n int64
			if err := sys.Raw("SELECT COUNT(*) FROM inspection_task_point").Scan(&n).Error; err != nil || n != 3 {
				t.Fatalf("after a second run: %d rows (%v)", n, err)
			}
		})
	}
}
