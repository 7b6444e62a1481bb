package biz

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"anquan/kit/errs"
)

// Limits of a definition.
const (
	maxSteps   = 20
	maxName    = 100
	maxComment = 1000
	maxTitle   = 200
)

// keyPattern: "<business>[:<type>[:<level>]]".
var keyPattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,39}(:[A-Za-z0-9_-]{1,40}){0,2}$`)

// CheckKey validates a process key.
func CheckKey(key string) error {
	if strings.TrimSpace(key) == "" {
		return errs.BadRequest("流程标识不能为空")
	}
	if !keyPattern.MatchString(key) {
		return errs.BadRequest("流程标识格式错误: %s (应为 业务[:类型[:级别]],如 workticket:hotWork:1)", key)
	}
	return nil
}

// KeyChain lists the keys a Start for key may use, most specific first.
func KeyChain(key string) []string {
	parts := strings.Split(key, ":")
	out := make([]string, 0, len(parts))
	for i := len(parts); i > 0; i-- {
		out = append(out, strings.Join(parts[:i], ":"))
	}
	return out
}

// CheckSteps validates the shape of a chain; roles, when not nil, are the
// aliases that exist in the tenant.
func CheckSteps(steps []Step, roles map[string]bool) error {
	if len(steps) == 0 {
		return errs.BadRequest("流程至少需要一个审批环节")
	}
	if len(steps) > maxSteps {
		return errs.BadRequest("审批环节不能超过 %d 个", maxSteps)
	}
	for i, s := range steps {
		n := i + 1
		if strings.TrimSpace(s.Name) == "" {
			return errs.BadRequest("第 %d 个审批环节缺少名称", n)
		}
		if len([]rune(s.Name)) > maxName {
			return errs.BadRequest("第 %d 个审批环节名称过长", n)
		}
		if len(s.Roles) == 0 && len(s.Users) == 0 {
			return errs.BadRequest("审批环节【%s】需要指定审批角色或审批人", s.Name)
		}
		for _, u := range s.Users {
			if u <= 0 {
				return errs.BadRequest("审批环节【%s】的审批人编号错误", s.Name)
			}
		}
		for _, r := range s.Roles {
			if roles != nil && !roles[r] {
				return errs.BadRequest("审批环节【%s】的角色不存在: %s", s.Name, r)
			}
		}
	}
	return nil
}

// SplitList reads a comma list, trimmed, without blanks or repeats.
func SplitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// EncodeSteps / DecodeSteps store a chain as JSON.
func EncodeSteps(steps []Step) string {
	b, _ := json.Marshal(steps)
	return string(b)
}

func DecodeSteps(s string) []Step {
	var out []Step
	_ = json.Unmarshal([]byte(s), &out)
	return out
}

// Actor is who signs: a user with the aliases of their roles.
type Actor struct {
	UserID  int64
	Name    string
	Aliases []string
	// Super: a tenant administrator (may cancel, but signs only when a
	// candidate like anyone else).
	Super bool
	// Service: a service acting for itself inside a tenant (an internal call
	// without a user token, e.g. a demo seed replaying a business record's
	// past steps). It may sign any current step, as it may cancel; users
	// never get this (a gateway call always carries a user).
	Service bool
}

// Candidate reports whether a may sign step s. The administrator role is a
// candidate only where the step lists it.
func (a Actor) Candidate(s Step) bool {
	if a.UserID == 0 {
		return false
	}
	if slices.Contains(s.Users, a.UserID) {
		return true
	}
	for _, r := range a.Aliases {
		if slices.Contains(s.Roles, r) {
			return true
		}
	}
	return false
}

// Transition is the outcome of a signature.
type Transition struct {
	State     int32
	StepIndex int32
	// Task is the name of the step signed.
	Task string
}

// stateWords name a finished state in refusals.
var stateWords = map[int32]string{Completed: "已审批通过", Rejected: "已驳回", Cancelled: "已撤销"}

// Decide applies a signature by a to instance in (whose chain is steps): the
// state machine of every approval. A refusal ends the instance, or with
// returnTo (1-based, an earlier step) sends the task back there. Every
// illegal move is refused.
func Decide(in *Instance, steps []Step, a Actor, pass bool, returnTo int32) (Transition, error) {
	if in.State != InProcess {
		w := stateWords[in.State]
		if w == "" {
			w = "已结束"
		}
		return Transition{}, errs.Rule("FLOW_FINISHED", "流程%s,不能再审批", w)
	}
	if in.StepIndex < 0 || int(in.StepIndex) >= len(steps) {
		return Transition{}, errs.Rule("FLOW_BROKEN", "流程环节数据异常,请联系管理员")
	}
	step := steps[in.StepIndex]
	switch {
	case a.UserID == 0 && a.Service:
		// A service signing for itself: no person to check.
	case a.UserID == 0:
		return Transition{}, errs.Forbidden("缺少审批人身份")
	case in.ForbidApplicant && a.UserID == in.ApplicantID:
		return Transition{}, errs.Forbidden("申请人不能审批自己发起的流程")
	case !a.Candidate(step):
		return Transition{}, errs.Forbidden("您不是当前环节【%s】的审批人", step.Name)
	}
	if pass && returnTo != 0 {
		return Transition{}, errs.BadRequest("只有驳回才能退回到之前的环节")
	}
	if !pass && returnTo != 0 {
		if returnTo < 1 || returnTo > in.StepIndex {
			return Transition{}, errs.BadRequest("只能退回到当前环节之前的环节 (1-%d)", in.StepIndex)
		}
		return Transition{State: InProcess, StepIndex: returnTo - 1, Task: step.Name}, nil
	}
	if !pass {
		return Transition{State: Rejected, StepIndex: -1, Task: step.Name}, nil
	}
	if int(in.StepIndex)+1 == len(steps) {
		return Transition{State: Completed, StepIndex: -1, Task: step.Name}, nil
	}
	return Transition{State: InProcess, StepIndex: in.StepIndex + 1, Task: step.Name}, nil
}

// MayRecord decides who writes a history line on an instance without
// moving it (Record): a service acting for itself, the tenant
// administrator, the applicant, or a candidate of the current step. A
// person writes only "record" lines; pass, reject, start and cancel lines
// come with the moves that make them (Complete, Start, Cancel).
//
//	who                         may record        actions
//	service acting for itself   yes               any
//	tenant administrator        yes               record
//	applicant                   yes               record
//	current step's candidate    while in process  record
//	anyone else                 no (403)
func MayRecord(in *Instance, steps []Step, a Actor, action string) error {
	if a.UserID == 0 && a.Service {
		return nil
	}
	if a.UserID == 0 {
		return errs.Forbidden("缺少审批人身份")
	}
	candidate := in.State == InProcess && in.StepIndex >= 0 && int(in.StepIndex) < len(steps) && a.Candidate(steps[in.StepIndex])
	if !a.Super && a.UserID != in.ApplicantID && !candidate {
		return errs.Forbidden("只有申请人、当前环节的审批人或管理员可以在该流程中记录意见")
	}
	if action != ActRecord {
		return errs.Forbidden("审批动作「%s」只能由审批本身产生,不能记录", action)
	}
	return nil
}

// CheckAction validates a Record action (empty means record).
func CheckAction(a string) (string, error) {
	switch a {
	case "":
		return ActRecord, nil
	case ActStart, ActPass, ActReject, ActRecord, ActCancel:
		return a, nil
	}
	return "", errs.BadRequest("不支持的流程动作: %s (可选 start, pass, reject, record, cancel)", a)
}

// CheckComment bounds a comment's length.
func CheckComment(c string) error {
	if len([]rune(c)) > maxComment {
		return errs.BadRequest("审批意见不能超过 %d 字", maxComment)
	}
	return nil
}
