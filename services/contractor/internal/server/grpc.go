// Package server makes the contractor gRPC server (kratos layout): the
// shared interceptors and permission rule of kit with this service's handlers.
package server

import (
	"anquan/contractor/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/contractor/v1"
)

// Handlers is what the service layer implements.
type Handlers interface {
	pb.ContractorServiceServer
	pb.ContractorInternalServer
}

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h Handlers) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterContractorServiceServer(g.Server, h)
	pb.RegisterContractorInternalServer(g.Server, h)
	return g, nil
}
