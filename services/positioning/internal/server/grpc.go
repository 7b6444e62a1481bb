// Package server makes positioning's gRPC server (kratos layout) and its
// position ingest from the bus: monitor's MQTT ingest forwards what
// gateways publish to anquan/<tenant>/<gateway>/position.
package server

import (
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	"anquan/positioning/internal/conf"
	pb "anquan/proto/blade/positioning/v1"
)

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h pb.PositioningServiceServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterPositioningServiceServer(g.Server, h)
	return g, nil
}
