// Package gateway is the REST edge: the grpc-gateway mux for /api/** with
// the Blade envelope, token verification and permissions, the token
// endpoint, rate limits, OpenAPI docs, metrics and the web app.
package gateway

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"google.golang.org/grpc/metadata"

	"anquan/kit/authz"
	"anquan/kit/component"
	"anquan/kit/conf"
	"anquan/kit/ident"
	"anquan/kit/obs"
	"anquan/kit/platform"
	"anquan/kit/rpc"
	"anquan/kit/server"
	authv1 "anquan/proto/blade/auth/v1"
	commonv1 "anquan/proto/blade/common/v1"
	systemv1 "anquan/proto/blade/system/v1"
)

// Gateway is the HTTP edge component.
type Gateway struct {
	in         *platform.Infra
	parts      func() []component.Component
	srv        *http.Server
	lis        net.Listener
	dialer     *rpc.Dialer
	auth       authv1.AuthServiceClient
	pol        *authz.Policies
	tokenLimit ipLimiter
	cancel     context.CancelFunc
	ready      bool
	// stopping is closed when the gateway stops: long-lived responses (SSE)
	// end then, so the drain does not wait for them.
	stopping chan struct{}
}

// tokenPath is served by the gateway itself (see token.go).
const tokenPath = "/api/blade-auth/oauth/token" //nolint:gosec // G101: the token endpoint's URL path, not a credential

// New makes the gateway; parts lists what /readyz reports on.
func New(in *platform.Infra, parts func() []component.Component) *Gateway {
	return &Gateway{in: in, parts: parts, tokenLimit: newIPLimiter("token", in.Conf.Gateway.TokenRate, in.Cache)}
}

func (g *Gateway) Name() string { return "gateway" }

// Addr is where the gateway listens (after Start).
func (g *Gateway) Addr() string {
	if g.lis == nil {
		return ""
	}
	return g.lis.Addr().String()
}

