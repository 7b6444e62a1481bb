package biz

import (
	"context"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/ruletable"
	"anquan/kit/timefmt"
	"anquan/kit/valid"
)

// Object-level authorization of health. The button on each RPC says what
// kind of action a role may take; the record says whether this caller may
// take it on this one. Another tenant's record is never found.
//
//	entity         rule
//	岗位            edited and removed by whoever has its department (else its
//	               creator's) in scope, its creator or its responsible person
//	危害因素/检测     as their post; a published detection is not edited or removed
//	岗位安排         made and ended by whoever has the post in scope
//	体检记录         entered by a holder of the button; removed by whoever has
//	               its creator's department in scope or its creator
//	诊断任务         moved on by whoever has its examination in scope

// Events raised (desk turns them into messages).
const (
	SubjectContraindication = "health.exam.contraindication"
	SubjectSuspected        = "health.diagnosis.opened"
)

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Names looks up a user of the tenant (kit/people over blade-user).
type Names interface {
	Name(ctx context.Context, tenantID string, userID int64) (name string, found bool, err error)
}

// Queries are the reads the generic stores cannot express.
type Queries interface {
	Rules(ctx context.Context, code string) ([]Rule, error)
	ByIDs(ctx context.Context, dst any, ids []int64) error
	// Hazards of posts (all posts when postIDs is nil), at most limit.
	Hazards(ctx context.Context, postIDs []int64, limit int) ([]Hazard, error)
	// LastDetections: the latest detection day per hazard.
	LastDetections(ctx context.Context, hazardIDs []int64) (map[int64]time.Time, error)
	// Workers: current workers per post.
	Workers(ctx context.Context, postIDs []int64) (map[int64]int32, error)
	// Assignments of a user (userID 0: every current one), at most limit.
	Assignments(ctx context.Context, userID int64, currentOnly bool, limit int) ([]Assignment, error)
	Exams(ctx context.Context, userID int64) ([]Exam, error)
	// Left: ended assignments (of one user when userID > 0), newest end first, at most limit.
	Left(ctx context.Context, userID int64, limit int) ([]Assignment, error)
	// ExamsOfType: the examinations of the given types of users, per user.
	ExamsOfType(ctx context.Context, userIDs []int64, types []int32) (map[int64][]Exam, error)
	Diagnoses(ctx context.Context, userID int64) ([]Diagnosis, error)
	// MarkReassigned clears the reassignment flags of a user's examinations.
	MarkReassigned(ctx context.Context, userID int64) error
}

// Health is health's use cases.
type Health struct {
	Rules       paging.Store[Rule]
	Posts       paging.Store[Post]
	Hazards     paging.Store[Hazard]
	Detections  paging.Store[Detection]
	Assignments paging.Store[Assignment]
	Exams       paging.Store[Exam]
	Diagnoses   paging.Store[Diagnosis]
	Names       Names
	Q           Queries
	Tx          db.Transactor
	Events      Events
	Now         func() time.Time
}

func outOfScope(what, name, verb string) error {
	return errs.Forbidden("%s「%s」不在您的数据权限范围内,不能%s", what, name, verb)
}

// PostInScope: the post is the caller's to change.
func PostInScope(id *ident.Identity, p *Post) bool {
	dept := p.DeptID
	if dept == 0 {
		dept = p.CreateDept
	}
	return id.InScope(dept, p.CreateUser, p.ManagerUserID)
}

func (s *Health) postFor(ctx context.Context, postID int64, verb string) (*ident.Identity, *Post, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, nil, err
	}
	if postID <= 0 {
		return nil, nil, errs.BadRequest("请选择岗位")
	}
	p, err := s.Posts.Get(ctx, postID)
	if err != nil {
		return nil, nil, err
	}
	if !PostInScope(id, p) {
		return nil, nil, outOfScope("岗位", p.Name, verb)
	}
	return id, p, nil
}

// ---- rules ----

// RuleSetOf is the values in force of the caller's tenant.
func (s *Health) RuleSetOf(ctx context.Context) (RuleSet, error) {
	rows, err := s.Q.Rules(ctx, "")
	if err != nil {
		return nil, err
	}
	return ruletable.InForce[float64](rows), nil
}

// RuleView is a rule in force with its definition (Current nil: the default).
type RuleView = ruletable.View[float64, Rule]

