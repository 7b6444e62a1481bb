package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	userv1 "anquan/proto/blade/user/v1"
)

// blade-user: accounts (/api/blade-user).
func init() {
	addRoute(Route{Service: "user", Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
		return userv1.RegisterUserServiceHandlerClient(ctx, mux, userv1.NewUserServiceClient(c))
	}})
}