// Start wires the mux and begins serving.
func (g *Gateway) Start(ctx context.Context) error {
	obs.Metrics()
	c := g.in.Conf
	addrs := map[string]string{}
	for _, s := range Services() {
		a := g.in.Dialer.Addr(s)
		if a == "" {
			return fmt.Errorf("gateway: no address for service %s (set services.%s or ANQUAN_%s_ADDR)", s, s, strings.ToUpper(s))
		}
		addrs[s] = a
	}
	px, err := conf.ParsePrefixes(c.Gateway.TrustedProxies)
	if err != nil {
		return fmt.Errorf("gateway.trustedProxies: %w", err)
	}
	g.dialer = rpc.NewDialer(addrs, g.in.Secret)
	for _, s := range Services() {
		// the services of this process, in-process (kit/server.Local)
		if l := g.in.Dialer.Local(s); l != nil {
			g.dialer.SetLocal(s, l)
		}
	}
	pol, err := authz.New(systemv1.NewSystemInternalClient(g.dialer.Lazy("system")))
	if err != nil {
		return err
	}
	g.pol = pol
	g.dialer.Use(guestOnly)
	g.dialer.Use(pol.ClientInterceptor)
	g.auth = authv1.NewAuthServiceClient(g.dialer.Lazy("auth"))

	blade := newBladeJSON()
	gw := runtime.NewServeMux(
		runtime.WithMarshalerOption(runtime.MIMEWildcard, &runtime.HTTPBodyMarshaler{Marshaler: blade}),
		runtime.WithMarshalerOption("application/x-www-form-urlencoded", formMarshaler{blade}),
		runtime.WithErrorHandler(errorHandler),
		runtime.WithRoutingErrorHandler(routingErrorHandler),
		runtime.SetQueryParameterParser(bladeQuery{}),
		runtime.WithIncomingHeaderMatcher(func(string) (string, bool) { return "", false }),
		runtime.WithOutgoingHeaderMatcher(func(k string) (string, bool) {
			if k == "content-disposition" {
				return "Content-Disposition", true
			}
			return "", false
		}),
		runtime.WithMetadata(forwardIdentity),
		runtime.WithMiddlewares(routeTemplate),
	)
	mux := http.NewServeMux()
	for _, r := range routes {
		conn := g.dialer.Lazy(r.Service)
		if err := r.Register(ctx, gw, conn); err != nil {
			return err
		}
		for pattern, h := range r.HTTP {
			mux.Handle(pattern, named(pattern, h(conn)))
		}
	}

	if err := commonv1.RegisterAuditServiceHandlerClient(ctx, gw, auditDispatch{dialer: g.dialer, pol: pol}); err != nil {
		return err
	}

	// Metrics are labelled by the pattern a request was routed by (the
	// grpc-gateway mux labels its own by path template; see route.go).
	ops := server.OpsMux(g.parts)
	for pattern, h := range map[string]http.Handler{
		tokenPath: http.HandlerFunc(g.tokenHandler), "/api/openapi.json": http.HandlerFunc(serveOpenAPI), "/api/docs": http.HandlerFunc(serveDocs),
		"/healthz": ops, "/readyz": ops, "/metrics": ops, "/debug/pprof/": ops, "/": spa(c.Web),
	} {
		mux.Handle(pattern, named(pattern, h))
	}
	mux.Handle("/api/", gw)

	// BestSpeed: JSON compresses well at level 1, and CPU is what a 2-core
	// plant server runs out of first. A body gzipped here gets its own ETag
	// (the static files' tags are of the plain file).
	gz, err := gzhttp.NewWrapper(gzhttp.MinSize(1024), gzhttp.CompressionLevel(gzip.BestSpeed), gzhttp.SuffixETag("-gzip"))
	if err != nil {
		return err
	}
	var h http.Handler = mux
	h = authenticate(g.in.Verifier, g.in.Cache, newKeyTokens(authv1.NewAuthInternalClient(g.dialer.Lazy("auth")), newIPLimiter("apikey", keyMintsPerMinute, g.in.Cache)), h)
	h = gz(h)
	// Uploads may be as large as the storage allows, plus the multipart
	// framing and what may be in flight to blade-resource when it refuses
	// a file over the limit (its flow-control window and a chunk each side,
	// about 1 MiB): the service checks the file's own size and answers with
	// the limit; this bound is the gateway's backstop.
	h = limitBody(c.Gateway.BodyLimit, c.Storage.MaxUpload+uploadSlack, h)
	h = withCORS(c.Gateway.CORSOrigins, h)
	// Trace context from the caller (W3C traceparent) continues through
	// the gRPC calls and into the events the services publish.
	h = otelhttp.NewHandler(h, "gateway", otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string { return r.Method + " " + r.URL.Path }))
	h = observe(c.Log.Access, proxies(px), h)
	h = securityHeaders(h)
	g.stopping = make(chan struct{})
	h = withStopping(g.stopping, h)

	lis, err := net.Listen("tcp", c.HTTP)
	if err != nil {
		return fmt.Errorf("gateway listen %s: %w", c.HTTP, err)
	}
	g.lis = lis
	g.srv = &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second}
	go func() {
		if err := g.srv.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
			slog.Error("gateway stopped", "err", err)
		}
	}()
	rctx, cancel := context.WithCancel(context.Background())
	g.cancel = cancel
	if err := pol.Reload(ctx); err != nil {
		slog.Warn("initial permission load failed; retrying in the background", "err", err)
	}
	go pol.Run(rctx, g.in.Bus)
	g.ready = true
	slog.Info("gateway listening", "addr", lis.Addr().String())
	return nil
}

// forwardIdentity puts the caller on the gRPC call as metadata: the token
// (services verify it offline) and its tenant, user, roles and dept.
func forwardIdentity(ctx context.Context, r *http.Request) metadata.MD {
	md := metadata.MD{}
	if rid := ident.RequestID(r.Context()); rid != "" {
		md.Set(server.MDRequestID, rid)
	}
	md.Set(server.MDClientIP, ident.ClientIP(r.Context()))
	if id := ident.From(r.Context()); id != nil {
		md.Set(server.MDAuthorization, "Bearer "+id.Token)
		md.Set(server.MDTenantID, id.TenantID)
		md.Set(server.MDUserID, fmt.Sprint(id.UserID))
		md.Set(server.MDRoleID, ident.JoinIDs(id.RoleIDs))
		md.Set(server.MDDeptID, ident.JoinIDs(id.DeptIDs))
	}
	return md
}

// Stop drains in-flight requests.
func (g *Gateway) Stop(ctx context.Context) error {
	g.ready = false
	if g.cancel != nil {
		g.cancel()
	}
	if g.stopping != nil {
		close(g.stopping)
		g.stopping = nil
	}
	var err error
	if g.srv != nil {
		err = g.srv.Shutdown(ctx)
	}
	if g.dialer != nil {
		g.dialer.Close()
	}
	return err
}

// Ready once serving and permissions are loaded.
func (g *Gateway) Ready(context.Context) error {
	if !g.ready || g.pol == nil {
		return errors.New("not started")
	}
	return g.pol.Ready()
}
