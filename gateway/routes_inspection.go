package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	inspectionv1 "anquan/proto/blade/inspection/v1"
)

// inspection: points, plans (routes with their inspector and cycle), tasks
// and records of intelligent inspection (/api/inspection).
func init() {
	addRoute(Route{Service: "inspection", Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
		return inspectionv1.RegisterInspectionServiceHandlerClient(ctx, mux, inspectionv1.NewInspectionServiceClient(c))
	}})
}
