// Package crud is the one CRUD mechanism: a generic repository over a gorm
// model with Blade paging, whitelisted filters and sorting, tenant and data
// scope and logical delete. A service adds only its rules.
package crud

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/schema"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// Spec describes a model to the repository.
type Spec struct {
	// Name is the entity's Chinese name for messages (用户, 角色, ...).
	Name string
	// Filters: filterable fields; Sorts: sortable fields (defaults to Filters).
	Filters paging.Fields
	Sorts   paging.Fields
	// Order is the default ORDER BY.
	Order string
	// Scope applies the caller's data scope: rows are matched on these columns.
	ScopeDept string // e.g. "create_dept" or "dept_id"
	ScopeUser string // e.g. "create_user"
	// CountTTL > 0 remembers page totals per tenant, scope and filters for
	// that long or until this process writes through the repository; other
	// replicas' writes show within CountTTL. For large, often-read lists.
	CountTTL time.Duration
	// DeferredPage reads a page's ids from the index first and then only
	// those rows, so skipping OFFSET rows reads no rows (deep pages of large
	// tables).
	DeferredPage bool
	// ListOmit are columns pages leave out (large texts a list never shows).
	ListOmit []string
}

// Repo is the generic repository of model T (a struct embedding db.Base or db.Plain).
type Repo[T any] struct {
	DB   *gorm.DB
	Spec Spec
	// text holds the columns of string type: a "contains" filter on any
	// other column is an equality (LIKE on a number fails on PostgreSQL).
	text map[string]bool
	// totals remembers page totals when Spec.CountTTL is set.
	totals *totals
}

// New makes a repository.
func New[T any](g *gorm.DB, spec Spec) *Repo[T] {
	if spec.Sorts == nil {
		spec.Sorts = spec.Filters
	}
	if spec.Order == "" {
		spec.Order = "id desc"
	}
	text := map[string]bool{}
	var zero T
	if sch, err := schema.Parse(&zero, &sync.Map{}, g.NamingStrategy); err == nil {
		db.NameEntity(sch.Table, spec.Name)
		for _, f := range sch.Fields {
			if f.DBName != "" && f.FieldType.Kind() == reflect.String {
				text[f.DBName] = true
			}
		}
	}
	r := &Repo[T]{DB: g, Spec: spec, text: text}
	if spec.CountTTL > 0 {
		r.totals = &totals{ttl: spec.CountTTL, m: map[string]total{}}
	}
	return r
}

// Conn is the database (or the transaction in ctx) for model T.
func (r *Repo[T]) Conn(ctx context.Context) *gorm.DB {
	var zero T
	return db.Conn(ctx, r.DB).Model(&zero)
}

// Where builds the filtered query of q, with tenant and data scope.
func (r *Repo[T]) Where(ctx context.Context, q *paging.Query, extra ...func(*gorm.DB) *gorm.DB) (*gorm.DB, error) {
	conds, err := paging.ParseFilters(q.Filters, r.Spec.Filters)
	if err != nil {
		return nil, err
	}
	tx := r.Conn(ctx)
	for _, c := range conds {
		if (c.Op == paging.OpLike || c.Op == paging.OpLikeLeft || c.Op == paging.OpLikeRight) && !r.text[c.Column] {
			c.Op = paging.OpEqual
		}
		tx = Apply(tx, c)
	}
	tx = r.dataScope(ctx, tx)
	for _, fn := range extra {
		tx = fn(tx)
	}
	return tx, nil
}

// Apply adds one condition; the column comes from the whitelist, never the
// request, and values are bound parameters (% and _ typed by a user keep
// their LIKE meaning, as in Blade).
func Apply(tx *gorm.DB, c paging.Cond) *gorm.DB {
	col := clause.Column{Name: c.Column}
	switch c.Op {
	case paging.OpEqual:
		return tx.Where(clause.Eq{Column: col, Value: c.Value})
	case paging.OpNotEqual:
		return tx.Where(clause.Neq{Column: col, Value: c.Value})
	case paging.OpLikeLeft:
		return tx.Where(clause.Like{Column: col, Value: "%" + c.Value.(string)})
	case paging.OpLikeRight:
		return tx.Where(clause.Like{Column: col, Value: c.Value.(string) + "%"})
	case paging.OpGe, paging.OpDateGe:
		return tx.Where(clause.Gte{Column: col, Value: c.Value})
	case paging.OpLe, paging.OpDateLe:
		return tx.Where(clause.Lte{Column: col, Value: c.Value})
	case paging.OpGt:
		return tx.Where(clause.Gt{Column: col, Value: c.Value})
	case paging.OpLt:
		return tx.Where(clause.Lt{Column: col, Value: c.Value})
	case paging.OpNull:
		return tx.Where(clause.Eq{Column: col, Value: nil})
	case paging.OpNotNull:
		return tx.Where(clause.Neq{Column: col, Value: nil})
	default:
		return tx.Where(clause.Like{Column: col, Value: "%" + c.Value.(string) + "%"})
	}
}

