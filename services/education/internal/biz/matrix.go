package biz

import (
	"context"
	"math"
	"slices"
	"strings"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
)

// Training matrix (h-edu-matrix): per post (岗位, kept by blade-system) the
// courses its holders must have done, optionally with the 学时 they must have
// on the course and how many months a completion counts. Compliance is
// computed on read from the studies (edu_study): a required course is done
// when the person's study of it is completed, the 学时 asked are credited on
// it, and the completion is within validity.

// PostCourse is one cell of the matrix: a course a post requires (edu_post_course).
type PostCourse struct {
	db.Base
	PostID   int64 `gorm:"not null"`
	CourseID int64 `gorm:"not null"`
	// Hours: 学时 the person must have on the course (0: completing it is enough).
	Hours float64 `gorm:"not null;default:0"`
	// ValidMonths: months a completion counts (0: no expiry).
	ValidMonths int32 `gorm:"not null;default:0"`
}

func (PostCourse) TableName() string { return "edu_post_course" }

// Matrix bounds.
const (
	MaxValidMonths = 120
	// MaxMatrixPosts bounds the posts a compliance read asks blade-user about (one call each).
	MaxMatrixPosts = 100
	maxMatrixCells = 5000
)

// Compliance states of a required course.
const (
	ItemDone       int32 = 1 // 已完成
	ItemMissing    int32 = 2 // 未完成 (not studied, or not completed)
	ItemExpired    int32 = 3 // 已过期 (completed, validity passed)
	ItemHoursShort int32 = 4 // 学时不足 (completed, fewer 学时 than asked)
)

// ItemNames name the states (messages, the export).
var ItemNames = map[int32]string{ItemDone: "已完成", ItemMissing: "未完成", ItemExpired: "已过期", ItemHoursShort: "学时不足"}

// Requirement is a required course as the computation needs it.
type Requirement struct {
	CourseID    int64
	CourseName  string
	Hours       float64
	ValidMonths int32
}

// Progress is what a person did of a course: completed (and when), and the 学时 credited on it.
type Progress struct {
	Completed   bool
	CompletedAt *time.Time
	Hours       float64
}

// Verdict is a required course's verdict for one person.
type Verdict struct {
	Requirement
	State       int32
	Credited    float64
	CompletedAt *time.Time
	// ExpireDate: the first day (tenant zone) the completion no longer counts; zero: no expiry.
	ExpireDate time.Time
}

// AddMonths is the same day months later in the tenant zone, the last day of
// the month when that month is shorter (31 January + 1 month = 28/29 February).
func AddMonths(t time.Time, months int32) time.Time {
	t = t.In(timefmt.Zone)
	first := time.Date(t.Year(), t.Month()+time.Month(months), 1, 0, 0, 0, 0, timefmt.Zone)
	last := first.AddDate(0, 1, -1).Day()
	return time.Date(first.Year(), first.Month(), min(t.Day(), last), 0, 0, 0, 0, timefmt.Zone)
}

// Comply judges each required course against a person's progress at now: a
// completion on day D valid M months counts up to the day before D + M months
// (tenant zone); from that day it is expired. The 学时 asked are checked
// after completion.
func Comply(reqs []Requirement, got map[int64]Progress, now time.Time) []Verdict {
	out := make([]Verdict, 0, len(reqs))
	for _, r := range reqs {
		it := Verdict{Requirement: r, State: ItemMissing}
		p, ok := got[r.CourseID]
		if ok {
			it.Credited, it.CompletedAt = p.Hours, p.CompletedAt
		}
		switch {
		case !ok || !p.Completed:
		case r.ValidMonths > 0 && p.CompletedAt == nil:
			it.State = ItemExpired // a completion of unknown date cannot be shown in validity
		case r.ValidMonths > 0 && !now.Before(AddMonths(*p.CompletedAt, r.ValidMonths)):
			it.State, it.ExpireDate = ItemExpired, AddMonths(*p.CompletedAt, r.ValidMonths)
		case r.Hours > 0 && p.Hours+1e-9 < r.Hours:
			it.State = ItemHoursShort
		default:
			it.State = ItemDone
		}
		if it.State != ItemExpired && r.ValidMonths > 0 && p.CompletedAt != nil {
			it.ExpireDate = AddMonths(*p.CompletedAt, r.ValidMonths)
		}
		out = append(out, it)
	}
	return out
}

// ---------------------------------------------------------------- the matrix

