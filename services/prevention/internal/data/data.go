// Package data implements prevention's persistence with gorm (the generic
// repositories of kit/crud plus the queries they cannot express) and its
// views of factory (areas) and blade-flow (rectification history).
package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
	"anquan/prevention/internal/biz"
)

// Stores are the generic repositories of every table.
type Stores struct {
	Objects  *crud.Repo[biz.RiskObject]
	Units    *crud.Repo[biz.RiskUnit]
	Events   *crud.Repo[biz.RiskEvent]
	Measures *crud.Repo[biz.Measure]
	Plans    *crud.Repo[biz.CheckPlan]
	Tasks    *crud.Repo[biz.CheckTask]
	Records  *crud.Repo[biz.CheckRecord]
	Hazards  *crud.Repo[biz.Hazard]
}

// The list filters of each table; every one has an index below.
var (
	objectSpec = crud.Spec{Name: "风险分析对象", Filters: paging.Fields{
		"name": "name", "code": "code", "areaId": "area_id", "responsibleUserId": "responsible_user_id", "createTime": "create_time",
	}}
	unitSpec = crud.Spec{Name: "风险分析单元", Filters: paging.Fields{
		"name": "name", "code": "code", "objectId": "object_id", "riskLevel": "risk_level", "riskClass": "risk_class",
		"operationState": "operation_state", "responsibleUserId": "responsible_user_id", "createTime": "create_time",
	}}
	eventSpec = crud.Spec{Name: "风险事件", Filters: paging.Fields{
		"name": "name", "unitId": "unit_id", "riskLevel": "risk_level", "method": "method", "createTime": "create_time",
	}}
	measureSpec = crud.Spec{Name: "管控措施", Filters: paging.Fields{
		"description": "description", "eventId": "event_id", "unitId": "unit_id", "dataSrc": "data_src", "classify1": "classify1", "createTime": "create_time",
	}}
	planSpec = crud.Spec{Name: "隐患排查任务", Filters: paging.Fields{
		"name": "name", "unitId": "unit_id", "measureId": "measure_id", "checkCycleUnit": "check_cycle_unit", "enabled": "enabled",
		"responsibleUserId": "responsible_user_id", "createTime": "create_time",
	}}
	taskSpec = crud.Spec{Name: "排查任务", Filters: paging.Fields{
		"unitId": "unit_id", "planId": "plan_id", "taskState": "task_state", "responsibleUserId": "responsible_user_id",
		"startTime": "start_time", "unitName": "unit_name",
	}, Sorts: paging.Fields{"startTime": "start_time", "endTime": "end_time"}, Order: "start_time desc, id desc"}
	recordSpec = crud.Spec{Name: "排查记录", Filters: paging.Fields{
		"taskId": "task_id", "unitId": "unit_id", "checkStatus": "check_status", "checkUserId": "check_user_id", "checkTime": "check_time",
	}, Order: "check_time desc, id desc"}
	hazardSpec = crud.Spec{Name: "隐患", Filters: paging.Fields{
		"dangerName": "danger_name", "dangerLevel": "danger_level", "dangerState": "danger_state", "dangerSrc": "danger_src",
		"dangerManageType": "danger_manage_type", "unitId": "unit_id", "liableUserId": "liable_user_id", "overdue": "overdue", "reportUserId": "report_user_id",
		"reportTime": "report_time", "deadline": "deadline",
	}, Sorts: paging.Fields{"reportTime": "report_time", "deadline": "deadline", "dangerLevel": "danger_level"},
		// counting a tenant's 100,000 hazards on every page turn costs more than the page
		CountTTL: 2 * time.Second}
)

// NewStores makes the repositories.
func NewStores(g *gorm.DB) *Stores {
	return &Stores{
		Objects:  crud.New[biz.RiskObject](g, objectSpec),
		Units:    crud.New[biz.RiskUnit](g, unitSpec),
		Events:   crud.New[biz.RiskEvent](g, eventSpec),
		Measures: crud.New[biz.Measure](g, measureSpec),
		Plans:    crud.New[biz.CheckPlan](g, planSpec),
		Tasks:    crud.New[biz.CheckTask](g, taskSpec),
		Records:  crud.New[biz.CheckRecord](g, recordSpec),
		Hazards:  crud.New[biz.Hazard](g, hazardSpec),
	}
}

