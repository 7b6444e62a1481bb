package biz

import (
	"anquan/kit/ruletable"
	"anquan/kit/valid"
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// Object-level authorization of emergency. The button on each RPC says
// what kind of action a role may take; the record says whether this caller
// may take it on this one: its responsible person, its creator, or a caller
// whose data scope holds the creator's department (administrators: all).
// A record of another tenant is never found (400 不存在).
//
//	entity      update / move / remove
//	应急规则     tenant-wide configuration: holders of the button (a new version)
//	应急预案     in scope; only drafts are edited or removed; review, publish,
//	            file and revise follow the state (400 naming it)
//	应急物资     in scope (check: the same)
//	应急队伍     in scope; its members through the team
//	应急演练     in scope; edited and removed only before it starts (or when
//	            rejected / voided); moves follow the state machine

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Queries are the reads the generic stores cannot express.
type Queries interface {
	// Rules are every version of the caller tenant's rules (code filter optional).
	Rules(ctx context.Context, code string) ([]Rule, error)
	// Versions are the versions of a plan, newest first.
	Versions(ctx context.Context, rootID int64) ([]Plan, error)
	// LastDrills: per plan root, the latest actual date of a completed drill.
	LastDrills(ctx context.Context, rootIDs []int64) (map[int64]time.Time, error)
	// MemberCounts: members per team.
	MemberCounts(ctx context.Context, teamIDs []int64) (map[int64]int32, error)
	// PlanNames: names of plans by id.
	PlanNames(ctx context.Context, ids []int64) (map[int64]string, error)
	// TeamNames: names of teams by id.
	TeamNames(ctx context.Context, ids []int64) (map[int64]string, error)
	// Holidays are the caller tenant's calendar days in [from, to) (yyyy-MM-dd; "" = open).
	Holidays(ctx context.Context, from, to string) ([]Holiday, error)
	// ByIDs loads rows of the caller's tenant into dst (a *[]Model).
	ByIDs(ctx context.Context, dst any, ids []int64) error
}

// Emergency is emergency's use cases.
type Emergency struct {
	Rules    paging.Store[Rule]
	Plans    paging.Store[Plan]
	Supplies paging.Store[Supply]
	Teams    paging.Store[Team]
	Members  paging.Store[Member]
	Drills   paging.Store[Drill]
	Holidays paging.Store[Holiday]
	Duties   paging.Store[Duty]
	DutyQ    DutyQueries
	Names    Names
	// Incidents are the launched incidents (应急启动).
	Incidents paging.Store[Incident]
	IncidentQ IncidentQueries
	Muster    Positioning
	Q         Queries
	Tx        db.Transactor
	Events    Events
	Now       func() time.Time
}

// inScope: the caller is the record's responsible person or creator, or
// the creator's department is in the caller's data scope.
func inScope(id *ident.Identity, b *db.Base, responsible int64) bool {
	return id.InScope(b.CreateDept, b.CreateUser, responsible)
}

func outOfScope(what, name, verb string) error {
	return errs.Forbidden("%s「%s」不在您的数据权限范围内,不能%s", what, name, verb)
}

func tooLong(field, v string, n int) error {
	if utf8.RuneCountInString(v) > n {
		return errs.BadRequest("%s不能超过 %d 个字", field, n)
	}
	return nil
}

// ---- rules ----

// RuleView is a rule in force with its definition (Current nil: the default).
type RuleView = ruletable.View[int32, Rule]

// RuleSetOf is the values in force of the caller's tenant.
func (e *Emergency) RuleSetOf(ctx context.Context) (RuleSet, error) {
	rows, err := e.Q.Rules(ctx, "")
	if err != nil {
		return nil, err
	}
	return ruletable.InForce[int32](rows), nil
}

// RuleList is every rule in force.
func (e *Emergency) RuleList(ctx context.Context) ([]RuleView, error) {
	return ruletable.List[int32](ctx, RuleDefs, e.Q.Rules)
}

// RuleHistory is every version of a rule, newest first.
func (e *Emergency) RuleHistory(ctx context.Context, code string) (RuleDef, []Rule, error) {
	return ruletable.History(ctx, RuleDefs, code, e.Q.Rules)
}

// SubmitRule writes a new version of a rule.
func (e *Emergency) SubmitRule(ctx context.Context, code string, value int32, source string) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	d, ok := RuleDefOf(code)
	if !ok {
		return errs.BadRequest("规则编码 %s 不存在", code)
	}
	if code == RuleHazchemUnit && value != 1 && value != 2 {
		return errs.BadRequest("%s只能为 1 (是) 或 2 (否)", d.Name)
	}
	if value < 1 || value > 1000 {
		return errs.BadRequest("%s应在 1 到 1000 之间", d.Name)
	}
	if err := valid.Required("规则依据", source); err != nil {
		return err
	}
	store := ruletable.Store[int32]{Tx: e.Tx, Create: func(ctx context.Context, code string, value int32, source string, version int32) error {
		return e.Rules.Create(ctx, &Rule{Code: code, Value: value, Source: source, Version: version})
	}}
	_, err := ruletable.Submit[int32](ctx, store, func(ctx context.Context) ([]Rule, error) { return e.Q.Rules(ctx, code) },
		code, value, source, func(map[string]int32) error { return nil })
	return err
}

