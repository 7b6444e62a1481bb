// Package data implements inspection's persistence with gorm (the generic
// repositories of kit/crud and the queries they cannot express) and its
// look-ups in blade-user.
package data

import (
	"context"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"anquan/inspection/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
)

var pointSpec = crud.Spec{Name: "巡检点",
	Filters: paging.Fields{"code": "code", "name": "name", "pointType": "point_type", "equipmentId": "equipment_id", "areaId": "area_id"},
	Order:   "code asc, id asc"}

var planSpec = crud.Spec{Name: "巡检计划",
	Filters: paging.Fields{"name": "name", "inspectorUserId": "inspector_user_id", "enable": "enable"}, Order: "name asc, id asc"}

var taskSpec = crud.Spec{Name: "巡检任务",
	Filters: paging.Fields{"planId": "plan_id", "planName": "plan_name", "inspectorUserId": "inspector_user_id", "state": "state", "startAt": "start_at"},
	Sorts:   paging.Fields{"startAt": "start_at", "planName": "plan_name"},
	Order:   "start_at desc, id desc", DeferredPage: true}

var recordSpec = crud.Spec{Name: "巡检记录",
	Filters: paging.Fields{"taskId": "task_id", "planId": "plan_id", "pointId": "point_id", "pointName": "point_name", "abnormal": "abnormal",
		"inspectorUserId": "inspector_user_id", "doneAt": "done_at"},
	Sorts: paging.Fields{"doneAt": "done_at", "pointName": "point_name"},
	Order: "done_at desc, id desc", DeferredPage: true}

// NewPoints, NewPlans, NewTasks and NewRecords are the generic repositories.
func NewPoints(g *gorm.DB) *crud.Repo[biz.Point]   { return crud.New[biz.Point](g, pointSpec) }
func NewPlans(g *gorm.DB) *crud.Repo[biz.Plan]     { return crud.New[biz.Plan](g, planSpec) }
func NewTasks(g *gorm.DB) *crud.Repo[biz.Task]     { return crud.New[biz.Task](g, taskSpec) }
func NewRecords(g *gorm.DB) *crud.Repo[biz.Record] { return crud.New[biz.Record](g, recordSpec) }

var taskPointSpec = crud.Spec{Name: "巡检任务点位", Filters: paging.Fields{"taskId": "task_id", "inspectStatus": "inspect_status"}, Order: "task_id asc, seq asc"}

// NewTaskPoints is the repository of the task points.
func NewTaskPoints(g *gorm.DB) *crud.Repo[biz.TaskPoint] {
	return crud.New[biz.TaskPoint](g, taskPointSpec)
}

var indexes = []db.Index{
	{Name: "idx_insp_point_code", Table: "inspection_point", Columns: "tenant_id, code"},
	{Name: "idx_insp_point_name", Table: "inspection_point", Columns: "tenant_id, name"},
	{Name: "idx_insp_point_type", Table: "inspection_point", Columns: "tenant_id, point_type"},
	{Name: "idx_insp_point_equipment", Table: "inspection_point", Columns: "tenant_id, equipment_id"},
	{Name: "idx_insp_point_area", Table: "inspection_point", Columns: "tenant_id, area_id"},
	{Name: "idx_insp_plan_name", Table: "inspection_plan", Columns: "tenant_id, name"},
	{Name: "idx_insp_plan_inspector", Table: "inspection_plan", Columns: "tenant_id, inspector_user_id"},
	{Name: "idx_insp_plan_enable", Table: "inspection_plan", Columns: "enable, tenant_id"},
	{Name: "uk_insp_task_window", Table: "inspection_task", Columns: "tenant_id, plan_id, start_at", Unique: true},
	{Name: "idx_insp_task_start", Table: "inspection_task", Columns: "tenant_id, start_at"},
	{Name: "idx_insp_task_inspector", Table: "inspection_task", Columns: "tenant_id, inspector_user_id, start_at"},
	{Name: "idx_insp_task_state", Table: "inspection_task", Columns: "tenant_id, state, start_at"},
	{Name: "idx_insp_task_plan_name", Table: "inspection_task", Columns: "tenant_id, plan_name"},
	{Name: "idx_insp_record_task", Table: "inspection_record", Columns: "tenant_id, task_id"},
	{Name: "idx_insp_record_done", Table: "inspection_record", Columns: "tenant_id, done_at"},
	{Name: "idx_insp_record_point", Table: "inspection_record", Columns: "tenant_id, point_id, done_at"},
	{Name: "idx_insp_record_plan", Table: "inspection_record", Columns: "tenant_id, plan_id"},
	{Name: "idx_insp_record_abnormal", Table: "inspection_record", Columns: "tenant_id, abnormal, done_at"},
	{Name: "idx_insp_record_inspector", Table: "inspection_record", Columns: "tenant_id, inspector_user_id"},
	{Name: "idx_insp_record_point_name", Table: "inspection_record", Columns: "tenant_id, point_name"},
	{Name: "uk_insp_tp_task_point", Table: "inspection_task_point", Columns: "tenant_id, task_id, point_id", Unique: true},
	{Name: "idx_insp_tp_status_end", Table: "inspection_task_point", Columns: "tenant_id, inspect_status, end_at"},
	{Name: "idx_insp_tp_start", Table: "inspection_task_point", Columns: "tenant_id, start_at, dept_id"},
	{Name: "idx_insp_tp_inspector", Table: "inspection_task_point", Columns: "tenant_id, inspector_user_id, start_at"},
}