// indexes: one per list filter within a tenant (leading tenant_id,
// is_deleted as the central scope adds both), the unique window of a task
// (the scheduler's idempotence) and the hot hidden-danger page order.
// Name/description filters are "contains" searches no index serves.
var indexes = []db.Index{
	{Name: "idx_pv_object_area", Table: "prevention_risk_object", Columns: "tenant_id, is_deleted, area_id"},
	{Name: "idx_pv_object_user", Table: "prevention_risk_object", Columns: "tenant_id, is_deleted, responsible_user_id"},
	{Name: "idx_pv_object_ctime", Table: "prevention_risk_object", Columns: "tenant_id, is_deleted, create_time"},
	{Name: "idx_pv_unit_object", Table: "prevention_risk_unit", Columns: "tenant_id, is_deleted, object_id"},
	{Name: "idx_pv_unit_code", Table: "prevention_risk_unit", Columns: "tenant_id, is_deleted, code"},
	{Name: "idx_pv_unit_level", Table: "prevention_risk_unit", Columns: "tenant_id, is_deleted, risk_level"},
	{Name: "idx_pv_unit_class", Table: "prevention_risk_unit", Columns: "tenant_id, is_deleted, risk_class"},
	{Name: "idx_pv_unit_op", Table: "prevention_risk_unit", Columns: "tenant_id, is_deleted, operation_state"},
	{Name: "idx_pv_unit_user", Table: "prevention_risk_unit", Columns: "tenant_id, is_deleted, responsible_user_id"},
	{Name: "idx_pv_unit_ctime", Table: "prevention_risk_unit", Columns: "tenant_id, is_deleted, create_time"},
	{Name: "idx_pv_event_unit", Table: "prevention_risk_event", Columns: "tenant_id, is_deleted, unit_id, risk_level"},
	{Name: "idx_pv_event_level", Table: "prevention_risk_event", Columns: "tenant_id, is_deleted, risk_level"},
	{Name: "idx_pv_event_method", Table: "prevention_risk_event", Columns: "tenant_id, is_deleted, method"},
	{Name: "idx_pv_event_ctime", Table: "prevention_risk_event", Columns: "tenant_id, is_deleted, create_time"},
	{Name: "idx_pv_measure_event", Table: "prevention_measure", Columns: "tenant_id, is_deleted, event_id"},
	{Name: "idx_pv_measure_unit", Table: "prevention_measure", Columns: "tenant_id, is_deleted, unit_id"},
	{Name: "idx_pv_measure_src", Table: "prevention_measure", Columns: "tenant_id, is_deleted, data_src"},
	{Name: "idx_pv_measure_c1", Table: "prevention_measure", Columns: "tenant_id, is_deleted, classify1"},
	{Name: "idx_pv_measure_ctime", Table: "prevention_measure", Columns: "tenant_id, is_deleted, create_time"},
	{Name: "idx_pv_plan_measure", Table: "prevention_check_plan", Columns: "tenant_id, is_deleted, measure_id"},
	{Name: "idx_pv_plan_unit", Table: "prevention_check_plan", Columns: "tenant_id, is_deleted, unit_id"},
	{Name: "idx_pv_plan_due", Table: "prevention_check_plan", Columns: "tenant_id, is_deleted, enabled, next_start"},
	{Name: "idx_pv_plan_cunit", Table: "prevention_check_plan", Columns: "tenant_id, is_deleted, check_cycle_unit"},
	{Name: "idx_pv_plan_user", Table: "prevention_check_plan", Columns: "tenant_id, is_deleted, responsible_user_id"},
	{Name: "idx_pv_plan_ctime", Table: "prevention_check_plan", Columns: "tenant_id, is_deleted, create_time"},
	{Name: "uk_pv_task_window", Table: "prevention_check_task", Columns: "tenant_id, plan_id, start_time", Unique: true},
	{Name: "idx_pv_task_start", Table: "prevention_check_task", Columns: "tenant_id, is_deleted, start_time"},
	{Name: "idx_pv_task_state", Table: "prevention_check_task", Columns: "tenant_id, is_deleted, task_state, end_time"},
	{Name: "idx_pv_task_unit", Table: "prevention_check_task", Columns: "tenant_id, is_deleted, unit_id, start_time"},
	{Name: "idx_pv_task_user", Table: "prevention_check_task", Columns: "tenant_id, is_deleted, responsible_user_id, start_time"},
	{Name: "idx_pv_record_task", Table: "prevention_check_record", Columns: "tenant_id, is_deleted, task_id"},
	{Name: "idx_pv_record_time", Table: "prevention_check_record", Columns: "tenant_id, is_deleted, check_time"},
	{Name: "idx_pv_record_unit", Table: "prevention_check_record", Columns: "tenant_id, is_deleted, unit_id, check_time"},
	{Name: "idx_pv_record_status", Table: "prevention_check_record", Columns: "tenant_id, is_deleted, check_status, check_time"},
	{Name: "idx_pv_record_user", Table: "prevention_check_record", Columns: "tenant_id, is_deleted, check_user_id, check_time"},
	{Name: "idx_pv_hazard_page", Table: "prevention_hazard", Columns: "tenant_id, is_deleted, id"},
	{Name: "idx_pv_hazard_state", Table: "prevention_hazard", Columns: "tenant_id, is_deleted, danger_state, deadline"},
	{Name: "idx_pv_hazard_level", Table: "prevention_hazard", Columns: "tenant_id, is_deleted, danger_level, danger_state"},
	{Name: "idx_pv_hazard_src", Table: "prevention_hazard", Columns: "tenant_id, is_deleted, danger_src"},
	{Name: "idx_pv_hazard_mtype", Table: "prevention_hazard", Columns: "tenant_id, is_deleted, danger_manage_type"},
	{Name: "idx_pv_hazard_unit", Table: "prevention_hazard", Columns: "tenant_id, is_deleted, unit_id"},
	{Name: "idx_pv_hazard_user", Table: "prevention_hazard", Columns: "tenant_id, is_deleted, liable_user_id"},
	{Name: "idx_pv_hazard_reporter", Table: "prevention_hazard", Columns: "tenant_id, is_deleted, report_user_id, danger_state, danger_level"},
	{Name: "idx_pv_hazard_overdue", Table: "prevention_hazard", Columns: "tenant_id, is_deleted, overdue, danger_state"},
	{Name: "idx_pv_hazard_report", Table: "prevention_hazard", Columns: "tenant_id, is_deleted, report_time"},
	{Name: "idx_pv_hazard_deadline", Table: "prevention_hazard", Columns: "tenant_id, is_deleted, deadline"},
	{Name: "uk_pv_intake_source", Table: "prevention_hazard_intake", Columns: "tenant_id, source, source_id", Unique: true},
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
