package biz

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

func openForGuardian(t *Ticket) error {
	if (t.TicketStatus != TicketUnissued && t.TicketStatus != TicketIssued) || t.JobStatus == JobCompleted {
		return errs.Rule("ILLEGAL_TRANSITION", "作业票已完工或已关闭,不能变更监护人")
	}
	return nil
}

// ChangeGuardian hands a permit over to a new guardian: recorded, the
// permit updated and the new guardian notified (outbox event).
func (w *Workticket) ChangeGuardian(ctx context.Context, c *GuardianChange) (*GuardianChange, error) {
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	t, err := w.Get(ctx, c.TicketID)
	if err != nil {
		return nil, err
	}
	if err := w.authorize(ctx, me, t, ActGuardian); err != nil {
		return nil, err
	}
	if err := openForGuardian(t); err != nil {
		return nil, err
	}
	switch {
	case c.NewGuardianID <= 0:
		return nil, errs.BadRequest("请选择新监护人")
	case c.NewGuardianID == t.GuardianID:
		return nil, errs.BadRequest("新监护人与当前监护人相同")
	case strings.TrimSpace(c.Reason) == "":
		return nil, errs.BadRequest("请填写变更原因")
	}
	if ops, _ := ident.ParseIDs(t.OperatorIDs); slices.Contains(ops, c.NewGuardianID) {
		return nil, errs.Rule("GUARDIAN_OPERATOR", "监护人不能同时是本作业票的作业人员")
	}
	g, err := w.People.Guardian(ctx, c.NewGuardianID, t.WorkType)
	if err != nil {
		return nil, err
	}
	if !g.Valid {
		return nil, errs.Rule("GUARDIAN", "新监护人不符合要求: %s", cmp.Or(g.Reason, "不是该作业类型的监护人"))
	}
	c.TicketNo, c.WorkType = t.TicketNo, t.WorkType
	c.OldGuardianID, c.OldGuardianName, c.NewGuardianName = t.GuardianID, t.GuardianName, g.UserName
	if c.ChangeTime.IsZero() {
		c.ChangeTime = w.Now()
	}
	err = w.Tx.Tx(ctx, func(ctx context.Context) error {
		ok, err := w.Q.Transition(ctx, t.ID, StateOf(t), map[string]any{"guardian_id": c.NewGuardianID, "guardian_name": c.NewGuardianName})
		if err != nil {
			return err
		}
		if !ok {
			return errs.Rule("CONFLICT", "作业票状态已变化,请刷新后重试")
		}
		if err := w.Changes.Create(ctx, c); err != nil {
			return err
		}
		if err := w.Signs.Create(ctx, &Signature{TicketID: t.ID, TaskName: "监护人变更", Action: "guardian", UserID: me.UserID, UserName: me.UserName,
			Comment: c.OldGuardianName + " → " + c.NewGuardianName + ": " + c.Reason, SignTime: w.Now()}); err != nil {
			return err
		}
		return w.Events.Add(ctx, SubjectGuardianChanged, t.TenantID, map[string]any{
			"ticketId": strconv.FormatInt(t.ID, 10), "ticketNo": t.TicketNo, "workTypeName": WorkTypeName(t.WorkType), "content": t.Content,
			"oldGuardianId": strconv.FormatInt(c.OldGuardianID, 10), "oldGuardianName": c.OldGuardianName,
			"newGuardianId": strconv.FormatInt(c.NewGuardianID, 10), "newGuardianName": c.NewGuardianName,
			"reason": c.Reason, "handoverContent": c.HandoverContent,
		})
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// UpdateChange edits the reason and hand-over content of a change.
func (w *Workticket) UpdateChange(ctx context.Context, c *GuardianChange) (*GuardianChange, error) {
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	old, err := w.change(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	t, err := w.Get(ctx, old.TicketID)
	if err != nil {
		return nil, err
	}
	if err := w.authorize(ctx, me, t, ActGuardian); err != nil {
		return nil, err
	}
	if strings.TrimSpace(c.Reason) == "" {
		return nil, errs.BadRequest("请填写变更原因")
	}
	old.Reason, old.HandoverContent = c.Reason, c.HandoverContent
	if err := w.Changes.Update(ctx, old.ID, old, "reason", "handover_content"); err != nil {
		return nil, err
	}
	return old, nil
}

func (w *Workticket) change(ctx context.Context, id int64) (*GuardianChange, error) {
	if id <= 0 {
		return nil, errs.BadRequest("缺少 id 参数")
	}
	c, err := w.Changes.Get(ctx, id)
	if err != nil {
		if errs.IsNotFound(err) {
			return nil, errs.NotFound("监护人变更记录不存在")
		}
		return nil, err
	}
	return c, nil
}

// DeleteChange undoes the latest change of an open permit (the old
// guardian is restored); older changes are history and stay.
func (w *Workticket) DeleteChange(ctx context.Context, id int64) error {
	me, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	c, err := w.change(ctx, id)
	if err != nil {
		return err
	}
	t, err := w.Get(ctx, c.TicketID)
	if err != nil {
		return err
	}
	if err := w.authorize(ctx, me, t, ActGuardian); err != nil {
		return err
	}
	if err := openForGuardian(t); err != nil {
		return err
	}
	latest, err := w.Q.LatestChange(ctx, t.ID)
	if err != nil {
		return err
	}
	if latest == nil || latest.ID != c.ID || t.GuardianID != c.NewGuardianID {
		return errs.Rule("NOT_LATEST", "只能删除作业票最近一次的监护人变更")
	}
	return w.Tx.Tx(ctx, func(ctx context.Context) error {
		ok, err := w.Q.Transition(ctx, t.ID, StateOf(t), map[string]any{"guardian_id": c.OldGuardianID, "guardian_name": c.OldGuardianName})
		if err != nil {
			return err
		}
		if !ok {
			return errs.Rule("CONFLICT", "作业票状态已变化,请刷新后重试")
		}
		if err := w.Changes.Remove(ctx, []int64{c.ID}); err != nil {
			return err
		}
		return w.Signs.Create(ctx, &Signature{TicketID: t.ID, TaskName: "监护人变更撤回", Action: "guardian", UserID: me.UserID, UserName: me.UserName,
			Comment: c.NewGuardianName + " → " + c.OldGuardianName, SignTime: w.Now()})
	})
}

// FindChanges is one change (id) or a permit's changes (ticketId), paged.
func (w *Workticket) FindChanges(ctx context.Context, id, ticketID int64, q paging.Query) (*paging.Page[GuardianChange], error) {
	if id > 0 {
		c, err := w.change(ctx, id)
		if err != nil {
			return nil, err
		}
		return &paging.Page[GuardianChange]{Records: []GuardianChange{*c}, Total: 1, Size: 1, Current: 1}, nil
	}
	if q.Filters == nil {
		q.Filters = map[string]string{}
	}
	if ticketID > 0 {
		q.Filters["ticketId_equal"] = strconv.FormatInt(ticketID, 10)
	}
	return w.Changes.Page(ctx, q)
}

// ChangesOf lists a permit's changes, oldest first (detail and print).
func (w *Workticket) ChangesOf(ctx context.Context, ticketID int64) ([]GuardianChange, error) {
	return w.Changes.List(ctx, paging.Query{Filters: map[string]string{"ticketId_equal": strconv.FormatInt(ticketID, 10)}, Ascs: "changeTime"}, 1000)
}
