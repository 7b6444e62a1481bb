package biz

import (
	"context"
	"maps"
	"slices"
	"strings"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	"anquan/kit/valid"
)

// MaxAssigned bounds the people of one exam; MaxAttempts the attempts of one person.
const (
	MaxAssigned = 500
	MaxAttempts = 10
)

// ExamPage lists exams with their submitted and passed counts.
func (e *Education) ExamPage(ctx context.Context, q paging.Query) (*paging.Page[Exam], map[int64][2]int32, error) {
	p, err := e.Exams.Page(ctx, q)
	if err != nil {
		return nil, nil, err
	}
	ids := make([]int64, 0, len(p.Records))
	for _, x := range p.Records {
		ids = append(ids, x.ID)
	}
	n, err := e.Q.ExamCounts(ctx, ids)
	return p, n, err
}

// ExamCounts answers one exam's counts.
func (e *Education) ExamCounts(ctx context.Context, id int64) ([2]int32, error) {
	n, err := e.Q.ExamCounts(ctx, []int64{id})
	return n[id], err
}

// SaveExam creates an exam with one attempt per assigned person, or edits
// it: the paper only while nobody started; people added get an attempt,
// people removed lose theirs unless they started it.
func (e *Education) SaveExam(ctx context.Context, in *Exam) (*Exam, error) {
	var err error
	if in.Name, err = valid.Text("考试名称", in.Name, 200); err != nil {
		return nil, err
	}
	if in.Remark, err = valid.Optional("备注", in.Remark, 500); err != nil {
		return nil, err
	}
	if in.StartTime.IsZero() || in.EndTime.IsZero() {
		return nil, errs.BadRequest("请填写考试开始和结束时间")
	}
	if !in.EndTime.After(in.StartTime) {
		return nil, errs.BadRequest("考试结束时间应晚于开始时间")
	}
	if in.EndTime.Before(e.Now()) {
		return nil, errs.BadRequest("考试结束时间已过")
	}
	if in.MaxAttempts == 0 {
		in.MaxAttempts = 1
	}
	if in.MaxAttempts < 1 || in.MaxAttempts > MaxAttempts {
		return nil, errs.BadRequest("考试次数应在 1 到 %d 之间", MaxAttempts)
	}
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	ids, names, err := e.roster(ctx, me.TenantID, in, "考试")
	if err != nil {
		return nil, err
	}
	list := make([]string, len(ids))
	for i, uid := range ids {
		list[i] = names[uid]
	}
	in.UserIDs, in.UserNames = ident.JoinIDs(ids), strings.Join(list, ",")
	paper, err := e.Papers.Get(ctx, in.PaperID)
	if err != nil {
		if errs.IsNotFound(err) {
			return nil, errs.BadRequest("试卷不存在")
		}
		return nil, err
	}
	in.PaperName, in.TotalScore, in.PassScore, in.Duration = paper.Name, paper.TotalScore, paper.PassScore, paper.Duration

	var old *Exam
	if in.ID > 0 {
		if old, err = e.Exams.Get(ctx, in.ID); err != nil {
			return nil, err
		}
		if err := e.mayWrite(ctx, old.CreateUser, "考试"); err != nil {
			return nil, err
		}
	}
	err = e.Tx.Tx(ctx, func(ctx context.Context) error {
		if old == nil {
			if err := e.Exams.Create(ctx, in); err != nil {
				return err
			}
			for _, id := range ids {
				if err := e.Records.Create(ctx, e.attempt(in, id, names[id])); err != nil {
					return err
				}
			}
			return nil
		}
		recs, err := e.Q.RecordsOf(ctx, old.ID)
		if err != nil {
			return err
		}
		started := false
		have := map[int64]bool{}
		for _, r := range recs {
			have[r.UserID] = true
			if r.State != StateNotStarted {
				started = true
				if !slices.Contains(ids, r.UserID) {
					return errs.Rule("STARTED", "%s 已参加考试,不能移出", r.UserName)
				}
			}
		}
		if started && (old.PaperID != in.PaperID || !old.StartTime.Equal(in.StartTime)) {
			return errs.Rule("STARTED", "已有人员开始考试,不能更换试卷或开始时间")
		}
		var drop []int64
		for _, r := range recs {
			if !slices.Contains(ids, r.UserID) {
				drop = append(drop, r.ID)
			}
		}
		if len(drop) > 0 {
			if err := e.Records.Remove(ctx, drop); err != nil {
				return err
			}
		}
		// Attempts not started follow the exam's paper and window.
		if err := e.Records.Conn(ctx).Where("exam_id = ? AND state = ?", old.ID, StateNotStarted).Updates(map[string]any{
			"exam_name": in.Name, "total_score": in.TotalScore, "pass_score": in.PassScore, "duration": in.Duration,
			"exam_start": in.StartTime, "exam_end": in.EndTime, "max_attempts": in.MaxAttempts,
		}).Error; err != nil {
			return err
		}
		for _, id := range ids {
			if !have[id] {
				if err := e.Records.Create(ctx, e.attempt(in, id, names[id])); err != nil {
					return err
				}
			}
		}
		return e.Exams.Update(ctx, old.ID, in, "name", "paper_id", "paper_name", "start_time", "end_time", "user_ids", "user_names", "dept_ids", "role_ids",
			"total_score", "pass_score", "duration", "remark", "shuffle_questions", "shuffle_options", "max_attempts")
	})
	if err != nil {
		return nil, err
	}
	e.Records.Changed()
	return e.Exams.Get(ctx, in.ID)
}

