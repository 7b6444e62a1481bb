package gateway

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/casbin/casbin/v2"
	"github.com/casbin/casbin/v2/model"
	"github.com/nats-io/nats.go"
	"google.golang.org/grpc"

	"anquan/kit/authn"
	"anquan/kit/bus"
	"anquan/kit/cache"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/perm"
	commonv1 "anquan/proto/blade/common/v1"
	systemv1 "anquan/proto/blade/system/v1"
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

const casbinModel = `
[request_definition]
r = sub, dom, obj

[policy_definition]
p = sub, dom, obj

[role_definition]
g = _, _, _

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = g(r.sub, p.sub, r.dom) && r.dom == p.dom && r.obj == p.obj
`

// policies is the casbin RBAC-with-domains enforcer over menu and button
// codes (p = role, tenant, code), loaded from blade-system and reloaded on
// system events and every minute. Administrator roles hold every code of
// their tenant.
type policies struct {
	mu     sync.RWMutex
	e      *casbin.SyncedCachedEnforcer
	supers map[string]bool // tenant|role
	loaded time.Time
	client systemv1.SystemInternalClient
}

func newPolicies(client systemv1.SystemInternalClient) (*policies, error) {
	m, err := model.NewModelFromString(casbinModel)
	if err != nil {
		return nil, err
	}
	e, err := casbin.NewSyncedCachedEnforcer(m)
	if err != nil {
		return nil, err
	}
	e.SetExpireTime(time.Minute)
	return &policies{e: e, supers: map[string]bool{}, client: client}, nil
}

func (p *policies) reload(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ident.AsSystem(ctx), 10*time.Second)
	defer cancel()
	list, err := p.client.GetPolicies(ctx, &commonv1.Empty{})
	if err != nil {
		return err
	}
	rules := make([][]string, 0, len(list.Items))
	for _, it := range list.Items {
		rules = append(rules, []string{it.RoleId, it.TenantId, it.Code})
	}
	supers := map[string]bool{}
	for _, s := range list.SuperRoles {
		supers[s] = true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.e.ClearPolicy()
	if len(rules) > 0 {
		if _, err := p.e.AddPolicies(rules); err != nil {
			return err
		}
	}
	_ = p.e.InvalidateCache()
	p.supers = supers
	p.loaded = time.Now()
	return nil
}

// allowed reports whether any of the caller's roles holds one of codes.
func (p *policies) allowed(id *ident.Identity, codes []string) bool {
	if id.Super {
		return true
	}
	p.mu.RLock()
	defer p.mu.RUnlock()
	for _, r := range id.RoleIDs {
		rs := strconv.FormatInt(r, 10)
		if p.supers[id.TenantID+"|"+rs] {
			return true
		}
		for _, c := range codes {
			if ok, _ := p.e.Enforce(rs, id.TenantID, c); ok {
				return true
			}
		}
	}
	return false
}

// run keeps the policies fresh: on system events (a core subscription sees
// what JetStream stores), and every minute.
func (p *policies) run(ctx context.Context, b *bus.Bus) {
	kick := make(chan struct{}, 1)
	if b != nil && b.NC != nil {
		sub, err := b.NC.Subscribe(bus.SubjectPrefix+"system.>", func(*nats.Msg) {
			select {
			case kick <- struct{}{}:
			default:
			}
		})
		if err == nil {
			defer func() { _ = sub.Unsubscribe() }()
		}
	}
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-kick:
		}
		if err := p.reload(ctx); err != nil {
			slog.Warn("permission reload failed", "err", err)
		}
	}
}

// interceptor refuses calls the caller may not make: no identity on a
// method that is not open (401), or no role holding its permission (403).
func (p *policies) interceptor(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	if perm.Internal(method) {
		return invoker(ctx, method, req, reply, cc, opts...)
	}
	need := perm.Of(method)
	if need == perm.Open {
		return invoker(ctx, method, req, reply, cc, opts...)
	}
	id := ident.From(ctx)
	if id == nil {
		return errs.Unauthorized("")
	}
	if codes := perm.Codes(need); len(codes) > 0 && !p.allowed(id, codes) {
		return errs.Forbidden("")
	}
	return invoker(ctx, method, req, reply, cc, opts...)
}
