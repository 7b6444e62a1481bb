package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	deskv1 "anquan/proto/blade/desk/v1"
)

// blade-desk: notices and messages (/api/blade-desk).
func init() {
	addRoute(Route{Service: "desk", Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
		return deskv1.RegisterDeskServiceHandlerClient(ctx, mux, deskv1.NewDeskServiceClient(c))
	}})
}
