// Package server makes change's gRPC server (kratos layout).
package server

import (
	"anquan/change/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/change/v1"
)

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h pb.ChangeServiceServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterChangeServiceServer(g.Server, h)
	return g, nil
}
