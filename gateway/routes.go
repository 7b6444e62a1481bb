package gateway

import (
	"context"
	"net/http"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// Route is what one service adds to the edge: the grpc-gateway bindings of
// its gRPC services and, where REST cannot be a proto mapping (multipart
// uploads, file downloads), plain handlers. Every service declares its Route
// in its own file (routes_<name>.go) with addRoute, so adding a service
// touches no shared line.
type Route struct {
	Service string
	// Register binds the service's generated handlers to conn.
	Register func(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error
	// HTTP maps a path pattern (http.ServeMux syntax) to a handler over conn.
	// The request has passed authentication; call OutgoingContext(r) for the
	// gRPC call so the service sees the caller.
	HTTP map[string]func(conn grpc.ClientConnInterface) http.Handler
}

// routes are what each service declared in its routes_<name>.go.
var routes []Route

// addRoute is called from init in routes_<name>.go.
func addRoute(r Route) { routes = append(routes, r) }

// Services the gateway routes to, each once (a service may add several
// routes, like user's certificate calls).
func Services() []string {
	names := make([]string, 0, len(routes))
	seen := map[string]bool{}
	for _, r := range routes {
		if !seen[r.Service] {
			seen[r.Service] = true
			names = append(names, r.Service)
		}
	}
	return names
}

// OutgoingContext carries the caller of r onto a gRPC call made by a plain
// HTTP handler, as the generated handlers do.
func OutgoingContext(r *http.Request) context.Context {
	return metadata.NewOutgoingContext(r.Context(), forwardIdentity(r.Context(), r))
}

// uploadPrefix: requests under it carry files (see limitBody).
const uploadPrefix = "/api/upload/"
