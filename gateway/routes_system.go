package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	systemv1 "anquan/proto/blade/system/v1"
)

// blade-system: tenants, depts, roles, menus, dictionaries, parameters (/api/blade-system).
func init() {
	addRoute(Route{Service: "system", Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
		return systemv1.RegisterSystemServiceHandlerClient(ctx, mux, systemv1.NewSystemServiceClient(c))
	}})
}
