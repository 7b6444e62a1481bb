// Package data implements the education service's persistence with gorm
// (the generic repository of kit/crud plus the queries it cannot express)
// and its views of blade-system and blade-user.
package data

import (
	"context"
	"strconv"
	"time"

	"gorm.io/gorm"

	"anquan/education/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
)

// The list filters of each entity (each served by an index below).
var (
	categorySpec = crud.Spec{Name: "试题分类", Filters: paging.Fields{"id": "id", "name": "name"}, Order: "sort asc, id asc"}
	questionSpec = crud.Spec{Name: "试题", Filters: paging.Fields{"id": "id", "categoryId": "category_id", "type": "type", "difficulty": "difficulty", "content": "content"},
		Order: "create_time desc, id desc", ListOmit: []string{"analysis"}}
	paperSpec = crud.Spec{Name: "试卷", Filters: paging.Fields{"id": "id", "name": "name", "mode": "mode"}, Order: "create_time desc, id desc"}
	examSpec  = crud.Spec{Name: "考试", Filters: paging.Fields{"id": "id", "name": "name", "paperId": "paper_id", "startTime": "start_time", "endTime": "end_time"},
		Order: "start_time desc, id desc", ListOmit: []string{"user_ids"}}
	recordSpec = crud.Spec{Name: "考试记录", Filters: paging.Fields{"id": "id", "examId": "exam_id", "userId": "user_id", "userName": "user_name", "state": "state", "passed": "passed", "examName": "exam_name"},
		Order: "exam_start desc, id desc", ListOmit: []string{"items"}, CountTTL: 5 * time.Second, DeferredPage: true}
	certSpec = crud.Spec{Name: "培训合格证书", Filters: paging.Fields{"id": "id", "userId": "user_id", "examId": "exam_id", "certNo": "cert_no", "userName": "user_name"},
		Order: "issue_time desc, id desc"}
	courseSpec = crud.Spec{Name: "课程", Filters: paging.Fields{"id": "id", "name": "name", "category": "category", "kind": "kind"}, Order: "create_time desc, id desc"}
	studySpec  = crud.Spec{Name: "学习记录", Filters: paging.Fields{"id": "id", "courseId": "course_id", "userId": "user_id"}, Order: "update_time desc, id desc"}
	planSpec   = crud.Spec{Name: "培训计划", Filters: paging.Fields{"id": "id", "name": "name", "type": "type", "level": "level", "startDate": "start_date"}, Order: "start_date desc, id desc",
		ListOmit: []string{"user_ids"}}
	ruleSpec = crud.Spec{Name: "培训规则", Filters: paging.Fields{"code": "code"}, Order: "code asc, version desc"}
	// h-edu-matrix: the matrix is read whole (at most a few thousand cells); notices by their key.
	postCourseSpec = crud.Spec{Name: "培训矩阵", Filters: paging.Fields{"postId": "post_id", "courseId": "course_id"}, Order: "post_id asc, course_id asc"}
	noticeSpec     = crud.Spec{Name: "培训缺项提醒", Filters: paging.Fields{"userId": "user_id", "period": "period"}, Order: "id desc"}
)

