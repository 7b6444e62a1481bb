package runner

import (
	"context"
	"flag"
	"log/slog"
	"os"

	"anquan/kit/component"
	"anquan/kit/conf"
	"anquan/kit/obs"
	"anquan/kit/platform"
)

// Service is a component that reports where its gRPC server listens.
type Service interface {
	component.Component
	Addr() string
}

// Main runs one service alone (cmd/<name>), against the infrastructure its
// configuration names; `anquan --target=<name>` runs the same component.
// The HTTP address serves health and metrics, since no gateway runs here.
func Main(name string, mk func(in *platform.Infra, grpcAddr string) Service) {
	Exit(func() error {
		cfgFile := flag.String("config", os.Getenv("ANQUAN_CONFIG"), "YAML configuration file (env ANQUAN_CONFIG)")
		flag.Parse()
		cfg, err := conf.Load(*cfgFile)
		if err != nil {
			return err
		}
		cfg.Target = name
		obs.SetupLogs(cfg.Log.Level)
		ctx := context.Background()
		flush, err := obs.SetupTracing(ctx, name, cfg.Tracing.OTLPEndpoint)
		if err != nil {
			return err
		}
		defer func() {
			if err := flush(ctx); err != nil {
				slog.Warn("flush traces", "err", err)
			}
		}()
		in, err := platform.Open(ctx, cfg)
		if err != nil {
			return err
		}
		addr := cfg.GRPC
		if addr == "" {
			addr = "127.0.0.1:0" // any free port, logged when ready
		}
		svc := mk(in, addr)
		return Run(ctx, in, []component.Component{svc}, Options{OpsAddr: cfg.HTTP, Ready: func() {
			slog.Info(name+" ready", "grpc", svc.Addr(), "http", cfg.HTTP)
		}})
	}())
}
