package cache

import (
	"context"
	"net"
	"testing"
	"time"
)

func exercise(t *testing.T, c Cache) {
	ctx := context.Background()
	if n, _ := c.Incr(ctx, "k:count", time.Minute); n != 1 {
		t.Fatalf("first incr: %d", n)
	}
	if n, _ := c.Incr(ctx, "k:count", time.Minute); n != 2 {
		t.Fatalf("second incr: %d", n)
	}
	_ = c.Set(ctx, "k:a", "1", time.Minute)
	if got, err := c.GetMany(ctx, []string{"k:a", "k:missing", "k:count"}); err != nil || got["k:a"] != "1" || got["k:count"] != "2" || len(got) != 2 {
		t.Fatalf("get many: %v %v", got, err)
	}
	_ = c.Set(ctx, "k:once", "v", time.Minute)
	if v, ok, _ := c.Take(ctx, "k:once"); !ok || v != "v" {
		t.Fatal("take")
	}
	if _, ok, _ := c.Take(ctx, "k:once"); ok {
		t.Fatal("take twice")
	}
	_ = c.Set(ctx, "k:short", "v", 50*time.Millisecond)
	time.Sleep(120 * time.Millisecond)
	if _, ok, _ := c.Get(ctx, "k:short"); ok {
		t.Fatal("expired key still there")
	}
	_ = c.Set(ctx, "k:p:1", "a", 0)
	_ = c.Set(ctx, "k:p:2", "b", 0)
	_ = c.DelPrefix(ctx, "k:p:")
	if _, ok, _ := c.Get(ctx, "k:p:2"); ok {
		t.Fatal("prefix delete")
	}
	_ = c.Del(ctx, "k:count")
	// Swap: only from the value it expects (absent is "").
	for i, step := range []struct {
		old, v string
		want   bool
	}{{"", "a", true}, {"", "b", false}, {"b", "b", false}, {"a", "a", true}, {"b", "", false}, {"a", "", true}, {"", "b", true}} {
		if ok, err := c.Swap(ctx, "k:lease", step.old, step.v, time.Minute); err != nil || ok != step.want {
			t.Fatalf("swap %d %q->%q: %v %v, want %v", i, step.old, step.v, ok, err, step.want)
		}
	}
	if v, ok, _ := c.Get(ctx, "k:lease"); !ok || v != "b" {
		t.Fatalf("after the swaps: %q %v", v, ok)
	}
	_, _ = c.Swap(ctx, "k:lease", "b", "c", 50*time.Millisecond)
	time.Sleep(120 * time.Millisecond)
	if ok, _ := c.Swap(ctx, "k:lease", "", "d", time.Minute); !ok {
		t.Fatal("an expired value still blocks the swap from absent")
	}
	_ = c.Del(ctx, "k:lease")
}

func TestMemoryCacheCountsTakesExpiresAndDropsPrefixes(t *testing.T) {
	m := NewMemory()
	defer func() { _ = m.Close() }() // best-effort cleanup in a test
	exercise(t, m)
}

func TestRedisCacheBehavesLikeMemory(t *testing.T) {
	if c, err := net.DialTimeout("tcp", "127.0.0.1:6379", 300*time.Millisecond); err != nil {
		t.Skip("Redis does not answer at 127.0.0.1:6379")
	} else {
		_ = c.Close() // best-effort cleanup in a test
	}
	r := NewRedis("127.0.0.1:6379", "", 0, "anquan-test:"+time.Now().Format("150405.000")+":")
	defer func() { _ = r.Close() }() // best-effort cleanup in a test
	exercise(t, r)
}