// RuleList is every rule in force.
func (s *Health) RuleList(ctx context.Context) ([]RuleView, error) {
	return ruletable.List[float64](ctx, RuleDefs, s.Q.Rules)
}

// RuleHistory is every version of a rule, newest first.
func (s *Health) RuleHistory(ctx context.Context, code string) (RuleDef, []Rule, error) {
	return ruletable.History(ctx, RuleDefs, code, s.Q.Rules)
}

// SubmitRule writes a new version of a rule.
func (s *Health) SubmitRule(ctx context.Context, code string, value float64, source string) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	d, ok := RuleDefOf(code)
	if !ok {
		return errs.BadRequest("规则编码 %s 不存在", code)
	}
	if code == RuleUnitClass {
		if value != UnitSerious && value != UnitGeneral {
			return errs.BadRequest("职业病危害风险分类应为 1 (严重) 或 2 (一般)")
		}
	} else if d.Unit == "天" {
		if value < 0 || value > 365 || value != float64(int(value)) {
			return errs.BadRequest("%s应为 0 到 365 之间的整数天", d.Name)
		}
	} else if value < 1 || value > 120 || value != float64(int(value)) {
		return errs.BadRequest("%s应为 1 到 120 之间的整数月", d.Name)
	}
	if err := valid.Required("规则依据", source); err != nil {
		return err
	}
	store := ruletable.Store[float64]{Tx: s.Tx, Create: func(ctx context.Context, code string, value float64, source string, version int32) error {
		return s.Rules.Create(ctx, &Rule{Code: code, Value: value, Source: source, Version: version})
	}}
	_, err := ruletable.Submit[float64](ctx, store, func(ctx context.Context) ([]Rule, error) { return s.Q.Rules(ctx, code) },
		code, value, source, func(map[string]float64) error { return nil })
	return err
}

// ---- posts and factors ----

// SubmitPost adds or edits a post; the responsible person's name is read
// from blade-user.
func (s *Health) SubmitPost(ctx context.Context, p *Post) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	p.Name, p.Location, p.Note = strings.TrimSpace(p.Name), strings.TrimSpace(p.Location), strings.TrimSpace(p.Note)
	if err := valid.Required("岗位名称", p.Name); err != nil {
		return err
	}
	if p.ManagerUserID < 0 {
		return errs.BadRequest("请选择岗位负责人")
	}
	p.ManagerName = ""
	if p.ManagerUserID > 0 {
		name, found, err := s.Names.Name(ctx, id.TenantID, p.ManagerUserID)
		if err != nil {
			return err
		}
		if !found {
			return errs.BadRequest("所选岗位负责人不存在或不属于本租户")
		}
		p.ManagerName = name
	}
	dup, err := s.Posts.Exists(ctx, p.ID, "name = ?", p.Name)
	if err != nil {
		return err
	}
	if dup {
		return errs.Duplicate("岗位「%s」已存在", p.Name)
	}
	if p.ID != 0 {
		if _, _, err := s.postFor(ctx, p.ID, "修改"); err != nil {
			return err
		}
		return s.Posts.Update(ctx, p.ID, p, "name", "dept_id", "location", "manager_user_id", "manager_name", "note", "update_user", "update_time")
	}
	if p.DeptID == 0 {
		p.DeptID = id.DeptID()
	}
	return s.Posts.Create(ctx, p)
}

// RemovePosts removes posts without factors and without current workers.
func (s *Health) RemovePosts(ctx context.Context, ids []int64) error {
	for _, pid := range ids {
		_, p, err := s.postFor(ctx, pid, "删除")
		if err != nil {
			return err
		}
		has, err := s.Hazards.Exists(ctx, 0, "post_id = ?", pid)
		if err != nil {
			return err
		}
		n, err := s.Q.Workers(ctx, []int64{pid})
		if err != nil {
			return err
		}
		if has || n[pid] > 0 {
			return errs.BadRequest("岗位「%s」仍有危害因素或在岗人员,不能删除", p.Name)
		}
	}
	return s.Posts.Remove(ctx, ids)
}

