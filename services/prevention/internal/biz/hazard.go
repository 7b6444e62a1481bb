package biz

import (
	"context"
	"strings"
	"time"

	"google.golang.org/grpc/codes"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/idgen"
	"anquan/kit/timefmt"
	"anquan/kit/valid"
)

// HazardInput is a reported hazard with its times as text.
type HazardInput struct {
	Hazard
	ReportTimeText, DeadlineText string
}

// prepareHazard validates a report and fills what the server decides.
// fromRecord: opened by an inspection record (source defaults to 日常排查).
func (p *Prevention) prepareHazard(ctx context.Context, in *HazardInput, fromRecord bool) error {
	h := &in.Hazard
	now := p.Now()
	h.DangerName = strings.TrimSpace(h.DangerName)
	if err := valid.Required("隐患名称", h.DangerName); err != nil {
		return err
	}
	for _, c := range []struct {
		v     string
		n     int
		label string
	}{{h.DangerName, 200, "隐患名称"}, {h.DangerDesc, 4000, "隐患描述"}, {h.DangerLocation, 200, "隐患位置"}, {h.TreatmentPlan, 4000, "治理方案"}, {h.Photos, 2000, "隐患照片"}} {
		if err := valid.MaxLen(c.label, c.v, c.n); err != nil {
			return err
		}
	}
	if h.DangerSrc == 0 && fromRecord {
		h.DangerSrc = SrcDaily
	}
	if h.DangerSrc == 0 {
		return errs.BadRequest("请选择隐患来源")
	}
	if h.HazardDangerType == 0 {
		h.HazardDangerType = 8
	}
	if err := oneOf(DangerLevels, h.DangerLevel, "隐患等级"); err != nil {
		return err
	}
	if err := oneOf(DangerSources, h.DangerSrc, "隐患来源"); err != nil {
		return err
	}
	if err := oneOf(ManageTypes, h.DangerManageType, "治理类型"); err != nil {
		return err
	}
	if err := oneOf(HazardDangerTypes, h.HazardDangerType, "隐患类型"); err != nil {
		return err
	}
	rt, err := parseTime(in.ReportTimeText, "上报时间", false, now)
	if err != nil {
		return err
	}
	if rt.After(now.Add(time.Minute)) {
		return errs.BadRequest("上报时间不能晚于当前时间")
	}
	h.ReportTime = rt
	if err := p.setDeadline(h, in.DeadlineText); err != nil {
		return err
	}
	if h.LiableUserID <= 0 {
		return errs.BadRequest("请选择整改责任人")
	}
	// The liable person's name is the directory's, not the body's.
	name, err := p.personName(ctx, h.LiableUserID, "整改责任人")
	if err != nil {
		return err
	}
	h.LiableUserName = name
	if h.UnitID > 0 {
		u, err := p.Units.Get(ctx, h.UnitID)
		if err != nil {
			return err
		}
		h.UnitName = u.Name
	}
	h.Photos = cleanList(h.Photos)
	return nil
}

// setDeadline applies the deadline rule: required for 限期整改, never
// before the report; 即查即改 defaults to the end of the report day.
func (p *Prevention) setDeadline(h *Hazard, text string) error {
	if strings.TrimSpace(text) == "" {
		if h.Deadline != nil {
			return nil
		}
		if h.DangerManageType == ManageLater {
			return errs.BadRequest("限期整改的隐患请填写整改期限")
		}
		_, end := DayOf(h.ReportTime)
		d := end.Add(-time.Second)
		h.Deadline = &d
		return nil
	}
	d, err := parseTime(text, "整改期限", true, time.Time{})
	if err != nil {
		return err
	}
	if len(strings.TrimSpace(text)) <= 10 {
		// A date alone means the end of that day.
		d = d.Add(24*time.Hour - time.Second)
	}
	if d.Before(h.ReportTime) {
		return errs.BadRequest("整改期限不能早于上报时间")
	}
	h.Deadline = &d
	return nil
}

func caller(ctx context.Context) (int64, string) {
	if id := ident.From(ctx); id != nil {
		return id.UserID, id.UserName
	}
	return 0, ""
}

