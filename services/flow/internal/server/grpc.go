// Package server makes blade-flow's gRPC server (kratos layout): the shared
// interceptors and permission rule of kit with this service's handlers.
package server

import (
	"anquan/flow/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/flow/v1"
)

// New listens on addr and registers the public and internal handlers.
func New(in *platform.Infra, addr string, h pb.FlowServiceServer, internal pb.FlowInternalServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterFlowServiceServer(g.Server, h)
	pb.RegisterFlowInternalServer(g.Server, internal)
	return g, nil
}
