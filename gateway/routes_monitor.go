package gateway

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"anquan/kit/ident"

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
			"GET /api/monitor/stream":   monitorStream,
			"POST " + monitorIngestPath: monitorIngest,
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

// monitorIngestPath is the HTTP batch ingest of gateways without MQTT. It
// takes no user token: authenticate (authz.go) leaves its Basic
// credentials alone, and monitor checks them as it checks an MQTT login.
const monitorIngestPath = "/api/monitor/ingest"

// ingestJSON writes the Blade envelope.
var ingestJSON = newBladeJSON()

// monitorIngestBody bounds a batch.
const monitorIngestBody = 1 << 20

// IngestPerIPMinute bounds the batches from one address a minute (each
// gateway has its own budget in monitor too).
const IngestPerIPMinute = 600

// monitorIngest: POST /api/monitor/ingest, HTTP Basic auth
// "<tenantId>:<gatewayCode>" and the gateway's secret, body the MQTT
// telemetry payload; answers {accepted, dropped}.
func monitorIngest(conn grpc.ClientConnInterface) http.Handler {
	client := monitorv1.NewMonitorServiceClient(conn)
	perIP := &localLimiter{perMin: IngestPerIPMinute, ips: map[string]*localBucket{}}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !perIP.allow(r.Context(), ident.ClientIP(r.Context())) {
			w.Header().Set("Retry-After", "60")
			writeBlade(w, http.StatusTooManyRequests, "上报过于频繁,请稍后再试")
			return
		}
		user, secret, ok := gatewayBasic(r.Header.Get("Authorization"))
		if !ok {
			w.Header().Set("WWW-Authenticate", `Basic realm="anquan-gateway"`)
			writeBlade(w, http.StatusUnauthorized, "请使用网关用户名(租户ID:网关编码)和密钥进行 HTTP Basic 认证")
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, monitorIngestBody))
		if err != nil {
			writeBlade(w, http.StatusRequestEntityTooLarge, "上报数据过大,单次不超过 1 MiB")
			return
		}
		// No user identity goes along: the call is the gateway's.
		out, err := client.Ingest(OutgoingContext(r), &monitorv1.IngestRequest{Username: user, Secret: secret, Payload: body})
		if err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		b, err := ingestJSON.Marshal(out)
		if err != nil {
			errorHandler(r.Context(), nil, nil, w, r, err)
			return
		}
		w.Header().Set("Content-Type", contentTypeJSON)
		_, _ = w.Write(b)
	})
}

// gatewayBasic reads Basic credentials whose user id is
// "<tenantId>:<gatewayCode>": the decoded "tenant:code:secret" splits at its
// first two colons (tenant ids and gateway codes have none; a secret may).
// net/http's BasicAuth would split at the first.
func gatewayBasic(h string) (user, secret string, ok bool) {
	const prefix = "basic "
	if len(h) < len(prefix) || !strings.EqualFold(h[:len(prefix)], prefix) {
		return "", "", false
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(h[len(prefix):]))
	if err != nil {
		return "", "", false
	}
	tenant, rest, ok1 := strings.Cut(string(raw), ":")
	code, secret, ok2 := strings.Cut(rest, ":")
	if !ok1 || !ok2 || tenant == "" || code == "" || secret == "" {
		return "", "", false
	}
	return tenant + ":" + code, secret, true
}
