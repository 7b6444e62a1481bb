package gateway

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	monitorv1 "anquan/proto/blade/monitor/v1"
)

// monitor: gateways, devices, points and alarms (/api/monitor), and the
// live stream GET /api/monitor/stream as Server-Sent Events (grpc-gateway
// would stream newline-delimited JSON): events "alarm" and "value" with
// their id, "heartbeat" when idle, resumed after Last-Event-ID (header, or
// lastEventId in the query for clients that cannot set it).
func init() {
	addRoute(Route{
		Service: "monitor",
		Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return monitorv1.RegisterMonitorServiceHandlerClient(ctx, mux, monitorv1.NewMonitorServiceClient(c))
		},
		HTTP: map[string]func(conn grpc.ClientConnInterface) http.Handler{
			"GET /api/monitor/stream": monitorStream,
		},
	})
}

var liveJSON = protojson.MarshalOptions{}

func monitorStream(conn grpc.ClientConnInterface) http.Handler {
	client := monitorv1.NewMonitorServiceClient(conn)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		last := r.Header.Get("Last-Event-ID")
		if last == "" {
			last = r.URL.Query().Get("lastEventId")
		}
		var after int64
		if last != "" {
			v, err := strconv.ParseInt(last, 10, 64)
			if err != nil || v < 0 {
				writeBlade(w, http.StatusBadRequest, "Last-Event-ID 格式错误")
				return
			}
			after = v
		}
		ctx, cancel := context.WithCancel(OutgoingContext(r))
		defer cancel()
		// The stream ends when the client leaves or the gateway stops.
		go func() {
			select {
			case <-Stopping(r.Context()):
				cancel()
			case <-ctx.Done():
			}
		}()
		st, err := client.Stream(ctx, &monitorv1.StreamQuery{LastEventId: after})
		if err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		// The first event ("ready", after any backlog) tells a refusal
		// (401/403) from a stream, before the headers are sent.
		first, err := st.Recv()
		if err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "text/event-stream")
		h.Set("Cache-Control", "no-store")
		h.Set("X-Accel-Buffering", "no")
		h.Set("No-Gzip-Compression", "1")
		w.WriteHeader(http.StatusOK)
		rc := http.NewResponseController(w)
		for e := first; ; {
			if err := writeEvent(w, e); err != nil {
				return
			}
			if err := rc.Flush(); err != nil {
				return
			}
			if e, err = st.Recv(); err != nil {
				return
			}
		}
	})
}

func writeEvent(w http.ResponseWriter, e *monitorv1.LiveEvent) error {
	var body proto.Message = &monitorv1.LiveEvent{}
	switch e.Kind {
	case "alarm":
		body = e.Alarm
	case "value":
		body = e.Point
	}
	data := []byte("{}")
	if body != nil {
		b, err := liveJSON.Marshal(body)
		if err != nil {
			return err
		}
		if len(b) > 0 {
			data = b
		}
	}
	var err error
	if e.Id > 0 {
		_, err = fmt.Fprintf(w, "id: %d\nevent: %s\ndata: %s\n\n", e.Id, e.Kind, data)
	} else {
		_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.Kind, data)
	}
	return err
}
