// Package server makes blade-desk's gRPC server (kratos layout): the shared
// interceptors of kit/server with this service's handlers registered.
package server

import (
	"anquan/desk/internal/conf"
	"anquan/kit/authz"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/desk/v1"
	systemv1 "anquan/proto/blade/system/v1"
)

// Handlers is what the service layer implements.
type Handlers pb.DeskServiceServer

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h Handlers) (*kitserver.GRPC, error) {
	// The same permission rule as the gateway, so a caller reaching this
	// service directly is refused what the gateway would refuse.
	pol, stop, err := authz.Guard(systemv1.NewSystemInternalClient(in.Dialer.Lazy("system")), in.Bus)
	if err != nil {
		return nil, err
	}
	g, err := kitserver.NewGRPC(conf.Name, addr, in.Verifier, in.Secret, pol.ServerInterceptor)
	if err != nil {
		stop()
		return nil, err
	}
	g.OnStop(stop)
	pb.RegisterDeskServiceServer(g.Server, h)
	return g, nil
}
