package gateway

import (
	"context"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	equipmentv1 "anquan/proto/blade/equipment/v1"
)

// equipment: the ledger of equipment and safety facilities, detection
// rules, maintenance and detection records (/api/equipment).
func init() {
	addRoute(Route{Service: "equipment", Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
		return equipmentv1.RegisterEquipmentServiceHandlerClient(ctx, mux, equipmentv1.NewEquipmentServiceClient(c))
	}})
}
