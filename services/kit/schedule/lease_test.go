package schedule

import (
	"context"
	"errors"
	"net"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"anquan/kit/cache"
)

// cut is a replica's view of the shared cache that a partition can cut off.
type cut struct {
	cache.Cache
	off atomic.Bool
}

func (c *cut) Swap(ctx context.Context, key, old, value string, ttl time.Duration) (bool, error) {
	if c.off.Load() {
		return false, errors.New("partitioned")
	}
	return c.Cache.Swap(ctx, key, old, value, ttl)
}

// worker counts the work's starts and stops.
type worker struct{ running, starts atomic.Int64 }

func (w *worker) start(context.Context, *Lease) (func(), error) {
	w.running.Add(1)
	w.starts.Add(1)
	return func() { w.running.Add(-1) }, nil
}

// leaseReplicas runs two replicas of a lease on their views of one cache and
// checks, every few milliseconds, that at most one holds it and works.
func leaseReplicas(t *testing.T, a, b *cut) {
	ttl := 500 * time.Millisecond
	name := "ingest" + strconv.FormatInt(time.Now().UnixNano(), 36)
	var wa, wb worker
	la := Lead(a, name, ttl, wa.start)
	// The first attempt is made before Lead returns: alone, it holds at once.
	if !la.Held() || wa.running.Load() != 1 {
		t.Fatal("the first replica does not hold the free lease on return from Lead")
	}
	lb := Lead(b, name, ttl, wb.start)
	defer lb.Stop()
	both := make(chan struct{})
	var overlap atomic.Int64
	go func() {
		defer close(both)
		for i := 0; i < 600; i++ { // 3 s
			if la.Held() && lb.Held() {
				overlap.Add(1)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	time.Sleep(3 * ttl)
	if lb.Held() || wb.starts.Load() != 0 {
		t.Fatal("the standby took a lease its holder renews")
	}
	// The holder is cut off from the cache: it stops working within its TTL by
	// its own clock, the standby takes over once the key expired.
	a.off.Store(true)
	cutAt := time.Now()
	for !lb.Held() {
		if time.Since(cutAt) > ttl+ttl/5+200*time.Millisecond {
			t.Fatalf("the standby did not take over within TTL+TTL/5 (%v)", time.Since(cutAt))
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Logf("failover after %v (TTL %v)", time.Since(cutAt).Round(time.Millisecond), ttl)
	if wa.running.Load() != 0 || wb.running.Load() != 1 {
		t.Fatalf("after the failover: first works %d, second %d", wa.running.Load(), wb.running.Load())
	}
	// Back in touch, the old holder stays standby.
	a.off.Store(false)
	time.Sleep(2 * ttl)
	if la.Held() || !lb.Held() {
		t.Fatal("the old holder took the lease back from a holder that renews it")
	}
	<-both
	if n := overlap.Load(); n != 0 {
		t.Fatalf("both replicas held the lease in %d samples", n)
	}
	// Stopping gives the lease back: the other replica takes it at its next try.
	lb.Stop()
	stopped := time.Now()
	for !la.Held() {
		if time.Since(stopped) > ttl/5+200*time.Millisecond {
			t.Fatal("a released lease was not taken at the next try")
		}
		time.Sleep(5 * time.Millisecond)
	}
	la.Stop()
	if wa.running.Load() != 0 || la.Held() {
		t.Fatal("Stop left the work running")
	}
}

func TestLeaseOnTheProcessCache(t *testing.T) {
	m := cache.NewMemory()
	defer func() { _ = m.Close() }()
	leaseReplicas(t, &cut{Cache: m}, &cut{Cache: m})
}

func TestLeaseOnRedis(t *testing.T) {
	if c, err := net.DialTimeout("tcp", "127.0.0.1:6379", 500*time.Millisecond); err != nil {
		t.Skip("Redis does not answer at 127.0.0.1:6379: the lease's Redis test needs it")
	} else {
		_ = c.Close() // a probe
	}
	prefix := "anquan:lease" + strconv.FormatInt(time.Now().UnixNano(), 36) + ":"
	var rs []*cut
	for i := 0; i < 2; i++ {
		r := cache.NewRedis("127.0.0.1:6379", "", 0, prefix)
		defer func() { _ = r.DelPrefix(context.Background(), ""); _ = r.Close() }() // test keys
		rs = append(rs, &cut{Cache: r})
	}
	leaseReplicas(t, rs[0], rs[1])
}

// A start that fails gives the lease back, and the next try starts again.
func TestLeaseWorkThatDoesNotStartIsRetried(t *testing.T) {
	m := cache.NewMemory()
	defer func() { _ = m.Close() }()
	var tries atomic.Int64
	l := Lead(m, "flaky", 250*time.Millisecond, func(context.Context, *Lease) (func(), error) {
		if tries.Add(1) == 1 {
			return nil, errors.New("broker down")
		}
		return func() {}, nil
	})
	defer l.Stop()
	if l.Held() {
		t.Fatal("held although its work did not start")
	}
	if v, ok, _ := m.Get(context.Background(), LeaseKey("flaky")); ok {
		t.Fatalf("not given back: %q", v)
	}
	time.Sleep(150 * time.Millisecond)
	if !l.Held() || tries.Load() != 2 {
		t.Fatalf("not retried: held %v after %d tries", l.Held(), tries.Load())
	}
}
