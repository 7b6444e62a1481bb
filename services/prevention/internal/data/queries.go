package data

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	"anquan/prevention/internal/biz"
)

// Queries implements biz.Queries.
type Queries struct {
	g       *gorm.DB
	hazards *Stores
}

// NewQueries binds the queries to the database.
func NewQueries(g *gorm.DB, s *Stores) *Queries { return &Queries{g: g, hazards: s} }

var _ biz.Queries = (*Queries)(nil)

func (q *Queries) conn(ctx context.Context) *gorm.DB { return db.Conn(ctx, q.g) }

func (q *Queries) ByIDs(ctx context.Context, dest any, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	return q.conn(ctx).Where("id IN ?", ids).Find(dest).Error
}

func (q *Queries) GroupCount(ctx context.Context, model any, column, where string, args ...any) (map[int64]int64, error) {
	var rows []struct {
		K int64
		N int64
	}
	tx := q.conn(ctx).Model(model).Select(column + " AS k, COUNT(*) AS n")
	if where != "" {
		tx = tx.Where(where, args...)
	}
	if err := tx.Group(column).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("group count %s: %w", column, err)
	}
	out := make(map[int64]int64, len(rows))
	for _, r := range rows {
		out[r.K] = r.N
	}
	return out, nil
}

func (q *Queries) ReporterCounts(ctx context.Context, user int64, voided, accepted, major int32) ([]biz.ReporterCount, error) {
	var rows []biz.ReporterCount
	tx := q.conn(ctx).Model(&biz.Hazard{})
	if user > 0 {
		tx = tx.Where("report_user_id = ?", user)
	}
	err := tx.
		Select(`report_user_id AS user_id,
			SUM(CASE WHEN danger_state <> ? THEN 1 ELSE 0 END) AS reported,
			SUM(CASE WHEN danger_state <> ? AND danger_level = ? THEN 1 ELSE 0 END) AS major,
			SUM(CASE WHEN danger_state = ? THEN 1 ELSE 0 END) AS accepted`, voided, voided, major, accepted).
		Where("report_user_id > 0").Group("report_user_id").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("reporter counts: %w", err)
	}
	out := rows[:0]
	for _, r := range rows {
		if r.Reported > 0 {
			out = append(out, r)
		}
	}
	return out, nil
}

func (q *Queries) Count(ctx context.Context, model any, where string, args ...any) (int64, error) {
	var n int64
	tx := q.conn(ctx).Model(model)
	if where != "" {
		tx = tx.Where(where, args...)
	}
	return n, tx.Count(&n).Error
}

func (q *Queries) MinLevel(ctx context.Context, unitID int64) (int32, error) {
	var v *int32
	err := q.conn(ctx).Model(&biz.RiskEvent{}).Where("unit_id = ?", unitID).Select("MIN(risk_level)").Scan(&v).Error
	if err != nil || v == nil {
		return 0, err
	}
	return *v, nil
}

func (q *Queries) SetState(ctx context.Context, model any, id int64, column string, from int32, values map[string]any) (bool, error) {
	res := q.conn(ctx).Model(model).Where("id = ? AND "+column+" = ?", id, from).Updates(values)
	if _, ok := model.(*biz.Hazard); ok {
		q.hazards.Hazards.Changed()
	}
	return res.RowsAffected > 0, res.Error
}

// HazardsChanged drops the cached hazard totals (after a write).
func (q *Queries) HazardsChanged() { q.hazards.Hazards.Changed() }

func (q *Queries) Tenants(ctx context.Context) ([]string, error) {
	var out []string
	err := q.conn(ident.AsSystem(ctx)).Raw(`SELECT DISTINCT tenant_id FROM prevention_check_plan WHERE is_deleted = 0 AND enabled = 1
		UNION SELECT DISTINCT tenant_id FROM prevention_hazard WHERE is_deleted = 0 AND overdue = 0 AND danger_state IN (0, 10) AND deadline IS NOT NULL`).Scan(&out).Error
	return out, err
}

func (q *Queries) DuePlans(ctx context.Context, until time.Time) ([]biz.CheckPlan, error) {
	var out []biz.CheckPlan
	err := q.conn(ctx).Where("enabled = 1 AND (next_start IS NULL OR next_start <= ?)", until).Order("id").Find(&out).Error
	return out, err
}

// taskBatch rows per INSERT: the pure-Go SQLite driver binds parameters in
// time quadratic in their number, so a few hundred per statement is the
// sweet spot (measured on 10,000 plans: 300 rows per INSERT took 3x longer
// than 12).
const taskBatch = 12

