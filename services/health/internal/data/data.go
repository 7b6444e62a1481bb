// Package data implements health's persistence with gorm: the generic
// repositories of kit/crud and the queries they cannot express.
package data

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/health/internal/biz"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/outbox"
	"anquan/kit/paging"
)

var (
	ruleSpec   = crud.Spec{Name: "职业健康规则", Filters: paging.Fields{"code": "code"}, Order: "code asc, version desc"}
	postSpec   = crud.Spec{Name: "接害岗位", Filters: paging.Fields{"id": "id", "name": "name", "deptId": "dept_id"}, Sorts: paging.Fields{"name": "name", "createTime": "create_time"}, Order: "create_time desc, id desc"}
	hazardSpec = crud.Spec{Name: "危害因素",
		Filters: paging.Fields{"id": "id", "postId": "post_id", "factorClass": "factor_class", "factorName": "factor_name", "harmDegree": "harm_degree"},
		Order:   "post_id asc, id asc"}
	detectionSpec = crud.Spec{Name: "检测记录",
		Filters: paging.Fields{"id": "id", "hazardId": "hazard_id", "result": "result", "published": "published", "detectedAt": "detected_at"},
		Sorts:   paging.Fields{"detectedAt": "detected_at"}, Order: "detected_at desc, id desc", CountTTL: 5 * time.Second, DeferredPage: true}
	assignmentSpec = crud.Spec{Name: "岗位安排",
		Filters: paging.Fields{"id": "id", "userId": "user_id", "userName": "user_name", "postId": "post_id", "startDate": "start_date"},
		Order:   "start_date desc, id desc", CountTTL: 5 * time.Second, DeferredPage: true}
	examSpec = crud.Spec{Name: "职业健康检查",
		Filters: paging.Fields{"id": "id", "userId": "user_id", "userName": "user_name", "examType": "exam_type", "conclusion": "conclusion",
			"examDate": "exam_date", "needsReassign": "needs_reassign"},
		Sorts: paging.Fields{"examDate": "exam_date"}, Order: "exam_date desc, id desc", CountTTL: 5 * time.Second, DeferredPage: true}
	diagnosisSpec = crud.Spec{Name: "诊断任务",
		Filters: paging.Fields{"id": "id", "userId": "user_id", "userName": "user_name", "state": "state", "examId": "exam_id"},
		Order:   "create_time desc, id desc", CountTTL: 5 * time.Second, DeferredPage: true}
)

// NewRules ... are the generic repositories.
func NewRules(g *gorm.DB) *crud.Repo[biz.Rule]     { return crud.New[biz.Rule](g, ruleSpec) }
func NewPosts(g *gorm.DB) *crud.Repo[biz.Post]     { return crud.New[biz.Post](g, postSpec) }
func NewHazards(g *gorm.DB) *crud.Repo[biz.Hazard] { return crud.New[biz.Hazard](g, hazardSpec) }
func NewDetections(g *gorm.DB) *crud.Repo[biz.Detection] {
	return crud.New[biz.Detection](g, detectionSpec)
}
func NewAssignments(g *gorm.DB) *crud.Repo[biz.Assignment] {
	return crud.New[biz.Assignment](g, assignmentSpec)
}
func NewExams(g *gorm.DB) *crud.Repo[biz.Exam] { return crud.New[biz.Exam](g, examSpec) }
func NewDiagnoses(g *gorm.DB) *crud.Repo[biz.Diagnosis] {
	return crud.New[biz.Diagnosis](g, diagnosisSpec)
}

