package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	contractorv1 "anquan/proto/blade/contractor/v1"
)

// contractor: companies, their people, admission and the blacklist.
func init() {
	addRoute(Route{Service: "contractor", Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
		return contractorv1.RegisterContractorServiceHandlerClient(ctx, mux, contractorv1.NewContractorServiceClient(c))
	}})
}
