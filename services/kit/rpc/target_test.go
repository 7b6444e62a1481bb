package rpc

import (
	"context"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// replica is a gRPC server on loopback counting the calls it answers.
func replica(t *testing.T) (string, *atomic.Int64) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var n atomic.Int64
	srv := grpc.NewServer(grpc.UnaryInterceptor(func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		n.Add(1)
		return h(ctx, req)
	}))
	healthpb.RegisterHealthServer(srv, health.NewServer())
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	return lis.Addr().String(), &n
}

// A list of addresses spreads a process's calls over every replica.
// round_robin picks only READY connections, and the second may come up some
// calls after the first (a CI run saw 20 calls all on one), so the calls go
// on until both replicas answered (bounded), then twenty more alternate.
func TestAddressListSpreadsCallsOverReplicas(t *testing.T) {
	a, na := replica(t)
	b, nb := replica(t)
	d := NewDialer(map[string]string{"system": a + ", " + b}, "")
	defer d.Close()
	c := healthpb.NewHealthClient(d.Lazy("system"))
	call := func() {
		if _, err := c.Check(t.Context(), &healthpb.HealthCheckRequest{}); err != nil {
			t.Fatal(err)
		}
	}
	for end := time.Now().Add(10 * time.Second); na.Load() == 0 || nb.Load() == 0; {
		if time.Now().After(end) {
			t.Fatalf("calls per replica after 10 s: %d and %d, want both > 0", na.Load(), nb.Load())
		}
		call()
		time.Sleep(time.Millisecond)
	}
	a0, b0 := na.Load(), nb.Load()
	for range 20 {
		call()
	}
	if da, db := na.Load()-a0, nb.Load()-b0; da == 0 || db == 0 || da+db != 20 {
		t.Fatalf("twenty calls with both replicas up: %d and %d, want both > 0", da, db)
	}
}

// One address stays one server (passthrough), and a resolver URL is kept.
func TestTargetOfOneAddress(t *testing.T) {
	if tg, opts := Target("system", "10.0.0.1:9000"); tg != "passthrough:///10.0.0.1:9000" || len(opts) != 0 {
		t.Fatalf("one address: %s %d", tg, len(opts))
	}
	if tg, opts := Target("system", "dns:///system.anquan:9000"); tg != "dns:///system.anquan:9000" || len(opts) != 1 {
		t.Fatalf("dns target: %s %d", tg, len(opts))
	}
}