// SubmitHazard adds or edits a factor of a post.
func (s *Health) SubmitHazard(ctx context.Context, h *Hazard) error {
	if h.ID != 0 {
		old, err := s.Hazards.Get(ctx, h.ID)
		if err != nil {
			return err
		}
		if old.PostID != h.PostID {
			return errs.BadRequest("危害因素不能改属其他岗位")
		}
	}
	if _, _, err := s.postFor(ctx, h.PostID, "维护危害因素"); err != nil {
		return err
	}
	h.FactorName, h.ExamRule = strings.TrimSpace(h.FactorName), strings.TrimSpace(h.ExamRule)
	if h.FactorClass < 1 || h.FactorClass > 6 {
		return errs.BadRequest("请选择危害因素类别 (1-6)")
	}
	if err := valid.Required("危害因素名称", h.FactorName); err != nil {
		return err
	}
	if h.HarmDegree < 1 || h.HarmDegree > 3 {
		return errs.BadRequest("请选择危害程度 (1 轻度 2 中度 3 重度)")
	}
	if h.ExamRule != "" && !IsExamRule(h.ExamRule) {
		return errs.BadRequest("体检周期规则 %s 不存在", h.ExamRule)
	}
	dup, err := s.Hazards.Exists(ctx, h.ID, "post_id = ? AND factor_name = ?", h.PostID, h.FactorName)
	if err != nil {
		return err
	}
	if dup {
		return errs.Duplicate("该岗位已有危害因素「%s」", h.FactorName)
	}
	if h.ID != 0 {
		return s.Hazards.Update(ctx, h.ID, h, "factor_class", "factor_name", "harm_degree", "exam_rule", "update_user", "update_time")
	}
	return s.Hazards.Create(ctx, h)
}

// RemoveHazards removes factors without detections.
func (s *Health) RemoveHazards(ctx context.Context, ids []int64) error {
	var rows []Hazard
	if err := s.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for _, h := range rows {
		if _, _, err := s.postFor(ctx, h.PostID, "删除危害因素"); err != nil {
			return err
		}
		has, err := s.Detections.Exists(ctx, 0, "hazard_id = ?", h.ID)
		if err != nil {
			return err
		}
		if has {
			return errs.BadRequest("危害因素「%s」已有检测记录,不能删除", h.FactorName)
		}
	}
	return s.Hazards.Remove(ctx, ids)
}

// HazardDue is a factor with its detection due date.
type HazardDue struct {
	Hazard
	LastDetected *time.Time
	NextDue      *time.Time
	Overdue      bool
	Months       int
}

// DuesOf computes the detection due date of each factor: the last detection
// day plus the interval of the unit's class; a factor never detected is due
// at once.
func (s *Health) DuesOf(ctx context.Context, hs []Hazard) ([]HazardDue, error) {
	rules, err := s.RuleSetOf(ctx)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(hs))
	for _, h := range hs {
		ids = append(ids, h.ID)
	}
	last, err := s.Q.LastDetections(ctx, ids)
	if err != nil {
		return nil, err
	}
	months, now := rules.DetectionMonths(), s.Now()
	out := make([]HazardDue, 0, len(hs))
	for _, h := range hs {
		d := HazardDue{Hazard: h, Months: months, Overdue: true}
		if l, ok := last[h.ID]; ok {
			due := DueAfter(l, months)
			d.LastDetected, d.NextDue, d.Overdue = &l, &due, Overdue(due, now)
		}
		out = append(out, d)
	}
	return out, nil
}

// DetectionDue is every factor (at most 1000) with its due date, overdue
// (never detected) first, then soonest.
func (s *Health) DetectionDue(ctx context.Context, overdueOnly bool) ([]HazardDue, error) {
	hs, err := s.Q.Hazards(ctx, nil, 1000)
	if err != nil {
		return nil, err
	}
	all, err := s.DuesOf(ctx, hs)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, d := range all {
		if !overdueOnly || d.Overdue {
			out = append(out, d)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].NextDue, out[j].NextDue
		if a == nil || b == nil {
			return a == nil && b != nil
		}
		return a.Before(*b)
	})
	return out, nil
}

// ---- detections ----

func (s *Health) hazardFor(ctx context.Context, hazardID int64, verb string) (*Hazard, *Post, error) {
	if hazardID <= 0 {
		return nil, nil, errs.BadRequest("请选择危害因素")
	}
	h, err := s.Hazards.Get(ctx, hazardID)
	if err != nil {
		return nil, nil, err
	}
	_, p, err := s.postFor(ctx, h.PostID, verb)
	return h, p, err
}

