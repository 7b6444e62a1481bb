// Package server makes accident's gRPC server (kratos layout).
package server

import (
	"anquan/accident/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/accident/v1"
)

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h pb.AccidentServiceServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterAccidentServiceServer(g.Server, h)
	return g, nil
}