// ---- calendar ----

// CalendarOf is the caller tenant's working-day calendar.
func (e *Emergency) CalendarOf(ctx context.Context) (Calendar, error) {
	days, err := e.Q.Holidays(ctx, "", "")
	if err != nil {
		return Calendar{}, err
	}
	c := Calendar{Holidays: map[string]bool{}, Workdays: map[string]bool{}}
	for _, d := range days {
		if d.Working {
			c.Workdays[d.Day] = true
		} else {
			c.Holidays[d.Day] = true
		}
	}
	return c, nil
}

// SubmitHoliday adds or changes a calendar day: a holiday must fall on a
// weekday, a working day on a weekend (else it changes nothing); one row per day.
func (e *Emergency) SubmitHoliday(ctx context.Context, h *Holiday) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	t, err := time.Parse("2006-01-02", h.Day)
	if err != nil {
		return errs.BadRequest("日期格式错误,应为 yyyy-MM-dd")
	}
	h.Day, h.Name = t.Format("2006-01-02"), strings.TrimSpace(h.Name)
	if err := valid.Required("名称", h.Name); err != nil {
		return err
	}
	weekend := t.Weekday() == time.Saturday || t.Weekday() == time.Sunday
	if h.Working && !weekend {
		return errs.BadRequest("%s 是工作日,无需设为调休上班", h.Day)
	}
	if !h.Working && weekend {
		return errs.BadRequest("%s 是周末,无需设为节假日", h.Day)
	}
	taken, err := e.Holidays.Exists(ctx, h.ID, "day = ?", h.Day)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("%s 已设置", h.Day)
	}
	if h.ID == 0 {
		return e.Holidays.Create(ctx, h)
	}
	return e.Holidays.Update(ctx, h.ID, h, "day", "name", "working", "update_user", "update_time")
}

// ---- plans ----

// PlanDeadlines are a plan's computed dates.
type PlanDeadlines struct {
	LastDrill     *time.Time
	DrillDue      *time.Time
	DrillOverdue  bool
	FilingOverdue bool
}

// Deadlines computes a published plan's drill and filing status at now.
func Deadlines(p *Plan, rules RuleSet, last *time.Time, now time.Time) PlanDeadlines {
	var d PlanDeadlines
	d.LastDrill = last
	today := day(now)
	if p.State != PlanPublished {
		return d
	}
	if p.FiledDate == nil && p.FilingDue != nil && today.After(*p.FilingDue) {
		d.FilingOverdue = true
	}
	from := p.PublishDate
	if last != nil && (from == nil || last.After(*from)) {
		from = last
	}
	if from != nil {
		due := day(*from).AddDate(0, int(DrillMonths(rules, p.PlanType)), 0)
		d.DrillDue = &due
		d.DrillOverdue = today.After(due)
	}
	return d
}

