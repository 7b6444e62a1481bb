package server

import (
	"context"
	"sync"

	"github.com/fullstorydev/grpchan/inprocgrpc"
	"github.com/go-kratos/kratos/v2/middleware"
	"github.com/go-kratos/kratos/v2/transport"
	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// Local is a service's in-process channel: in the all-in-one binary the
// gateway and the other services call it as a function call instead of
// through a loopback socket (no HTTP/2 framing, no protobuf marshalling:
// messages are cloned). Calls pass exactly the chain of the network server
// — the same kratos middleware in the same order for unary calls, the same
// stream interceptors for streams — and the tracing stats handler, so a
// call behaves the same either way; the caller's context values never reach
// the handler (inprocgrpc keeps only cancellation, the deadline and the
// metadata). Deployments of one target per process use the network server.
//
// The gate follows the kratos app: closed until the service serves (calls
// answer Unavailable, as a dial to a service not listening yet fails),
// closed again when it stops, and the stop waits for the calls in flight
// before the database closes.
type Local struct {
	ch   *inprocgrpc.Channel
	mu   sync.RWMutex
	open bool
	// calls counts the calls in flight through the gate.
	calls sync.WaitGroup
}

func newLocal(mw []middleware.Middleware, streams []grpc.StreamServerInterceptor) *Local {
	l := &Local{ch: new(inprocgrpc.Channel)}
	// The chain is built once; each call's handler travels in its context.
	chain := middleware.Chain(mw...)(func(ctx context.Context, req any) (any, error) {
		return ctx.Value(handlerKey{}).(grpc.UnaryHandler)(ctx, req)
	})
	l.ch.WithServerUnaryInterceptor(func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		if !l.enter() {
			return nil, unavailable()
		}
		defer l.calls.Done()
		ctx = transport.NewServerContext(ctx, localTransport{op: info.FullMethod, md: incoming(ctx)})
		return chain(context.WithValue(ctx, handlerKey{}, h), req)
	})
	streamChain := chainStreams(streams)
	l.ch.WithServerStreamInterceptor(func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
		if !l.enter() {
			return unavailable()
		}
		defer l.calls.Done()
		return streamChain(srv, ss, info, h)
	})
	// As on the network: the client handler puts the caller's traceparent
	// on the call, the server handler continues its trace.
	l.ch.WithClientStatsHandler(otelgrpc.NewClientHandler())
	l.ch.WithServerStatsHandler(otelgrpc.NewServerHandler())
	return l
}

type handlerKey struct{}

func unavailable() error {
	return status.Error(codes.Unavailable, "服务未就绪或正在停止,请稍后重试")
}

// enter admits a call while the gate is open.
func (l *Local) enter() bool {
	l.mu.RLock()
	defer l.mu.RUnlock()
	if !l.open {
		return false
	}
	l.calls.Add(1)
	return true
}

// Open admits calls (the service serves).
func (l *Local) Open() { l.mu.Lock(); l.open = true; l.mu.Unlock() }

// Close refuses new calls; Drain waits for those in flight.
func (l *Local) Close() { l.mu.Lock(); l.open = false; l.mu.Unlock() }

// Drain waits for the calls in flight, or for ctx.
func (l *Local) Drain(ctx context.Context) {
	if ctx == nil {
		ctx = context.Background()
	}
	done := make(chan struct{})
	go func() { l.calls.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
}

// Channel is the client side: a grpc.ClientConnInterface (the dialer adds
// the same client interceptors as on a network connection).
func (l *Local) Channel() grpc.ClientConnInterface { return l.ch }

// chainStreams runs the stream interceptors in order around a handler.
func chainStreams(ints []grpc.StreamServerInterceptor) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
		next := h
		for i := len(ints) - 1; i >= 0; i-- {
			in, n := ints[i], next
			next = func(srv any, ss grpc.ServerStream) error { return in(srv, ss, info, n) }
		}
		return next(srv, ss)
	}
}

// registrar registers a service on the network server and the local channel.
type registrar struct {
	s *grpc.Server
	l *Local
}

func (r registrar) RegisterService(desc *grpc.ServiceDesc, impl any) {
	r.s.RegisterService(desc, impl)
	r.l.ch.RegisterService(desc, impl)
}

func incoming(ctx context.Context) metadata.MD {
	md, _ := metadata.FromIncomingContext(ctx)
	return md
}

// localTransport is what kratos middleware reads of a call (its operation
// and headers), as kratos' own gRPC transport gives them.
type localTransport struct {
	op string
	md metadata.MD
}

func (localTransport) Kind() transport.Kind              { return transport.KindGRPC }
func (localTransport) Endpoint() string                  { return "inproc" }
func (t localTransport) Operation() string               { return t.op }
func (t localTransport) RequestHeader() transport.Header { return mdHeader(t.md) }
func (t localTransport) ReplyHeader() transport.Header   { return mdHeader(metadata.MD{}) }

type mdHeader metadata.MD

func (h mdHeader) Get(k string) string {
	if v := metadata.MD(h).Get(k); len(v) > 0 {
		return v[0]
	}
	return ""
}
func (h mdHeader) Set(k, v string)          { metadata.MD(h).Set(k, v) }
func (h mdHeader) Add(k, v string)          { metadata.MD(h).Append(k, v) }
func (h mdHeader) Values(k string) []string { return metadata.MD(h).Get(k) }
func (h mdHeader) Keys() []string {
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	return keys
}
