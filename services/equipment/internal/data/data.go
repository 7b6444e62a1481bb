// Package data implements equipment's persistence with gorm (the generic
// repositories of kit/crud) and its look-ups in blade-system and blade-user.
package data

import (
	"context"
	"log/slog"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"anquan/equipment/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
	systemv1 "anquan/proto/blade/system/v1"
)

var equipmentSpec = crud.Spec{Name: "设备",
	Filters: paging.Fields{"code": "code", "name": "name", "category": "category", "ruleId": "rule_id", "areaId": "area_id",
		"responsibleUserId": "responsible_user_id", "lifecycle": "lifecycle", "enable": "enable", "maintainState": "maintain_state", "nextDue": "next_due",
		"maintainMode": "maintain_mode", "hoursDue": "hours_due"},
	Sorts: paging.Fields{"code": "code", "name": "name", "nextDue": "next_due", "createTime": "create_time"},
	Order: "code asc, id asc",
	// Large ledgers (the bench's 100,000 rows): totals remembered briefly,
	// deep pages read their ids from the index first.
	CountTTL: 5 * time.Second, DeferredPage: true}

var ruleSpec = crud.Spec{Name: "检测周期规则", Filters: paging.Fields{"kind": "kind", "name": "name"}, Order: "kind asc, id asc"}

var recordSpec = crud.Spec{Name: "维护检测记录",
	Filters: paging.Fields{"equipmentId": "equipment_id", "equipmentCode": "equipment_code", "equipmentName": "equipment_name", "kind": "kind",
		"result": "result", "recordDate": "record_date", "operatorId": "operator_id"},
	Sorts: paging.Fields{"recordDate": "record_date", "equipmentCode": "equipment_code"},
	Order: "record_date desc, id desc"}

var factorSpec = crud.Spec{Name: "分级系数", Filters: paging.Fields{"kind": "kind", "key": "factor_key", "name": "name"}, Order: "kind asc, factor_key asc, id asc"}

var hazardSpec = crud.Spec{Name: "重大危险源",
	Filters: paging.Fields{"code": "code", "name": "name", "level": "level", "unitType": "unit_type", "areaId": "area_id", "mainUserId": "main_user_id"},
	Sorts:   paging.Fields{"code": "code", "rValue": "r_value", "level": "level"},
	Order:   "code asc, id asc"}

// NewFactors and NewHazards are the major-hazard repositories.
func NewFactors(g *gorm.DB) *crud.Repo[biz.Factor] { return crud.New[biz.Factor](g, factorSpec) }
func NewHazards(g *gorm.DB) *crud.Repo[biz.MajorHazard] {
	return crud.New[biz.MajorHazard](g, hazardSpec)
}

// HazardQueries implements biz.HazardQueries.
type HazardQueries struct{ G *gorm.DB }

func (q HazardQueries) Chemicals(ctx context.Context, hazardID int64) ([]biz.MHChemical, error) {
	var out []biz.MHChemical
	err := db.Conn(ctx, q.G).Where("is_deleted = 0 AND hazard_id = ?", hazardID).Order("seq asc, id asc").Find(&out).Error
	return out, err
}

func (q HazardQueries) RemoveChemicals(ctx context.Context, hazardID int64) error {
	return db.Conn(ctx, q.G).Model(&biz.MHChemical{}).Where("hazard_id = ? AND is_deleted = 0", hazardID).Update("is_deleted", 1).Error
}

func (q HazardQueries) AddChemical(ctx context.Context, c *biz.MHChemical) error {
	return db.Conn(ctx, q.G).Create(c).Error
}

var orderSpec = crud.Spec{Name: "维修工单",
	Filters: paging.Fields{"equipmentId": "equipment_id", "equipmentCode": "equipment_code", "equipmentName": "equipment_name",
		"serviceType": "service_type", "state": "state", "reporterId": "reporter_id", "assigneeId": "assignee_id", "createTime": "create_time"},
	Sorts: paging.Fields{"createTime": "create_time", "state": "state"},
	Order: "create_time desc, id desc"}

var requestSpec = crud.Spec{Name: "设备变更申请",
	Filters: paging.Fields{"kind": "kind", "equipmentId": "equipment_id", "equipmentCode": "equipment_code", "equipmentName": "equipment_name",
		"state": "state", "requesterId": "requester_id", "createTime": "create_time"},
	Sorts: paging.Fields{"createTime": "create_time", "state": "state"},
	Order: "create_time desc, id desc"}

