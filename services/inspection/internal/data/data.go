// Package data implements inspection's persistence with gorm (the generic
// repositories of kit/crud and the queries they cannot express) and its
// look-ups in blade-user.
package data

import (
	"context"

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

func (q Queries) PlanTenants(ctx context.Context) ([]string, error) {
	var out []string
	err := db.Conn(ident.AsSystem(ctx), q.G).Model(&biz.Plan{}).Where("is_deleted = 0 AND enable = 1").Distinct().Pluck("tenant_id", &out).Error
	return out, err
}

func (q Queries) PointsByIDs(ctx context.Context, ids []int64) ([]biz.Point, error) {
	var out []biz.Point
	if len(ids) == 0 {
		return out, nil
	}
	err := db.Conn(ctx, q.G).Where("is_deleted = 0 AND id IN ?", ids).Find(&out).Error
	return out, err
}