// ReportHazard records a new hazard (state 10 待评估) and opens its history.
func (p *Prevention) ReportHazard(ctx context.Context, in *HazardInput) error {
	if err := p.prepareHazard(ctx, in, false); err != nil {
		return err
	}
	h := &in.Hazard
	h.ID = idgen.Next()
	h.DangerState = HazardReported
	h.ReportUserID, h.ReportUserName = caller(ctx)
	if err := p.startFlow(ctx, h, "上报隐患"); err != nil {
		return err
	}
	h.TaskID, h.RecordID, h.Overdue = 0, 0, 0
	p.clearWorkflowFields(h)
	defer p.Q.HazardsChanged()
	if err := p.Hazards.Create(ctx, h); err != nil {
		p.cancelFlow(ctx, h)
		return err
	}
	return nil
}

func (p *Prevention) clearWorkflowFields(h *Hazard) {
	h.RectifyMeasures, h.RectifyPhotos, h.RectifyTime, h.RectifyUserName, h.RectifyCost = "", "", nil, "", 0
	h.AssessUserName, h.AssessTime, h.AssessComment = "", nil, ""
	h.AcceptUserID, h.AcceptUserName, h.AcceptTime, h.AcceptComment = 0, "", nil, ""
}

// EditHazard corrects a hazard still waiting for assessment: its reporter
// or a manager may (MayChangeHazard); after assessment only the transition
// calls change it.
func (p *Prevention) EditHazard(ctx context.Context, in *HazardInput) error {
	old, err := p.Hazards.Get(ctx, in.ID)
	if err != nil {
		return err
	}
	if err := p.mayChangeHazard(ctx, old, StepEdit); err != nil {
		return err
	}
	if strings.TrimSpace(in.ReportTimeText) == "" {
		in.ReportTimeText = timefmt.Format(old.ReportTime)
	}
	if err := p.prepareHazard(ctx, in, old.TaskID != 0); err != nil {
		return err
	}
	ok, err := p.Q.SetState(ctx, &Hazard{}, in.ID, "danger_state", HazardReported, map[string]any{
		"danger_name": in.DangerName, "danger_desc": in.DangerDesc, "danger_level": in.DangerLevel, "danger_src": in.DangerSrc,
		"danger_manage_type": in.DangerManageType, "hazard_danger_type": in.HazardDangerType, "unit_id": in.UnitID, "unit_name": in.UnitName,
		"danger_location": in.DangerLocation, "report_time": in.ReportTime, "deadline": in.Deadline, "liable_dept_id": in.LiableDeptID,
		"liable_dept_name": in.LiableDeptName, "liable_user_id": in.LiableUserID, "liable_user_name": in.LiableUserName,
		"photos": in.Photos, "treatment_plan": in.TreatmentPlan,
	})
	return changed(ok, err)
}

func changed(ok bool, err error) error {
	if err != nil {
		return err
	}
	if !ok {
		return errs.Rule("STATE_CHANGED", "数据状态已变化,请刷新后重试")
	}
	return nil
}

// RemoveHazards deletes hazards still waiting for assessment (their
// reporter or a manager) or voided (a manager); any other refuses them all.
func (p *Prevention) RemoveHazards(ctx context.Context, ids []int64) error {
	var hs []Hazard
	if err := p.Q.ByIDs(ctx, &hs, ids); err != nil {
		return err
	}
	for i := range hs {
		h := &hs[i]
		if err := p.mayChangeHazard(ctx, h, StepRemove); err != nil {
			if errs.Code(err) == codes.PermissionDenied {
				return err
			}
			return errs.Rule("HAZARD_STATE", "隐患「%s」%s", h.DangerName, strings.TrimPrefix(errs.Message(err), "隐患"))
		}
	}
	defer p.Q.HazardsChanged()
	return p.Hazards.Remove(ctx, ids)
}

// HazardAction is one workflow step's input.
type HazardAction struct {
	ID                             int64
	Pass                           bool
	Comment                        string
	DangerLevel, DangerManageType  int32
	Deadline                       string
	LiableUserID, LiableDeptID     int64
	LiableUserName, LiableDeptName string
	TreatmentPlan                  string
	RectifyMeasures, RectifyPhotos string
	RectifyCost                    float64
}

