package data

import (
	"context"
	"strconv"
	"strings"

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
		if f.Holding != "" {
			// An uncorrelated semi-join on the certificate index (tenant,
			// kind, expire date), evaluated once rather than per user; the
			// central tenant scope cannot reach into a raw subquery, so the
			// tenant is bound explicitly.
			sub := "SELECT c.user_id FROM blade_user_certificate c WHERE c.tenant_id = ? AND c.kind = ? AND c.is_deleted = 0"
			args := []any{f.HoldingTenant, f.Holding}
			if f.HoldingOn != "" {
				sub += " AND c.issue_date <= ? AND c.expire_date >= ?"
				args = append(args, f.HoldingOn, f.HoldingOn)
			}
			tx = tx.Where("blade_user.id IN ("+sub+")", args...)
		}
		if g := f.Groups; g != nil {
			// The main department on its index, or a role or a post anywhere in its comma list.
			or, args := []string{}, []any{}
			if len(g.Depts) > 0 {
				or, args = append(or, "main_dept_id IN ?"), append(args, g.Depts)
			}
			for _, r := range g.Roles {
				cond, in := inCommaList("role_id", r)
				or, args = append(or, cond), append(args, in...)
			}
			for _, p := range g.Posts {
				cond, in := inCommaList("post_id", p)
				or, args = append(or, cond), append(args, in...)
			}
			if len(or) == 0 {
				or = append(or, "1 = 0")
			}
			tx = tx.Where("("+strings.Join(or, " OR ")+")", args...)
		}
		if f.Dept != 0 {
			// The subtree on the indexed main department, or the department
			// itself anywhere in the comma list (a secondary department).
			cond, in := inCommaList("dept_id", f.Dept)
			tx = tx.Where("(main_dept_id IN ? OR "+cond+")", append([]any{f.Depts}, in...)...)
		}
		return tx
	}
}

// inCommaList is the condition "id is one of the comma list in column" (blade keeps a user's
// roles and departments as "1,2,3"): the whole value, first, last or in the middle, so 12 never
// matches 112 or 123. col is a constant of this file, never input.
func inCommaList(col string, id int64) (string, []any) {
	v := strconv.FormatInt(id, 10)
	return "(" + col + " = ? OR " + col + " LIKE ? OR " + col + " LIKE ? OR " + col + " LIKE ?)", []any{v, v + ",%", "%," + v, "%," + v + ",%"}
}

func (q Queries) PageUsers(ctx context.Context, query paging.Query, f biz.Filter) (*paging.Page[biz.User], error) {
	return q.Users.PageWhere(ctx, query, where(f))
}

func (q Queries) ListUsers(ctx context.Context, query paging.Query, f biz.Filter, limit int) ([]biz.User, error) {
	return q.Users.ListWhere(ctx, query, limit, where(f))
}

// EachUser streams the matches in keyset batches (kit/crud), so memory
// stays bounded by one batch.
func (q Queries) EachUser(ctx context.Context, query paging.Query, f biz.Filter, max int, fn func(biz.User) error) error {
	return q.Users.EachWhere(ctx, query, max, fn, where(f))
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
