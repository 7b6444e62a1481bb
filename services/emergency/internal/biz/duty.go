package biz

import (
	"context"
	"sort"
	"strings"
	"time"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
	"anquan/kit/valid"
)

// On-duty staff (值班值守): rosters of a department or a post, each a date
// range with a daily shift, its leader and the people on duty; a person is
// never rostered in two overlapping shifts. Object-level: a roster is
// changed by its leader, its creator or a caller whose data scope holds the
// creator's department.

// Duty types (spec 3.1 "Duty type: 0 department, 1 post").
const (
	DutyDept int32 = 0
	DutyPost int32 = 1
)

// DutyTypeNames name the duty types.
var DutyTypeNames = map[int32]string{DutyDept: "部门", DutyPost: "岗位"}

// Bounds of a roster.
const (
	MaxDutyDays   = 31
	MaxDutyPeople = 50
)

// Duty is a duty roster (值班排班).
type Duty struct {
	db.Base
	DutyType     int32     `gorm:"not null;default:0"`
	OrgID        int64     `gorm:"not null;default:0"`
	OrgName      string    `gorm:"size:100;not null;default:''"`
	StartDate    time.Time `gorm:"not null"`
	EndDate      time.Time `gorm:"not null"`
	ShiftName    string    `gorm:"size:20;not null;default:''"`
	ShiftStart   string    `gorm:"size:5;not null"`
	ShiftEnd     string    `gorm:"size:5;not null"`
	LeaderUserID int64     `gorm:"not null;default:0"`
	LeaderName   string    `gorm:"size:50;not null;default:''"`
	Phone        string    `gorm:"size:30;not null;default:''"`
	PersonNames  string    `gorm:"size:1000;not null;default:''"`
	Remark       string    `gorm:"size:500;not null;default:''"`
}

func (Duty) TableName() string { return "emergency_duty" }

// DutyPerson is a person on a roster (the leader too, marked); the dates
// are the roster's, copied for the overlap search.
type DutyPerson struct {
	db.Base
	DutyID    int64     `gorm:"not null"`
	UserID    int64     `gorm:"not null"`
	UserName  string    `gorm:"size:50;not null;default:''"`
	Phone     string    `gorm:"size:30;not null;default:''"`
	Leader    bool      `gorm:"not null;default:false"`
	StartDate time.Time `gorm:"not null"`
	EndDate   time.Time `gorm:"not null"`
}

func (DutyPerson) TableName() string { return "emergency_duty_person" }

// Shift is one day's shift of a roster: [From, To).
type Shift struct{ From, To time.Time }

// clock reads HH:mm as minutes after midnight.
func clock(s string) (int, bool) {
	t, err := time.Parse("15:04", s)
	if err != nil || len(s) != 5 {
		return 0, false
	}
	return t.Hour()*60 + t.Minute(), true
}

// civil is t's calendar day at midnight in the tenant's zone.
func civil(t time.Time) time.Time {
	y, m, d := t.In(timefmt.Zone).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, timefmt.Zone)
}

// Shifts are the roster's daily shifts from its start date to its end date;
// a shift whose end is not after its start ends the next day (equal: 24 h).
func (d *Duty) Shifts() []Shift {
	from, _ := clock(d.ShiftStart)
	to, _ := clock(d.ShiftEnd)
	if to <= from {
		to += 24 * 60
	}
	var out []Shift
	end := civil(d.EndDate)
	for day := civil(d.StartDate); !day.After(end) && len(out) <= MaxDutyDays; day = day.AddDate(0, 0, 1) {
		out = append(out, Shift{From: day.Add(time.Duration(from) * time.Minute), To: day.Add(time.Duration(to) * time.Minute)})
	}
	return out
}

// FirstOverlap is the first shift of a that overlaps a shift of b.
func FirstOverlap(a, b *Duty) (Shift, bool) {
	bs := b.Shifts()
	for _, x := range a.Shifts() {
		for _, y := range bs {
			if x.From.Before(y.To) && y.From.Before(x.To) {
				return x, true
			}
		}
	}
	return Shift{}, false
}

