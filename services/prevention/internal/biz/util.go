package biz

import (
	"context"
	"strconv"
	"time"

	"anquan/kit/paging"
	"anquan/kit/timefmt"
)

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// idsOf collects the distinct non-zero ids of rows.
func idsOf[T any](rows []T, f func(*T) int64) []int64 {
	seen := map[int64]bool{}
	out := make([]int64, 0, len(rows))
	for i := range rows {
		if id := f(&rows[i]); id != 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// namesByID loads the rows of ids (one query) and maps each id to the text
// f picks: the names a page's rows show for their references.
func namesByID[T any](ctx context.Context, q Queries, ids []int64, f func(*T) (int64, string)) (map[int64]string, error) {
	var rows []T
	if err := q.ByIDs(ctx, &rows, ids); err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(rows))
	for i := range rows {
		id, text := f(&rows[i])
		out[id] = text
	}
	return out, nil
}

func unitName(u *RiskUnit) (int64, string) { return u.ID, u.Name }

// DayOf is the [start, end) of the Asia/Shanghai day of t.
func DayOf(t time.Time) (time.Time, time.Time) {
	t = t.In(timefmt.Zone)
	s := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, timefmt.Zone)
	return s, s.AddDate(0, 0, 1)
}

// pagingState filters tasks by state.
func pagingState(state int32) paging.Query {
	return paging.Query{Filters: map[string]string{"taskState_equal": itoa(int64(state))}}
}
