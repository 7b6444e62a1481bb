package bus

import (
	"encoding/json"
	"log/slog"
	"strings"

	"github.com/nats-io/nats.go"
)

// Relay carries a service's live events to every replica: the replica that
// evaluates (the holder of an ingest lease, kit/schedule) publishes on core
// NATS subject.<tenant>, and every replica, that one included, hands what it
// hears to deliver (its hub, whose streams any gateway may have opened).
// Core NATS: a live event a replica misses while reconnecting is superseded
// by the next value; alarms are stored besides. It returns the publish
// function and the stop of the subscription.
func Relay[T any](nc *nats.Conn, subject string, deliver func(tenant string, e T)) (publish func(tenant string, e T), stop func(), err error) {
	sub, err := nc.Subscribe(subject+".*", func(m *nats.Msg) {
		var e T
		if err := json.Unmarshal(m.Data, &e); err != nil {
			slog.Warn("bus relay: unreadable live event dropped", "subject", m.Subject, "err", err)
			return
		}
		deliver(m.Subject[len(subject)+1:], e)
	})
	if err != nil {
		return nil, nil, err
	}
	_ = sub.SetPendingLimits(100000, 256<<20) // a burst is dropped past this, never queued without end
	publish = func(tenant string, e T) {
		if tenant == "" || strings.ContainsAny(tenant, ".*> \t\r\n") {
			return
		}
		b, err := json.Marshal(e)
		if err != nil {
			slog.Warn("bus relay: live event not encoded", "subject", subject, "err", err)
			return
		}
		_ = nc.Publish(subject+"."+tenant, b)
	}
	return publish, func() { _ = sub.Unsubscribe() }, nil
}