// SubmitDetection records or edits (until published) a detection.
func (s *Health) SubmitDetection(ctx context.Context, d *Detection) error {
	if d.ID != 0 {
		old, err := s.Detections.Get(ctx, d.ID)
		if err != nil {
			return err
		}
		if old.Published {
			return errs.BadRequest("检测结果已公示,不能修改")
		}
		if old.HazardID != d.HazardID {
			return errs.BadRequest("检测记录不能改属其他危害因素")
		}
	}
	if _, _, err := s.hazardFor(ctx, d.HazardID, "录入检测记录"); err != nil {
		return err
	}
	d.Agency, d.Measured = strings.TrimSpace(d.Agency), strings.TrimSpace(d.Measured)
	if err := valid.Required("检测机构", d.Agency); err != nil {
		return err
	}
	if d.Result != ResultConform && d.Result != ResultExceed {
		return errs.BadRequest("请选择检测结论 (1 符合 2 超标)")
	}
	if d.DetectedAt.IsZero() {
		return errs.BadRequest("请填写检测日期")
	}
	if Day(d.DetectedAt).After(Day(s.Now())) {
		return errs.BadRequest("检测日期不能晚于今天")
	}
	d.DetectedAt = Day(d.DetectedAt)
	if d.ID != 0 {
		return s.Detections.Update(ctx, d.ID, d, "detected_at", "agency", "measured", "result", "update_user", "update_time")
	}
	d.Published, d.PublishedAt = false, nil
	return s.Detections.Create(ctx, d)
}

// PublishDetection makes a result known to the workers (公示).
func (s *Health) PublishDetection(ctx context.Context, detectionID int64) error {
	d, err := s.Detections.Get(ctx, detectionID)
	if err != nil {
		return err
	}
	if _, _, err := s.hazardFor(ctx, d.HazardID, "公示检测结果"); err != nil {
		return err
	}
	if d.Published {
		return errs.BadRequest("检测结果已公示")
	}
	now := s.Now()
	d.Published, d.PublishedAt = true, &now
	return s.Detections.Update(ctx, d.ID, d, "published", "published_at", "update_user", "update_time")
}

// RemoveDetections removes unpublished detections.
func (s *Health) RemoveDetections(ctx context.Context, ids []int64) error {
	var rows []Detection
	if err := s.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for _, d := range rows {
		if _, _, err := s.hazardFor(ctx, d.HazardID, "删除检测记录"); err != nil {
			return err
		}
		if d.Published {
			return errs.BadRequest("检测结果已公示,不能删除")
		}
	}
	return s.Detections.Remove(ctx, ids)
}

// ---- assignments ----

// factorNames joins the factors' names.
func factorNames(hs []Hazard) string {
	names := make([]string, 0, len(hs))
	for _, h := range hs {
		names = append(names, h.FactorName)
	}
	return strings.Join(names, "、")
}

// Assign puts a worker on a hazard post. The gate: a post with hazard
// factors needs the worker's pre-employment examination, and its latest
// conclusion must not be a contraindication.
func (s *Health) Assign(ctx context.Context, a *Assignment) error {
	id, p, err := s.postFor(ctx, a.PostID, "安排人员")
	if err != nil {
		return err
	}
	if a.UserID <= 0 {
		return errs.BadRequest("请选择人员")
	}
	name, found, err := s.Names.Name(ctx, id.TenantID, a.UserID)
	if err != nil {
		return err
	}
	if !found {
		return errs.BadRequest("所选人员不存在或不属于本租户")
	}
	a.UserName = name
	if a.StartDate.IsZero() {
		a.StartDate = s.Now()
	}
	a.StartDate, a.EndDate = Day(a.StartDate), nil
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		dup, err := s.Assignments.Exists(ctx, 0, "user_id = ? AND post_id = ? AND end_date IS NULL", a.UserID, a.PostID)
		if err != nil {
			return err
		}
		if dup {
			return errs.BadRequest("%s 已在岗位「%s」", name, p.Name)
		}
		hs, err := s.Q.Hazards(ctx, []int64{p.ID}, 1000)
		if err != nil {
			return err
		}
		if len(hs) > 0 {
			exams, err := s.Q.Exams(ctx, a.UserID)
			if err != nil {
				return err
			}
			var pre *Exam
			for i := range exams { // newest first
				if exams[i].ExamType == ExamPre {
					pre = &exams[i]
					break
				}
			}
			if pre == nil {
				return errs.Rule("NO_PRE_EXAM", "%s 尚无上岗前职业健康检查记录,不能安排到接触职业病危害的岗位「%s」(危害因素: %s)。请先安排上岗前职业健康检查",
					name, p.Name, factorNames(hs))
			}
			if pre.Conclusion == ConclusionContraindication {
				return errs.Rule("CONTRAINDICATION", "%s 的上岗前职业健康检查 (%s) 结论为职业禁忌证,不能安排到接触职业病危害的岗位「%s」",
					name, timefmt.FormatDate(pre.ExamDate), p.Name)
			}
		}
		return s.Assignments.Create(ctx, a)
	})
}