func (r *Repo[T]) dataScope(ctx context.Context, tx *gorm.DB) *gorm.DB {
	id := ident.From(ctx)
	if id == nil || id.Super || ident.IsSystem(ctx) {
		return tx
	}
	switch id.DataScope {
	case ident.ScopeSelf:
		if r.Spec.ScopeUser != "" {
			return tx.Where(clause.Eq{Column: clause.Column{Name: r.Spec.ScopeUser}, Value: id.UserID})
		}
	case ident.ScopeDept, ident.ScopeDeptChildren:
		if r.Spec.ScopeDept != "" {
			depts := id.ScopeDepts
			if len(depts) == 0 {
				depts = id.DeptIDs
			}
			if len(depts) == 0 {
				depts = []int64{-1}
			}
			vals := make([]any, len(depts))
			for i, d := range depts {
				vals[i] = d
			}
			return tx.Where(clause.IN{Column: clause.Column{Name: r.Spec.ScopeDept}, Values: vals})
		}
	}
	return tx
}

// Changed forgets remembered totals (after writes made around the repository).
func (r *Repo[T]) Changed() { r.totals.changed() }

// Page lists one page of q.
func (r *Repo[T]) Page(ctx context.Context, q paging.Query) (*paging.Page[T], error) {
	return r.PageWhere(ctx, q)
}

// PageWhere lists one page of q with extra conditions.
func (r *Repo[T]) PageWhere(ctx context.Context, q paging.Query, extra ...func(*gorm.DB) *gorm.DB) (*paging.Page[T], error) {
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	tx, err := r.Where(ctx, &q, extra...)
	if err != nil {
		return nil, err
	}
	total, err := r.pageTotal(ctx, q, tx, len(extra) > 0)
	if err != nil {
		return nil, r.fail(ctx, "count", err)
	}
	p := &paging.Page[T]{Total: total, Size: q.Size, Current: q.Current}
	if total == 0 || int64(q.Offset()) >= total {
		p.Records = []T{}
		return p, nil
	}
	rows := r.order(tx, &q).Offset(q.Offset()).Limit(q.Size)
	if r.Spec.DeferredPage {
		// the ids come from the index alone; MySQL takes no LIMIT inside IN
		// but does inside a derived table
		ids := r.order(tx.Session(&gorm.Session{}).Select("id"), &q).Offset(q.Offset()).Limit(q.Size)
		rows = r.order(r.Conn(ctx).Where("id IN (SELECT id FROM (?) AS page_ids)", ids), &q)
	}
	if len(r.Spec.ListOmit) > 0 {
		rows = rows.Omit(r.Spec.ListOmit...)
	}
	if err := rows.Find(&p.Records).Error; err != nil {
		return nil, r.fail(ctx, "page", err)
	}
	return p, nil
}

// List returns every matching row, up to limit (MaxSize when 0).
func (r *Repo[T]) List(ctx context.Context, q paging.Query, limit int) ([]T, error) {
	return r.ListWhere(ctx, q, limit)
}

// ListWhere is List with extra conditions.
func (r *Repo[T]) ListWhere(ctx context.Context, q paging.Query, limit int, extra ...func(*gorm.DB) *gorm.DB) ([]T, error) {
	tx, err := r.Where(ctx, &q, extra...)
	if err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = paging.MaxSize
	}
	out := []T{}
	if err := r.order(tx, &q).Limit(limit).Find(&out).Error; err != nil {
		return nil, r.fail(ctx, "list", err)
	}
	return out, nil
}

// Each streams every matching row in batches, for exports with bounded memory.
func (r *Repo[T]) Each(ctx context.Context, q paging.Query, max int, fn func(T) error) error {
	return r.EachWhere(ctx, q, max, fn)
}

// EachWhere is Each with extra conditions.
func (r *Repo[T]) EachWhere(ctx context.Context, q paging.Query, max int, fn func(T) error, extra ...func(*gorm.DB) *gorm.DB) error {
	tx, err := r.Where(ctx, &q, extra...)
	if err != nil {
		return err
	}
	const batch = 500
	var lastID int64
	n := 0
	for {
		var rows []T
		// Keyset paging on id keeps every batch an index seek.
		err := tx.Session(&gorm.Session{}).Where("id < ? OR ? = 0", lastID, lastID).Order("id desc").Limit(batch).Find(&rows).Error
		if err != nil {
			return r.fail(ctx, "export", err)
		}
		for _, row := range rows {
			if err := fn(row); err != nil {
				return err
			}
			n++
			if max > 0 && n >= max {
				return nil
			}
		}
		if len(rows) < batch {
			return nil
		}
		lastID = idOf(rows[len(rows)-1])
	}
}

