package biz

import (
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// TestWhoMayActOnAPermit is the rule table: for every write on a permit,
// which relations of the caller allow it.
func TestWhoMayActOnAPermit(t *testing.T) {
	type rels = map[Rel]bool
	all := []Rel{RelApplicant, RelOperator, RelGuardian, RelApprover, RelCandidate, RelSafety, RelAnalyst, RelAdmin}
	// Each act with the relations that allow it; every other relation (and
	// none) is refused.
	cases := []struct {
		act     string
		allowed rels
	}{
		{ActEdit, rels{RelApplicant: true, RelAdmin: true}},
		{ActApply, rels{RelApplicant: true, RelAdmin: true}},
		{ActRemove, rels{RelApplicant: true, RelAdmin: true}},
		{ActApprove, rels{RelCandidate: true}},
		{ActMeasure, rels{RelApplicant: true, RelOperator: true, RelGuardian: true, RelSafety: true, RelAdmin: true}},
		{ActStart, rels{RelApplicant: true, RelOperator: true, RelGuardian: true, RelSafety: true, RelAdmin: true}},
		{ActPause, rels{RelApplicant: true, RelOperator: true, RelGuardian: true, RelSafety: true, RelAdmin: true}},
		{ActResume, rels{RelApplicant: true, RelOperator: true, RelGuardian: true, RelSafety: true, RelAdmin: true}},
		{ActComplete, rels{RelApplicant: true, RelOperator: true, RelGuardian: true, RelSafety: true, RelAdmin: true}},
		{ActAccept, rels{RelApplicant: true, RelApprover: true, RelSafety: true, RelAdmin: true}},
		{ActVoid, rels{RelApplicant: true, RelApprover: true, RelSafety: true, RelAdmin: true}},
		{ActRevoke, rels{RelApprover: true, RelSafety: true, RelAdmin: true}},
		{ActGas, rels{RelApplicant: true, RelOperator: true, RelGuardian: true, RelAnalyst: true, RelSafety: true, RelAdmin: true}},
		{ActBriefing, rels{RelApplicant: true, RelOperator: true, RelGuardian: true, RelSafety: true, RelAdmin: true}},
		{ActGuardian, rels{RelApplicant: true, RelGuardian: true, RelSafety: true, RelAdmin: true}},
	}
	if len(cases) != len(Who) {
		t.Fatalf("the table covers %d acts, Who has %d", len(cases), len(Who))
	}
	for _, c := range cases {
		if May(c.act, 0) {
			t.Errorf("%s: allowed for a caller with no relation", c.act)
		}
		err := Refusal(c.act, 0)
		if errs.Code(err) != codes.PermissionDenied || errs.Message(err) != NotParty {
			t.Errorf("%s: refusal of a stranger is %v", c.act, err)
		}
		for _, r := range all {
			if got := May(c.act, r); got != c.allowed[r] {
				t.Errorf("%s by relation %b: allowed=%v, want %v", c.act, r, got, c.allowed[r])
			}
			err := Refusal(c.act, r)
			switch {
			case c.allowed[r] && err != nil:
				t.Errorf("%s by relation %b refused: %v", c.act, r, err)
			case !c.allowed[r] && (errs.Code(err) != codes.PermissionDenied || !strings.Contains(errs.Message(err), "只有") && c.act != ActApprove):
				t.Errorf("%s by relation %b: want a 403 naming who may, got %v", c.act, r, err)
			}
		}
	}
	if May("fly", RelAdmin) {
		t.Error("an unknown act is allowed")
	}
}

func TestRelationsOfACallerToAPermit(t *testing.T) {
	tk := &Ticket{ApplicantID: 1, OperatorIDs: "2,3", GuardianID: 4, Detail: `{"temporaryPower":{"electricianId":"5"}}`}
	chain := []Step{{Name: "作业单位负责人审批", Roles: "workshop_director"}, {Name: "安全管理部门审批", Roles: "safety_manager"}, {Name: "主要负责人审批", Users: "9"}}
	running := func(step int32) *Approval {
		return &Approval{Instance: &Instance{Status: FlowRunning, StepIndex: step, Steps: chain}}
	}
	cases := []struct {
		name string
		p    Party
		a    *Approval
		want Rel
	}{
		{"nobody", Party{}, nil, 0},
		{"a stranger", Party{UserID: 99, Aliases: []string{"operator", "contractor"}}, running(0), 0},
		{"the applicant", Party{UserID: 1}, nil, RelApplicant},
		{"an operator", Party{UserID: 3}, nil, RelOperator},
		{"the electrician", Party{UserID: 5}, nil, RelOperator},
		{"the guardian", Party{UserID: 4}, nil, RelGuardian},
		{"the administrator", Party{UserID: 50, Admin: true}, nil, RelAdmin},
		{"a safety manager", Party{UserID: 51, Aliases: []string{AliasSafetyManager}}, nil, RelSafety},
		{"a gas analyst", Party{UserID: 52, Aliases: []string{AliasGasAnalyst}}, nil, RelAnalyst},
		{"a past signer", Party{UserID: 53}, &Approval{Signed: true}, RelApprover},
		{"a candidate of the step waiting", Party{UserID: 54, Aliases: []string{"workshop_director"}}, running(0), RelCandidate | RelApprover},
		{"a candidate of a past step", Party{UserID: 54, Aliases: []string{"workshop_director"}}, running(1), RelApprover},
		{"a candidate of a later step", Party{UserID: 9}, running(1), 0},
		{"a named candidate of the step waiting", Party{UserID: 9}, running(2), RelCandidate | RelApprover},
		{"a candidate of a completed approval", Party{UserID: 9}, &Approval{Instance: &Instance{Status: FlowComplete, StepIndex: -1, Steps: chain}}, RelApprover},
		{"a candidate of a rejected approval who never signed", Party{UserID: 9}, &Approval{Instance: &Instance{Status: FlowRejected, StepIndex: -1, Steps: chain}}, 0},
		{"the guardian who is a safety manager", Party{UserID: 4, Aliases: []string{AliasSafetyManager}}, running(1), RelGuardian | RelSafety | RelCandidate | RelApprover},
	}
	for _, c := range cases {
		if got := Relate(c.p, tk, c.a); got != c.want {
			t.Errorf("%s: relations %b, want %b", c.name, got, c.want)
		}
	}
}

// TestConfirmationsAreNeverMadeInAnotherName: a submitted checklist keeps
// stored confirmations of unchanged items, records the caller's own, and
// refuses one naming someone else.
func TestConfirmationsAreNeverMadeInAnotherName(t *testing.T) {
	now := at("2026-11-20 08:00")
	w := &Workticket{Now: func() time.Time { return now }}
	me := &ident.Identity{UserID: 1, UserName: "申请人"}
	old := &Ticket{Measures: encode([]Measure{
		{Seq: 1, Content: "断开电源", Involved: true, ConfirmUserID: 4, ConfirmUserName: "监护人", ConfirmTime: "2026-11-20 07:00:00"},
		{Seq: 2, Content: "清理可燃物", Involved: true, ConfirmUserID: 4, ConfirmUserName: "监护人", ConfirmTime: "2026-11-20 07:01:00"},
	})}
	ms := []Measure{
		{Seq: 1, Content: "断开电源", Involved: true, ConfirmUserID: 4, ConfirmUserName: "伪造", ConfirmTime: "2000-01-01 00:00:00"},
		{Seq: 2, Content: "清理可燃物并设置围挡", Involved: true, ConfirmUserID: 1},
		{Seq: 3, Content: "配备灭火器", Involved: true, ConfirmUserName: "某人", ConfirmTime: "2000-01-01 00:00:00"},
	}
	if err := w.confirmers(me, ms, old); err != nil {
		t.Fatal(err)
	}
	if ms[0].ConfirmUserName != "监护人" || ms[0].ConfirmTime != "2026-11-20 07:00:00" {
		t.Errorf("stored confirmation not kept: %+v", ms[0])
	}
	if ms[1].ConfirmUserName != "申请人" || ms[1].ConfirmTime != "2026-11-20 08:00:00" {
		t.Errorf("the caller's confirmation: %+v", ms[1])
	}
	if ms[2].ConfirmUserName != "" || ms[2].ConfirmTime != "" {
		t.Errorf("an unconfirmed item carries a confirmer: %+v", ms[2])
	}
	// The guardian's confirmation of item 2 does not carry over to changed
	// content, nor to a flipped involvement.
	for _, m := range []Measure{
		{Seq: 2, Content: "清理可燃物并设置围挡", Involved: true, ConfirmUserID: 4},
		{Seq: 1, Content: "断开电源", Involved: false, ConfirmUserID: 4},
		{Seq: 1, Content: "断开电源", Involved: true, ConfirmUserID: 7},
	} {
		err := w.confirmers(me, []Measure{m}, old)
		if errs.Code(err) != codes.PermissionDenied || !strings.Contains(errs.Message(err), "不能代他人确认") {
			t.Errorf("confirmation in another's name %+v: %v", m, err)
		}
	}
}