func (e *Education) attempt(x *Exam, userID int64, name string) *Record {
	return &Record{ExamID: x.ID, ExamName: x.Name, UserID: userID, UserName: name, State: StateNotStarted,
		TotalScore: x.TotalScore, PassScore: x.PassScore, Duration: x.Duration, ExamStart: x.StartTime, ExamEnd: x.EndTime, Items: "[]",
		Attempt: 1, MaxAttempts: x.MaxAttempts}
}

// RemoveExams deletes exams nobody has started.
func (e *Education) RemoveExams(ctx context.Context, ids []int64) error {
	for _, id := range ids {
		x, err := e.Exams.Get(ctx, id)
		if err != nil {
			return err
		}
		if err := e.mayWrite(ctx, x.CreateUser, "考试"); err != nil {
			return err
		}
		recs, err := e.Q.RecordsOf(ctx, id)
		if err != nil {
			return err
		}
		for _, r := range recs {
			if r.State == StateInProgress || r.State == StateSubmitted || r.State == StatePending {
				return errs.Rule("STARTED", "考试「%s」已有人员参加,不能删除", x.Name)
			}
		}
	}
	return e.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := e.Records.Conn(ctx).Where("exam_id IN ?", ids).Update("is_deleted", 1).Error; err != nil {
			return err
		}
		e.Records.Changed()
		return e.Exams.Remove(ctx, ids)
	})
}

