package biz

import (
	"anquan/kit/ruletable"
	"anquan/kit/valid"
	"context"
	"strconv"
	"strings"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// Object-level authorization of accident. The button on each RPC says what
// kind of action a role may take; the record says whether this caller may
// take it on this one. "In scope": the caller is the record's responsible
// person or creator, or the record's department (else its creator's) is in
// the caller's data scope (administrators: all). Another tenant's record is
// never found (400 不存在).
//
//	entity        update / move / remove
//	规则           tenant-wide configuration: holders of the button (a new version)
//	事故报告        in scope; narrative edited until closed; figures only by a
//	              supplementary report within supplement.days; removed only while
//	              已报告 without actions; investigate / extend / close by state
//	整改措施        added and removed by whoever may change the accident (while not
//	              closed); marked done by its responsible person or the same
//	未遂事件        its reporter or in scope

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Queries are the reads the generic stores cannot express.
type Queries interface {
	Rules(ctx context.Context, code string) ([]Rule, error)
	Supplements(ctx context.Context, accidentID int64) ([]Supplement, error)
	// OpenActions: open actions per accident.
	OpenActions(ctx context.Context, accidentIDs []int64) (map[int64]int32, error)
	// Titles: accident titles by id.
	Titles(ctx context.Context, ids []int64) (map[int64]string, error)
	ByIDs(ctx context.Context, dst any, ids []int64) error
	// Year: the accidents and near misses of a year (occurred in it).
	Year(ctx context.Context, from, to time.Time) ([]Accident, int64, error)
}

// Accidents is accident's use cases.
type Accidents struct {
	Rules       paging.Store[Rule]
	Reports     paging.Store[Accident]
	Supplements paging.Store[Supplement]
	Actions     paging.Store[Action]
	NearMisses  paging.Store[NearMiss]
	Q           Queries
	Tx          db.Transactor
	Events      Events
	Now         func() time.Time
}

func outOfScope(what, name, verb string) error {
	return errs.Forbidden("%s「%s」不在您的数据权限范围内,不能%s", what, name, verb)
}

// InScope: the accident is the caller's to change.
func InScope(id *ident.Identity, a *Accident) bool {
	dept := a.DeptID
	if dept == 0 {
		dept = a.CreateDept
	}
	return id.InScope(dept, a.CreateUser, a.ResponsibleUserID)
}

// ---- rules ----

// RuleSetOf is the values in force of the caller's tenant.
func (s *Accidents) RuleSetOf(ctx context.Context) (RuleSet, error) {
	rows, err := s.Q.Rules(ctx, "")
	if err != nil {
		return nil, err
	}
	return ruletable.InForce[float64](rows), nil
}

// RuleView is a rule in force with its definition (Current nil: the default).
type RuleView = ruletable.View[float64, Rule]

// RuleList is every rule in force.
func (s *Accidents) RuleList(ctx context.Context) ([]RuleView, error) {
	return ruletable.List[float64](ctx, RuleDefs, s.Q.Rules)
}

// RuleHistory is every version of a rule, newest first.
func (s *Accidents) RuleHistory(ctx context.Context, code string) (RuleDef, []Rule, error) {
	return ruletable.History(ctx, RuleDefs, code, s.Q.Rules)
}

// gradeOrder: each measure's bounds must rise from 较大 to 特别重大.
var gradeOrder = [][3]string{
	{RuleDeathsLarger, RuleDeathsMajor, RuleDeathsSpecial},
	{RuleSeriousLarger, RuleSeriousMajor, RuleSeriousSpecial},
	{RuleLossLarger, RuleLossMajor, RuleLossSpecial},
}

// SubmitRule writes a new version of a rule; grade bounds must stay in order.
func (s *Accidents) SubmitRule(ctx context.Context, code string, value float64, source string) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	d, ok := RuleDefOf(code)
	if !ok {
		return errs.BadRequest("规则编码 %s 不存在", code)
	}
	if value <= 0 || value > 1e7 {
		return errs.BadRequest("%s应大于 0 且不超过 10000000", d.Name)
	}
	if err := valid.Required("规则依据", source); err != nil {
		return err
	}
	store := ruletable.Store[float64]{Tx: s.Tx, Create: func(ctx context.Context, code string, value float64, source string, version int32) error {
		return s.Rules.Create(ctx, &Rule{Code: code, Value: value, Source: source, Version: version})
	}}
	_, err := ruletable.Submit[float64](ctx, store, func(ctx context.Context) ([]Rule, error) { return s.Q.Rules(ctx, "") },
		code, value, source, func(set map[string]float64) error {
			rs := RuleSet(set)
			for _, o := range gradeOrder {
				if !(rs.Get(o[0]) < rs.Get(o[1]) && rs.Get(o[1]) < rs.Get(o[2])) {
					return errs.BadRequest("事故等级下限须满足 较大 < 重大 < 特别重大")
				}
			}
			return nil
		})
	return err
}

