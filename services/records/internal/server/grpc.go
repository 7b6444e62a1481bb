// Package server makes records' gRPC server (kratos layout).
package server

import (
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/records/v1"
	"anquan/records/internal/conf"
)

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h pb.RecordsServiceServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterRecordsServiceServer(g.Server, h)
	return g, nil
}