// Leave ends an assignment; a worker left with no hazard post counts as
// reassigned (the contraindication flags are cleared).
func (s *Health) Leave(ctx context.Context, assignmentID int64, end *time.Time) error {
	a, err := s.Assignments.Get(ctx, assignmentID)
	if err != nil {
		return err
	}
	if _, _, err := s.postFor(ctx, a.PostID, "办理离岗"); err != nil {
		return err
	}
	if !a.Current() {
		return errs.BadRequest("%s 已于 %s 离岗", a.UserName, timefmt.FormatDate(*a.EndDate))
	}
	day := Day(s.Now())
	if end != nil {
		day = Day(*end)
	}
	if day.Before(a.StartDate) {
		return errs.BadRequest("离岗日期不能早于上岗日期 %s", timefmt.FormatDate(a.StartDate))
	}
	if day.After(Day(s.Now())) {
		return errs.BadRequest("离岗日期不能晚于今天")
	}
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		a.EndDate = &day
		if err := s.Assignments.Update(ctx, a.ID, a, "end_date", "update_user", "update_time"); err != nil {
			return err
		}
		cur, err := s.Q.Assignments(ctx, a.UserID, true, 1)
		if err != nil {
			return err
		}
		if len(cur) == 0 {
			return s.Q.MarkReassigned(ctx, a.UserID)
		}
		return nil
	})
}

// ---- examinations ----

// ExamInScope: the examination is the caller's to change.
func ExamInScope(id *ident.Identity, e *Exam) bool { return id.InScope(e.CreateDept, e.CreateUser) }

// SubmitExam records an examination (the worker's name from blade-user) and
// applies its gates in the same transaction: a contraindication of a worker
// on a hazard post flags reassignment and tells each post's responsible
// person (else the administrators); a suspected disease opens a diagnosis
// task.
func (s *Health) SubmitExam(ctx context.Context, e *Exam) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if e.ID != 0 {
		return errs.BadRequest("体检记录不能修改,请删除后重新录入")
	}
	if e.UserID <= 0 {
		return errs.BadRequest("请选择受检人员")
	}
	if e.ExamType < 1 || e.ExamType > 5 {
		return errs.BadRequest("请选择体检类型 (1-5)")
	}
	if e.Conclusion < 1 || e.Conclusion > 5 {
		return errs.BadRequest("请选择体检结论 (1-5)")
	}
	if e.ExamDate.IsZero() {
		return errs.BadRequest("请填写体检日期")
	}
	if Day(e.ExamDate).After(Day(s.Now())) {
		return errs.BadRequest("体检日期不能晚于今天")
	}
	e.Institution, e.FactorNames, e.ConclusionNote = strings.TrimSpace(e.Institution), strings.TrimSpace(e.FactorNames), strings.TrimSpace(e.ConclusionNote)
	if err := valid.Required("体检机构", e.Institution); err != nil {
		return err
	}
	name, found, err := s.Names.Name(ctx, id.TenantID, e.UserID)
	if err != nil {
		return err
	}
	if !found {
		return errs.BadRequest("所选人员不存在或不属于本租户")
	}
	e.UserName, e.ExamDate = name, Day(e.ExamDate)
	e.NeedsReassign, e.Reassigned, e.DiagnosisID = false, false, 0
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		cur, err := s.Q.Assignments(ctx, e.UserID, true, 1000)
		if err != nil {
			return err
		}
		if e.Conclusion == ConclusionContraindication && len(cur) > 0 {
			e.NeedsReassign = true
		}
		if err := s.Exams.Create(ctx, e); err != nil {
			return err
		}
		if e.NeedsReassign {
			if err := s.tellReassign(ctx, id.TenantID, e, cur); err != nil {
				return err
			}
		}
		if e.Conclusion != ConclusionSuspected {
			return nil
		}
		d := &Diagnosis{ExamID: e.ID, UserID: e.UserID, UserName: e.UserName, State: DiagPending}
		if err := s.Diagnoses.Create(ctx, d); err != nil {
			return err
		}
		e.DiagnosisID = d.ID
		if err := s.Exams.Update(ctx, e.ID, e, "diagnosis_id"); err != nil {
			return err
		}
		return s.Events.Add(ctx, SubjectSuspected, id.TenantID, map[string]any{
			"diagnosisId": strconv.FormatInt(d.ID, 10), "userName": e.UserName, "examDate": timefmt.FormatDate(e.ExamDate),
			"institution": e.Institution, "factorNames": e.FactorNames,
		})
	})
}

