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

// Hours (h-hours): study credit counted per calendar year.
//
// A study (edu_study) is one row per person per course and keeps its running
// total. Each credited beat also adds its seconds to the person's row of that
// course for the calendar year (tenant zone) the credited time fell in
// (edu_study_year, one row per person per course per year). A per-year row,
// not a ledger of beats: a year's hours are a sum over at most one row per
// course, the table grows with people × courses × years (not with beats),
// and the beat's compare-and-set on edu_study already serialises the adds.
// A beat whose credited span crosses midnight of 1 January is split at it
// (YearShares), so the years always add up to the study's total and nothing
// is counted twice.

// StudyYear is a person's credited study of a course in one calendar year.
type StudyYear struct {
	db.Base
	UserID   int64   `gorm:"not null"`
	CourseID int64   `gorm:"not null"`
	Year     int32   `gorm:"not null"`
	Seconds  float64 `gorm:"not null;default:0"`
}

func (StudyYear) TableName() string { return "edu_study_year" }

// NotAudited: written only by the server's crediting, alongside edu_study (not audited either).
func (StudyYear) NotAudited() {}

// YearShare is the part of a credit that fell in one year.
type YearShare struct {
	Year    int32
	Seconds float64
}

// YearShares splits seconds credited up to at (the credited span is the last
// seconds before at) by calendar year in loc. Credits are at most a heartbeat
// gap, so they cross at most one year end.
func YearShares(at time.Time, seconds float64, loc *time.Location) []YearShare {
	if seconds <= 0 {
		return nil
	}
	if loc == nil {
		loc = timefmt.Zone
	}
	at = at.In(loc)
	newYear := time.Date(at.Year(), 1, 1, 0, 0, 0, 0, loc)
	in := at.Sub(newYear).Seconds()
	if in >= seconds {
		return []YearShare{{Year: int32(at.Year()), Seconds: seconds}}
	}
	out := []YearShare{{Year: int32(at.Year() - 1), Seconds: seconds - in}}
	if in > 0 {
		out = append(out, YearShare{Year: int32(at.Year()), Seconds: in})
	}
	return out
}

// YearOf is the calendar year of t in the tenant zone.
func YearOf(t time.Time) int32 { return int32(t.In(timefmt.Zone).Year()) }

// creditYears adds a beat's credit to the person's per-year rows (in the beat's transaction).
func (e *Education) creditYears(ctx context.Context, userID, courseID int64, at time.Time, seconds float64) error {
	for _, s := range YearShares(at, seconds, timefmt.Zone) {
		if err := e.Q.AddStudyYear(ctx, userID, courseID, s.Year, s.Seconds); err != nil {
			return err
		}
	}
	return nil
}

// ---------------------------------------------------------------- hour counters

// Hour categories (the hours.<category>.* rules).
const (
	CatHazchem       = "hazchem"
	CatOther         = "other"
	CatLeaderHazchem = "leader_hazchem"
	CatLeaderOther   = "leader_other"
)

// RuleIndustry says which rows of the hours.* rules the tenant follows: 1 高危行业
// (危化、矿山、烟花爆竹、金属冶炼), 2 其他行业.
const RuleIndustry = "hours.industry"

// LeaderAliases are the role aliases of 主要负责人 and 安全管理人员: their holders
// count against the leader_* rows.
var LeaderAliases = map[string]bool{AliasSafetyManager: true, "principal": true}

// CategoryOf is a person's hour category: the tenant's industry (hazchem
// unless the rule says 2) and whether the person holds a leader role.
func CategoryOf(industry int32, leader bool) string {
	c := CatHazchem
	if industry == 2 {
		c = CatOther
	}
	if leader {
		return "leader_" + c
	}
	return c
}

// Counter is one person's hours for a year.
type Counter struct {
	UserID   int64
	UserName string
	Year     int32
	Category string
	// Initial: named in an entry plan (入职) starting that year; the initial row applies, else the annual one.
	Initial  bool
	Required float64
	Credited float64
	Courses  int32
	Short    float64
}

