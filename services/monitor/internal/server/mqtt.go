package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net"
	"strings"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	mqtt "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/listeners"
	"github.com/mochi-mqtt/server/v2/packets"

	"anquan/monitor/internal/biz"
)

// TopicFilter is what ingest subscribes to: anquan/<tenant>/<gateway>/telemetry.
const TopicFilter = "anquan/+/+/telemetry"

// Bounds of one message.
const (
	MaxPayload = 256 << 10
	MaxValues  = 10000
)

// Topic is the telemetry topic of a gateway.
func Topic(tenant, gateway string) string { return "anquan/" + tenant + "/" + gateway + "/telemetry" }

// StatusFilter is the gateways' status topics: anquan/<tenant>/<gateway>/status,
// payload "online" or "offline" (a gateway's MQTT last will).
const StatusFilter = "anquan/+/+/status"

// StatusTopic is the status topic of a gateway.
func StatusTopic(tenant, gateway string) string {
	return "anquan/" + tenant + "/" + gateway + "/status"
}

// ParseStatusTopic reads tenant and gateway from a status topic.
func ParseStatusTopic(topic string) (tenant, gateway string, ok bool) {
	p := strings.Split(topic, "/")
	if len(p) != 4 || p[0] != "anquan" || p[3] != "status" || p[1] == "" || p[2] == "" {
		return "", "", false
	}
	return p[1], p[2], true
}

// HandleStatus records a gateway's status message ("online"/"offline",
// case and surrounding space ignored); anything else counts as malformed.
func HandleStatus(e *biz.Engine, topic string, payload []byte) {
	tenant, gw, ok := ParseStatusTopic(topic)
	if !ok {
		return
	}
	now := time.Now()
	st := strings.ToLower(string(bytes.TrimSpace(payload)))
	if len(payload) > 64 || !e.Presence.Status(tenant, gw, st, now) {
		if e.Malformed(tenant, gw, now) {
			slog.Warn("monitor: malformed gateway status dropped (logged once a minute per gateway)", "tenant", tenant, "gateway", gw, "len", len(payload))
		}
	}
}

// ParseTopic reads tenant and gateway from a telemetry topic.
func ParseTopic(topic string) (tenant, gateway string, ok bool) {
	p := strings.Split(topic, "/")
	if len(p) != 4 || p[0] != "anquan" || p[3] != "telemetry" || p[1] == "" || p[2] == "" {
		return "", "", false
	}
	return p[1], p[2], true
}

type frame struct {
	TS     *int64                     `json:"ts"`
	Values map[string]json.RawMessage `json:"values"`
}

// Decode reads the ThingsBoard-shaped payload: {"ts": <ms>, "values":
// {"<point>": <number>}} or an array of those. A missing ts is now. Any
// value that is not a finite number makes the whole message malformed.
func Decode(payload []byte, now time.Time) ([]biz.Reading, error) {
	if len(payload) > MaxPayload {
		return nil, fmt.Errorf("payload of %d bytes exceeds %d", len(payload), MaxPayload)
	}
	b := bytes.TrimSpace(payload)
	var frames []frame
	switch {
	case len(b) > 0 && b[0] == '[':
		if err := json.Unmarshal(b, &frames); err != nil {
			return nil, err
		}
	case len(b) > 0 && b[0] == '{':
		var f frame
		if err := json.Unmarshal(b, &f); err != nil {
			return nil, err
		}
		frames = []frame{f}
	default:
		return nil, errors.New("payload is not a JSON object or array")
	}
	var out []biz.Reading
	for _, f := range frames {
		if f.Values == nil {
			return nil, errors.New(`a frame without "values"`)
		}
		at := now
		if f.TS != nil {
			if *f.TS <= 0 || *f.TS > 1e14 {
				return nil, fmt.Errorf("ts %d is not milliseconds since 1970", *f.TS)
			}
			at = time.UnixMilli(*f.TS)
		}
		for code, raw := range f.Values {
			var v float64
			if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
				return nil, fmt.Errorf("value of %q is null", code)
			}
			if err := json.Unmarshal(raw, &v); err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("value of %q is not a number", code)
			}
			if len(code) > 64 {
				return nil, errors.New("point code longer than 64")
			}
			out = append(out, biz.Reading{Point: code, TS: at, Value: v})
			if len(out) > MaxValues {
				return nil, fmt.Errorf("more than %d values", MaxValues)
			}
		}
	}
	return out, nil
}

