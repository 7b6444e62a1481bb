package server

import (
	"strings"

	"github.com/nats-io/nats.go"
)

// PositionFilter is what ingest also subscribes to: personnel positions a
// gateway publishes to anquan/<tenant>/<gateway>/position. Monitor does
// not read them; it forwards them to the positioning service.
const PositionFilter = "anquan/+/+/position"

// PositionSubject is the core NATS subject positions are forwarded on, as
// live.position.<tenant>.<gateway>: outside the event stream (anquan.>), so
// nothing is stored; a lost second is superseded by the next (positioning's
// server.Subject names the same).
const PositionSubject = "live.position"

// PositionTopic is the position topic of a gateway.
func PositionTopic(tenant, gateway string) string {
	return "anquan/" + tenant + "/" + gateway + "/position"
}

// Forward hands a position message on.
type Forward func(topic string, payload []byte)

// NATSForward publishes position messages on PositionSubject (nil nc:
// dropped). Topics whose tenant or gateway is not a plain NATS token, and
// payloads over 1 MiB, are dropped.
func NATSForward(nc *nats.Conn) Forward {
	return func(topic string, payload []byte) {
		p := strings.Split(topic, "/")
		if nc == nil || len(p) != 4 || p[0] != "anquan" || p[3] != "position" || !token(p[1]) || !token(p[2]) || len(payload) > 1<<20 {
			return
		}
		_ = nc.Publish(PositionSubject+"."+p[1]+"."+p[2], payload)
	}
}

func token(s string) bool { return s != "" && !strings.ContainsAny(s, ".*> \t\r\n") }