// ---- reports ----

func (s *Accidents) validateFigures(f Figures) error {
	if f.Deaths < 0 || f.SeriousInjuries < 0 || f.MinorInjuries < 0 || f.Missing < 0 || f.DirectLoss < 0 {
		return errs.BadRequest("伤亡人数和直接经济损失不能为负数")
	}
	return nil
}

func validateReport(a *Accident) error {
	if err := valid.Required("事故名称", a.Title); err != nil {
		return err
	}
	if err := valid.Required("事故地点", a.Place); err != nil {
		return err
	}
	if a.AccidentType < 1 || a.AccidentType > 5 {
		return errs.BadRequest("请选择事故类型 (1-5)")
	}
	if a.GB6441Type < 0 || a.GB6441Type > 20 {
		return errs.BadRequest("GB 6441-1986 事故类别应在 1 到 20 之间")
	}
	if a.Cause < 0 || a.Cause > 3 || a.Nature < 0 || a.Nature > 3 {
		return errs.BadRequest("事故原因和事故性质应在 1 到 3 之间")
	}
	return nil
}

// accidentFor loads an accident the caller may change.
func (s *Accidents) accidentFor(ctx context.Context, accidentID int64, verb string) (*Accident, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	a, err := s.Reports.Get(ctx, accidentID)
	if err != nil {
		return nil, err
	}
	if !InScope(id, a) {
		return nil, outOfScope("事故", a.Title, verb)
	}
	return a, nil
}

// SubmitReport reports an accident (its figures grade it, the clock starts
// at its occurrence) or edits the narrative of one not closed.
func (s *Accidents) SubmitReport(ctx context.Context, a *Accident, f Figures) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	var old *Accident
	if a.ID != 0 {
		var err error
		if old, err = s.accidentFor(ctx, a.ID, "修改"); err != nil {
			return err
		}
	}
	a.Title, a.Place = strings.TrimSpace(a.Title), strings.TrimSpace(a.Place)
	if err := validateReport(a); err != nil {
		return err
	}
	now := s.Now()
	if a.OccurredAt.After(now.Add(time.Minute)) {
		return errs.BadRequest("事故发生时间不能晚于当前时间")
	}
	if old != nil {
		if old.State == StateClosed {
			return errs.BadRequest("事故「%s」已结案,不能修改", old.Title)
		}
		if f != (Figures{old.Deaths, old.SeriousInjuries, old.MinorInjuries, old.Missing, old.DirectLoss}) {
			return errs.BadRequest("伤亡人数和直接经济损失的变化须通过补报提交")
		}
		if !a.OccurredAt.Equal(old.OccurredAt) {
			return errs.BadRequest("事故发生时间不能修改")
		}
		return s.Reports.Update(ctx, a.ID, a, "title", "place", "accident_type", "gb6441_type", "cause", "nature", "description",
			"measures_taken", "dept_id", "responsible_user_id", "update_user", "update_time")
	}
	if err := s.validateFigures(f); err != nil {
		return err
	}
	rules, err := s.RuleSetOf(ctx)
	if err != nil {
		return err
	}
	c := ClockOf(a.OccurredAt, rules)
	a.Deaths, a.SeriousInjuries, a.MinorInjuries, a.Missing, a.DirectLoss = f.Deaths, f.SeriousInjuries, f.MinorInjuries, f.Missing, f.DirectLoss
	a.Grade, a.State, a.ReportedAt = Grade(f, rules), StateReported, now
	a.ReportDue, a.SupplementDue, a.InvestigationDue = c.ReportDue, c.SupplementDue, c.InvestigationDue
	return s.Reports.Create(ctx, a)
}

