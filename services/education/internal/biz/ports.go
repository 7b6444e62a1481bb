package biz

import (
	"context"
	"time"

	"gorm.io/gorm"

	"anquan/kit/cache"
	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
)

// SubjectPassed is published when a person passes an exam (the outbox adds
// the "anquan." prefix): contractor marks its people trained by it.
const SubjectPassed = "education.exam.passed"

// Passed is the event's data.
type Passed struct {
	RecordID   int64  `json:"recordId,string"`
	ExamID     int64  `json:"examId,string"`
	ExamName   string `json:"examName"`
	UserID     int64  `json:"userId,string"`
	UserName   string `json:"userName"`
	Score      int32  `json:"score"`
	TotalScore int32  `json:"totalScore"`
	CertNo     string `json:"certNo"`
	PassTime   string `json:"passTime"`
}

// AliasSafetyManager: holders of this role alias manage the tenant's
// training (every bank, paper, exam and result), as the administrator does.
const AliasSafetyManager = "safety_manager"

// Roles is the part of blade-system education uses.
type Roles interface {
	// Aliases of the given roles of a tenant; an error when blade-system cannot say.
	Aliases(ctx context.Context, tenantID string, roleIDs []int64) ([]string, error)
	// All is every role of the tenant, id to alias.
	All(ctx context.Context, tenantID string) (map[int64]string, error)
}

// People resolves user ids of a tenant (kit/people.Directory).
type People interface {
	// Names of the tenant's users among ids; an unknown id has no entry.
	Names(ctx context.Context, tenantID string, ids []int64) (map[int64]string, error)
	// Members are the active people of departments (with sub-departments) and roles.
	Members(ctx context.Context, tenantID string, depts, roles []int64) (map[int64]string, error)
	// PostMembers are the active holders of a post.
	PostMembers(ctx context.Context, tenantID string, postID int64) (map[int64]string, error)
}

// HeldCert is a certificate a person holds (blade-user's certificates), for the person's file.
type HeldCert struct {
	KindName, Number, Authority, ExpireDate string
	// ValidState: 1 valid, 2 expiring within the tenant's reminder window, 3 expired.
	ValidState int32
}

// Holdings reads a person's certificates from blade-user with the caller's identity, so the
// file shows only what the caller may see there: allowed is false when blade-user refuses the
// caller (no certificate right), which is not an error of the file.
type Holdings interface {
	CertificatesOf(ctx context.Context, userID int64) (certs []HeldCert, allowed bool, err error)
}

// Contractors reads contractor companies' workers from the contractor service.
type Contractors interface {
	// Workers are the people of a company who have a login account (the exam is taken with
	// it), user id to name; a company unknown to the caller's tenant is an error.
	Workers(ctx context.Context, companyID int64) (map[int64]string, error)
}