func validatePlan(p *Plan) error {
	if err := valid.Required("预案编号", p.Code); err != nil {
		return err
	}
	if err := valid.Required("预案名称", p.Name); err != nil {
		return err
	}
	if p.PlanType < PlanGeneral || p.PlanType > PlanOnSite {
		return errs.BadRequest("预案类型只能为 1 综合应急预案、2 专项应急预案或 3 现场处置方案")
	}
	if p.PlanType == PlanOnSite && strings.TrimSpace(p.ResponseCards) == "" {
		return errs.BadRequest("现场处置方案须编制重点岗位应急处置卡")
	}
	return nil
}

// SubmitPlan creates a draft (version 1 of a new plan) or edits a draft.
func (e *Emergency) SubmitPlan(ctx context.Context, p *Plan) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	p.Code, p.Name = strings.TrimSpace(p.Code), strings.TrimSpace(p.Name)
	var old *Plan
	if p.ID != 0 {
		// The record first: another tenant's id is not found, another's plan refused.
		if old, err = e.Plans.Get(ctx, p.ID); err != nil {
			return err
		}
		if !inScope(id, &old.Base, old.ResponsibleUserID) {
			return outOfScope("应急预案", old.Name, "修改")
		}
	}
	if err := validatePlan(p); err != nil {
		return err
	}
	if p.ID == 0 {
		taken, err := e.Plans.Exists(ctx, 0, "code = ?", p.Code)
		if err != nil {
			return err
		}
		if taken {
			return errs.Duplicate("预案编号 %s 已存在", p.Code)
		}
		p.Version, p.State, p.RootID = 1, PlanDraft, 0
		return e.Tx.Tx(ctx, func(ctx context.Context) error {
			if err := e.Plans.Create(ctx, p); err != nil {
				return err
			}
			p.RootID = p.ID
			return e.Plans.Update(ctx, p.ID, p, "root_id")
		})
	}
	if old.State != PlanDraft {
		return errs.BadRequest("预案「%s」%s,只有编制中的预案可以修改,请先修订生成新版本", old.Name, PlanStateNames[old.State])
	}
	if p.Code != old.Code {
		return errs.BadRequest("预案编号不能修改")
	}
	return e.Plans.Update(ctx, p.ID, p, "name", "plan_type", "content", "response_cards", "responsible_user_id", "update_user", "update_time")
}

// planFor loads a plan the caller may act on.
func (e *Emergency) planFor(ctx context.Context, planID int64, verb string) (*Plan, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	p, err := e.Plans.Get(ctx, planID)
	if err != nil {
		return nil, err
	}
	if !inScope(id, &p.Base, p.ResponsibleUserID) {
		return nil, outOfScope("应急预案", p.Name, verb)
	}
	return p, nil
}

// notFuture refuses a date after today, today taken in the date's own zone
// (the tenant's, as parsed): between 16:00 and 24:00 UTC the server's UTC
// day is still yesterday in China, and today's date was refused as future.
func (e *Emergency) notFuture(field string, t time.Time) error {
	if day(t).After(day(e.Now().In(t.Location()))) {
		return errs.BadRequest("%s不能晚于今天", field)
	}
	return nil
}