var lockoutSpec = crud.Spec{Name: "停机上锁记录",
	Filters: paging.Fields{"equipmentId": "equipment_id", "equipmentCode": "equipment_code", "equipmentName": "equipment_name",
		"state": "state", "ownerId": "owner_id", "createTime": "create_time"},
	Sorts: paging.Fields{"createTime": "create_time", "state": "state"},
	Order: "create_time desc, id desc"}

var stepSpec = crud.Spec{Name: "隔离点", Filters: paging.Fields{"lockoutId": "lockout_id"}, Sorts: paging.Fields{"seq": "seq"}, Order: "seq asc, id asc"}

var logSpec = crud.Spec{Name: "流转记录", Filters: paging.Fields{"flow": "flow", "objectId": "object_id"},
	Sorts: paging.Fields{"createTime": "create_time"}, Order: "create_time asc, id asc"}

// NewOrders, NewRequests, NewLockouts, NewSteps and NewLogs are the flows' repositories.
func NewOrders(g *gorm.DB) *crud.Repo[biz.ServiceOrder] {
	return crud.New[biz.ServiceOrder](g, orderSpec)
}
func NewRequests(g *gorm.DB) *crud.Repo[biz.Request]  { return crud.New[biz.Request](g, requestSpec) }
func NewLockouts(g *gorm.DB) *crud.Repo[biz.Lockout]  { return crud.New[biz.Lockout](g, lockoutSpec) }
func NewSteps(g *gorm.DB) *crud.Repo[biz.LockoutStep] { return crud.New[biz.LockoutStep](g, stepSpec) }
func NewLogs(g *gorm.DB) *crud.Repo[biz.FlowLog]      { return crud.New[biz.FlowLog](g, logSpec) }

var remindRuleSpec = crud.Spec{Name: "到期提醒规则", Filters: paging.Fields{"kind": "kind"}, Order: "kind asc, id asc"}

var remindNoticeSpec = crud.Spec{Name: "到期提醒", Filters: paging.Fields{"equipmentId": "equipment_id"}, Order: "id asc"}

// NewRemindRules and NewRemindNotices are the reminders' repositories.
func NewRemindRules(g *gorm.DB) *crud.Repo[biz.RemindRule] {
	return crud.New[biz.RemindRule](g, remindRuleSpec)
}
func NewRemindNotices(g *gorm.DB) *crud.Repo[biz.RemindNotice] {
	return crud.New[biz.RemindNotice](g, remindNoticeSpec)
}

// RemindTenants lists the tenants with equipment in use (the reminder job's round).
func RemindTenants(g *gorm.DB) func(ctx context.Context) ([]string, error) {
	return func(ctx context.Context) ([]string, error) {
		var out []string
		err := db.Conn(ident.AsSystem(ctx), g).Model(&biz.Equipment{}).Where("is_deleted = 0 AND lifecycle = ?", biz.LifecycleInUse).
			Distinct().Pluck("tenant_id", &out).Error
		return out, err
	}
}

// NewItems, NewRules and NewRecords are the generic repositories.
var readingSpec = crud.Spec{Name: "运行小时读数",
	Filters: paging.Fields{"equipmentId": "equipment_id", "equipmentCode": "equipment_code", "equipmentName": "equipment_name", "source": "source",
		"counterReset": "reset", "readAt": "read_at"},
	Sorts: paging.Fields{"readAt": "read_at"},
	Order: "read_at desc, id desc"}

// NewReadings is the run-hour readings' repository.
func NewReadings(g *gorm.DB) *crud.Repo[biz.RunReading] {
	return crud.New[biz.RunReading](g, readingSpec)
}

func NewItems(g *gorm.DB) *crud.Repo[biz.Equipment] { return crud.New[biz.Equipment](g, equipmentSpec) }
func NewRules(g *gorm.DB) *crud.Repo[biz.Rule]      { return crud.New[biz.Rule](g, ruleSpec) }
func NewRecords(g *gorm.DB) *crud.Repo[biz.Record]  { return crud.New[biz.Record](g, recordSpec) }

