package biz

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
)

// BusinessTable names permits in blade-flow.
const BusinessTable = "wt_ticket"

// Event subjects (the outbox adds "anquan.").
const (
	SubjectGuardianChanged = "workticket.guardian.changed"
	SubjectIssued          = "workticket.ticket.issued"
	// SubjectClosed: the permit's work is over (completed, voided or
	// revoked); monitor ends the points' holds made for it.
	SubjectClosed = "workticket.ticket.closed"
)

// DecodeDetail reads a permit's type fields.
func DecodeDetail(t *Ticket) Detail {
	var d Detail
	_ = json.Unmarshal([]byte(t.Detail), &d)
	return d
}

// DecodeMeasures reads a permit's checklist.
func DecodeMeasures(t *Ticket) []Measure {
	var m []Measure
	_ = json.Unmarshal([]byte(t.Measures), &m)
	return m
}

func encode(v any) string { b, _ := json.Marshal(v); return string(b) }

// Get reads a permit of the caller's tenant.
func (w *Workticket) Get(ctx context.Context, id int64) (*Ticket, error) {
	if id <= 0 {
		return nil, errs.BadRequest("缺少 id 参数")
	}
	t, err := w.Tickets.Get(ctx, id)
	if err != nil {
		if errs.IsNotFound(err) {
			return nil, errs.NotFound("作业票不存在")
		}
		return nil, err
	}
	return t, nil
}

// Submit creates (no id) or updates a permit after validating everything
// the standard asks of it; apply also sends it for approval.
func (w *Workticket) Submit(ctx context.Context, in *Ticket, d Detail, measures []Measure, apply bool) (*Ticket, error) {
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	var old *Ticket
	if in.ID > 0 {
		if old, err = w.Get(ctx, in.ID); err != nil {
			return nil, err
		}
		if err := w.authorize(ctx, me, old, ActEdit); err != nil {
			return nil, err
		}
		if err := CheckState(ActEdit, StateOf(old)); err != nil {
			return nil, err
		}
		if old.WorkType != in.WorkType {
			return nil, errs.BadRequest("作业票类型不能修改")
		}
	}
	if old != nil {
		in.TicketNo = old.TicketNo
	}
	if !in.PlanEnd.IsZero() && in.PlanEnd.Before(w.Now()) {
		return nil, errs.BadRequest("计划结束时间已过,请重新填写计划作业时间")
	}
	cal, err := w.Calendar(ctx, in.PlanStart, in.PlanEnd)
	if err != nil {
		return nil, err
	}
	if err := Normalize(in, &d, cal); err != nil {
		return nil, err
	}
	if measures == nil && old != nil {
		// An edit without a checklist keeps the stored one and its confirmations.
		in.Measures = old.Measures
	} else {
		ms, err := NormalizeMeasures(in.WorkType, measures)
		if err != nil {
			return nil, err
		}
		if err := w.confirmers(me, ms, old); err != nil {
			return nil, err
		}
		in.Measures = encode(ms)
	}
	if err := w.checkPeople(ctx, in, &d); err != nil {
		return nil, err
	}
	if err := w.checkArea(ctx, in); err != nil {
		return nil, err
	}
	if err := w.checkUnit(ctx, me.TenantID, in); err != nil {
		return nil, err
	}
	if err := w.checkRelated(ctx, in); err != nil {
		return nil, err
	}
	in.Detail = encode(d)
	in.PlanDay = timefmt.FormatDate(in.PlanStart)
	if old == nil {
		in.ApplicantID, in.ApplicantName = me.UserID, me.UserName
		in.TicketStatus, in.JobStatus, in.WorkPhase, in.FlowStatus = TicketUnissued, JobToStart, PhaseBefore, FlowNone
		err = w.Tx.Tx(ctx, func(ctx context.Context) error {
			no, err := w.nextNo(ctx, in.WorkType)
			if err != nil {
				return err
			}
			in.TicketNo = no
			return w.Tickets.Create(ctx, in)
		})
	} else {
		// Compare-and-set on the state read: an edit never lands on a
		// permit that was sent for approval meanwhile.
		var done bool
		done, err = w.Q.Transition(ctx, old.ID, StateOf(old), map[string]any{"level": in.Level, "work_unit": in.WorkUnit,
			"work_unit_id": in.WorkUnitID, "area_id": in.AreaID, "area_name": in.AreaName, "location": in.Location, "content": in.Content,
			"operator_ids": in.OperatorIDs, "operator_names": in.OperatorNames, "guardian_id": in.GuardianID, "guardian_name": in.GuardianName,
			"plan_start": in.PlanStart, "plan_end": in.PlanEnd, "plan_day": in.PlanDay, "hazard_codes": in.HazardCodes,
			"measures": in.Measures, "related_ticket_nos": in.RelatedTicketNos, "attachments": in.Attachments,
			"remark": in.Remark, "detail": in.Detail})
		if err == nil && !done {
			err = errs.Rule("CONFLICT", "作业票状态已变化,请刷新后重试")
		}
	}
	if err != nil {
		return nil, err
	}
	if apply {
		return w.Apply(ctx, in.ID, "")
	}
	return w.Get(ctx, in.ID)
}

