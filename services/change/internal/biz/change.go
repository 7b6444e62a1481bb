package biz

import (
	"context"
	"strconv"
	"strings"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	"anquan/kit/valid"
)

// Object-level authorization of change. The button on each RPC says what
// kind of action a role may take; the record says whether this caller may
// take it on this one. "In scope": the caller is the request's applicant,
// or the request's department (else its applicant's) is in the caller's
// data scope (administrators: all). Another tenant's record is never found.
//
//	entity       rule
//	变更申请       edited and removed while 申请 by whoever has it in scope;
//	             each step by a holder of its button with it in scope;
//	             审批 not by the applicant (administrators excepted)
//	PSSR 项       added, done and removed by whoever has the request in scope,
//	             until it is closed; an item done stays done
//	告知/培训人员   added and removed by whoever has the request in scope until
//	             start-up; confirmed by the person, or for them by whoever
//	             has the request in scope

// SubjectOverdue is the event telling the applicant a temporary change
// passed its expiry (desk turns it into a message).
const SubjectOverdue = "change.request.overdue"

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Queries are the reads the generic stores cannot express.
type Queries interface {
	ByIDs(ctx context.Context, dst any, ids []int64) error
	Items(ctx context.Context, changeID int64) ([]PssrItem, error)
	People(ctx context.Context, changeID int64) ([]Person, error)
	Logs(ctx context.Context, changeID int64) ([]Log, error)
	// Counts: open must-fix, open to-fix and unconfirmed people per request.
	Counts(ctx context.Context, ids []int64) (map[int64][3]int32, error)
	// DueTemporary: temporary requests of every tenant past their expiry,
	// not closed and not yet notified.
	DueTemporary(ctx context.Context, now time.Time, limit int) ([]Request, error)
	// FlagNotified sets overdue_notified if not yet set; false when another
	// replica did.
	FlagNotified(ctx context.Context, id int64) (bool, error)
}

// Names looks up a user of the tenant (kit/people over blade-user).
type Names interface {
	Name(ctx context.Context, tenantID string, userID int64) (name string, found bool, err error)
}

// Changes is change's use cases.
type Changes struct {
	Requests paging.Store[Request]
	Logs     paging.Store[Log]
	Items    paging.Store[PssrItem]
	People   paging.Store[Person]
	// Names reads a person's name from blade-user: the page sends only the id.
	Names  Names
	Q      Queries
	Tx     db.Transactor
	Events Events
	Now    func() time.Time
}

// InScope: the request is the caller's to act on.
func InScope(id *ident.Identity, r *Request) bool {
	dept := r.DeptID
	if dept == 0 {
		dept = r.CreateDept
	}
	return id.InScope(dept, r.CreateUser)
}

// requestFor loads a request the caller may act on.
func (s *Changes) requestFor(ctx context.Context, changeID int64, verb string) (*ident.Identity, *Request, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, nil, err
	}
	r, err := s.Requests.Get(ctx, changeID)
	if err != nil {
		return nil, nil, err
	}
	if !InScope(id, r) {
		return nil, nil, errs.Forbidden("变更「%s」不在您的数据权限范围内,不能%s", r.Title, verb)
	}
	return id, r, nil
}

func validate(r *Request, now time.Time) error {
	if err := valid.Required("变更名称", r.Title); err != nil {
		return err
	}
	if r.ChangeType < 1 || r.ChangeType > 7 {
		return errs.BadRequest("请选择变更类型 (1-7)")
	}
	if r.Attribute < 1 || r.Attribute > 2 {
		return errs.BadRequest("请选择变更属性 (一般变更或重大变更)")
	}
	if r.Category < 0 || r.Category > 2 || r.ConstructionNature < 0 || r.ConstructionNature > 4 || r.ConstructionStatus < 0 || r.ConstructionStatus > 3 {
		return errs.BadRequest("变更类别应在 1 到 2 之间,施工性质应在 1 到 4 之间,施工状态应在 1 到 3 之间")
	}
	if err := valid.Required("变更内容", r.Content); err != nil {
		return err
	}
	if r.Temporary {
		if r.ExpireAt == nil {
			return errs.BadRequest("临时变更须填写到期时间")
		}
		if !r.ExpireAt.After(now) {
			return errs.BadRequest("临时变更的到期时间须晚于当前时间")
		}
	} else {
		r.ExpireAt = nil
	}
	return nil
}

