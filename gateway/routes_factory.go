package gateway

import (
	"context"
	"net/http"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/encoding/protojson"

	commonv1 "anquan/proto/blade/common/v1"
	factoryv1 "anquan/proto/blade/factory/v1"
)

// base-factory: the enterprise record, risk partitions, map settings and the
// common drop-down look-ups (/api/base-factory, /api/nDoublePrevention
// factory paths, /api/common). GET /config/config.json is the caller
// tenant's 3D map settings as the map reads them (spec 7.9): a plain JSON
// file, not the Blade envelope.
func init() {
	addRoute(Route{
		Service: "factory",
		Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return factoryv1.RegisterFactoryServiceHandlerClient(ctx, mux, factoryv1.NewFactoryServiceClient(c))
		},
		HTTP: map[string]func(conn grpc.ClientConnInterface) http.Handler{
			"GET /config/config.json": mapConfigHandler,
		},
	})
}

var mapConfigJSON = protojson.MarshalOptions{EmitUnpopulated: true}

func mapConfigHandler(conn grpc.ClientConnInterface) http.Handler {
	client := factoryv1.NewFactoryServiceClient(conn)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m, err := client.MapSettingDetail(OutgoingContext(r), &commonv1.Empty{})
		if err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		b, err := mapConfigJSON.Marshal(m)
		if err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		w.Header().Set("Content-Type", contentTypeJSON)
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(b)
	})
}
