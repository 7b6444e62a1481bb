// Package server makes blade-auth's gRPC server (kratos layout): the shared
// interceptors of kit/server with this service's handlers registered.
package server

import (
	"anquan/auth/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/auth/v1"
)

// Handlers is what the service layer implements.
type Handlers pb.AuthServiceServer

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h Handlers) (*kitserver.GRPC, error) {
	g, err := kitserver.NewGRPC(conf.Name, addr, in.Verifier, in.Secret)
	if err != nil {
		return nil, err
	}
	pb.RegisterAuthServiceServer(g.Server, h)
	return g, nil
}
