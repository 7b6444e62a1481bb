package biz

import (
	"context"
	"strconv"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	"anquan/kit/valid"
)

// Hold bounds: a hold is always time-limited, at most HoldMaxDays.
const (
	HoldMaxDays   = 30
	HoldReasonMax = 200
)

// ValidateHold checks a hold's kind, permit, reason and end at now.
func ValidateHold(h *Hold, now time.Time) error {
	if _, ok := HoldKinds[h.Kind]; !ok {
		return errs.BadRequest("停用类型应为 1 (标定)、2 (作业票) 或 3 (检修)")
	}
	if h.Kind == HoldPermit && h.PermitID <= 0 {
		return errs.BadRequest("作业票停用请填写作业票")
	}
	if h.Kind != HoldPermit {
		h.PermitID = 0
	}
	var err error
	if h.Reason, err = valid.Text("停用原因", h.Reason, HoldReasonMax); err != nil {
		return err
	}
	if !h.Until.After(now) {
		return errs.BadRequest("停用截止时间应晚于当前时间")
	}
	if h.Until.After(now.AddDate(0, 0, HoldMaxDays)) {
		return errs.BadRequest("停用时长不能超过 %d 天", HoldMaxDays)
	}
	return nil
}

// Object-level rule of holds: a point is held, and its hold ended, by the
// people who may change the point (PointInScope).

// SubmitHold holds a point out of service from now until h.Until, as the
// caller: its alarms are stored, flagged suppressed and not announced
// (oxygen and gas level 2 are announced whatever holds); the hold ends by
// itself at its end, or by hand (EndHolds). One hold at a time per point.
func (m *Monitor) SubmitHold(ctx context.Context, h *Hold) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	now := m.Now()
	if err := ValidateHold(h, now); err != nil {
		return err
	}
	points, err := m.Q.PointsByIDs(ctx, []int64{h.PointID})
	if err != nil {
		return err
	}
	if len(points) == 0 {
		return errs.NotFound("监测点位不存在")
	}
	p := &points[0]
	if !PointInScope(id, p) {
		return errs.Forbidden("监测点位「%s」不在您的数据权限范围内,不能停用", p.Name)
	}
	if h.PermitNo, err = m.permitOf(ctx, h, now); err != nil {
		return err
	}
	name := id.DisplayName()
	h.ID = 0
	h.PointCode, h.PointName, h.StartAt, h.ByName, h.EndedAt, h.EndedBy, h.EndedByName = p.Code, p.Name, now, name, nil, 0, ""
	err = m.Tx.Tx(ctx, func(ctx context.Context) error {
		held, err := m.Q.HoldsInForce(ctx, []int64{p.ID}, now)
		if err != nil {
			return err
		}
		if len(held) > 0 {
			return errs.Rule("HELD", "点位「%s」已停用至 %s,请先结束该停用", p.Code, held[0].Until.In(zone()).Format("2006-01-02 15:04"))
		}
		return m.Holds.Create(ctx, h)
	})
	if err != nil {
		return err
	}
	return m.engineHold(ctx, HoldRequest{Tenant: id.TenantID, PointID: p.ID, HoldID: h.ID, Until: h.Until, At: now})
}

// permitOf checks the work permit of a permit hold (作业票停用): the
// caller sees it in n-work-ticket, it is issued and its work not finished,
// and the hold ends no later than the permit's planned end, so no point
// stays silent past the work it was held for. It answers the permit's
// number ("" for other kinds).
func (m *Monitor) permitOf(ctx context.Context, h *Hold, now time.Time) (string, error) {
	if h.Kind != HoldPermit {
		return "", nil
	}
	if m.Permits == nil {
		return "", errs.Unavailable("作业票服务不可用,暂不能按作业票停用")
	}
	ref, found, err := m.Permits.Permit(ctx, h.PermitID)
	if err != nil {
		return "", err
	}
	if !found {
		return "", errs.BadRequest("作业票不存在或您无权查看")
	}
	if !ref.Open {
		return "", errs.Rule("PERMIT_NOT_OPEN", "作业票「%s」未签发或已结束,不能按其停用点位", ref.No)
	}
	if !ref.PlanEnd.After(now) {
		return "", errs.Rule("PERMIT_OVERDUE", "作业票「%s」已过计划结束时间 %s,不能按其停用点位", ref.No, ref.PlanEnd.In(zone()).Format("2006-01-02 15:04"))
	}
	if h.Until.After(ref.PlanEnd) {
		return "", errs.BadRequest("停用截止时间不能晚于作业票「%s」的计划结束时间 %s", ref.No, ref.PlanEnd.In(zone()).Format("2006-01-02 15:04"))
	}
	return ref.No, nil
}

