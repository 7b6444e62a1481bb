package data

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"anquan/aichat/internal/biz"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
	inspectionv1 "anquan/proto/blade/inspection/v1"
	monitorv1 "anquan/proto/blade/monitor/v1"
	preventionv1 "anquan/proto/blade/prevention/v1"
	userv1 "anquan/proto/blade/user/v1"
	workticketv1 "anquan/proto/blade/workticket/v1"
)

// Tools reads the caller's data from the owning services. The dialer
// forwards the caller's token, so prevention and workticket apply the
// caller's tenant, permissions and data scope: the assistant sees exactly
// what their list pages show this user.
type Tools struct {
	Hazard preventionv1.PreventionServiceClient
	Permit workticketv1.WorkticketServiceClient
	Cert   userv1.CertificateServiceClient
	Task   inspectionv1.InspectionServiceClient
	Alarm  monitorv1.MonitorServiceClient
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Rows listed in an answer.
const listRows = 8

var (
	hazardStates = map[int32]string{10: "待评估", 0: "整改中", 1: "待验收", 9: "已验收", 8: "已作废"}
	hazardLevels = map[int32]string{0: "一般", 1: "重大"}
	ticketStates = map[int32]string{0: "未签发", 1: "已签发", 3: "已验收", 4: "已作废", 5: "已撤销"}
	jobStates    = map[int32]string{1: "待开始", 2: "作业中", 3: "已完成"}
)

func (t Tools) hazardPage(ctx context.Context, size int32, filters map[string]string) (*preventionv1.HazardPage, error) {
	return t.Hazard.PageHazard(ctx, &commonv1.PageQuery{Current: 1, Size: size, Filters: filters, Descs: "dangerLevel"})
}

// Hazards counts and lists the open hazards (待评估 10, 整改中 0, 待验收 1).
func (t Tools) Hazards(ctx context.Context) (*biz.HazardStats, error) {
	open := map[string]string{"dangerState_le": "1"}
	reported := map[string]string{"dangerState_equal": "10"}
	a, err := t.hazardPage(ctx, listRows, open)
	if err != nil {
		return nil, err
	}
	b, err := t.hazardPage(ctx, listRows, reported)
	if err != nil {
		return nil, err
	}
	out := &biz.HazardStats{Reported: int(b.Total)}
	out.Open = int(a.Total + b.Total)
	// counts by state, level and overdue
	count := func(f map[string]string) (int, error) {
		p, err := t.hazardPage(ctx, 1, f)
		if err != nil {
			return 0, err
		}
		return int(p.Total), nil
	}
	if out.ToAccept, err = count(map[string]string{"dangerState_equal": "1"}); err != nil {
		return nil, err
	}
	out.Rectifying = int(a.Total) - out.ToAccept
	m1, err := count(map[string]string{"dangerState_le": "1", "dangerLevel_equal": "1"})
	if err != nil {
		return nil, err
	}
	m2, err := count(map[string]string{"dangerState_equal": "10", "dangerLevel_equal": "1"})
	if err != nil {
		return nil, err
	}
	out.Major = m1 + m2
	o1, err := count(map[string]string{"dangerState_le": "1", "overdue_equal": "1"})
	if err != nil {
		return nil, err
	}
	o2, err := count(map[string]string{"dangerState_equal": "10", "overdue_equal": "1"})
	if err != nil {
		return nil, err
	}
	out.Overdue = o1 + o2
	for _, r := range append(a.Records, b.Records...) {
		if len(out.Rows) == listRows {
			break
		}
		out.Rows = append(out.Rows, biz.HazardRow{ID: r.Id, Name: r.DangerName, Level: hazardLevels[r.DangerLevel], State: hazardStates[r.DangerState],
			Deadline: r.Deadline, Liable: r.LiableUserName, Overdue: r.Overdue == 1})
	}
	return out, nil
}

// TodayPermits reads today's special work (the 特殊作业报备 report).
func (t Tools) TodayPermits(ctx context.Context) (*biz.PermitStats, error) {
	p, err := t.Permit.TodayReport(ctx, &commonv1.PageQuery{Current: 1, Size: 500})
	if err != nil {
		return nil, err
	}
	out := &biz.PermitStats{Total: int(p.Total)}
	idx := map[string]int{}
	for _, r := range p.Records {
		name := r.WorkTypeName
		if name == "" {
			name = r.WorkType
		}
		if i, ok := idx[name]; ok {
			out.ByType[i].N++
		} else {
			idx[name] = len(out.ByType)
			out.ByType = append(out.ByType, biz.Count{Name: name, N: 1})
		}
		if len(out.Rows) < listRows {
			st := jobStates[r.JobStatus]
			switch {
			case r.TicketStatus == 0 || r.TicketStatus >= 3:
				st = ticketStates[r.TicketStatus]
			case r.Paused:
				st = "已暂停"
			}
			out.Rows = append(out.Rows, biz.PermitRow{ID: r.Id, No: r.TicketNo, WorkType: r.WorkType, Type: name, Level: r.LevelName,
				Location: r.Location, Status: st, Start: r.PlanStartTime})
		}
	}
	if int(p.Total) > len(p.Records) {
		// more than one page: the by-type counts cover the first 500 only
		out.ByType = append(out.ByType, biz.Count{Name: "其余未分类", N: int(p.Total) - len(p.Records)})
	}
	return out, nil
}

// Certificates reads the 证书到期提醒 window: expired and expiring
// certificates, soonest first.
func (t Tools) Certificates(ctx context.Context) (*biz.CertStats, error) {
	r, err := t.Cert.ExpireInfo(ctx, &commonv1.PageQuery{Current: 1, Size: listRows, Ascs: "expireDate"})
	if err != nil {
		return nil, err
	}
	out := &biz.CertStats{Expired: int(r.ExpiredCount), Expiring: int(r.ExpiringCount), Until: r.Until}
	for _, c := range r.Records {
		out.Rows = append(out.Rows, biz.CertRow{Holder: c.UserName, Kind: c.KindName, No: c.CertificateNo, Expire: c.ExpireDate, DaysLeft: int(c.DaysLeft)})
	}
	return out, nil
}

// dueCounted bounds the tasks read to count the overdue ones.
const dueCounted = 500

// DueFilters are the task list's filters of the tasks due at now: open
// (state 0; the list shows those past their end as 已超期) and started.
func DueFilters(now time.Time) map[string]string {
	return map[string]string{"state_equal": "0", "startAt_datele": timefmt.Format(now)}
}

// InspectionsDue reads the open inspection tasks whose window has begun,
// from the task list as the caller sees it.
func (t Tools) InspectionsDue(ctx context.Context) (*biz.InspectionStats, error) {
	now := time.Now()
	if t.Now != nil {
		now = t.Now()
	}
	p, err := t.Task.TaskPageList(ctx, &commonv1.PageQuery{Current: 1, Size: dueCounted, Filters: DueFilters(now), Ascs: "startAt"})
	if err != nil {
		return nil, err
	}
	out := &biz.InspectionStats{Due: int(p.Total), Counted: len(p.Records)}
	for _, r := range p.Records {
		over := r.State == 2
		if over {
			out.Overdue++
		}
		if r.Mine {
			out.Mine++
		}
		if len(out.Rows) < listRows {
			out.Rows = append(out.Rows, biz.InspectionRow{ID: r.Id, Plan: r.PlanName, Inspector: r.InspectorName, Start: r.StartTime, End: r.EndTime, Overdue: over})
		}
	}
	return out, nil
}

var (
	alarmLevels = []string{"HH", "H", "L", "LL"}
	alarmStates = map[string]string{"ACTIVE_UNACK": "报警未确认", "ACTIVE_ACK": "报警已确认", "RTN_UNACK": "已恢复未确认", "LATCHED": "锁存"}
)

// ActiveAlarms reads the monitoring alarms active now (the alarm board's
// list as the caller sees it), the critical and unacknowledged first.
func (t Tools) ActiveAlarms(ctx context.Context) (*biz.AlarmStats, error) {
	l, err := t.Alarm.AlarmActive(ctx, &commonv1.Empty{})
	if err != nil {
		return nil, err
	}
	out := &biz.AlarmStats{Active: len(l.Items)}
	by := map[string]int{}
	for _, a := range l.Items {
		by[a.Level]++
		if a.State == "ACTIVE_UNACK" || a.State == "RTN_UNACK" {
			out.Unacked++
		}
		if a.Critical {
			out.Critical++
		}
		if a.Shelved {
			out.Shelved++
		}
	}
	for _, lv := range alarmLevels {
		if by[lv] > 0 {
			out.ByLevel = append(out.ByLevel, biz.Count{Name: lv, N: by[lv]})
		}
	}
	items := slices.Clone(l.Items)
	slices.SortStableFunc(items, func(a, b *monitorv1.Alarm) int {
		return cmp.Or(-cmp.Compare(b2i(a.Critical), b2i(b.Critical)), -cmp.Compare(b2i(a.State == "ACTIVE_UNACK"), b2i(b.State == "ACTIVE_UNACK")))
	})
	for _, a := range items {
		if len(out.Rows) == listRows {
			break
		}
		st := alarmStates[a.State]
		if st == "" {
			st = a.State
		}
		out.Rows = append(out.Rows, biz.AlarmRow{ID: a.Id, Point: a.PointName, Level: a.Level, State: st,
			Value: fmt.Sprintf("%g %s", a.Value, a.Unit), RaisedAt: a.RaisedAt})
	}
	return out, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
