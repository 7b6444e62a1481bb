// Package data implements change's persistence with gorm: the generic
// repositories of kit/crud and the queries they cannot express.
package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/change/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
)

var (
	requestSpec = crud.Spec{Name: "变更",
		Filters: paging.Fields{"id": "id", "title": "title", "changeType": "change_type", "attribute": "attribute", "category": "category",
			"constructionNature": "construction_nature", "constructionStatus": "construction_status", "temporary": "temporary",
			"state": "state", "deptId": "dept_id", "expireAt": "expire_at", "createTime": "create_time", "applicantName": "applicant_name"},
		Sorts:    paging.Fields{"createTime": "create_time", "title": "title", "state": "state", "expireAt": "expire_at"},
		Order:    "create_time desc, id desc",
		ListOmit: []string{"risk_analysis"}, CountTTL: 5 * time.Second, DeferredPage: true}
	logSpec    = crud.Spec{Name: "变更记录", Filters: paging.Fields{"changeId": "change_id"}, Order: "create_time asc, id asc"}
	itemSpec   = crud.Spec{Name: "审查项", Filters: paging.Fields{"id": "id", "changeId": "change_id", "kind": "kind", "done": "done"}, Order: "id asc"}
	personSpec = crud.Spec{Name: "告知培训人员", Filters: paging.Fields{"id": "id", "changeId": "change_id", "userId": "user_id", "confirmed": "confirmed"}, Order: "id asc"}
)

// NewRequests ... are the generic repositories.
func NewRequests(g *gorm.DB) *crud.Repo[biz.Request] { return crud.New[biz.Request](g, requestSpec) }
func NewLogs(g *gorm.DB) *crud.Repo[biz.Log]         { return crud.New[biz.Log](g, logSpec) }
func NewItems(g *gorm.DB) *crud.Repo[biz.PssrItem]   { return crud.New[biz.PssrItem](g, itemSpec) }
func NewPeople(g *gorm.DB) *crud.Repo[biz.Person]    { return crud.New[biz.Person](g, personSpec) }

var indexes = []db.Index{
	{Name: "idx_chg_request_created", Table: "change_request", Columns: "tenant_id, create_time"},
	{Name: "idx_chg_request_title", Table: "change_request", Columns: "tenant_id, title"},
	{Name: "idx_chg_request_type", Table: "change_request", Columns: "tenant_id, change_type"},
	{Name: "idx_chg_request_state", Table: "change_request", Columns: "tenant_id, state"},
	{Name: "idx_chg_request_dept", Table: "change_request", Columns: "tenant_id, dept_id"},
	{Name: "idx_chg_request_expire", Table: "change_request", Columns: "temporary, overdue_notified, expire_at"},
	{Name: "idx_chg_log_change", Table: "change_log", Columns: "tenant_id, change_id"},
	{Name: "idx_chg_pssr_change", Table: "change_pssr_item", Columns: "tenant_id, change_id"},
	{Name: "idx_chg_person_change", Table: "change_person", Columns: "tenant_id, change_id, user_id"},
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

func (q Queries) ByIDs(ctx context.Context, dst any, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	return q.conn(ctx).Where("id IN ?", ids).Find(dst).Error
}

func (q Queries) Items(ctx context.Context, changeID int64) ([]biz.PssrItem, error) {
	var out []biz.PssrItem
	return out, q.conn(ctx).Where("change_id = ?", changeID).Order("id asc").Limit(1000).Find(&out).Error
}

func (q Queries) People(ctx context.Context, changeID int64) ([]biz.Person, error) {
	var out []biz.Person
	return out, q.conn(ctx).Where("change_id = ?", changeID).Order("id asc").Limit(1000).Find(&out).Error
}

func (q Queries) Logs(ctx context.Context, changeID int64) ([]biz.Log, error) {
	var out []biz.Log
	return out, q.conn(ctx).Where("change_id = ?", changeID).Order("create_time asc, id asc").Limit(1000).Find(&out).Error
}

func (q Queries) Counts(ctx context.Context, ids []int64) (map[int64][3]int32, error) {
	out := map[int64][3]int32{}
	if len(ids) == 0 {
		return out, nil
	}
	var items []struct {
		ChangeID int64
		Kind     int32
		N        int32
	}
	if err := q.conn(ctx).Model(&biz.PssrItem{}).Select("change_id, kind, count(*) AS n").
		Where("change_id IN ? AND done = ?", ids, false).Group("change_id, kind").Scan(&items).Error; err != nil {
		return nil, err
	}
	for _, r := range items {
		c := out[r.ChangeID]
		if r.Kind == biz.KindMustFix {
			c[0] = r.N
		} else {
			c[1] = r.N
		}
		out[r.ChangeID] = c
	}
	var people []struct {
		ChangeID int64
		N        int32
	}
	if err := q.conn(ctx).Model(&biz.Person{}).Select("change_id, count(*) AS n").
		Where("change_id IN ? AND confirmed = ?", ids, false).Group("change_id").Scan(&people).Error; err != nil {
		return nil, err
	}
	for _, r := range people {
		c := out[r.ChangeID]
		c[2] = r.N
		out[r.ChangeID] = c
	}
	return out, nil
}

func (q Queries) DueTemporary(ctx context.Context, now time.Time, limit int) ([]biz.Request, error) {
	var out []biz.Request
	err := q.conn(ctx).Where("temporary = ? AND overdue_notified = ? AND state <> ? AND expire_at IS NOT NULL AND expire_at < ?",
		true, false, biz.StateClosed, now).Order("expire_at").Limit(limit).Find(&out).Error
	return out, err
}

func (q Queries) FlagNotified(ctx context.Context, id int64) (bool, error) {
	res := q.conn(ctx).Model(&biz.Request{}).Where("id = ? AND overdue_notified = ?", id, false).Update("overdue_notified", true)
	return res.RowsAffected == 1, res.Error
}
