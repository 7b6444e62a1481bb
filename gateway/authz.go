package gateway

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	"anquan/kit/authn"
	"anquan/kit/cache"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/perm"
)

// authenticate verifies the Blade-Auth bearer token (or the blade-auth query
// parameter for downloads and SSE), checks it against the deny-list
// (authn.Revoked: token, session, user cut-off in one cache round trip) and
// puts the identity in the request context. A missing, bad or revoked token
// is not refused here: the permission interceptor refuses it for every
// method that is not open, so the open paths are declared once, in the
// protos. A deny-list that cannot be read refuses the request (503): a
// logged-out token must not pass while the cache is away.
func authenticate(v *authn.Verifier, c cache.Cache, keys *keyTokens, next http.Handler) http.Handler {
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
		// The gateways' HTTP batch ingest carries their own Basic
		// credentials, checked by monitor; no user token is read there.
		if r.URL.Path == monitorIngestPath {
			raw = ""
		}
		if raw != "" {
			var id *ident.Identity
			var err error
			if keys != nil && keyApplies(r.URL.Path, raw) {
				id, err = keyIdentity(r.Context(), v, c, keys, raw)
			} else {
				id, err = identify(r.Context(), v, c, raw)
			}
			if errors.Is(err, errKeyLimited) {
				slog.Warn("API keys from one address over the budget", "ip", ident.ClientIP(r.Context()), "path", r.URL.Path, "request_id", ident.RequestID(r.Context()))
				// keys open the OpenAI-compatible paths only, so the answer is the OpenAI error object
				writeAIError(w, http.StatusTooManyRequests, "rate_limit_error", "rate_limit_exceeded", errs.Message(errKeyLimited))
				return
			}
			if err != nil {
				slog.Error("token deny-list unreadable; refusing the request", "path", r.URL.Path, "err", err, "request_id", ident.RequestID(r.Context()))
				writeBlade(w, http.StatusServiceUnavailable, authn.MsgDenyListDown)
				return
			}
			if id != nil {
				r = r.WithContext(ident.With(r.Context(), id))
			}
		}
		// grpc-gateway forwards Authorization as metadata on its own; the
		// client's Basic credentials mean nothing past the token endpoint,
		// and the caller's token is forwarded from the identity instead.
		if r.URL.Path != tokenPath && r.URL.Path != monitorIngestPath {
			r.Header.Del("Authorization")
		}
		next.ServeHTTP(w, r)
	})
}

// identify is the identity of a token that verifies and is not revoked, or
// nil; an error only when the deny-list cannot be read.
func identify(ctx context.Context, v *authn.Verifier, c cache.Cache, raw string) (*ident.Identity, error) {
	id, err := v.Verify(raw)
	if err != nil {
		return nil, nil
	}
	revoked, err := authn.Revoked(ctx, c, id)
	if err != nil || revoked {
		return nil, err
	}
	return id, nil
}

// keyIdentity is the identity of the user an API key acts as (through the
// token blade-auth mints for it), or nil when the key is refused;
// errKeyLimited when the address is over its budget of keys. A kept
// token that is refused (the user's tokens were cut off after it was
// minted) is minted once more: blade-auth decides again.
func keyIdentity(ctx context.Context, v *authn.Verifier, c cache.Cache, keys *keyTokens, raw string) (*ident.Identity, error) {
	for _, fresh := range []bool{false, true} {
		tok, err := keys.token(ctx, raw, fresh)
		if errors.Is(err, errKeyLimited) {
			return nil, err
		}
		if err != nil {
			if errs.Code(err) != codes.Unauthenticated {
				slog.Warn("API key not resolved", "err", err, "request_id", ident.RequestID(ctx))
			}
			return nil, nil
		}
		id, err := identify(ctx, v, c, tok)
		if id != nil || err != nil {
			return id, err
		}
	}
	return nil, nil
}

// guestOnly refuses, at the gateway, what a guest token (a social login not
// yet registered and approved) may not call; the services apply the same
// rule (kit/server), so one reached directly refuses too. Open methods
// serve a guest as they serve anyone.
func guestOnly(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	if id := ident.From(ctx); id != nil && id.Guest && !authn.GuestMayCall(method) && perm.Of(method) != perm.Open {
		return errs.Forbidden(authn.MsgGuest)
	}
	return invoker(ctx, method, req, reply, cc, opts...)
}
