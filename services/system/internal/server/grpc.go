// Package server makes blade-system's gRPC server (kratos layout): the shared
// interceptors of kit/server with this service's handlers registered.
package server

import (
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/system/v1"
	"anquan/system/internal/conf"
)

// Handlers is what the service layer implements.
type Handlers interface {
	pb.SystemServiceServer
	pb.SystemInternalServer
}

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h Handlers) (*kitserver.GRPC, error) {
	g, err := kitserver.NewGRPC(conf.Name, addr, in.Verifier, in.Secret)
	if err != nil {
		return nil, err
	}
	pb.RegisterSystemServiceServer(g.Server, h)
	pb.RegisterSystemInternalServer(g.Server, h)
	return g, nil
}