// ReviewPlan records the review of a draft (评审 needs reviewers).
func (e *Emergency) ReviewPlan(ctx context.Context, planID int64, way int32, reviewers, opinion string, date time.Time) error {
	p, err := e.planFor(ctx, planID, "评审")
	if err != nil {
		return err
	}
	if p.State != PlanDraft {
		return errs.BadRequest("预案「%s」%s,只有编制中的预案可以评审", p.Name, PlanStateNames[p.State])
	}
	if way != 1 && way != 2 {
		return errs.BadRequest("评审方式只能为 1 评审或 2 论证")
	}
	if way == 1 && strings.TrimSpace(reviewers) == "" {
		return errs.BadRequest("评审须填写评审专家 (与预案有利害关系的专家应当回避)")
	}
	if err := valid.Required("评审意见", opinion); err != nil {
		return err
	}
	if err := e.notFuture("评审日期", date); err != nil {
		return err
	}
	p.State, p.ReviewWay, p.Reviewers, p.ReviewOpinion, p.ReviewDate = PlanReviewed, way, strings.TrimSpace(reviewers), strings.TrimSpace(opinion), &date
	return e.Plans.Update(ctx, p.ID, p, "state", "review_way", "reviewers", "review_opinion", "review_date", "update_user", "update_time")
}

// PublishPlan publishes a reviewed plan on date: filing is due the rule's
// working days later, evaluation the rule's years later; the previously
// published version of the same plan is superseded.
func (e *Emergency) PublishPlan(ctx context.Context, planID int64, date time.Time, cal Calendar) error {
	p, err := e.planFor(ctx, planID, "发布")
	if err != nil {
		return err
	}
	if p.State != PlanReviewed {
		return errs.BadRequest("预案「%s」%s,须评审后才能发布", p.Name, PlanStateNames[p.State])
	}
	if err := e.notFuture("发布日期", date); err != nil {
		return err
	}
	if p.ReviewDate != nil && day(date).Before(day(*p.ReviewDate)) {
		return errs.BadRequest("发布日期不能早于评审日期")
	}
	rules, err := e.RuleSetOf(ctx)
	if err != nil {
		return err
	}
	filing := cal.AddWorkdays(date, rules.Get(RuleFilingWorkdays))
	eval := day(date).AddDate(int(rules.Get(RuleEvaluationYears)), 0, 0)
	return e.Tx.Tx(ctx, func(ctx context.Context) error {
		olds, err := e.Q.Versions(ctx, p.RootID)
		if err != nil {
			return err
		}
		for _, o := range olds {
			if o.ID != p.ID && o.State == PlanPublished {
				if _, err := e.Plans.UpdateFields(ctx, []int64{o.ID}, map[string]any{"state": PlanSuperseded}); err != nil {
					return err
				}
			}
		}
		d := day(date)
		p.State, p.PublishDate, p.FilingDue, p.EvaluationDue = PlanPublished, &d, &filing, &eval
		return e.Plans.Update(ctx, p.ID, p, "state", "publish_date", "filing_due", "evaluation_due", "update_user", "update_time")
	})
}

// FilePlan records the filing (备案) of a published plan.
func (e *Emergency) FilePlan(ctx context.Context, planID int64, date time.Time) error {
	p, err := e.planFor(ctx, planID, "备案")
	if err != nil {
		return err
	}
	if p.State != PlanPublished {
		return errs.BadRequest("预案「%s」%s,发布后才能备案", p.Name, PlanStateNames[p.State])
	}
	if p.FiledDate != nil {
		return errs.BadRequest("预案「%s」已备案", p.Name)
	}
	if err := e.notFuture("备案日期", date); err != nil {
		return err
	}
	if p.PublishDate != nil && day(date).Before(*p.PublishDate) {
		return errs.BadRequest("备案日期不能早于发布日期")
	}
	d := day(date)
	p.FiledDate = &d
	return e.Plans.Update(ctx, p.ID, p, "filed_date", "update_user", "update_time")
}

