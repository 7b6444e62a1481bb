// Package data implements blade-flow's persistence with gorm: the generic
// repositories of kit/crud plus the candidate and history queries.
package data

import (
	"context"

	"gorm.io/gorm"

	"anquan/flow/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
)

var modelSpec = crud.Spec{
	Name:    "流程配置",
	Filters: paging.Fields{"modelKey": "model_key", "name": "name", "status": "status"},
	Order:   "model_key asc, id asc",
}

var instanceSpec = crud.Spec{
	Name: "流程实例",
	Filters: paging.Fields{
		"title": "title", "modelKey": "model_key", "businessTable": "business_table",
		"state": "state", "createTime": "create_time",
	},
	Order: "update_time desc, id desc",
}

var commentSpec = crud.Spec{Name: "审批记录", Filters: paging.Fields{}, Order: "create_time asc, id asc"}

// NewModels / NewInstances / NewComments are the generic repositories.
func NewModels(g *gorm.DB) *crud.Repo[biz.Model] { return crud.New[biz.Model](g, modelSpec) }
func NewInstances(g *gorm.DB) *crud.Repo[biz.Instance] {
	return crud.New[biz.Instance](g, instanceSpec)
}
func NewComments(g *gorm.DB) *crud.Repo[biz.Comment] { return crud.New[biz.Comment](g, commentSpec) }

// indexes serve every list filter and the to-do/done look-ups within a tenant.
// title is searched with a leading wildcard, which no index serves.
var indexes = []db.Index{
	{Name: "idx_flow_model_key", Table: "flow_model", Columns: "tenant_id, model_key, is_deleted"},
	{Name: "idx_flow_model_name", Table: "flow_model", Columns: "tenant_id, name"},
	{Name: "idx_flow_model_status", Table: "flow_model", Columns: "tenant_id, status"},
	{Name: "idx_flow_inst_business", Table: "flow_instance", Columns: "tenant_id, business_table, business_id, state"},
	{Name: "idx_flow_inst_key", Table: "flow_instance", Columns: "tenant_id, model_key"},
	{Name: "idx_flow_inst_state", Table: "flow_instance", Columns: "tenant_id, state, update_time"},
	{Name: "idx_flow_inst_create", Table: "flow_instance", Columns: "tenant_id, create_time"},
	{Name: "idx_flow_inst_update", Table: "flow_instance", Columns: "tenant_id, update_time"},
	{Name: "idx_flow_comment_inst", Table: "flow_comment", Columns: "instance_id, create_time"},
	// to-do and done lists read these covering indexes only (see pageBy)
	{Name: "idx_flow_comment_signed", Table: "flow_comment", Columns: "tenant_id, user_id, action, id, instance_id"},
	{Name: "idx_flow_cand_todo", Table: "flow_candidate", Columns: "tenant_id, who, id, instance_id"},
	{Name: "idx_flow_cand_inst", Table: "flow_candidate", Columns: "tenant_id, instance_id"},
}

// Migrate creates the tables and their indexes from the models: the source
// of truth of the versioned migrations (Migrations), not run at start.
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

// Store implements biz.Store.
type Store struct {
	DB        *gorm.DB
	Instances *crud.Repo[biz.Instance]
}

func NewStore(g *gorm.DB, inst *crud.Repo[biz.Instance]) *Store {
	return &Store{DB: g, Instances: inst}
}

func (s *Store) conn(ctx context.Context) *gorm.DB { return db.Conn(ctx, s.DB) }

func (s *Store) ModelsFor(ctx context.Context, keys []string) ([]biz.Model, error) {
	var out []biz.Model
	err := s.conn(ctx).Where("model_key IN ? AND status = 1", keys).Find(&out).Error
	return out, err
}

func (s *Store) Advance(ctx context.Context, in *biz.Instance, from int32) (bool, error) {
	res := s.conn(ctx).Model(&biz.Instance{}).
		Where("id = ? AND version = ? AND state = ?", in.ID, from, biz.InProcess).
		Updates(map[string]any{"state": in.State, "step_index": in.StepIndex, "version": from + 1})
	return res.RowsAffected == 1, res.Error
}

