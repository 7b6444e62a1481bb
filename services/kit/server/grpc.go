// Package server builds a service's gRPC server with the interceptors every
// service shares: panic recovery, request id and logs, metrics, tracing,
// token verification, the internal credential and error hiding.
package server

import (
	"context"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"net"
	"runtime/debug"
	"strings"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"anquan/kit/authn"
	"anquan/kit/cache"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/obs"
	"anquan/kit/perm"
)

// Metadata keys on internal calls.
const (
	MDAuthorization  = "authorization"
	MDInternalSecret = "x-anquan-internal"
	MDRequestID      = "x-request-id"
	MDClientIP       = "x-client-ip"
	MDTenantID       = "x-tenant-id"
	MDUserID         = "x-user-id"
	MDRoleID         = "x-role-id"
	MDDeptID         = "x-dept-id"
)

// GRPC is a service's gRPC server on a listener.
type GRPC struct {
	Server *grpc.Server
	Health *health.Server
	lis    net.Listener
	name   string
}

// NewGRPC listens on addr (":0"-style addresses pick a free port); extra
// interceptors (the permission check) run after the token is verified.
// deny is the cache holding the token deny-list (authn.Revoked).
func NewGRPC(name, addr string, verifier *authn.Verifier, deny cache.Cache, internalSecret string, extra ...grpc.UnaryServerInterceptor) (*GRPC, error) {
	if deny == nil {
		return nil, fmt.Errorf("%s grpc: no cache for the token deny-list", name)
	}
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("%s grpc listen %s: %w", name, addr, err)
	}
	obs.Metrics()
	g := grpc.NewServer(
		grpc.StatsHandler(otelgrpc.NewServerHandler()),
		// Bounds are checked last: a caller without the right learns
		// nothing from a validation answer.
		grpc.ChainUnaryInterceptor(append(append([]grpc.UnaryServerInterceptor{
			recovery,
			observe(name),
			authenticate(verifier, deny, internalSecret),
		}, extra...), Validate)...),
		grpc.MaxRecvMsgSize(32<<20),
		grpc.MaxSendMsgSize(64<<20),
	)
	hs := health.NewServer()
	healthpb.RegisterHealthServer(g, hs)
	return &GRPC{Server: g, Health: hs, lis: lis, name: name}, nil
}

// Addr is the address the server listens on.
func (s *GRPC) Addr() string { return s.lis.Addr().String() }

// Serve runs in the background.
func (s *GRPC) Serve() {
	go func() {
		if err := s.Server.Serve(s.lis); err != nil {
			slog.Error("grpc server stopped", "service", s.name, "err", err)
		}
	}()
}

// Stop drains in-flight calls, then forces a stop when ctx ends.
func (s *GRPC) Stop(ctx context.Context) {
	s.Health.Shutdown()
	done := make(chan struct{})
	go func() { s.Server.GracefulStop(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		s.Server.Stop()
	}
}

func recovery(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (resp any, err error) {
	defer func() {
		if r := recover(); r != nil {
			slog.Error("panic in handler", "method", info.FullMethod, "panic", fmt.Sprint(r), "stack", string(debug.Stack()), "request_id", ident.RequestID(ctx))
			err = errs.Internal(nil)
		}
	}()
	return h(ctx, req)
}

func observe(service string) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		start := time.Now()
		if md, ok := metadata.FromIncomingContext(ctx); ok {
			if v := md.Get(MDRequestID); len(v) > 0 {
				ctx = ident.WithRequestID(ctx, v[0])
			}
			if v := md.Get(MDClientIP); len(v) > 0 {
				ctx = ident.WithClientIP(ctx, v[0])
			}
		}
		resp, err := h(ctx, req)
		code := status.Code(err)
		if err != nil && !errs.Public(err) {
			// Unexpected errors are logged whole and answered generically:
			// no SQL text or stack reaches a client.
			slog.Error("rpc failed", "service", service, "method", info.FullMethod, "err", err.Error(), "request_id", ident.RequestID(ctx))
			err = errs.Internal(err)
			code = codes.Internal
		}
		obs.RPCDuration.WithLabelValues(info.FullMethod, code.String()).Observe(time.Since(start).Seconds())
		return resp, err
	}
}

// authenticate puts the caller of a call in its context: the service
// credential for internal methods, else the bearer token once verified and
// checked against the deny-list (authn.Revoked; unreadable deny-list: the
// call is refused with Unavailable). A guest token (social login without a
// local user) reaches only what authn.GuestMayCall allows.
func authenticate(v *authn.Verifier, deny cache.Cache, secret string) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		if info.FullMethod == "/grpc.health.v1.Health/Check" {
			return h(ctx, req)
		}
		md, _ := metadata.FromIncomingContext(ctx)
		internal := false
		if vals := md.Get(MDInternalSecret); len(vals) > 0 && secret != "" {
			internal = subtle.ConstantTimeCompare([]byte(vals[0]), []byte(secret)) == 1
		}
		if perm.Internal(info.FullMethod) {
			if !internal {
				return nil, errs.Forbidden("内部接口")
			}
			return h(ident.AsSystem(ctx), req)
		}
		var token string
		for _, v := range md.Get(MDAuthorization) {
			if len(v) > 7 && strings.EqualFold(v[:7], "bearer ") {
				token = v
				break
			}
		}
		open := perm.Of(info.FullMethod) == perm.Open
		if token != "" && v != nil {
			if id, err := v.Verify(token); err == nil {
				revoked, err := authn.Revoked(ctx, deny, id)
				if err != nil {
					slog.Error("token deny-list unreadable; refusing the call", "method", info.FullMethod, "err", err, "request_id", ident.RequestID(ctx))
					return nil, authn.ErrDenyListDown
				}
				if !revoked {
					switch {
					case !id.Guest || authn.GuestMayCall(info.FullMethod):
						return h(ident.With(ctx, id), req)
					case open:
						// An open method serves a guest as it serves anyone.
						return h(ctx, req)
					default:
						return nil, errs.Forbidden(authn.MsgGuest)
					}
				}
			}
			if !open {
				return nil, errs.Unauthorized("")
			}
		}
		if open {
			return h(ctx, req)
		}
		if internal {
			// A service calling a public method for a tenant (event
			// consumers) or for the platform itself.
			if t := md.Get(MDTenantID); len(t) > 0 && t[0] != "" {
				return h(ident.ForTenant(ctx, t[0]), req)
			}
			return h(ident.AsSystem(ctx), req)
		}
		return nil, errs.Unauthorized("")
	}
}
