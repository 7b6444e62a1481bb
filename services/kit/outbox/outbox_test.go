package outbox

import (
	"context"
	"testing"
	"time"

	"anquan/kit/bus"
	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/ident"
)

func TestOutboxEventReachesASubscriberOnceAfterCommit(t *testing.T) {
	ctx := context.Background()
	c := conf.Default()
	c.Data = t.TempDir()
	g, err := db.Open(ctx, c, "outbox")
	if err != nil {
		t.Fatal(err)
	}
	if err := Migrate(g.WithContext(ident.AsSystem(ctx))); err != nil {
		t.Fatal(err)
	}
	b, err := bus.Open(ctx, "", t.TempDir(), "TEST")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	got := make(chan bus.Event, 4)
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if err := b.Subscribe(sctx, "test", []string{"anquan.test.>"}, func(_ context.Context, e bus.Event) error { got <- e; return nil }); err != nil {
		t.Fatal(err)
	}
	o := New(g, b)
	o.Start()
	// A rolled-back transaction publishes nothing.
	_ = db.Tx(ident.AsSystem(ctx), g, func(ctx context.Context) error {
		_ = o.Add(ctx, "test.thing.dropped", "100001", map[string]int{"n": 0})
		return context.Canceled
	})
	if err := db.Tx(ident.AsSystem(ctx), g, func(ctx context.Context) error {
		return o.Add(ctx, "test.thing.created", "100001", map[string]int{"n": 1})
	}); err != nil {
		t.Fatal(err)
	}
	select {
	case e := <-got:
		if e.Subject != "anquan.test.thing.created" || e.TenantID != "100001" || string(e.Data) != `{"n":1}` {
			t.Fatalf("event: %+v", e)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("event not delivered")
	}
	stop, cancelStop := context.WithTimeout(ctx, 5*time.Second)
	defer cancelStop()
	o.Stop(stop)
	if n := o.Pending(ctx); n != 0 {
		t.Fatalf("pending after stop: %d", n)
	}
	select {
	case e := <-got:
		t.Fatalf("unexpected second event: %+v", e)
	case <-time.After(300 * time.Millisecond):
	}
}
