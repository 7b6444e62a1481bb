// Package server makes blade-resource's gRPC server (kratos layout).
package server

import (
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/resource/v1"
	"anquan/resource/internal/conf"
)

// New listens on addr and registers the handlers.
func New(in *platform.Infra, addr string, h pb.ResourceServiceServer, internal pb.ResourceInternalServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterResourceServiceServer(g.Server, h)
	pb.RegisterResourceInternalServer(g.Server, internal)
	return g, nil
}