// CounterQuery filters the counters.
type CounterQuery struct {
	Year      int32
	DeptID    int64
	ShortOnly bool
	Name      string
	// UserID > 0: that person only (their own shortfalls).
	UserID int64
}

// YearHours is the 学时 credited in one year from per-year rows: per course,
// floor to one decimal and at most the course's 学时, then summed.
func YearHours(rows []StudyYear, minutesPerHour int32, courseHours map[int64]float64) (map[int64]float64, map[int64]int32) {
	hours, courses := map[int64]float64{}, map[int64]int32{}
	for _, r := range rows {
		h := HoursOf(r.Seconds, minutesPerHour, courseHours[r.CourseID])
		hours[r.UserID] = math.Round((hours[r.UserID]+h)*10) / 10
		courses[r.UserID]++
	}
	return hours, courses
}

// RequiredOf is the required hours of a category from the rules in force.
func RequiredOf(rules map[string]int32, category string, initial bool) float64 {
	kind := "annual"
	if initial {
		kind = "initial"
	}
	return float64(TrainingRules.Get(rules, "hours."+category+"."+kind))
}

// Counters are the hour counters of the tenant's people (every active person
// holding a role, or the members of a department) for a year, by name.
func (e *Education) Counters(ctx context.Context, q CounterQuery) ([]Counter, error) {
	me, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	if q.Year == 0 {
		q.Year = YearOf(e.Now())
	}
	if q.Year < 2000 || q.Year > 2100 {
		return nil, errs.BadRequest("年度应在 2000 到 2100 之间")
	}
	roles, err := e.Roles.All(ctx, me.TenantID)
	if err != nil {
		return nil, err
	}
	var all, leaders []int64
	for id, alias := range roles {
		all = append(all, id)
		if LeaderAliases[alias] {
			leaders = append(leaders, id)
		}
	}
	slices.Sort(all)
	if len(all) > 100 {
		all = all[:100]
	}
	people := map[int64]string{}
	if q.DeptID > 0 {
		people, err = e.People.Members(ctx, me.TenantID, []int64{q.DeptID}, nil)
	} else if len(all) > 0 {
		people, err = e.People.Members(ctx, me.TenantID, nil, all)
	}
	if err != nil {
		return nil, err
	}
	lead, err := e.People.Members(ctx, me.TenantID, nil, leaders)
	if err != nil {
		return nil, err
	}
	rules, err := e.TrainingRuleSet(ctx)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(people))
	for id, name := range people {
		if (q.Name == "" || strings.Contains(name, q.Name)) && (q.UserID == 0 || id == q.UserID) {
			ids = append(ids, id)
		}
	}
	rows, err := e.Q.StudyYears(ctx, q.Year, ids)
	if err != nil {
		return nil, err
	}
	cids := make([]int64, 0, len(rows))
	for _, r := range rows {
		cids = append(cids, r.CourseID)
	}
	ch, err := e.Q.CourseHours(ctx, cids)
	if err != nil {
		return nil, err
	}
	from := time.Date(int(q.Year), 1, 1, 0, 0, 0, 0, timefmt.Zone)
	entrants, err := e.Q.EntrantsIn(ctx, from, from.AddDate(1, 0, 0))
	if err != nil {
		return nil, err
	}
	hours, courses := YearHours(rows, TrainingRules.Get(rules, RuleMinutesPerHour), ch)
	industry := TrainingRules.Get(rules, RuleIndustry)
	out := make([]Counter, 0, len(ids))
	for _, id := range ids {
		_, leader := lead[id]
		c := Counter{UserID: id, UserName: people[id], Year: q.Year, Category: CategoryOf(industry, leader), Initial: entrants[id],
			Credited: hours[id], Courses: courses[id]}
		c.Required = RequiredOf(rules, c.Category, c.Initial)
		c.Short = math.Max(0, math.Round((c.Required-c.Credited)*10)/10)
		if q.ShortOnly && c.Short == 0 {
			continue
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Counter) int {
		if a.UserName != b.UserName {
			return strings.Compare(a.UserName, b.UserName)
		}
		return int(a.UserID - b.UserID)
	})
	return out, nil
}