// Supplement records a supplementary report within the supplement window;
// the figures and the grade follow it.
func (s *Accidents) Supplement(ctx context.Context, accidentID int64, f Figures, note string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	a, err := s.accidentFor(ctx, accidentID, "补报")
	if err != nil {
		return err
	}
	if a.State == StateClosed {
		return errs.BadRequest("事故「%s」已结案,不能补报", a.Title)
	}
	if s.Now().After(a.SupplementDue) {
		return errs.BadRequest("已超过补报期限 (事故发生之日起至 %s)", a.SupplementDue.Format("2006-01-02 15:04"))
	}
	if err := s.validateFigures(f); err != nil {
		return err
	}
	if err := valid.Required("补报说明", note); err != nil {
		return err
	}
	rules, err := s.RuleSetOf(ctx)
	if err != nil {
		return err
	}
	g := Grade(f, rules)
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := s.Supplements.Create(ctx, &Supplement{AccidentID: a.ID, Deaths: f.Deaths, SeriousInjuries: f.SeriousInjuries,
			MinorInjuries: f.MinorInjuries, Missing: f.Missing, DirectLoss: f.DirectLoss, Note: strings.TrimSpace(note),
			GradeBefore: a.Grade, GradeAfter: g, ReporterName: id.UserName}); err != nil {
			return err
		}
		a.Deaths, a.SeriousInjuries, a.MinorInjuries, a.Missing, a.DirectLoss, a.Grade = f.Deaths, f.SeriousInjuries, f.MinorInjuries, f.Missing, f.DirectLoss, g
		return s.Reports.Update(ctx, a.ID, a, "deaths", "serious_injuries", "minor_injuries", "missing", "direct_loss", "grade", "update_user", "update_time")
	})
}

// Investigation is a requested investigation step.
type Investigation struct {
	Action, Leader                               string
	Days                                         int32
	Report, RootCause, Responsibility, Education string
}

// Investigate moves the investigation: start (已报告 -> 调查中, a leader),
// extend (days within the rule's total extension), close (四不放过: the
// report, root cause, responsibility handled, education done and every
// corrective action done).
func (s *Accidents) Investigate(ctx context.Context, accidentID int64, in Investigation) error {
	verbs := map[string]string{"start": "启动调查", "extend": "延长调查期限", "close": "结案"}
	verb, known := verbs[in.Action]
	if !known {
		return errs.BadRequest("操作只能为 start、extend 或 close")
	}
	a, err := s.accidentFor(ctx, accidentID, verb)
	if err != nil {
		return err
	}
	switch in.Action {
	case "start":
		if a.State != StateReported {
			return errs.BadRequest("事故「%s」%s,不能%s", a.Title, StateNames[a.State], verb)
		}
		if err := valid.Required("调查组组长", in.Leader); err != nil {
			return err
		}
		a.State, a.InvestigationLeader = StateInvestigating, strings.TrimSpace(in.Leader)
		return s.Reports.Update(ctx, a.ID, a, "state", "investigation_leader", "update_user", "update_time")
	case "extend":
		if a.State != StateInvestigating {
			return errs.BadRequest("事故「%s」%s,不能%s", a.Title, StateNames[a.State], verb)
		}
		rules, err := s.RuleSetOf(ctx)
		if err != nil {
			return err
		}
		limit := int32(rules.Get(RuleExtensionDays))
		if in.Days < 1 || a.ExtensionDays+in.Days > limit {
			return errs.BadRequest("调查期限延长合计不能超过 %d 日 (已延长 %d 日)", limit, a.ExtensionDays)
		}
		a.ExtensionDays += in.Days
		a.InvestigationDue = a.InvestigationDue.AddDate(0, 0, int(in.Days))
		return s.Reports.Update(ctx, a.ID, a, "extension_days", "investigation_due", "update_user", "update_time")
	}
	// close
	if a.State != StateInvestigating {
		return errs.BadRequest("事故「%s」%s,须在调查中才能结案", a.Title, StateNames[a.State])
	}
	for _, f := range []struct{ name, v string }{{"事故调查报告", in.Report}, {"事故原因 (原因未查清不放过)", in.RootCause},
		{"责任处理 (责任人员未处理不放过)", in.Responsibility}, {"教育情况 (有关人员未受到教育不放过)", in.Education}} {
		if err := valid.Required(f.name, f.v); err != nil {
			return err
		}
	}
	open, err := s.Q.OpenActions(ctx, []int64{a.ID})
	if err != nil {
		return err
	}
	if n := open[a.ID]; n > 0 {
		return errs.BadRequest("还有 %d 项整改措施未完成 (整改措施未落实不放过)", n)
	}
	actions, err := s.Actions.Exists(ctx, 0, "accident_id = ?", a.ID)
	if err != nil {
		return err
	}
	if !actions {
		return errs.BadRequest("请先制定整改措施 (整改措施未落实不放过)")
	}
	now := s.Now()
	a.State, a.ClosedAt = StateClosed, &now
	a.InvestigationReport, a.RootCause, a.Responsibility, a.Education = strings.TrimSpace(in.Report), strings.TrimSpace(in.RootCause),
		strings.TrimSpace(in.Responsibility), strings.TrimSpace(in.Education)
	return s.Reports.Update(ctx, a.ID, a, "state", "closed_at", "investigation_report", "root_cause", "responsibility", "education",
		"update_user", "update_time")
}