// tellReassign raises one event per post (its responsible person or the
// administrators hear of it).
func (s *Health) tellReassign(ctx context.Context, tenantID string, e *Exam, cur []Assignment) error {
	ids := make([]int64, 0, len(cur))
	for _, a := range cur {
		ids = append(ids, a.PostID)
	}
	var posts []Post
	if err := s.Q.ByIDs(ctx, &posts, ids); err != nil {
		return err
	}
	for _, p := range posts {
		data := map[string]any{"examId": strconv.FormatInt(e.ID, 10), "userName": e.UserName, "postName": p.Name,
			"examDate": timefmt.FormatDate(e.ExamDate), "note": e.ConclusionNote}
		if p.ManagerUserID > 0 {
			data["managerId"] = strconv.FormatInt(p.ManagerUserID, 10)
		}
		if err := s.Events.Add(ctx, SubjectContraindication, tenantID, data); err != nil {
			return err
		}
	}
	return nil
}

// RemoveExams removes examinations the caller has in scope, unless one
// opened a diagnosis or is the pre-employment examination of a worker still
// on a hazard post.
func (s *Health) RemoveExams(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	var rows []Exam
	if err := s.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for _, e := range rows {
		if !ExamInScope(id, &e) {
			return outOfScope("体检记录", e.UserName+" "+timefmt.FormatDate(e.ExamDate), "删除")
		}
		if e.DiagnosisID != 0 {
			return errs.BadRequest("%s %s 的体检已开启诊断任务,不能删除", e.UserName, timefmt.FormatDate(e.ExamDate))
		}
		if e.ExamType == ExamPre {
			cur, err := s.Q.Assignments(ctx, e.UserID, true, 1)
			if err != nil {
				return err
			}
			if len(cur) > 0 {
				return errs.BadRequest("%s 仍在接害岗位,其上岗前体检记录不能删除", e.UserName)
			}
		}
	}
	return s.Exams.Remove(ctx, ids)
}

// ExamDue is when a worker's next periodic examination is due, or (Leaving)
// that a worker who left a hazard post still needs the leaving examination.
type ExamDue struct {
	UserID    int64
	UserName  string
	PostNames string
	Last      *time.Time
	Months    int
	NextDue   *time.Time
	Overdue   bool
	// Leaving: the 离岗时 examination is missing; NextDue is the leaving day.
	Leaving bool
	LeftOn  *time.Time
}

