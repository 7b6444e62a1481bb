// Package server makes video's gRPC server (kratos layout).
package server

import (
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/video/v1"
	"anquan/video/internal/conf"
)

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h pb.VideoServiceServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterVideoServiceServer(g.Server, h)
	return g, nil
}
