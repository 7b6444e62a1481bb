package service

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"

	"anquan/desk/internal/biz"
	"anquan/desk/internal/conf"
	"anquan/kit/bus"
)

// Durable names desk's JetStream consumer of the biz.Deliveries subjects.
const Durable = conf.Consumer

// Consume is the bus handler: it decodes the envelope's data and hands the
// event to biz. An error makes JetStream redeliver the event.
func (s *Desk) Consume(ctx context.Context, e bus.Event) error {
	data := map[string]any{}
	if len(e.Data) > 0 {
		dec := json.NewDecoder(bytes.NewReader(e.Data))
		// json.Number keeps 64-bit ids sent as numbers exact.
		dec.UseNumber()
		if err := dec.Decode(&data); err != nil {
			slog.Warn("event data is not a JSON object; dropped", "subject", e.Subject, "id", e.ID, "err", err)
			return nil
		}
	}
	return s.uc.Deliver(ctx, biz.Event{ID: e.ID, Subject: e.Subject, TenantID: e.TenantID, OccurredAt: e.OccurredAt, Data: data})
}