var indexes = []db.Index{
	{Name: "idx_eq_ledger_code", Table: "equipment_ledger", Columns: "tenant_id, code"},
	{Name: "idx_eq_ledger_name", Table: "equipment_ledger", Columns: "tenant_id, name"},
	{Name: "idx_eq_ledger_category", Table: "equipment_ledger", Columns: "tenant_id, category"},
	{Name: "idx_eq_ledger_rule", Table: "equipment_ledger", Columns: "tenant_id, rule_id"},
	{Name: "idx_eq_ledger_area", Table: "equipment_ledger", Columns: "tenant_id, area_id"},
	{Name: "idx_eq_ledger_resp", Table: "equipment_ledger", Columns: "tenant_id, responsible_user_id"},
	{Name: "idx_eq_ledger_due", Table: "equipment_ledger", Columns: "tenant_id, lifecycle, next_due"},
	{Name: "idx_eq_ledger_hours_due", Table: "equipment_ledger", Columns: "tenant_id, lifecycle, hours_due"},
	{Name: "idx_eq_rule_kind", Table: "equipment_rule", Columns: "tenant_id, kind"},
	{Name: "idx_eq_record_equipment", Table: "equipment_record", Columns: "tenant_id, equipment_id, record_date"},
	{Name: "idx_eq_record_date", Table: "equipment_record", Columns: "tenant_id, record_date"},
	{Name: "idx_eq_record_kind", Table: "equipment_record", Columns: "tenant_id, kind, record_date"},
	{Name: "idx_eq_record_code", Table: "equipment_record", Columns: "tenant_id, equipment_code"},
	{Name: "idx_eq_factor_key", Table: "equipment_mh_factor", Columns: "tenant_id, factor_key"},
	{Name: "idx_eq_factor_kind", Table: "equipment_mh_factor", Columns: "tenant_id, kind"},
	{Name: "idx_eq_mh_code", Table: "equipment_major_hazard", Columns: "tenant_id, code"},
	{Name: "idx_eq_mh_name", Table: "equipment_major_hazard", Columns: "tenant_id, name"},
	{Name: "idx_eq_mh_level", Table: "equipment_major_hazard", Columns: "tenant_id, level"},
	{Name: "idx_eq_mh_area", Table: "equipment_major_hazard", Columns: "tenant_id, area_id"},
	{Name: "idx_eq_mh_main", Table: "equipment_major_hazard", Columns: "tenant_id, main_user_id"},
	{Name: "idx_eq_mh_unit", Table: "equipment_major_hazard", Columns: "tenant_id, unit_type"},
	{Name: "idx_eq_mh_chemical", Table: "equipment_mh_chemical", Columns: "tenant_id, hazard_id"},
	{Name: "idx_eq_so_time", Table: "equipment_service_order", Columns: "tenant_id, create_time"},
	{Name: "idx_eq_so_equipment", Table: "equipment_service_order", Columns: "tenant_id, equipment_id"},
	{Name: "idx_eq_so_code", Table: "equipment_service_order", Columns: "tenant_id, equipment_code"},
	{Name: "idx_eq_so_name", Table: "equipment_service_order", Columns: "tenant_id, equipment_name"},
	{Name: "idx_eq_so_type", Table: "equipment_service_order", Columns: "tenant_id, service_type"},
	{Name: "idx_eq_so_state", Table: "equipment_service_order", Columns: "tenant_id, state"},
	{Name: "idx_eq_so_reporter", Table: "equipment_service_order", Columns: "tenant_id, reporter_id"},
	{Name: "idx_eq_so_assignee", Table: "equipment_service_order", Columns: "tenant_id, assignee_id"},
	{Name: "idx_eq_so_dept", Table: "equipment_service_order", Columns: "tenant_id, create_dept"},
	{Name: "idx_eq_rq_kind", Table: "equipment_request", Columns: "tenant_id, kind, create_time"},
	{Name: "idx_eq_rq_equipment", Table: "equipment_request", Columns: "tenant_id, equipment_id, kind, state"},
	{Name: "idx_eq_rq_code", Table: "equipment_request", Columns: "tenant_id, equipment_code"},
	{Name: "idx_eq_rq_name", Table: "equipment_request", Columns: "tenant_id, equipment_name"},
	{Name: "idx_eq_rq_state", Table: "equipment_request", Columns: "tenant_id, kind, state"},
	{Name: "idx_eq_rq_requester", Table: "equipment_request", Columns: "tenant_id, requester_id"},
	{Name: "idx_eq_rq_dept", Table: "equipment_request", Columns: "tenant_id, create_dept"},
	{Name: "idx_eq_lo_time", Table: "equipment_lockout", Columns: "tenant_id, create_time"},
	{Name: "idx_eq_lo_equipment", Table: "equipment_lockout", Columns: "tenant_id, equipment_id, state"},
	{Name: "idx_eq_lo_code", Table: "equipment_lockout", Columns: "tenant_id, equipment_code"},
	{Name: "idx_eq_lo_name", Table: "equipment_lockout", Columns: "tenant_id, equipment_name"},
	{Name: "idx_eq_lo_state", Table: "equipment_lockout", Columns: "tenant_id, state"},
	{Name: "idx_eq_lo_owner", Table: "equipment_lockout", Columns: "tenant_id, owner_id"},
	{Name: "idx_eq_lo_dept", Table: "equipment_lockout", Columns: "tenant_id, create_dept"},
	{Name: "idx_eq_lo_step", Table: "equipment_lockout_step", Columns: "tenant_id, lockout_id, seq"},
	{Name: "idx_eq_flow_log", Table: "equipment_flow_log", Columns: "tenant_id, flow, object_id"},
	{Name: "idx_eq_remind_rule", Table: "equipment_remind_rule", Columns: "tenant_id, kind"},
	{Name: "idx_eq_reading_equipment", Table: "equipment_run_reading", Columns: "tenant_id, equipment_id, read_at"},
	{Name: "idx_eq_reading_time", Table: "equipment_run_reading", Columns: "tenant_id, read_at"},
	{Name: "uk_eq_remind_notice", Table: "equipment_remind_notice", Columns: "equipment_id, kind, due_date, stage", Unique: true},
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

// Roles implements biz.Roles over blade-system.
type Roles struct{ C systemv1.SystemInternalClient }

func (r Roles) Aliases(ctx context.Context, id *ident.Identity) ([]string, error) {
	if len(id.RoleIDs) == 0 {
		return nil, nil // no ids would list every role of the tenant
	}
	rs, err := r.C.GetRoles(ctx, &systemv1.RoleIdsQuery{TenantId: id.TenantID, RoleIds: ident.JoinIDs(id.RoleIDs)})
	if err != nil {
		return nil, closed(err, "blade-system GetRoles")
	}
	out := make([]string, 0, len(rs.Items))
	for _, x := range rs.Items {
		out = append(out, x.RoleAlias)
	}
	return out, nil
}

// closed fails a check closed: the call is refused with 503, never let through.
func closed(err error, what string) error {
	slog.Warn("equipment: a check could not be made", "call", what, "err", err)
	return status.Error(codes.Unavailable, "权限校验服务暂不可用,请稍后重试")
}

// DueQueries implements biz.DueQueries.
type DueQueries struct{ G *gorm.DB }

// DuePage reads the due list in one query: the two conditions are served
// by idx_eq_ledger_due (tenant_id, lifecycle, next_due) and
// idx_eq_ledger_hours_due (tenant_id, lifecycle, hours_due), which every
// engine combines for an OR; the list is short (what is due), so its order
// is sorted, not read from an index.
func (q DueQueries) DuePage(ctx context.Context, today, until string, current, size int) (*paging.Page[biz.Equipment], error) {
	pq := paging.Query{Current: current, Size: size}
	if err := pq.Normalize(); err != nil {
		return nil, err
	}
	tx := db.Conn(ctx, q.G).Model(&biz.Equipment{}).
		Where("is_deleted = 0 AND lifecycle = ? AND ((next_due >= ? AND next_due <= ?) OR hours_due >= ?)", biz.LifecycleInUse, "1900-01-01", until, biz.DueSoon)
	p := &paging.Page[biz.Equipment]{Size: pq.Size, Current: pq.Current, Records: []biz.Equipment{}}
	if err := tx.Session(&gorm.Session{}).Count(&p.Total).Error; err != nil {
		return nil, err
	}
	if p.Total == 0 || int64(pq.Offset()) >= p.Total {
		return p, nil
	}
	order := clause.Expr{SQL: "CASE WHEN hours_due = ? OR (next_due >= ? AND next_due < ?) THEN 0 ELSE 1 END, next_due asc, id asc",
		Vars: []any{biz.DueOverdue, "1900-01-01", today}}
	err := tx.Order(clause.OrderBy{Expression: order}).Offset(pq.Offset()).Limit(pq.Size).Find(&p.Records).Error
	return p, err
}
