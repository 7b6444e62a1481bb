package gateway

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"

	positioningv1 "anquan/proto/blade/positioning/v1"
)

// positioning: tags, anchors, zones, positions and alarms
// (/api/positioning), and the live stream GET /api/positioning/stream as
// Server-Sent Events: "positions" (the fixes since the last frame, 4 a second),
// "headcount" (head counts when they change) and "alarm" (with its id,
// resumed after Last-Event-ID, header or lastEventId in the query),
// "heartbeat" when idle.
func init() {
	addRoute(Route{
		Service: "positioning",
		Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return positioningv1.RegisterPositioningServiceHandlerClient(ctx, mux, positioningv1.NewPositioningServiceClient(c))
		},
		HTTP: map[string]func(conn grpc.ClientConnInterface) http.Handler{
			"GET /api/positioning/stream": positioningStream,
		},
	})
}

func positioningStream(conn grpc.ClientConnInterface) http.Handler {
	client := positioningv1.NewPositioningServiceClient(conn)
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
		go func() {
			select {
			case <-Stopping(r.Context()):
				cancel()
			case <-ctx.Done():
			}
		}()
		st, err := client.Stream(ctx, &positioningv1.PosStreamQuery{LastEventId: after})
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
			if err := writePositioningEvent(w, e); err != nil {
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

func writePositioningEvent(w http.ResponseWriter, e *positioningv1.PosLiveEvent) error {
	var body proto.Message
	switch e.Kind {
	case "alarm":
		body = e.Alarm
	case "headcount":
		body = e.Headcounts
	case "positions":
		body = &positioningv1.PosPositionList{Items: e.Positions}
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
