package biz

import (
	"context"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"google.golang.org/grpc/codes"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
)

// SubjectDue is raised once per equipment, due date and reminder stage;
// desk turns it into a message to the equipment's responsible person.
const SubjectDue = "equipment.due.reminder"

// What a reminder is about: a maintenance or a detection due date (the
// record kinds).
var remindKinds = []int32{KindMaintain, KindDetect}

// StageOverdue is the reminder of a date that has passed (the day after it).
const StageOverdue = "overdue"

// Reminder bounds.
const (
	MaxLeads    = 6
	MaxLeadDays = 365
	// remindBatch bounds the ledger rows one tenant's run reads.
	remindBatch = 5000
)

// DefaultLeads are the lead times of a tenant that saved none: 30, 7 and
// 1 days before, and on the day after the date (overdue).
var DefaultLeads = []int32{30, 7, 1}

// RemindRule is a tenant's reminder setting for one kind of due date
// (提醒规则): the days before the date a reminder goes out, and whether the
// responsible person is told when it has passed.
type RemindRule struct {
	db.Base
	// Kind 1 维护保养, 2 检测检验.
	Kind int32 `gorm:"not null"`
	// Leads are the days before the date, comma-separated, largest first
	// ("30,7,1"); 0 is the due day itself.
	Leads string `gorm:"size:64;not null;default:''"`
	// Overdue 1: remind once when the date has passed; 0: do not.
	Overdue int32 `gorm:"not null;default:1"`
}

func (RemindRule) TableName() string { return "equipment_remind_rule" }

// RemindNotice records that one reminder went out (the sent marker): its
// unique index (equipment, kind, due date, stage) makes each reminder
// happen once across runs, restarts and replicas.
type RemindNotice struct {
	db.Base
	EquipmentID int64  `gorm:"not null"`
	Kind        int32  `gorm:"not null"`
	DueDate     string `gorm:"size:10;not null"`
	// Stage is the lead in days ("30", "7", "0") or "overdue".
	Stage string `gorm:"size:16;not null"`
}

func (RemindNotice) TableName() string { return "equipment_remind_notice" }

// Reminders are equipment's due-date reminders.
type Reminders struct {
	*Ledger
	RemindRules paging.Store[RemindRule]
	Notices     paging.Store[RemindNotice]
	// Tenants lists the tenants with equipment in use (the job's round).
	Tenants func(ctx context.Context) ([]string, error)
}

// ParseLeads reads "30,7,1" into distinct days, largest first.
func ParseLeads(s string) ([]int32, error) {
	var out []int32
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		v, err := strconv.ParseInt(p, 10, 32)
		if err != nil || v < 0 || v > MaxLeadDays {
			return nil, errs.BadRequest("提前提醒天数须为 0 到 %d 之间的整数,多个用逗号分隔", MaxLeadDays)
		}
		if n := int32(v); !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	if len(out) > MaxLeads {
		return nil, errs.BadRequest("提前提醒最多设置 %d 个时间点", MaxLeads)
	}
	slices.SortFunc(out, func(a, b int32) int { return int(b - a) })
	return out, nil
}

// JoinLeads writes leads as "30,7,1".
func JoinLeads(leads []int32) string {
	parts := make([]string, len(leads))
	for i, l := range leads {
		parts[i] = strconv.Itoa(int(l))
	}
	return strings.Join(parts, ",")
}

// KindNames name the reminder kinds.
var KindNames = map[int32]string{KindMaintain: "维护保养", KindDetect: "检测检验"}

// RemindStage is the reminder due on today for a date: the smallest lead
// whose window today has entered ("7" five days before with leads 30,7,1),
// "overdue" after the date when overdue reminders are on, "" otherwise.
// A run that missed a stage (the server was down) sends the current one
// only.
func RemindStage(due, today string, leads []int32, overdue bool) string {
	if due == "" {
		return ""
	}
	if due < today {
		if overdue {
			return StageOverdue
		}
		return ""
	}
	left := DaysBetween(today, due)
	stage := int32(-1)
	for _, l := range leads {
		if l >= int32(left) && (stage < 0 || l < stage) {
			stage = l
		}
	}
	if stage < 0 {
		return ""
	}
	return strconv.Itoa(int(stage))
}

// DaysBetween counts the calendar days from a to b (yyyy-MM-dd); 0 when either is not a date.
func DaysBetween(a, b string) int {
	ta, ok1 := timefmt.ParseDate(a)
	tb, ok2 := timefmt.ParseDate(b)
	if !ok1 || !ok2 {
		return 0
	}
	return timefmt.CalendarDays(ta, tb)
}

