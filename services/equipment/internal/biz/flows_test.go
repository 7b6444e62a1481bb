package biz

import (
	"strings"
	"testing"
)

// TestFlowMachinesAllowOnlyTheirTransitions walks every action from every
// state of the three machines: the listed moves lead where they should,
// every other one is refused with a Chinese sentence naming the state.
func TestFlowMachinesAllowOnlyTheirTransitions(t *testing.T) {
	type move struct {
		action string
		from   int32
		to     int32 // 0: refused
	}
	cases := []struct {
		name  string
		m     Machine
		moves []move
	}{
		{"service order", ServiceMachine, []move{
			{"assign", ServiceReported, ServiceAssigned},
			{"assign", ServiceAssigned, ServiceAssigned},
			{"assign", ServiceRepairing, 0},
			{"assign", ServiceDone, 0},
			{"assign", ServiceAccepted, 0},
			{"start", ServiceReported, 0},
			{"start", ServiceAssigned, ServiceRepairing},
			{"start", ServiceRepairing, 0},
			{"start", ServiceAccepted, 0},
			{"finish", ServiceAssigned, 0},
			{"finish", ServiceRepairing, ServiceDone},
			{"finish", ServiceDone, 0},
			{"accept", ServiceRepairing, 0},
			{"accept", ServiceDone, ServiceAccepted},
			{"accept", ServiceAccepted, 0},
			{"return", ServiceDone, ServiceRepairing},
			{"return", ServiceReported, 0},
			{"return", ServiceAccepted, 0},
		}},
		{"disable / recover / scrap request", RequestMachine, []move{
			{"approve", RequestPending, RequestApproved},
			{"reject", RequestPending, RequestRejected},
			{"approve", RequestApproved, 0},
			{"approve", RequestRejected, 0},
			{"reject", RequestApproved, 0},
			{"reject", RequestRejected, 0},
		}},
		{"lockout recovery", LockoutMachine, []move{
			{"request", LockoutShutdown, LockoutRequested},
			{"request", LockoutRejected, LockoutRequested},
			{"request", LockoutRequested, 0},
			{"request", LockoutApproved, 0},
			{"approve", LockoutShutdown, 0},
			{"approve", LockoutRequested, LockoutApproved},
			{"approve", LockoutApproved, 0},
			{"approve", LockoutRejected, 0},
			{"reject", LockoutShutdown, 0},
			{"reject", LockoutRequested, LockoutRejected},
			{"reject", LockoutApproved, 0},
		}},
	}
	for _, c := range cases {
		for _, mv := range c.moves {
			to, err := c.m.Next(mv.action, mv.from)
			if mv.to == 0 {
				if err == nil || !strings.Contains(err.Error(), "当前状态为「"+c.m.Names[mv.from]+"」") {
					t.Errorf("%s: %s from %d: want a refusal naming the state, got %d, %v", c.name, mv.action, mv.from, to, err)
				}
				continue
			}
			if err != nil || to != mv.to {
				t.Errorf("%s: %s from %d: want %d, got %d, %v", c.name, mv.action, mv.from, mv.to, to, err)
			}
		}
		if _, err := c.m.Next("fly", 1); err == nil {
			t.Errorf("%s: an unknown action passed", c.name)
		}
	}
}

// TestEveryStateOfTheMachinesIsNamed: a refusal always names the state.
func TestEveryStateOfTheMachinesIsNamed(t *testing.T) {
	for _, m := range []Machine{ServiceMachine, RequestMachine, LockoutMachine} {
		for a, tr := range m.Actions {
			for _, s := range append(tr.From, tr.To) {
				if m.Names[s] == "" {
					t.Errorf("action %s: state %d has no name", a, s)
				}
			}
		}
	}
	if len(ServiceTypes) != 10 {
		t.Errorf("service types 1-10: %d", len(ServiceTypes))
	}
}