// Submit drafts a request (the caller is its applicant) or edits a draft.
func (s *Changes) Submit(ctx context.Context, r *Request) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	r.Title, r.Content, r.Reason, r.Location = strings.TrimSpace(r.Title), strings.TrimSpace(r.Content), strings.TrimSpace(r.Reason), strings.TrimSpace(r.Location)
	if r.ID != 0 {
		_, old, err := s.requestFor(ctx, r.ID, "修改")
		if err != nil {
			return err
		}
		if old.State != StateDraft {
			return errs.BadRequest("变更「%s」已提交(%s阶段),不能修改", old.Title, StateNames[old.State])
		}
		if err := validate(r, s.Now()); err != nil {
			return err
		}
		return s.Requests.Update(ctx, r.ID, r, "title", "change_type", "attribute", "category", "construction_nature", "construction_status",
			"temporary", "expire_at", "reason", "content", "location", "dept_id", "update_user", "update_time")
	}
	if err := validate(r, s.Now()); err != nil {
		return err
	}
	if r.DeptID == 0 {
		r.DeptID = id.DeptID()
	}
	r.State, r.ApplicantName = StateDraft, id.UserName
	return s.Requests.Create(ctx, r)
}

// Remove removes drafts the caller has in scope.
func (s *Changes) Remove(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	var rows []Request
	if err := s.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for i := range rows {
		r := &rows[i]
		if !InScope(id, r) {
			return errs.Forbidden("变更「%s」不在您的数据权限范围内,不能删除", r.Title)
		}
		if r.State != StateDraft {
			return errs.BadRequest("变更「%s」已提交(%s阶段),不能删除", r.Title, StateNames[r.State])
		}
	}
	return s.Requests.Remove(ctx, ids)
}

// GateOf reads the PSSR items and the people of a request.
func (s *Changes) GateOf(ctx context.Context, changeID int64) (Gate, error) {
	var g Gate
	items, err := s.Q.Items(ctx, changeID)
	if err != nil {
		return g, err
	}
	for _, it := range items {
		if it.Done {
			continue
		}
		if it.Kind == KindMustFix {
			g.OpenMustFix = append(g.OpenMustFix, it.Content)
		} else {
			g.OpenToFix = append(g.OpenToFix, it.Content)
		}
	}
	people, err := s.Q.People(ctx, changeID)
	if err != nil {
		return g, err
	}
	for _, p := range people {
		if !p.Confirmed {
			g.Unconfirmed = append(g.Unconfirmed, p.UserName)
		}
	}
	return g, nil
}

// Step takes an action of the state machine on a request the caller has
// in scope; the step and its note go to the history in the same
// transaction.
func (s *Changes) Step(ctx context.Context, changeID int64, action, note string) error {
	name, known := ActionNames[action]
	if !known {
		return errs.BadRequest("未知的变更操作 %s", action)
	}
	if len([]rune(note)) > 5000 {
		return errs.BadRequest("说明不能超过 5000 字")
	}
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		id, r, err := s.requestFor(ctx, changeID, name)
		if err != nil {
			return err
		}
		var gate Gate
		if action == ActStartup || action == ActClose {
			if gate, err = s.GateOf(ctx, r.ID); err != nil {
				return err
			}
		}
		now := s.Now()
		if action == ActApply && r.Temporary && r.ExpireAt != nil && !r.ExpireAt.After(now) {
			return errs.BadRequest("临时变更「%s」的到期时间已过,请修改后再提交", r.Title)
		}
		to, err := Next(r.Title, r.State, action, note, gate)
		if err != nil {
			return err
		}
		if action == ActApprove && r.CreateUser == id.UserID && !id.Super {
			return errs.Forbidden("不能审批自己申请的变更「%s」", r.Title)
		}
		note = strings.TrimSpace(note)
		from := r.State
		r.State = to
		cols := []string{"state", "update_user", "update_time"}
		switch action {
		case ActAnalyse:
			r.RiskAnalysis = note
			cols = append(cols, "risk_analysis")
		case ActApprove:
			r.ApproverName, r.ApproveNote = id.UserName, note
			cols = append(cols, "approver_name", "approve_note")
		case ActReject:
			r.RejectReason = note
			cols = append(cols, "reject_reason")
		case ActStartup:
			r.StartupAt = &now
			cols = append(cols, "startup_at")
		case ActAccept:
			r.AcceptNote = note
			cols = append(cols, "accept_note")
		case ActClose:
			r.ClosedAt = &now
			cols = append(cols, "closed_at")
		}
		if err := s.Requests.Update(ctx, r.ID, r, cols...); err != nil {
			return err
		}
		return s.Logs.Create(ctx, &Log{ChangeID: r.ID, Action: action, FromState: from, ToState: to, Note: note, UserName: id.UserName})
	})
}