// RulesOf is the caller's tenant reminder rules, one per kind (the default
// for a kind the tenant did not save).
func (r *Reminders) RulesOf(ctx context.Context) ([]RemindRule, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	saved, err := r.RemindRules.List(ctx, paging.Query{}, 10)
	if err != nil {
		return nil, err
	}
	out := make([]RemindRule, 0, len(remindKinds))
	for _, k := range remindKinds {
		rule := RemindRule{Kind: k, Leads: JoinLeads(DefaultLeads), Overdue: 1}
		for _, s := range saved {
			if s.Kind == k {
				rule = s
			}
		}
		out = append(out, rule)
	}
	return out, nil
}

// SaveRule creates or updates the tenant's reminder rule of a kind (the
// tenant's configuration: the button is the check).
func (r *Reminders) SaveRule(ctx context.Context, in RemindRule) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	if _, ok := KindNames[in.Kind]; !ok {
		return errs.BadRequest("提醒类型只能是 1 维护保养 或 2 检测检验")
	}
	leads, err := ParseLeads(in.Leads)
	if err != nil {
		return err
	}
	if in.Overdue != 0 && in.Overdue != 1 {
		return errs.BadRequest("逾期提醒只能是 0 不提醒 或 1 提醒")
	}
	if len(leads) == 0 && in.Overdue == 0 {
		return errs.BadRequest("请至少设置一个提前提醒天数或开启逾期提醒")
	}
	in.Leads = JoinLeads(leads)
	return r.Tx.Tx(ctx, func(ctx context.Context) error {
		old, err := r.RemindRules.FindBy(ctx, "kind = ? AND is_deleted = 0", in.Kind)
		if err != nil {
			return err
		}
		if old == nil {
			return r.RemindRules.Create(ctx, &RemindRule{Kind: in.Kind, Leads: in.Leads, Overdue: in.Overdue})
		}
		_, err = r.RemindRules.UpdateFields(ctx, []int64{old.ID}, map[string]any{"leads": in.Leads, "overdue": in.Overdue})
		return err
	})
}

// RunNow sends the caller's tenant reminders that are due and not yet
// sent (a manager's "send now"; the job does the same every hour).
func (r *Reminders) RunNow(ctx context.Context) (int, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return 0, err
	}
	ok, err := r.manager(ctx, id)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, errs.Forbidden("只有安全管理人员可以立即发送到期提醒")
	}
	return r.RemindTenant(ident.ForTenant(ctx, id.TenantID), id.TenantID)
}

// RemindAll runs RemindTenant for every tenant with equipment (the job).
func (r *Reminders) RemindAll(ctx context.Context) (int, error) {
	tenants, err := r.Tenants(ident.AsSystem(ctx))
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, t := range tenants {
		if ctx.Err() != nil {
			return sent, ctx.Err()
		}
		n, err := r.RemindTenant(ident.ForTenant(ctx, t), t)
		sent += n
		if err != nil {
			slog.Warn("equipment reminders", "tenant", t, "err", err)
		}
	}
	return sent, nil
}

type pending struct {
	e     Equipment
	kind  int32
	due   string
	stage string
	hours bool // a run-hour plan's maintenance (due is "h" and its run hours)
}

// Stages of a run-hour plan's reminder: within the lead hours, and reached.
const (
	StageHoursLead = "h-lead"
	StageHoursDue  = "h-due"
)

// HoursDueKey names a run-hour maintenance in the sent markers ("h1500":
// the next maintenance at 1,500 run hours), so each is reminded once per
// stage whatever the readings in between.
func HoursDueKey(next float64) string { return "h" + fmtHours(next) }