func (q *Queries) InsertTasks(ctx context.Context, tasks []biz.CheckTask) (int64, error) {
	var n int64
	if len(tasks) > taskBatch && q.g.Name() == "sqlite" {
		// Each multi-row INSERT in a transaction writes a statement journal;
		// keep it in memory instead of a temporary file (this connection only).
		if err := q.conn(ctx).Exec("PRAGMA temp_store = MEMORY").Error; err != nil {
			return 0, err
		}
	}
	for i := 0; i < len(tasks); i += taskBatch {
		chunk := tasks[i:min(i+taskBatch, len(tasks))]
		res := q.conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&chunk)
		if res.Error != nil {
			return n, fmt.Errorf("insert tasks: %w", res.Error)
		}
		n += res.RowsAffected
	}
	return n, nil
}

func (q *Queries) SetNextSeq(ctx context.Context, next map[int64]biz.Cursor) error {
	ids := make([]int64, 0, len(next))
	for id := range next {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	// CASE batches of 50 plans (small statements bind faster in the pure-Go
	// driver); the cursor only moves forward.
	for i := 0; i < len(ids); i += 50 {
		chunk := ids[i:min(i+50, len(ids))]
		var b strings.Builder
		var t strings.Builder
		args := make([]any, 0, 2*len(chunk))
		targs := make([]any, 0, 2*len(chunk))
		b.WriteString("CASE id")
		t.WriteString("CASE id")
		for _, id := range chunk {
			b.WriteString(" WHEN ? THEN ?")
			t.WriteString(" WHEN ? THEN ?")
			args = append(args, id, next[id].Seq)
			targs = append(targs, id, next[id].Start)
		}
		b.WriteString(" ELSE next_seq END")
		t.WriteString(" ELSE next_start END")
		err := q.conn(ctx).Model(&biz.CheckPlan{}).Where("id IN ?", chunk).Where("next_seq <= ?", gorm.Expr(b.String(), args...)).
			UpdateColumns(map[string]any{"next_seq": gorm.Expr(b.String(), args...), "next_start": gorm.Expr(t.String(), targs...)}).Error
		if err != nil {
			return fmt.Errorf("plan cursors: %w", err)
		}
	}
	return nil
}

func (q *Queries) ResetPending(ctx context.Context, planIDs []int64, after time.Time) error {
	return q.conn(ctx).Where("plan_id IN ? AND task_state = ? AND end_time > ?", planIDs, biz.TaskPending, after).Delete(&biz.CheckTask{}).Error
}

func (q *Queries) ExpireTasks(ctx context.Context, now time.Time) (int64, error) {
	res := q.conn(ctx).Model(&biz.CheckTask{}).Where("is_deleted = 0 AND task_state = ? AND end_time <= ?", biz.TaskPending, now).
		Update("task_state", biz.TaskOverdue)
	return res.RowsAffected, res.Error
}

func (q *Queries) DueHazards(ctx context.Context, now time.Time, limit int) ([]biz.Hazard, error) {
	var out []biz.Hazard
	err := q.conn(ctx).Where("danger_state IN ? AND overdue = 0 AND deadline IS NOT NULL AND deadline < ?",
		[]int32{biz.HazardReported, biz.HazardRectifying}, now).Order("deadline").Limit(limit).Find(&out).Error
	return out, err
}

func (q *Queries) FlagOverdue(ctx context.Context, id int64) (bool, error) {
	res := q.conn(ctx).Model(&biz.Hazard{}).Where("id = ? AND overdue = 0", id).Update("overdue", 1)
	q.hazards.Hazards.Changed()
	return res.RowsAffected == 1, res.Error
}

func (q *Queries) OverdueHazards(ctx context.Context, limit int) ([]biz.Hazard, error) {
	var out []biz.Hazard
	err := q.conn(ctx).Where("overdue = 1 AND danger_state IN ?", biz.OpenHazardStates).Order("deadline").Limit(limit).Find(&out).Error
	return out, err
}

func (q *Queries) OverdueTasks(ctx context.Context, limit int) ([]biz.CheckTask, error) {
	var out []biz.CheckTask
	// The last 30 days bound the sort whatever the history.
	since := time.Now().AddDate(0, 0, -30)
	err := q.conn(ctx).Where("task_state IN ? AND end_time > ?", []int32{biz.TaskOverdue, biz.TaskMissed}, since.In(timefmt.Zone)).
		Order("end_time desc").Limit(limit).Find(&out).Error
	return out, err
}

// HazardPage is the hidden-danger page; its repository remembers totals
// (hazardSpec.CountTTL). (Reading ids first and then the rows measured 2.5x
// slower here: the pure-Go driver parses every statement, which costs more
// than stepping over the skipped rows.)
func (q *Queries) HazardPage(ctx context.Context, pq paging.Query) (*paging.Page[biz.Hazard], error) {
	return q.hazards.Hazards.Page(ctx, pq)
}
