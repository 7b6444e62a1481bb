package data

import (
	"context"

	"anquan/aichat/internal/biz"
	commonv1 "anquan/proto/blade/common/v1"
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
