package biz

import (
	"context"
	"net"
	"testing"
	"time"

	"anquan/kit/cache"
)

// budget checks the per-user budget on a counter store; replicas share
// the store, so two of them together get one budget.
func budget(t *testing.T, c Counter) {
	t.Helper()
	ctx := context.Background()
	const rate = 5
	// At the start of a minute, so the previous minute weighs fully.
	now := time.Unix(time.Now().Unix()/60*60+3600, 0)
	for i := 0; i < rate; i++ {
		if ok, err := allow(ctx, c, "100001:1", rate, now); err != nil || !ok {
			t.Fatalf("call %d refused (%v)", i+1, err)
		}
	}
	if ok, _ := allow(ctx, c, "100001:1", rate, now); ok {
		t.Fatal("call over the budget allowed")
	}
	if ok, _ := allow(ctx, c, "100001:2", rate, now); !ok {
		t.Fatal("another user refused")
	}
	if ok, _ := allow(ctx, c, "100002:1", rate, now); !ok {
		t.Fatal("the same user id in another tenant refused")
	}
	// 30 s on, the last minute's calls still weigh half: refused until the
	// window slides past them.
	if ok, _ := allow(ctx, c, "100001:1", rate, now.Add(30*time.Second)); ok {
		t.Fatal("allowed again after 30 s with six calls in the window")
	}
	if ok, _ := allow(ctx, c, "100001:1", rate, now.Add(90*time.Second)); !ok {
		t.Fatal("not allowed again 90 s later")
	}
	if ok, _ := allow(ctx, c, "100001:1", rate, now.Add(4*time.Minute)); !ok {
		t.Fatal("not allowed again minutes later")
	}
}

func TestRateBudgetOnTheInProcessCache(t *testing.T) {
	m := cache.NewMemory()
	defer func() { _ = m.Close() }() // best-effort cleanup in a test
	budget(t, m)
}

func TestRateBudgetOnRedis(t *testing.T) {
	if c, err := net.DialTimeout("tcp", "127.0.0.1:6379", 300*time.Millisecond); err != nil {
		t.Skip("Redis does not answer at 127.0.0.1:6379: the shared budget is tested on the in-process cache only")
	} else {
		_ = c.Close() // best-effort cleanup in a test
	}
	r := cache.NewRedis("127.0.0.1:6379", "", 0, "anquan-test-aichat:"+time.Now().Format("150405.000000")+":")
	defer func() { _ = r.Close() }() // best-effort cleanup in a test
	budget(t, r)
}
