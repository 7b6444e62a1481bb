package biz

import (
	"context"
	"slices"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Object-level authorization of permits: a button code says what kind of
// act a role may take; the caller's relation to the permit says whether
// they may take it on this permit. Both are checked on every write.

// Rel is a set of relations of a caller to a permit.
type Rel uint16

const (
	// RelApplicant: the permit's applicant.
	RelApplicant Rel = 1 << iota
	// RelOperator: an operator of the permit, or another person it names
	// for the work (the electrician of temporary power).
	RelOperator
	// RelGuardian: the permit's guardian (监护人).
	RelGuardian
	// RelApprover: signed the permit's approval, or is a candidate of its
	// current or a past approval step.
	RelApprover
	// RelCandidate: a candidate of the approval step waiting now.
	RelCandidate
	// RelSafety: holds the safety manager role (AliasSafetyManager).
	RelSafety
	// RelAnalyst: holds the gas analyst role (AliasGasAnalyst).
	RelAnalyst
	// RelAdmin: the tenant administrator.
	RelAdmin

	// relLocal are the relations the permit row and the token tell;
	// relRoles need the caller's role aliases (blade-system), relApproval
	// the approval's signers and candidates (blade-flow).
	relLocal    = RelApplicant | RelOperator | RelGuardian | RelAdmin
	relRoles    = RelSafety | RelAnalyst
	relApproval = RelApprover | RelCandidate
)

// Role aliases with meaning to permits. blade-system seeds no gas analyst
// role: a tenant that has analysts makes a role with this alias (and the
// ticket_gas button); safety managers count as analysts too.
const (
	AliasSafetyManager = "safety_manager"
	AliasGasAnalyst    = "gas_analyst"
)

// Writes on a permit besides the lifecycle acts of lifecycle.go.
const (
	ActRemove   = "remove"
	ActMeasure  = "measure"
	ActBriefing = "briefing"
	ActGuardian = "guardian"
)

// crew: the people who run the work, and whoever manages it.
const crew = RelApplicant | RelOperator | RelGuardian | RelSafety | RelAdmin

// Who may take each act on a permit (besides holding the act's button).
var Who = map[string]Rel{
	ActEdit:     RelApplicant | RelAdmin,
	ActApply:    RelApplicant | RelAdmin,
	ActRemove:   RelApplicant | RelAdmin,
	ActApprove:  RelCandidate,
	ActMeasure:  crew,
	ActStart:    crew,
	ActPause:    crew,
	ActResume:   crew,
	ActComplete: crew,
	ActAccept:   RelApplicant | RelApprover | RelSafety | RelAdmin,
	ActVoid:     RelApplicant | RelApprover | RelSafety | RelAdmin,
	ActRevoke:   RelApprover | RelSafety | RelAdmin,
	ActGas:      RelApplicant | RelOperator | RelGuardian | RelAnalyst | RelSafety | RelAdmin,
	ActBriefing: crew,
	ActGuardian: RelApplicant | RelGuardian | RelSafety | RelAdmin,
}

// May reports whether a caller with relations r may take act (an act
// missing from Who is nobody's).
func May(act string, r Rel) bool {
	need, ok := Who[act]
	return ok && r&need != 0
}

// NotParty is the refusal of a caller with no relation to the permit.
const NotParty = "您不是该作业票的申请人、作业人员、监护人或审批人,无权执行此操作"

// refusals name who may take an act, for a caller related to the permit
// in another way.
var refusals = map[string]string{
	ActEdit:     "只有申请人或管理员可以修改作业票",
	ActApply:    "只有申请人或管理员可以提交审批",
	ActRemove:   "只有申请人或管理员可以删除作业票",
	ActApprove:  "您不是该作业票当前审批环节的审批人",
	ActMeasure:  "只有申请人、监护人或作业人员(或安全管理员)可以确认安全措施",
	ActAccept:   "只有该作业票的申请人、审批人或安全管理员可以验收",
	ActVoid:     "只有该作业票的申请人、审批人或安全管理员可以作废",
	ActRevoke:   "只有该作业票的审批人或安全管理员可以撤销",
	ActGas:      "只有该作业票的作业人员、监护人、申请人、气体分析人员或安全管理员可以录入气体分析",
	ActBriefing: "只有该作业票的申请人、监护人、作业人员或安全管理员可以进行安全交底",
	ActGuardian: "只有该作业票的申请人、监护人或安全管理员可以变更监护人",
}

// Refusal is the 403 of act for a caller whose relations to the permit
// are r, 0 meaning none at all (nil when allowed).
func Refusal(act string, r Rel) error {
	if May(act, r) {
		return nil
	}
	if r == 0 {
		return errs.Forbidden(NotParty)
	}
	return refusal(act)
}

// refusal names who may take act.
func refusal(act string) error {
	if m := refusals[act]; m != "" {
		return errs.Forbidden(m)
	}
	// start, pause, resume, complete
	return errs.Forbidden("只有该作业票的监护人、作业人员、申请人或安全管理员可以%s", ActNames[act])
}

// Party is the caller as relations are computed: user, administrator
// flag and role aliases.
type Party struct {
	UserID  int64
	Admin   bool
	Aliases []string
}

// Approval is what relates people to a permit's approval: who signed it,
// and the approval instance (nil when there is none).
type Approval struct {
	Signed   bool
	Instance *Instance
}

// Relate is the caller's relations to t: from the permit's people, the
// caller's roles and, when given, the permit's approval.
func Relate(p Party, t *Ticket, a *Approval) Rel {
	var r Rel
	if p.UserID == 0 {
		return 0
	}
	if p.Admin {
		r |= RelAdmin
	}
	if t.ApplicantID == p.UserID {
		r |= RelApplicant
	}
	if t.GuardianID == p.UserID {
		r |= RelGuardian
	}
	if ops, _ := ident.ParseIDs(t.OperatorIDs); slices.Contains(ops, p.UserID) {
		r |= RelOperator
	}
	if e := DecodeDetail(t).TemporaryPower; e != nil && e.ElectricianID == p.UserID {
		r |= RelOperator
	}
	if slices.Contains(p.Aliases, AliasSafetyManager) {
		r |= RelSafety
	}
	if slices.Contains(p.Aliases, AliasGasAnalyst) {
		r |= RelAnalyst
	}
	if a != nil {
		if a.Signed {
			r |= RelApprover
		}
		if in := a.Instance; in != nil {
			for i, s := range in.Steps {
				if !candidate(p, s) {
					continue
				}
				switch {
				case in.Status == FlowRunning && int32(i) == in.StepIndex:
					r |= RelCandidate | RelApprover
				case in.Status == FlowComplete || (in.Status == FlowRunning && int32(i) < in.StepIndex):
					r |= RelApprover
				}
			}
		}
	}
	return r
}

// candidate reports whether p may sign step s (named, or by a role alias).
func candidate(p Party, s Step) bool {
	if ids, _ := ident.ParseIDs(s.Users); slices.Contains(ids, p.UserID) {
		return true
	}
	for _, role := range strings.Split(s.Roles, ",") {
		if role = strings.TrimSpace(role); role != "" && slices.Contains(p.Aliases, role) {
			return true
		}
	}
	return false
}

// open are the relations still unknown that could allow one of acts.
func open(acts []string, r, known Rel) Rel {
	var o Rel
	for _, a := range acts {
		if need := Who[a]; r&need == 0 {
			o |= need &^ known
		}
	}
	return o
}

// relations resolves the caller's relations to t for acts, asking other
// services only for what the permit row leaves open: the caller's role
// aliases (blade-system) and the approval's signers and candidates (this
// database and blade-flow). A failed look-up is an error, never "no
// relation granted" or "every relation granted".
func (w *Workticket) relations(ctx context.Context, me *ident.Identity, t *Ticket, acts ...string) (Rel, error) {
	p := Party{UserID: me.UserID, Admin: me.Super}
	r := Relate(p, t, nil)
	known := relLocal
	if open(acts, r, known) == 0 {
		return r, nil
	}
	aliases, err := w.Roles.Aliases(ctx, me.TenantID, me.RoleIDs)
	if err != nil {
		return r, err
	}
	p.Aliases = aliases
	r, known = Relate(p, t, nil), known|relRoles
	if open(acts, r, known)&relApproval == 0 {
		return r, nil
	}
	a := &Approval{}
	if a.Signed, err = w.Signs.Exists(ctx, 0, "ticket_id = ? AND user_id = ? AND action IN ?", t.ID, me.UserID, []string{"pass", "reject"}); err != nil {
		return r, err
	}
	if t.ProcessInstanceID != "" {
		in, err := w.Flow.Get(ctx, t.ProcessInstanceID)
		if err != nil {
			return r, err
		}
		if in.BusinessTable == BusinessTable && in.BusinessID == t.ID {
			a.Instance = &in
		}
	}
	return Relate(p, t, a), nil
}

// everyAct makes relations resolve every relation.
var everyAct = func() []string {
	out := make([]string, 0, len(Who))
	for a := range Who {
		out = append(out, a)
	}
	return out
}()

// authorize refuses act on t unless the caller's relation allows it.
func (w *Workticket) authorize(ctx context.Context, me *ident.Identity, t *Ticket, act string) error {
	r, err := w.relations(ctx, me, t, act)
	if err != nil {
		return err
	}
	if May(act, r) {
		return nil
	}
	if r == 0 {
		// Only the relations that could allow act were looked up: before
		// telling the caller they have none, look up the others (a refusal
		// either way; only its sentence depends on them).
		all, err := w.relations(ctx, me, t, everyAct...)
		if err != nil || all != 0 {
			return refusal(act)
		}
	}
	return Refusal(act, r)
}

// Allowed are the acts the caller may take on t now (the view page's
// buttons): allowed by the permit's state and by the caller's relation.
// When a look-up fails it answers from what the permit row tells alone
// (fewer buttons; every write checks again).
func (w *Workticket) Allowed(ctx context.Context, t *Ticket) ([]string, error) {
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	var acts []string
	s := StateOf(t)
	for _, a := range buttons {
		if CheckState(a, s) == nil {
			acts = append(acts, a)
		}
	}
	r, err := w.relations(ctx, me, t, acts...)
	return Actions(t, me.UserID, r), err
}
