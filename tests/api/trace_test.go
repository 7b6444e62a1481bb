package api

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"anquan/kit/bus"
)

// traceparent is a W3C trace-context header with a non-zero trace id.
var traceparent = regexp.MustCompile(`^00-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$`)

// testTracePropagation: a W3C traceparent sent to the gateway reaches the
// service and comes out on the event the service publishes through NATS.
// Other desk events (notices raised by jobs, other tests) may arrive first,
// so the test waits for the one announcing its own notice.
func (e *env) testTracePropagation(t *testing.T) {
	const traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
	title := "追踪测试 " + uniq()
	got := make(chan string, 1)
	sub, err := e.stack.Infra.Bus.NC.Subscribe(bus.SubjectPrefix+"desk.notice.published", func(m *nats.Msg) {
		if eventTitle(m.Data) == title {
			select {
			case got <- m.Header.Get("traceparent"):
			default:
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = sub.Unsubscribe() }() // best-effort cleanup in a test
	admin := e.login("100001", "admin", "admin")
	r := e.call("POST", "/api/blade-desk/notice/submit", admin, map[string]any{"messageTitle": title, "messageContent": "trace", "type": 2},
		"traceparent", "00-"+traceID+"-00f067aa0ba902b7-01")
	ok(t, r, "notice with traceparent")
	select {
	case tp := <-got:
		if !strings.Contains(tp, traceID) {
			t.Fatalf("event traceparent %q does not continue trace %s", tp, traceID)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the notice's desk event was not published")
	}
	e.testJobEventsAreTraced(t)
}

// testJobEventsAreTraced: events raised by a job, not a request (the
// overdue-rectification notice of the seeded hazard whose deadline passed
// yesterday), carry a trace of the job's own run, and the desk notice made
// from such an event continues that trace.
func (e *env) testJobEventsAreTraced(t *testing.T) {
	b := e.stack.Infra.Bus
	overdue := streamMessage(t, b, bus.SubjectPrefix+"prevention.hazard.overdue", func(jetstream.Msg) bool { return true })
	m := traceparent.FindStringSubmatch(overdue.Headers().Get("traceparent"))
	if m == nil || m[1] == strings.Repeat("0", 32) {
		t.Fatalf("the overdue job's event has no trace: traceparent %q", overdue.Headers().Get("traceparent"))
	}
	notice := streamMessage(t, b, bus.SubjectPrefix+"desk.notice.published", func(msg jetstream.Msg) bool {
		return strings.Contains(msg.Headers().Get("traceparent"), m[1])
	})
	if !strings.Contains(eventTitle(notice.Data()), "逾期") {
		t.Fatalf("the notice continuing the overdue job's trace is %q", eventTitle(notice.Data()))
	}
}

// streamMessage reads the event stream from its start for the first message
// on subject that match accepts, waiting up to 30 s for it to be published.
func streamMessage(t *testing.T, b *bus.Bus, subject string, match func(jetstream.Msg) bool) jetstream.Msg {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := b.JS.OrderedConsumer(ctx, b.Stream, jetstream.OrderedConsumerConfig{FilterSubjects: []string{subject}, DeliverPolicy: jetstream.DeliverAllPolicy})
	if err != nil {
		t.Fatal(err)
	}
	for {
		msg, err := c.Next(jetstream.FetchMaxWait(time.Until(deadlineOf(ctx))))
		if err != nil {
			t.Fatalf("no matching event on %s: %v", subject, err)
		}
		if match(msg) {
			return msg
		}
	}
}

func deadlineOf(ctx context.Context) time.Time { d, _ := ctx.Deadline(); return d }

// eventTitle is the messageTitle in a desk event's data.
func eventTitle(raw []byte) string {
	var ev struct {
		Data struct {
			Title string `json:"messageTitle"`
		} `json:"data"`
	}
	_ = json.Unmarshal(raw, &ev)
	return ev.Data.Title
}
