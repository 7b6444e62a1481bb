package data

import (
	"context"
	"strings"

	"anquan/prevention/internal/biz"
	flowv1 "anquan/proto/blade/flow/v1"
)

// HazardTable is the business table flow instances point at.
const HazardTable = "prevention_hazard"

// Flow is prevention's view of blade-flow: a hazard's instance follows its
// states (biz.HazardChain is the built-in chain; a tenant "hazard" model
// overrides it).
type Flow struct {
	C flowv1.FlowInternalClient
}

func (f Flow) Start(ctx context.Context, hazardID int64, title, comment string, steps []biz.FlowStep) (biz.FlowInstance, error) {
	in := make([]*flowv1.Step, len(steps))
	for i, s := range steps {
		in[i] = &flowv1.Step{Name: s.Name, RoleAliases: s.Roles, UserIds: s.Users}
	}
	out, err := f.C.Start(ctx, &flowv1.StartRequest{ModelKey: "hazard", BusinessTable: HazardTable, BusinessId: hazardID, Title: title, DefaultSteps: in, Comment: comment})
	if err != nil {
		return biz.FlowInstance{}, remote(err, "审批流")
	}
	return instanceIn(out), nil
}

func (f Flow) Complete(ctx context.Context, pid string, pass bool, returnTo int32, comment string) (biz.FlowInstance, error) {
	out, err := f.C.Complete(ctx, &flowv1.CompleteRequest{ProcessInstanceId: pid, Pass: pass, ReturnTo: returnTo, Comment: comment})
	if err != nil {
		return biz.FlowInstance{}, remote(err, "审批流")
	}
	return instanceIn(out), nil
}

func (f Flow) Cancel(ctx context.Context, pid, comment string) error {
	_, err := f.C.Cancel(ctx, &flowv1.RecordRequest{ProcessInstanceId: pid, TaskName: "撤销", Action: "cancel", Comment: comment})
	return remote(err, "审批流")
}

func instanceIn(in *flowv1.Instance) biz.FlowInstance {
	out := biz.FlowInstance{ID: in.GetProcessInstanceId(), Status: in.GetStatus(), StepIndex: in.GetStepIndex()}
	for _, s := range in.GetSteps() {
		out.Steps = append(out.Steps, biz.FlowStep{Name: s.GetName(), Roles: strings.TrimSpace(s.GetRoleAliases()), Users: strings.TrimSpace(s.GetUserIds())})
	}
	return out
}
