package biz

import (
	"slices"
	"testing"
)

func TestInForceState(t *testing.T) {
	cases := []struct {
		name string
		s    State
		want bool
	}{
		{"审批中", State{TicketStatus: TicketUnissued, FlowStatus: FlowRunning}, false},
		{"已签发,待开始", State{TicketStatus: TicketIssued, JobStatus: JobToStart}, false},
		{"作业中", State{TicketStatus: TicketIssued, JobStatus: JobInProgress}, true},
		{"作业暂停中", State{TicketStatus: TicketIssued, JobStatus: JobInProgress, Paused: true}, true},
		{"已完工", State{TicketStatus: TicketIssued, JobStatus: JobCompleted}, false},
		{"已验收", State{TicketStatus: TicketAccepted, JobStatus: JobCompleted}, false},
		{"已撤销", State{TicketStatus: TicketRevoked, JobStatus: JobInProgress}, false},
	}
	for _, c := range cases {
		if got := InForceState(c.s); got != c.want {
			t.Errorf("%s: in force %v, want %v", c.name, got, c.want)
		}
	}
}

func TestCrew(t *testing.T) {
	tk := &Ticket{OperatorIDs: "11,12,11", GuardianID: 13, ApplicantID: 14, Detail: `{"temporaryPower":{"electricianId":"15"}}`}
	got := Crew(tk)
	want := []int64{11, 12, 15, 13}
	if !slices.Equal(got, want) {
		t.Fatalf("crew %v, want %v (operators, electrician, guardian; not the applicant)", got, want)
	}
}