// ExamDues computes the next periodic examination of every worker on a
// hazard post (or of one worker, userID > 0): the last 上岗前 or 在岗期间
// examination day plus the shortest interval of the factors of their current
// posts; none yet: due at once. Workers on no post now whose last post had
// hazard factors are listed too while their leaving examination is missing.
func (s *Health) ExamDues(ctx context.Context, userID int64, overdueOnly bool) ([]ExamDue, error) {
	rules, err := s.RuleSetOf(ctx)
	if err != nil {
		return nil, err
	}
	cur, err := s.Q.Assignments(ctx, userID, true, 10000)
	if err != nil {
		return nil, err
	}
	postIDs, userIDs := []int64{}, []int64{}
	byUser := map[int64][]Assignment{}
	for _, a := range cur {
		if _, ok := byUser[a.UserID]; !ok {
			userIDs = append(userIDs, a.UserID)
		}
		byUser[a.UserID] = append(byUser[a.UserID], a)
		postIDs = append(postIDs, a.PostID)
	}
	leavers, err := s.leavers(ctx, userID, byUser)
	if err != nil {
		return nil, err
	}
	for _, a := range leavers {
		postIDs = append(postIDs, a.PostID)
	}
	if len(postIDs) == 0 {
		return nil, nil
	}
	hs, err := s.Q.Hazards(ctx, postIDs, 10000)
	if err != nil {
		return nil, err
	}
	months := map[int64]int{} // post -> shortest interval
	for _, h := range hs {
		m := rules.ExamMonths(h.ExamRule)
		if old, ok := months[h.PostID]; !ok || m < old {
			months[h.PostID] = m
		}
	}
	var posts []Post
	if err := s.Q.ByIDs(ctx, &posts, postIDs); err != nil {
		return nil, err
	}
	names := map[int64]string{}
	for _, p := range posts {
		names[p.ID] = p.Name
	}
	withLeavers := slices.Clone(userIDs)
	for _, a := range leavers {
		withLeavers = append(withLeavers, a.UserID)
	}
	// One read serves both: the last 上岗前/在岗期间 day of everyone, and
	// the 在岗期间/离岗时 examinations that may cover a leaver.
	exams, err := s.Q.ExamsOfType(ctx, withLeavers, []int32{ExamPre, ExamPeriodic, ExamLeaving})
	if err != nil {
		return nil, err
	}
	last := lastPeriodic(exams)
	now := s.Now()
	var out []ExamDue
	for _, uid := range userIDs {
		d := ExamDue{UserID: uid, Overdue: true}
		var pn []string
		for _, a := range byUser[uid] {
			d.UserName = a.UserName
			pn = append(pn, names[a.PostID])
			if m, ok := months[a.PostID]; ok && (d.Months == 0 || m < d.Months) {
				d.Months = m
			}
		}
		d.PostNames = strings.Join(pn, "、")
		if d.Months == 0 {
			continue // posts without factors: no periodic examination
		}
		if l, ok := last[uid]; ok {
			due := DueAfter(l, d.Months)
			d.Last, d.NextDue, d.Overdue = &l, &due, Overdue(due, now)
		}
		if !overdueOnly || d.Overdue {
			out = append(out, d)
		}
	}
	for _, d := range leavingDues(rules, leavers, months, names, last, exams, now) {
		if !overdueOnly || d.Overdue {
			out = append(out, d)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].NextDue, out[j].NextDue
		if a == nil || b == nil {
			return a == nil && b != nil
		}
		return a.Before(*b)
	})
	return out, nil
}

// leavers: the latest ended assignment of each worker (or of one worker)
// who is on no post now; at most 10,000 assignments are read.
func (s *Health) leavers(ctx context.Context, userID int64, current map[int64][]Assignment) ([]Assignment, error) {
	ended, err := s.Q.Left(ctx, userID, 10000)
	if err != nil {
		return nil, err
	}
	seen := map[int64]bool{}
	var out []Assignment
	for _, a := range ended { // newest end first
		if _, on := current[a.UserID]; on || seen[a.UserID] {
			continue
		}
		seen[a.UserID] = true
		out = append(out, a)
	}
	return out, nil
}

// lastPeriodic: the latest 上岗前 or 在岗期间 examination day per user.
func lastPeriodic(exams map[int64][]Exam) map[int64]time.Time {
	out := map[int64]time.Time{}
	for uid, es := range exams {
		for _, e := range es {
			if (e.ExamType == ExamPre || e.ExamType == ExamPeriodic) && e.ExamDate.After(out[uid]) {
				out[uid] = e.ExamDate
			}
		}
	}
	return out
}

// leavingDues: the leavers whose post had hazard factors and who have no
// leaving examination (LeavingCovered); due on the leaving day.
func leavingDues(rules RuleSet, leavers []Assignment, months map[int64]int, names map[int64]string,
	last map[int64]time.Time, exams map[int64][]Exam, now time.Time) []ExamDue {
	window := int(rules.Get(RuleLeavingWindow))
	var out []ExamDue
	for _, a := range leavers {
		if _, exposed := months[a.PostID]; !exposed || LeavingCovered(*a.EndDate, window, exams[a.UserID]) {
			continue
		}
		left := Day(*a.EndDate)
		d := ExamDue{UserID: a.UserID, UserName: a.UserName, PostNames: names[a.PostID], Leaving: true, LeftOn: &left,
			NextDue: &left, Overdue: Overdue(left, now)}
		if l, ok := last[a.UserID]; ok {
			d.Last = &l
		}
		out = append(out, d)
	}
	return out
}