// indexes: one per list filter within a tenant.
var indexes = []db.Index{
	{Name: "idx_edu_category_name", Table: "edu_category", Columns: "tenant_id, name"},
	{Name: "idx_edu_question_list", Table: "edu_question", Columns: "tenant_id, is_deleted, create_time"},
	{Name: "idx_edu_question_draw", Table: "edu_question", Columns: "tenant_id, type, category_id, is_deleted"},
	{Name: "idx_edu_question_category", Table: "edu_question", Columns: "tenant_id, category_id, is_deleted"},
	{Name: "idx_edu_question_difficulty", Table: "edu_question", Columns: "tenant_id, difficulty"},
	{Name: "idx_edu_paper_list", Table: "edu_paper", Columns: "tenant_id, is_deleted, create_time"},
	{Name: "idx_edu_paper_mode", Table: "edu_paper", Columns: "tenant_id, mode"},
	{Name: "idx_edu_exam_list", Table: "edu_exam", Columns: "tenant_id, is_deleted, start_time"},
	{Name: "idx_edu_exam_paper", Table: "edu_exam", Columns: "tenant_id, paper_id"},
	{Name: "idx_edu_exam_end", Table: "edu_exam", Columns: "tenant_id, end_time"},
	{Name: "idx_edu_record_list", Table: "edu_record", Columns: "tenant_id, is_deleted, exam_start"},
	{Name: "idx_edu_record_exam_user", Table: "edu_record", Columns: "tenant_id, exam_id, user_id, is_deleted, id"},
	{Name: "idx_edu_record_user", Table: "edu_record", Columns: "tenant_id, user_id, is_deleted, exam_start"},
	{Name: "idx_edu_record_state", Table: "edu_record", Columns: "tenant_id, state, passed"},
	{Name: "idx_edu_record_deadline", Table: "edu_record", Columns: "state, deadline"},
	{Name: "idx_edu_record_name", Table: "edu_record", Columns: "tenant_id, user_name"},
	{Name: "uk_edu_cert_no", Table: "edu_certificate", Columns: "tenant_id, cert_no", Unique: true},
	{Name: "uk_edu_cert_record", Table: "edu_certificate", Columns: "tenant_id, record_id", Unique: true},
	{Name: "idx_edu_cert_user", Table: "edu_certificate", Columns: "tenant_id, user_id, issue_time"},
	{Name: "idx_edu_cert_exam", Table: "edu_certificate", Columns: "tenant_id, exam_id"},
	{Name: "idx_edu_cert_list", Table: "edu_certificate", Columns: "tenant_id, is_deleted, issue_time"},
	{Name: "idx_edu_course_list", Table: "edu_course", Columns: "tenant_id, is_deleted, create_time"},
	{Name: "idx_edu_course_name", Table: "edu_course", Columns: "tenant_id, name"},
	{Name: "idx_edu_course_category", Table: "edu_course", Columns: "tenant_id, category"},
	{Name: "uk_edu_study_user_course", Table: "edu_study", Columns: "tenant_id, user_id, course_id", Unique: true},
	{Name: "idx_edu_study_course", Table: "edu_study", Columns: "tenant_id, course_id"},
	{Name: "idx_edu_study_beat", Table: "edu_study", Columns: "tenant_id, user_id, last_beat"},
	{Name: "idx_edu_plan_list", Table: "edu_plan", Columns: "tenant_id, is_deleted, start_date"},
	{Name: "idx_edu_plan_type", Table: "edu_plan", Columns: "tenant_id, type, level"},
	{Name: "idx_edu_plan_name", Table: "edu_plan", Columns: "tenant_id, name"},
	{Name: "idx_edu_rule_code", Table: "edu_rule", Columns: "tenant_id, code, version"},
	{Name: "uk_edu_study_year", Table: "edu_study_year", Columns: "tenant_id, user_id, course_id, year", Unique: true},
	{Name: "idx_edu_study_year_year", Table: "edu_study_year", Columns: "tenant_id, year, user_id"},
	// h-edu-matrix: a cell by post and course (the post filter); the sent marker's key.
	{Name: "idx_edu_post_course", Table: "edu_post_course", Columns: "tenant_id, post_id, course_id, is_deleted"},
	{Name: "idx_edu_post_course_course", Table: "edu_post_course", Columns: "tenant_id, course_id"},
	{Name: "uk_edu_remind_notice", Table: "edu_remind_notice", Columns: "tenant_id, user_id, kind, ref_id, period", Unique: true},
}

// Migrate creates or updates the tables and their indexes.
func Migrate(g *gorm.DB) error {
	g = g.WithContext(ident.AsSystem(context.Background()))
	if err := g.AutoMigrate(biz.Models()...); err != nil {
		return err
	}
	if err := outbox.Migrate(g); err != nil {
		return err
	}
	return db.EnsureIndexes(g, indexes)
}

// NewEducation makes the use cases' repositories and queries over g.
func NewEducation(g *gorm.DB) *biz.Education {
	e := &biz.Education{
		Categories:       crud.New[biz.Category](g, categorySpec),
		Questions:        crud.New[biz.Question](g, questionSpec),
		Papers:           crud.New[biz.Paper](g, paperSpec),
		Exams:            crud.New[biz.Exam](g, examSpec),
		Records:          crud.New[biz.Record](g, recordSpec),
		Certs:            crud.New[biz.Cert](g, certSpec),
		Courses:          crud.New[biz.Course](g, courseSpec),
		Studies:          crud.New[biz.Study](g, studySpec),
		TrainingRuleRows: crud.New[biz.TrainingRule](g, ruleSpec),
		Plans:            crud.New[biz.Plan](g, planSpec),
		PostCourses:      crud.New[biz.PostCourse](g, postCourseSpec),
		Notices:          crud.New[biz.RemindNotice](g, noticeSpec),
		Tx:               db.NewTransactor(g),
	}
	e.Q = Queries{DB: g}
	return e
}