// RevisePlan starts the next version of a published plan as a draft (the
// published one stays in force until the new one is published).
func (e *Emergency) RevisePlan(ctx context.Context, planID int64, reason string) error {
	p, err := e.planFor(ctx, planID, "修订")
	if err != nil {
		return err
	}
	if p.State != PlanPublished {
		return errs.BadRequest("预案「%s」%s,只有已发布的预案可以修订", p.Name, PlanStateNames[p.State])
	}
	if err := valid.Required("修订原因", reason); err != nil {
		return err
	}
	return e.Tx.Tx(ctx, func(ctx context.Context) error {
		versions, err := e.Q.Versions(ctx, p.RootID)
		if err != nil {
			return err
		}
		var top int32
		for _, v := range versions {
			if v.State == PlanDraft || v.State == PlanReviewed {
				return errs.BadRequest("预案「%s」已有修订中的第 %d 版", p.Name, v.Version)
			}
			top = max(top, v.Version)
		}
		n := &Plan{RootID: p.RootID, Code: p.Code, Name: p.Name, PlanType: p.PlanType, Version: top + 1, State: PlanDraft,
			Content: p.Content, ResponseCards: p.ResponseCards, ResponsibleUserID: p.ResponsibleUserID, ReviseReason: strings.TrimSpace(reason)}
		return e.Plans.Create(ctx, n)
	})
}

// RemovePlans removes drafts in the caller's scope.
func (e *Emergency) RemovePlans(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	var plans []Plan
	if err := e.Q.ByIDs(ctx, &plans, ids); err != nil {
		return err
	}
	for i := range plans {
		p := &plans[i]
		if !inScope(id, &p.Base, p.ResponsibleUserID) {
			return outOfScope("应急预案", p.Name, "删除")
		}
		if p.State != PlanDraft {
			return errs.BadRequest("预案「%s」%s,只有编制中的预案可以删除", p.Name, PlanStateNames[p.State])
		}
	}
	return e.Plans.Remove(ctx, ids)
}

// ---- supplies ----

func validateSupply(s *Supply) error {
	if err := valid.Required("物资名称", s.Name); err != nil {
		return err
	}
	if s.Category < 0 || s.Category > 13 {
		return errs.BadRequest("应急装备类别应在 0 到 13 之间")
	}
	if s.Quantity < 0 || s.MinStock < 0 {
		return errs.BadRequest("数量和最低库存不能为负数")
	}
	if s.CheckCycleDays < 0 || s.CheckCycleDays > 3660 {
		return errs.BadRequest("检查周期应在 0 到 3660 天之间")
	}
	return nil
}

// SubmitSupply creates or updates a supply item in the caller's scope.
func (e *Emergency) SubmitSupply(ctx context.Context, s *Supply) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	s.Name = strings.TrimSpace(s.Name)
	if err := validateSupply(s); err != nil {
		return err
	}
	if s.ID == 0 {
		return e.Supplies.Create(ctx, s)
	}
	old, err := e.Supplies.Get(ctx, s.ID)
	if err != nil {
		return err
	}
	if !inScope(id, &old.Base, old.ResponsibleUserID) {
		return outOfScope("应急物资", old.Name, "修改")
	}
	return e.Supplies.Update(ctx, s.ID, s, "name", "category", "model", "warehouse", "quantity", "min_stock", "unit", "expiry_date",
		"check_cycle_days", "responsible_user_id", "remark", "update_user", "update_time")
}

// CheckSupply records a check: the date, the quantity found, scrapping.
func (e *Emergency) CheckSupply(ctx context.Context, supplyID int64, date time.Time, qty float64, scrapped bool) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	s, err := e.Supplies.Get(ctx, supplyID)
	if err != nil {
		return err
	}
	if !inScope(id, &s.Base, s.ResponsibleUserID) {
		return outOfScope("应急物资", s.Name, "检查")
	}
	if s.Scrapped {
		return errs.BadRequest("物资「%s」已报废", s.Name)
	}
	if err := e.notFuture("检查日期", date); err != nil {
		return err
	}
	if qty < 0 {
		return errs.BadRequest("数量不能为负数")
	}
	d := day(date)
	s.LastCheckDate, s.Quantity, s.Scrapped = &d, qty, scrapped
	return e.Supplies.Update(ctx, s.ID, s, "last_check_date", "quantity", "scrapped", "update_user", "update_time")
}

