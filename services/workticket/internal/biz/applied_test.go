package biz

import (
	"testing"
	"time"
)

func TestAppliedCopiesTransitionValues(t *testing.T) {
	now := time.Now()
	tk := &Ticket{TicketStatus: TicketIssued, JobStatus: JobInProgress, Paused: true, PauseTime: &now}
	if !applied(tk, map[string]any{"job_status": JobCompleted, "work_phase": PhaseAfter, "actual_end": now, "paused": false, "pause_time": nil}, now) {
		t.Fatal("known keys not applied")
	}
	if tk.JobStatus != JobCompleted || tk.WorkPhase != PhaseAfter || tk.ActualEnd == nil || tk.Paused || tk.PauseTime != nil {
		t.Fatalf("ticket %+v", tk)
	}
	if applied(tk, map[string]any{"guardian_id": int64(3)}, now) {
		t.Fatal("an unknown key must ask for a re-read")
	}
	if applied(tk, map[string]any{"job_status": 3}, now) {
		t.Fatal("an untyped int must ask for a re-read")
	}
}
