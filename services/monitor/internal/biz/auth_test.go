package biz

import (
	"context"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// gwQueries answers GatewayByCode with one gateway.
type gwQueries struct {
	Queries
	g *Gateway
}

func (q *gwQueries) GatewayByCode(context.Context, string, string) (*Gateway, error) { return q.g, nil }

// TestAuthenticateCachesVerifiedSecrets: a repeat batch with the same secret
// skips bcrypt for a minute; a wrong secret is always checked and refused;
// a rotated secret (a new stored hash) is checked again, and the old one
// refused; the cache is bounded.
func TestAuthenticateCachesVerifiedSecrets(t *testing.T) {
	hash := func(s string) string {
		h, err := bcrypt.GenerateFromPassword([]byte(s), bcrypt.MinCost)
		if err != nil {
			t.Fatal(err)
		}
		return string(h)
	}
	q := &gwQueries{g: &Gateway{Code: "GW", SecretHash: hash("old")}}
	now := time.Unix(1_700_000_000, 0)
	m := &Monitor{Q: q, Now: func() time.Time { return now }}
	calls := 0
	m.compare = func(h, s []byte) error { calls++; return bcrypt.CompareHashAndPassword(h, s) }
	ctx := context.Background()
	steps := []struct {
		name   string
		secret string
		after  time.Duration
		ok     bool
		calls  int // bcrypt calls so far
	}{
		{"first batch", "old", 0, true, 1},
		{"repeat batch: cached", "old", 10 * time.Second, true, 1},
		{"wrong secret: checked, refused", "bad", 11 * time.Second, false, 2},
		{"wrong secret again: still checked", "bad", 12 * time.Second, false, 3},
		{"just before a minute: cached", "old", 59 * time.Second, true, 3},
		{"a minute on: checked again", "old", 61 * time.Second, true, 4},
	}
	start := now
	for _, s := range steps {
		now = start.Add(s.after)
		if got := m.Authenticate(ctx, "t", "GW", s.secret); got != s.ok || calls != s.calls {
			t.Fatalf("%s: ok %v (want %v), bcrypt calls %d (want %d)", s.name, got, s.ok, calls, s.calls)
		}
	}
	// Rotation: the stored hash changes; the old secret no longer matches a
	// cached entry and is refused, the new one is checked once.
	q.g = &Gateway{Code: "GW", SecretHash: hash("new")}
	if m.Authenticate(ctx, "t", "GW", "old") {
		t.Fatal("the old secret after rotation")
	}
	before := calls
	first := m.Authenticate(ctx, "t", "GW", "new")
	second := m.Authenticate(ctx, "t", "GW", "new")
	if !first || !second || calls != before+1 {
		t.Fatalf("the new secret: bcrypt calls %d, want %d", calls, before+1)
	}
	// Bounded: a full cache starts over.
	m.authMu.Lock()
	for i := 0; i < AuthCacheMax+5; i++ {
		if len(m.authOK) >= AuthCacheMax {
			break
		}
		m.authOK[string(rune(i))+"x"] = now
	}
	m.authMu.Unlock()
	m.Authenticate(ctx, "t", "GW", "new") // cached: no insert
	q.g = &Gateway{Code: "GW", SecretHash: hash("newer")}
	m.Authenticate(ctx, "t", "GW", "newer")
	if n := len(m.authOK); n > AuthCacheMax || n != 1 {
		t.Fatalf("cache size %d after it was full", n)
	}
}

// BenchmarkAuthenticate: a repeat batch (cached) against a bcrypt check
// (the default cost, as issued secrets are hashed).
func BenchmarkAuthenticate(b *testing.B) {
	h, err := bcrypt.GenerateFromPassword([]byte("s"), bcrypt.DefaultCost)
	if err != nil {
		b.Fatal(err)
	}
	q := &gwQueries{g: &Gateway{Code: "GW", SecretHash: string(h)}}
	now := time.Unix(1_700_000_000, 0)
	ctx := context.Background()
	b.Run("cached", func(b *testing.B) {
		m := &Monitor{Q: q, Now: func() time.Time { return now }}
		m.Authenticate(ctx, "t", "GW", "s")
		for b.Loop() {
			m.Authenticate(ctx, "t", "GW", "s")
		}
	})
	b.Run("bcrypt", func(b *testing.B) {
		m := &Monitor{Q: q, Now: func() time.Time { return now }}
		for b.Loop() {
			m.authOK = nil
			m.Authenticate(ctx, "t", "GW", "s")
		}
	})
}