// Handle decodes one telemetry message and hands its readings to the engine.
func Handle(e *biz.Engine, topic string, payload []byte) {
	tenant, gw, ok := ParseTopic(topic)
	if !ok {
		return
	}
	now := time.Now()
	rs, err := Decode(payload, now)
	if err != nil {
		if e.Malformed(tenant, gw, now) {
			slog.Warn("monitor: malformed telemetry dropped (logged once a minute per gateway)", "tenant", tenant, "gateway", gw, "err", err)
		}
		return
	}
	for _, r := range rs {
		r.TenantID, r.Gateway = tenant, gw
		e.Ingest(r)
	}
}

// Authenticator checks a gateway's credentials.
type Authenticator interface {
	Authenticate(ctx context.Context, tenant, code, secret string) bool
}

// authHook lets a gateway in with username "<tenant>:<code>" and its
// secret, and lets it publish only to its own telemetry topic (mochi drops a
// refused QoS 0 message and disconnects an MQTT 3.1.1 client on a refused
// QoS 1/2 one), its own position topic or its own status topic, and
// subscribe to nothing. A last will goes to its own status topic or the
// connection is refused (mochi publishes a will without an ACL check).
// Its sessions make the gateway online (OnSessionEstablished: after the
// authentication, unlike OnConnect) until they end (OnDisconnect).
type authHook struct {
	mqtt.HookBase
	auth     Authenticator
	presence *biz.Presence
}

func (h *authHook) ID() string { return "anquan-gateway-auth" }

func (h *authHook) Provides(b byte) bool {
	return b == mqtt.OnConnectAuthenticate || b == mqtt.OnACLCheck || b == mqtt.OnSessionEstablished || b == mqtt.OnDisconnect
}

func splitUser(u []byte) (string, string, bool) {
	t, c, ok := strings.Cut(string(u), ":")
	return t, c, ok && t != "" && c != ""
}

func (h *authHook) OnConnectAuthenticate(cl *mqtt.Client, pk packets.Packet) bool {
	t, c, ok := splitUser(pk.Connect.Username)
	if !ok || pk.Connect.WillFlag && pk.Connect.WillTopic != StatusTopic(t, c) {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return h.auth.Authenticate(ctx, t, c, string(pk.Connect.Password))
}

func (h *authHook) OnACLCheck(cl *mqtt.Client, topic string, write bool) bool {
	t, c, ok := splitUser(cl.Properties.Username)
	return ok && write && (topic == Topic(t, c) || topic == PositionTopic(t, c) || topic == StatusTopic(t, c))
}

// OnSessionEstablished runs only for an authenticated gateway; OnDisconnect
// only after it (mochi skips both for a refused connection).
func (h *authHook) OnSessionEstablished(cl *mqtt.Client, _ packets.Packet) {
	if t, c, ok := splitUser(cl.Properties.Username); ok && !cl.Net.Inline {
		h.presence.Connected(t, c, time.Now())
	}
}

func (h *authHook) OnDisconnect(cl *mqtt.Client, _ error, _ bool) {
	if t, c, ok := splitUser(cl.Properties.Username); ok && !cl.Net.Inline {
		h.presence.Disconnected(t, c, time.Now())
	}
}

// Broker is the embedded MQTT broker of the all-in-one.
type Broker struct {
	srv  *mqtt.Server
	addr string
}

// StartBroker listens on addr with gateway authentication and feeds the
// engine through an in-process subscription; position messages go to fwd
// (nil: dropped).
func StartBroker(addr string, auth Authenticator, e *biz.Engine, fwd Forward) (*Broker, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("mqtt listen %s: %w", addr, err)
	}
	srv := mqtt.New(&mqtt.Options{InlineClient: true, Logger: slog.Default().With("component", "mqtt")})
	if err := srv.AddHook(&authHook{auth: auth, presence: e.Presence}, nil); err != nil {
		_ = ln.Close()
		return nil, err
	}
	tcp := listeners.NewTCP(listeners.Config{ID: "tcp", Address: ln.Addr().String()})
	// The listener is bound here (so the port is known and taken before
	// serving); mochi's own Init would listen again.
	_ = ln.Close()
	if err := srv.AddListener(tcp); err != nil {
		return nil, err
	}
	if err := srv.Subscribe(TopicFilter, 1, func(_ *mqtt.Client, _ packets.Subscription, pk packets.Packet) {
		Handle(e, pk.TopicName, pk.Payload)
	}); err != nil {
		return nil, err
	}
	if err := srv.Subscribe(StatusFilter, 2, func(_ *mqtt.Client, _ packets.Subscription, pk packets.Packet) {
		HandleStatus(e, pk.TopicName, pk.Payload)
	}); err != nil {
		return nil, err
	}
	if fwd != nil {
		if err := srv.Subscribe(PositionFilter, 1, func(_ *mqtt.Client, _ packets.Subscription, pk packets.Packet) {
			fwd(pk.TopicName, pk.Payload)
		}); err != nil {
			return nil, err
		}
	}
	if err := srv.Serve(); err != nil {
		return nil, err
	}
	return &Broker{srv: srv, addr: tcp.Address()}, nil
}

