package biz

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// FlowStep is one step of an approval chain: candidates by role alias
// and/or user id (comma lists).
type FlowStep struct {
	Name, Roles, Users string
}

// FlowInstance is what prevention reads of a flow instance.
type FlowInstance struct {
	ID        string
	Status    int32 // FlowInProcess, FlowCompleted, FlowRejected, FlowCancelled
	StepIndex int32 // 0-based current step, -1 when finished
	Steps     []FlowStep
}

// Flow instance states (blade-flow's).
const (
	FlowInProcess int32 = 0
	FlowCompleted int32 = 1
	FlowRejected  int32 = 2
	FlowCancelled int32 = 3
)

// The hazard chain has exactly these three steps, in this order; the
// hazard's states map onto them: 10 待评估 = step 1, 0 整改中 = step 2,
// 1 待验收 = step 3, 9 已验收 = completed, 8 已作废 = rejected.
const (
	hazardChainLen = 3
	// RectifyStep (1-based) is where a refused acceptance sends the task back.
	RectifyStep int32 = 2
)

// HazardChain is the built-in chain of a hazard: safety staff assess and
// accept (the roles holding those buttons in the demo grants), the liable
// person rectifies. The tenant administrator may act on every hazard (its
// button checks are bypassed), so "administrator" is a candidate of every
// step: flow lists it only where a step names it.
func HazardChain(liableUserID int64) []FlowStep {
	rectify := FlowStep{Name: StepNames[StepRectify], Roles: "administrator"}
	if liableUserID > 0 {
		rectify.Users = strconv.FormatInt(liableUserID, 10)
	}
	return []FlowStep{
		{Name: StepNames[StepAssess], Roles: "safety_manager,administrator"},
		rectify,
		{Name: StepNames[StepAccept], Roles: "safety_manager,administrator"},
	}
}

// FlowMove is the signature a hazard step puts on its instance: assess
// passes or refuses (refused = voided, the instance is rejected), rectify
// always passes, accept passes (completing the instance) or sends the task
// back to the rectification step.
func FlowMove(step HazardStep, pass bool) (flowPass bool, returnTo int32) {
	switch step {
	case StepRectify:
		return true, 0
	case StepAccept:
		if !pass {
			return false, RectifyStep
		}
	}
	return pass, 0
}

// CheckHazardChain refuses a chain the hazard states cannot follow (a
// tenant "hazard" model with other steps).
func CheckHazardChain(in FlowInstance) error {
	if len(in.Steps) != hazardChainLen {
		return errs.Rule("HAZARD_FLOW", "隐患治理流程须依次为隐患评估、隐患整改、隐患验收三个环节(当前 %d 个),请在流程配置中修改「hazard」流程", len(in.Steps))
	}
	return nil
}

// MayRectify is the rectification rule where no flow instance decides
// (the hazard was reported while flow was away): the same people as the
// built-in chain's step 2, the liable person or a tenant administrator.
func MayRectify(h *Hazard, id *ident.Identity) bool {
	return id != nil && (id.Super || (id.UserID != 0 && id.UserID == h.LiableUserID))
}

// mayActWithoutFlow: where no instance decides, assessment and acceptance
// are a manager's (the built-in chain's steps 1 and 3), rectification the
// liable person's or the administrator's (step 2).
func (p *Prevention) mayActWithoutFlow(ctx context.Context, h *Hazard, step HazardStep) error {
	switch step {
	case StepRectify:
		if !MayRectify(h, ident.From(ctx)) {
			return errs.Forbidden("只有整改责任人%s可以提交整改", h.LiableUserName)
		}
	case StepAssess, StepAccept:
		m, err := p.manager(ctx)
		if err != nil {
			return err
		}
		if !m {
			return errs.Forbidden("只有安全管理人员可以%s隐患", map[HazardStep]string{StepAssess: "评估", StepAccept: "验收"}[step])
		}
	}
	return nil
}

// asService is ctx acting as the service itself inside the caller's
// tenant (no user token is forwarded): for flow housekeeping no user may do.
func asService(ctx context.Context) context.Context {
	t := ""
	if id := ident.From(ctx); id != nil {
		t = id.TenantID
	}
	return ident.ForTenant(ctx, t)
}

