package data

import (
	"context"
	"database/sql"
	"embed"

	"github.com/pressly/goose/v3"

	"anquan/kit/ident"
	"anquan/kit/idgen"
	"anquan/kit/migrate"
)

//go:embed migrations
var migrationFiles embed.FS

// Migrations are the inspection database's versioned schema changes
// (migrations/<dialect>/NNNNN_name.sql and the Go ones below, see
// kit/migrate). Migrate (the models) is their source of truth, run only by
// the baseline generator and the drift check.
var Migrations = func() migrate.Set {
	s := migrate.Service("inspection", "services/inspection/internal/data/migrations", migrationFiles, Migrate)
	s.Go = func(dialect string) []*goose.Migration {
		return []*goose.Migration{
			goose.NewGoMigration(3, &goose.GoFunc{RunDB: func(ctx context.Context, d *sql.DB) error {
				return carryTaskPoints(ctx, d, dialect)
			}}, nil),
		}
	}
	return s
}()

// carryTaskPoints (version 3) moves the comma lists of inspection_task
// (point_ids) into inspection_task_point, then drops the column: one row per
// task and point (route order), 已检 with its record where the task's record
// of the point exists, else 待检 (the scheduler then marks it 超期未检 or
// 漏检未补: a task of the old releases had no grace, so its grace ends with
// its window). Each step checks first, so a run cut short can be repeated,
// and a database created without the column is left as it is.
func carryTaskPoints(ctx context.Context, d *sql.DB, dialect string) error {
	has, err := migrate.HasColumn(ctx, d, dialect, "inspection_task", "point_ids")
	if err != nil || !has {
		return err
	}
	rows, err := d.QueryContext(ctx, "SELECT id, point_ids FROM inspection_task")
	if err != nil {
		return err
	}
	type task struct {
		id     int64
		points []int64
	}
	var tasks []task
	for rows.Next() {
		var t task
		var list string
		if err := rows.Scan(&t.id, &list); err != nil {
			_ = rows.Close()
			return err
		}
		t.points, _ = ident.ParseIDs(list)
		tasks = append(tasks, t)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	if err := rows.Err(); err != nil {
		return err
	}
	insert := migrate.Rebind(dialect, `INSERT INTO inspection_task_point (id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
 tenant_id, task_id, plan_id, point_id, seq, dept_id, inspector_user_id, inspector_name, start_at, end_at, miss_at, inspect_status, record_id)
 SELECT ?, t.create_user, t.create_dept, t.create_time, t.update_user, t.update_time, 1, t.is_deleted,
 t.tenant_id, t.id, t.plan_id, ?, ?, COALESCE(p.dept_id, 0), t.inspector_user_id, t.inspector_name, t.start_at, t.end_at, t.end_at, 1, 0
 FROM inspection_task t LEFT JOIN inspection_plan p ON p.id = t.plan_id
 WHERE t.id = ? AND NOT EXISTS (SELECT 1 FROM inspection_task_point x WHERE x.task_id = t.id AND x.point_id = ?)`)
	for _, t := range tasks {
		for i, pid := range t.points {
			if _, err := d.ExecContext(ctx, insert, idgen.Next(), pid, i+1, t.id, pid); err != nil {
				return err
			}
		}
	}
	for _, q := range []string{
		`UPDATE inspection_task_point SET record_id = COALESCE((SELECT MIN(r.id) FROM inspection_record r
 WHERE r.task_id = inspection_task_point.task_id AND r.point_id = inspection_task_point.point_id AND r.is_deleted = 0), 0) WHERE record_id = 0`,
		`UPDATE inspection_task_point SET inspect_status = 2, inspected_at = (SELECT r.done_at FROM inspection_record r
 WHERE r.id = inspection_task_point.record_id) WHERE record_id <> 0 AND inspect_status = 1`,
		"ALTER TABLE inspection_task DROP COLUMN point_ids",
	} {
		if _, err := d.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	return nil
}
