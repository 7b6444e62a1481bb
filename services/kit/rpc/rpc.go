// Package rpc dials other services: one lazily created connection per
// service, with the caller's token (or the internal credential), request id
// and trace context forwarded.
package rpc

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/fullstorydev/grpchan"
	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"

	"anquan/kit/ident"
	"anquan/kit/server"
)

// Dialer resolves service names to addresses and keeps one connection each.
type Dialer struct {
	mu     sync.Mutex
	addrs  map[string]string
	conns  map[string]*grpc.ClientConn
	secret string
	extra  []grpc.UnaryClientInterceptor
	// locals are the in-process channels of services running in this
	// process (kit/server.Local); calls to them skip the socket.
	locals   map[string]grpc.ClientConnInterface
	wrapped  map[string]grpc.ClientConnInterface
	noLocals bool
}

// NewDialer with static addresses (name -> host:port) and the internal secret.
func NewDialer(addrs map[string]string, internalSecret string) *Dialer {
	d := &Dialer{addrs: map[string]string{}, conns: map[string]*grpc.ClientConn{}, secret: internalSecret}
	for k, v := range addrs {
		d.addrs[k] = v
	}
	return d
}

// SetAddr registers where a service listens (the all-in-one fills this at start).
func (d *Dialer) SetAddr(name, addr string) {
	d.mu.Lock()
	d.addrs[name] = addr
	d.mu.Unlock()
}

// Addr returns the registered address of a service.
func (d *Dialer) Addr(name string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.addrs[name]
}

// SetLocal registers the in-process channel of a service of this process:
// calls to it go through it (with the same client interceptors) instead of
// its network address. NoLocals (ANQUAN_INPROC=off) keeps the sockets.
func (d *Dialer) SetLocal(name string, ch grpc.ClientConnInterface) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.noLocals {
		return
	}
	if d.locals == nil {
		d.locals, d.wrapped = map[string]grpc.ClientConnInterface{}, map[string]grpc.ClientConnInterface{}
	}
	d.locals[name] = ch
	delete(d.wrapped, name)
}

// Local is the in-process channel registered for a service, or nil.
func (d *Dialer) Local(name string) grpc.ClientConnInterface {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.locals[name]
}

// NoLocals makes every call use the network (a comparison, a debugging aid).
func (d *Dialer) NoLocals() {
	d.mu.Lock()
	d.noLocals, d.locals, d.wrapped = true, nil, nil
	d.mu.Unlock()
}

// local is the intercepted in-process channel of a service, or nil.
func (d *Dialer) local(name string) grpc.ClientConnInterface {
	d.mu.Lock()
	defer d.mu.Unlock()
	ch, ok := d.locals[name]
	if !ok {
		return nil
	}
	if w, ok := d.wrapped[name]; ok {
		return w
	}
	ints := append([]grpc.UnaryClientInterceptor{d.forward}, d.extra...)
	w := grpchan.InterceptClientConn(ch, chainUnary(ints), chainStream(streamsOf(ints)))
	d.wrapped[name] = w
	return w
}

func chainUnary(ints []grpc.UnaryClientInterceptor) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		next := invoker
		for i := len(ints) - 1; i >= 0; i-- {
			in, n := ints[i], next
			next = func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, opts ...grpc.CallOption) error {
				return in(ctx, method, req, reply, cc, n, opts...)
			}
		}
		return next(ctx, method, req, reply, cc, opts...)
	}
}

func chainStream(ints []grpc.StreamClientInterceptor) grpc.StreamClientInterceptor {
	return func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
		next := streamer
		for i := len(ints) - 1; i >= 0; i-- {
			in, n := ints[i], next
			next = func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, opts ...grpc.CallOption) (grpc.ClientStream, error) {
				return in(ctx, desc, cc, method, n, opts...)
			}
		}
		return next(ctx, desc, cc, method, opts...)
	}
}

// Use adds client interceptors (the gateway's permission check) to later connections.
func (d *Dialer) Use(i grpc.UnaryClientInterceptor) {
	d.mu.Lock()
	d.extra = append(d.extra, i)
	d.wrapped = map[string]grpc.ClientConnInterface{}
	d.mu.Unlock()
}

// Conn returns the connection to a service.
func (d *Dialer) Conn(name string) (*grpc.ClientConn, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if c, ok := d.conns[name]; ok {
		return c, nil
	}
	addr := d.addrs[name]
	if addr == "" {
		return nil, fmt.Errorf("no address configured for service %q", name)
	}
	ints := append([]grpc.UnaryClientInterceptor{d.forward}, d.extra...)
	target, balance := Target(name, addr)
	c, err := grpc.NewClient(target, append(balance,
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithStatsHandler(otelgrpc.NewClientHandler()),
		grpc.WithChainUnaryInterceptor(ints...),
		// Streams pass the same interceptors (credentials, the caller's
		// permission and guest checks), adapted: none of them reads a
		// request message.
		grpc.WithChainStreamInterceptor(streamsOf(ints)...),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(64<<20)),
		// A fixed receive window (as the servers have, kit/server): a
		// download whose reader is slow holds at most this much per stream.
		grpc.WithInitialWindowSize(server.StreamWindow),
		grpc.WithInitialConnWindowSize(server.ConnWindow),
	)...)
	if err != nil {
		return nil, err
	}
	d.conns[name] = c
	return c, nil
}