// RemoveSupplies removes items in the caller's scope.
func (e *Emergency) RemoveSupplies(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	var rows []Supply
	if err := e.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for i := range rows {
		if !inScope(id, &rows[i].Base, rows[i].ResponsibleUserID) {
			return outOfScope("应急物资", rows[i].Name, "删除")
		}
	}
	return e.Supplies.Remove(ctx, ids)
}

// ---- teams ----

// SubmitTeam creates or updates a team in the caller's scope.
func (e *Emergency) SubmitTeam(ctx context.Context, t *Team) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	t.Name = strings.TrimSpace(t.Name)
	if err := valid.Required("队伍名称", t.Name); err != nil {
		return err
	}
	if t.TeamType < 0 || t.TeamType > 3 {
		return errs.BadRequest("队伍类型只能为 1 专职、2 兼职或 3 志愿/协议")
	}
	taken, err := e.Teams.Exists(ctx, t.ID, "name = ?", t.Name)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("队伍 %s 已存在", t.Name)
	}
	if t.ID == 0 {
		return e.Teams.Create(ctx, t)
	}
	old, err := e.Teams.Get(ctx, t.ID)
	if err != nil {
		return err
	}
	if !inScope(id, &old.Base, old.ResponsibleUserID) {
		return outOfScope("应急队伍", old.Name, "修改")
	}
	return e.Teams.Update(ctx, t.ID, t, "name", "team_type", "leader_name", "phone", "responsible_user_id", "duty", "update_user", "update_time")
}

// teamFor loads a team the caller may change.
func (e *Emergency) teamFor(ctx context.Context, teamID int64, verb string) (*Team, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	t, err := e.Teams.Get(ctx, teamID)
	if err != nil {
		return nil, err
	}
	if !inScope(id, &t.Base, t.ResponsibleUserID) {
		return nil, outOfScope("应急队伍", t.Name, verb)
	}
	return t, nil
}

// RemoveTeams removes teams without members or drills.
func (e *Emergency) RemoveTeams(ctx context.Context, ids []int64) error {
	for _, tid := range ids {
		t, err := e.teamFor(ctx, tid, "删除")
		if err != nil {
			return err
		}
		used, err := e.Members.Exists(ctx, 0, "team_id = ?", tid)
		if err != nil {
			return err
		}
		if used {
			return errs.Rule("IN_USE", "队伍「%s」还有队员,请先移除队员", t.Name)
		}
	}
	return e.Teams.Remove(ctx, ids)
}

// SubmitMember adds or updates a member of a team the caller may change.
func (e *Emergency) SubmitMember(ctx context.Context, m *Member) error {
	m.Name = strings.TrimSpace(m.Name)
	if err := valid.Required("队员姓名", m.Name); err != nil {
		return err
	}
	if m.ID != 0 {
		old, err := e.Members.Get(ctx, m.ID)
		if err != nil {
			return err
		}
		if old.TeamID != m.TeamID {
			if _, err := e.teamFor(ctx, old.TeamID, "调整队员"); err != nil {
				return err
			}
		}
	}
	if _, err := e.teamFor(ctx, m.TeamID, "调整队员"); err != nil {
		return err
	}
	if m.UserID != 0 {
		id, err := ident.Caller(ctx)
		if err != nil {
			return err
		}
		names, err := e.Names.Names(ctx, id.TenantID, []int64{m.UserID})
		if err != nil {
			return err
		}
		if _, ok := names[m.UserID]; !ok {
			return errs.BadRequest("所选账号(%d)不存在或不属于本租户", m.UserID)
		}
	}
	if m.ID == 0 {
		return e.Members.Create(ctx, m)
	}
	return e.Members.Update(ctx, m.ID, m, "team_id", "name", "phone", "role", "skills", "user_id", "update_user", "update_time")
}

// RemoveMembers removes members of teams the caller may change.
func (e *Emergency) RemoveMembers(ctx context.Context, ids []int64) error {
	var rows []Member
	if err := e.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for _, m := range rows {
		if _, err := e.teamFor(ctx, m.TeamID, "调整队员"); err != nil {
			return err
		}
	}
	return e.Members.Remove(ctx, ids)
}

