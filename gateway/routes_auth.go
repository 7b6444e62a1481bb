package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	authv1 "anquan/proto/blade/auth/v1"
)

// blade-auth: captcha, social logins, clients (/api/blade-auth; the token endpoint is token.go).
func init() {
	addRoute(Route{Service: "auth", Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
		return authv1.RegisterAuthServiceHandlerClient(ctx, mux, authv1.NewAuthServiceClient(c))
	}})
}
