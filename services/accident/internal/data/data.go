// Package data implements accident's persistence with gorm: the generic
// repositories of kit/crud and the queries they cannot express.
package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/accident/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
)

var (
	ruleSpec   = crud.Spec{Name: "事故规则", Filters: paging.Fields{"code": "code"}, Order: "code asc, version desc"}
	reportSpec = crud.Spec{Name: "事故",
		Filters: paging.Fields{"id": "id", "title": "title", "place": "place", "accidentType": "accident_type", "cause": "cause", "grade": "grade",
			"state": "state", "occurredAt": "occurred_at", "deptId": "dept_id"},
		Sorts:    paging.Fields{"occurredAt": "occurred_at", "grade": "grade", "title": "title"},
		Order:    "occurred_at desc, id desc",
		ListOmit: []string{"description", "investigation_report"}, CountTTL: 5 * time.Second, DeferredPage: true}
	supplementSpec = crud.Spec{Name: "事故补报", Filters: paging.Fields{"accidentId": "accident_id"}, Order: "create_time desc, id desc"}
	actionSpec     = crud.Spec{Name: "整改措施",
		Filters: paging.Fields{"id": "id", "accidentId": "accident_id", "state": "state", "responsibleUserId": "responsible_user_id", "deadline": "deadline"},
		Order:   "accident_id desc, id asc"}
	nearMissSpec = crud.Spec{Name: "未遂事件",
		Filters: paging.Fields{"id": "id", "title": "title", "place": "place", "potentialType": "potential_type", "cause": "cause", "occurredAt": "occurred_at"},
		Sorts:   paging.Fields{"occurredAt": "occurred_at", "title": "title"},
		Order:   "occurred_at desc, id desc", CountTTL: 5 * time.Second, DeferredPage: true}
)

// NewRules ... are the generic repositories.
func NewRules(g *gorm.DB) *crud.Repo[biz.Rule]       { return crud.New[biz.Rule](g, ruleSpec) }
func NewReports(g *gorm.DB) *crud.Repo[biz.Accident] { return crud.New[biz.Accident](g, reportSpec) }
func NewSupplements(g *gorm.DB) *crud.Repo[biz.Supplement] {
	return crud.New[biz.Supplement](g, supplementSpec)
}
func NewActions(g *gorm.DB) *crud.Repo[biz.Action] { return crud.New[biz.Action](g, actionSpec) }
func NewNearMisses(g *gorm.DB) *crud.Repo[biz.NearMiss] {
	return crud.New[biz.NearMiss](g, nearMissSpec)
}

var indexes = []db.Index{
	{Name: "uk_acc_rule_version", Table: "accident_rule", Columns: "tenant_id, code, version", Unique: true},
	{Name: "idx_acc_report_occurred", Table: "accident_report", Columns: "tenant_id, occurred_at"},
	{Name: "idx_acc_report_title", Table: "accident_report", Columns: "tenant_id, title"},
	{Name: "idx_acc_report_place", Table: "accident_report", Columns: "tenant_id, place"},
	{Name: "idx_acc_report_type", Table: "accident_report", Columns: "tenant_id, accident_type, occurred_at"},
	{Name: "idx_acc_report_cause", Table: "accident_report", Columns: "tenant_id, cause"},
	{Name: "idx_acc_report_grade", Table: "accident_report", Columns: "tenant_id, grade"},
	{Name: "idx_acc_report_state", Table: "accident_report", Columns: "tenant_id, state"},
	{Name: "idx_acc_report_dept", Table: "accident_report", Columns: "tenant_id, dept_id"},
	{Name: "idx_acc_supplement", Table: "accident_supplement", Columns: "tenant_id, accident_id"},
	{Name: "idx_acc_action_accident", Table: "accident_action", Columns: "tenant_id, accident_id, state"},
	{Name: "idx_acc_action_state", Table: "accident_action", Columns: "tenant_id, state"},
	{Name: "idx_acc_action_user", Table: "accident_action", Columns: "tenant_id, responsible_user_id"},
	{Name: "idx_acc_action_deadline", Table: "accident_action", Columns: "tenant_id, deadline"},
	{Name: "idx_acc_nearmiss_occurred", Table: "accident_near_miss", Columns: "tenant_id, occurred_at"},
	{Name: "idx_acc_nearmiss_title", Table: "accident_near_miss", Columns: "tenant_id, title"},
	{Name: "idx_acc_nearmiss_place", Table: "accident_near_miss", Columns: "tenant_id, place"},
	{Name: "idx_acc_nearmiss_type", Table: "accident_near_miss", Columns: "tenant_id, potential_type"},
	{Name: "idx_acc_nearmiss_cause", Table: "accident_near_miss", Columns: "tenant_id, cause"},
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

func (q Queries) conn(ctx context.Context) *gorm.DB { return db.Conn(ctx, q.G).Where("is_deleted = 0") }

func (q Queries) Rules(ctx context.Context, code string) ([]biz.Rule, error) {
	var out []biz.Rule
	tx := q.conn(ctx)
	if code != "" {
		tx = tx.Where("code = ?", code)
	}
	return out, tx.Order("code asc, version desc").Limit(10000).Find(&out).Error
}

func (q Queries) Supplements(ctx context.Context, accidentID int64) ([]biz.Supplement, error) {
	var out []biz.Supplement
	return out, q.conn(ctx).Where("accident_id = ?", accidentID).Order("create_time desc, id desc").Limit(1000).Find(&out).Error
}

func (q Queries) OpenActions(ctx context.Context, accidentIDs []int64) (map[int64]int32, error) {
	out := map[int64]int32{}
	if len(accidentIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		AccidentID int64
		N          int32
	}
	err := q.conn(ctx).Model(&biz.Action{}).Select("accident_id, count(*) AS n").
		Where("accident_id IN ? AND state = ?", accidentIDs, biz.ActionOpen).Group("accident_id").Scan(&rows).Error
	for _, r := range rows {
		out[r.AccidentID] = r.N
	}
	return out, err
}

func (q Queries) Titles(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID    int64
		Title string
	}
	err := q.conn(ctx).Model(&biz.Accident{}).Select("id, title").Where("id IN ?", ids).Scan(&rows).Error
	for _, r := range rows {
		out[r.ID] = r.Title
	}
	return out, err
}

func (q Queries) ByIDs(ctx context.Context, dst any, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	return q.conn(ctx).Where("id IN ?", ids).Find(dst).Error
}

// Year reads the year's accidents (only the counted columns) and counts its
// near misses. Why rows and not GROUP BY: a tenant records tens of accidents
// a year, the month is taken in the plant's zone (China time), which the
// three dialects extract differently, and one indexed range read of a few
// narrow rows costs less than four grouped queries. The limit bounds memory
// if a tenant ever imports a flood of records.
func (q Queries) Year(ctx context.Context, from, to time.Time) ([]biz.Accident, int64, error) {
	var out []biz.Accident
	if err := q.conn(ctx).Select("id, accident_type, cause, grade, occurred_at, deaths, serious_injuries, minor_injuries, direct_loss").
		Where("occurred_at >= ? AND occurred_at < ?", from, to).Limit(100000).Find(&out).Error; err != nil {
		return nil, 0, err
	}
	var n int64
	err := q.conn(ctx).Model(&biz.NearMiss{}).Where("occurred_at >= ? AND occurred_at < ?", from, to).Count(&n).Error
	return out, n, err
}
