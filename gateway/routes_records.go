package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	recordsv1 "anquan/proto/blade/records/v1"
)

// records: the chemical ledger with stock per location, and the controlled documents of organisation,
// responsibility and safety systems with their versions, publication and read confirmations (/api/records).
func init() {
	addRoute(Route{
		Service: "records",
		Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return recordsv1.RegisterRecordsServiceHandlerClient(ctx, mux, recordsv1.NewRecordsServiceClient(c))
		},
	})
}
