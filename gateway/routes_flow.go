package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	flowv1 "anquan/proto/blade/flow/v1"
)

// blade-flow: approvals (/api/blade-flow).
func init() {
	addRoute(Route{Service: "flow", Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
		return flowv1.RegisterFlowServiceHandlerClient(ctx, mux, flowv1.NewFlowServiceClient(c))
	}})
}