// ---- drills ----

func validateDrill(d *Drill) error {
	if err := valid.Required("演练名称", d.Name); err != nil {
		return err
	}
	if d.Way < 0 || d.Way > 4 {
		return errs.BadRequest("演练方式应在 0 到 4 之间")
	}
	if d.PlannedDate == nil {
		return errs.BadRequest("请填写计划演练日期")
	}
	return nil
}

// SubmitDrill plans a drill or edits one not yet started; its plan must be
// a published plan of the tenant, its team a team of the tenant.
func (e *Emergency) SubmitDrill(ctx context.Context, d *Drill) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	d.Name = strings.TrimSpace(d.Name)
	if err := validateDrill(d); err != nil {
		return err
	}
	if d.PlanID != 0 {
		p, err := e.Plans.Get(ctx, d.PlanID)
		if err != nil {
			return err
		}
		if p.State != PlanPublished {
			return errs.BadRequest("预案「%s」%s,只能针对已发布的预案组织演练", p.Name, PlanStateNames[p.State])
		}
	}
	if d.TeamID != 0 {
		if _, err := e.Teams.Get(ctx, d.TeamID); err != nil {
			return err
		}
	}
	if d.ID == 0 {
		d.State = DrillDefault
		return e.Drills.Create(ctx, d)
	}
	old, err := e.Drills.Get(ctx, d.ID)
	if err != nil {
		return err
	}
	if !inScope(id, &old.Base, old.ResponsibleUserID) {
		return outOfScope("应急演练", old.Name, "修改")
	}
	if old.State != DrillDefault {
		return errs.BadRequest("演练「%s」%s,只有未开始的演练可以修改", old.Name, DrillStateNames[old.State])
	}
	return e.Drills.Update(ctx, d.ID, d, "name", "plan_id", "way", "planned_date", "place", "scenario", "team_id", "participants",
		"responsible_user_id", "update_user", "update_time")
}

// DrillMove is a requested state change.
type DrillMove struct {
	Action              string
	ActualDate          *time.Time
	Record              string
	Participants        int32
	ReportedToAuthority bool
	Reason              string
}

// NextDrillState is the drill state machine: start 0 -> 1, complete 1 -> 2,
// reject 0 -> 3, void 0/1 -> 4.
func NextDrillState(from int32, action string) (int32, bool) {
	switch {
	case action == "start" && from == DrillDefault:
		return DrillRunning, true
	case action == "complete" && from == DrillRunning:
		return DrillComplete, true
	case action == "reject" && from == DrillDefault:
		return DrillRejected, true
	case action == "void" && (from == DrillDefault || from == DrillRunning):
		return DrillVoided, true
	}
	return from, false
}

var drillActions = map[string]string{"start": "开始", "complete": "完成", "reject": "驳回", "void": "作废"}

func (e *Emergency) drillFor(ctx context.Context, drillID int64, verb string) (*Drill, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	d, err := e.Drills.Get(ctx, drillID)
	if err != nil {
		return nil, err
	}
	if !inScope(id, &d.Base, d.ResponsibleUserID) {
		return nil, outOfScope("应急演练", d.Name, verb)
	}
	return d, nil
}

// MoveDrill applies a state change.
func (e *Emergency) MoveDrill(ctx context.Context, drillID int64, m DrillMove) error {
	verb, known := drillActions[m.Action]
	if !known {
		return errs.BadRequest("操作只能为 start、complete、reject 或 void")
	}
	d, err := e.drillFor(ctx, drillID, verb)
	if err != nil {
		return err
	}
	next, ok := NextDrillState(d.State, m.Action)
	if !ok {
		return errs.BadRequest("演练「%s」%s,不能%s", d.Name, DrillStateNames[d.State], verb)
	}
	cols := []string{"state", "update_user", "update_time"}
	switch m.Action {
	case "complete":
		if m.ActualDate == nil {
			return errs.BadRequest("请填写实际演练日期")
		}
		if err := e.notFuture("实际演练日期", *m.ActualDate); err != nil {
			return err
		}
		if err := valid.Required("演练记录", m.Record); err != nil {
			return err
		}
		ad := day(*m.ActualDate)
		d.ActualDate, d.Record, d.Participants, d.ReportedToAuthority = &ad, strings.TrimSpace(m.Record), m.Participants, m.ReportedToAuthority
		cols = append(cols, "actual_date", "record", "participants", "reported_to_authority")
	case "reject", "void":
		if err := valid.Required("原因", m.Reason); err != nil {
			return err
		}
		d.StateReason = strings.TrimSpace(m.Reason)
		cols = append(cols, "state_reason")
	}
	d.State = next
	return e.Drills.Update(ctx, d.ID, d, cols...)
}