// Migrate creates or updates the tables and their indexes.
func Migrate(g *gorm.DB) error {
	g = g.WithContext(ident.AsSystem(context.Background()))
	if err := g.AutoMigrate(biz.Models()...); err != nil {
		return err
	}
	if err := outbox.Migrate(g); err != nil {
		return err
	}
	return db.EnsureIndexes(g, indexes)
}

// Queries implements biz.Queries.
type Queries struct{ G *gorm.DB }

// PlanTenants are the tenants with enabled plans or open tasks (whose
// points the scheduler may still mark late).
func (q Queries) PlanTenants(ctx context.Context) ([]string, error) {
	var plans, tasks []string
	c := db.Conn(ident.AsSystem(ctx), q.G)
	if err := c.Model(&biz.Plan{}).Where("is_deleted = 0 AND enable = 1").Distinct().Pluck("tenant_id", &plans).Error; err != nil {
		return nil, err
	}
	if err := c.Model(&biz.Task{}).Where("is_deleted = 0 AND state = ?", biz.TaskOpen).Distinct().Pluck("tenant_id", &tasks).Error; err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	for _, t := range append(plans, tasks...) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out, nil
}

func (q Queries) TaskPoints(ctx context.Context, taskID int64) ([]biz.TaskPoint, error) {
	var out []biz.TaskPoint
	err := db.Conn(ctx, q.G).Where("task_id = ?", taskID).Order("seq asc, id asc").Find(&out).Error
	return out, err
}

func (q Queries) MarkInspected(ctx context.Context, tp *biz.TaskPoint) (bool, error) {
	r := db.Conn(ctx, q.G).Model(&biz.TaskPoint{}).
		Where("id = ? AND inspect_status NOT IN ?", tp.ID, []int32{biz.PointInspected, biz.PointOverdueDone, biz.PointMissedMadeUp}).
		Updates(map[string]any{"inspect_status": tp.InspectStatus, "record_id": tp.RecordID, "inspected_at": tp.InspectedAt})
	return r.RowsAffected == 1, r.Error
}

// MarkLate: points past their window 超期未检, past their grace 漏检未补, and
// their open tasks 漏检, in one transaction.
func (q Queries) MarkLate(ctx context.Context, now time.Time) (int64, error) {
	var n int64
	err := db.Tx(ctx, q.G, func(ctx context.Context) error {
		c := db.Conn(ctx, q.G)
		r := c.Model(&biz.TaskPoint{}).Where("inspect_status IN ? AND miss_at <= ?", []int32{biz.PointPending, biz.PointOverdue}, now).
			Update("inspect_status", biz.PointMissed)
		if r.Error != nil {
			return r.Error
		}
		n += r.RowsAffected
		r = c.Model(&biz.TaskPoint{}).Where("inspect_status = ? AND end_at <= ?", biz.PointPending, now).Update("inspect_status", biz.PointOverdue)
		if r.Error != nil {
			return r.Error
		}
		n += r.RowsAffected
		missed := c.Model(&biz.TaskPoint{}).Select("task_id").Where("inspect_status = ?", biz.PointMissed)
		return c.Model(&biz.Task{}).Where("state = ? AND id IN (?)", biz.TaskOpen, missed).Update("state", biz.TaskMissed).Error
	})
	return n, err
}

