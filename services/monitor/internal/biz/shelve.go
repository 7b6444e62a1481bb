package biz

import (
	"context"
	"errors"
	"strings"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/valid"
	"anquan/monitor/internal/biz/alarm"
)

// Shelving bounds (ISA-18.2 section 11: a shelve is always time-limited);
// the longest shelve is the tenant's rule (RuleShelveMax).
const (
	ShelveReasonMax = 200
	// MaxShelveIDs bounds the alarms of one shelve call.
	MaxShelveIDs = 100
)

// ValidateShelve checks a shelve's duration and reason.
func ValidateShelve(minutes int32, reason string, maxMinutes int32) error {
	if minutes < 1 || minutes > maxMinutes {
		return errs.BadRequest("搁置时长应为 1 到 %d 分钟", maxMinutes)
	}
	_, err := valid.Text("搁置原因", reason, ShelveReasonMax)
	return err
}

// alarmsToHandle loads alarms (ids) of the caller's tenant and their points,
// and refuses when one is missing or its point is out of the caller's scope.
func (m *Monitor) alarmsToHandle(ctx context.Context, ids []int64, verb string) ([]Alarm, map[int64]*Point, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, nil, err
	}
	if len(ids) == 0 || len(ids) > MaxShelveIDs {
		return nil, nil, errs.BadRequest("一次可%s 1 到 %d 条报警", verb, MaxShelveIDs)
	}
	alarms, err := m.Q.AlarmsByIDs(ctx, ids)
	if err != nil {
		return nil, nil, err
	}
	if len(alarms) != len(ids) {
		return nil, nil, errs.NotFound("报警记录不存在")
	}
	pids := make([]int64, len(alarms))
	for i := range alarms {
		pids[i] = alarms[i].PointID
	}
	byID, err := m.pointsByID(ctx, pids)
	if err != nil {
		return nil, nil, err
	}
	for i := range alarms {
		p := byID[alarms[i].PointID]
		if p == nil {
			return nil, nil, errs.Rule("POINT_REMOVED", "点位「%s」已删除,报警不能%s", alarms[i].PointCode, verb)
		}
		if !PointInScope(id, p) {
			return nil, nil, errs.Forbidden("点位「%s」不在您的数据权限范围内,不能%s其报警", p.Name, verb)
		}
	}
	return alarms, byID, nil
}

// ShelveAlarms shelves open alarms for minutes (1 to the tenant's longest
// shelve) with a reason, as the caller: while shelved, the point's incidents are recorded
// but not announced; the shelve ends by itself at its expiry. Oxygen alarms
// and gas level 2 are never shelved.
func (m *Monitor) ShelveAlarms(ctx context.Context, ids []int64, minutes int32, reason string) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	rules, err := m.RulesNow(ctx)
	if err != nil {
		return err
	}
	if err := ValidateShelve(minutes, reason, rules.ShelveMaxMinutes); err != nil {
		return err
	}
	alarms, points, err := m.alarmsToHandle(ctx, ids, "搁置")
	if err != nil {
		return err
	}
	for i := range alarms {
		a := &alarms[i]
		if points[a.PointID].GasType == GasOxygen {
			return errs.Rule("NOT_SHELVABLE", "「%s」是氧含量报警,不能搁置", a.PointCode)
		}
		if a.State == string(alarm.Normal) {
			return errs.Rule("ALARM_OVER", "报警「%s」已结束,无需搁置", a.PointCode)
		}
	}
	id, _ := ident.Caller(ctx)
	now := m.Now()
	until := now.Add(time.Duration(minutes) * time.Minute)
	for i := range alarms {
		a := &alarms[i]
		err := m.Engine.Shelve(ctx, ShelveRequest{Tenant: id.TenantID, PointID: a.PointID, Until: until, Reason: strings.TrimSpace(reason), At: now})
		switch {
		case errors.Is(err, alarm.ErrNotShelvable):
			return errs.Rule("NOT_SHELVABLE", "「%s」的气体二级报警(锁存)不能搁置", a.PointCode)
		case errors.Is(err, alarm.ErrNothingToShelve), errors.Is(err, ErrNotOpen):
			return errs.Rule("ALARM_OVER", "报警「%s」已结束,无需搁置", a.PointCode)
		case err != nil:
			return err
		}
	}
	return nil
}

// UnshelveAlarms lifts the shelve of the alarms' points as the caller; the
// alarms of the points are announced again from now on.
func (m *Monitor) UnshelveAlarms(ctx context.Context, ids []int64) error {
	alarms, _, err := m.alarmsToHandle(ctx, ids, "取消搁置")
	if err != nil {
		return err
	}
	id, _ := ident.Caller(ctx)
	now := m.Now()
	done := map[int64]bool{}
	for i := range alarms {
		a := &alarms[i]
		if done[a.PointID] {
			continue
		}
		done[a.PointID] = true
		err := m.Engine.Shelve(ctx, ShelveRequest{Tenant: id.TenantID, PointID: a.PointID, Lift: true, At: now})
		switch {
		case errors.Is(err, alarm.ErrNotShelved), errors.Is(err, ErrNotOpen):
			return errs.Rule("NOT_SHELVED", "报警「%s」未处于搁置状态", a.PointCode)
		case err != nil:
			return err
		}
	}
	return nil
}