func (p *Prevention) startFlow(ctx context.Context, h *Hazard, comment string) error {
	if p.Flow == nil {
		return nil
	}
	in, err := p.Flow.Start(ctx, h.ID, flowTitle(h), comment, HazardChain(h.LiableUserID))
	if err != nil {
		return err
	}
	h.ProcessInstanceID = in.ID
	if err := CheckHazardChain(in); err != nil {
		p.cancelFlow(ctx, h)
		h.ProcessInstanceID = ""
		return err
	}
	return nil
}

func flowTitle(h *Hazard) string { return "隐患整改:" + firstRunes(h.DangerName, 150) }

// cancelFlow closes the instance opened for a hazard that was not saved.
func (p *Prevention) cancelFlow(ctx context.Context, h *Hazard) {
	if p.Flow == nil || h == nil || h.ProcessInstanceID == "" {
		return
	}
	if err := p.Flow.Cancel(asService(ctx), h.ProcessInstanceID, "隐患未保存"); err != nil {
		slog.Warn("prevention: cancel flow of an unsaved hazard", "processInstanceId", h.ProcessInstanceID, "err", err)
	}
}

// moveFlow signs the hazard's instance for step as the caller; flow refuses
// a caller who is not a candidate of the current step. It runs inside the
// transaction that moved the hazard, so a refusal leaves the hazard as it was.
func (p *Prevention) moveFlow(ctx context.Context, h *Hazard, step HazardStep, a *HazardAction, comment string) error {
	pass, back := FlowMove(step, a.Pass)
	in, err := p.Flow.Complete(ctx, h.ProcessInstanceID, pass, back, comment)
	if err != nil {
		return err
	}
	if step == StepAssess && a.Pass {
		// The instance has moved: from here on a failure must not roll the
		// hazard back (it would stay 待评估 with its instance at step 2).
		if err := p.reassignFlow(ctx, h, in, a); err != nil {
			slog.Warn("prevention: flow not moved to the new liable person", "hazard", h.ID, "processInstanceId", h.ProcessInstanceID, "err", err)
		}
	}
	return nil
}

// reassignFlow follows a liable person changed at assessment, or by an
// edit before it (the instance was opened for the person named at the
// report). The built-in chain names the liable person at step 2 and flow
// has no reassignment, so the instance is withdrawn and a new one is opened
// for the liable person and brought to step 2 by the service (the
// assessment is signed already in the old one, whose history stays).
func (p *Prevention) reassignFlow(ctx context.Context, h *Hazard, in FlowInstance, a *HazardAction) error {
	liable, name := h.LiableUserID, h.LiableUserName
	if a.LiableUserID > 0 {
		liable, name = a.LiableUserID, a.LiableUserName
	}
	if liable <= 0 || in.Status != FlowInProcess || in.StepIndex != RectifyStep-1 || int(in.StepIndex) >= len(in.Steps) {
		return nil
	}
	// Only the built-in chain's step 2 (the administrator and one person)
	// is rebuilt; a tenant model's own candidates stay as configured.
	if s := in.Steps[in.StepIndex]; s.Roles != "administrator" || s.Users == "" || strings.Contains(s.Users, ",") || s.Users == strconv.FormatInt(liable, 10) {
		return nil
	}
	if name == "" {
		name = strconv.FormatInt(liable, 10)
	}
	sctx := asService(ctx)
	note := fmt.Sprintf("评估时整改责任人变更为 %s", name)
	if err := p.Flow.Cancel(sctx, h.ProcessInstanceID, note+",转入新流程"); err != nil {
		return err
	}
	ni, err := p.Flow.Start(sctx, h.ID, flowTitle(h), fmt.Sprintf("%s(原流程 %s)", note, h.ProcessInstanceID), HazardChain(liable))
	if err != nil {
		return err
	}
	if _, err := p.Flow.Complete(sctx, ni.ID, true, 0, "隐患评估已通过(见原流程)"); err != nil {
		return err
	}
	ok, err := p.Q.SetState(ctx, &Hazard{}, h.ID, "danger_state", HazardRectifying, map[string]any{"process_instance_id": ni.ID})
	if err == nil && !ok {
		err = fmt.Errorf("hazard %d left 整改中 before its new instance was stored", h.ID)
	}
	return err
}