func (w *Workticket) nextNo(ctx context.Context, workType string) (string, error) {
	info, _ := TypeInfo(workType)
	day := w.Now().In(timefmt.Zone).Format("20060102")
	n, err := w.Q.NextSeq(ctx, info.Prefix, day)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s-%s-%04d", info.Prefix, day, n), nil
}

// checkPeople: operators hold the certificate the work needs (valid until
// the planned end), the guardian guards this work type and is no operator.
func (w *Workticket) checkPeople(ctx context.Context, t *Ticket, d *Detail) error {
	ids, good := ident.ParseIDs(t.OperatorIDs)
	if !good || len(ids) == 0 {
		return errs.BadRequest("请选择作业人员")
	}
	ids = distinct(ids)
	if len(ids) > 50 {
		return errs.BadRequest("作业人员最多50人")
	}
	for _, id := range ids {
		if id == t.GuardianID {
			return errs.Rule("GUARDIAN_OPERATOR", "监护人不能同时是本作业票的作业人员")
		}
	}
	info, _ := TypeInfo(t.WorkType)
	kind := info.Certificate
	names, err := w.People.Certificates(ctx, ids, cmp.Or(kind, "welding"), t.PlanEnd)
	if err != nil {
		return err
	}
	var list []string
	for _, v := range names {
		if v.UserName == "" {
			return errs.BadRequest("作业人员不存在(id %d)", v.UserID)
		}
		if kind != "" && !v.Valid {
			return errs.Rule("CERTIFICATE", "作业人员资质不符: %s", v.Reason)
		}
		list = append(list, v.UserName)
	}
	t.OperatorIDs, t.OperatorNames = ident.JoinIDs(ids), strings.Join(list, ",")
	if w.Contractors != nil {
		name, reason, ok, err := w.Contractors.Refused(ctx, ids, t.PlanEnd)
		if err != nil {
			return err
		}
		if !ok {
			return errs.Rule("CONTRACTOR", "承包商人员%s不能上作业票: %s", name, reason)
		}
	}
	g, err := w.People.Guardian(ctx, t.GuardianID, t.WorkType)
	if err != nil {
		return err
	}
	if !g.Valid {
		return errs.Rule("GUARDIAN", "监护人不符合要求: %s", cmp.Or(g.Reason, "不是该作业类型的监护人"))
	}
	t.GuardianName = g.UserName
	if p := d.TemporaryPower; p != nil && p.ElectricianID <= 0 {
		// A name is never taken from the body: it is the named person's.
		p.ElectricianID, p.ElectricianName = 0, ""
	} else if p != nil {
		v, err := w.People.Certificates(ctx, []int64{p.ElectricianID}, "electrician", t.PlanEnd)
		if err != nil {
			return err
		}
		if len(v) != 1 || !v[0].Valid {
			reason := "未持有有效电工证"
			if len(v) == 1 {
				reason = v[0].Reason
			}
			return errs.Rule("CERTIFICATE", "临时用电电工资质不符: %s", reason)
		}
		p.ElectricianName = v[0].UserName
	}
	return nil
}