// Queries implements biz.Queries.
type Queries struct{ DB *gorm.DB }

func (q Queries) Candidates(ctx context.Context, categoryID int64, typ int32) ([]int64, error) {
	var ids []int64
	tx := db.Conn(ctx, q.DB).Model(&biz.Question{}).Where("type = ?", typ)
	if categoryID > 0 {
		tx = tx.Where("category_id = ?", categoryID)
	}
	err := tx.Order("id").Limit(10000).Pluck("id", &ids).Error
	return ids, err
}

func (q Queries) Questions(ctx context.Context, ids []int64) ([]biz.Question, error) {
	var out []biz.Question
	if len(ids) == 0 {
		return out, nil
	}
	err := db.Conn(ctx, q.DB).Where("id IN ?", ids).Find(&out).Error
	return out, err
}

func (q Queries) CountByCategory(ctx context.Context, ids []int64) (map[int64]int32, error) {
	out := map[int64]int32{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		CategoryID int64
		N          int32
	}
	err := db.Conn(ctx, q.DB).Model(&biz.Question{}).Select("category_id, COUNT(*) AS n").Where("category_id IN ?", ids).Group("category_id").Scan(&rows).Error
	for _, r := range rows {
		out[r.CategoryID] = r.N
	}
	return out, err
}

func (q Queries) RecordsOf(ctx context.Context, examID int64) ([]biz.Record, error) {
	var out []biz.Record
	err := db.Conn(ctx, q.DB).Omit("items").Where("exam_id = ?", examID).Limit(biz.MaxAssigned + 1).Find(&out).Error
	return out, err
}

func (q Queries) LatestAttempt(ctx context.Context, examID, userID int64) (int32, error) {
	var n int32
	err := db.Conn(ctx, q.DB).Model(&biz.Record{}).Select("COALESCE(MAX(attempt), 0)").Where("exam_id = ? AND user_id = ?", examID, userID).Scan(&n).Error
	return n, err
}

func (q Queries) HandedIn(ctx context.Context, examID int64) ([]biz.Record, error) {
	var out []biz.Record
	err := db.Conn(ctx, q.DB).Where("exam_id = ? AND state IN ?", examID, []int32{biz.StateSubmitted, biz.StatePending}).
		Order("id").Limit(biz.MaxAssigned * 20).Find(&out).Error
	return out, err
}

func (q Queries) ExamCounts(ctx context.Context, ids []int64) (map[int64][2]int32, error) {
	out := map[int64][2]int32{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ExamID int64
		Passed bool
		N      int32
	}
	err := db.Conn(ctx, q.DB).Model(&biz.Record{}).Select("exam_id, passed, COUNT(*) AS n").
		Where("exam_id IN ? AND state IN ?", ids, []int32{biz.StateSubmitted, biz.StatePending}).Group("exam_id, passed").Scan(&rows).Error
	for _, r := range rows {
		c := out[r.ExamID]
		c[0] += r.N
		if r.Passed {
			c[1] += r.N
		}
		out[r.ExamID] = c
	}
	return out, err
}

func (q Queries) SetRecord(ctx context.Context, id int64, from int32, values map[string]any, itemsWas string) (bool, error) {
	tx := db.Conn(ctx, q.DB).Model(&biz.Record{}).Where("id = ? AND state = ?", id, from)
	if itemsWas != "" {
		tx = tx.Where("items = ?", itemsWas)
	}
	res := tx.Updates(values)
	return res.RowsAffected == 1, res.Error
}

func (q Queries) Expired(ctx context.Context, now time.Time, limit int) ([]biz.Record, error) {
	var out []biz.Record
	err := db.Conn(ctx, q.DB).Where("state = ? AND deadline <= ?", biz.StateInProgress, now).Order("deadline").Limit(limit).Find(&out).Error
	return out, err
}

func (q Queries) ExamsUsing(ctx context.Context, paperIDs []int64) (bool, error) {
	var n int64
	err := db.Conn(ctx, q.DB).Model(&biz.Exam{}).Where("paper_id IN ?", paperIDs).Limit(1).Count(&n).Error
	return n > 0, err
}

func (q Queries) CategoryUsed(ctx context.Context, ids []int64) (bool, error) {
	var n int64
	err := db.Conn(ctx, q.DB).Model(&biz.Question{}).Where("category_id IN ?", ids).Limit(1).Count(&n).Error
	return n > 0, err
}

