package biz

import (
	"context"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
)

// RemindWithin is how many days before its licence ends a tenant is reminded.
const RemindWithin = 30

// ReminderLicense is the type of the licence reminder.
const ReminderLicense = "license"

// Reminder is the expiration reminder the layout shows on load.
type Reminder struct {
	Type       string
	RemindDate time.Time
	// DaysLeft until the end (0 on the last day, negative once ended).
	DaysLeft int
}

// Expiration reminds the caller's tenant of its licence end when it is
// within RemindWithin days or past; nil otherwise.
func (d *Desk) Expiration(ctx context.Context) (*Reminder, error) {
	id := ident.From(ctx)
	if id == nil {
		return nil, errs.Unauthorized("")
	}
	end, err := d.Dir.TenantExpiry(ctx, id.TenantID)
	if err != nil || end == nil {
		return nil, err
	}
	left := daysBetween(d.Now(), *end)
	if left > RemindWithin {
		return nil, nil
	}
	return &Reminder{Type: ReminderLicense, RemindDate: *end, DaysLeft: left}, nil
}

// daysBetween counts calendar days from a to b in the tenant zone, so a
// licence ending tonight has 0 days left all day.
func daysBetween(a, b time.Time) int {
	day := func(t time.Time) time.Time {
		y, m, d := t.In(timefmt.Zone).Date()
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	}
	return int(day(b).Sub(day(a)).Hours() / 24)
}
