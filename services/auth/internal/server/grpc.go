// Package server makes blade-auth's gRPC server (kratos layout): the shared
// interceptors and permission rule of kit with this service's handlers.
package server

import (
	"anquan/auth/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/auth/v1"
)

// Handlers is what the service layer implements.
type Handlers interface {
	pb.AuthServiceServer
	pb.AuthInternalServer
}

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h Handlers) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterAuthServiceServer(g.Server, h)
	pb.RegisterAuthInternalServer(g.Server, h)
	return g, nil
}
