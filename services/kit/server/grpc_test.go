package server

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"anquan/kit/cache"
)

// TestGRPCServerAnswersHealthAndHidesKratosExtras: the kratos server answers
// health without a token, refuses the services kratos adds (metadata,
// channelz) as unknown, keeps no 1 s deadline on calls, and a panic in a
// handler becomes Internal with the generic message.
func TestGRPCServerAnswersHealthAndHidesKratosExtras(t *testing.T) {
	ctx := context.Background()
	slow := grpc.UnaryServerInterceptor(func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		if d, ok := ctx.Deadline(); !ok || time.Until(d) < 2*time.Second {
			t.Error("a call is cut shorter than its caller's deadline")
		}
		if md, _ := metadata.FromIncomingContext(ctx); len(md.Get("x-panic")) > 0 {
			panic("boom")
		}
		return h(ctx, req)
	})
	s, err := NewGRPC("x", "127.0.0.1:0", nil, cache.NewMemory(), "secret", slow)
	if err != nil {
		t.Fatal(err)
	}
	s.Serve()
	defer s.Stop(ctx)
	cc, err := grpc.NewClient(s.Addr(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cc.Close() }() // best-effort cleanup in a test
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if r, err := healthpb.NewHealthClient(cc).Check(cctx, &healthpb.HealthCheckRequest{}); err != nil || r.Status != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("health: %v %v", r, err)
	}
	for _, m := range []string{"/kratos.api.Metadata/ListServices", "/grpc.channelz.v1.Channelz/GetTopChannels"} {
		if err := cc.Invoke(cctx, m, &healthpb.HealthCheckRequest{}, &healthpb.HealthCheckResponse{}); status.Code(err) != codes.Unimplemented {
			t.Errorf("%s: %v, want Unimplemented", m, err)
		}
	}
	_, err = healthpb.NewHealthClient(cc).Check(metadata.AppendToOutgoingContext(cctx, "x-panic", "1"), &healthpb.HealthCheckRequest{})
	if st := status.Convert(err); st.Code() != codes.Internal || st.Message() != "服务器异常,请联系管理员" {
		t.Errorf("panic: %v", err)
	}
}