func distinct(ids []int64) []int64 {
	seen := map[int64]bool{}
	out := ids[:0:0]
	for _, id := range ids {
		if id > 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// ParseTime reads a Blade time (empty = zero).
func ParseTime(s, what string) (time.Time, error) {
	if strings.TrimSpace(s) == "" {
		return time.Time{}, nil
	}
	t, ok := timefmt.Parse(s)
	if !ok {
		return time.Time{}, errs.BadRequest("%s格式应为 yyyy-MM-dd HH:mm:ss", what)
	}
	return t, nil
}

// CanRetake says why a result may not be retaken ("" when it may): only a
// marked failed result, the latest of the person's attempts, with attempts
// left, while the exam is open.
func CanRetake(r *Record, latest int32, now time.Time) string {
	switch {
	case r.State != StateSubmitted:
		return "只有已阅完的考试可以重考"
	case r.Passed:
		return "考试已合格,无需重考"
	case r.Attempt < latest:
		return "请在最近一次考试上重考"
	case r.Attempt >= r.MaxAttempts:
		return "考试次数已用完"
	case !now.Before(r.ExamEnd):
		return "考试已结束,不能重考"
	}
	return ""
}

// Retake gives the caller a new attempt of a failed exam.
func (e *Education) Retake(ctx context.Context, id int64) (*Record, error) {
	r, err := e.own(ctx, id)
	if err != nil {
		return nil, err
	}
	latest, err := e.Q.LatestAttempt(ctx, r.ExamID, r.UserID)
	if err != nil {
		return nil, err
	}
	if why := CanRetake(r, latest, e.Now()); why != "" {
		return nil, errs.Rule("NO_RETAKE", "%s", why)
	}
	n := &Record{ExamID: r.ExamID, ExamName: r.ExamName, UserID: r.UserID, UserName: r.UserName, State: StateNotStarted,
		TotalScore: r.TotalScore, PassScore: r.PassScore, Duration: r.Duration, ExamStart: r.ExamStart, ExamEnd: r.ExamEnd, Items: "[]",
		Attempt: latest + 1, MaxAttempts: r.MaxAttempts}
	if err := e.Records.Create(ctx, n); err != nil {
		return nil, err
	}
	return n, nil
}

// MaxGroups bounds the departments and the roles an exam names.
const MaxGroups = 50

// roster is the exam's candidates with their names: the named people (each must exist), the active
// people of the named departments and roles, and the workers with a login account of the named
// contractor companies, each once, named people first; 1 to
// MaxAssigned in all. DeptIDs and RoleIDs are normalised in place.
func (e *Education) roster(ctx context.Context, tenant string, in *Exam, what string) ([]int64, map[int64]string, error) {
	ids, good := ident.ParseIDs(in.UserIDs)
	depts, goodD := ident.ParseIDs(in.DeptIDs)
	roles, goodR := ident.ParseIDs(in.RoleIDs)
	companies, goodC := ident.ParseIDs(in.CompanyIDs)
	if !good || !goodD || !goodR || !goodC {
		return nil, nil, errs.BadRequest("%s人员格式错误", what)
	}
	ids, depts, roles, companies = distinct(ids), distinct(depts), distinct(roles), distinct(companies)
	if len(depts) > MaxGroups || len(roles) > MaxGroups || len(companies) > MaxGroups {
		return nil, nil, errs.BadRequest("%s部门、角色、承包商单位各最多选择 %d 个", what, MaxGroups)
	}
	if len(ids) == 0 && len(depts) == 0 && len(roles) == 0 && len(companies) == 0 {
		return nil, nil, errs.BadRequest("请选择%s人员、部门或角色", what)
	}
	if len(ids) > MaxAssigned {
		return nil, nil, errs.BadRequest("一场%s最多 %d 人", what, MaxAssigned)
	}
	in.DeptIDs, in.RoleIDs, in.CompanyIDs = ident.JoinIDs(depts), ident.JoinIDs(roles), ident.JoinIDs(companies)
	names, err := e.People.Names(ctx, tenant, ids)
	if err != nil {
		return nil, nil, err
	}
	for _, uid := range ids {
		if names[uid] == "" {
			return nil, nil, errs.BadRequest("%s人员不存在(id %d)", what, uid)
		}
	}
	members := map[int64]string{}
	if len(depts) > 0 || len(roles) > 0 {
		if members, err = e.People.Members(ctx, tenant, depts, roles); err != nil {
			return nil, nil, err
		}
	}
	for _, c := range companies {
		if e.Contractors == nil {
			return nil, nil, errs.BadRequest("未接入承包商服务,不能按承包商单位安排%s", what)
		}
		workers, err := e.Contractors.Workers(ctx, c)
		if err != nil {
			return nil, nil, err
		}
		if len(workers) == 0 {
			return nil, nil, errs.BadRequest("所选承包商单位(id %d)没有有登录账号的人员", c)
		}
		maps.Copy(members, workers)
	}
	extra := make([]int64, 0, len(members))
	for uid := range members {
		if names[uid] == "" {
			extra = append(extra, uid)
		}
	}
	slices.Sort(extra)
	for _, uid := range extra {
		ids, names[uid] = append(ids, uid), members[uid]
	}
	if len(ids) == 0 {
		return nil, nil, errs.BadRequest("所选部门、角色下没有人员")
	}
	if len(ids) > MaxAssigned {
		return nil, nil, errs.BadRequest("一场%s最多 %d 人,所选部门、角色、承包商单位共 %d 人", what, MaxAssigned, len(ids))
	}
	return ids, names, nil
}
