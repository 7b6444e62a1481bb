package data

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"anquan/desk/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/paging"
)

// readByReader finds the reader's (the one argument) read of the notice
// on the current row; uk_notice_read serves it.
const readByReader = "SELECT 1 FROM blade_notice_read r WHERE r.notice_id = blade_notice.id AND r.user_id = ?"

// Queries implements biz.Queries.
type Queries struct {
	DB *gorm.DB
	// inbox pages notices as a reader sees them (with is_read).
	inbox *crud.Repo[biz.Delivered]
}

// NewQueries binds the queries to the database.
func NewQueries(g *gorm.DB) Queries {
	return Queries{DB: g, inbox: crud.New[biz.Delivered](g, noticeSpec)}
}

// audience is biz.Notice.VisibleTo in SQL: the same rule, applied by the
// database so that no list loads notices its reader cannot see.
func audience(v biz.Viewer) func(*gorm.DB) *gorm.DB {
	return func(tx *gorm.DB) *gorm.DB {
		conds := []string{"scope = ?"}
		args := []any{biz.ScopeTenant}
		member := func(column string, ids ...int64) {
			for _, id := range ids {
				conds = append(conds, column+" LIKE ?")
				args = append(args, "%"+biz.Member(id)+"%")
			}
		}
		member("dept_ids", v.DeptIDs...)
		if v.UserID > 0 {
			member("user_ids", v.UserID)
		}
		member("role_ids", v.RoleIDs...)
		return tx.Where("("+strings.Join(conds, " OR ")+")", args...)
	}
}

// reach selects the notices r reaches.
func reach(r biz.Reach) func(*gorm.DB) *gorm.DB {
	return func(tx *gorm.DB) *gorm.DB {
		tx = audience(r.Viewer)(tx)
		switch {
		case r.Read == nil:
			return tx
		case *r.Read:
			return tx.Where("EXISTS ("+readByReader+")", r.Viewer.UserID)
		default:
			return tx.Where("NOT EXISTS ("+readByReader+")", r.Viewer.UserID)
		}
	}
}

// withIsRead selects the notice and whether the reader read it.
func withIsRead(userID int64) func(*gorm.DB) *gorm.DB {
	return func(tx *gorm.DB) *gorm.DB {
		return tx.Select("blade_notice.*, CASE WHEN EXISTS ("+readByReader+") THEN 1 ELSE 0 END AS is_read", userID)
	}
}

func (q Queries) Page(ctx context.Context, r biz.Reach, pq paging.Query) (*paging.Page[biz.Delivered], error) {
	return q.inbox.PageWhere(ctx, pq, reach(r), withIsRead(r.Viewer.UserID))
}

func (q Queries) Count(ctx context.Context, r biz.Reach) (int64, error) {
	tx, err := q.inbox.Where(ctx, &paging.Query{}, reach(r))
	if err != nil {
		return 0, err
	}
	var n int64
	return n, tx.Count(&n).Error
}

func (q Queries) Visible(ctx context.Context, v biz.Viewer, ids []int64) ([]int64, error) {
	out := []int64{}
	if len(ids) == 0 {
		return out, nil
	}
	err := db.Conn(ctx, q.DB).Model(&biz.Notice{}).Where("id IN ?", ids).Scopes(audience(v)).Pluck("id", &out).Error
	return out, err
}

func (q Queries) MarkRead(ctx context.Context, userID int64, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	now := time.Now().Truncate(time.Second)
	rows := make([]biz.NoticeRead, len(ids))
	for i, id := range ids {
		rows[i] = biz.NoticeRead{NoticeID: id, UserID: userID, ReadTime: now}
	}
	// A read already recorded stays as it was (the first read time counts).
	return db.Conn(ctx, q.DB).Clauses(clause.OnConflict{DoNothing: true}).Create(&rows).Error
}

func (q Queries) AddOnce(ctx context.Context, n *biz.Notice) (bool, error) {
	res := db.Conn(ctx, q.DB).Clauses(clause.OnConflict{DoNothing: true}).Create(n)
	return res.RowsAffected > 0, res.Error
}

func (q Queries) ByIDs(ctx context.Context, ids []int64) ([]biz.Notice, error) {
	out := []biz.Notice{}
	if len(ids) == 0 {
		return out, nil
	}
	return out, db.Conn(ctx, q.DB).Where("id IN ?", ids).Find(&out).Error
}
