package gateway

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	videov1 "anquan/proto/blade/video/v1"
)

// video-surveillance: cameras and AI video alarms (/api/video-surveillance),
// the live alarm stream GET /api/video-surveillance/stream as Server-Sent
// Events (event "alarm" with its id, "heartbeat" when idle, resumed after
// Last-Event-ID), and the live video of a signed stream token
// GET /api/video-surveillance/live?token= as MJPEG
// (multipart/x-mixed-replace): the token, issued by camera/play to a user
// holding the camera's menu, is the credential, so an <img> can play it and
// a copied URL stops working when it expires. The snapshots video stored
// itself (the simulator's frames) are served at
// GET /api/video-surveillance/snapshot/<name> to the tenant's users holding
// the alarm menu (?blade-auth= for an <img>).
func init() {
	addRoute(Route{
		Service: "video",
		Register: func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return videov1.RegisterVideoServiceHandlerClient(ctx, mux, videov1.NewVideoServiceClient(c))
		},
		HTTP: map[string]func(conn grpc.ClientConnInterface) http.Handler{
			"GET /api/video-surveillance/stream":          videoStream,
			"GET /api/video-surveillance/live":            videoLive,
			"GET /api/video-surveillance/snapshot/{name}": videoSnapshot,
		},
	})
}

// untilStop is the request's context, also cancelled when the gateway stops.
func untilStop(r *http.Request) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(OutgoingContext(r))
	go func() {
		select {
		case <-Stopping(r.Context()):
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}

func videoStream(conn grpc.ClientConnInterface) http.Handler {
	client := videov1.NewVideoServiceClient(conn)
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
		ctx, cancel := untilStop(r)
		defer cancel()
		st, err := client.Stream(ctx, &videov1.VideoStreamQuery{LastEventId: after})
		if err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		// The first event ("ready", after any backlog) tells a refusal
		// from a stream, before the headers are sent.
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
			data := []byte("{}")
			if e.Kind == "alarm" && e.Alarm != nil {
				b, err := liveJSON.Marshal(e.Alarm)
				if err != nil {
					return
				}
				data = b
			}
			if e.Id > 0 {
				_, err = fmt.Fprintf(w, "id: %d\nevent: %s\ndata: %s\n\n", e.Id, e.Kind, data)
			} else {
				_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.Kind, data)
			}
			if err != nil || rc.Flush() != nil {
				return
			}
			if e, err = st.Recv(); err != nil {
				return
			}
		}
	})
}

// mjpegBoundary separates the frames of an MJPEG response.
const mjpegBoundary = "anquanframe"

func videoLive(conn grpc.ClientConnInterface) http.Handler {
	client := videov1.NewVideoServiceClient(conn)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok := r.URL.Query().Get("token")
		if tok == "" || len(tok) > 500 {
			writeBlade(w, http.StatusForbidden, "视频流地址无效或已过期,请重新打开")
			return
		}
		ctx, cancel := untilStop(r)
		defer cancel()
		st, err := client.Live(ctx, &videov1.LiveQuery{Token: tok})
		if err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		// The first frame tells a refused token from a stream.
		f, err := st.Recv()
		if err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		h := w.Header()
		if f.ContentType != "image/jpeg" {
			// A platform's stream (FLV) is relayed as it comes.
			h.Set("Content-Type", f.ContentType)
			h.Set("Cache-Control", "no-store")
			h.Set("X-Accel-Buffering", "no")
			h.Set("No-Gzip-Compression", "1")
			w.WriteHeader(http.StatusOK)
			rc := http.NewResponseController(w)
			for {
				if _, err := w.Write(f.Data); err != nil || rc.Flush() != nil {
					return
				}
				if f, err = st.Recv(); err != nil {
					return
				}
			}
		}
		h.Set("Content-Type", "multipart/x-mixed-replace; boundary="+mjpegBoundary)
		h.Set("Cache-Control", "no-store")
		h.Set("X-Accel-Buffering", "no")
		h.Set("No-Gzip-Compression", "1")
		w.WriteHeader(http.StatusOK)
		rc := http.NewResponseController(w)
		for {
			if _, err := fmt.Fprintf(w, "--%s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n", mjpegBoundary, f.ContentType, len(f.Data)); err != nil {
				return
			}
			if _, err := w.Write(f.Data); err != nil {
				return
			}
			if _, err := w.Write([]byte("\r\n")); err != nil {
				return
			}
			if rc.Flush() != nil {
				return
			}
			if f, err = st.Recv(); err != nil {
				return
			}
		}
	})
}

func videoSnapshot(conn grpc.ClientConnInterface) http.Handler {
	client := videov1.NewVideoServiceClient(conn)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !signedIn(w, r) {
			return
		}
		f, err := client.AlarmSnapshot(OutgoingContext(r), &videov1.VideoSnapshotQuery{Name: r.PathValue("name")})
		if err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		h := w.Header()
		h.Set("Content-Type", f.ContentType)
		h.Set("Content-Length", strconv.Itoa(len(f.Data)))
		h.Set("X-Content-Type-Options", "nosniff")
		// A tenant's picture behind a token: private caches only.
		h.Set("Cache-Control", "private, max-age=3600")
		_, _ = w.Write(f.Data)
	})
}