func distinct(ids []int64) []int64 {
	seen := map[int64]bool{}
	out := ids[:0:0]
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// confirmers checks who confirmed the checklist items of a submitted
// permit. A confirmation attests that a person checked an item, so it is
// never made in another's name: an item keeps a stored confirmation when it
// is unchanged (same content, same involvement, same confirmer), the caller
// may confirm an item themselves, and any other confirmer is refused
// (they confirm on the permit's view page, as themselves).
func (w *Workticket) confirmers(me *ident.Identity, ms []Measure, old *Ticket) error {
	type key struct {
		content  string
		involved bool
		user     int64
	}
	stored := map[key]Measure{}
	if old != nil {
		for _, m := range DecodeMeasures(old) {
			if m.ConfirmUserID > 0 {
				stored[key{m.Content, m.Involved, m.ConfirmUserID}] = m
			}
		}
	}
	now := timefmt.Format(w.Now())
	for i := range ms {
		m := &ms[i]
		s, kept := stored[key{m.Content, m.Involved, m.ConfirmUserID}]
		switch {
		case m.ConfirmUserID <= 0:
			m.ConfirmUserID, m.ConfirmUserName, m.ConfirmTime = 0, "", ""
		case kept:
			m.ConfirmUserName, m.ConfirmTime = s.ConfirmUserName, s.ConfirmTime
		case m.ConfirmUserID == me.UserID:
			m.ConfirmUserName, m.ConfirmTime = me.UserName, now
		default:
			return errs.Forbidden("安全措施第%d项只能由确认人本人确认,不能代他人确认;请留空确认人,由其在作业票查看页确认", m.Seq)
		}
	}
	return nil
}

func (w *Workticket) checkArea(ctx context.Context, t *Ticket) error {
	name, ok, err := w.Areas.Area(ctx, t.AreaID)
	if err != nil {
		return err
	}
	if !ok {
		return errs.BadRequest("作业区域不存在(id %d)", t.AreaID)
	}
	t.AreaName = name
	return nil
}

// checkUnit: an internal work unit is a department of the tenant.
func (w *Workticket) checkUnit(ctx context.Context, tenantID string, t *Ticket) error {
	if t.WorkUnitID == 0 || w.Depts == nil {
		return nil
	}
	name, ok, err := w.Depts.DeptName(ctx, tenantID, t.WorkUnitID)
	if err != nil {
		return err
	}
	if !ok {
		return errs.BadRequest("作业单位(部门)不存在(id %d)", t.WorkUnitID)
	}
	if strings.TrimSpace(t.WorkUnit) == "" {
		t.WorkUnit = name
	}
	return nil
}

// checkRelated: related permit numbers must be permits of this tenant.
func (w *Workticket) checkRelated(ctx context.Context, t *Ticket) error {
	var nos []string
	for _, n := range strings.Split(t.RelatedTicketNos, ",") {
		if n = strings.TrimSpace(n); n != "" && n != t.TicketNo {
			nos = append(nos, n)
		}
	}
	if len(nos) > 20 {
		return errs.BadRequest("关联作业票最多20张")
	}
	found, err := w.Q.TicketNos(ctx, nos)
	if err != nil {
		return err
	}
	for _, n := range nos {
		if !slices.Contains(found, n) {
			return errs.BadRequest("关联作业票不存在: %s", n)
		}
	}
	t.RelatedTicketNos = strings.Join(nos, ",")
	return nil
}

// Apply sends a permit for approval through blade-flow.
func (w *Workticket) Apply(ctx context.Context, id int64, comment string) (*Ticket, error) {
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	t, err := w.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := w.authorize(ctx, me, t, ActApply); err != nil {
		return nil, err
	}
	if err := CheckState(ActApply, StateOf(t)); err != nil {
		return nil, err
	}
	if err := CheckNotExpired(t.PlanEnd, w.Now(), "提交审批"); err != nil {
		return nil, err
	}
	title := fmt.Sprintf("%s%s %s: %s", LevelName(t.WorkType, t.Level), WorkTypeName(t.WorkType), t.TicketNo, short(t.Content))
	inst, err := w.Flow.Start(ctx, ModelKey(t.WorkType, t.Level), BusinessTable, t.ID, title, DefaultSteps(t.WorkType, t.Level), comment)
	if err != nil {
		return nil, err
	}
	now := w.Now()
	vals := map[string]any{"process_instance_id": inst.ID, "flow_status": inst.Status, "flow_task_name": inst.TaskName, "apply_time": now}
	if inst.Status == FlowComplete {
		vals["ticket_status"], vals["issue_time"] = TicketIssued, now
	}
	if err := w.transition(ctx, t, ActApply, "申请", comment, vals, inst.Status == FlowComplete); err != nil {
		// Someone else applied or voided meanwhile: withdraw this instance.
		_ = w.Flow.Cancel(ctx, inst.ID, "重复提交,已撤回")
		return nil, err
	}
	return w.after(ctx, t, vals)
}

// Approve signs the current approval step; the last pass issues the permit.
func (w *Workticket) Approve(ctx context.Context, id int64, pass bool, comment string) (*Ticket, error) {
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	t, err := w.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if t.ApplicantID == me.UserID {
		return nil, errs.Rule("SELF_APPROVAL", "申请人不能审批本人申请的作业票")
	}
	// Only a candidate of the step waiting now may sign (blade-flow checks
	// again when the signature is made).
	if err := w.authorize(ctx, me, t, ActApprove); err != nil {
		return nil, err
	}
	if err := CheckState(ActApprove, StateOf(t)); err != nil {
		return nil, err
	}
	if !pass && strings.TrimSpace(comment) == "" {
		return nil, errs.BadRequest("驳回时请填写审批意见")
	}
	step := t.FlowTaskName
	inst, err := w.Flow.Complete(ctx, t.ProcessInstanceID, pass, comment)
	if err != nil {
		return nil, err
	}
	vals := map[string]any{"flow_status": inst.Status, "flow_task_name": inst.TaskName}
	issued := inst.Status == FlowComplete
	if issued {
		vals["ticket_status"], vals["issue_time"] = TicketIssued, w.Now()
	}
	action := "pass"
	if !pass {
		action = "reject"
	}
	if err := w.transition(ctx, t, action, cmp.Or(step, "审批"), comment, vals, issued); err != nil {
		return nil, err
	}
	return w.after(ctx, t, vals)
}

// transition applies vals if the permit is still in the state read, with a
// signature (action, task) and, on issuance, the event that tells the guardian.
func (w *Workticket) transition(ctx context.Context, t *Ticket, action, task, comment string, vals map[string]any, issued bool) error {
	me, _ := ident.Caller(ctx)
	return w.Tx.Tx(ctx, func(ctx context.Context) error {
		ok, err := w.Q.Transition(ctx, t.ID, StateOf(t), vals)
		if err != nil {
			return err
		}
		if !ok {
			return errs.Rule("CONFLICT", "作业票状态已变化,请刷新后重试")
		}
		if err := w.Signs.Create(ctx, &Signature{TicketID: t.ID, TaskName: task, Action: action, UserID: me.UserID, UserName: me.UserName, Comment: comment, SignTime: w.Now()}); err != nil {
			return err
		}
		if issued {
			return w.Events.Add(ctx, SubjectIssued, t.TenantID, map[string]any{
				"ticketId": strconv.FormatInt(t.ID, 10), "ticketNo": t.TicketNo, "workTypeName": WorkTypeName(t.WorkType),
				"levelName": LevelName(t.WorkType, t.Level), "content": t.Content, "guardianId": strconv.FormatInt(t.GuardianID, 10),
				"guardianName": t.GuardianName, "planStartTime": timefmt.Format(t.PlanStart), "planEndTime": timefmt.Format(t.PlanEnd),
			})
		}
		if action == ActComplete || action == ActVoid || action == ActRevoke {
			return w.Events.Add(ctx, SubjectClosed, t.TenantID, map[string]any{
				"ticketId": strconv.FormatInt(t.ID, 10), "ticketNo": t.TicketNo, "act": action})
		}
		return nil
	})
}

// Act runs a lifecycle act (start, pause, resume, complete, accept, void,
// revoke) after checking every precondition.
func (w *Workticket) Act(ctx context.Context, act string, id int64, comment string) (*Ticket, error) {
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	t, err := w.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	switch act {
	case ActStart, ActPause, ActResume, ActComplete, ActAccept, ActVoid, ActRevoke:
	default:
		return nil, errs.BadRequest("未知的操作")
	}
	if err := w.authorize(ctx, me, t, act); err != nil {
		return nil, err
	}
	now := w.Now()
	f := Facts{Now: now, Measures: DecodeMeasures(t)}
	if act == ActStart || act == ActResume || act == ActComplete {
		if f.Samples, err = w.samplesAt(ctx, t.ID); err != nil {
			return nil, err
		}
	}
	if err := Check(act, t, f); err != nil {
		return nil, err
	}
	var vals map[string]any
	switch act {
	case ActStart:
		vals = map[string]any{"job_status": JobInProgress, "work_phase": PhaseDuring, "actual_start": now}
	case ActPause:
		vals = map[string]any{"paused": true, "pause_time": now}
	case ActResume:
		vals = map[string]any{"paused": false, "pause_time": nil}
	case ActComplete:
		vals = map[string]any{"job_status": JobCompleted, "work_phase": PhaseAfter, "actual_end": now, "paused": false}
	case ActAccept:
		vals = map[string]any{"ticket_status": TicketAccepted, "accept_time": now, "accept_user_id": me.UserID, "accept_user_name": me.UserName}
	case ActVoid, ActRevoke:
		if strings.TrimSpace(comment) == "" {
			return nil, errs.BadRequest("请填写%s原因", ActNames[act])
		}
		st := TicketVoided
		if act == ActRevoke {
			st = TicketRevoked
		}
		vals = map[string]any{"ticket_status": st, "close_reason": comment, "paused": false}
		if act == ActVoid && t.FlowStatus == FlowRunning {
			// blade-flow lets the applicant or an administrator withdraw an
			// approval; the permit's rule (checked above) also lets its
			// approvers and safety managers void, so the service withdraws
			// for them, naming them in the history.
			fctx, why := ctx, comment
			if t.ApplicantID != me.UserID && !me.Super {
				fctx, why = ident.ForTenant(ctx, t.TenantID), me.UserName+"作废: "+comment
			}
			if err := w.Flow.Cancel(fctx, t.ProcessInstanceID, why); err != nil {
				return nil, err
			}
			vals["flow_status"], vals["flow_task_name"] = FlowCancelled, ""
		}
	default:
		return nil, errs.BadRequest("未知的操作")
	}
	if err := w.transition(ctx, t, act, ActNames[act], comment, vals, false); err != nil {
		return nil, err
	}
	return w.after(ctx, t, vals)
}

func (w *Workticket) samplesAt(ctx context.Context, ticketID int64) ([]SampleAt, error) {
	rows, err := w.Gas.List(ctx, paging.Query{Filters: map[string]string{"ticketId_equal": strconv.FormatInt(ticketID, 10)}}, 1000)
	if err != nil {
		return nil, err
	}
	out := make([]SampleAt, len(rows))
	for i, r := range rows {
		out[i] = SampleAt{Time: r.SampleTime, Kind: r.SampleKind, Qualified: r.Qualified}
	}
	return out, nil
}

// ConfirmMeasures records the caller as the confirmer of the items listed
// (involved=false marks an item 不涉及).
func (w *Workticket) ConfirmMeasures(ctx context.Context, id int64, items []Measure) (*Ticket, error) {
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	t, err := w.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := w.authorize(ctx, me, t, ActMeasure); err != nil {
		return nil, err
	}
	if t.TicketStatus != TicketUnissued && t.TicketStatus != TicketIssued || t.JobStatus != JobToStart {
		return nil, errs.Rule("ILLEGAL_TRANSITION", "作业已开始或作业票已关闭,不能再确认安全措施")
	}
	ms := DecodeMeasures(t)
	now := timefmt.Format(w.Now())
	for _, it := range items {
		if it.Seq < 1 || int(it.Seq) > len(ms) {
			return nil, errs.BadRequest("安全措施序号无效: %d", it.Seq)
		}
		m := &ms[it.Seq-1]
		m.Involved, m.ConfirmUserID, m.ConfirmUserName, m.ConfirmTime = it.Involved, me.UserID, me.UserName, now
	}
	vals := map[string]any{"measures": encode(ms)}
	err = w.Tx.Tx(ctx, func(ctx context.Context) error {
		ok, err := w.Q.Transition(ctx, t.ID, StateOf(t), vals)
		if err != nil {
			return err
		}
		if !ok {
			return errs.Rule("CONFLICT", "作业票状态已变化,请刷新后重试")
		}
		return w.Signs.Create(ctx, &Signature{TicketID: t.ID, TaskName: "安全措施确认", Action: "measure", UserID: me.UserID, UserName: me.UserName, Comment: fmt.Sprintf("确认%d项", len(items)), SignTime: w.Now()})
	})
	if err != nil {
		return nil, err
	}
	return w.after(ctx, t, vals)
}

// Remove deletes draft permits (unissued and not in approval) of their
// applicant, all or none.
func (w *Workticket) Remove(ctx context.Context, ids []int64) error {
	me, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if len(ids) > 1000 {
		return errs.BadRequest("一次最多删除1000张作业票")
	}
	if !me.Super {
		other, err := w.Tickets.FindBy(ctx, "id IN ? AND applicant_id <> ?", ids, me.UserID)
		if err != nil {
			return err
		}
		if other != nil {
			// Applicant and administrator are relations of the row (no
			// look-up decides them), so a refusal is the only error here.
			if err := w.authorize(ctx, me, other, ActRemove); err != nil {
				return errs.Forbidden("作业票 %s: %s", other.TicketNo, errs.Message(err))
			}
		}
	}
	busy, err := w.Tickets.FindBy(ctx, "id IN ? AND (ticket_status <> ? OR flow_status IN ?)", ids, TicketUnissued, []int32{FlowRunning, FlowComplete})
	if err != nil {
		return err
	}
	if busy != nil {
		return errs.Rule("ILLEGAL_TRANSITION", "作业票 %s 已提交审批、签发或关闭,不能删除(只能删除未提交审批的草稿)", busy.TicketNo)
	}
	return w.Tickets.Remove(ctx, ids)
}

// Signatures of a permit, oldest first.
func (w *Workticket) Signatures(ctx context.Context, ticketID int64) ([]Signature, error) {
	return w.Signs.List(ctx, paging.Query{Filters: map[string]string{"ticketId_equal": strconv.FormatInt(ticketID, 10)}, Ascs: "signTime"}, 1000)
}

// Page lists permits.
func (w *Workticket) Page(ctx context.Context, q paging.Query) (*paging.Page[Ticket], error) {
	return w.Tickets.Page(ctx, q)
}
