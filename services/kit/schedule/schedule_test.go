package schedule

import (
	"context"
	"net"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"anquan/kit/cache"
)

// Two replicas sharing the machine's Redis, each ticking ten times a
// period: the job runs once per period, on one of them.
func TestJobRunsOncePerPeriodAcrossReplicas(t *testing.T) {
	if c, err := net.DialTimeout("tcp", "127.0.0.1:6379", 500*time.Millisecond); err != nil {
		t.Skip("Redis does not answer at 127.0.0.1:6379")
	} else {
		_ = c.Close() // a probe
	}
	prefix := "anquan:sched" + strconv.FormatInt(time.Now().UnixNano(), 36) + ":"
	every := 300 * time.Millisecond
	var runs atomic.Int64
	perPeriod := sync.Map{}
	ctx, cancel := context.WithTimeout(context.Background(), 10*every+every/2)
	defer cancel()
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		r := cache.NewRedis("127.0.0.1:6379", "", 0, prefix)
		defer func() { _ = r.DelPrefix(context.Background(), ""); _ = r.Close() }() // test keys
		wg.Add(1)
		go func() {
			defer wg.Done()
			Run(ctx, r, "sweep", every, func(context.Context) {
				runs.Add(1)
				n, _ := perPeriod.LoadOrStore(time.Now().UnixNano()/int64(every), new(atomic.Int64))
				n.(*atomic.Int64).Add(1)
			})
		}()
	}
	wg.Wait()
	perPeriod.Range(func(k, v any) bool {
		if n := v.(*atomic.Int64).Load(); n != 1 {
			t.Errorf("period %v ran %d times", k, n)
		}
		return true
	})
	if n := runs.Load(); n < 9 || n > 12 {
		t.Fatalf("%d runs in about 10 periods across two replicas, want one a period", n)
	}
}

// The all-in-one's own cache: the first claim of a period wins, the next period is free again.
func TestClaimOnTheProcessCache(t *testing.T) {
	c := cache.NewMemory()
	defer func() { _ = c.Close() }()
	now := time.Date(2026, 1, 1, 10, 0, 30, 0, time.UTC)
	for i, want := range []bool{true, false, false} {
		if ok, err := Claim(t.Context(), c, "j", time.Minute, now.Add(time.Duration(i)*time.Second)); err != nil || ok != want {
			t.Fatalf("claim %d: %v %v, want %v", i, ok, err, want)
		}
	}
	if ok, _ := Claim(t.Context(), c, "j", time.Minute, now.Add(time.Minute)); !ok {
		t.Fatal("the next period was not claimable")
	}
}

// Claimed: replicas calling the wrapped job in the same period run it once; the cache is asked
// under the job's name, so another job's claim does not take its period.
func TestClaimedRunsOncePerPeriod(t *testing.T) {
	c := cache.NewMemory()
	defer func() { _ = c.Close() }()
	var runs atomic.Int64
	job := func(context.Context) (int, error) { runs.Add(1); return 1, nil }
	every := time.Hour
	replicas := []func(context.Context) (int, error){Claimed(c, "remind", every, job), Claimed(c, "remind", every, job)}
	other := Claimed(c, "other", every, job)
	n0, err0 := replicas[0](t.Context())
	n1, err1 := replicas[1](t.Context())
	if err0 != nil || err1 != nil || n0+n1 != 1 || runs.Load() != 1 {
		t.Fatalf("two replicas in one period: %d %d (%v %v), %d runs; want one run", n0, n1, err0, err1, runs.Load())
	}
	if n, err := other(t.Context()); n != 1 || err != nil {
		t.Fatalf("another job's period was taken: %d %v", n, err)
	}
}
