package data

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/prevention/internal/biz"
)

// fakeFlow is blade-flow's state machine as far as prevention relies on
// it: candidates of the current step (a service acting without a user may
// sign), pass / refuse / send back, cancel.
type fakeFlow struct {
	n   int
	ins map[string]*biz.FlowInstance
}

func (f *fakeFlow) Start(_ context.Context, _ int64, _, _ string, steps []biz.FlowStep) (biz.FlowInstance, error) {
	f.n++
	in := &biz.FlowInstance{ID: strconv.Itoa(f.n), Steps: steps}
	f.ins[in.ID] = in
	return *in, nil
}

func (f *fakeFlow) Complete(ctx context.Context, pid string, pass bool, back int32, _ string) (biz.FlowInstance, error) {
	in := f.ins[pid]
	if in.Status != biz.FlowInProcess {
		return biz.FlowInstance{}, errs.Rule("FLOW_FINISHED", "流程已结束")
	}
	s := in.Steps[in.StepIndex]
	id := ident.From(ctx)
	roles := strings.Split(s.Roles, ",")
	ok := id.UserID == 0 || slices.Contains(strings.Split(s.Users, ","), strconv.FormatInt(id.UserID, 10)) ||
		(id.Super && slices.Contains(roles, "administrator")) || (id.RoleNames != "" && slices.Contains(roles, id.RoleNames))
	if !ok {
		return biz.FlowInstance{}, errs.Forbidden("您不是当前环节【%s】的审批人", s.Name)
	}
	switch {
	case !pass && back > 0:
		in.StepIndex = back - 1
	case !pass:
		in.Status, in.StepIndex = biz.FlowRejected, -1
	case int(in.StepIndex)+1 == len(in.Steps):
		in.Status, in.StepIndex = biz.FlowCompleted, -1
	default:
		in.StepIndex++
	}
	return *in, nil
}

func (f *fakeFlow) Cancel(_ context.Context, pid, _ string) error {
	f.ins[pid].Status, f.ins[pid].StepIndex = biz.FlowCancelled, -1
	return nil
}

func asUser(id int64, role string) context.Context {
	return ident.With(context.Background(), &ident.Identity{TenantID: tenant, UserID: id, UserName: fmt.Sprint("u", id), RoleNames: role, DataScope: ident.ScopeAll})
}