// Posts reads the tenant's posts (岗位) from blade-system.
type Posts interface {
	// PostNames is every post of the tenant, id to name.
	PostNames(ctx context.Context, tenantID string) (map[int64]string, error)
}

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Queries are what the generic repositories cannot express.
type Queries interface {
	// ExamTallies counts each person's passed exams (each once) and full-mark ones; userID > 0
	// counts that person only.
	ExamTallies(ctx context.Context, userID int64) ([]ExamTally, error)
	// PassedRecords are a person's passed attempts, newest first (at most limit).
	PassedRecords(ctx context.Context, userID int64, limit int) ([]Record, error)
	// QuestionsFor lists the candidates of a draw rule (ids only).
	Candidates(ctx context.Context, categoryID int64, typ int32) ([]int64, error)
	// Questions reads questions by id.
	Questions(ctx context.Context, ids []int64) ([]Question, error)
	// CountByCategory counts questions per category.
	CountByCategory(ctx context.Context, ids []int64) (map[int64]int32, error)
	// RecordsOf lists an exam's attempts.
	RecordsOf(ctx context.Context, examID int64) ([]Record, error)
	// ExamCounts: submitted and passed attempts per exam.
	ExamCounts(ctx context.Context, ids []int64) (map[int64][2]int32, error)
	// SetRecord is a compare-and-set of an attempt's state (and, when
	// itemsWas is not empty, of its saved answers).
	SetRecord(ctx context.Context, id int64, fromState int32, values map[string]any, itemsWas string) (bool, error)
	// Expired lists attempts in progress past their deadline (any tenant).
	Expired(ctx context.Context, now time.Time, limit int) ([]Record, error)
	// PapersUsing tells whether any exam uses the papers.
	ExamsUsing(ctx context.Context, paperIDs []int64) (bool, error)
	// LatestAttempt is the highest attempt number of a person in an exam.
	LatestAttempt(ctx context.Context, examID, userID int64) (int32, error)
	// HandedIn lists an exam's handed-in attempts (pending or marked), with their items.
	HandedIn(ctx context.Context, examID int64) ([]Record, error)
	// QuestionsUsed tells whether any category still holds questions.
	CategoryUsed(ctx context.Context, ids []int64) (bool, error)
	// TrainingRules are every stored version of the tenant's training rules (code optional).
	TrainingRules(ctx context.Context, code string) ([]TrainingRule, error)
	// CoursesStudied tells whether anyone has studied any of the courses.
	CoursesStudied(ctx context.Context, ids []int64) (bool, error)
	// StudiesOf are a person's studies of the courses.
	StudiesOf(ctx context.Context, userID int64, courseIDs []int64) ([]Study, error)
	// PlayingElsewhere tells whether another study of the person was playing at a beat since.
	PlayingElsewhere(ctx context.Context, userID, exceptID int64, since time.Time) (bool, error)
	// NamesUser narrows a plan query to the plans naming the person.
	NamesUser(userID int64) func(*gorm.DB) *gorm.DB
	// StopPlaying marks every study of the person not playing.
	StopPlaying(ctx context.Context, userID int64) error
	// SetStudy is a compare-and-set of a study on its beat count.
	SetStudy(ctx context.Context, id int64, beatsWas int32, values map[string]any) (bool, error)
	// AddStudyYear adds credited seconds to the person's row of the course for the year.
	AddStudyYear(ctx context.Context, userID, courseID int64, year int32, seconds float64) error
	// StudyYears are the per-year rows of a year (userIDs optional: everyone's).
	StudyYears(ctx context.Context, year int32, userIDs []int64) ([]StudyYear, error)
	// CourseHours are the 学时 of the courses (deleted ones too: credit earned on them still counts).
	CourseHours(ctx context.Context, ids []int64) (map[int64]float64, error)
	// The person's training file (at most 1000 of each, newest first).
	UserStudyYears(ctx context.Context, userID int64) ([]StudyYear, error)
	UserStudies(ctx context.Context, userID int64) ([]Study, error)
	UserPlans(ctx context.Context, userID int64) ([]Plan, error)
	UserRecords(ctx context.Context, userID int64) ([]Record, error)
	UserCerts(ctx context.Context, userID int64) ([]Cert, error)
	// h-edu-matrix: the tenant's courses (id, name, 学时; at most limit), its matrix cells,
	// the studies of people of courses and the tenants with courses (the reminder job).
	AllCourses(ctx context.Context, limit int) ([]Course, error)
	PostCourses(ctx context.Context, limit int) ([]PostCourse, error)
	StudiesOfUsers(ctx context.Context, userIDs, courseIDs []int64) ([]Study, error)
	CourseTenants(ctx context.Context) ([]string, error)
	// EntrantsIn are the people named in an entry plan (入职) starting in [from, to).
	EntrantsIn(ctx context.Context, from, to time.Time) (map[int64]bool, error)
}

// Education holds the use cases.
type Education struct {
	Categories *crud.Repo[Category]
	Questions  *crud.Repo[Question]
	Papers     *crud.Repo[Paper]
	Exams      *crud.Repo[Exam]
	Records    *crud.Repo[Record]
	Certs      *crud.Repo[Cert]
	// h-training: courses, studies and the training rule versions.
	Courses          *crud.Repo[Course]
	Studies          *crud.Repo[Study]
	TrainingRuleRows *crud.Repo[TrainingRule]
	Plans            *crud.Repo[Plan]
	Q                Queries
	Tx               db.Transactor
	Roles            Roles
	People           People
	Reporters        Reporters
	// Ranking keeps each tenant's points ranking for rankingTTL (nil: counted on every visit).
	Ranking cache.Cache
	Events  Events
	Now     func() time.Time
	// h-edu-matrix: the training matrix and the shortfall reminders sent.
	PostCourses *crud.Repo[PostCourse]
	Notices     *crud.Repo[RemindNotice]
	Posts       Posts
	// h-edu: the certificates on the person's file (nil: the file lists none).
	Holdings Holdings
	// h-edu: exams scheduled for contractor companies.
	Contractors Contractors
}

// Manager tells whether the caller manages the tenant's training: an
// administrator or a safety manager.
func (e *Education) Manager(ctx context.Context) (bool, error) {
	me, err := ident.User(ctx)
	if err != nil {
		return false, err
	}
	if me.Super {
		return true, nil
	}
	aliases, err := e.Roles.Aliases(ctx, me.TenantID, me.RoleIDs)
	if err != nil {
		return false, err
	}
	for _, a := range aliases {
		if a == AliasSafetyManager || a == ident.AliasAdministrator {
			return true, nil
		}
	}
	return false, nil
}

// mayWrite: the record's creator or a manager may change it.
func (e *Education) mayWrite(ctx context.Context, createUser int64, what string) error {
	me, err := ident.User(ctx)
	if err != nil {
		return err
	}
	if createUser == me.UserID {
		return nil
	}
	m, err := e.Manager(ctx)
	if err != nil {
		return err
	}
	if !m {
		return errs.Forbidden("只有%s的创建人或安全管理员可以修改", what)
	}
	return nil
}

// mayWriteEach checks the caller may write every stored row of ids (mayWrite on each one's
// creator), before a removal.
func mayWriteEach[T any](ctx context.Context, e *Education, repo *crud.Repo[T], ids []int64, what string, creator func(*T) int64) error {
	for _, id := range ids {
		row, err := repo.Get(ctx, id)
		if err != nil {
			return err
		}
		if err := e.mayWrite(ctx, creator(row), what); err != nil {
			return err
		}
	}
	return nil
}