// ExamTallies groups the tenant's passed, marked attempts by person on the state index:
// exams passed (each once, a retake's pass does not count twice) and passed with full marks.
func (q Queries) ExamTallies(ctx context.Context, userID int64) ([]biz.ExamTally, error) {
	var out []biz.ExamTally
	tx := db.Conn(ctx, q.DB).Model(&biz.Record{})
	if userID > 0 {
		tx = tx.Where("user_id = ?", userID)
	}
	err := tx.Select("user_id, COUNT(DISTINCT exam_id) AS passed, COUNT(DISTINCT CASE WHEN total_score > 0 AND score >= total_score THEN exam_id END) AS full").
		Where("state = ? AND passed = ?", biz.StateSubmitted, true).Group("user_id").Scan(&out).Error
	return out, err
}

// PassedRecords are a person's passed, marked attempts, newest first, on the user index.
func (q Queries) PassedRecords(ctx context.Context, userID int64, limit int) ([]biz.Record, error) {
	var out []biz.Record
	err := db.Conn(ctx, q.DB).Select("id, exam_id, exam_name, score, total_score, submitted_at").
		Where("user_id = ? AND state = ? AND passed = ?", userID, biz.StateSubmitted, true).
		Order("submitted_at desc, id desc").Limit(limit).Find(&out).Error
	return out, err
}

// TrainingRules are the tenant's stored training rule versions, on the code index.
func (q Queries) TrainingRules(ctx context.Context, code string) ([]biz.TrainingRule, error) {
	var out []biz.TrainingRule
	tx := db.Conn(ctx, q.DB)
	if code != "" {
		tx = tx.Where("code = ?", code)
	}
	err := tx.Order("code, version desc").Limit(10000).Find(&out).Error
	return out, err
}

func (q Queries) CoursesStudied(ctx context.Context, ids []int64) (bool, error) {
	var n int64
	err := db.Conn(ctx, q.DB).Model(&biz.Study{}).Where("course_id IN ?", ids).Limit(1).Count(&n).Error
	return n > 0, err
}

func (q Queries) StudiesOf(ctx context.Context, userID int64, courseIDs []int64) ([]biz.Study, error) {
	var out []biz.Study
	if len(courseIDs) == 0 {
		return out, nil
	}
	err := db.Conn(ctx, q.DB).Where("user_id = ? AND course_id IN ?", userID, courseIDs).Find(&out).Error
	return out, err
}

func (q Queries) PlayingElsewhere(ctx context.Context, userID, exceptID int64, since time.Time) (bool, error) {
	var n int64
	err := db.Conn(ctx, q.DB).Model(&biz.Study{}).Where("user_id = ? AND last_beat >= ? AND playing = ? AND id <> ?", userID, since, true, exceptID).
		Limit(1).Count(&n).Error
	return n > 0, err
}

func (q Queries) SetStudy(ctx context.Context, id int64, beatsWas int32, values map[string]any) (bool, error) {
	res := db.Conn(ctx, q.DB).Model(&biz.Study{}).Where("id = ? AND beats = ?", id, beatsWas).Updates(values)
	return res.RowsAffected == 1, res.Error
}

func (q Queries) AddStudyYear(ctx context.Context, userID, courseID int64, year int32, seconds float64) error {
	c := db.Conn(ctx, q.DB)
	res := c.Model(&biz.StudyYear{}).Where("user_id = ? AND course_id = ? AND year = ?", userID, courseID, year).
		Update("seconds", gorm.Expr("seconds + ?", seconds))
	if res.Error != nil || res.RowsAffected > 0 {
		return res.Error
	}
	return c.Create(&biz.StudyYear{UserID: userID, CourseID: courseID, Year: year, Seconds: seconds}).Error
}

func (q Queries) StudyYears(ctx context.Context, year int32, userIDs []int64) ([]biz.StudyYear, error) {
	var out []biz.StudyYear
	tx := db.Conn(ctx, q.DB).Where("year = ?", year)
	if userIDs != nil {
		if len(userIDs) == 0 {
			return out, nil
		}
		tx = tx.Where("user_id IN ?", userIDs)
	}
	err := tx.Order("user_id, course_id").Limit(100000).Find(&out).Error
	return out, err
}

