// Package server makes emergency's gRPC server (kratos layout).
package server

import (
	"anquan/emergency/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/emergency/v1"
)

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h pb.EmergencyServiceServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterEmergencyServiceServer(g.Server, h)
	return g, nil
}
