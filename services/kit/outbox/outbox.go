// Package outbox makes domain events as durable as the change that caused
// them: the event row is written in the same transaction, and a relay
// publishes it to JetStream (deduplicated by event id) afterwards.
package outbox

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	"gorm.io/gorm"

	"anquan/kit/bus"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/idgen"
)

// Event is one outbox row.
type Event struct {
	ID          int64  `gorm:"primaryKey;autoIncrement:false"`
	Subject     string `gorm:"size:200;not null"`
	TenantID    string `gorm:"size:12;not null;default:''"`
	Payload     string `gorm:"type:text;not null"`
	TraceParent string `gorm:"size:100;not null;default:''"`
	CreatedAt   time.Time
	PublishedAt *time.Time `gorm:"index"`
	Attempts    int        `gorm:"not null;default:0"`
}

// TableName keeps one name on every engine.
func (Event) TableName() string { return "outbox_event" }

// Migrate creates the outbox table.
func Migrate(g *gorm.DB) error { return g.AutoMigrate(&Event{}) }

// Outbox writes events and relays them.
type Outbox struct {
	DB      *gorm.DB
	Bus     *bus.Bus
	kick    chan struct{}
	stop    chan struct{}
	done    chan struct{}
	once    sync.Once
	started atomic.Bool
	every   time.Duration
}

// New binds an outbox to a service database and the bus.
func New(g *gorm.DB, b *bus.Bus) *Outbox {
	return &Outbox{DB: g, Bus: b, kick: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}), every: 500 * time.Millisecond}
}

// Add records an event in the transaction of ctx (see db.Tx). subject is
// "<svc>.<entity>.<verb>"; the prefix "anquan." is added.
func (o *Outbox) Add(ctx context.Context, subject, tenantID string, data any) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return err
	}
	id := idgen.Next()
	full := bus.SubjectPrefix + subject
	payload, _ := json.Marshal(bus.Event{ID: strconv.FormatInt(id, 10), Subject: full, TenantID: tenantID, OccurredAt: time.Now(), Data: raw})
	carrier := propagation.MapCarrier{}
	otel.GetTextMapPropagator().Inject(ctx, carrier)
	e := &Event{ID: id, Subject: full, TenantID: tenantID, Payload: string(payload), TraceParent: carrier["traceparent"], CreatedAt: time.Now()}
	if err := db.Conn(ident.AsSystem(ctx), o.DB).Create(e).Error; err != nil {
		return err
	}
	select {
	case o.kick <- struct{}{}:
	default:
	}
	return nil
}

// Start runs the relay until Stop.
func (o *Outbox) Start() {
	o.started.Store(true)
	go func() {
		defer close(o.done)
		t := time.NewTicker(o.every)
		defer t.Stop()
		for {
			select {
			case <-o.stop:
				return
			case <-t.C:
			case <-o.kick:
				// Let the writing transaction commit before looking.
				time.Sleep(20 * time.Millisecond)
			}
			o.relay(context.Background())
		}
	}()
}

// Stop ends the relay after publishing what is pending (bounded by ctx).
func (o *Outbox) Stop(ctx context.Context) {
	if !o.started.Load() {
		return // a component that failed before starting its relay
	}
	o.once.Do(func() { close(o.stop) })
	<-o.done
	for {
		n := o.relay(ctx)
		if n == 0 || ctx.Err() != nil {
			return
		}
	}
}

// relay publishes one batch; returns how many it published.
func (o *Outbox) relay(ctx context.Context) int {
	if o.Bus == nil || !o.Bus.Ready() {
		return 0
	}
	sys := ident.AsSystem(ctx)
	var rows []Event
	if err := o.DB.WithContext(sys).Where("published_at IS NULL").Order("id").Limit(200).Find(&rows).Error; err != nil {
		slog.Warn("outbox read failed", "err", err)
		return 0
	}
	n := 0
	for _, e := range rows {
		pctx := otel.GetTextMapPropagator().Extract(ctx, propagation.MapCarrier{"traceparent": e.TraceParent})
		pctx, cancel := context.WithTimeout(pctx, 5*time.Second)
		err := o.Bus.Publish(pctx, e.Subject, strconv.FormatInt(e.ID, 10), []byte(e.Payload), nil)
		cancel()
		if err != nil {
			o.DB.WithContext(sys).Model(&Event{}).Where("id = ?", e.ID).Update("attempts", gorm.Expr("attempts + 1"))
			slog.Warn("outbox publish failed; will retry", "subject", e.Subject, "err", err)
			return n
		}
		now := time.Now()
		o.DB.WithContext(sys).Model(&Event{}).Where("id = ?", e.ID).Update("published_at", &now)
		n++
	}
	return n
}

// Pending counts unpublished events (readiness and tests).
func (o *Outbox) Pending(ctx context.Context) int64 {
	var n int64
	o.DB.WithContext(ident.AsSystem(ctx)).Model(&Event{}).Where("published_at IS NULL").Count(&n)
	return n
}
