// Package stack composes targets into components: every service and the
// gateway for --target=all, or one of them alone. cmd/anquan, the API tests
// and the benchmark all start Anquan through it, so they run the same code.
package stack

import (
	"context"
	"fmt"
	"time"

	"anquan/gateway"
	"anquan/kit/component"
	"anquan/kit/conf"
	"anquan/kit/obs"
	"anquan/kit/platform"
	"anquan/kit/runner"
)

// service is one business service the stack can run. Every service adds
// itself from its own file (svc_<name>.go) with register, naming the
// services it needs started first; startOrder turns the needs into the
// start order, so adding a service touches no shared line.
type service struct {
	name  string
	needs []string
	mk    func(in *platform.Infra, grpcAddr string) component.Component
}

var services []service

// register adds a service (called from init in svc_<name>.go).
func register(name string, needs []string, mk func(in *platform.Infra, grpcAddr string) component.Component) {
	services = append(services, service{name, needs, mk})
}

// Targets names what --target accepts.
func Targets() []string {
	t := []string{"all", "gateway"}
	ordered, err := startOrder(services)
	if err != nil {
		ordered = services // Build reports the error
	}
	for _, s := range ordered {
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
	ordered, err := startOrder(services)
	if err != nil {
		return nil, err
	}
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
		for _, sv := range ordered {
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