// Matrix is the tenant's posts, courses and cells.
type Matrix struct {
	Posts   map[int64]string
	Courses []Course
	Cells   []PostCourse
}

// MatrixOf reads the tenant's matrix (cells of deleted posts or courses left out).
func (e *Education) MatrixOf(ctx context.Context) (*Matrix, error) {
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	posts, err := e.Posts.PostNames(ctx, me.TenantID)
	if err != nil {
		return nil, err
	}
	courses, err := e.Q.AllCourses(ctx, maxMatrixCells)
	if err != nil {
		return nil, err
	}
	cells, err := e.Q.PostCourses(ctx, maxMatrixCells)
	if err != nil {
		return nil, err
	}
	known := map[int64]bool{}
	for _, c := range courses {
		known[c.ID] = true
	}
	out := &Matrix{Posts: posts, Courses: courses}
	seen := map[[2]int64]bool{}
	for _, c := range cells {
		k := [2]int64{c.PostID, c.CourseID}
		if _, ok := posts[c.PostID]; !ok || !known[c.CourseID] || seen[k] {
			continue
		}
		seen[k] = true
		out.Cells = append(out.Cells, c)
	}
	return out, nil
}

// Cell is a change of one cell.
type Cell struct {
	PostID, CourseID int64
	Required         bool
	Hours            float64
	ValidMonths      int32
}

// SetCell sets or clears one cell of the matrix: a manager's only, on a post
// and a course of the caller's tenant, the 学时 at most the course's.
func (e *Education) SetCell(ctx context.Context, c Cell) error {
	me, err := ident.User(ctx)
	if err != nil {
		return err
	}
	m, err := e.Manager(ctx)
	if err != nil {
		return err
	}
	if !m {
		return errs.Forbidden("只有安全管理员可以设置培训矩阵")
	}
	if c.PostID <= 0 || c.CourseID <= 0 {
		return errs.BadRequest("请选择岗位和课程")
	}
	if c.ValidMonths < 0 || c.ValidMonths > MaxValidMonths {
		return errs.BadRequest("有效期应在 0 到 %d 个月之间(0 为长期有效)", MaxValidMonths)
	}
	if math.IsNaN(c.Hours) || c.Hours < 0 || c.Hours > 100 {
		return errs.BadRequest("要求学时应在 0 到 100 之间")
	}
	c.Hours = math.Round(c.Hours*10) / 10
	posts, err := e.Posts.PostNames(ctx, me.TenantID)
	if err != nil {
		return err
	}
	if _, ok := posts[c.PostID]; !ok {
		return errs.BadRequest("岗位不存在")
	}
	course, err := e.Courses.Get(ctx, c.CourseID)
	if err != nil {
		return err
	}
	if c.Hours > course.Hours {
		return errs.BadRequest("要求学时不能超过课程「%s」的学时 %g", course.Name, course.Hours)
	}
	return e.Tx.Tx(ctx, func(ctx context.Context) error {
		old, err := e.PostCourses.FindBy(ctx, "post_id = ? AND course_id = ?", c.PostID, c.CourseID)
		if err != nil {
			return err
		}
		switch {
		case !c.Required && old == nil:
			return nil
		case !c.Required:
			return e.PostCourses.Remove(ctx, []int64{old.ID})
		case old == nil:
			return e.PostCourses.Create(ctx, &PostCourse{PostID: c.PostID, CourseID: c.CourseID, Hours: c.Hours, ValidMonths: c.ValidMonths})
		}
		_, err = e.PostCourses.UpdateFields(ctx, []int64{old.ID}, map[string]any{"hours": c.Hours, "valid_months": c.ValidMonths})
		return err
	})
}

// ---------------------------------------------------------------- compliance

// ComplianceRow is one person of one post with the post's required courses.
type ComplianceRow struct {
	UserID   int64
	UserName string
	PostID   int64
	PostName string
	Items    []Verdict
	Done     int32
}

// Missing is how many required courses are not done.
func (r *ComplianceRow) Missing() int32 { return int32(len(r.Items)) - r.Done }

// MissingNames are the courses not done.
func (r *ComplianceRow) MissingNames() string {
	var out []string
	for _, it := range r.Items {
		if it.State != ItemDone {
			out = append(out, it.CourseName)
		}
	}
	return strings.Join(out, ",")
}

// ComplianceQuery filters the compliance rows.
type ComplianceQuery struct {
	PostID    int64
	DeptID    int64
	UserID    int64
	ShortOnly bool
	Name      string
}

