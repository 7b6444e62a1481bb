// Package server makes the education gRPC server (kratos layout): the
// shared interceptors and permission rule of kit with this service's handlers.
package server

import (
	"anquan/education/internal/conf"
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	pb "anquan/proto/blade/education/v1"
)

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h pb.EducationServiceServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterEducationServiceServer(g.Server, h)
	return g, nil
}
