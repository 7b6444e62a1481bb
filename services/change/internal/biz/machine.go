package biz

import (
	"strings"

	"anquan/kit/errs"
)

// Actions of the state machine.
const (
	ActApply   = "apply"
	ActAnalyse = "analyse"
	ActApprove = "approve"
	ActReject  = "reject"
	ActStartup = "startup"
	ActAccept  = "accept"
	ActClose   = "close"
)

// ActionNames name the actions in messages and the history.
var ActionNames = map[string]string{ActApply: "提交申请", ActAnalyse: "完成风险分析", ActApprove: "审批通过", ActReject: "退回",
	ActStartup: "开车投用", ActAccept: "验收通过", ActClose: "关闭"}

// step is where an action leads from the states it may be taken in.
var step = map[string]map[int32]int32{
	ActApply:   {StateDraft: StateAnalysis},
	ActAnalyse: {StateAnalysis: StateApproval},
	ActApprove: {StateApproval: StateImplement},
	ActReject:  {StateAnalysis: StateDraft, StateApproval: StateAnalysis, StateAccept: StateImplement},
	ActStartup: {StateImplement: StateAccept},
	ActAccept:  {StateAccept: StateAccepted},
	ActClose:   {StateAccepted: StateClosed},
}

// Gate is what the PSSR and the people say about a request.
type Gate struct {
	OpenMustFix []string // contents of open 必改项
	OpenToFix   []string // contents of open 待改项
	Unconfirmed []string // names of people not yet confirmed
}

// Next is the state the action leads to from the state, or the refusal in
// Chinese. note is the text the action carries (required for analyse and
// reject); gate is consulted for start-up (must-fix items, people) and
// closure (to-fix items).
func Next(title string, state int32, action, note string, gate Gate) (int32, error) {
	name, known := ActionNames[action]
	if !known {
		return state, errs.BadRequest("未知的变更操作 %s", action)
	}
	to, ok := step[action][state]
	if !ok {
		return state, errs.BadRequest("变更「%s」当前处于%s阶段,不能%s", title, StateNames[state], name)
	}
	note = strings.TrimSpace(note)
	switch action {
	case ActAnalyse:
		if note == "" {
			return state, errs.BadRequest("请填写风险分析结论")
		}
	case ActReject:
		if note == "" {
			return state, errs.BadRequest("请填写退回原因")
		}
	case ActStartup:
		if len(gate.OpenMustFix) > 0 {
			return state, errs.BadRequest("开车前安全审查还有 %d 项必改项未整改完成,不能开车投用:%s", len(gate.OpenMustFix), list(gate.OpenMustFix))
		}
		if len(gate.Unconfirmed) > 0 {
			return state, errs.BadRequest("还有 %d 名人员未确认告知或培训,不能开车投用:%s", len(gate.Unconfirmed), list(gate.Unconfirmed))
		}
	case ActClose:
		if len(gate.OpenToFix) > 0 {
			return state, errs.BadRequest("还有 %d 项待改项未整改完成,不能关闭:%s", len(gate.OpenToFix), list(gate.OpenToFix))
		}
	}
	return to, nil
}

// list names at most five items.
func list(items []string) string {
	const most = 5
	q := make([]string, 0, most)
	for i, s := range items {
		if i == most {
			break
		}
		q = append(q, "「"+s+"」")
	}
	out := strings.Join(q, "、")
	if len(items) > most {
		out += " 等"
	}
	return out
}