// ---------------------------------------------------------------- one file per person (一人一档)

// ArchiveStudy is one course a person studied, with the 学时 credited on it.
type ArchiveStudy struct {
	Study Study
	Hours float64
}

// Archive is one person's training file: the 学时 per year, the courses, the
// plans naming them, their exam records and certificates.
type Archive struct {
	UserID   int64
	UserName string
	Years    []YearTotal
	Studies  []ArchiveStudy
	Plans    []Plan
	Records  []Record
	Certs    []Cert
	// Held are the person's certificates in blade-user; HeldNote says why there are none to
	// show when the caller may not read them there.
	Held     []HeldCert
	HeldNote string
}

// YearTotal is a year's credited 学时.
type YearTotal struct {
	Year    int32
	Hours   float64
	Courses int32
}

// ArchiveOf is a person's file: the caller's own, or anyone's of the tenant for a manager.
func (e *Education) ArchiveOf(ctx context.Context, userID int64) (*Archive, error) {
	me, err := ident.User(ctx)
	if err != nil {
		return nil, err
	}
	if userID <= 0 {
		userID = me.UserID
	}
	if userID != me.UserID {
		m, err := e.Manager(ctx)
		if err != nil {
			return nil, err
		}
		if !m {
			return nil, errs.Forbidden("只能查看本人的培训档案")
		}
	}
	names, err := e.People.Names(ctx, me.TenantID, []int64{userID})
	if err != nil {
		return nil, err
	}
	if names[userID] == "" {
		return nil, errs.BadRequest("人员不存在")
	}
	out := &Archive{UserID: userID, UserName: names[userID]}
	rules, err := e.TrainingRuleSet(ctx)
	if err != nil {
		return nil, err
	}
	mph := TrainingRules.Get(rules, RuleMinutesPerHour)
	years, err := e.Q.UserStudyYears(ctx, userID)
	if err != nil {
		return nil, err
	}
	studies, err := e.Q.UserStudies(ctx, userID)
	if err != nil {
		return nil, err
	}
	cids := make([]int64, 0, len(studies)+len(years))
	for _, s := range studies {
		cids = append(cids, s.CourseID)
	}
	ch, err := e.Q.CourseHours(ctx, cids)
	if err != nil {
		return nil, err
	}
	byYear := map[int32][]StudyYear{}
	for _, y := range years {
		byYear[y.Year] = append(byYear[y.Year], y)
	}
	for y, rows := range byYear {
		h, n := YearHours(rows, mph, ch)
		out.Years = append(out.Years, YearTotal{Year: y, Hours: h[userID], Courses: n[userID]})
	}
	slices.SortFunc(out.Years, func(a, b YearTotal) int { return int(b.Year - a.Year) })
	for _, s := range studies {
		out.Studies = append(out.Studies, ArchiveStudy{Study: s, Hours: HoursOf(s.Credited, mph, ch[s.CourseID])})
	}
	if out.Plans, err = e.Q.UserPlans(ctx, userID); err != nil {
		return nil, err
	}
	if out.Records, err = e.Q.UserRecords(ctx, userID); err != nil {
		return nil, err
	}
	if out.Certs, err = e.Q.UserCerts(ctx, userID); err != nil {
		return nil, err
	}
	if e.Holdings != nil {
		held, allowed, err := e.Holdings.CertificatesOf(ctx, userID)
		if err != nil {
			return nil, err
		}
		out.Held = held
		if !allowed {
			out.HeldNote = "无权查看人员证书"
		}
	}
	return out, nil
}
