// Package bus connects to NATS JetStream: an embedded server with its store
// under the data folder by default, an external cluster in production.
package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
)

// SubjectPrefix of every domain event: anquan.<svc>.<entity>.<verb>.
const SubjectPrefix = "anquan."

// Bus is a JetStream connection with the event stream ensured.
type Bus struct {
	NC     *nats.Conn
	JS     jetstream.JetStream
	Stream string
	srv    *server.Server
}

// Event is the payload every domain event carries.
type Event struct {
	ID         string          `json:"id"`
	Subject    string          `json:"subject"`
	TenantID   string          `json:"tenantId"`
	OccurredAt time.Time       `json:"occurredAt"`
	Data       json.RawMessage `json:"data"`
}

// Open starts the embedded server (url empty; store in dir) or connects to url.
func Open(ctx context.Context, url, dir, stream string) (*Bus, error) {
	b := &Bus{Stream: stream}
	var opts []nats.Option
	opts = append(opts, nats.Name("anquan"), nats.MaxReconnects(-1), nats.ReconnectWait(time.Second))
	if url == "" {
		srv, err := server.NewServer(&server.Options{
			ServerName: "anquan-embedded",
			DontListen: true, // in-process only: never collides with a machine's NATS on 4222
			JetStream:  true,
			StoreDir:   dir,
			NoSigs:     true,
			NoLog:      true,
		})
		if err != nil {
			return nil, fmt.Errorf("embedded nats: %w", err)
		}
		srv.Start()
		if !srv.ReadyForConnections(10 * time.Second) {
			srv.Shutdown()
			return nil, errors.New("embedded nats did not start")
		}
		b.srv = srv
		opts = append(opts, nats.InProcessServer(srv))
	}
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		b.shutdownServer()
		return nil, fmt.Errorf("connect nats %s: %w", url, err)
	}
	b.NC = nc
	js, err := jetstream.New(nc)
	if err != nil {
		b.Close()
		return nil, err
	}
	b.JS = js
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err = js.CreateOrUpdateStream(cctx, jetstream.StreamConfig{
		Name:       stream,
		Subjects:   []string{SubjectPrefix + ">"},
		Storage:    jetstream.FileStorage,
		MaxAge:     7 * 24 * time.Hour,
		Duplicates: 10 * time.Minute,
	})
	if err != nil {
		b.Close()
		return nil, fmt.Errorf("ensure stream %s: %w", stream, err)
	}
	return b, nil
}

// Publish sends an event; msgID makes redelivery by the outbox harmless.
func (b *Bus) Publish(ctx context.Context, subject, msgID string, data []byte, header map[string]string) error {
	m := nats.NewMsg(subject)
	m.Data = data
	for k, v := range header {
		m.Header.Set(k, v)
	}
	otel.GetTextMapPropagator().Inject(ctx, carrier(m.Header))
	_, err := b.JS.PublishMsg(ctx, m, jetstream.WithMsgID(msgID))
	return err
}

// Handler processes one event; returning an error redelivers it later.
type Handler func(ctx context.Context, e Event) error

// Subscribe runs durable consumers named durable for subjects until ctx ends.
// Handlers must be idempotent (they receive the event id). Each subject gets
// its own consumer (durable-N): servers before 2.10 accept one filter each.
func (b *Bus) Subscribe(ctx context.Context, durable string, subjects []string, h Handler) error {
	for i, subject := range subjects {
		name := durable
		if len(subjects) > 1 {
			name = fmt.Sprintf("%s-%d", durable, i)
		}
		if err := b.consume(ctx, name, subject, h); err != nil {
			return err
		}
	}
	return nil
}

func (b *Bus) consume(ctx context.Context, durable, subject string, h Handler) error {
	cons, err := b.JS.CreateOrUpdateConsumer(ctx, b.Stream, jetstream.ConsumerConfig{
		Durable:       durable,
		FilterSubject: subject,
		AckPolicy:     jetstream.AckExplicitPolicy,
		MaxDeliver:    20,
		AckWait:       30 * time.Second,
		BackOff:       []time.Duration{time.Second, 5 * time.Second, 30 * time.Second},
	})
	if err != nil {
		return fmt.Errorf("consumer %s: %w", durable, err)
	}
	cc, err := cons.Consume(func(m jetstream.Msg) {
		hctx := otel.GetTextMapPropagator().Extract(context.Background(), carrier(m.Headers()))
		var e Event
		if err := json.Unmarshal(m.Data(), &e); err != nil {
			slog.Error("bad event payload; dropping", "subject", m.Subject(), "err", err)
			_ = m.Term()
			return
		}
		if err := h(hctx, e); err != nil {
			slog.Warn("event handler failed; will retry", "consumer", durable, "subject", m.Subject(), "id", e.ID, "err", err)
			_ = m.Nak()
			return
		}
		_ = m.Ack()
	})
	if err != nil {
		return err
	}
	go func() { <-ctx.Done(); cc.Stop() }()
	return nil
}

// Ready reports a live connection.
func (b *Bus) Ready() bool { return b != nil && b.NC != nil && b.NC.IsConnected() }

// Close drains the connection and stops the embedded server.
func (b *Bus) Close() {
	if b.NC != nil {
		_ = b.NC.Drain()
		for i := 0; i < 50 && !b.NC.IsClosed(); i++ {
			time.Sleep(20 * time.Millisecond)
		}
		b.NC.Close()
	}
	b.shutdownServer()
}

func (b *Bus) shutdownServer() {
	if b.srv != nil {
		b.srv.Shutdown()
		b.srv.WaitForShutdown()
		b.srv = nil
	}
}

// carrier reads and writes trace context in NATS headers with the keys as
// the W3C spec writes them (NATS headers are case-sensitive, unlike HTTP's).
type carrier nats.Header

func (c carrier) Get(k string) string {
	if v := nats.Header(c)[k]; len(v) > 0 {
		return v[0]
	}
	return ""
}

func (c carrier) Set(k, v string) { nats.Header(c)[k] = []string{v} }

func (c carrier) Keys() []string {
	out := make([]string, 0, len(c))
	for k := range c {
		out = append(out, k)
	}
	return out
}

var _ propagation.TextMapCarrier = carrier(nil)

// Watch calls fn with the tenant and subject of every event matching
// subject until ctx ends. It is a core subscription, so every replica hears
// every event: the right tool for dropping caches (a missed event is
// harmless there; durable work belongs in Subscribe).
func (b *Bus) Watch(ctx context.Context, subject string, fn func(tenant, subject string)) error {
	if b == nil || b.NC == nil {
		return nil
	}
	sub, err := b.NC.Subscribe(subject, func(m *nats.Msg) {
		var e struct {
			TenantID string `json:"tenantId"`
		}
		if json.Unmarshal(m.Data, &e) == nil {
			fn(e.TenantID, m.Subject)
		}
	})
	if err != nil {
		return err
	}
	go func() { <-ctx.Done(); _ = sub.Unsubscribe() }()
	return nil
}
