// Package server makes health's gRPC server (kratos layout).
package server

import (
	"anquan/health/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/health/v1"
)

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h pb.HealthServiceServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterHealthServiceServer(g.Server, h)
	return g, nil
}