// RectificationItems splits the rectification text into its items (one per
// non-empty line).
func RectificationItems(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

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
	Link         string `json:"link"`
}

// EvaluateDrill writes the evaluation of a completed drill; each
// rectification item raises a hidden danger (once per drill and item
// number, however often the evaluation is rewritten).
func (e *Emergency) EvaluateDrill(ctx context.Context, drillID int64, grade int32, evaluation, rectifications string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	d, err := e.drillFor(ctx, drillID, "评估")
	if err != nil {
		return err
	}
	if d.State != DrillComplete {
		return errs.BadRequest("演练「%s」%s,完成后才能评估", d.Name, DrillStateNames[d.State])
	}
	if grade < 1 || grade > 4 {
		return errs.BadRequest("评估等级只能为 1 优秀、2 良好、3 合格或 4 不合格")
	}
	if err := valid.Required("评估报告", evaluation); err != nil {
		return err
	}
	items := RectificationItems(rectifications)
	if grade == 4 && len(items) == 0 {
		return errs.BadRequest("评估不合格的演练须列出整改项")
	}
	if len(items) > 50 {
		return errs.BadRequest("整改项不能超过 50 条")
	}
	for _, it := range items {
		if err := tooLong("每条整改项", it, 200); err != nil {
			return err
		}
	}
	before := len(RectificationItems(d.Rectifications))
	d.EvaluationGrade, d.Evaluation, d.Rectifications = grade, strings.TrimSpace(evaluation), strings.Join(items, "\n")
	liable := d.ResponsibleUserID
	if liable == 0 {
		liable = id.UserID
	}
	return e.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := e.Drills.Update(ctx, d.ID, d, "evaluation_grade", "evaluation", "rectifications", "update_user", "update_time"); err != nil {
			return err
		}
		for i, it := range items {
			if i < before {
				continue // raised by an earlier evaluation (prevention dedups anyway)
			}
			ev := HazardRaised{Source: "emergency", SourceID: strconv.FormatInt(d.ID, 10) + "-" + strconv.Itoa(i+1), Title: "演练整改:" + truncate(it, 80),
				Description: "应急演练「" + d.Name + "」评估发现的问题:" + it, HazardType: 8, DangerSrc: 10, Location: d.Place,
				ReporterID: strconv.FormatInt(id.UserID, 10), LiableUserID: strconv.FormatInt(liable, 10), Link: "/emergency/drill?id=" + strconv.FormatInt(d.ID, 10)}
			if err := e.Events.Add(ctx, "emergency.hazard.raised", id.TenantID, ev); err != nil {
				return err
			}
		}
		return nil
	})
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}

// RemoveDrills removes drills not started, rejected or voided.
func (e *Emergency) RemoveDrills(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	var rows []Drill
	if err := e.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for i := range rows {
		d := &rows[i]
		if !inScope(id, &d.Base, d.ResponsibleUserID) {
			return outOfScope("应急演练", d.Name, "删除")
		}
		if d.State == DrillRunning || d.State == DrillComplete {
			return errs.BadRequest("演练「%s」%s,不能删除", d.Name, DrillStateNames[d.State])
		}
	}
	return e.Drills.Remove(ctx, ids)
}