// Stats counts in one GROUP BY: the points due (window closed, or
// inspected) whose window starts in [from, to).
func (q Queries) Stats(ctx context.Context, from, to, now time.Time, byPerson bool, deptID, userID int64) ([]biz.StatRow, error) {
	in := func(sts ...int32) string {
		s := ""
		for i, v := range sts {
			if i > 0 {
				s += ","
			}
			s += strconv.Itoa(int(v))
		}
		return s
	}
	done := in(biz.PointInspected, biz.PointOverdueDone, biz.PointMissedMadeUp)
	sel := "dept_id, COUNT(*) AS due, " +
		"SUM(CASE WHEN inspect_status IN (" + done + ") THEN 1 ELSE 0 END) AS inspected, " +
		"SUM(CASE WHEN inspect_status = " + in(biz.PointInspected) + " THEN 1 ELSE 0 END) AS on_time, " +
		"SUM(CASE WHEN inspect_status = " + in(biz.PointOverdueDone) + " THEN 1 ELSE 0 END) AS overdue, " +
		"SUM(CASE WHEN inspect_status = " + in(biz.PointMissedMadeUp) + " THEN 1 ELSE 0 END) AS made_up"
	group := "dept_id"
	if byPerson {
		sel += ", inspector_user_id, MAX(inspector_name) AS inspector_name"
		group += ", inspector_user_id"
	}
	c := db.Conn(ctx, q.G).Model(&biz.TaskPoint{}).Select(sel).
		Where("start_at >= ? AND start_at < ? AND (end_at <= ? OR inspect_status IN ("+done+"))", from, to, now)
	if deptID > 0 {
		c = c.Where("dept_id = ?", deptID)
	}
	if userID > 0 {
		c = c.Where("inspector_user_id = ?", userID)
	}
	var out []biz.StatRow
	if err := c.Group(group).Order(group).Scan(&out).Error; err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Missed = out[i].Due - out[i].Inspected
	}
	return out, nil
}

// Daily counts in one GROUP BY over a day index: a CASE of the range's
// day starts (tenant-zone midnights, bound as parameters) works the same on
// the three engines, whatever their date functions and the zone.
func (q Queries) Daily(ctx context.Context, from, to, now time.Time, deptID, userID int64) ([]biz.DayStat, error) {
	done := strings.Join([]string{strconv.Itoa(biz.PointInspected), strconv.Itoa(biz.PointOverdueDone), strconv.Itoa(biz.PointMissedMadeUp)}, ",")
	starts := biz.DayStarts(from, to)
	var cs strings.Builder
	args := make([]any, 0, len(starts)+3)
	cs.WriteString("CASE")
	for i, d := range starts[1:] {
		cs.WriteString(" WHEN start_at < ? THEN " + strconv.Itoa(i))
		args = append(args, d)
	}
	cs.WriteString(" END")
	sel := cs.String() + " AS day_idx, COUNT(*) AS due, " +
		"SUM(CASE WHEN inspect_status IN (" + done + ") THEN 1 ELSE 0 END) AS inspected, " +
		"SUM(CASE WHEN inspect_status = " + strconv.Itoa(biz.PointInspected) + " THEN 1 ELSE 0 END) AS on_time"
	c := db.Conn(ctx, q.G).Model(&biz.TaskPoint{}).Select(sel, args...).
		Where("start_at >= ? AND start_at < ? AND (end_at <= ? OR inspect_status IN ("+done+"))", from, to, now)
	if deptID > 0 {
		c = c.Where("dept_id = ?", deptID)
	}
	if userID > 0 {
		c = c.Where("inspector_user_id = ?", userID)
	}
	var rows []struct {
		DayIdx    int
		Due       int64
		Inspected int64
		OnTime    int64
	}
	if err := c.Group("day_idx").Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]biz.DayStat, 0, len(rows))
	for _, r := range rows {
		if r.DayIdx < 0 || r.DayIdx >= len(starts)-1 {
			continue
		}
		out = append(out, biz.DayStat{Day: starts[r.DayIdx].Format("2006-01-02"), Due: r.Due, Inspected: r.Inspected, OnTime: r.OnTime})
	}
	return out, nil
}

func (q Queries) PointsByIDs(ctx context.Context, ids []int64) ([]biz.Point, error) {
	var out []biz.Point
	if len(ids) == 0 {
		return out, nil
	}
	err := db.Conn(ctx, q.G).Where("is_deleted = 0 AND id IN ?", ids).Find(&out).Error
	return out, err
}
