// Package data implements the contractor service's persistence with gorm
// and its views of blade-system and blade-user.
package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/contractor/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
)

var (
	companySpec = crud.Spec{Name: "承包商单位", Filters: paging.Fields{"id": "id", "name": "name", "creditCode": "credit_code", "category": "category", "risk": "risk",
		"admission": "admission", "blacklisted": "blacklisted"}, Order: "create_time desc, id desc"}
	personSpec = crud.Spec{Name: "承包商人员", Filters: paging.Fields{"id": "id", "companyId": "company_id", "name": "name", "trained": "trained",
		"blacklisted": "blacklisted", "userId": "user_id", "workType": "work_type"}, Order: "create_time desc, id desc"}
	blacklistSpec = crud.Spec{Name: "黑名单", Filters: paging.Fields{"id": "id", "kind": "kind", "targetName": "target_name", "lifted": "lifted", "targetId": "target_id"},
		Order: "create_time desc, id desc"}
)

var indexes = []db.Index{
	{Name: "idx_ct_company_list", Table: "ct_company", Columns: "tenant_id, is_deleted, create_time"},
	{Name: "idx_ct_company_code", Table: "ct_company", Columns: "tenant_id, credit_code"},
	{Name: "idx_ct_company_name", Table: "ct_company", Columns: "tenant_id, name"},
	{Name: "idx_ct_company_category", Table: "ct_company", Columns: "tenant_id, category"},
	{Name: "idx_ct_company_risk", Table: "ct_company", Columns: "tenant_id, risk"},
	{Name: "idx_ct_company_admission", Table: "ct_company", Columns: "tenant_id, admission, blacklisted"},
	{Name: "idx_ct_person_list", Table: "ct_person", Columns: "tenant_id, is_deleted, create_time"},
	{Name: "idx_ct_person_company", Table: "ct_person", Columns: "tenant_id, company_id, is_deleted"},
	{Name: "idx_ct_person_user", Table: "ct_person", Columns: "tenant_id, user_id, is_deleted"},
	{Name: "idx_ct_person_card", Table: "ct_person", Columns: "tenant_id, id_card"},
	{Name: "idx_ct_person_name", Table: "ct_person", Columns: "tenant_id, name"},
	{Name: "idx_ct_person_state", Table: "ct_person", Columns: "tenant_id, trained, blacklisted"},
	{Name: "idx_ct_person_work", Table: "ct_person", Columns: "tenant_id, work_type"},
	{Name: "idx_ct_blacklist_list", Table: "ct_blacklist", Columns: "tenant_id, is_deleted, create_time"},
	{Name: "idx_ct_blacklist_kind", Table: "ct_blacklist", Columns: "tenant_id, kind, lifted"},
	{Name: "idx_ct_blacklist_target", Table: "ct_blacklist", Columns: "tenant_id, target_id"},
	{Name: "idx_ct_blacklist_name", Table: "ct_blacklist", Columns: "tenant_id, target_name"},
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

// NewContractor makes the use cases' repositories and queries over g.
func NewContractor(g *gorm.DB) *biz.Contractor {
	return &biz.Contractor{
		Companies: crud.New[biz.Company](g, companySpec),
		Persons:   crud.New[biz.Person](g, personSpec),
		Blacklist: crud.New[biz.Blacklist](g, blacklistSpec),
		Q:         Queries{DB: g},
		Tx:        db.NewTransactor(g),
	}
}

// Queries implements biz.Queries.
type Queries struct{ DB *gorm.DB }

func (q Queries) PersonsByUser(ctx context.Context, userIDs []int64) ([]biz.Person, error) {
	var out []biz.Person
	if len(userIDs) == 0 {
		return out, nil
	}
	err := db.Conn(ctx, q.DB).Where("user_id IN ?", userIDs).Find(&out).Error
	return out, err
}

func (q Queries) Companies(ctx context.Context, ids []int64) ([]biz.Company, error) {
	var out []biz.Company
	if len(ids) == 0 {
		return out, nil
	}
	err := db.Conn(ctx, q.DB).Where("id IN ?", ids).Find(&out).Error
	return out, err
}

func (q Queries) PersonCounts(ctx context.Context, companyIDs []int64) (map[int64]int32, error) {
	out := map[int64]int32{}
	if len(companyIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		CompanyID int64
		N         int32
	}
	err := db.Conn(ctx, q.DB).Model(&biz.Person{}).Select("company_id, COUNT(*) AS n").Where("company_id IN ?", companyIDs).Group("company_id").Scan(&rows).Error
	for _, r := range rows {
		out[r.CompanyID] = r.N
	}
	return out, err
}

func (q Queries) Train(ctx context.Context, userID int64, at, until time.Time, certNo string) (int64, error) {
	// A later pass extends the training; an older redelivered one changes nothing.
	res := db.Conn(ctx, q.DB).Model(&biz.Person{}).Where("user_id = ? AND (trained_time IS NULL OR trained_time < ?)", userID, at).
		Updates(map[string]any{"trained": true, "trained_time": at, "train_expire": until, "exam_cert_no": certNo})
	return res.RowsAffected, res.Error
}