// Addr is where the broker listens.
func (b *Broker) Addr() string { return b.addr }

// Close stops the broker.
func (b *Broker) Close() error { return b.srv.Close() }

// Client subscribes to an external broker (production).
type Client struct{ c paho.Client }

// Connect subscribes ingest to the external broker at url (tcp://host:port);
// position messages go to fwd (nil: not subscribed). A message arriving while
// held (nil: always) says no is dropped: the replica lost the ingest lease
// (a pause longer than it) and another replica handles that message.
func Connect(url, user, password string, e *biz.Engine, fwd Forward, held func() bool) (*Client, error) {
	opts := paho.NewClientOptions().AddBroker(url).SetClientID(fmt.Sprintf("anquan-monitor-%d", time.Now().UnixNano())).
		SetUsername(user).SetPassword(password).SetAutoReconnect(true).SetConnectTimeout(10 * time.Second).
		SetOrderMatters(false)
	subscribed := make(chan error, 1)
	opts.SetOnConnectHandler(func(c paho.Client) {
		// (Re)subscribe on every connection.
		filters := map[string]byte{TopicFilter: 1, StatusFilter: 1}
		if fwd != nil {
			filters[PositionFilter] = 1
		}
		tok := c.SubscribeMultiple(filters, func(_ paho.Client, m paho.Message) {
			if held != nil && !held() {
				return
			}
			if strings.HasSuffix(m.Topic(), "/position") {
				if fwd != nil {
					fwd(m.Topic(), m.Payload())
				}
				return
			}
			if strings.HasSuffix(m.Topic(), "/status") {
				HandleStatus(e, m.Topic(), m.Payload())
				return
			}
			Handle(e, m.Topic(), m.Payload())
		})
		var err error
		if !tok.WaitTimeout(10 * time.Second) {
			err = errors.New("subscribe timed out")
		} else {
			err = tok.Error()
		}
		if err != nil {
			slog.Error("monitor: mqtt subscribe", "err", err)
		}
		select {
		case subscribed <- err:
		default:
		}
	})
	c := paho.NewClient(opts)
	tok := c.Connect()
	if !tok.WaitTimeout(15 * time.Second) {
		return nil, fmt.Errorf("mqtt connect %s: timed out", url)
	}
	if err := tok.Error(); err != nil {
		return nil, fmt.Errorf("mqtt connect %s: %w", url, err)
	}
	// Serving starts subscribed, so no message published after start is missed.
	select {
	case err := <-subscribed:
		if err != nil {
			c.Disconnect(100)
			return nil, fmt.Errorf("mqtt subscribe %s: %w", TopicFilter, err)
		}
	case <-time.After(15 * time.Second):
		c.Disconnect(100)
		return nil, fmt.Errorf("mqtt subscribe %s: timed out", TopicFilter)
	}
	return &Client{c: c}, nil
}

// Close disconnects.
func (c *Client) Close() { c.c.Disconnect(1000) }
