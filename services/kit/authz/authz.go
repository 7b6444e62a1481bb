// Package authz decides whether a caller may call a method: casbin RBAC with
// domains (tenants) over the menu and button codes each RPC declares in its
// proto, loaded from blade-system and kept fresh by its events. The gateway
// checks on the way in; every service checks again, so a service reached
// without the gateway refuses the same calls.
package authz

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/casbin/casbin/v2"
	"github.com/casbin/casbin/v2/model"
	"github.com/nats-io/nats.go"
	"google.golang.org/grpc"

	"anquan/kit/bus"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/perm"
	commonv1 "anquan/proto/blade/common/v1"
	systemv1 "anquan/proto/blade/system/v1"
)

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

// Policies is the casbin RBAC-with-domains enforcer over menu and button
// codes (p = role, tenant, code), loaded from blade-system and reloaded on
// system events and every minute. Administrator roles hold every code of
// their tenant.
type Policies struct {
	mu     sync.RWMutex
	e      *casbin.SyncedCachedEnforcer
	supers map[string]bool // tenant|role
	loaded time.Time
	client systemv1.SystemInternalClient
}

func New(client systemv1.SystemInternalClient) (*Policies, error) {
	m, err := model.NewModelFromString(casbinModel)
	if err != nil {
		return nil, err
	}
	e, err := casbin.NewSyncedCachedEnforcer(m)
	if err != nil {
		return nil, err
	}
	e.SetExpireTime(time.Minute)
	return &Policies{e: e, supers: map[string]bool{}, client: client}, nil
}

func (p *Policies) Reload(ctx context.Context) error {
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
	// A cache that cannot be emptied would keep answering from the old
	// rules: report it, so the caller keeps refusing until a reload works.
	if err := p.e.InvalidateCache(); err != nil {
		return err
	}
	p.supers = supers
	p.loaded = time.Now()
	return nil
}

// Allowed reports whether any of the caller's roles holds one of codes.
func (p *Policies) Allowed(id *ident.Identity, codes []string) bool {
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
			ok, err := p.e.Enforce(rs, id.TenantID, c)
			if err != nil {
				// Not allowed: an enforcer error never grants a code.
				slog.Error("permission check failed; refusing", "tenant", id.TenantID, "role", rs, "code", c, "err", err)
				continue
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// Run keeps the policies fresh: on system events (a core subscription sees
// what JetStream stores), and every minute.
func (p *Policies) Run(ctx context.Context, b *bus.Bus) {
	kick := make(chan struct{}, 1)
	if b != nil && b.NC != nil {
		sub, err := b.NC.Subscribe(bus.SubjectPrefix+"system.>", func(*nats.Msg) {
			select {
			case kick <- struct{}{}:
			default:
			}
		})
		if err != nil {
			// Changes then take effect with the minute's reload only.
			slog.Warn("permission change subscription failed; reloading every minute only", "err", err)
		} else {
			defer func() {
				// Stopping: a failed unsubscribe ends with the connection anyway.
				if err := sub.Unsubscribe(); err != nil {
					slog.Debug("permission subscription: unsubscribe", "err", err)
				}
			}()
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
		if err := p.Reload(ctx); err != nil {
			slog.Warn("permission reload failed", "err", err)
		}
	}
}

// ClientInterceptor refuses, at the gateway, the calls the caller may not
// make: no identity on a method that is not open (401), or no role holding
// its permission (403).
func (p *Policies) ClientInterceptor(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	if err := p.check(ctx, method); err != nil {
		return err
	}
	return invoker(ctx, method, req, reply, cc, opts...)
}

// Loaded reports whether policies were read at least once.
func (p *Policies) Loaded() bool {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return !p.loaded.IsZero()
}

// check applies the rule of a method to the caller in ctx.
func (p *Policies) check(ctx context.Context, method string) error {
	if perm.Internal(method) || ident.IsSystem(ctx) {
		return nil
	}
	need := perm.Of(method)
	if need == perm.Open {
		return nil
	}
	id := ident.From(ctx)
	if id == nil {
		return errs.Unauthorized("")
	}
	codes := perm.Codes(need)
	if len(codes) == 0 || id.Super || id.Token == "" {
		// No code needed; an administrator; or a service acting for a
		// tenant (internal credential, no user token).
		return nil
	}
	if !p.Loaded() {
		if err := p.Reload(ctx); err != nil {
			// The permission store does not answer: refused (503), not let through.
			slog.Warn("permissions not loaded; refusing", "err", err)
			return errs.Unavailable("权限数据尚未就绪,请稍后再试")
		}
	}
	if !p.Allowed(id, codes) {
		return errs.Forbidden("")
	}
	return nil
}

// ServerInterceptor refuses, inside a service, the calls the caller's roles
// do not allow (the same rule the gateway applies).
// The policies travel in the context to the handler, so a business layer can
// check a button that depends on the record (Can).
func (p *Policies) ServerInterceptor(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	if err := p.check(ctx, info.FullMethod); err != nil {
		return nil, err
	}
	return h(context.WithValue(ctx, policiesKey{}, p), req)
}

type policiesKey struct{}

// Can reports whether the caller holds one of codes, for a call whose button
// depends on the record it acts on (one approve call for three kinds of
// request, each kind with its own button). It follows the interceptor's rule:
// the platform itself, an administrator and a service acting for a tenant
// without a user token may; without the policies in the context (a call that
// did not pass the interceptor) nobody may: it fails closed.
func Can(ctx context.Context, codes ...string) bool {
	if ident.IsSystem(ctx) {
		return true
	}
	id := ident.From(ctx)
	if id == nil {
		return false
	}
	if id.Super || id.Token == "" {
		return true
	}
	p, _ := ctx.Value(policiesKey{}).(*Policies)
	return p != nil && p.Loaded() && p.Allowed(id, codes)
}

var errNotLoaded = errors.New("permissions not loaded")

// Ready reports whether the policies are loaded.
func (p *Policies) Ready() error {
	if !p.Loaded() {
		return errNotLoaded
	}
	return nil
}

// Guard makes the policies a service enforces: loaded from blade-system on
// first need, refreshed on its events and every minute until stop is called.
func Guard(system systemv1.SystemInternalClient, b *bus.Bus) (p *Policies, stop func(), err error) {
	p, err = New(system)
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	go p.Run(ctx, b)
	return p, cancel, nil
}
