package biz

import (
	"strconv"
	"time"

	"anquan/kit/errs"
	"anquan/kit/timefmt"
)

// Acts on a permit.
const (
	ActApply    = "apply"
	ActEdit     = "edit"
	ActApprove  = "approve"
	ActStart    = "start"
	ActPause    = "pause"
	ActResume   = "resume"
	ActComplete = "complete"
	ActAccept   = "accept"
	ActVoid     = "void"
	ActRevoke   = "revoke"
	ActGas      = "gas"
)

// ActNames are the Chinese names of the acts (signatures and messages).
var ActNames = map[string]string{
	ActApply: "提交申请", ActEdit: "修改", ActApprove: "审批", ActStart: "开始作业", ActPause: "暂停作业",
	ActResume: "恢复作业", ActComplete: "完工", ActAccept: "验收", ActVoid: "作废", ActRevoke: "撤销", ActGas: "气体分析",
}

// Facts are what a transition's preconditions read besides the permit.
type Facts struct {
	Now      time.Time
	Measures []Measure
	Samples  []SampleAt
}

// CheckState is the state machine: whether act is allowed in the permit's
// state (no time or data rules).
func CheckState(act string, s State) error {
	ok := false
	switch act {
	case ActEdit, ActApply:
		ok = s.TicketStatus == TicketUnissued && s.FlowStatus != FlowRunning && s.FlowStatus != FlowComplete
	case ActApprove:
		ok = s.TicketStatus == TicketUnissued && s.FlowStatus == FlowRunning
	case ActStart:
		ok = s.TicketStatus == TicketIssued && s.JobStatus == JobToStart
	case ActPause:
		ok = s.TicketStatus == TicketIssued && s.JobStatus == JobInProgress && !s.Paused
	case ActResume:
		ok = s.TicketStatus == TicketIssued && s.JobStatus == JobInProgress && s.Paused
	case ActComplete:
		ok = s.TicketStatus == TicketIssued && s.JobStatus == JobInProgress
	case ActAccept:
		ok = s.TicketStatus == TicketIssued && s.JobStatus == JobCompleted
	case ActVoid:
		ok = s.TicketStatus == TicketUnissued
	case ActRevoke:
		ok = s.TicketStatus == TicketIssued && s.JobStatus != JobCompleted
	case ActGas:
		ok = (s.TicketStatus == TicketUnissued || s.TicketStatus == TicketIssued) && s.JobStatus != JobCompleted
	default:
		return errs.BadRequest("未知的操作")
	}
	if !ok {
		return errs.Rule("ILLEGAL_TRANSITION", "作业票当前状态(%s)不能%s", describe(s), ActNames[act])
	}
	return nil
}

func describe(s State) string {
	switch {
	case s.TicketStatus == TicketUnissued && s.FlowStatus == FlowRunning:
		return "审批中"
	case s.TicketStatus == TicketUnissued && s.FlowStatus == FlowRejected:
		return "已驳回"
	case s.TicketStatus == TicketUnissued:
		return "未签发"
	case s.TicketStatus == TicketIssued && s.JobStatus == JobToStart:
		return "已签发,待开始"
	case s.TicketStatus == TicketIssued && s.JobStatus == JobInProgress && s.Paused:
		return "作业暂停中"
	case s.TicketStatus == TicketIssued && s.JobStatus == JobInProgress:
		return "作业中"
	case s.TicketStatus == TicketIssued:
		return "已完工,待验收"
	}
	return OptionName(TicketStatuses, strconv.Itoa(int(s.TicketStatus)))
}

// Check is every precondition of act on t: the state machine, the validity
// window, the confirmed measures and the gas analysis rules.
func Check(act string, t *Ticket, f Facts) error {
	if err := CheckState(act, StateOf(t)); err != nil {
		return err
	}
	switch act {
	case ActStart:
		if f.Now.Before(t.PlanStart) {
			return errs.Rule("NOT_YET", "未到计划开始时间(%s),不能开始作业", t.PlanStart.In(timefmt.Zone).Format("2006-01-02 15:04"))
		}
		if err := CheckNotExpired(t.PlanEnd, f.Now, "开始作业"); err != nil {
			return err
		}
		for _, m := range f.Measures {
			if m.Involved && m.ConfirmUserID == 0 {
				return errs.Rule("MEASURE", "安全措施第%d项(%s)尚未确认,不能开始作业", m.Seq, short(m.Content))
			}
		}
		if NeedsGas(t.WorkType) {
			return CheckFreshSample(f.Samples, time.Time{}, f.Now, "开始作业")
		}
	case ActResume:
		if err := CheckNotExpired(t.PlanEnd, f.Now, "恢复作业"); err != nil {
			return err
		}
		if NeedsGas(t.WorkType) && t.PauseTime != nil && f.Now.Sub(*t.PauseTime) > PauseLimit(t.WorkType, t.Level) {
			return CheckFreshSample(f.Samples, *t.PauseTime, f.Now, "恢复作业")
		}
	case ActComplete:
		if NeedsMonitoring(t.WorkType, t.Level) {
			ok := false
			for _, s := range f.Samples {
				if s.Kind == SampleMonitor && t.ActualStart != nil && !s.Time.Before(*t.ActualStart) {
					ok = true
					break
				}
			}
			if !ok {
				return errs.Rule("MONITOR", "%s须在作业期间连续监测气体,请先录入作业中的监测数据再完工", monitoredName(t))
			}
		}
	}
	return nil
}

func monitoredName(t *Ticket) string {
	if t.WorkType == HotWork {
		return "特级动火作业"
	}
	return "受限空间作业"
}

func short(s string) string {
	r := []rune(s)
	if len(r) > 20 {
		return string(r[:20]) + "…"
	}
	return s
}

// buttons are the acts the view page offers, in order.
var buttons = []string{ActEdit, ActApply, ActApprove, ActStart, ActPause, ActResume, ActComplete, ActAccept, ActVoid, ActRevoke, ActGas}

// Actions are the acts a caller (userID, with relations r to t) may take
// now: allowed by the permit's state and by the caller's relation.
func Actions(t *Ticket, userID int64, r Rel) []string {
	var out []string
	s := StateOf(t)
	for _, a := range buttons {
		if CheckState(a, s) != nil || !May(a, r) {
			continue
		}
		if a == ActApprove && t.ApplicantID == userID {
			continue
		}
		out = append(out, a)
	}
	return out
}