// RemoveReports removes reports still 已报告 without actions.
func (s *Accidents) RemoveReports(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	var rows []Accident
	if err := s.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for i := range rows {
		a := &rows[i]
		if !InScope(id, a) {
			return outOfScope("事故", a.Title, "删除")
		}
		if a.State != StateReported {
			return errs.BadRequest("事故「%s」%s,不能删除", a.Title, StateNames[a.State])
		}
		used, err := s.Actions.Exists(ctx, 0, "accident_id = ?", a.ID)
		if err != nil {
			return err
		}
		if used {
			return errs.Rule("IN_USE", "事故「%s」已有整改措施,不能删除", a.Title)
		}
	}
	return s.Reports.Remove(ctx, ids)
}

// ---- actions ----

// HazardRaised is the event asking prevention to report a hidden danger
// (README "Hidden dangers raised by other services").
type HazardRaised struct {
	Source       string `json:"source"`
	SourceID     string `json:"sourceId"`
	Title        string `json:"title"`
	Description  string `json:"description"`
	Level        int32  `json:"level"`
	HazardType   int32  `json:"hazardType"`
	DangerSrc    int32  `json:"dangerSrc"`
	Location     string `json:"location"`
	ReporterID   string `json:"reporterId"`
	LiableUserID string `json:"liableUserId"`
	Deadline     string `json:"deadline,omitempty"`
	Link         string `json:"link"`
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}

// SubmitAction adds or edits a corrective action of an accident the caller
// may change; a new action with raise set opens a hidden danger (事故类比排查)
// with the action's responsible person liable.
func (s *Accidents) SubmitAction(ctx context.Context, x *Action, raise bool) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if x.ID != 0 {
		old, err := s.Actions.Get(ctx, x.ID)
		if err != nil {
			return err
		}
		if old.AccidentID != x.AccidentID {
			return errs.BadRequest("整改措施不能改属其他事故")
		}
		if old.State == ActionDone {
			return errs.BadRequest("整改措施已完成,不能修改")
		}
	}
	a, err := s.accidentFor(ctx, x.AccidentID, "制定整改措施")
	if err != nil {
		return err
	}
	if a.State == StateClosed {
		return errs.BadRequest("事故「%s」已结案", a.Title)
	}
	x.Content = strings.TrimSpace(x.Content)
	if err := valid.Required("整改措施", x.Content); err != nil {
		return err
	}
	if x.ResponsibleUserID == 0 {
		return errs.BadRequest("请选择整改责任人")
	}
	if x.ID != 0 {
		return s.Actions.Update(ctx, x.ID, x, "content", "responsible_user_id", "deadline", "update_user", "update_time")
	}
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		x.State, x.HazardRaised = ActionOpen, raise
		if err := s.Actions.Create(ctx, x); err != nil {
			return err
		}
		if !raise {
			return nil
		}
		ev := HazardRaised{Source: "accident", SourceID: strconv.FormatInt(x.ID, 10), Title: "事故整改:" + truncate(x.Content, 80),
			Description: "事故「" + a.Title + "」的整改措施:" + x.Content, HazardType: 8, DangerSrc: 6, Location: a.Place,
			ReporterID: strconv.FormatInt(id.UserID, 10), LiableUserID: strconv.FormatInt(x.ResponsibleUserID, 10),
			Link: "/accident/report?id=" + strconv.FormatInt(a.ID, 10)}
		if x.Deadline != nil {
			ev.Deadline = x.Deadline.Format("2006-01-02")
		}
		return s.Events.Add(ctx, "accident.hazard.raised", id.TenantID, ev)
	})
}