// Act runs one step of the rectification workflow: the transition is
// checked, then in one transaction the state moves (conditionally on the
// state read, so two people acting at once cannot both succeed) and the
// hazard's flow instance is signed by the caller (flow refuses whoever is
// not a candidate of the current step, and the move is rolled back).
func (p *Prevention) Act(ctx context.Context, step HazardStep, a *HazardAction) error {
	if a.ID <= 0 {
		return errs.BadRequest("缺少 id 参数")
	}
	h, err := p.Hazards.Get(ctx, a.ID)
	if err != nil {
		return err
	}
	next, err := HazardNext(h.DangerState, step, a.Pass)
	if err != nil {
		return err
	}
	if err := valid.MaxLen("意见", a.Comment, 1000); err != nil {
		return err
	}
	if err := valid.MaxLen("治理方案", a.TreatmentPlan, 4000); err != nil {
		return err
	}
	flowOn := p.Flow != nil && h.ProcessInstanceID != ""
	if !flowOn {
		// No instance decides (the hazard was reported while flow was away):
		// the built-in chain's people do.
		if err := p.mayActWithoutFlow(ctx, h, step); err != nil {
			return err
		}
	}
	now := p.Now()
	uid, uname := caller(ctx)
	v := map[string]any{"danger_state": next}
	if strings.TrimSpace(a.TreatmentPlan) != "" {
		v["treatment_plan"] = a.TreatmentPlan
		h.TreatmentPlan = a.TreatmentPlan
	}
	switch step {
	case StepAssess:
		if !a.Pass {
			if strings.TrimSpace(a.Comment) == "" {
				return errs.BadRequest("请填写不予认定的理由")
			}
		} else {
			if err := oneOf(DangerLevels, a.DangerLevel, "隐患等级"); err != nil {
				return err
			}
			if err := oneOf(ManageTypes, a.DangerManageType, "治理类型"); err != nil {
				return err
			}
			h.DangerLevel, h.DangerManageType = a.DangerLevel, a.DangerManageType
			if err := p.setDeadline(h, a.Deadline); err != nil {
				return err
			}
			v["danger_level"], v["danger_manage_type"], v["deadline"] = h.DangerLevel, h.DangerManageType, h.Deadline
			if h.Deadline != nil && h.Deadline.After(now) {
				v["overdue"] = 0
			}
			if a.LiableUserID > 0 {
				if a.LiableUserName, err = p.personName(ctx, a.LiableUserID, "整改责任人"); err != nil {
					return err
				}
				v["liable_user_id"], v["liable_user_name"] = a.LiableUserID, a.LiableUserName
			}
			if a.LiableDeptID > 0 {
				v["liable_dept_id"], v["liable_dept_name"] = a.LiableDeptID, a.LiableDeptName
			}
		}
		v["assess_user_name"], v["assess_time"], v["assess_comment"] = uname, now, a.Comment
	case StepRectify:
		if err := valid.Required("整改措施", a.RectifyMeasures); err != nil {
			return err
		}
		if err := valid.MaxLen("整改措施", a.RectifyMeasures, 4000); err != nil {
			return err
		}
		if err := valid.MaxLen("整改照片", a.RectifyPhotos, 2000); err != nil {
			return err
		}
		if a.RectifyCost < 0 {
			return errs.BadRequest("整改资金不能为负数")
		}
		v["rectify_measures"], v["rectify_photos"], v["rectify_cost"] = a.RectifyMeasures, cleanList(a.RectifyPhotos), a.RectifyCost
		v["rectify_time"], v["rectify_user_name"] = now, uname
	case StepAccept:
		if a.Pass {
			if h.DangerLevel == DangerMajor && strings.TrimSpace(h.TreatmentPlan) == "" {
				return errs.Rule("NO_TREATMENT_PLAN", "重大隐患须先录入治理方案才能验收")
			}
			v["accept_user_id"], v["accept_user_name"], v["accept_time"] = uid, uname, now
		} else {
			if strings.TrimSpace(a.Comment) == "" {
				return errs.BadRequest("请填写验收不通过的原因")
			}
		}
		v["accept_comment"] = a.Comment
	}
	comment := a.Comment
	if step == StepRectify && comment == "" {
		comment = firstRunes(a.RectifyMeasures, 200)
	}
	defer p.Q.HazardsChanged()
	return p.Tx.Tx(ctx, func(ctx context.Context) error {
		ok, err := p.Q.SetState(ctx, &Hazard{}, h.ID, "danger_state", h.DangerState, v)
		if err := changed(ok, err); err != nil || !flowOn {
			return err
		}
		return p.moveFlow(ctx, h, step, a, comment)
	})
}
