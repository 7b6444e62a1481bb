package biz

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"google.golang.org/grpc/codes"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
)

// Shortfall reminders (h-edu-matrix): a person short of a required course of
// their post, or of the year's 学时, gets one desk message per shortfall per
// calendar month. The sent marker (edu_remind_notice) has a unique key (person,
// kind, course or year, month), written in the transaction that adds the event
// to the outbox: a second run, a restart or another replica sends nothing twice.

// SubjectShort is raised once per person, shortfall and month (the outbox adds
// the "anquan." prefix); desk turns it into a message to the person.
const SubjectShort = "education.training.short"

// Shortfall kinds.
const (
	ShortCourse = "course" // a required course of a post not done
	ShortHours  = "hours"  // the year's 学时 below the hours rule
)

// RemindNotice records that one shortfall reminder went out.
type RemindNotice struct {
	db.Base
	UserID int64  `gorm:"not null"`
	Kind   string `gorm:"size:16;not null"`
	// RefID: the course (kind course) or the year (kind hours).
	RefID int64 `gorm:"not null"`
	// Period: the month reminded (yyyy-MM, tenant zone).
	Period string `gorm:"size:7;not null"`
}

func (RemindNotice) TableName() string { return "edu_remind_notice" }

// PeriodOf is the reminder period of t: its month in the tenant zone.
func PeriodOf(t time.Time) string { return t.In(timefmt.Zone).Format("2006-01") }

// Short is one reminder to send.
type Short struct {
	UserID int64
	Kind   string
	RefID  int64
	Data   map[string]any
}

// ShortsOf are the reminders of compliance rows and hour counters: one per
// required course not done (a course required by two posts of the person once)
// and one per person short of the year's 学时.
func ShortsOf(rows []ComplianceRow, counters []Counter) []Short {
	var out []Short
	seen := map[[2]int64]bool{}
	for _, r := range rows {
		for _, it := range r.Items {
			k := [2]int64{r.UserID, it.CourseID}
			if it.State == ItemDone || seen[k] {
				continue
			}
			seen[k] = true
			d := map[string]any{"kind": ShortCourse, "userId": strconv.FormatInt(r.UserID, 10), "userName": r.UserName,
				"postName": r.PostName, "courseName": it.CourseName, "state": it.State, "stateName": ItemNames[it.State],
				"requiredHours": it.Hours, "creditedHours": it.Credited, "link": "/safetyEducationNew/myonlineCourse"}
			if !it.ExpireDate.IsZero() {
				d["expireDate"] = timefmt.FormatDate(it.ExpireDate)
			}
			out = append(out, Short{UserID: r.UserID, Kind: ShortCourse, RefID: it.CourseID, Data: d})
		}
	}
	for _, c := range counters {
		if c.Short <= 0 {
			continue
		}
		out = append(out, Short{UserID: c.UserID, Kind: ShortHours, RefID: int64(c.Year), Data: map[string]any{
			"kind": ShortHours, "userId": strconv.FormatInt(c.UserID, 10), "userName": c.UserName, "year": c.Year,
			"requiredHours": c.Required, "creditedHours": c.Credited, "shortHours": c.Short, "link": "/safetyEducation/myTraining"}})
	}
	return out
}

// RemindNow sends the caller's tenant shortfall reminders not yet sent this
// month (a manager's "send now"; the job does the same every hour).
func (e *Education) RemindNow(ctx context.Context) (int, error) {
	me, err := ident.User(ctx)
	if err != nil {
		return 0, err
	}
	m, err := e.Manager(ctx)
	if err != nil {
		return 0, err
	}
	if !m {
		return 0, errs.Forbidden("只有安全管理员可以发送培训缺项提醒")
	}
	return e.RemindTenant(ident.ForTenant(ctx, me.TenantID), me.TenantID)
}

// RemindAll runs RemindTenant for every tenant with courses (the job).
func (e *Education) RemindAll(ctx context.Context) (int, error) {
	tenants, err := e.Q.CourseTenants(ident.AsSystem(ctx))
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, t := range tenants {
		if ctx.Err() != nil {
			return sent, ctx.Err()
		}
		n, err := e.RemindTenant(ident.ForTenant(ctx, t), t)
		sent += n
		if err != nil {
			slog.Warn("education shortfall reminders", "tenant", t, "err", err)
		}
	}
	return sent, nil
}

// RemindTenant raises the shortfall reminders of one tenant (ctx acts in it)
// that were not sent this month; it answers how many it sent.
func (e *Education) RemindTenant(ctx context.Context, tenant string) (int, error) {
	rows, err := e.Compliance(ctx, ComplianceQuery{ShortOnly: true})
	if err != nil {
		return 0, err
	}
	counters, err := e.Counters(ctx, CounterQuery{ShortOnly: true})
	if err != nil {
		return 0, err
	}
	period := PeriodOf(e.Now())
	sent := 0
	for _, s := range ShortsOf(rows, counters) {
		done, err := e.Notices.Exists(ctx, 0, "user_id = ? AND kind = ? AND ref_id = ? AND period = ?", s.UserID, s.Kind, s.RefID, period)
		if err != nil {
			return sent, err
		}
		if done {
			continue
		}
		s.Data["period"] = period
		err = e.Tx.Tx(ctx, func(ctx context.Context) error {
			if err := e.Notices.Create(ctx, &RemindNotice{UserID: s.UserID, Kind: s.Kind, RefID: s.RefID, Period: period}); err != nil {
				return err
			}
			return e.Events.Add(ctx, SubjectShort, tenant, s.Data)
		})
		if errs.Code(err) == codes.AlreadyExists {
			continue // another replica sent it
		}
		if err != nil {
			return sent, fmt.Errorf("shortfall reminder: %w", err)
		}
		sent++
	}
	return sent, nil
}