// ---- PSSR ----

// SubmitItem adds or edits a PSSR item of a request not closed.
func (s *Changes) SubmitItem(ctx context.Context, it *PssrItem) error {
	if it.ID != 0 {
		old, err := s.Items.Get(ctx, it.ID)
		if err != nil {
			return err
		}
		if old.ChangeID != it.ChangeID {
			return errs.BadRequest("审查项不能改属其他变更")
		}
		if old.Done {
			return errs.BadRequest("审查项已整改完成,不能修改")
		}
	}
	_, r, err := s.requestFor(ctx, it.ChangeID, "编制开车前安全审查")
	if err != nil {
		return err
	}
	if r.State == StateClosed {
		return errs.BadRequest("变更「%s」已关闭", r.Title)
	}
	it.Content = strings.TrimSpace(it.Content)
	if err := valid.Required("审查项内容", it.Content); err != nil {
		return err
	}
	if it.Kind != KindMustFix && it.Kind != KindToFix {
		return errs.BadRequest("请选择审查项类别 (必改项或待改项)")
	}
	if it.Kind == KindMustFix && r.State >= StateAccept {
		return errs.BadRequest("变更「%s」已开车投用,新发现的问题请作为待改项跟踪", r.Title)
	}
	if it.ID != 0 {
		return s.Items.Update(ctx, it.ID, it, "content", "kind", "responsible_user_id", "update_user", "update_time")
	}
	return s.Items.Create(ctx, it)
}

// CompleteItem marks an item done: its responsible person or whoever has
// the request in scope.
func (s *Changes) CompleteItem(ctx context.Context, itemID int64, note string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	it, err := s.Items.Get(ctx, itemID)
	if err != nil {
		return err
	}
	r, err := s.Requests.Get(ctx, it.ChangeID)
	if err != nil {
		return err
	}
	if it.ResponsibleUserID != id.UserID && !InScope(id, r) {
		return errs.Forbidden("变更「%s」不在您的数据权限范围内,不能确认整改", r.Title)
	}
	if r.State == StateClosed {
		return errs.BadRequest("变更「%s」已关闭", r.Title)
	}
	if it.Done {
		return errs.BadRequest("审查项「%s」已整改完成", it.Content)
	}
	if err := valid.Required("整改情况", note); err != nil {
		return err
	}
	now := s.Now()
	it.Done, it.DoneAt, it.DoneNote, it.DoneBy = true, &now, strings.TrimSpace(note), id.UserName
	return s.Items.Update(ctx, it.ID, it, "done", "done_at", "done_note", "done_by", "update_user", "update_time")
}

// RemoveItems removes open items of requests the caller has in scope.
func (s *Changes) RemoveItems(ctx context.Context, ids []int64) error {
	var rows []PssrItem
	if err := s.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for _, it := range rows {
		_, r, err := s.requestFor(ctx, it.ChangeID, "删除审查项")
		if err != nil {
			return err
		}
		if it.Done || r.State == StateClosed {
			return errs.BadRequest("已整改完成的审查项或已关闭变更的审查项不能删除")
		}
	}
	return s.Items.Remove(ctx, ids)
}

