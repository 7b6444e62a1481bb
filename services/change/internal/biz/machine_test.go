package biz

import (
	"strings"
	"testing"
	"time"
)

// TestNextFollowsTheMachineAndRefusesTheRest: every action from every
// state; the allowed ones lead where the procedure says (申请 -> 风险分析 ->
// 审批 -> 实施 -> 验收 -> 已验收 -> 已关闭, 退回 one step), the others are
// refused in Chinese naming the state.
func TestNextFollowsTheMachineAndRefusesTheRest(t *testing.T) {
	want := map[string]map[int32]int32{
		ActApply:   {StateDraft: StateAnalysis},
		ActAnalyse: {StateAnalysis: StateApproval},
		ActApprove: {StateApproval: StateImplement},
		ActReject:  {StateAnalysis: StateDraft, StateApproval: StateAnalysis, StateAccept: StateImplement},
		ActStartup: {StateImplement: StateAccept},
		ActAccept:  {StateAccept: StateAccepted},
		ActClose:   {StateAccepted: StateClosed},
	}
	for action, allowed := range want {
		for st := StateDraft; st <= StateClosed; st++ {
			to, err := Next("储罐改造", st, action, "说明", Gate{})
			if exp, ok := allowed[st]; ok {
				if err != nil || to != exp {
					t.Errorf("%s from %s: got %d %v, want %d", action, StateNames[st], to, err, exp)
				}
				continue
			}
			if err == nil || !strings.Contains(err.Error(), "当前处于"+StateNames[st]+"阶段,不能"+ActionNames[action]) {
				t.Errorf("%s from %s: want a refusal, got %d %v", action, StateNames[st], to, err)
			}
		}
	}
	if _, err := Next("x", StateDraft, "jump", "", Gate{}); err == nil || !strings.Contains(err.Error(), "未知的变更操作") {
		t.Fatalf("unknown action: %v", err)
	}
}

// TestNextGates: analyse and reject need their text; start-up is blocked
// by an open must-fix item or an unconfirmed person (named), not by a
// to-fix item; closure is blocked by an open to-fix item.
func TestNextGates(t *testing.T) {
	cases := []struct {
		name   string
		state  int32
		action string
		note   string
		gate   Gate
		refuse string
	}{
		{"analysis without text", StateAnalysis, ActAnalyse, "  ", Gate{}, "请填写风险分析结论"},
		{"reject without reason", StateApproval, ActReject, "", Gate{}, "请填写退回原因"},
		{"must-fix open", StateImplement, ActStartup, "", Gate{OpenMustFix: []string{"安全阀未校验"}}, "还有 1 项必改项未整改完成,不能开车投用:「安全阀未校验」"},
		{"six must-fix open", StateImplement, ActStartup, "", Gate{OpenMustFix: []string{"a", "b", "c", "d", "e", "f"}}, "「e」 等"},
		{"person unconfirmed", StateImplement, ActStartup, "", Gate{Unconfirmed: []string{"王操作"}}, "1 名人员未确认告知或培训,不能开车投用:「王操作」"},
		{"to-fix open does not block start-up", StateImplement, ActStartup, "", Gate{OpenToFix: []string{"标识牌"}}, ""},
		{"to-fix open blocks closure", StateAccepted, ActClose, "", Gate{OpenToFix: []string{"标识牌"}}, "1 项待改项未整改完成,不能关闭:「标识牌」"},
		{"closure when all done", StateAccepted, ActClose, "", Gate{}, ""},
		{"approve without note", StateApproval, ActApprove, "", Gate{}, ""},
	}
	for _, c := range cases {
		_, err := Next("储罐改造", c.state, c.action, c.note, c.gate)
		switch {
		case c.refuse == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.refuse != "" && (err == nil || !strings.Contains(err.Error(), c.refuse)):
			t.Errorf("%s: got %v, want %q", c.name, err, c.refuse)
		}
	}
}

// TestOverdueAtTheExpiry: a temporary change is overdue strictly after its
// expiry, never when closed or not temporary.
func TestOverdueAtTheExpiry(t *testing.T) {
	exp := time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)
	cases := []struct {
		r    Request
		now  time.Time
		want bool
	}{
		{Request{Temporary: true, ExpireAt: &exp, State: StateImplement}, exp, false},
		{Request{Temporary: true, ExpireAt: &exp, State: StateImplement}, exp.Add(time.Second), true},
		{Request{Temporary: true, ExpireAt: &exp, State: StateClosed}, exp.Add(time.Hour), false},
		{Request{Temporary: false, ExpireAt: &exp, State: StateImplement}, exp.Add(time.Hour), false},
		{Request{Temporary: true, State: StateImplement}, exp.Add(time.Hour), false},
	}
	for i, c := range cases {
		if got := c.r.Overdue(c.now); got != c.want {
			t.Errorf("case %d: overdue %v, want %v", i, got, c.want)
		}
	}
}
