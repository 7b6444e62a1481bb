// Package obs sets up structured logs, Prometheus metrics and OpenTelemetry
// tracing (the OTLP exporter stays off unless an endpoint is configured).
package obs

import (
	"context"
	"log/slog"
	"os"
	"strings"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.26.0"
)

// SetupLogs installs a JSON slog logger at level.
func SetupLogs(level string) {
	var l slog.Level
	switch strings.ToLower(level) {
	case "debug":
		l = slog.LevelDebug
	case "warn":
		l = slog.LevelWarn
	case "error":
		l = slog.LevelError
	default:
		l = slog.LevelInfo
	}
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: l})))
}

// SetupTracing installs W3C trace-context propagation always, and an OTLP/HTTP
// exporter when endpoint is set. The returned func flushes on shutdown.
func SetupTracing(ctx context.Context, service, endpoint string) (func(context.Context) error, error) {
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	if endpoint == "" {
		return func(context.Context) error { return nil }, nil
	}
	exp, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpoint(endpoint), otlptracehttp.WithInsecure())
	if err != nil {
		return nil, err
	}
	tp := sdktrace.NewTracerProvider(
		sdktrace.WithBatcher(exp),
		sdktrace.WithResource(resource.NewSchemaless(semconv.ServiceName(service))),
	)
	otel.SetTracerProvider(tp)
	return tp.Shutdown, nil
}

var (
	metricsOnce sync.Once
	// RPCDuration observes every gRPC call a service handles.
	RPCDuration *prometheus.HistogramVec
	// HTTPDuration observes every request the gateway answers.
	HTTPDuration *prometheus.HistogramVec
	// Events counts published and consumed domain events.
	Events *prometheus.CounterVec
)

// Metrics registers the shared collectors once.
func Metrics() {
	metricsOnce.Do(func() {
		RPCDuration = promauto.NewHistogramVec(prometheus.HistogramOpts{
			Name: "anquan_grpc_server_seconds", Help: "gRPC calls handled, by method and code.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"method", "code"})
		HTTPDuration = promauto.NewHistogramVec(prometheus.HistogramOpts{
			Name: "anquan_http_seconds", Help: "HTTP requests answered by the gateway, by route and status.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route", "status"})
		Events = promauto.NewCounterVec(prometheus.CounterOpts{
			Name: "anquan_events_total", Help: "Domain events, by subject and outcome.",
		}, []string{"subject", "outcome"})
	})
}
