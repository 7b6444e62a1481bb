package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	preventionv1 "anquan/proto/blade/prevention/v1"
)

// nDoublePrevention: risk objects, units, events, control measures,
// inspection plans, tasks and records, hidden dangers, the commitment board,
// the big screen and the provincial upload package. (factoryMap and
// risk-partition under the same prefix are the factory service's.)
func init() {
	addRoute(Route{
		Service: "prevention",
		Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return preventionv1.RegisterPreventionServiceHandlerClient(ctx, mux, preventionv1.NewPreventionServiceClient(c))
		},
	})
}
