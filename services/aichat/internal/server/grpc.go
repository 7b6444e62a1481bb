// Package server makes aichat's gRPC server (kratos layout): the shared
// interceptors and permission rule of kit with this service's handlers.
package server

import (
	"anquan/aichat/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/aichat/v1"
)

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h pb.AichatServiceServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterAichatServiceServer(g.Server, h)
	return g, nil
}
