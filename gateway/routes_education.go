package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	educationv1 "anquan/proto/blade/education/v1"
)

// education: question bank, papers, exams, attempts and certificates.
func init() {
	addRoute(Route{Service: "education", Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
		return educationv1.RegisterEducationServiceHandlerClient(ctx, mux, educationv1.NewEducationServiceClient(c))
	}})
}
