package gateway

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"anquan/kit/authn"
	"anquan/kit/cache"
	"anquan/kit/ident"
)

// authenticate verifies the Blade-Auth bearer token (or the blade-auth query
// parameter for downloads and SSE) and puts the identity in the request
// context. A missing or bad token is not refused here: the permission
// interceptor refuses it for every method that is not open, so the open
// paths are declared once, in the protos.
func authenticate(v *authn.Verifier, c cache.Cache, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw := r.Header.Get("Blade-Auth")
		if raw == "" {
			raw = r.URL.Query().Get("blade-auth")
		}
		if raw == "" {
			if a := r.Header.Get("Authorization"); len(a) > 7 && strings.EqualFold(a[:7], "bearer ") {
				raw = a
			}
		}
		if raw != "" {
			if id, err := v.Verify(raw); err == nil && !revoked(r.Context(), c, id) {
				r = r.WithContext(ident.With(r.Context(), id))
			}
		}
		// grpc-gateway forwards Authorization as metadata on its own; the
		// client's Basic credentials mean nothing past the token endpoint,
		// and the caller's token is forwarded from the identity instead.
		if r.URL.Path != tokenPath {
			r.Header.Del("Authorization")
		}
		next.ServeHTTP(w, r)
	})
}

// revoked checks logout (by token id) and the per-user cut-off (password
// change, lock, removal).
func revoked(ctx context.Context, c cache.Cache, id *ident.Identity) bool {
	if _, ok, _ := c.Get(ctx, cache.RevokedJTI(id.JTI)); ok {
		return true
	}
	if v, ok, _ := c.Get(ctx, cache.RevokedBefore(id.TenantID, id.UserID)); ok {
		if t, err := strconv.ParseInt(v, 10, 64); err == nil && id.IssuedAt <= t {
			return true
		}
	}
	return false
}
