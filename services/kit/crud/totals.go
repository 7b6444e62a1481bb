package crud

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"
	"gorm.io/gorm"

	"anquan/kit/ident"
	"anquan/kit/paging"
)

// totals remembers page totals (Spec.CountTTL): counting a large table costs
// more than reading its page, and a list is read far more often than it
// changes. A total is reused until this process writes through the
// repository (the generation moves) or the TTL passes (other replicas'
// writes), and concurrent misses of one key share one COUNT.
type totals struct {
	ttl      time.Duration
	gen      atomic.Int64
	mu       sync.Mutex
	m        map[string]total
	counting singleflight.Group
}

type total struct {
	n   int64
	gen int64
	at  time.Time
}

// maxTotals bounds the memory: past it the map starts over.
const maxTotals = 10000

func (t *totals) changed() {
	if t != nil {
		t.gen.Add(1)
	}
}

// count answers the total of tx for key, counting only when needed.
func (t *totals) count(key string, count func() (int64, error)) (int64, error) {
	gen := t.gen.Load()
	t.mu.Lock()
	c, hit := t.m[key]
	t.mu.Unlock()
	if hit && c.gen == gen && time.Since(c.at) <= t.ttl {
		return c.n, nil
	}
	v, err, _ := t.counting.Do(key+"\x00"+strconv.FormatInt(gen, 10), func() (any, error) {
		n, err := count()
		if err != nil {
			return int64(0), err
		}
		t.mu.Lock()
		if len(t.m) >= maxTotals {
			t.m = map[string]total{}
		}
		t.m[key] = total{n: n, gen: gen, at: time.Now()}
		t.mu.Unlock()
		return n, nil
	})
	return v.(int64), err
}

// totalKey names what a total depends on: the tenant, the caller's data
// scope when the repository applies one, and the filters.
func (r *Repo[T]) totalKey(ctx context.Context, q paging.Query) string {
	var b strings.Builder
	if id := ident.From(ctx); id != nil {
		b.WriteString(id.TenantID)
		if r.Spec.ScopeDept != "" || r.Spec.ScopeUser != "" {
			b.WriteString("\x00" + strconv.Itoa(id.DataScope) + "\x00" + strconv.FormatInt(id.UserID, 10) + "\x00" + ident.JoinIDs(id.ScopeDepts))
		}
	}
	keys := make([]string, 0, len(q.Filters))
	for k := range q.Filters {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.WriteString("\x00" + k + "=" + q.Filters[k])
	}
	return b.String()
}

// pageTotal counts tx, through the remembered totals when the repository
// keeps them and the page has no extra conditions (those carry values the
// key does not see).
func (r *Repo[T]) pageTotal(ctx context.Context, q paging.Query, tx *gorm.DB, extra bool) (int64, error) {
	count := func() (int64, error) {
		var n int64
		err := tx.Session(&gorm.Session{}).Count(&n).Error
		return n, err
	}
	if r.totals == nil || extra {
		return count()
	}
	return r.totals.count(r.totalKey(ctx, q), count)
}
