package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"anquan/kit/cache"
	"anquan/kit/db/dbtest"
	"anquan/kit/outbox"
)

// A service whose gRPC server cannot serve is not reported ready (its Start
// fails when kratos reports the failure before AfterStart, Ready when after),
// and stops without waiting.
func TestAFailedServerIsNotReady(t *testing.T) {
	s, err := NewGRPC("x", "127.0.0.1:0", nil, cache.NewMemory(), "secret")
	if err != nil {
		t.Fatal(err)
	}
	_ = s.lis.Close() // the listener is gone before the app starts
	g := dbtest.Open(t, "x", outbox.Migrate)
	p := Parts{DB: g, Outbox: outbox.New(g, nil)}
	if err := p.Serve(s, "x", func(string, string) {}); err != nil && !strings.Contains(err.Error(), "x did not start") {
		t.Fatalf("Serve = %v, want nil or the start error", err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for p.Ready(context.Background()) == nil {
		if time.Now().After(deadline) {
			t.Fatal("a service whose gRPC server failed stays ready")
		}
		time.Sleep(10 * time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = p.Stop(ctx) // returns the same start error; Stop must not hang
	if ctx.Err() != nil {
		t.Fatal("Stop waited past its bound after a failed start")
	}
}
