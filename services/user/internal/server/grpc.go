// Package server makes blade-user's gRPC server (kratos layout): the shared
// interceptors and permission rule of kit with this service's handlers.
package server

import (
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/user/v1"
	"anquan/user/internal/conf"
)

// Handlers is what the service layer implements.
type Handlers interface {
	pb.UserServiceServer
	pb.UserInternalServer
}

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h Handlers, c pb.CertificateServiceServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterUserServiceServer(g.Server, h)
	pb.RegisterUserInternalServer(g.Server, h)
	pb.RegisterCertificateServiceServer(g.Server, c)
	return g, nil
}
