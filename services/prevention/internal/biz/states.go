package biz

import (
	"time"

	"anquan/kit/errs"
)

// TaskAfterRecord is the state a task takes when a record is submitted at
// `at`: on time 1 -> 2; late 1 or 3 -> 4; a missed window made up 5 -> 6.
// A task already inspected is refused.
func TaskAfterRecord(state int32, start, end, at time.Time) (int32, error) {
	switch state {
	case TaskPending:
		if at.Before(start) {
			return 0, errs.Rule("TASK_NOT_STARTED", "该排查任务尚未开始(%s 开始),不能提前记录", start.Format("2006-01-02 15:04"))
		}
		if at.Before(end) {
			return TaskDone, nil
		}
		return TaskOverdueDone, nil
	case TaskOverdue:
		return TaskOverdueDone, nil
	case TaskMissed:
		return TaskMissedMadeUp, nil
	case TaskDone, TaskOverdueDone, TaskMissedMadeUp:
		return 0, errs.Rule("TASK_DONE", "该排查任务已排查(%s),不能重复记录", TaskStates[state])
	}
	return 0, errs.Rule("TASK_STATE", "排查任务状态异常,不能记录")
}

// TaskExpires reports whether a task turns 3 (overdue not inspected) at
// `at`: only a pending task whose window has ended.
func TaskExpires(state int32, end, at time.Time) bool {
	return state == TaskPending && !at.Before(end)
}

// NewTaskState is the state a generated window starts in: 5 when its end has
// already passed (the scheduler was down), else 1.
func NewTaskState(end, now time.Time) int32 {
	if !now.Before(end) {
		return TaskMissed
	}
	return TaskPending
}

// Hazard actions.
type HazardStep string

const (
	StepEdit    HazardStep = "edit"
	StepRemove  HazardStep = "remove"
	StepAssess  HazardStep = "assess"
	StepRectify HazardStep = "rectify"
	StepAccept  HazardStep = "accept"
)

// StepNames are the task names written to the flow history.
var StepNames = map[HazardStep]string{StepAssess: "隐患评估", StepRectify: "隐患整改", StepAccept: "隐患验收"} //nolint:gosec // G101: step display names, not credentials

// HazardNext is the state after step (pass: passed or refused for assess
// and accept); every other combination is refused with a Chinese message.
//
//	10 待评估 --assess ok--> 0 整改中 --rectify--> 1 待验收 --accept ok--> 9 已验收
//	10 --assess refused--> 8 已作废;  1 --accept refused--> 0
func HazardNext(state int32, step HazardStep, pass bool) (int32, error) {
	name := HazardStates[state]
	if name == "" {
		name = "未知"
	}
	refuse := func(what string) (int32, error) {
		return 0, errs.Rule("HAZARD_STATE", "隐患当前状态为「%s」,不能%s", name, what)
	}
	switch step {
	case StepEdit:
		if state == HazardReported {
			return state, nil
		}
		return refuse("修改(只有待评估的隐患可以修改)")
	case StepRemove:
		if state == HazardReported || state == HazardVoided {
			return state, nil
		}
		return refuse("删除(只有待评估或已作废的隐患可以删除)")
	case StepAssess:
		if state != HazardReported {
			return refuse("评估")
		}
		if pass {
			return HazardRectifying, nil
		}
		return HazardVoided, nil
	case StepRectify:
		if state != HazardRectifying {
			return refuse("提交整改")
		}
		return HazardToAccept, nil
	case StepAccept:
		if state != HazardToAccept {
			return refuse("验收")
		}
		if pass {
			return HazardAccepted, nil
		}
		return HazardRectifying, nil
	}
	return refuse("执行该操作")
}
