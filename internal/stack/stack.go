// Package stack composes targets into components: every service and the
// gateway for --target=all, or one of them alone. cmd/anquan, the API tests
// and the benchmark all start Anquan through it, so they run the same code.
package stack

import (
	"context"
	"fmt"
	"sort"
	"time"

	authapp "anquan/auth/app"
	deskapp "anquan/desk/app"
	"anquan/gateway"
	"anquan/kit/component"
	"anquan/kit/conf"
	"anquan/kit/obs"
	"anquan/kit/platform"
	"anquan/kit/runner"
	systemapp "anquan/system/app"
	userapp "anquan/user/app"
)

// service is one business service the stack can run. The four platform
// services are listed here; every other service adds itself from its own file
// (svc_<name>.go) with register, so adding a service touches no shared line.
type service struct {
	name string
	// order: lower starts first (system before the services that read it).
	order int
	mk    func(in *platform.Infra, grpcAddr string) component.Component
}

var services = []service{
	{"system", 10, func(in *platform.Infra, a string) component.Component { return systemapp.New(in, a) }},
	{"user", 20, func(in *platform.Infra, a string) component.Component { return userapp.New(in, a) }},
	{"auth", 30, func(in *platform.Infra, a string) component.Component { return authapp.New(in, a) }},
	{"desk", 40, func(in *platform.Infra, a string) component.Component { return deskapp.New(in, a) }},
}

// register adds a service (called from init in svc_<name>.go).
func register(name string, order int, mk func(in *platform.Infra, grpcAddr string) component.Component) {
	services = append(services, service{name, order, mk})
	sort.SliceStable(services, func(i, j int) bool { return services[i].order < services[j].order })
}

// Targets names what --target accepts.
func Targets() []string {
	t := []string{"all", "gateway"}
	for _, s := range services {
		t = append(t, s.name)
	}
	return t
}

// Stack is a started set of components.
type Stack struct {
	Infra   *platform.Infra
	Parts   []component.Component
	Gateway *gateway.Gateway
	started []component.Component
	trace   func(context.Context) error
}

// Build makes the components of cfg.Target (not started).
func Build(ctx context.Context, cfg *conf.Config) (*Stack, error) {
	obs.SetupLogs(cfg.Log.Level)
	trace, err := obs.SetupTracing(ctx, "anquan-"+cfg.Target, cfg.Tracing.OTLPEndpoint)
	if err != nil {
		return nil, err
	}
	in, err := platform.Open(ctx, cfg)
	if err != nil {
		return nil, err
	}
	s := &Stack{Infra: in, trace: trace}
	grpcAddr := cfg.GRPC
	if cfg.Target == "all" || grpcAddr == "" {
		grpcAddr = "127.0.0.1:0" // in-process neighbours find each other through the dialer
	}
	switch cfg.Target {
	case "all":
		for _, sv := range services {
			s.Parts = append(s.Parts, sv.mk(in, grpcAddr))
		}
		s.Gateway = gateway.New(in, func() []component.Component { return s.Parts })
		s.Parts = append(s.Parts, s.Gateway)
	case "gateway":
		s.Gateway = gateway.New(in, func() []component.Component { return s.Parts })
		s.Parts = append(s.Parts, s.Gateway)
	default:
		for _, sv := range services {
			if sv.name == cfg.Target {
				s.Parts = append(s.Parts, sv.mk(in, grpcAddr))
			}
		}
		if len(s.Parts) == 0 {
			in.Close()
			return nil, fmt.Errorf("unknown target %q (use one of %v)", cfg.Target, Targets())
		}
	}
	return s, nil
}

// Start starts every part in order.
func (s *Stack) Start(ctx context.Context) error {
	started, err := runner.Start(ctx, s.Parts)
	s.started = started
	return err
}

// Stop stops in reverse order and closes the infrastructure.
func (s *Stack) Stop() {
	runner.StopAll(s.started, 30*time.Second)
	s.Infra.Close()
	s.FlushTraces()
}

// FlushTraces sends buffered spans (when an exporter is configured).
func (s *Stack) FlushTraces() {
	if s.trace != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_ = s.trace(ctx)
		cancel()
	}
}