func (s *Store) SetCandidates(ctx context.Context, instanceID int64, step *biz.Step) error {
	if err := s.conn(ctx).Where("instance_id = ?", instanceID).Delete(&biz.Candidate{}).Error; err != nil {
		return err
	}
	if step == nil {
		return nil
	}
	var rows []biz.Candidate
	for _, r := range step.Roles {
		rows = append(rows, biz.Candidate{InstanceID: instanceID, Who: biz.RoleWho(r)})
	}
	for _, u := range step.Users {
		rows = append(rows, biz.Candidate{InstanceID: instanceID, Who: biz.UserWho(u)})
	}
	if len(rows) == 0 {
		return nil
	}
	return s.conn(ctx).Create(&rows).Error
}

func (s *Store) Comments(ctx context.Context, instanceID int64) ([]biz.Comment, error) {
	var out []biz.Comment
	err := s.conn(ctx).Where("instance_id = ?", instanceID).Order("create_time asc, id asc").Find(&out).Error
	return out, err
}

// Todo pages the caller's to-dos from the candidate index alone (newest
// arrival at the current step first), then reads just that page of
// instances: the cost follows the page, not the tenant's instance count.
// Filters (title, process key) take the joined query, bounded by the
// caller's to-dos.
func (s *Store) Todo(ctx context.Context, aliases []string, userID int64, q paging.Query) (*paging.Page[biz.Instance], error) {
	// One IN over one column: an OR of two conditions would make the
	// planner scan instead of using the covering index.
	who := []string{biz.UserWho(userID)}
	for _, a := range aliases {
		who = append(who, biz.RoleWho(a))
	}
	mine := func() *gorm.DB { return s.conn(ctx).Model(&biz.Candidate{}).Where("who IN ?", who) }
	if len(q.Filters) > 0 {
		return s.Instances.PageWhere(ctx, q, func(tx *gorm.DB) *gorm.DB { return tx.Where("id IN (?)", mine().Select("instance_id")) })
	}
	return s.pageBy(ctx, q, mine())
}

// Done pages the instances the caller signed, from the history index
// (most recent signature first).
func (s *Store) Done(ctx context.Context, userID int64, q paging.Query) (*paging.Page[biz.Instance], error) {
	signed := s.conn(ctx).Model(&biz.Comment{}).Where("user_id = ? AND action IN ?", userID, []string{biz.ActPass, biz.ActReject})
	if len(q.Filters) > 0 {
		sub := signed.Select("instance_id")
		return s.Instances.PageWhere(ctx, q, func(tx *gorm.DB) *gorm.DB { return tx.Where("id IN (?)", sub) })
	}
	return s.pageBy(ctx, q, signed)
}

// pageBy pages the distinct instance_id of rows (tenant-scoped by the
// central scope) by their newest row id (ids are time-ordered), reading the
// covering index in id order and stopping once the page is full (a caller
// may match one instance twice, by role and by name), then loads those
// instances in one query. No GROUP BY: planners answer it by walking the
// instance_id index of the whole tenant.
func (s *Store) pageBy(ctx context.Context, q paging.Query, rows *gorm.DB) (*paging.Page[biz.Instance], error) {
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	p := &paging.Page[biz.Instance]{Size: q.Size, Current: q.Current, Records: []biz.Instance{}}
	if err := rows.Session(&gorm.Session{}).Distinct("instance_id").Count(&p.Total).Error; err != nil {
		return nil, err
	}
	if p.Total == 0 || int64(q.Offset()) >= p.Total {
		return p, nil
	}
	cur, err := rows.Session(&gorm.Session{}).Select("instance_id").Order("id DESC").Rows()
	if err != nil {
		return nil, err
	}
	seen := map[int64]bool{}
	var ids []int64
	for cur.Next() && len(seen) < q.Offset()+q.Size {
		var id int64
		if err := cur.Scan(&id); err != nil {
			_ = cur.Close() // the scan error is the one returned
			return nil, err
		}
		if !seen[id] {
			seen[id] = true
			if len(seen) > q.Offset() {
				ids = append(ids, id)
			}
		}
	}
	if err := cur.Close(); err != nil {
		return nil, err
	}
	var found []biz.Instance
	if err := s.conn(ctx).Where("id IN ?", ids).Find(&found).Error; err != nil {
		return nil, err
	}
	byID := make(map[int64]biz.Instance, len(found))
	for _, in := range found {
		byID[in.ID] = in
	}
	for _, id := range ids {
		if in, ok := byID[id]; ok {
			p.Records = append(p.Records, in)
		}
	}
	return p, nil
}
