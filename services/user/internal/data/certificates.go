package data

import (
	"context"

	"gorm.io/gorm"

	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/paging"
	"anquan/user/internal/biz"
)

var certificateFields = paging.Fields{
	"id": "id", "createTime": "create_time", "updateTime": "update_time", "userId": "user_id", "kind": "kind",
	"certificateNo": "certificate_no", "expireDate": "expire_date", "inOrOut": "in_or_out", "deptId": "dept_id",
}

var guardianFields = paging.Fields{
	"id": "id", "createTime": "create_time", "workType": "work_type", "userId": "user_id",
}

// certificateIndexes serve the filters above. Issue and review dates are
// deliberately not filterable: an index on them would lure SQLite's planner
// away from (tenant, kind, expire date) in the holder semi-join.
var certificateIndexes = []db.Index{
	{Name: "idx_blade_user_cert_tenant_user", Table: "blade_user_certificate", Columns: "tenant_id, user_id, kind"},
	{Name: "idx_blade_user_cert_tenant_kind", Table: "blade_user_certificate", Columns: "tenant_id, kind, expire_date"},
	{Name: "idx_blade_user_cert_tenant_no", Table: "blade_user_certificate", Columns: "tenant_id, certificate_no"},
	{Name: "idx_blade_user_cert_tenant_expire", Table: "blade_user_certificate", Columns: "tenant_id, expire_date"},
	{Name: "idx_blade_user_cert_expire", Table: "blade_user_certificate", Columns: "expire_date, is_deleted"},
	{Name: "idx_blade_user_cert_tenant_io", Table: "blade_user_certificate", Columns: "tenant_id, in_or_out"},
	{Name: "idx_blade_user_cert_tenant_dept", Table: "blade_user_certificate", Columns: "tenant_id, dept_id"},
	{Name: "idx_blade_user_cert_tenant_created", Table: "blade_user_certificate", Columns: "tenant_id, create_time"},
	{Name: "idx_blade_user_guardian_tenant_type", Table: "blade_user_ticket_guardian", Columns: "tenant_id, work_type, user_id"},
	{Name: "idx_blade_user_guardian_tenant_user", Table: "blade_user_ticket_guardian", Columns: "tenant_id, user_id"},
	{Name: "idx_blade_user_cert_notice_once", Table: "blade_user_certificate_notice", Columns: "tenant_id, certificate_id, expire_date, stage", Unique: true},
}

// CertStores builds the certificate repositories.
func CertStores(g *gorm.DB) biz.CertStores {
	return biz.CertStores{
		Certificate: crud.New[biz.Certificate](g, crud.Spec{Name: "证书", Filters: certificateFields}),
		Guardian:    crud.New[biz.Guardian](g, crud.Spec{Name: "监护人配置", Filters: guardianFields}),
		Setting:     crud.New[biz.ExpireSetting](g, crud.Spec{Name: "证书到期提醒", Filters: paging.Fields{"id": "id"}}),
	}
}

// CertQueries implements biz.CertQueries and biz.NoticeQueries.
type CertQueries struct {
	DB    *gorm.DB
	Certs *crud.Repo[biz.Certificate]
	Users *crud.Repo[biz.User]
}

// NewCertQueries binds the queries to a database.
func NewCertQueries(g *gorm.DB) CertQueries {
	return CertQueries{DB: g, Certs: crud.New[biz.Certificate](g, crud.Spec{Name: "证书", Filters: certificateFields, Order: "expire_date asc, id asc"}), Users: UserRepo(g)}
}

var (
	_ biz.CertQueries   = CertQueries{}
	_ biz.NoticeQueries = CertQueries{}
)

// Holders is the one query of a certificate check: the asked users of the
// tenant (the central scope applies to blade_user) each joined with their
// certificates of the kind.
func (q CertQueries) Holders(ctx context.Context, ids []int64, kind string) ([]biz.Holder, error) {
	var rows []biz.Holder
	err := db.Conn(ctx, q.DB).Model(&biz.User{}).
		Select("blade_user.id AS user_id, blade_user.real_name, blade_user.name, blade_user.status AS user_status, "+
			"c.certificate_no, c.issue_date, c.expire_date").
		Joins("LEFT JOIN blade_user_certificate c ON c.user_id = blade_user.id AND c.tenant_id = blade_user.tenant_id AND c.kind = ? AND c.is_deleted = 0", kind).
		Where("blade_user.id IN ?", ids).
		Scan(&rows).Error
	return rows, err
}

