package service

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"anquan/desk/internal/biz"
	"anquan/kit/bus"
	commonv1 "anquan/proto/blade/common/v1"
)

func event(id, subject, tenant, data string) bus.Event {
	return bus.Event{ID: id, Subject: subject, TenantID: tenant, OccurredAt: time.Now(), Data: json.RawMessage(data)}
}

const registered = `{"tenantId":"100001","userId":"55","account":"lisi","name":"李四"}`

func TestTheSameRegistrationEventTwiceMakesOneMessageForAdministrators(t *testing.T) {
	e := newEnv(t)
	ev := event("e-1", "anquan.user.registered", tenantA, registered)
	for i := 0; i < 2; i++ {
		if err := e.h.Consume(context.Background(), ev); err != nil {
			t.Fatalf("delivery %d: %v", i+1, err)
		}
	}
	if n := e.notices("source_event = ?", "e-1"); n != 1 {
		t.Fatalf("messages = %d, want 1", n)
	}
	admin := user(tenantA, 1, nil, []int64{roleAdmin})
	p, err := e.h.MessageList(admin, &commonv1.PageQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Records) != 1 {
		t.Fatalf("administrator sees %d messages, want 1", len(p.Records))
	}
	m := p.Records[0]
	if m.MessageTitle != "新用户注册待审核" || !strings.Contains(m.MessageContent, "lisi") || m.Type != biz.TypeMessage || m.MessagePushName != biz.SystemSender {
		t.Errorf("message = %q %q type %d from %q", m.MessageTitle, m.MessageContent, m.Type, m.MessagePushName)
	}
	if got := e.unread(user(tenantA, 3, []int64{10}, []int64{roleStaff})); got != 0 {
		t.Errorf("staff unread = %d, want 0", got)
	}
}

func TestRegistrationOutcomesReachTheApplicant(t *testing.T) {
	cases := []struct {
		subject, data, title string
	}{
		// A 64-bit id sent as a JSON number must keep every digit.
		{"anquan.user.registered.approved", `{"userId":1123598821738675201,"account":"lisi"}`, "注册申请已通过"},
		{"anquan.user.registered.rejected", `{"userId":"1123598821738675201","account":"lisi","reason":"非本企业员工"}`, "注册申请未通过"},
	}
	for _, c := range cases {
		t.Run(c.subject, func(t *testing.T) {
			e := newEnv(t)
			if err := e.h.Consume(context.Background(), event("e-"+c.subject, c.subject, tenantA, c.data)); err != nil {
				t.Fatal(err)
			}
			applicant := user(tenantA, 1123598821738675201, nil, nil)
			if got := e.titles(applicant, nil); len(got) != 1 || got[0] != c.title {
				t.Errorf("applicant sees %v, want [%s]", got, c.title)
			}
			if got := e.titles(user(tenantA, 1123598821738675202, nil, []int64{roleAdmin}), nil); len(got) != 0 {
				t.Errorf("someone else sees %v", got)
			}
		})
	}
}

func TestEventsThatNameNobodyAreDroppedAndOutagesRetried(t *testing.T) {
	e := newEnv(t)
	// Tenant B has no administrator role: nobody to tell, nothing to retry.
	if err := e.h.Consume(context.Background(), event("e-b", "anquan.user.registered", tenantB, registered)); err != nil {
		t.Errorf("event without recipients: %v, want it acknowledged", err)
	}
	if err := e.h.Consume(context.Background(), event("e-x", "anquan.user.registered.approved", tenantA, `{"account":"lisi"}`)); err != nil {
		t.Errorf("event without user id: %v, want it acknowledged", err)
	}
	e.sys.down = true
	if err := e.h.Consume(context.Background(), event("e-a", "anquan.user.registered", tenantA, registered)); err == nil {
		t.Error("blade-system down: want an error so the event is redelivered")
	}
	if n := e.notices("1 = 1"); n != 0 {
		t.Errorf("%d messages stored", n)
	}
}

func TestEventsOnTheBusBecomeMessagesOnce(t *testing.T) {
	e := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b, err := bus.Open(ctx, "", t.TempDir(), "TEST")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Subscribe(ctx, Durable, biz.Subjects(), e.h.Consume); err != nil {
		t.Fatal(err)
	}
	payload, _ := json.Marshal(event("e-bus", "anquan.user.registered", tenantA, registered))
	// The same event published twice (distinct message ids defeat JetStream's
	// own de-duplication): only the consumer's idempotency keeps it single.
	for _, msgID := range []string{"m-1", "m-2"} {
		if err := b.Publish(ctx, "anquan.user.registered", msgID, payload, nil); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for e.notices("source_event = ?", "e-bus") == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // let the second copy arrive too
	if n := e.notices("source_event = ?", "e-bus"); n != 1 {
		t.Fatalf("messages = %d, want 1", n)
	}
	if got := e.unread(user(tenantA, 1, nil, []int64{roleAdmin})); got != 1 {
		t.Errorf("administrator unread = %d, want 1", got)
	}
}
