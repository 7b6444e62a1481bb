package biz

import (
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Who may edit or remove a hazard through submit-with-id and remove, by
// state: the reporter or a manager while it waits for assessment, a
// manager removes a voided one, nobody touches one under rectification or
// closed (the transitions do).
func TestMayChangeHazardByStateAndCaller(t *testing.T) {
	const reporter, other = 7, 8
	cases := []struct {
		state   int32
		step    HazardStep
		user    int64
		manager bool
		want    codes.Code
	}{
		{HazardReported, StepEdit, reporter, false, codes.OK},
		{HazardReported, StepEdit, other, false, codes.PermissionDenied},
		{HazardReported, StepEdit, other, true, codes.OK},
		{HazardReported, StepEdit, 0, false, codes.PermissionDenied},
		{HazardReported, StepRemove, reporter, false, codes.OK},
		{HazardReported, StepRemove, other, false, codes.PermissionDenied},
		{HazardReported, StepRemove, other, true, codes.OK},
		{HazardVoided, StepEdit, reporter, true, codes.FailedPrecondition},
		{HazardVoided, StepRemove, reporter, false, codes.PermissionDenied},
		{HazardVoided, StepRemove, other, true, codes.OK},
		{HazardRectifying, StepEdit, reporter, false, codes.FailedPrecondition},
		{HazardRectifying, StepEdit, other, true, codes.FailedPrecondition},
		{HazardRectifying, StepRemove, other, true, codes.FailedPrecondition},
		{HazardToAccept, StepEdit, reporter, true, codes.FailedPrecondition},
		{HazardToAccept, StepRemove, reporter, true, codes.FailedPrecondition},
		{HazardAccepted, StepEdit, other, true, codes.FailedPrecondition},
		{HazardAccepted, StepRemove, reporter, true, codes.FailedPrecondition},
	}
	for _, c := range cases {
		h := &Hazard{DangerState: c.state, ReportUserID: reporter}
		err := MayChangeHazard(h, c.step, c.user, c.manager)
		if got := errs.Code(err); got != c.want {
			t.Errorf("%s %s by %d (manager %v): %v, want %v", HazardStates[c.state], c.step, c.user, c.manager, err, c.want)
		}
		if c.want == codes.FailedPrecondition && err != nil && !strings.Contains(errs.Message(err), HazardStates[c.state]) {
			t.Errorf("%s: the refusal does not name the state: %s", HazardStates[c.state], errs.Message(err))
		}
	}
	err := MayChangeHazard(&Hazard{DangerState: HazardReported, ReportUserID: reporter}, StepEdit, other, false)
	if errs.Message(err) != "只有隐患上报人或安全管理人员可以修改待评估的隐患" {
		t.Errorf("message: %s", errs.Message(err))
	}
}

// Who may record a task: its duty holder by duty type, or a manager.
func TestMayRecordByDutyType(t *testing.T) {
	const dept, otherDept, post, otherPost = 100, 200, 300, 400
	user := &ident.Identity{UserID: 7, DeptIDs: []int64{dept}, PostID: "300"}
	director := &ident.Identity{UserID: 9, DeptIDs: []int64{otherDept}, ScopeDepts: []int64{otherDept, dept}}
	cases := []struct {
		name    string
		task    CheckTask
		id      *ident.Identity
		manager bool
		want    bool
	}{
		{"person, the person", CheckTask{DutyType: DutyPerson, ResponsibleUserID: 7}, user, false, true},
		{"person, someone else", CheckTask{DutyType: DutyPerson, ResponsibleUserID: 8}, user, false, false},
		{"person, a manager", CheckTask{DutyType: DutyPerson, ResponsibleUserID: 8}, user, true, true},
		{"dept, a member", CheckTask{DutyType: DutyDept, DeptID: dept}, user, false, true},
		{"dept, not a member", CheckTask{DutyType: DutyDept, DeptID: otherDept}, user, false, false},
		{"dept, its parent's head (scope)", CheckTask{DutyType: DutyDept, DeptID: dept}, director, false, true},
		{"post, holder in the plan's dept", CheckTask{DutyType: DutyPost, PostID: post, DeptID: dept}, user, false, true},
		{"post, holder in another dept", CheckTask{DutyType: DutyPost, PostID: post, DeptID: otherDept}, user, false, false},
		{"post, holder, no dept named", CheckTask{DutyType: DutyPost, PostID: post}, user, false, true},
		{"post, another post", CheckTask{DutyType: DutyPost, PostID: otherPost, DeptID: dept}, user, false, false},
		{"no caller", CheckTask{DutyType: DutyPerson, ResponsibleUserID: 7}, nil, true, false},
	}
	for _, c := range cases {
		if got := MayRecord(&c.task, c.id, c.manager); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// A ledger row is in the caller's data scope: all; its department among
// the scope's; the caller's own row (creator or responsible person).
func TestInScopeByDataScope(t *testing.T) {
	const dept, child, elsewhere = 10, 11, 20
	cases := []struct {
		name  string
		id    *ident.Identity
		dept  int64
		users []int64
		want  bool
	}{
		{"all", &ident.Identity{UserID: 1, DataScope: ident.ScopeAll}, elsewhere, nil, true},
		{"administrator", &ident.Identity{UserID: 1, DataScope: ident.ScopeSelf, Super: true}, elsewhere, nil, true},
		{"dept, own", &ident.Identity{UserID: 1, DataScope: ident.ScopeDept, DeptIDs: []int64{dept}}, dept, nil, true},
		{"dept, child not included", &ident.Identity{UserID: 1, DataScope: ident.ScopeDept, DeptIDs: []int64{dept}, ScopeDepts: []int64{dept}}, child, nil, false},
		{"dept and children", &ident.Identity{UserID: 1, DataScope: ident.ScopeDeptChildren, DeptIDs: []int64{dept}, ScopeDepts: []int64{dept, child}}, child, nil, true},
		{"dept, elsewhere", &ident.Identity{UserID: 1, DataScope: ident.ScopeDeptChildren, ScopeDepts: []int64{dept, child}}, elsewhere, nil, false},
		{"dept, elsewhere but own row", &ident.Identity{UserID: 1, DataScope: ident.ScopeDept, DeptIDs: []int64{dept}}, elsewhere, []int64{1}, true},
		{"dept, no dept on the row", &ident.Identity{UserID: 1, DataScope: ident.ScopeDept, DeptIDs: []int64{dept}}, 0, []int64{2}, false},
		{"self, own row", &ident.Identity{UserID: 1, DataScope: ident.ScopeSelf}, elsewhere, []int64{3, 1}, true},
		{"self, someone else's", &ident.Identity{UserID: 1, DataScope: ident.ScopeSelf}, dept, []int64{3}, false},
		{"nobody", nil, dept, nil, false},
	}
	for _, c := range cases {
		if got := c.id.InScope(c.dept, c.users...); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
