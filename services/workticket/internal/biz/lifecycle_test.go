package biz

import (
	"testing"
	"time"
)

func issued(workType string, level int32, start time.Time) *Ticket {
	return &Ticket{WorkType: workType, Level: level, PlanStart: start, PlanEnd: start.Add(8 * time.Hour),
		TicketStatus: TicketIssued, JobStatus: JobToStart, WorkPhase: PhaseBefore, FlowStatus: FlowComplete}
}

func TestStateMachineRefusesIllegalTransitions(t *testing.T) {
	cases := []struct {
		act  string
		s    State
		okay bool
	}{
		{ActApply, State{TicketStatus: TicketUnissued, FlowStatus: FlowNone}, true},
		{ActApply, State{TicketStatus: TicketUnissued, FlowStatus: FlowRejected}, true},
		{ActApply, State{TicketStatus: TicketUnissued, FlowStatus: FlowRunning}, false},
		{ActApprove, State{TicketStatus: TicketUnissued, FlowStatus: FlowRunning}, true},
		{ActApprove, State{TicketStatus: TicketIssued, FlowStatus: FlowComplete}, false},
		{ActStart, State{TicketStatus: TicketUnissued, JobStatus: JobToStart}, false},
		{ActStart, State{TicketStatus: TicketIssued, JobStatus: JobToStart}, true},
		{ActStart, State{TicketStatus: TicketIssued, JobStatus: JobInProgress}, false},
		{ActPause, State{TicketStatus: TicketIssued, JobStatus: JobInProgress}, true},
		{ActPause, State{TicketStatus: TicketIssued, JobStatus: JobInProgress, Paused: true}, false},
		{ActResume, State{TicketStatus: TicketIssued, JobStatus: JobInProgress}, false},
		{ActResume, State{TicketStatus: TicketIssued, JobStatus: JobInProgress, Paused: true}, true},
		{ActComplete, State{TicketStatus: TicketIssued, JobStatus: JobToStart}, false},
		{ActAccept, State{TicketStatus: TicketIssued, JobStatus: JobInProgress}, false},
		{ActAccept, State{TicketStatus: TicketIssued, JobStatus: JobCompleted}, true},
		{ActAccept, State{TicketStatus: TicketAccepted, JobStatus: JobCompleted}, false},
		{ActVoid, State{TicketStatus: TicketUnissued, FlowStatus: FlowRunning}, true},
		{ActVoid, State{TicketStatus: TicketIssued}, false},
		{ActRevoke, State{TicketStatus: TicketIssued, JobStatus: JobInProgress}, true},
		{ActRevoke, State{TicketStatus: TicketIssued, JobStatus: JobCompleted}, false},
		{ActRevoke, State{TicketStatus: TicketVoided}, false},
		{ActGas, State{TicketStatus: TicketAccepted, JobStatus: JobCompleted}, false},
	}
	for _, c := range cases {
		err := CheckState(c.act, c.s)
		if (err == nil) != c.okay {
			t.Errorf("%s in %+v: err=%v, want allowed=%v", c.act, c.s, err, c.okay)
		}
	}
}

func TestStartPreconditions(t *testing.T) {
	start := at("2026-11-20 08:00")
	fresh := []SampleAt{{Time: start.Add(-10 * time.Minute), Kind: SampleBefore, Qualified: true}}
	cases := []struct {
		name string
		t    *Ticket
		f    Facts
		want string
	}{
		{"hot work with a fresh sample", issued(HotWork, FireFirst, start), Facts{Now: start.Add(5 * time.Minute), Samples: fresh}, ""},
		{"hot work with a stale sample", issued(HotWork, FireFirst, start), Facts{Now: start.Add(25 * time.Minute), Samples: fresh}, "超过30分钟"},
		{"before the planned start", issued(HotWork, FireFirst, start), Facts{Now: start.Add(-time.Minute), Samples: fresh}, "未到计划开始时间"},
		{"after the planned end", issued(HotWork, FireFirst, start), Facts{Now: start.Add(9 * time.Hour), Samples: fresh}, "已超过有效期"},
		{"unconfirmed measure", issued(HotWork, FireFirst, start), Facts{Now: start, Samples: fresh, Measures: []Measure{{Seq: 1, Content: "监护人已到位", Involved: true}}}, "第1项"},
		{"measure not involved needs no confirmation", issued(HotWork, FireFirst, start), Facts{Now: start, Samples: fresh, Measures: []Measure{{Seq: 1, Content: "x", Involved: false}}}, ""},
		{"height work needs no gas", issued(AltitudeWork, 1, start), Facts{Now: start}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectErr(t, Check(ActStart, c.t, c.f), c.want) })
	}
}

