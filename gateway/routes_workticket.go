package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	workticketv1 "anquan/proto/blade/workticket/v1"
)

// n-work-ticket: the special-work permits.
func init() {
	addRoute(Route{Service: "workticket", Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
		return workticketv1.RegisterWorkticketServiceHandlerClient(ctx, mux, workticketv1.NewWorkticketServiceClient(c))
	}})
}