// ValidateDuty checks a roster's own fields (not its people's other shifts).
func ValidateDuty(d *Duty) error {
	if d.DutyType != DutyDept && d.DutyType != DutyPost {
		return errs.BadRequest("值班类型只能为 0 部门或 1 岗位")
	}
	var err error
	if d.OrgName, err = valid.Text(DutyTypeNames[d.DutyType]+"名称", d.OrgName, 100); err != nil {
		return err
	}
	if d.ShiftName, err = valid.Optional("班次名称", d.ShiftName, 20); err != nil {
		return err
	}
	if d.Remark, err = valid.Optional("备注", d.Remark, 500); err != nil {
		return err
	}
	if d.Phone, err = valid.Optional("值班电话", d.Phone, 30); err != nil {
		return err
	}
	if d.StartDate.IsZero() || d.EndDate.IsZero() {
		return errs.BadRequest("请填写值班开始日期和结束日期")
	}
	if civil(d.EndDate).Before(civil(d.StartDate)) {
		return errs.BadRequest("值班结束日期不能早于开始日期")
	}
	if civil(d.StartDate).AddDate(0, 0, MaxDutyDays-1).Before(civil(d.EndDate)) {
		return errs.BadRequest("一次排班不能超过 %d 天", MaxDutyDays)
	}
	if _, ok := clock(d.ShiftStart); !ok {
		return errs.BadRequest("班次开始时间格式错误,应为 HH:mm")
	}
	if _, ok := clock(d.ShiftEnd); !ok {
		return errs.BadRequest("班次结束时间格式错误,应为 HH:mm")
	}
	if !PhoneOK(d.Phone) {
		return errs.BadRequest("值班电话格式不正确")
	}
	return nil
}

// DutyQueries are the roster reads the generic store cannot express.
type DutyQueries interface {
	// DutyPeople are the people rows of the rosters.
	DutyPeople(ctx context.Context, dutyIDs []int64) ([]DutyPerson, error)
	// Clashing are the rosters other than exceptID with any of users on a
	// day in [from, to].
	Clashing(ctx context.Context, exceptID int64, users []int64, from, to time.Time) ([]Duty, error)
	// DutiesBetween are the rosters with a day in [from, to].
	DutiesBetween(ctx context.Context, from, to time.Time) ([]Duty, error)
	// ReplacePeople replaces a roster's people rows.
	ReplacePeople(ctx context.Context, dutyID int64, people []*DutyPerson) error
	// RemovePeople removes the people rows of the rosters.
	RemovePeople(ctx context.Context, dutyIDs []int64) error
}

// Names looks up users of the tenant (kit/people over blade-user).
type Names interface {
	Names(ctx context.Context, tenantID string, ids []int64) (map[int64]string, error)
}

// SubmitDuty creates or edits a roster: the people are users of the
// tenant (names read from blade-user), the leader among them, and none of
// them in an overlapping shift of another roster.
func (e *Emergency) SubmitDuty(ctx context.Context, d *Duty, people []DutyPerson) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	var old *Duty
	if d.ID != 0 {
		if old, err = e.Duties.Get(ctx, d.ID); err != nil {
			return err
		}
		if !inScope(id, &old.Base, old.LeaderUserID) {
			return outOfScope("值班排班", old.OrgName, "修改")
		}
	}
	if err := ValidateDuty(d); err != nil {
		return err
	}
	if len(people) == 0 && d.LeaderUserID == 0 {
		return errs.BadRequest("请选择值班人员")
	}
	if len(people) > MaxDutyPeople {
		return errs.BadRequest("值班人员不能超过 %d 人", MaxDutyPeople)
	}
	// The people, the leader among them (once each).
	seen := map[int64]int{}
	var rows []*DutyPerson
	add := func(p DutyPerson) error {
		if p.UserID <= 0 {
			return errs.BadRequest("请选择值班人员")
		}
		p.Phone = strings.TrimSpace(p.Phone)
		if !PhoneOK(p.Phone) {
			return errs.BadRequest("值班人员的联系电话格式不正确")
		}
		if i, dup := seen[p.UserID]; dup {
			rows[i].Leader = rows[i].Leader || p.Leader
			if rows[i].Phone == "" {
				rows[i].Phone = p.Phone
			}
			return nil
		}
		seen[p.UserID] = len(rows)
		rows = append(rows, &DutyPerson{UserID: p.UserID, Phone: p.Phone, Leader: p.Leader})
		return nil
	}
	for _, p := range people {
		p.Leader = p.UserID == d.LeaderUserID
		if err := add(p); err != nil {
			return err
		}
	}
	if d.LeaderUserID != 0 {
		if err := add(DutyPerson{UserID: d.LeaderUserID, Phone: d.Phone, Leader: true}); err != nil {
			return err
		}
	}
	ids := make([]int64, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.UserID)
	}
	names, err := e.Names.Names(ctx, id.TenantID, ids)
	if err != nil {
		return err
	}
	var list []string
	for _, r := range rows {
		name, ok := names[r.UserID]
		if !ok {
			return errs.BadRequest("所选人员(%d)不存在或不属于本租户", r.UserID)
		}
		r.UserName = name
		if r.Leader {
			d.LeaderName = name
		} else {
			list = append(list, name)
		}
	}
	if d.LeaderUserID == 0 {
		d.LeaderName = ""
	}
	d.PersonNames = truncate(strings.Join(list, "、"), 1000)
	d.StartDate, d.EndDate = civil(d.StartDate), civil(d.EndDate)
	return e.Tx.Tx(ctx, func(ctx context.Context) error {
		// The other rosters of these people from the day before (a night
		// shift runs into the next day) to the day after.
		others, err := e.DutyQ.Clashing(ctx, d.ID, ids, d.StartDate.AddDate(0, 0, -1), d.EndDate.AddDate(0, 0, 1))
		if err != nil {
			return err
		}
		if len(others) > 0 {
			oids := make([]int64, 0, len(others))
			for _, o := range others {
				oids = append(oids, o.ID)
			}
			theirs, err := e.DutyQ.DutyPeople(ctx, oids)
			if err != nil {
				return err
			}
			for i := range others {
				o := &others[i]
				sh, clash := FirstOverlap(d, o)
				if !clash {
					continue
				}
				for _, p := range theirs {
					if _, mine := seen[p.UserID]; mine && p.DutyID == o.ID {
						return errs.Rule("DUTY_OVERLAP", "%s 在 %s 已安排「%s」%s %s-%s 的值班,班次时间重叠", p.UserName,
							sh.From.Format("2006-01-02"), o.OrgName, o.ShiftName, o.ShiftStart, o.ShiftEnd)
					}
				}
			}
		}
		if d.ID == 0 {
			if err := e.Duties.Create(ctx, d); err != nil {
				return err
			}
		} else if err := e.Duties.Update(ctx, d.ID, d, "duty_type", "org_id", "org_name", "start_date", "end_date", "shift_name",
			"shift_start", "shift_end", "leader_user_id", "leader_name", "phone", "person_names", "remark", "update_user", "update_time"); err != nil {
			return err
		}
		for _, r := range rows {
			r.DutyID, r.StartDate, r.EndDate = d.ID, d.StartDate, d.EndDate
		}
		return e.DutyQ.ReplacePeople(ctx, d.ID, rows)
	})
}

