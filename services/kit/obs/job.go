package obs

import (
	"context"
	crand "crypto/rand"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/trace"
)

// StartJob gives one run of a background job (a scheduler tick, a reminder
// sweep) a trace of its own, so the events it raises carry a traceparent
// like those raised by requests. With an exporter configured the run is a
// real root span; without one (the noop provider, which only continues
// incoming traces) a fresh sampled trace id is minted so the run can still
// be followed through the logs and the NATS headers. The returned func ends
// the span.
func StartJob(ctx context.Context, name string) (context.Context, func()) {
	ctx, span := otel.Tracer("anquan/jobs").Start(ctx, name, trace.WithNewRoot(), trace.WithSpanKind(trace.SpanKindInternal))
	if span.SpanContext().IsValid() {
		return ctx, func() { span.End() }
	}
	var tid trace.TraceID
	var sid trace.SpanID
	_, _ = crand.Read(tid[:]) // crypto/rand.Read never fails (Go 1.24+)
	_, _ = crand.Read(sid[:])
	sc := trace.NewSpanContext(trace.SpanContextConfig{TraceID: tid, SpanID: sid, TraceFlags: trace.FlagsSampled})
	return trace.ContextWithSpanContext(ctx, sc), func() {}
}
