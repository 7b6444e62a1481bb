// Package server makes prevention's gRPC server (kratos layout): the shared
// interceptors and permission rule of kit with this service's handlers.
package server

import (
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	"anquan/prevention/internal/conf"
	pb "anquan/proto/blade/prevention/v1"
)

// Handlers is what the service layer implements.
type Handlers interface {
	pb.PreventionServiceServer
	pb.PreventionInternalServer
}

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h Handlers) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterPreventionServiceServer(g.Server, h)
	pb.RegisterPreventionInternalServer(g.Server, h)
	return g, nil
}
