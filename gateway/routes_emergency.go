package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	emergencyv1 "anquan/proto/blade/emergency/v1"
)

// emergency: rules, plans, supplies, teams and drills (/api/emergency).
func init() {
	addRoute(Route{
		Service: "emergency",
		Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return emergencyv1.RegisterEmergencyServiceHandlerClient(ctx, mux, emergencyv1.NewEmergencyServiceClient(c))
		},
	})
}