func idOf[T any](v T) int64 {
	if g, ok := any(&v).(interface{ GetID() int64 }); ok {
		return g.GetID()
	}
	return 0
}

func (r *Repo[T]) order(tx *gorm.DB, q *paging.Query) *gorm.DB {
	orders := paging.ParseOrder(q.Ascs, q.Descs, r.Spec.Sorts)
	if len(orders) == 0 {
		return tx.Order(r.Spec.Order)
	}
	for _, o := range orders {
		tx = tx.Order(o)
	}
	return tx
}

// Get finds one row by id within the caller's tenant, or NotFound.
func (r *Repo[T]) Get(ctx context.Context, id int64) (*T, error) {
	var v T
	err := db.Conn(ctx, r.DB).Where("id = ?", id).Take(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, errs.NotFound("%s不存在", r.Spec.Name)
	}
	if err != nil {
		return nil, r.fail(ctx, "get", err)
	}
	return &v, nil
}

// FindBy returns the first row matching a condition (nil when none).
func (r *Repo[T]) FindBy(ctx context.Context, query string, args ...any) (*T, error) {
	var v T
	err := db.Conn(ctx, r.DB).Where(query, args...).Take(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, r.fail(ctx, "find", err)
	}
	return &v, nil
}

// Exists reports whether a row matches, excluding id (for uniqueness checks on update).
func (r *Repo[T]) Exists(ctx context.Context, exceptID int64, query string, args ...any) (bool, error) {
	var n int64
	tx := r.Conn(ctx).Where(query, args...)
	if exceptID != 0 {
		tx = tx.Where("id <> ?", exceptID)
	}
	if err := tx.Limit(1).Count(&n).Error; err != nil {
		return false, r.fail(ctx, "exists", err)
	}
	return n > 0, nil
}

// Create inserts v (id, tenant and audit columns are filled centrally).
func (r *Repo[T]) Create(ctx context.Context, v *T) error {
	defer r.totals.changed()
	if err := db.Conn(ctx, r.DB).Create(v).Error; err != nil {
		if db.IsUniqueViolation(err) {
			return errs.Duplicate("%s已存在", r.Spec.Name)
		}
		return r.fail(ctx, "create", err)
	}
	return nil
}

// Update writes the given columns of row id (tenant-scoped); NotFound when
// no row of the caller's tenant has that id.
func (r *Repo[T]) Update(ctx context.Context, id int64, v *T, columns ...string) error {
	defer r.totals.changed()
	tx := db.Conn(ctx, r.DB).Model(v).Where("id = ?", id)
	if len(columns) > 0 {
		tx = tx.Select(columns)
	} else {
		tx = tx.Select("*").Omit("id", "tenant_id", "create_user", "create_dept", "create_time", "is_deleted")
	}
	res := tx.Updates(v)
	if res.Error != nil {
		if db.IsUniqueViolation(res.Error) {
			return errs.Duplicate("%s已存在", r.Spec.Name)
		}
		return r.fail(ctx, "update", res.Error)
	}
	if res.RowsAffected == 0 {
		return errs.NotFound("%s不存在", r.Spec.Name)
	}
	return nil
}

// UpdateFields sets columns of rows by ids; returns how many changed.
func (r *Repo[T]) UpdateFields(ctx context.Context, ids []int64, values map[string]any) (int64, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	defer r.totals.changed()
	res := r.Conn(ctx).Where("id IN ?", ids).Updates(values)
	if res.Error != nil {
		return 0, r.fail(ctx, "update", res.Error)
	}
	return res.RowsAffected, nil
}

// Remove deletes ids logically; NotFound when none of them is the caller's.
func (r *Repo[T]) Remove(ctx context.Context, ids []int64) error {
	if len(ids) == 0 {
		return errs.BadRequest("请选择至少一条数据")
	}
	n, err := r.UpdateFields(ctx, ids, map[string]any{"is_deleted": 1})
	if err != nil {
		return err
	}
	if n == 0 {
		return errs.NotFound("%s不存在", r.Spec.Name)
	}
	return nil
}

func (r *Repo[T]) fail(ctx context.Context, op string, err error) error {
	if errors.Is(err, db.ErrNoTenant) {
		return errs.Unauthorized("")
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("%s %s: %w", r.Spec.Name, op, err)
}

// Compile-time check that Repo satisfies the biz-facing interface.
var _ paging.Store[struct{ ID int64 }] = (*Repo[struct{ ID int64 }])(nil)
