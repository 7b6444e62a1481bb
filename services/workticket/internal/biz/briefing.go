package biz

import (
	"context"
	"strconv"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// BriefingOf is a permit's briefing (nil when none).
func (w *Workticket) BriefingOf(ctx context.Context, ticketID int64) (*Briefing, error) {
	return w.Briefings.FindBy(ctx, "ticket_id = ?", ticketID)
}

// SaveBriefing records (or corrects) the pre-job briefing of a permit.
func (w *Workticket) SaveBriefing(ctx context.Context, b *Briefing) (*Briefing, error) {
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	t, err := w.Get(ctx, b.TicketID)
	if err != nil {
		return nil, err
	}
	if err := w.authorize(ctx, me, t, ActBriefing); err != nil {
		return nil, err
	}
	if t.TicketStatus == TicketVoided || t.TicketStatus == TicketRevoked {
		return nil, errs.Rule("ILLEGAL_TRANSITION", "作业票已关闭,不能进行安全交底")
	}
	if strings.TrimSpace(b.Content) == "" {
		return nil, errs.BadRequest("请填写交底内容")
	}
	ids, good := ident.ParseIDs(b.AttendeeIDs)
	if !good || len(ids) == 0 {
		return nil, errs.BadRequest("请选择接受交底人员")
	}
	ids = distinct(ids)
	vs, err := w.People.Certificates(ctx, ids, "welding", w.Now())
	if err != nil {
		return nil, err
	}
	var names []string
	for _, v := range vs {
		if v.UserName == "" {
			return nil, errs.BadRequest("接受交底人员不存在(id %s)", strconv.FormatInt(v.UserID, 10))
		}
		names = append(names, v.UserName)
	}
	b.AttendeeIDs, b.AttendeeNames, b.TicketNo = ident.JoinIDs(ids), strings.Join(names, ","), t.TicketNo
	b.BrieferID, b.BrieferName = me.UserID, me.UserName
	if b.BriefingTime.IsZero() {
		b.BriefingTime = w.Now()
	}
	old, err := w.BriefingOf(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	if old != nil {
		b.ID = old.ID
		err = w.Briefings.Update(ctx, old.ID, b, "briefer_id", "briefer_name", "briefing_time", "content", "attendee_ids", "attendee_names", "attachments")
	} else {
		b.ID = 0
		err = w.Briefings.Create(ctx, b)
	}
	if err != nil {
		return nil, err
	}
	return w.BriefingOf(ctx, t.ID)
}
