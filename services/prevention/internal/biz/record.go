package biz

import (
	"context"
	"strings"
	"time"

	"anquan/kit/errs"
	"anquan/kit/idgen"
	"anquan/kit/timefmt"
	"anquan/kit/valid"
)

// RecordInput is an inspection record as submitted.
type RecordInput struct {
	CheckRecord
	CheckTimeText string
	// Hazard is required with check status 1 (存在隐患).
	Hazard *HazardInput
}

// SubmitRecord records the inspection of a task, moves the task (2, 4 or 6)
// and, with a hazard found, reports it (state 10) and opens its history.
// Records are never edited or removed; a task already inspected refuses a
// second one.
func (p *Prevention) SubmitRecord(ctx context.Context, in *RecordInput) (*CheckRecord, error) {
	if in.TaskID <= 0 {
		return nil, errs.BadRequest("请选择排查任务")
	}
	if err := oneOf(CheckStatuses, in.CheckStatus, "排查结果"); err != nil {
		return nil, err
	}
	if err := valid.MaxLen("备注", in.Remark, 1000); err != nil {
		return nil, err
	}
	if err := valid.MaxLen("照片", in.Photos, 2000); err != nil {
		return nil, err
	}
	task, err := p.Tasks.Get(ctx, in.TaskID)
	if err != nil {
		return nil, err
	}
	now := p.Now()
	next, err := TaskAfterRecord(task.TaskState, task.StartTime, task.EndTime, now)
	if err != nil {
		return nil, err
	}
	// The task's duty holder (or a manager) records it; the inspector is the caller.
	if err := p.mayRecord(ctx, task); err != nil {
		return nil, err
	}
	ct, err := parseTime(in.CheckTimeText, "排查时间", false, now)
	if err != nil {
		return nil, err
	}
	if ct.After(now.Add(time.Minute)) {
		return nil, errs.BadRequest("排查时间不能晚于当前时间")
	}
	if ct.Before(task.StartTime) {
		return nil, errs.BadRequest("排查时间不能早于任务开始时间")
	}
	uid, uname := caller(ctx)
	r := &in.CheckRecord
	r.ID = idgen.Next()
	r.PlanID, r.UnitID, r.UnitName, r.MeasureDesc = task.PlanID, task.UnitID, task.UnitName, firstRunes(task.PlanName, 200)
	r.CheckTime, r.CheckUserID, r.CheckUserName = ct, uid, uname
	r.Photos = cleanList(r.Photos)
	r.TaskState, r.TaskStartTime, r.TaskEndTime = next, task.StartTime, task.EndTime
	var h *Hazard
	if r.CheckStatus == CheckHazard {
		if in.Hazard == nil {
			return nil, errs.BadRequest("排查结果为存在隐患时请填写隐患信息")
		}
		hi := in.Hazard
		hi.UnitID = task.UnitID
		if strings.TrimSpace(hi.ReportTimeText) == "" {
			hi.ReportTimeText = timefmt.Format(ct)
		}
		if err := p.prepareHazard(ctx, hi, true); err != nil {
			return nil, err
		}
		h = &hi.Hazard
		h.ID = idgen.Next()
		h.DangerState = HazardReported
		h.ReportUserID, h.ReportUserName = uid, uname
		h.MeasureID, h.TaskID, h.RecordID = task.MeasureID, task.ID, r.ID
		if h.Photos == "" {
			h.Photos = r.Photos
		}
		p.clearWorkflowFields(h)
		if err := p.startFlow(ctx, h, "排查发现隐患:"+firstRunes(task.PlanName, 100)); err != nil {
			return nil, err
		}
		r.HazardID = h.ID
	}
	err = p.Tx.Tx(ctx, func(ctx context.Context) error {
		ok, err := p.Q.SetState(ctx, &CheckTask{}, task.ID, "task_state", task.TaskState, map[string]any{
			"task_state": next, "record_id": r.ID, "check_time": ct, "check_user_name": uname, "check_status": r.CheckStatus,
		})
		if err := changed(ok, err); err != nil {
			return err
		}
		if err := p.Records.Create(ctx, r); err != nil {
			return err
		}
		if h != nil {
			defer p.Q.HazardsChanged()
			return p.Hazards.Create(ctx, h)
		}
		return nil
	})
	if err != nil {
		p.cancelFlow(ctx, h)
		return nil, err
	}
	return r, nil
}