// The instance follows the hazard: each stage signs its step as the caller,
// a refusal by flow leaves the hazard as it was, a refused acceptance goes
// back to the liable person, the last acceptance completes the instance,
// and a liable person changed at assessment gets the rectification step.
func TestHazardFlowFollowsStates(t *testing.T) {
	g := openDB(t)
	uc, _ := newUC(g, time.Now().In(time.Local))
	ff := &fakeFlow{ins: map[string]*biz.FlowInstance{}}
	uc.Flow = ff
	uc.Roles = roleNames{}
	safety, liable, other, newLiable := asUser(3, "safety_manager"), asUser(7, "operator"), asUser(8, "operator"), asUser(9, "operator")

	report := func(name string) *biz.Hazard {
		in := &biz.HazardInput{Hazard: biz.Hazard{DangerName: name, DangerSrc: 1, DangerManageType: 0, LiableUserID: 7, LiableUserName: "u7"}}
		if err := uc.ReportHazard(safety, in); err != nil {
			t.Fatal(err)
		}
		return &in.Hazard
	}
	state := func(h *biz.Hazard) (int32, *biz.FlowInstance) {
		got, err := uc.Hazards.Get(inTenant(), h.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got.DangerState, ff.ins[got.ProcessInstanceID]
	}
	expect := func(what string, h *biz.Hazard, st, status, step int32) {
		t.Helper()
		s, in := state(h)
		if s != st || in.Status != status || in.StepIndex != step {
			t.Fatalf("%s: hazard %d, instance status %d step %d; want %d, %d, %d", what, s, in.Status, in.StepIndex, st, status, step)
		}
	}
	act := func(ctx context.Context, step biz.HazardStep, a biz.HazardAction, wantErr string) {
		t.Helper()
		err := uc.Act(ctx, step, &a)
		if wantErr == "" && err != nil || wantErr != "" && (err == nil || !strings.Contains(errs.Message(err), wantErr)) {
			t.Fatalf("%s: %v, want %q", step, err, wantErr)
		}
	}

	h := report("阀门泄漏")
	expect("reported", h, biz.HazardReported, biz.FlowInProcess, 0)
	act(liable, biz.StepAssess, biz.HazardAction{ID: h.ID, Pass: true, DangerManageType: 0}, "不是当前环节【隐患评估】")
	expect("assess refused by flow", h, biz.HazardReported, biz.FlowInProcess, 0)
	act(safety, biz.StepAssess, biz.HazardAction{ID: h.ID, Pass: true, DangerManageType: 0}, "")
	expect("assessed", h, biz.HazardRectifying, biz.FlowInProcess, 1)
	act(other, biz.StepRectify, biz.HazardAction{ID: h.ID, RectifyMeasures: "x"}, "不是当前环节【隐患整改】")
	act(liable, biz.StepRectify, biz.HazardAction{ID: h.ID, RectifyMeasures: "更换垫片"}, "")
	expect("rectified", h, biz.HazardToAccept, biz.FlowInProcess, 2)
	act(safety, biz.StepAccept, biz.HazardAction{ID: h.ID, Pass: false, Comment: "仍有渗漏"}, "")
	expect("acceptance refused", h, biz.HazardRectifying, biz.FlowInProcess, 1)
	act(liable, biz.StepRectify, biz.HazardAction{ID: h.ID, RectifyMeasures: "更换阀门"}, "")
	act(safety, biz.StepAccept, biz.HazardAction{ID: h.ID, Pass: true, Comment: "通过"}, "")
	expect("accepted", h, biz.HazardAccepted, biz.FlowCompleted, -1)

	v := report("误报")
	act(safety, biz.StepAssess, biz.HazardAction{ID: v.ID, Pass: false, Comment: "不构成隐患"}, "")
	expect("voided", v, biz.HazardVoided, biz.FlowRejected, -1)

	r := report("换人整改")
	old := r.ProcessInstanceID
	act(safety, biz.StepAssess, biz.HazardAction{ID: r.ID, Pass: true, DangerManageType: 0, LiableUserID: 9, LiableUserName: "u9"}, "")
	expect("reassigned", r, biz.HazardRectifying, biz.FlowInProcess, 1)
	if _, in := state(r); in.ID == old || in.Steps[1].Users != "9" || ff.ins[old].Status != biz.FlowCancelled {
		t.Fatalf("reassignment: new instance %+v, old %+v", in, ff.ins[old])
	}
	act(liable, biz.StepRectify, biz.HazardAction{ID: r.ID, RectifyMeasures: "x"}, "不是当前环节")
	act(newLiable, biz.StepRectify, biz.HazardAction{ID: r.ID, RectifyMeasures: "x"}, "")

	// A chain the states cannot follow (a tenant model of two steps) is refused.
	uc.Flow = shortFlow{ff}
	err := uc.ReportHazard(safety, &biz.HazardInput{Hazard: biz.Hazard{DangerName: "y", DangerSrc: 1, LiableUserID: 7}})
	if err == nil || !strings.Contains(errs.Message(err), "三个环节") {
		t.Fatalf("two-step model: %v", err)
	}

	// Without an instance (flow was away) the same people rectify.
	uc.Flow = nil
	n := report("无流程")
	act(safety, biz.StepAssess, biz.HazardAction{ID: n.ID, Pass: true}, "")
	act(other, biz.StepRectify, biz.HazardAction{ID: n.ID, RectifyMeasures: "x"}, "只有整改责任人")
	act(liable, biz.StepRectify, biz.HazardAction{ID: n.ID, RectifyMeasures: "x"}, "")
}

// roleNames reads the test identities' role aliases from RoleNames.
type roleNames struct{}

func (roleNames) Aliases(_ context.Context, id *ident.Identity) ([]string, error) {
	return strings.Split(id.RoleNames, ","), nil
}

type shortFlow struct{ *fakeFlow }

func (s shortFlow) Start(ctx context.Context, id int64, title, comment string, steps []biz.FlowStep) (biz.FlowInstance, error) {
	return s.fakeFlow.Start(ctx, id, title, comment, steps[1:])
}
