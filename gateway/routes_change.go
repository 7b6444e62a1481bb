package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	changev1 "anquan/proto/blade/change/v1"
)

// change: requests, their steps, PSSR items and the people informed or trained (/api/change).
func init() {
	addRoute(Route{
		Service: "change",
		Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return changev1.RegisterChangeServiceHandlerClient(ctx, mux, changev1.NewChangeServiceClient(c))
		},
	})
}