// ---- people ----

// AddPerson lists a user to be informed or trained before start-up.
func (s *Changes) AddPerson(ctx context.Context, p *Person) error {
	_, r, err := s.requestFor(ctx, p.ChangeID, "指定告知培训人员")
	if err != nil {
		return err
	}
	if r.State >= StateAccept {
		return errs.BadRequest("变更「%s」已开车投用,不能再添加告知培训人员", r.Title)
	}
	if p.UserID <= 0 {
		return errs.BadRequest("请选择人员")
	}
	name, found, err := s.Names.Name(ctx, r.TenantID, p.UserID)
	if err != nil {
		return err
	}
	if !found {
		return errs.BadRequest("所选人员不存在或不属于本租户")
	}
	p.UserName = name
	if p.Way != WayInformed && p.Way != WayTrained {
		return errs.BadRequest("请选择方式 (告知或培训)")
	}
	dup, err := s.People.Exists(ctx, 0, "change_id = ? AND user_id = ?", p.ChangeID, p.UserID)
	if err != nil {
		return err
	}
	if dup {
		return errs.BadRequest("%s 已在告知培训名单中", p.UserName)
	}
	p.Confirmed, p.ConfirmedAt, p.ConfirmedBy = false, nil, ""
	return s.People.Create(ctx, p)
}

// Confirm records that the person was informed or trained: the person
// themself, or whoever has the request in scope for them.
func (s *Changes) Confirm(ctx context.Context, personID int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	p, err := s.People.Get(ctx, personID)
	if err != nil {
		return err
	}
	r, err := s.Requests.Get(ctx, p.ChangeID)
	if err != nil {
		return err
	}
	if p.UserID != id.UserID && !InScope(id, r) {
		return errs.Forbidden("只能由本人或变更负责人确认 %s 的告知培训", p.UserName)
	}
	if p.Confirmed {
		return errs.BadRequest("%s 已确认", p.UserName)
	}
	if r.State == StateClosed {
		return errs.BadRequest("变更「%s」已关闭", r.Title)
	}
	now := s.Now()
	p.Confirmed, p.ConfirmedAt, p.ConfirmedBy = true, &now, id.UserName
	return s.People.Update(ctx, p.ID, p, "confirmed", "confirmed_at", "confirmed_by", "update_user", "update_time")
}

// RemovePeople removes unconfirmed people of requests not yet started up.
func (s *Changes) RemovePeople(ctx context.Context, ids []int64) error {
	var rows []Person
	if err := s.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for _, p := range rows {
		_, r, err := s.requestFor(ctx, p.ChangeID, "删除告知培训人员")
		if err != nil {
			return err
		}
		if p.Confirmed || r.State >= StateAccept {
			return errs.BadRequest("已确认的人员或已开车投用变更的人员不能删除")
		}
	}
	return s.People.Remove(ctx, ids)
}

// ---- temporary changes ----

// FlagOverdue tells the applicant of every temporary change past its
// expiry and not closed, once per request (the flag is set with a
// conditional update in the same transaction as the event).
func (s *Changes) FlagOverdue(ctx context.Context) (int, error) {
	due, err := s.Q.DueTemporary(ident.AsSystem(ctx), s.Now(), 500)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, r := range due {
		tctx := ident.ForTenant(ctx, r.TenantID)
		err := s.Tx.Tx(tctx, func(ctx context.Context) error {
			ok, err := s.Q.FlagNotified(ctx, r.ID)
			if err != nil || !ok {
				return err
			}
			n++
			return s.Events.Add(ctx, SubjectOverdue, r.TenantID, map[string]any{
				"changeId": strconv.FormatInt(r.ID, 10), "title": r.Title, "expireAt": timefmt.FormatPtr(r.ExpireAt),
				"stateName": StateNames[r.State], "applicantId": strconv.FormatInt(r.CreateUser, 10),
			})
		})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
