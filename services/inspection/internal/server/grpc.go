// Package server makes inspection's gRPC server (kratos layout).
package server

import (
	"anquan/inspection/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/inspection/v1"
)

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h pb.InspectionServiceServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterInspectionServiceServer(g.Server, h)
	return g, nil
}