// GuardianOf is the one query of a guardian check.
func (q CertQueries) GuardianOf(ctx context.Context, userID int64, workType string) (*biz.GuardianRow, error) {
	var rows []biz.GuardianRow
	err := db.Conn(ctx, q.DB).Model(&biz.User{}).
		Select("blade_user.id AS user_id, blade_user.real_name, blade_user.name, blade_user.status AS user_status, COALESCE(g.id, 0) AS guardian_id").
		Joins("LEFT JOIN blade_user_ticket_guardian g ON g.user_id = blade_user.id AND g.tenant_id = blade_user.tenant_id AND g.work_type = ? AND g.is_deleted = 0", workType).
		Where("blade_user.id = ?", userID).
		Limit(1).Scan(&rows).Error
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return &rows[0], nil
}

func (q CertQueries) CertificatesOf(ctx context.Context, userIDs []int64) ([]biz.Certificate, error) {
	var out []biz.Certificate
	if len(userIDs) == 0 {
		return out, nil
	}
	err := q.Certs.Conn(ctx).Where("user_id IN ?", userIDs).Order("expire_date desc, id").Find(&out).Error
	return out, err
}

func (q CertQueries) DeptCounts(ctx context.Context, userType int32) (map[int64]int, error) {
	var rows []struct {
		MainDeptID int64
		N          int
	}
	tx := q.Users.Conn(ctx).Select("main_dept_id, COUNT(*) AS n").Where("status = ?", biz.StatusNormal)
	if userType != 0 {
		tx = tx.Where("user_type = ?", userType)
	}
	if err := tx.Group("main_dept_id").Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[int64]int, len(rows))
	for _, r := range rows {
		out[r.MainDeptID] = r.N
	}
	return out, nil
}

func (q CertQueries) Expiring(ctx context.Context, query paging.Query, until string) (*paging.Page[biz.Certificate], error) {
	return q.Certs.PageWhere(ctx, query, func(tx *gorm.DB) *gorm.DB { return tx.Where("expire_date <= ?", until) })
}

func (q CertQueries) CountExpiring(ctx context.Context, today, until string) (int64, int64, error) {
	var r struct{ Expired, Expiring int64 }
	err := q.Certs.Conn(ctx).
		Select("COALESCE(SUM(CASE WHEN expire_date < ? THEN 1 ELSE 0 END), 0) AS expired, "+
			"COALESCE(SUM(CASE WHEN expire_date >= ? THEN 1 ELSE 0 END), 0) AS expiring", today, today).
		Where("expire_date <= ?", until).Scan(&r).Error
	return r.Expired, r.Expiring, err
}

func (q CertQueries) Guardians(ctx context.Context, workType string) ([]biz.Guardian, error) {
	var out []biz.Guardian
	tx := db.Conn(ctx, q.DB).Model(&biz.Guardian{})
	if workType != "" {
		tx = tx.Where("work_type = ?", workType)
	}
	err := tx.Order("id").Limit(paging.MaxSize).Find(&out).Error
	return out, err
}

// HolderIDs maps each of ids (certificate or guardian rows, by table)
// found in the caller's tenant to the person it belongs to.
func (q CertQueries) HolderIDs(ctx context.Context, model any, ids []int64) (map[int64]int64, error) {
	out := map[int64]int64{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct{ ID, UserID int64 }
	err := db.Conn(ctx, q.DB).Model(model).Select("id, user_id").Where("id IN ?", ids).Scan(&rows).Error
	for _, r := range rows {
		out[r.ID] = r.UserID
	}
	return out, err
}

// ---- the reminder job (system context: every tenant) ----

func (q CertQueries) AllSettings(ctx context.Context) ([]biz.ExpireSetting, error) {
	var out []biz.ExpireSetting
	err := db.Conn(ctx, q.DB).Model(&biz.ExpireSetting{}).Find(&out).Error
	return out, err
}

func (q CertQueries) Due(ctx context.Context, since, until string, limit int) ([]biz.Certificate, error) {
	var out []biz.Certificate
	err := q.Certs.Conn(ctx).Where("expire_date >= ? AND expire_date <= ?", since, until).Order("expire_date, id").Limit(limit).Find(&out).Error
	return out, err
}

func (q CertQueries) Noticed(ctx context.Context, certIDs []int64) (map[string]bool, error) {
	var rows []biz.ExpiryNotice
	out := map[string]bool{}
	if len(certIDs) == 0 {
		return out, nil
	}
	if err := db.Conn(ctx, q.DB).Model(&biz.ExpiryNotice{}).Where("certificate_id IN ?", certIDs).Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, n := range rows {
		out[biz.NoticeKey(n.CertificateID, n.ExpireDate, n.Stage)] = true
	}
	return out, nil
}

func (q CertQueries) Record(ctx context.Context, n *biz.ExpiryNotice) error {
	return db.Conn(ctx, q.DB).Create(n).Error
}
