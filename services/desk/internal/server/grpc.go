// Package server makes blade-desk's gRPC server (kratos layout): the shared
// interceptors of kit/server with this service's handlers registered.
package server

import (
	"anquan/desk/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/desk/v1"
)

// Handlers is what the service layer implements.
type Handlers pb.DeskServiceServer

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h Handlers) (*kitserver.GRPC, error) {
	g, err := kitserver.NewGRPC(conf.Name, addr, in.Verifier, in.Secret)
	if err != nil {
		return nil, err
	}
	pb.RegisterDeskServiceServer(g.Server, h)
	return g, nil
}