func TestResumeAfterPauseNeedsNewSample(t *testing.T) {
	start := at("2026-11-20 08:00")
	cases := []struct {
		name  string
		level int32
		pause time.Duration
		after bool
		want  string
	}{
		{"一级 paused exactly 30 min", FireFirst, 30 * time.Minute, false, ""},
		{"一级 paused 31 min without new sample", FireFirst, 31 * time.Minute, false, "30分钟内须进行气体分析"},
		{"一级 paused 31 min with new sample", FireFirst, 31 * time.Minute, true, ""},
		{"二级 paused 60 min", FireSecond, 60 * time.Minute, false, ""},
		{"二级 paused 61 min without new sample", FireSecond, 61 * time.Minute, false, "30分钟内须进行气体分析"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tk := issued(HotWork, c.level, start)
			tk.JobStatus, tk.Paused = JobInProgress, true
			pausedAt := start.Add(time.Hour)
			tk.PauseTime = &pausedAt
			now := pausedAt.Add(c.pause)
			samples := []SampleAt{{Time: start.Add(-5 * time.Minute), Kind: SampleBefore, Qualified: true}}
			if c.after {
				samples = append(samples, SampleAt{Time: now.Add(-2 * time.Minute), Kind: SampleBefore, Qualified: true})
			}
			expectErr(t, Check(ActResume, tk, Facts{Now: now, Samples: samples}), c.want)
		})
	}
}

func TestMonitoredWorkNeedsMonitoringBeforeCompletion(t *testing.T) {
	start := at("2026-11-20 08:00")
	tk := issued(ConfinedSpaceWork, 0, start)
	tk.JobStatus = JobInProgress
	tk.ActualStart = &start
	expectErr(t, Check(ActComplete, tk, Facts{Now: start.Add(time.Hour)}), "连续监测")
	mon := []SampleAt{{Time: start.Add(30 * time.Minute), Kind: SampleMonitor, Qualified: true}}
	expectErr(t, Check(ActComplete, tk, Facts{Now: start.Add(time.Hour), Samples: mon}), "")
	one := issued(HotWork, FireFirst, start)
	one.JobStatus = JobInProgress
	expectErr(t, Check(ActComplete, one, Facts{Now: start.Add(time.Hour)}), "")
}

func TestActionsHideApprovalFromTheApplicant(t *testing.T) {
	tk := &Ticket{TicketStatus: TicketUnissued, FlowStatus: FlowRunning, ApplicantID: 7}
	for _, a := range Actions(tk, 7, RelApplicant|RelCandidate) {
		if a == ActApprove {
			t.Fatal("the applicant is offered approve")
		}
	}
	found := false
	for _, a := range Actions(tk, 8, RelCandidate) {
		found = found || a == ActApprove
	}
	if !found {
		t.Fatal("another user is not offered approve")
	}
}

func TestDefaultApprovalChains(t *testing.T) {
	if n := len(DefaultSteps(HotWork, FireSpecial)); n != 3 {
		t.Errorf("特级 steps %d", n)
	}
	if s := DefaultSteps(HotWork, FireFirst); len(s) != 2 || s[0].Roles != "workshop_director" || s[1].Roles != "safety_manager" {
		t.Errorf("一级 steps %+v", s)
	}
	if ModelKey(HotWork, FireFirst) != "workticket:hotWork:1" {
		t.Error("model key")
	}
}
