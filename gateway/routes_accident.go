package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	accidentv1 "anquan/proto/blade/accident/v1"
)

// accident: reports, supplements, investigations, corrective actions and near misses (/api/accident).
func init() {
	addRoute(Route{
		Service: "accident",
		Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return accidentv1.RegisterAccidentServiceHandlerClient(ctx, mux, accidentv1.NewAccidentServiceClient(c))
		},
	})
}
