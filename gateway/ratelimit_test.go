package gateway

import (
	"context"
	"fmt"
	"net"
	"testing"
	"time"

	"anquan/kit/cache"
)

// The in-process limiter: a burst of the per-minute budget per IP, then
// 429 until the bucket refills; other IPs are not affected.
func TestTokenLimitInProcess(t *testing.T) {
	ctx := context.Background()
	l := newIPLimiter("token", 600, cache.NewMemory()) // 10 a second, to see the refill quickly
	if _, ok := l.(*localLimiter); !ok {
		t.Fatalf("memory cache: got %T", l)
	}
	for i := 0; i < 600; i++ {
		if !l.allow(ctx, "10.0.0.1") {
			t.Fatalf("request %d of the burst refused", i+1)
		}
	}
	if l.allow(ctx, "10.0.0.1") {
		t.Fatal("request beyond the burst allowed")
	}
	if !l.allow(ctx, "10.0.0.2") {
		t.Fatal("another IP refused")
	}
	time.Sleep(250 * time.Millisecond)
	if !l.allow(ctx, "10.0.0.1") {
		t.Fatal("no refill after 250 ms at 10/s")
	}
	if d := newIPLimiter("token", 0, nil).(*localLimiter).perMin; d != 60 {
		t.Fatalf("default budget %d", d)
	}
}

// The Redis limiter: two gateway replicas share one budget per IP.
func TestTokenLimitSharedInRedis(t *testing.T) {
	if c, err := net.DialTimeout("tcp", "127.0.0.1:6379", time.Second); err != nil {
		t.Skip("no Redis on 127.0.0.1:6379, the shared limiter is not tested: ", err)
	} else {
		_ = c.Close() // best-effort cleanup in a test
	}
	ctx := context.Background()
	prefix := fmt.Sprintf("anquan-test-%d:", time.Now().UnixNano())
	r1, r2 := cache.NewRedis("127.0.0.1:6379", "", 0, prefix), cache.NewRedis("127.0.0.1:6379", "", 0, prefix)
	defer func() { _ = r1.Close() }() // best-effort cleanup in a test
	defer func() { _ = r2.Close() }() // best-effort cleanup in a test
	if err := r1.Ping(ctx); err != nil {
		t.Skip("Redis on 127.0.0.1:6379 does not answer PING without a password: ", err)
	}
	a, b := newIPLimiter("token", 3, r1), newIPLimiter("token", 3, r2)
	if _, ok := a.(*redisLimiter); !ok {
		t.Fatalf("redis cache: got %T", a)
	}
	defer r1.C.Del(ctx, "rate:"+prefix+"token:10.0.0.1", "rate:"+prefix+"token:10.0.0.2")
	if !a.allow(ctx, "10.0.0.1") || !b.allow(ctx, "10.0.0.1") || !a.allow(ctx, "10.0.0.1") {
		t.Fatal("the budget of 3 refused early")
	}
	if b.allow(ctx, "10.0.0.1") || a.allow(ctx, "10.0.0.1") {
		t.Fatal("a 4th request, on either replica, allowed")
	}
	if !b.allow(ctx, "10.0.0.2") {
		t.Fatal("another IP refused")
	}
}

// When Redis does not answer, the replica's own buckets decide.
func TestTokenLimitFallsBackWhenRedisIsDown(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := lis.Addr().String()
	_ = lis.Close() // nothing listens there now
	r := cache.NewRedis(addr, "", 0, "x:")
	defer func() { _ = r.Close() }() // best-effort cleanup in a test
	l := newIPLimiter("token", 2, r)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	//nolint:staticcheck // SA4000 false positive: each allow call spends one unit of the budget
	if !l.allow(ctx, "10.0.0.1") || !l.allow(ctx, "10.0.0.1") || l.allow(ctx, "10.0.0.1") {
		t.Fatal("local fallback does not keep the budget of 2")
	}
	// A login must not wait on a dead Redis: one bounded try, then the
	// pause skips it (before the breaker, each check waited ~1.7 s on the
	// client's dial retries). The bound is loose for a loaded machine.
	if d := time.Since(start); d > time.Second {
		t.Fatalf("three checks with Redis down took %v", d)
	}
}
