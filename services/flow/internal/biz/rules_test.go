package biz

import (
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func chain() []Step {
	return []Step{
		{Name: "属地审批", Roles: []string{"workshop_director"}},
		{Name: "安全审批", Roles: []string{"safety_manager"}, Users: []int64{7}},
		{Name: "批准", Roles: []string{"administrator"}},
	}
}

// TestDecide is the approval state machine: every legal move and every
// illegal one (with its refusal).
func TestDecide(t *testing.T) {
	director := Actor{UserID: 2, Name: "车间主任", Aliases: []string{"workshop_director"}}
	safety := Actor{UserID: 3, Aliases: []string{"safety_manager"}}
	named := Actor{UserID: 7}
	admin := Actor{UserID: 1, Aliases: []string{"administrator"}, Super: true}
	superNoRole := Actor{UserID: 9, Super: true}
	applicant := Actor{UserID: 5, Aliases: []string{"workshop_director", "safety_manager", "administrator"}}
	nobody := Actor{}
	service := Actor{Service: true, Name: "系统"}
	at := func(step int32, state int32, forbid bool) *Instance {
		return &Instance{State: state, StepIndex: step, ApplicantID: 5, ForbidApplicant: forbid}
	}
	tests := []struct {
		name      string
		in        *Instance
		a         Actor
		pass      bool
		back      int32
		wantState int32
		wantStep  int32
		wantCode  codes.Code
		wantMsg   string
	}{
		{"candidate role passes step 1", at(0, InProcess, true), director, true, 0, InProcess, 1, codes.OK, ""},
		{"candidate role rejects step 1", at(0, InProcess, true), director, false, 0, Rejected, -1, codes.OK, ""},
		{"named user signs step 2", at(1, InProcess, true), named, true, 0, InProcess, 2, codes.OK, ""},
		{"role signs step 2", at(1, InProcess, true), safety, true, 0, InProcess, 2, codes.OK, ""},
		{"last pass completes", at(2, InProcess, true), admin, true, 0, Completed, -1, codes.OK, ""},
		{"last reject rejects", at(2, InProcess, true), admin, false, 0, Rejected, -1, codes.OK, ""},
		{"applicant may sign when allowed", at(0, InProcess, false), applicant, true, 0, InProcess, 1, codes.OK, ""},
		{"not a candidate", at(0, InProcess, true), safety, true, 0, 0, 0, codes.PermissionDenied, "不是当前环节【属地审批】的审批人"},
		{"administrator not listed", at(0, InProcess, true), admin, true, 0, 0, 0, codes.PermissionDenied, "不是当前环节"},
		{"super flag does not bypass", at(2, InProcess, true), superNoRole, true, 0, 0, 0, codes.PermissionDenied, "不是当前环节"},
		{"applicant refused though a candidate", at(0, InProcess, true), applicant, true, 0, 0, 0, codes.PermissionDenied, "申请人不能审批"},
		{"applicant refused at the last step too", at(2, InProcess, true), applicant, false, 0, 0, 0, codes.PermissionDenied, "申请人不能审批"},
		{"no user", at(0, InProcess, false), nobody, true, 0, 0, 0, codes.PermissionDenied, "缺少审批人身份"},
		{"a service signs any step", at(1, InProcess, true), service, true, 0, InProcess, 2, codes.OK, ""},
		{"a service completes the last step", at(2, InProcess, true), service, true, 0, Completed, -1, codes.OK, ""},
		{"a service sends back", at(2, InProcess, true), service, false, 2, InProcess, 1, codes.OK, ""},
		{"a service cannot sign a finished instance", at(-1, Completed, true), service, true, 0, 0, 0, codes.FailedPrecondition, "已审批通过"},
		{"completed instance", at(-1, Completed, true), admin, true, 0, 0, 0, codes.FailedPrecondition, "已审批通过"},
		{"rejected instance", at(-1, Rejected, true), director, true, 0, 0, 0, codes.FailedPrecondition, "已驳回"},
		{"cancelled instance", at(-1, Cancelled, true), director, false, 0, 0, 0, codes.FailedPrecondition, "已撤销"},
		{"refusal sends back to step 1", at(2, InProcess, true), admin, false, 1, InProcess, 0, codes.OK, ""},
		{"refusal sends back to step 2", at(2, InProcess, true), admin, false, 2, InProcess, 1, codes.OK, ""},
		{"no sending back to the current step", at(2, InProcess, true), admin, false, 3, 0, 0, codes.InvalidArgument, "之前的环节"},
		{"no sending forward", at(0, InProcess, true), director, false, 1, 0, 0, codes.InvalidArgument, "之前的环节"},
		{"no negative step", at(1, InProcess, true), safety, false, -1, 0, 0, codes.InvalidArgument, "之前的环节"},
		{"a pass cannot send back", at(2, InProcess, true), admin, true, 1, 0, 0, codes.InvalidArgument, "只有驳回"},
		{"a non-candidate cannot send back", at(2, InProcess, true), safety, false, 1, 0, 0, codes.PermissionDenied, "不是当前环节"},
		{"a finished instance cannot be sent back", at(-1, Rejected, true), admin, false, 1, 0, 0, codes.FailedPrecondition, "已驳回"},
		{"unknown state", at(0, 9, true), director, true, 0, 0, 0, codes.FailedPrecondition, "已结束"},
		{"step out of range", at(3, InProcess, true), admin, true, 0, 0, 0, codes.FailedPrecondition, "数据异常"},
		{"negative step in process", at(-1, InProcess, true), admin, true, 0, 0, 0, codes.FailedPrecondition, "数据异常"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(tt.in, chain(), tt.a, tt.pass, tt.back)
			if tt.wantCode != codes.OK {
				st := status.Convert(err)
				if err == nil || st.Code() != tt.wantCode || !strings.Contains(st.Message(), tt.wantMsg) {
					t.Fatalf("want %v %q, got %v", tt.wantCode, tt.wantMsg, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected refusal: %v", err)
			}
			if got.State != tt.wantState || got.StepIndex != tt.wantStep {
				t.Fatalf("got state %d step %d, want %d %d", got.State, got.StepIndex, tt.wantState, tt.wantStep)
			}
			if got.Task != chain()[tt.in.StepIndex].Name {
				t.Fatalf("task %q", got.Task)
			}
		})
	}
}

func TestCheckSteps(t *testing.T) {
	roles := map[string]bool{"safety_manager": true, "administrator": true}
	tests := []struct {
		name  string
		steps []Step
		msg   string
	}{
		{"ok", []Step{{Name: "安全审批", Roles: []string{"safety_manager"}}, {Name: "批准", Users: []int64{1}}}, ""},
		{"none", nil, "至少需要一个审批环节"},
		{"no name", []Step{{Roles: []string{"safety_manager"}}}, "缺少名称"},
		{"no signer", []Step{{Name: "审批"}}, "需要指定审批角色或审批人"},
		{"unknown role", []Step{{Name: "审批", Roles: []string{"ghost"}}}, "角色不存在: ghost"},
		{"bad user", []Step{{Name: "审批", Users: []int64{-1}}}, "审批人编号错误"},
		{"long name", []Step{{Name: strings.Repeat("审", 101), Users: []int64{1}}}, "名称过长"},
		{"too many", make([]Step, 21), "不能超过 20 个"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckSteps(tt.steps, roles)
			if tt.msg == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(status.Convert(err).Message(), tt.msg) {
				t.Fatalf("want %q, got %v", tt.msg, err)
			}
		})
	}
}

func TestKeys(t *testing.T) {
	for key, ok := range map[string]bool{
		"hazard": true, "workticket:hotWork": true, "workticket:hotWork:1": true, "workticket:hotWork:special": true,
		"": false, "a:b:c:d": false, "bad key": false, ":x": false, "x:": false, "1abc": false, "中文": false,
	} {
		if err := CheckKey(key); (err == nil) != ok {
			t.Errorf("CheckKey(%q) = %v, want ok=%v", key, err, ok)
		}
	}
	if got := strings.Join(KeyChain("workticket:hotWork:1"), " "); got != "workticket:hotWork:1 workticket:hotWork workticket" {
		t.Fatalf("KeyChain: %s", got)
	}
	models := []Model{{ModelKey: "workticket"}, {ModelKey: "workticket:hotWork"}}
	if m := mostSpecific(models, KeyChain("workticket:hotWork:1")); m == nil || m.ModelKey != "workticket:hotWork" {
		t.Fatalf("mostSpecific: %+v", m)
	}
	if m := mostSpecific(models, KeyChain("hazard")); m != nil {
		t.Fatalf("mostSpecific of an unconfigured key: %+v", m)
	}
}

func TestActionsAndLists(t *testing.T) {
	for in, want := range map[string]string{"": "record", "pass": "pass", "reject": "reject", "start": "start", "cancel": "cancel", "record": "record"} {
		if got, err := CheckAction(in); err != nil || got != want {
			t.Errorf("CheckAction(%q) = %q %v", in, got, err)
		}
	}
	if _, err := CheckAction("approve"); err == nil {
		t.Error("unknown action accepted")
	}
	if got := SplitList(" a, b,,a ,c "); strings.Join(got, "|") != "a|b|c" {
		t.Fatalf("SplitList: %v", got)
	}
	if err := CheckComment(strings.Repeat("字", 1001)); err == nil {
		t.Fatal("long comment accepted")
	}
	steps := chain()
	if got := DecodeSteps(EncodeSteps(steps)); len(got) != 3 || got[1].Users[0] != 7 {
		t.Fatalf("steps round trip: %+v", got)
	}
}

// TestMayRecord: who writes a history line without moving the instance.
func TestMayRecord(t *testing.T) {
	open := &Instance{State: InProcess, StepIndex: 1, ApplicantID: 5}
	done := &Instance{State: Completed, StepIndex: -1, ApplicantID: 5}
	safety := Actor{UserID: 3, Aliases: []string{"safety_manager"}}
	director := Actor{UserID: 2, Aliases: []string{"workshop_director"}}
	applicant := Actor{UserID: 5}
	admin := Actor{UserID: 1, Super: true}
	service := Actor{Service: true}
	tests := []struct {
		name   string
		in     *Instance
		a      Actor
		action string
		want   codes.Code
	}{
		{"current candidate", open, safety, ActRecord, codes.OK},
		{"named user of the current step", open, Actor{UserID: 7}, ActRecord, codes.OK},
		{"candidate of another step", open, director, ActRecord, codes.PermissionDenied},
		{"applicant", open, applicant, ActRecord, codes.OK},
		{"applicant, finished instance", done, applicant, ActRecord, codes.OK},
		{"candidate, finished instance", done, safety, ActRecord, codes.PermissionDenied},
		{"administrator", open, admin, ActRecord, codes.OK},
		{"a person writing a pass line", open, safety, ActPass, codes.PermissionDenied},
		{"service, any line", open, service, ActPass, codes.OK},
		{"nobody", open, Actor{}, ActRecord, codes.PermissionDenied},
	}
	for _, tt := range tests {
		err := MayRecord(tt.in, chain(), tt.a, tt.action)
		if got := status.Code(err); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
	}
}
