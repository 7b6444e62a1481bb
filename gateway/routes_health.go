package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	healthv1 "anquan/proto/blade/health/v1"
)

// health: posts and hazard factors, detections, examinations, diagnoses and records (/api/health).
func init() {
	addRoute(Route{
		Service: "health",
		Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return healthv1.RegisterHealthServiceHandlerClient(ctx, mux, healthv1.NewHealthServiceClient(c))
		},
	})
}