// ---- diagnoses ----

func (s *Health) diagnosisFor(ctx context.Context, diagID int64, verb string) (*Diagnosis, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	d, err := s.Diagnoses.Get(ctx, diagID)
	if err != nil {
		return nil, err
	}
	if !id.InScope(d.CreateDept, d.CreateUser) {
		return nil, outOfScope("诊断任务", d.UserName, verb)
	}
	return d, nil
}

// ArrangeDiagnosis: 待安排 -> 诊断中 at an institution.
func (s *Health) ArrangeDiagnosis(ctx context.Context, diagID int64, institution string) error {
	d, err := s.diagnosisFor(ctx, diagID, "安排诊断")
	if err != nil {
		return err
	}
	if d.State != DiagPending {
		return errs.BadRequest("%s 的诊断任务已%s,不能重复安排", d.UserName, DiagStateNames[d.State])
	}
	institution = strings.TrimSpace(institution)
	if err := valid.Required("诊断机构", institution); err != nil {
		return err
	}
	now := s.Now()
	d.State, d.Institution, d.ArrangedAt = DiagOngoing, institution, &now
	return s.Diagnoses.Update(ctx, d.ID, d, "state", "institution", "arranged_at", "update_user", "update_time")
}

// CompleteDiagnosis: 诊断中 -> 已完成 with the result.
func (s *Health) CompleteDiagnosis(ctx context.Context, diagID int64, result, category int32, note string) error {
	d, err := s.diagnosisFor(ctx, diagID, "完成诊断")
	if err != nil {
		return err
	}
	if d.State != DiagOngoing {
		return errs.BadRequest("%s 的诊断任务处于%s状态,须先安排诊断", d.UserName, DiagStateNames[d.State])
	}
	switch result {
	case DiagConfirmed:
		if category < 1 || category > 10 {
			return errs.BadRequest("确诊职业病须选择职业病分类 (1-10)")
		}
	case DiagExcluded:
		category = 0
	default:
		return errs.BadRequest("请选择诊断结论 (1 确诊职业病 2 排除)")
	}
	now := s.Now()
	d.State, d.Result, d.DiseaseCategory, d.Note, d.DoneAt = DiagDone, result, category, strings.TrimSpace(note), &now
	return s.Diagnoses.Update(ctx, d.ID, d, "state", "result", "disease_category", "note", "done_at", "update_user", "update_time")
}

// ---- the record ----

// Record is a worker's occupational health record.
type Record struct {
	UserID      int64
	UserName    string
	Assignments []Assignment
	PostNames   map[int64]string
	Hazards     []HazardDue
	Exams       []Exam
	Diagnoses   []Diagnosis
	Due         *ExamDue
}

// RecordOf gathers a worker's record: posts (with their factors),
// examinations, diagnoses and the next examination due.
func (s *Health) RecordOf(ctx context.Context, userID int64) (*Record, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	if userID <= 0 {
		return nil, errs.BadRequest("请选择人员")
	}
	name, found, err := s.Names.Name(ctx, id.TenantID, userID)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, errs.BadRequest("所选人员不存在或不属于本租户")
	}
	r := &Record{UserID: userID, UserName: name, PostNames: map[int64]string{}}
	if r.Assignments, err = s.Q.Assignments(ctx, userID, false, 1000); err != nil {
		return nil, err
	}
	var postIDs []int64
	for _, a := range r.Assignments {
		postIDs = append(postIDs, a.PostID)
	}
	var posts []Post
	if err := s.Q.ByIDs(ctx, &posts, postIDs); err != nil {
		return nil, err
	}
	for _, p := range posts {
		r.PostNames[p.ID] = p.Name
	}
	if len(postIDs) > 0 {
		hs, err := s.Q.Hazards(ctx, postIDs, 1000)
		if err != nil {
			return nil, err
		}
		if r.Hazards, err = s.DuesOf(ctx, hs); err != nil {
			return nil, err
		}
	}
	if r.Exams, err = s.Q.Exams(ctx, userID); err != nil {
		return nil, err
	}
	if r.Diagnoses, err = s.Q.Diagnoses(ctx, userID); err != nil {
		return nil, err
	}
	dues, err := s.ExamDues(ctx, userID, false)
	if err != nil {
		return nil, err
	}
	if len(dues) > 0 {
		r.Due = &dues[0]
	}
	return r, nil
}