func (q Queries) CourseHours(ctx context.Context, ids []int64) (map[int64]float64, error) {
	out := map[int64]float64{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []biz.Course
	if err := db.Conn(ctx, q.DB).Select("id, hours").Where("id IN ?", ids).Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, c := range rows {
		out[c.ID] = c.Hours
	}
	return out, nil
}

func (q Queries) UserStudyYears(ctx context.Context, userID int64) ([]biz.StudyYear, error) {
	var out []biz.StudyYear
	err := db.Conn(ctx, q.DB).Where("user_id = ?", userID).Order("year desc, course_id").Limit(1000).Find(&out).Error
	return out, err
}

func (q Queries) UserStudies(ctx context.Context, userID int64) ([]biz.Study, error) {
	var out []biz.Study
	err := db.Conn(ctx, q.DB).Where("user_id = ?", userID).Order("update_time desc, id desc").Limit(1000).Find(&out).Error
	return out, err
}

func (q Queries) UserPlans(ctx context.Context, userID int64) ([]biz.Plan, error) {
	var out []biz.Plan
	err := db.Conn(ctx, q.DB).Scopes(q.NamesUser(userID)).Omit("user_ids", "user_names").Order("start_date desc, id desc").Limit(1000).Find(&out).Error
	return out, err
}

func (q Queries) UserRecords(ctx context.Context, userID int64) ([]biz.Record, error) {
	var out []biz.Record
	err := db.Conn(ctx, q.DB).Where("user_id = ?", userID).Omit("items").Order("exam_start desc, id desc").Limit(1000).Find(&out).Error
	return out, err
}

func (q Queries) UserCerts(ctx context.Context, userID int64) ([]biz.Cert, error) {
	var out []biz.Cert
	err := db.Conn(ctx, q.DB).Where("user_id = ?", userID).Order("issue_time desc, id desc").Limit(1000).Find(&out).Error
	return out, err
}

func (q Queries) EntrantsIn(ctx context.Context, from, to time.Time) (map[int64]bool, error) {
	var lists []string
	err := db.Conn(ctx, q.DB).Model(&biz.Plan{}).Where("type = ? AND start_date >= ? AND start_date < ?", biz.PlanEntry, from, to).
		Limit(10000).Pluck("user_ids", &lists).Error
	out := map[int64]bool{}
	for _, l := range lists {
		ids, _ := ident.ParseIDs(l)
		for _, id := range ids {
			out[id] = true
		}
	}
	return out, err
}

func (q Queries) AllCourses(ctx context.Context, limit int) ([]biz.Course, error) {
	var out []biz.Course
	err := db.Conn(ctx, q.DB).Select("id, name, hours").Order("create_time, id").Limit(limit).Find(&out).Error
	return out, err
}

func (q Queries) PostCourses(ctx context.Context, limit int) ([]biz.PostCourse, error) {
	var out []biz.PostCourse
	err := db.Conn(ctx, q.DB).Order("post_id, course_id, id").Limit(limit).Find(&out).Error
	return out, err
}

// StudiesOfUsers reads the studies in batches of people (the unique user-course index).
func (q Queries) StudiesOfUsers(ctx context.Context, userIDs, courseIDs []int64) ([]biz.Study, error) {
	var out []biz.Study
	if len(courseIDs) == 0 {
		return out, nil
	}
	for from := 0; from < len(userIDs); from += 500 {
		var part []biz.Study
		err := db.Conn(ctx, q.DB).Select("id, user_id, course_id, credited, completed, completed_at").
			Where("user_id IN ? AND course_id IN ?", userIDs[from:min(from+500, len(userIDs))], courseIDs).Find(&part).Error
		if err != nil {
			return nil, err
		}
		out = append(out, part...)
	}
	return out, nil
}

// CourseTenants are the tenants with a course (the reminder job's round; ctx is the system's).
func (q Queries) CourseTenants(ctx context.Context) ([]string, error) {
	var out []string
	err := db.Conn(ctx, q.DB).Model(&biz.Course{}).Distinct("tenant_id").Order("tenant_id").Limit(100000).Pluck("tenant_id", &out).Error
	return out, err
}

func (q Queries) StopPlaying(ctx context.Context, userID int64) error {
	return db.Conn(ctx, q.DB).Model(&biz.Study{}).Where("user_id = ? AND playing = ?", userID, true).Update("playing", false).Error
}

// NamesUser: the plans whose people (a comma list) hold the id.
func (q Queries) NamesUser(userID int64) func(*gorm.DB) *gorm.DB {
	id := strconv.FormatInt(userID, 10)
	return func(tx *gorm.DB) *gorm.DB {
		return tx.Where("(user_ids = ? OR user_ids LIKE ? OR user_ids LIKE ? OR user_ids LIKE ?)", id, id+",%", "%,"+id, "%,"+id+",%")
	}
}
