// Package server makes equipment's gRPC server (kratos layout).
package server

import (
	"anquan/equipment/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/equipment/v1"
)

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h pb.EquipmentServiceServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterEquipmentServiceServer(g.Server, h)
	return g, nil
}