func (m *Monitor) engineHold(ctx context.Context, r HoldRequest) error {
	err := m.Engine.Hold(context.WithoutCancel(ctx), r)
	if err == ErrNotOpen {
		return nil // the point has no gateway yet: the hold is stored, the engine reads it at start
	}
	return err
}

// MaxHoldIDs bounds the holds of one call.
const MaxHoldIDs = 100

// EndHolds ends holds in force by hand, as the caller; an alarm of the
// point still active is announced from now on.
func (m *Monitor) EndHolds(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if len(ids) == 0 || len(ids) > MaxHoldIDs {
		return errs.BadRequest("一次可结束 1 到 %d 条停用", MaxHoldIDs)
	}
	now := m.Now()
	holds := make([]*Hold, 0, len(ids))
	pids := make([]int64, 0, len(ids))
	for _, hid := range ids {
		h, err := m.Holds.Get(ctx, hid)
		if err != nil {
			return err
		}
		if !h.InForce(now) {
			return errs.Rule("HOLD_OVER", "点位「%s」的停用已结束", h.PointCode)
		}
		holds = append(holds, h)
		pids = append(pids, h.PointID)
	}
	byID, err := m.pointsByID(ctx, pids)
	if err != nil {
		return err
	}
	for _, h := range holds {
		if p := byID[h.PointID]; p != nil && !PointInScope(id, p) {
			return errs.Forbidden("监测点位「%s」不在您的数据权限范围内,不能结束其停用", p.Name)
		}
	}
	name := id.DisplayName()
	for _, h := range holds {
		if err := m.Q.EndHold(ctx, h.ID, now, id.UserID, name); err != nil {
			return err
		}
		if byID[h.PointID] == nil {
			continue // the point was removed
		}
		if err := m.engineHold(ctx, HoldRequest{Tenant: id.TenantID, PointID: h.PointID, HoldID: h.ID, End: true, At: now}); err != nil {
			return err
		}
	}
	return nil
}

// HeldPoints are the caller tenant's holds in force now among points.
func (m *Monitor) HeldPoints(ctx context.Context, ids []int64) (map[int64]Hold, error) {
	out := map[int64]Hold{}
	if len(ids) == 0 {
		return out, nil
	}
	hs, err := m.Q.HoldsInForce(ctx, ids, m.Now())
	for _, h := range hs {
		out[h.PointID] = h
	}
	return out, err
}

func zone() *time.Location { return timefmt.Zone }

// PermitClosedSubject is n-work-ticket's event of a permit whose work is
// over (completed, voided or revoked).
const PermitClosedSubject = "anquan.workticket.ticket.closed"

// EndPermitHolds ends the holds in force made for a permit whose work is
// over, so its points alarm again at once instead of staying silent until
// the hold's own end. Signed by the system; idempotent (an event delivered
// twice finds nothing left to end).
func (m *Monitor) EndPermitHolds(ctx context.Context, tenant string, permitID int64, ticketNo string) error {
	ctx = ident.ForTenant(ctx, tenant)
	now := m.Now()
	holds, err := m.Holds.List(ctx, paging.Query{Filters: map[string]string{"permitId_equal": strconv.FormatInt(permitID, 10)}}, MaxHoldIDs)
	if err != nil {
		return err
	}
	for i := range holds {
		h := &holds[i]
		if h.Kind != HoldPermit || !h.InForce(now) {
			continue
		}
		if err := m.Q.EndHold(ctx, h.ID, now, 0, "作业票"+ticketNo+"已结束"); err != nil {
			return err
		}
		if err := m.engineHold(ctx, HoldRequest{Tenant: tenant, PointID: h.PointID, HoldID: h.ID, End: true, At: now}); err != nil {
			return err
		}
	}
	return nil
}
