// Package server makes the workticket gRPC server (kratos layout): the
// shared interceptors and permission rule of kit with this service's handlers.
package server

import (
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/workticket/v1"
	"anquan/workticket/internal/conf"
)

// Handlers is what the service layer implements.
type Handlers interface {
	pb.WorkticketServiceServer
	pb.WorkticketInternalServer
}

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h Handlers) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterWorkticketServiceServer(g.Server, h)
	pb.RegisterWorkticketInternalServer(g.Server, h)
	return g, nil
}