// Compliance is, per post with required courses and per active holder of the
// post, which required courses are done; by post then name.
func (e *Education) Compliance(ctx context.Context, q ComplianceQuery) ([]ComplianceRow, error) {
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	m, err := e.MatrixOf(ctx)
	if err != nil {
		return nil, err
	}
	reqs := map[int64][]Requirement{}
	courses := map[int64]Course{}
	for _, c := range m.Courses {
		courses[c.ID] = c
	}
	for _, c := range m.Cells {
		if q.PostID > 0 && c.PostID != q.PostID {
			continue
		}
		reqs[c.PostID] = append(reqs[c.PostID], Requirement{CourseID: c.CourseID, CourseName: courses[c.CourseID].Name, Hours: c.Hours, ValidMonths: c.ValidMonths})
	}
	postIDs := make([]int64, 0, len(reqs))
	for id := range reqs {
		postIDs = append(postIDs, id)
	}
	slices.SortFunc(postIDs, func(a, b int64) int { return strings.Compare(m.Posts[a], m.Posts[b]) })
	if len(postIDs) > MaxMatrixPosts {
		postIDs = postIDs[:MaxMatrixPosts]
	}
	var inDept map[int64]string
	if q.DeptID > 0 {
		if inDept, err = e.People.Members(ctx, me.TenantID, []int64{q.DeptID}, nil); err != nil {
			return nil, err
		}
	}
	type holder struct {
		post int64
		id   int64
		name string
	}
	var holders []holder
	userSet := map[int64]bool{}
	for _, p := range postIDs {
		members, err := e.People.PostMembers(ctx, me.TenantID, p)
		if err != nil {
			return nil, err
		}
		for id, name := range members {
			if q.UserID > 0 && id != q.UserID {
				continue
			}
			if inDept != nil {
				if _, ok := inDept[id]; !ok {
					continue
				}
			}
			if q.Name != "" && !strings.Contains(name, q.Name) {
				continue
			}
			holders = append(holders, holder{p, id, name})
			userSet[id] = true
		}
	}
	users := make([]int64, 0, len(userSet))
	for id := range userSet {
		users = append(users, id)
	}
	cids := make([]int64, 0, len(courses))
	for id := range courses {
		cids = append(cids, id)
	}
	studies, err := e.Q.StudiesOfUsers(ctx, users, cids)
	if err != nil {
		return nil, err
	}
	rules, err := e.TrainingRuleSet(ctx)
	if err != nil {
		return nil, err
	}
	mph := TrainingRules.Get(rules, RuleMinutesPerHour)
	progress := map[int64]map[int64]Progress{}
	for _, s := range studies {
		if progress[s.UserID] == nil {
			progress[s.UserID] = map[int64]Progress{}
		}
		progress[s.UserID][s.CourseID] = Progress{Completed: s.Completed, CompletedAt: s.CompletedAt, Hours: HoursOf(s.Credited, mph, courses[s.CourseID].Hours)}
	}
	now := e.Now()
	out := make([]ComplianceRow, 0, len(holders))
	for _, h := range holders {
		row := ComplianceRow{UserID: h.id, UserName: h.name, PostID: h.post, PostName: m.Posts[h.post], Items: Comply(reqs[h.post], progress[h.id], now)}
		for _, it := range row.Items {
			if it.State == ItemDone {
				row.Done++
			}
		}
		if q.ShortOnly && row.Missing() == 0 {
			continue
		}
		out = append(out, row)
	}
	slices.SortStableFunc(out, func(a, b ComplianceRow) int {
		if a.PostName != b.PostName {
			return strings.Compare(a.PostName, b.PostName)
		}
		if a.UserName != b.UserName {
			return strings.Compare(a.UserName, b.UserName)
		}
		return int(a.UserID - b.UserID)
	})
	return out, nil
}

// Shortfalls are the caller's own: the required courses of their posts and this year's 学时
// (nil when the caller is not counted: no role counted by the hour rules).
func (e *Education) Shortfalls(ctx context.Context) ([]ComplianceRow, *Counter, error) {
	me, err := ident.User(ctx)
	if err != nil {
		return nil, nil, err
	}
	rows, err := e.Compliance(ctx, ComplianceQuery{UserID: me.UserID})
	if err != nil {
		return nil, nil, err
	}
	counters, err := e.Counters(ctx, CounterQuery{UserID: me.UserID})
	if err != nil {
		return nil, nil, err
	}
	if len(counters) == 0 {
		return rows, nil, nil
	}
	return rows, &counters[0], nil
}
