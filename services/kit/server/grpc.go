// Package server builds a service's gRPC server (kratos transport/grpc) with
// the middleware every service shares: panic recovery, request id and logs, metrics, tracing,
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

	"github.com/go-kratos/kratos/v2/middleware"
	"github.com/go-kratos/kratos/v2/transport"
	kgrpc "github.com/go-kratos/kratos/v2/transport/grpc"
	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"anquan/kit/authn"
	"anquan/kit/cache"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/obs"
	"anquan/kit/perm"
)

// Flow-control windows of every service's server (bytes).
const (
	StreamWindow = 512 << 10
	ConnWindow   = 8 << 20
)

// Metadata keys on internal calls.
const (
	MDAuthorization  = "authorization"
	MDInternalSecret = "x-anquan-internal" //nolint:gosec // G101: a metadata key name, not a secret
	MDRequestID      = "x-request-id"
	MDClientIP       = "x-client-ip"
	MDTenantID       = "x-tenant-id"
	MDUserID         = "x-user-id"
	MDRoleID         = "x-role-id"
	MDDeptID         = "x-dept-id"
)

// GRPC is a service's gRPC server: kratos' transport/grpc server (grpc-go
// underneath) on a listener opened up front, so the address is known before
// serving and a taken port fails NewGRPC, not a goroutine.
type GRPC struct {
	// Server is where handlers register: the grpc-go server inside Kratos
	// and the in-process channel (Local) both.
	Server grpc.ServiceRegistrar
	Kratos *kgrpc.Server
	// Local is the in-process channel of the all-in-one binary (local.go).
	Local *Local
	grpc  *grpc.Server
	lis   net.Listener
	name  string
}

// NewGRPC listens on addr (":0"-style addresses pick a free port); extra
// interceptors (the permission check) run after the token is verified.
// deny is the cache holding the token deny-list (authn.Revoked).
//
// Every call passes, in this order, kratos middleware (streams: the same
// chain as stream interceptors, Validate on each received message): recovery, then
// observe (request id, logs, metrics, error hiding), authenticate, extra and
// Validate, the last so a caller without the right learns nothing from a
// validation answer. The otelgrpc stats handler stays a grpc-go option: it
// extracts the caller's traceparent before any middleware runs, so spans
// join the gateway's trace (kratos' tracing middleware would add a second
// span per call).
func NewGRPC(name, addr string, verifier *authn.Verifier, deny cache.Cache, internalSecret string, extra ...grpc.UnaryServerInterceptor) (*GRPC, error) {
	if deny == nil {
		return nil, fmt.Errorf("%s grpc: no cache for the token deny-list", name)
	}
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("%s grpc listen %s: %w", name, addr, err)
	}
	obs.Metrics()
	auth := authenticate(verifier, deny, internalSecret)
	mw := []middleware.Middleware{recovery, kratosExtras, Middleware(observe(name)), Middleware(auth)}
	for _, e := range extra {
		mw = append(mw, Middleware(e))
	}
	mw = append(mw, Middleware(Validate))
	streams := streamChain(name, auth, extra)
	k := kgrpc.NewServer(
		kgrpc.Listener(lis),
		// Kratos bounds every call to 1 s by default; calls here are
		// bounded by their callers (the gateway, the dialer).
		kgrpc.Timeout(0),
		// Reflection would describe every method to anyone; the server
		// never offered it.
		kgrpc.DisableReflection(),
		kgrpc.Middleware(mw...),
		// Kratos middleware does not run on streams: the same chain as
		// stream interceptors (stream.go).
		kgrpc.StreamInterceptor(streams...),
		kgrpc.Options(
			grpc.StatsHandler(otelgrpc.NewServerHandler()),
			grpc.MaxRecvMsgSize(32<<20),
			grpc.MaxSendMsgSize(64<<20),
			// Fixed flow-control windows instead of grpc-go's BDP estimate
			// (which grows a stream's window to 16 MiB): a streamed upload
			// has at most StreamWindow bytes in flight to the handler, so a
			// service's memory per upload is bounded and a refusal reaches
			// the sender before it sent much more.
			grpc.InitialWindowSize(StreamWindow),
			grpc.InitialConnWindowSize(ConnWindow),
		),
	)
	local := newLocal(mw, streams)
	return &GRPC{Server: registrar{s: k.Server, l: local}, Kratos: k, Local: local, grpc: k.Server, lis: lis, name: name}, nil
}

// Addr is the address the server listens on.
func (s *GRPC) Addr() string { return s.lis.Addr().String() }

// Serve runs in the background (a lone server; a kratos.App starts its own).
func (s *GRPC) Serve() {
	go func() {
		// Background, not a caller's context: kratos merges it into every
		// call's context, so it must live as long as the server.
		if err := s.Kratos.Start(context.Background()); err != nil {
			slog.Error("grpc server stopped", "service", s.name, "err", err)
		}
	}()
}

// Stop drains in-flight calls (health answers NOT_SERVING first), then
// forces a stop when ctx ends.
func (s *GRPC) Stop(ctx context.Context) { _ = s.Kratos.Stop(ctx) }

// Middleware runs a gRPC unary interceptor as kratos middleware (the method
// name comes from kratos' transport), so the interceptors keep their gRPC
// shape (and their tests) while kratos orders and runs them.
func Middleware(i grpc.UnaryServerInterceptor) middleware.Middleware {
	return func(next middleware.Handler) middleware.Handler {
		return func(ctx context.Context, req any) (any, error) {
			info := &grpc.UnaryServerInfo{}
			if tr, ok := transport.FromServerContext(ctx); ok {
				info.FullMethod = tr.Operation()
			}
			return i(ctx, req, info, grpc.UnaryHandler(next))
		}
	}
}

// recovery turns a panic into errs.Internal. Kratos' recovery middleware is
// not used: it logs the request message, which can hold passwords and tokens.
func recovery(next middleware.Handler) middleware.Handler {
	return func(ctx context.Context, req any) (resp any, err error) {
		defer func() {
			if r := recover(); r != nil {
				method := ""
				if tr, ok := transport.FromServerContext(ctx); ok {
					method = tr.Operation()
				}
				err = logPanic(ctx, method, r)
			}
		}()
		return next(ctx, req)
	}
}

// logPanic logs a handler's panic whole (unary or stream) and answers the
// generic internal error.
func logPanic(ctx context.Context, method string, r any) error {
	slog.Error("panic in handler", "method", method, "panic", fmt.Sprint(r), "stack", string(debug.Stack()), "request_id", ident.RequestID(ctx))
	return errs.Internal(nil)
}

// kratosExtras answers the services kratos registers on every server
// (channelz through grpc admin, kratos' metadata service describing every
// proto) as grpc-go answers an unknown service: they are not Anquan's API
// and would otherwise be open to any logged-in caller.
func kratosExtras(next middleware.Handler) middleware.Handler {
	return func(ctx context.Context, req any) (any, error) {
		if tr, ok := transport.FromServerContext(ctx); ok {
			if err := extraService(tr.Operation()); err != nil {
				return nil, err
			}
		}
		return next(ctx, req)
	}
}

// extraService refuses op when it belongs to a service kratos added.
func extraService(op string) error {
	if strings.HasPrefix(op, "/grpc.channelz.") || strings.HasPrefix(op, "/kratos.api.Metadata/") {
		return status.Errorf(codes.Unimplemented, "unknown service %s", op[1:strings.LastIndexByte(op, '/')])
	}
	return nil
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
		if info.FullMethod == "/grpc.health.v1.Health/Check" || info.FullMethod == "/grpc.health.v1.Health/Watch" {
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
