package gateway

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"golang.org/x/time/rate"

	"anquan/kit/cache"
)

// ipLimiter is the token endpoint's per-IP budget, its guard against
// password guessing at volume: a bucket of perMinute requests, refilled at
// perMinute a minute.
type ipLimiter interface {
	allow(ctx context.Context, ip string) bool
}

// newIPLimiter keeps the buckets in Redis when the cache is Redis, so the
// budget is shared by every gateway replica behind a balancer; in process
// otherwise. name keeps each budget's Redis keys apart.
func newIPLimiter(name string, perMinute int, c cache.Cache) ipLimiter {
	if perMinute <= 0 {
		perMinute = 60
	}
	local := &localLimiter{perMin: perMinute, ips: map[string]*localBucket{}}
	if r, ok := c.(*cache.Redis); ok && r != nil {
		return &redisLimiter{l: redis_rate.NewLimiter(r.C), limit: redis_rate.PerMinute(perMinute), prefix: r.Prefix + name + ":", local: local}
	}
	return local
}

// localLimiter is one golang.org/x/time/rate limiter per IP.
type localLimiter struct {
	perMin int
	mu     sync.Mutex
	ips    map[string]*localBucket
	swept  time.Time
}

type localBucket struct {
	l    *rate.Limiter
	seen time.Time
}

// idle is how long an IP's limiter is kept unused; after a minute it is
// full again anyway, so forgetting it changes no answer.
const idle = 5 * time.Minute

func (l *localLimiter) allow(_ context.Context, ip string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	if now.Sub(l.swept) > idle {
		for k, b := range l.ips {
			if now.Sub(b.seen) > idle {
				delete(l.ips, k)
			}
		}
		l.swept = now
	}
	b, ok := l.ips[ip]
	if !ok {
		b = &localBucket{l: rate.NewLimiter(rate.Limit(float64(l.perMin)/60), l.perMin)}
		l.ips[ip] = b
	}
	b.seen = now
	return b.l.AllowN(now, 1)
}

// redisLimiter is go-redis/redis_rate's GCRA over the shared cache. When
// Redis does not answer, the replica's own buckets decide, so the endpoint
// neither opens wide nor closes for everyone. A login must not wait on a
// dead Redis: each check has redisBudget, and after a failure the replica
// uses its own buckets for redisPause before trying Redis again (one
// warning per pause, not one per request).
type redisLimiter struct {
	l      *redis_rate.Limiter
	limit  redis_rate.Limit
	prefix string
	local  *localLimiter
	// downUntil is the unix-nano time until which Redis is not asked.
	downUntil atomic.Int64
}

const (
	redisBudget = 150 * time.Millisecond
	redisPause  = 5 * time.Second
)

func (l *redisLimiter) allow(ctx context.Context, ip string) bool {
	if time.Now().UnixNano() < l.downUntil.Load() {
		return l.local.allow(ctx, ip)
	}
	cctx, cancel := context.WithTimeout(ctx, redisBudget)
	defer cancel()
	res, err := l.l.Allow(cctx, l.prefix+ip, l.limit)
	if err != nil {
		if ctx.Err() != nil { // the caller went away; not Redis' fault
			return l.local.allow(ctx, ip)
		}
		l.downUntil.Store(time.Now().Add(redisPause).UnixNano())
		slog.Warn("token rate limit: redis unavailable, using this replica's buckets", "err", err, "retryIn", redisPause)
		return l.local.allow(ctx, ip)
	}
	return res.Allowed > 0
}