// RemindTenant raises the due reminders of one tenant (ctx acts in it):
// for each equipment in use and enabled, its maintenance and detection
// dates against the tenant's rules. Each reminder's marker and event are
// written in one transaction; a marker already there (another replica, an
// earlier run) skips it.
func (r *Reminders) RemindTenant(ctx context.Context, tenant string) (int, error) {
	rules, err := r.RulesOf(ctx)
	if err != nil {
		return 0, err
	}
	type ruleOf struct {
		leads   []int32
		overdue bool
	}
	byKind := map[int32]ruleOf{}
	widest := int32(0)
	for _, rl := range rules {
		leads, err := ParseLeads(rl.Leads)
		if err != nil {
			leads = DefaultLeads
		}
		byKind[rl.Kind] = ruleOf{leads, rl.Overdue == 1}
		if len(leads) > 0 && leads[0] > widest {
			widest = leads[0]
		}
	}
	today := r.Today()
	items, err := r.Items.List(ctx, paging.Query{Ascs: "nextDue", Filters: map[string]string{
		"nextDue_ge": "1900-01-01", "nextDue_le": AddDays(today, int(widest)),
		"lifecycle_equal": strconv.Itoa(LifecycleInUse), "enable_equal": strconv.Itoa(EnableOn)}}, remindBatch)
	if err != nil {
		return 0, err
	}
	// Run-hour plans at their lead hours or past them: the lead hours are
	// the plan's own, the overdue setting the maintenance rule's.
	byHours, err := r.Items.List(ctx, paging.Query{Filters: map[string]string{
		"hoursDue_ge": strconv.Itoa(DueSoon), "maintainMode_equal": strconv.Itoa(ModeRunHours),
		"lifecycle_equal": strconv.Itoa(LifecycleInUse), "enable_equal": strconv.Itoa(EnableOn)}}, remindBatch)
	if err != nil {
		return 0, err
	}
	var todo []pending
	for _, e := range byHours {
		st := StageHoursLead
		if e.HoursDue == DueOverdue {
			st = StageHoursDue
		}
		if e.ResponsibleUserID != 0 {
			todo = append(todo, pending{e: e, kind: KindMaintain, due: HoursDueKey(e.NextMaintainHours), stage: st, hours: true})
		}
	}
	for _, e := range items {
		for _, k := range remindKinds {
			due := e.NextMaintainDate
			if k == KindDetect {
				due = e.NextDetectDate
			}
			rl := byKind[k]
			if e.ResponsibleUserID == 0 {
				continue
			}
			if st := RemindStage(due, today, rl.leads, rl.overdue); st != "" {
				todo = append(todo, pending{e: e, kind: k, due: due, stage: st})
			}
		}
	}
	sent := 0
	for _, p := range todo {
		done, err := r.Notices.Exists(ctx, 0, "equipment_id = ? AND kind = ? AND due_date = ? AND stage = ?", p.e.ID, p.kind, p.due, p.stage)
		if err != nil {
			return sent, err
		}
		if done {
			continue
		}
		err = r.Tx.Tx(ctx, func(ctx context.Context) error {
			if err := r.Notices.Create(ctx, &RemindNotice{EquipmentID: p.e.ID, Kind: p.kind, DueDate: p.due, Stage: p.stage}); err != nil {
				return err
			}
			if p.hours {
				return r.Events.Add(ctx, SubjectDue, tenant, map[string]any{
					"equipmentId": strconv.FormatInt(p.e.ID, 10), "equipmentCode": p.e.Code, "equipmentName": p.e.Name,
					"kind": p.kind, "kindName": KindNames[p.kind], "byRunHours": true, "stage": p.stage,
					"dueHours": fmtHours(p.e.NextMaintainHours), "runHours": fmtHours(p.e.RunHours), "hoursLeft": fmtHours(HoursLeft(&p.e)),
					"overdue":           p.stage == StageHoursDue,
					"responsibleUserId": strconv.FormatInt(p.e.ResponsibleUserID, 10), "responsibleUserName": p.e.ResponsibleName,
					"link": "/companyBasic/production/equipmentMaintenance?equipmentId=" + strconv.FormatInt(p.e.ID, 10),
				})
			}
			days := DaysBetween(today, p.due)
			return r.Events.Add(ctx, SubjectDue, tenant, map[string]any{
				"equipmentId": strconv.FormatInt(p.e.ID, 10), "equipmentCode": p.e.Code, "equipmentName": p.e.Name,
				"kind": p.kind, "kindName": KindNames[p.kind], "dueDate": p.due, "daysLeft": days,
				"overdue": p.stage == StageOverdue, "dueToday": days == 0, "stage": p.stage,
				"responsibleUserId": strconv.FormatInt(p.e.ResponsibleUserID, 10), "responsibleUserName": p.e.ResponsibleName,
				"link": "/companyBasic/production/detection?equipmentId=" + strconv.FormatInt(p.e.ID, 10),
			})
		})
		if errs.Code(err) == codes.AlreadyExists {
			continue // another replica sent it
		}
		if err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}