// CompleteAction marks an action done: its responsible person or whoever
// may change its accident.
func (s *Accidents) CompleteAction(ctx context.Context, actionID int64, note string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	x, err := s.Actions.Get(ctx, actionID)
	if err != nil {
		return err
	}
	if x.ResponsibleUserID != id.UserID {
		if _, err := s.accidentFor(ctx, x.AccidentID, "确认整改完成"); err != nil {
			return err
		}
	}
	if x.State == ActionDone {
		return errs.BadRequest("整改措施已完成")
	}
	if err := valid.Required("完成情况", note); err != nil {
		return err
	}
	now := s.Now()
	x.State, x.DoneAt, x.DoneNote = ActionDone, &now, strings.TrimSpace(note)
	return s.Actions.Update(ctx, x.ID, x, "state", "done_at", "done_note", "update_user", "update_time")
}

// RemoveActions removes open actions of accidents the caller may change.
func (s *Accidents) RemoveActions(ctx context.Context, ids []int64) error {
	var rows []Action
	if err := s.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for _, x := range rows {
		a, err := s.accidentFor(ctx, x.AccidentID, "删除整改措施")
		if err != nil {
			return err
		}
		if x.State == ActionDone || a.State == StateClosed {
			return errs.BadRequest("已完成的整改措施或已结案事故的整改措施不能删除")
		}
	}
	return s.Actions.Remove(ctx, ids)
}

// ---- near misses ----

// SubmitNearMiss reports a near miss (the reporter is the caller) or edits
// one the caller reported or has in scope.
func (s *Accidents) SubmitNearMiss(ctx context.Context, n *NearMiss) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if n.ID != 0 {
		old, err := s.NearMisses.Get(ctx, n.ID)
		if err != nil {
			return err
		}
		if !id.InScope(old.CreateDept, old.CreateUser) {
			return outOfScope("未遂事件", old.Title, "修改")
		}
	}
	n.Title = strings.TrimSpace(n.Title)
	if err := valid.Required("事件名称", n.Title); err != nil {
		return err
	}
	if err := valid.Required("事件经过", n.Description); err != nil {
		return err
	}
	if n.PotentialType < 0 || n.PotentialType > 5 || n.Cause < 0 || n.Cause > 3 {
		return errs.BadRequest("可能导致的事故类型应在 1 到 5 之间,原因应在 1 到 3 之间")
	}
	if n.OccurredAt.After(s.Now().Add(time.Minute)) {
		return errs.BadRequest("发生时间不能晚于当前时间")
	}
	if n.ID == 0 {
		n.ReporterName = id.UserName
		return s.NearMisses.Create(ctx, n)
	}
	return s.NearMisses.Update(ctx, n.ID, n, "title", "occurred_at", "place", "potential_type", "cause", "description", "measures",
		"update_user", "update_time")
}

// RemoveNearMisses removes near misses the caller reported or has in scope.
func (s *Accidents) RemoveNearMisses(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	var rows []NearMiss
	if err := s.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for _, n := range rows {
		if !id.InScope(n.CreateDept, n.CreateUser) {
			return outOfScope("未遂事件", n.Title, "删除")
		}
	}
	return s.NearMisses.Remove(ctx, ids)
}
