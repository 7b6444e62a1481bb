// Package paging holds the transport- and gorm-free shapes of the one CRUD
// mechanism: Blade list queries, pages, filters and the Store interface that
// biz layers depend on (kit/crud implements it over gorm).
package paging

import (
	"context"
	"strings"
	"time"

	"anquan/kit/errs"
	"anquan/kit/timefmt"
)

// MaxSize caps a page.
const MaxSize = 1000

// Query is a Blade list request, free of transport types so biz can use it.
type Query struct {
	Current int
	Size    int
	Ascs    string
	Descs   string
	Filters map[string]string
}

// Normalize applies defaults and refuses nonsense paging values.
func (q *Query) Normalize() error {
	if q.Current < 0 || q.Size < 0 {
		return errs.BadRequest("分页参数错误: current 与 size 不能为负数")
	}
	if q.Current == 0 {
		q.Current = 1
	}
	if q.Size == 0 {
		q.Size = 10
	}
	if q.Size > MaxSize {
		q.Size = MaxSize
	}
	return nil
}

// Offset of the page.
func (q *Query) Offset() int { return (q.Current - 1) * q.Size }

// Page is the result of a paged list.
type Page[T any] struct {
	Records []T
	Total   int64
	Size    int
	Current int
}

// Pages is ceil(total/size).
func (p *Page[T]) Pages() int {
	if p.Size <= 0 {
		return 0
	}
	return int((p.Total + int64(p.Size) - 1) / int64(p.Size))
}

// Op is a filter operator selected by a key suffix.
type Op string

const (
	OpLike      Op = "like"
	OpEqual     Op = "equal"
	OpNotEqual  Op = "notequal"
	OpLikeLeft  Op = "likeleft"
	OpLikeRight Op = "likeright"
	OpGe        Op = "ge"
	OpLe        Op = "le"
	OpGt        Op = "gt"
	OpLt        Op = "lt"
	OpDateGe    Op = "datege"
	OpDateLe    Op = "datele"
	OpNull      Op = "null"
	OpNotNull   Op = "notnull"
)

var suffixes = []Op{OpNotEqual, OpEqual, OpLikeLeft, OpLikeRight, OpLike, OpDateGe, OpDateLe, OpGe, OpLe, OpGt, OpLt, OpNotNull, OpNull}

// Cond is one parsed filter.
type Cond struct {
	Column string
	Op     Op
	Value  any
}

// Fields whitelists the filterable and sortable fields of a model: the
// camelCase name on the wire to the column. Anything else is ignored.
type Fields map[string]string

// ParseFilters turns Blade filter keys into conditions, keeping only
// whitelisted fields; values that cannot be read for their operator are
// refused with a 400.
func ParseFilters(filters map[string]string, fields Fields) ([]Cond, error) {
	var out []Cond
	for key, val := range filters {
		name, op := splitKey(key)
		col, ok := fields[name]
		if !ok {
			continue
		}
		if op != OpNull && op != OpNotNull && strings.TrimSpace(val) == "" {
			continue
		}
		c := Cond{Column: col, Op: op, Value: val}
		switch op {
		case OpDateGe, OpDateLe:
			t, ok := timefmt.Parse(val)
			if !ok {
				return nil, errs.BadRequest("筛选条件 %s 的日期格式错误", key)
			}
			if op == OpDateLe && len(strings.TrimSpace(val)) <= 10 {
				t = t.Add(24*time.Hour - time.Second)
			}
			c.Value = t
		}
		out = append(out, c)
	}
	return out, nil
}

func splitKey(key string) (string, Op) {
	if i := strings.LastIndexByte(key, '_'); i > 0 {
		suf := Op(strings.ToLower(key[i+1:]))
		for _, s := range suffixes {
			if s == suf {
				return key[:i], s
			}
		}
	}
	return key, OpLike
}

// ParseOrder reads ascs/descs comma lists, keeping whitelisted fields.
func ParseOrder(ascs, descs string, fields Fields) []string {
	var out []string
	add := func(list, dir string) {
		for _, f := range strings.Split(list, ",") {
			f = strings.TrimSpace(f)
			if f == "" {
				continue
			}
			if col, ok := fields[f]; ok {
				out = append(out, col+" "+dir)
			} else if col, ok := fields[snakeToCamel(f)]; ok {
				out = append(out, col+" "+dir)
			}
		}
	}
	add(ascs, "asc")
	add(descs, "desc")
	return out
}

func snakeToCamel(s string) string {
	var b strings.Builder
	up := false
	for _, r := range s {
		if r == '_' {
			up = true
			continue
		}
		if up && r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		up = false
		b.WriteRune(r)
	}
	return b.String()
}

// Store is the generic repository a biz layer uses for one model.
type Store[T any] interface {
	Page(ctx context.Context, q Query) (*Page[T], error)
	List(ctx context.Context, q Query, limit int) ([]T, error)
	Each(ctx context.Context, q Query, max int, fn func(T) error) error
	Get(ctx context.Context, id int64) (*T, error)
	FindBy(ctx context.Context, query string, args ...any) (*T, error)
	Exists(ctx context.Context, exceptID int64, query string, args ...any) (bool, error)
	Create(ctx context.Context, v *T) error
	Update(ctx context.Context, id int64, v *T, columns ...string) error
	UpdateFields(ctx context.Context, ids []int64, values map[string]any) (int64, error)
	Remove(ctx context.Context, ids []int64) error
}
