package api

import (
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

// testTracePropagation: a W3C traceparent sent to the gateway reaches the
// service and comes out on the event the service publishes through NATS.
func (e *env) testTracePropagation(t *testing.T) {
	const traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
	got := make(chan string, 8)
	sub, err := e.stack.Infra.Bus.NC.Subscribe("anquan.desk.>", func(m *nats.Msg) { got <- m.Header.Get("traceparent") })
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	admin := e.login("100001", "admin", "admin")
	r := e.call("POST", "/api/blade-desk/notice/submit", admin, map[string]any{"messageTitle": "追踪测试", "messageContent": "trace", "type": 2},
		"traceparent", "00-"+traceID+"-00f067aa0ba902b7-01")
	ok(t, r, "notice with traceparent")
	select {
	case tp := <-got:
		if !strings.Contains(tp, traceID) {
			t.Fatalf("event traceparent %q does not continue trace %s", tp, traceID)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no desk event published")
	}
}
