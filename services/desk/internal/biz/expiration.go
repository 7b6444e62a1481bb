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
	left := timefmt.CalendarDays(d.Now(), *end)
	if left > RemindWithin {
		return nil, nil
	}
	return &Reminder{Type: ReminderLicense, RemindDate: *end, DaysLeft: left}, nil
}