// StreamOf runs a unary client interceptor in front of a stream: it sees
// the method and the context (no request or reply: nil) and opens the
// stream through its invoker, with the context and options it passes on;
// when it refuses, no stream is opened.
func StreamOf(i grpc.UnaryClientInterceptor) grpc.StreamClientInterceptor {
	return func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
		var cs grpc.ClientStream
		err := i(ctx, method, nil, nil, cc, func(ctx context.Context, method string, _, _ any, cc *grpc.ClientConn, opts ...grpc.CallOption) error {
			var err error
			cs, err = streamer(ctx, desc, cc, method, opts...)
			return err
		}, opts...)
		if err == nil && cs == nil {
			// Neither refused nor called on: fail closed.
			return nil, fmt.Errorf("stream %s: interceptor did not open it", method)
		}
		return cs, err
	}
}

func streamsOf(ints []grpc.UnaryClientInterceptor) []grpc.StreamClientInterceptor {
	out := make([]grpc.StreamClientInterceptor, len(ints))
	for i, in := range ints {
		out[i] = StreamOf(in)
	}
	return out
}

// MustConn panics on a configuration error (service wiring at start).
func (d *Dialer) MustConn(name string) *grpc.ClientConn {
	c, err := d.Conn(name)
	if err != nil {
		panic(err)
	}
	return c
}

// Lazy is a connection made on first use, so services can be wired before
// the ones they call have started.
func (d *Dialer) Lazy(name string) grpc.ClientConnInterface { return lazy{d: d, name: name} }

type lazy struct {
	d    *Dialer
	name string
}

func (l lazy) Invoke(ctx context.Context, method string, args, reply any, opts ...grpc.CallOption) error {
	if ch := l.d.local(l.name); ch != nil {
		return ch.Invoke(ctx, method, args, reply, opts...)
	}
	c, err := l.d.Conn(l.name)
	if err != nil {
		return err
	}
	return c.Invoke(ctx, method, args, reply, opts...)
}

func (l lazy) NewStream(ctx context.Context, desc *grpc.StreamDesc, method string, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	if ch := l.d.local(l.name); ch != nil {
		return ch.NewStream(ctx, desc, method, opts...)
	}
	c, err := l.d.Conn(l.name)
	if err != nil {
		return nil, err
	}
	return c.NewStream(ctx, desc, method, opts...)
}

// forward puts the caller's credentials on the outgoing call: the user's
// token when there is one, the internal secret always (so the callee knows
// a service is calling), plus request id and client address.
func (d *Dialer) forward(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	return invoker(d.outgoing(ctx, method), method, req, reply, cc, opts...)
}

// outgoing is ctx with the caller's credentials in its outgoing metadata.
func (d *Dialer) outgoing(ctx context.Context, method string) context.Context {
	md, _ := metadata.FromOutgoingContext(ctx)
	md = md.Copy()
	if id := ident.From(ctx); id != nil && id.Token != "" && len(md.Get(server.MDAuthorization)) == 0 {
		md.Set(server.MDAuthorization, "Bearer "+id.Token)
		md.Set(server.MDTenantID, id.TenantID)
		md.Set(server.MDUserID, strconv.FormatInt(id.UserID, 10))
	}
	// The internal credential goes on internal methods, and on calls a
	// service makes for itself (system contexts, event consumers acting for
	// a tenant without a user token). A user's call through the gateway never
	// carries it, so public methods keep their normal checks.
	if d.secret != "" && (isInternal(method) || ident.IsSystem(ctx) || (ident.From(ctx) != nil && ident.From(ctx).Token == "")) {
		md.Set(server.MDInternalSecret, d.secret)
		if id := ident.From(ctx); id != nil && id.Token == "" && len(md.Get(server.MDTenantID)) == 0 {
			md.Set(server.MDTenantID, id.TenantID)
		}
	}
	if rid := ident.RequestID(ctx); rid != "" {
		md.Set(server.MDRequestID, rid)
	}
	if ip := ident.ClientIP(ctx); ip != "" {
		md.Set(server.MDClientIP, ip)
	}
	return metadata.NewOutgoingContext(ctx, md)
}

func isInternal(method string) bool {
	for i := len(method) - 1; i >= 0; i-- {
		if method[i] == '/' {
			s := method[:i]
			return len(s) > 8 && s[len(s)-8:] == "Internal"
		}
	}
	return false
}

// Close closes every connection.
func (d *Dialer) Close() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, c := range d.conns {
		_ = c.Close()
	}
	d.conns = map[string]*grpc.ClientConn{}
}
