package biz

import (
	"context"
	"time"
)

// applied copies a transition's column values onto t, so the answer needs
// no second read. It reports false for a key or type it does not know; the
// caller then reads the permit again.
func applied(t *Ticket, vals map[string]any, now time.Time) bool {
	for k, v := range vals {
		var ok bool
		switch k {
		case "ticket_status":
			t.TicketStatus, ok = v.(int32)
		case "job_status":
			t.JobStatus, ok = v.(int32)
		case "work_phase":
			t.WorkPhase, ok = v.(int32)
		case "flow_status":
			t.FlowStatus, ok = v.(int32)
		case "paused":
			t.Paused, ok = v.(bool)
		case "flow_task_name":
			t.FlowTaskName, ok = v.(string)
		case "process_instance_id":
			t.ProcessInstanceID, ok = v.(string)
		case "close_reason":
			t.CloseReason, ok = v.(string)
		case "accept_user_name":
			t.AcceptUserName, ok = v.(string)
		case "measures":
			t.Measures, ok = v.(string)
		case "accept_user_id":
			t.AcceptUserID, ok = v.(int64)
		case "actual_start":
			t.ActualStart, ok = timeOf(v)
		case "actual_end":
			t.ActualEnd, ok = timeOf(v)
		case "pause_time":
			t.PauseTime, ok = timeOf(v)
		case "issue_time":
			t.IssueTime, ok = timeOf(v)
		case "apply_time":
			t.ApplyTime, ok = timeOf(v)
		case "accept_time":
			t.AcceptTime, ok = timeOf(v)
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	t.UpdateTime = now
	return true
}

func timeOf(v any) (*time.Time, bool) {
	if v == nil {
		return nil, true
	}
	t, ok := v.(time.Time)
	return &t, ok
}

// after answers a transition: the permit as written, read again only when
// applied cannot tell.
func (w *Workticket) after(ctx context.Context, t *Ticket, vals map[string]any) (*Ticket, error) {
	if applied(t, vals, w.Now()) {
		return t, nil
	}
	return w.Get(ctx, t.ID)
}
