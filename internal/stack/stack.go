// Package stack composes targets into components: every service and the
// gateway for --target=all, or one of them alone. cmd/anquan, the API tests
// and the benchmark all start Anquan through it, so they run the same code.
package stack

import (
	"context"
	"fmt"
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

// Targets names what --target accepts.
var Targets = []string{"all", "gateway", "auth", "system", "user", "desk"}

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
	// Order matters: system first (others read it), user before auth, the gateway last.
	mk := map[string]func() component.Component{
		"system": func() component.Component { return systemapp.New(in, grpcAddr) },
		"user":   func() component.Component { return userapp.New(in, grpcAddr) },
		"auth":   func() component.Component { return authapp.New(in, grpcAddr) },
		"desk":   func() component.Component { return deskapp.New(in, grpcAddr) },
	}
	switch cfg.Target {
	case "all":
		for _, n := range []string{"system", "user", "auth", "desk"} {
			s.Parts = append(s.Parts, mk[n]())
		}
		s.Gateway = gateway.New(in, func() []component.Component { return s.Parts })
		s.Parts = append(s.Parts, s.Gateway)
	case "gateway":
		s.Gateway = gateway.New(in, func() []component.Component { return s.Parts })
		s.Parts = append(s.Parts, s.Gateway)
	case "auth", "system", "user", "desk":
		s.Parts = append(s.Parts, mk[cfg.Target]())
	default:
		in.Close()
		return nil, fmt.Errorf("unknown target %q (use one of %v)", cfg.Target, Targets)
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
