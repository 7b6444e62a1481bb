package data

import (
	"context"
	"strconv"

	"gorm.io/gorm"

	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/paging"
	"anquan/user/internal/biz"
)

// Queries implements biz.Queries on the generic user repository, adding
// the biz.Filter conditions to its filtered, tenant- and scope-bound query.
type Queries struct{ Users *crud.Repo[biz.User] }

// NewQueries binds the queries to a database.
func NewQueries(g *gorm.DB) Queries { return Queries{Users: UserRepo(g)} }

// where turns a biz.Filter into conditions.
func where(f biz.Filter) func(*gorm.DB) *gorm.DB {
	return func(tx *gorm.DB) *gorm.DB {
		if len(f.Statuses) > 0 {
			tx = tx.Where("status IN ?", f.Statuses)
		}
		if len(f.IDs) > 0 {
			tx = tx.Where("id IN ?", f.IDs)
		}
		if f.Dept != 0 {
			// The subtree on the indexed main department, or the department
			// itself anywhere in the comma list (a secondary department).
			d := strconv.FormatInt(f.Dept, 10)
			tx = tx.Where("(main_dept_id IN ? OR dept_id = ? OR dept_id LIKE ? OR dept_id LIKE ? OR dept_id LIKE ?)",
				f.Depts, d, d+",%", "%,"+d, "%,"+d+",%")
		}
		return tx
	}
}

func (q Queries) PageUsers(ctx context.Context, query paging.Query, f biz.Filter) (*paging.Page[biz.User], error) {
	return q.Users.PageWhere(ctx, query, where(f))
}

func (q Queries) ListUsers(ctx context.Context, query paging.Query, f biz.Filter, limit int) ([]biz.User, error) {
	return q.Users.ListWhere(ctx, query, limit, where(f))
}

// exportBatch is how many users an export reads at a time.
const exportBatch = 500

// EachUser pages through the matches by id (keyset), so every batch is an
// index seek and memory stays bounded by one batch.
func (q Queries) EachUser(ctx context.Context, query paging.Query, f biz.Filter, max int, fn func(biz.User) error) error {
	query.Ascs, query.Descs = "", "" // keyset paging needs the default order, id desc
	var lastID int64
	n := 0
	for {
		after := func(tx *gorm.DB) *gorm.DB {
			if lastID == 0 {
				return tx
			}
			return tx.Where("id < ?", lastID)
		}
		rows, err := q.Users.ListWhere(ctx, query, exportBatch, where(f), after)
		if err != nil {
			return err
		}
		for _, u := range rows {
			if err := fn(u); err != nil {
				return err
			}
			if n++; max > 0 && n >= max {
				return nil
			}
		}
		if len(rows) < exportBatch {
			return nil
		}
		lastID = rows[len(rows)-1].ID
	}
}

// CreateUser inserts a user. gorm replaces a zero value by the column
// default on insert, so a pending status (0, default 1) is written by an
// update in the same transaction.
func (q Queries) CreateUser(ctx context.Context, u *biz.User) error {
	status := u.Status
	return db.Tx(ctx, q.Users.DB, func(ctx context.Context) error {
		if err := q.Users.Create(ctx, u); err != nil {
			return err
		}
		if u.Status == status {
			return nil
		}
		u.Status = status
		_, err := q.Users.UpdateFields(ctx, []int64{u.ID}, map[string]any{"status": status})
		return err
	})
}

func (q Queries) CountUsers(ctx context.Context) (int64, error) {
	var n int64
	return n, q.Users.Conn(ctx).Count(&n).Error
}
