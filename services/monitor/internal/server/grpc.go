// Package server makes monitor's gRPC server (kratos layout) and its MQTT
// ingest: the embedded broker with gateway authentication, or a client of
// an external broker.
package server

import (
	"anquan/kit/platform"
	kitserver "anquan/kit/server"
	"anquan/monitor/internal/conf"
	pb "anquan/proto/blade/monitor/v1"
)

// New listens on addr and registers h.
func New(in *platform.Infra, addr string, h pb.MonitorServiceServer) (*kitserver.GRPC, error) {
	g, err := in.GRPCServer(conf.Name, addr)
	if err != nil {
		return nil, err
	}
	pb.RegisterMonitorServiceServer(g.Server, h)
	return g, nil
}
