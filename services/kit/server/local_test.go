package server

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"anquan/kit/authn"
	"anquan/kit/cache"
	"anquan/kit/conf"
	"anquan/kit/ident"
	commonv1 "anquan/proto/blade/common/v1"
)

// audits answers who it was called by.
type audits struct {
	commonv1.UnimplementedAuditServiceServer
	seen chan *ident.Identity
}

func (a audits) PageAudit(ctx context.Context, _ *commonv1.AuditQuery) (*commonv1.AuditPage, error) {
	a.seen <- ident.From(ctx)
	return &commonv1.AuditPage{Total: 1}, nil
}

// TestLocalChannelRunsTheServerChain: a call through the in-process channel
// passes the same middleware as a network call (no token: Unauthenticated;
// the extra interceptor refuses; a panic is Internal), the handler sees the
// identity of the token and never a value of the caller's context, and the
// gate refuses calls before the service serves and after it stops.
func TestLocalChannelRunsTheServerChain(t *testing.T) {
	c := conf.Default()
	c.Data = t.TempDir()
	keys, err := authn.LoadKeys(c)
	if err != nil {
		t.Fatal(err)
	}
	signer, _ := authn.NewSigner(keys)
	tok, _, err := signer.Sign(authn.Claims{TenantID: "100001", UserID: "7", Family: "fam-l"}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	extra := grpc.UnaryServerInterceptor(func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		md, _ := metadata.FromIncomingContext(ctx)
		if len(md.Get("x-refuse")) > 0 {
			return nil, status.Error(codes.PermissionDenied, "no")
		}
		if len(md.Get("x-panic")) > 0 {
			panic("boom")
		}
		if info.FullMethod != "/blade.common.v1.AuditService/PageAudit" {
			t.Errorf("interceptor saw method %q", info.FullMethod)
		}
		return h(ctx, req)
	})
	s, err := NewGRPC("x", "127.0.0.1:0", authn.NewVerifier(keys), cache.NewMemory(), "secret", extra)
	if err != nil {
		t.Fatal(err)
	}
	h := audits{seen: make(chan *ident.Identity, 4)}
	commonv1.RegisterAuditServiceServer(s.Server, h)
	client := commonv1.NewAuditServiceClient(s.Local.Channel())
	base, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	signed := metadata.AppendToOutgoingContext(base, MDAuthorization, "Bearer "+tok)

	if _, err := client.PageAudit(signed, &commonv1.AuditQuery{}); status.Code(err) != codes.Unavailable {
		t.Fatalf("before the service serves: %v, want Unavailable", err)
	}
	s.Local.Open()
	if _, err := client.PageAudit(base, &commonv1.AuditQuery{}); status.Code(err) != codes.Unauthenticated {
		t.Errorf("no token: %v, want Unauthenticated", err)
	}
	if _, err := client.PageAudit(metadata.AppendToOutgoingContext(signed, "x-refuse", "1"), &commonv1.AuditQuery{}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("refused by the extra interceptor: %v", err)
	}
	if _, err := client.PageAudit(metadata.AppendToOutgoingContext(signed, "x-panic", "1"), &commonv1.AuditQuery{}); status.Code(err) != codes.Internal {
		t.Errorf("panic: %v, want Internal", err)
	}
	// The caller's own identity value (a system context, say) stays with the
	// caller: the handler knows only what the token says.
	leaky := ident.With(ident.AsSystem(signed), &ident.Identity{TenantID: "000000", UserID: 1, Super: true})
	r, err := client.PageAudit(leaky, &commonv1.AuditQuery{})
	if err != nil || r.Total != 1 {
		t.Fatalf("with a token: %v %v", r, err)
	}
	if id := <-h.seen; id == nil || id.TenantID != "100001" || id.UserID != 7 || id.Super {
		t.Fatalf("handler saw %+v, want the token's user", id)
	}
	s.Local.Close()
	s.Local.Drain(base)
	if _, err := client.PageAudit(signed, &commonv1.AuditQuery{}); status.Code(err) != codes.Unavailable {
		t.Errorf("after the stop: %v, want Unavailable", err)
	}
}
