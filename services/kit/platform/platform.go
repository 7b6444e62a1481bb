// Package platform builds the infrastructure one process shares between its
// components: config, cache, bus, token keys, the internal secret and the
// dialer. The all-in-one binary builds it once; a lone target builds its own.
package platform

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sync"

	"anquan/kit/authn"
	"anquan/kit/authz"
	"anquan/kit/bus"
	"anquan/kit/cache"
	"anquan/kit/conf"
	"anquan/kit/idgen/lease"
	"anquan/kit/rpc"
	"anquan/kit/server"
	systemv1 "anquan/proto/blade/system/v1"
)

// Infra is what every component receives.
type Infra struct {
	Conf     *conf.Config
	Cache    cache.Cache
	Bus      *bus.Bus
	Keys     *authn.Keys
	Verifier *authn.Verifier
	Secret   string
	Dialer   *rpc.Dialer
	Lease    *lease.Lease // the process's snowflake node, held while it runs

	// guard: one set of permission policies for every service of this
	// process (loaded from blade-system, reloaded on its events).
	guardOnce sync.Once
	guard     *authz.Policies
	guardStop func()
	guardErr  error
}

// Open connects the shared infrastructure described by c.
func Open(ctx context.Context, c *conf.Config) (*Infra, error) {
	if err := os.MkdirAll(c.Data, 0o755); err != nil { //nolint:gosec // G301: the operator's data directory; 0755 kept (unchanged behaviour)
		return nil, fmt.Errorf("data folder %s: %w", c.Data, err)
	}
	in := &Infra{Conf: c}
	var err error
	if in.Keys, err = authn.LoadKeys(c); err != nil {
		return nil, err
	}
	in.Verifier = authn.NewVerifier(in.Keys)
	if in.Secret, err = authn.InternalSecret(c); err != nil {
		return nil, err
	}
	if c.Redis.Addr != "" {
		r := cache.NewRedis(c.Redis.Addr, c.Redis.Password, c.Redis.DB, c.Redis.Prefix)
		if err := r.Ping(ctx); err != nil {
			return nil, fmt.Errorf("redis %s: %w", c.Redis.Addr, err)
		}
		in.Cache = r
	} else {
		in.Cache = cache.NewMemory()
	}
	if in.Bus, err = bus.Open(ctx, c.NATS.URL, c.Path("nats"), c.NATS.Stream); err != nil {
		_ = in.Cache.Close() // the bus error is the one returned
		return nil, err
	}
	in.Dialer = rpc.NewDialer(c.Services, in.Secret)
	if c.InProc == "off" {
		in.Dialer.NoLocals()
	}
	if in.Lease, err = lease.Start(ctx, c, in.Cache); err != nil {
		in.Close()
		return nil, err
	}
	slog.Info("infrastructure ready", "db", c.DB.Driver, "cache", map[bool]string{true: "redis", false: "memory"}[c.Redis.Addr != ""], "nats", map[bool]string{true: c.NATS.URL, false: "embedded"}[c.NATS.URL != ""])
	return in, nil
}

// Close releases connections (after every component stopped).
func (in *Infra) Close() {
	if in.guardStop != nil {
		in.guardStop()
	}
	if in.Dialer != nil {
		in.Dialer.Close()
	}
	in.Lease.Stop()
	if in.Bus != nil {
		in.Bus.Close()
	}
	if in.Cache != nil {
		if err := in.Cache.Close(); err != nil {
			slog.Warn("close cache", "err", err)
		}
	}
}

// GRPCServer makes a service's gRPC server with the shared interceptors and
// the permission rule of kit/authz (the same rule the gateway applies, with
// policies read from blade-system), so a caller reaching the service
// directly is refused what the gateway would refuse.
func (in *Infra) GRPCServer(name, addr string) (*server.GRPC, error) {
	in.guardOnce.Do(func() {
		in.guard, in.guardStop, in.guardErr = authz.Guard(systemv1.NewSystemInternalClient(in.Dialer.Lazy("system")), in.Bus)
	})
	if in.guardErr != nil {
		return nil, in.guardErr
	}
	srv, err := server.NewGRPC(name, addr, in.Verifier, in.Cache, in.Secret, in.guard.ServerInterceptor)
	if err != nil {
		return nil, err
	}
	// Neighbours in this process call it in-process (its gate opens when it serves).
	in.Dialer.SetLocal(name, srv.Local.Channel())
	return srv, nil
}