var indexes = []db.Index{
	{Name: "uk_hlt_rule_version", Table: "health_rule", Columns: "tenant_id, code, version", Unique: true},
	{Name: "idx_hlt_post_created", Table: "health_post", Columns: "tenant_id, create_time"},
	{Name: "idx_hlt_post_name", Table: "health_post", Columns: "tenant_id, name"},
	{Name: "idx_hlt_post_dept", Table: "health_post", Columns: "tenant_id, dept_id"},
	{Name: "idx_hlt_hazard_post", Table: "health_hazard", Columns: "tenant_id, post_id"},
	{Name: "idx_hlt_hazard_class", Table: "health_hazard", Columns: "tenant_id, factor_class"},
	{Name: "idx_hlt_hazard_name", Table: "health_hazard", Columns: "tenant_id, factor_name"},
	{Name: "idx_hlt_hazard_degree", Table: "health_hazard", Columns: "tenant_id, harm_degree"},
	{Name: "idx_hlt_detect_hazard", Table: "health_detection", Columns: "tenant_id, hazard_id, detected_at"},
	{Name: "idx_hlt_detect_date", Table: "health_detection", Columns: "tenant_id, detected_at"},
	{Name: "idx_hlt_detect_result", Table: "health_detection", Columns: "tenant_id, result"},
	{Name: "idx_hlt_detect_published", Table: "health_detection", Columns: "tenant_id, published"},
	{Name: "idx_hlt_assign_user", Table: "health_assignment", Columns: "tenant_id, user_id, end_date"},
	{Name: "idx_hlt_assign_post", Table: "health_assignment", Columns: "tenant_id, post_id, end_date"},
	{Name: "idx_hlt_assign_name", Table: "health_assignment", Columns: "tenant_id, user_name"},
	{Name: "idx_hlt_assign_start", Table: "health_assignment", Columns: "tenant_id, start_date"},
	{Name: "idx_hlt_exam_user", Table: "health_exam", Columns: "tenant_id, user_id, exam_date"},
	{Name: "idx_hlt_exam_date", Table: "health_exam", Columns: "tenant_id, exam_date"},
	{Name: "idx_hlt_exam_name", Table: "health_exam", Columns: "tenant_id, user_name"},
	{Name: "idx_hlt_exam_type", Table: "health_exam", Columns: "tenant_id, exam_type"},
	{Name: "idx_hlt_exam_conclusion", Table: "health_exam", Columns: "tenant_id, conclusion"},
	{Name: "idx_hlt_exam_reassign", Table: "health_exam", Columns: "tenant_id, needs_reassign"},
	{Name: "idx_hlt_diag_created", Table: "health_diagnosis", Columns: "tenant_id, create_time"},
	{Name: "idx_hlt_diag_user", Table: "health_diagnosis", Columns: "tenant_id, user_id"},
	{Name: "idx_hlt_diag_name", Table: "health_diagnosis", Columns: "tenant_id, user_name"},
	{Name: "idx_hlt_diag_state", Table: "health_diagnosis", Columns: "tenant_id, state"},
	{Name: "idx_hlt_diag_exam", Table: "health_diagnosis", Columns: "tenant_id, exam_id"},
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

// Queries implements biz.Queries.
type Queries struct{ G *gorm.DB }

func (q Queries) conn(ctx context.Context) *gorm.DB { return db.Conn(ctx, q.G).Where("is_deleted = 0") }

func (q Queries) Rules(ctx context.Context, code string) ([]biz.Rule, error) {
	var out []biz.Rule
	tx := q.conn(ctx)
	if code != "" {
		tx = tx.Where("code = ?", code)
	}
	return out, tx.Order("code asc, version desc").Limit(10000).Find(&out).Error
}

func (q Queries) ByIDs(ctx context.Context, dst any, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	return q.conn(ctx).Where("id IN ?", ids).Find(dst).Error
}

func (q Queries) Hazards(ctx context.Context, postIDs []int64, limit int) ([]biz.Hazard, error) {
	var out []biz.Hazard
	tx := q.conn(ctx)
	if postIDs != nil {
		if len(postIDs) == 0 {
			return nil, nil
		}
		tx = tx.Where("post_id IN ?", postIDs)
	}
	return out, tx.Order("post_id asc, id asc").Limit(limit).Find(&out).Error
}

func (q Queries) LastDetections(ctx context.Context, hazardIDs []int64) (map[int64]time.Time, error) {
	out := map[int64]time.Time{}
	if len(hazardIDs) == 0 {
		return out, nil
	}
	var rows []biz.Detection
	if err := q.conn(ctx).Select("hazard_id, detected_at").Where("hazard_id IN ?", hazardIDs).Order("detected_at asc").Limit(100000).Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.HazardID] = r.DetectedAt
	}
	return out, nil
}

func (q Queries) Workers(ctx context.Context, postIDs []int64) (map[int64]int32, error) {
	out := map[int64]int32{}
	if len(postIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		PostID int64
		N      int32
	}
	if err := q.conn(ctx).Model(&biz.Assignment{}).Select("post_id, count(*) AS n").Where("post_id IN ? AND end_date IS NULL", postIDs).
		Group("post_id").Scan(&rows).Error; err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.PostID] = r.N
	}
	return out, nil
}

func (q Queries) Assignments(ctx context.Context, userID int64, currentOnly bool, limit int) ([]biz.Assignment, error) {
	var out []biz.Assignment
	tx := q.conn(ctx)
	if userID > 0 {
		tx = tx.Where("user_id = ?", userID)
	}
	if currentOnly {
		tx = tx.Where("end_date IS NULL")
	}
	return out, tx.Order("start_date desc, id desc").Limit(limit).Find(&out).Error
}

func (q Queries) Exams(ctx context.Context, userID int64) ([]biz.Exam, error) {
	var out []biz.Exam
	return out, q.conn(ctx).Where("user_id = ?", userID).Order("exam_date desc, id desc").Limit(1000).Find(&out).Error
}

func (q Queries) Left(ctx context.Context, userID int64, limit int) ([]biz.Assignment, error) {
	var out []biz.Assignment
	tx := q.conn(ctx).Where("end_date IS NOT NULL")
	if userID > 0 {
		tx = tx.Where("user_id = ?", userID)
	}
	return out, tx.Order("end_date desc, id desc").Limit(limit).Find(&out).Error
}

func (q Queries) ExamsOfType(ctx context.Context, userIDs []int64, types []int32) (map[int64][]biz.Exam, error) {
	out := map[int64][]biz.Exam{}
	if len(userIDs) == 0 {
		return out, nil
	}
	var rows []biz.Exam
	if err := q.conn(ctx).Select("user_id, exam_type, exam_date").Where("user_id IN ? AND exam_type IN ?", userIDs, types).
		Limit(100000).Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.UserID] = append(out[r.UserID], r)
	}
	return out, nil
}

func (q Queries) Diagnoses(ctx context.Context, userID int64) ([]biz.Diagnosis, error) {
	var out []biz.Diagnosis
	return out, q.conn(ctx).Where("user_id = ?", userID).Order("create_time desc, id desc").Limit(1000).Find(&out).Error
}

func (q Queries) MarkReassigned(ctx context.Context, userID int64) error {
	return q.conn(ctx).Model(&biz.Exam{}).Where("user_id = ? AND needs_reassign = ? AND reassigned = ?", userID, true, false).
		Update("reassigned", true).Error
}
