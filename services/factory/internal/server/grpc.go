// Package server makes base-factory's gRPC server (kratos layout): the
// shared interceptors and permission rule of kit with this service's
// handlers.
package server

import (
	"anquan/factory/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/factory/v1"
)

// Handlers is what the service layer implements.
type Handlers interface {
	pb.FactoryServiceServer
	pb.FactoryInternalServer
}

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h Handlers) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterFactoryServiceServer(g.Server, h)
	pb.RegisterFactoryInternalServer(g.Server, h)
	return g, nil
}
