package gateway

import (
	"context"
	"net/http"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
)

// unmatched labels the metrics of requests no route took (any random path
// an anonymous client asks for), so they add no series.
const unmatched = "unmatched"

type routeKey struct{}

// route is filled in by the handler that takes a request: the template it
// was registered under, never the raw path (ids and random paths would
// grow a metric series each).
type route struct{ name string }

func withRoute(ctx context.Context) (context.Context, *route) {
	rt := &route{name: unmatched}
	return context.WithValue(ctx, routeKey{}, rt), rt
}

func setRoute(ctx context.Context, name string) {
	if rt, ok := ctx.Value(routeKey{}).(*route); ok {
		rt.name = name
	}
}

// named labels the requests of a plain handler with its http.ServeMux pattern.
func named(pattern string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		setRoute(r.Context(), pattern)
		h.ServeHTTP(w, r)
	})
}

// routeTemplate labels the requests the grpc-gateway mux routes with the
// google.api.http path template of the method ("/api/blade-user/detail").
func routeTemplate(next runtime.HandlerFunc) runtime.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, params map[string]string) {
		if p, ok := runtime.HTTPPattern(r.Context()); ok {
			setRoute(r.Context(), p.String())
		}
		next(w, r, params)
	}
}