// RemoveDuties removes rosters in the caller's scope with their people.
func (e *Emergency) RemoveDuties(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	var rows []Duty
	if err := e.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for i := range rows {
		if !inScope(id, &rows[i].Base, rows[i].LeaderUserID) {
			return outOfScope("值班排班", rows[i].OrgName, "删除")
		}
	}
	return e.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := e.Duties.Remove(ctx, ids); err != nil {
			return err
		}
		return e.DutyQ.RemovePeople(ctx, ids)
	})
}

// BoardItem is one shift on today's board.
type BoardItem struct {
	Duty   *Duty
	People []DutyPerson
	Shift  Shift
	Now    bool
}

// Board is every shift touching today (in the tenant's zone) at now: those
// on duty now first, then by duty type, name and start.
func (e *Emergency) Board(ctx context.Context, now time.Time) ([]BoardItem, error) {
	today := civil(now)
	tomorrow := today.AddDate(0, 0, 1)
	duties, err := e.DutyQ.DutiesBetween(ctx, today.AddDate(0, 0, -1), today)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(duties))
	for _, d := range duties {
		ids = append(ids, d.ID)
	}
	people, err := e.DutyQ.DutyPeople(ctx, ids)
	if err != nil {
		return nil, err
	}
	byDuty := map[int64][]DutyPerson{}
	for _, p := range people {
		byDuty[p.DutyID] = append(byDuty[p.DutyID], p)
	}
	var out []BoardItem
	for i := range duties {
		d := &duties[i]
		for _, s := range d.Shifts() {
			if s.From.Before(tomorrow) && today.Before(s.To) {
				out = append(out, BoardItem{Duty: d, People: byDuty[d.ID], Shift: s, Now: !now.Before(s.From) && now.Before(s.To)})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		switch {
		case a.Now != b.Now:
			return a.Now
		case a.Duty.DutyType != b.Duty.DutyType:
			return a.Duty.DutyType < b.Duty.DutyType
		case a.Duty.OrgName != b.Duty.OrgName:
			return a.Duty.OrgName < b.Duty.OrgName
		}
		return a.Shift.From.Before(b.Shift.From)
	})
	return out, nil
}

// PhoneOK: blank, or 3 to 30 digits with +, - and spaces (a mobile or a
// landline with its area code and extension).
func PhoneOK(s string) bool {
	if s == "" {
		return true
	}
	if len(s) < 3 || len(s) > 30 {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '-' && r != '+' && r != ' ' {
			return false
		}
	}
	return true
}
