package biz

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"text/template"
	"time"

	"anquan/kit/ident"
)

// Event is a domain event of another service, decoded for desk.
type Event struct {
	ID         string
	Subject    string
	TenantID   string
	OccurredAt time.Time
	// Data holds the event's fields; numbers arrive as json.Number so
	// 64-bit ids keep every digit.
	Data map[string]any
}

// Delivery is one row of the Deliveries table: how events of Subject
// become a message.
type Delivery struct {
	Subject string
	// Type defaults to TypeMessage, Status to StatusNormal.
	Type    int32
	Status  int32
	Title   string
	Content *template.Template
	To      Recipients
}

// Recipients chooses the audience of a delivery from its event.
type Recipients func(ctx context.Context, dir Directory, e Event) (Audience, error)

// errNoRecipient: the event names nobody to tell, and trying again will not change that.
var errNoRecipient = errors.New("no recipient")

// ToRoleAlias reaches the tenant's roles with alias (e.g. its administrators).
func ToRoleAlias(alias string) Recipients {
	return func(ctx context.Context, dir Directory, e Event) (Audience, error) {
		roles, err := dir.Roles(ctx, e.TenantID)
		if err != nil {
			return Audience{}, err
		}
		var ids []int64
		for _, r := range roles {
			if r.Alias == alias {
				ids = append(ids, r.ID)
			}
		}
		if len(ids) == 0 {
			return Audience{}, fmt.Errorf("%w: the tenant has no role %q", errNoRecipient, alias)
		}
		return Audience{Scope: ScopeRole, RoleIDs: ids}, nil
	}
}

// ToUserIn reaches the user whose id is in the event's field.
func ToUserIn(field string) Recipients {
	return func(_ context.Context, _ Directory, e Event) (Audience, error) {
		id, ok := idField(e.Data, field)
		if !ok {
			return Audience{}, fmt.Errorf("%w: no user id in %q", errNoRecipient, field)
		}
		return Audience{Scope: ScopeUser, UserIDs: []int64{id}}, nil
	}
}

// errNobody: the event leaves its recipient out on purpose (a flow a
// service started for itself has no applicant), so there is no message and
// nothing to warn about.
var errNobody = errors.New("nobody to tell by design")

// ToUserInIfAny reaches the user whose id is in the event's field; an event
// without the field tells nobody (quietly, unlike ToUserIn).
func ToUserInIfAny(field string) Recipients {
	return func(_ context.Context, _ Directory, e Event) (Audience, error) {
		if _, present := e.Data[field]; !present {
			return Audience{}, errNobody
		}
		id, ok := idField(e.Data, field)
		if !ok {
			return Audience{}, fmt.Errorf("%w: no user id in %q", errNoRecipient, field)
		}
		return Audience{Scope: ScopeUser, UserIDs: []int64{id}}, nil
	}
}

// ToUserInOr reaches the user whose id is in the event's field, or, when the
// event names none, whom fallback reaches.
func ToUserInOr(field string, fallback Recipients) Recipients {
	return func(ctx context.Context, dir Directory, e Event) (Audience, error) {
		if id, ok := idField(e.Data, field); ok && id != 0 {
			return Audience{Scope: ScopeUser, UserIDs: []int64{id}}, nil
		}
		return fallback(ctx, dir, e)
	}
}

// Subjects are the subjects of the Deliveries table (the consumer's filter).
func Subjects() []string {
	out := make([]string, len(Deliveries))
	for i, d := range Deliveries {
		out[i] = d.Subject
	}
	return out
}

func deliveryFor(subject string) (Delivery, bool) {
	for _, d := range Deliveries {
		if d.Subject == subject {
			return d, true
		}
	}
	return Delivery{}, false
}

// Deliver turns an event of the Deliveries table into its message, once
// per event id. It fails only when trying again may help (blade-system or
// the database unreachable); malformed events are logged and dropped.
func (d *Desk) Deliver(ctx context.Context, e Event) error {
	row, ok := deliveryFor(e.Subject)
	if !ok {
		return nil
	}
	if e.ID == "" || e.TenantID == "" {
		slog.Warn("event without id or tenant; dropped", "subject", e.Subject, "id", e.ID)
		return nil
	}
	ctx = ident.ForTenant(ctx, e.TenantID)
	// A redelivered event is usually done already: skip the look-ups. The
	// unique source_event index (AddOnce) settles races.
	done, err := d.Notices.Exists(ctx, 0, "source_event = ?", e.ID)
	if err != nil || done {
		return err
	}
	to, err := row.To(ctx, d.Dir, e)
	if errors.Is(err, errNobody) {
		return nil
	}
	if errors.Is(err, errNoRecipient) {
		slog.Warn("event has no recipient; dropped", "subject", e.Subject, "id", e.ID, "err", err)
		return nil
	}
	if err != nil {
		return err
	}
	var text strings.Builder
	if err := row.Content.Execute(&text, e.Data); err != nil {
		slog.Warn("event content cannot be rendered; dropped", "subject", e.Subject, "id", e.ID, "err", err)
		return nil
	}
	at := e.OccurredAt
	if at.IsZero() {
		at = d.Now()
	}
	return d.publish(ctx, row.message(e.ID, to, text.String(), at), d.Q.AddOnce)
}

// message is the notice row makes of event eventID, pushed at at.
func (row Delivery) message(eventID string, to Audience, text string, at time.Time) *Notice {
	n := &Notice{MessagePushName: SystemSender, MessageTitle: row.Title, MessageContent: text,
		MessagePushTime: at.Truncate(time.Second), Type: row.Type, SourceEvent: &eventID}
	n.Status = row.Status
	if n.Type == 0 {
		n.Type = TypeMessage
	}
	if n.Status == 0 {
		n.Status = StatusNormal
	}
	n.SetAudience(to)
	return n
}

// idField reads a 64-bit id from data, sent as a string or a number.
func idField(data map[string]any, key string) (int64, bool) {
	var (
		id  int64
		err error
	)
	switch v := data[key].(type) {
	case string:
		id, err = strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	case json.Number:
		id, err = v.Int64()
	default:
		return 0, false
	}
	return id, err == nil && id > 0
}
