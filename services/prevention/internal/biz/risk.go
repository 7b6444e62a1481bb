package biz

import (
	"context"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	"anquan/kit/valid"
)

// ---------------------------------------------------------------- objects

// SaveObject inserts (no id) or updates a 风险分析对象.
func (p *Prevention) SaveObject(ctx context.Context, o *RiskObject) error {
	o.Name, o.Code = strings.TrimSpace(o.Name), strings.TrimSpace(o.Code)
	if err := valid.Required("对象名称", o.Name); err != nil {
		return err
	}
	if err := valid.MaxLen("对象名称", o.Name, 100); err != nil {
		return err
	}
	if err := valid.MaxLen("备注", o.Remark, 500); err != nil {
		return err
	}
	if o.AreaID <= 0 {
		return errs.BadRequest("请选择所属区域")
	}
	areas, err := p.Areas.Get(ctx, []int64{o.AreaID})
	if err != nil {
		return err
	}
	a, ok := areas[o.AreaID]
	if !ok {
		return errs.NotFound("所属区域不存在")
	}
	o.AreaName = a.Name
	if o.ResponsibleUserID > 0 {
		if o.ResponsibleUserName, err = p.personName(ctx, o.ResponsibleUserID, "责任人"); err != nil {
			return err
		}
	}
	if o.ID != 0 {
		old, err := p.Objects.Get(ctx, o.ID)
		if err != nil {
			return err
		}
		if err := p.objectInScope(ctx, old, o, "修改"); err != nil {
			return err
		}
	}
	if dup, err := p.Objects.Exists(ctx, o.ID, "name = ?", o.Name); err != nil {
		return err
	} else if dup {
		return errs.Duplicate("风险分析对象「%s」已存在", o.Name)
	}
	if o.ID == 0 {
		return p.Objects.Create(ctx, o)
	}
	return p.Objects.Update(ctx, o.ID, o, "name", "code", "area_id", "area_name", "dept_id", "dept_name", "responsible_user_id", "responsible_user_name", "remark")
}

// objectInScope refuses an object outside the caller's data scope, or a
// change (next, when not nil) that would move it out of it.
func (p *Prevention) objectInScope(ctx context.Context, old, next *RiskObject, verb string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if !objectInScope(id, old) {
		return outOfScope("风险分析对象", old.Name, verb)
	}
	if next != nil && !id.InScope(ownerDept(next.DeptID, old.CreateDept), old.CreateUser, next.ResponsibleUserID) {
		return outOfScope("风险分析对象", next.Name, verb+"为该部门或责任人")
	}
	return nil
}

// RemoveObjects deletes objects without units, all in the caller's data scope.
func (p *Prevention) RemoveObjects(ctx context.Context, ids []int64) error {
	var objs []RiskObject
	if err := p.Q.ByIDs(ctx, &objs, ids); err != nil {
		return err
	}
	for i := range objs {
		if err := p.objectInScope(ctx, &objs[i], nil, "删除"); err != nil {
			return err
		}
	}
	n, err := p.Q.Count(ctx, &RiskUnit{}, "object_id IN ?", ids)
	if err != nil {
		return err
	}
	if n > 0 {
		return errs.Rule("HAS_CHILDREN", "请先删除该风险分析对象下的风险分析单元")
	}
	return p.Objects.Remove(ctx, ids)
}

// DecorateObjects fills the unit counts (one query).
func (p *Prevention) DecorateObjects(ctx context.Context, rows []RiskObject) error {
	if len(rows) == 0 {
		return nil
	}
	counts, err := p.Q.GroupCount(ctx, &RiskUnit{}, "object_id", "object_id IN ?", idsOf(rows, func(o *RiskObject) int64 { return o.ID }))
	if err != nil {
		return err
	}
	for i := range rows {
		rows[i].UnitCount = counts[rows[i].ID]
	}
	return nil
}

// ---------------------------------------------------------------- units

// SaveUnit inserts or updates a 风险分析单元 (its level stays computed).
func (p *Prevention) SaveUnit(ctx context.Context, u *RiskUnit) error {
	u.Code, u.Name, u.HazardCode = strings.TrimSpace(u.Code), strings.TrimSpace(u.Name), strings.TrimSpace(u.HazardCode)
	if u.ObjectID <= 0 {
		return errs.BadRequest("请选择风险分析对象")
	}
	if err := valid.Required("单元编码", u.Code); err != nil {
		return err
	}
	if err := valid.Required("单元名称", u.Name); err != nil {
		return err
	}
	for _, c := range []struct {
		v     string
		n     int
		label string
	}{{u.Code, 50, "单元编码"}, {u.Name, 100, "单元名称"}, {u.HazardCode, 50, "重大危险源编码"}, {u.Remark, 500, "备注"}} {
		if err := valid.MaxLen(c.label, c.v, c.n); err != nil {
			return err
		}
	}
	if err := oneOf(RiskClasses, u.RiskClass, "风险类别"); err != nil {
		return err
	}
	if u.OperationState == 0 {
		u.OperationState = 1
	}
	if err := oneOf(OperationStates, u.OperationState, "运行状态"); err != nil {
		return err
	}
	if u.ResponsibleUserID <= 0 && strings.TrimSpace(u.ResponsibleUserName) == "" {
		return errs.BadRequest("请选择责任人")
	}
	if _, err := p.Objects.Get(ctx, u.ObjectID); err != nil {
		return err
	}
	if u.ResponsibleUserID > 0 {
		name, err := p.personName(ctx, u.ResponsibleUserID, "责任人")
		if err != nil {
			return err
		}
		u.ResponsibleUserName = name
	}
	if u.ID != 0 {
		old, err := p.Units.Get(ctx, u.ID)
		if err != nil {
			return err
		}
		if err := p.unitInScope(ctx, old, u, "修改"); err != nil {
			return err
		}
	}
	if dup, err := p.Units.Exists(ctx, u.ID, "code = ?", u.Code); err != nil {
		return err
	} else if dup {
		return errs.Duplicate("单元编码「%s」已存在", u.Code)
	}
	if u.ID == 0 {
		u.RiskLevel = 0
		return p.Units.Create(ctx, u)
	}
	return p.Units.Update(ctx, u.ID, u, "object_id", "code", "name", "hazard_code", "dept_id", "dept_name", "responsible_user_id", "responsible_user_name", "risk_class", "operation_state", "remark")
}

// unitInScope refuses a unit outside the caller's data scope, or a change
// (next, when not nil) that would move it out of it.
func (p *Prevention) unitInScope(ctx context.Context, old, next *RiskUnit, verb string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if !unitInScope(id, old) {
		return outOfScope("风险分析单元", old.Name, verb)
	}
	if next != nil && !id.InScope(ownerDept(next.DeptID, old.CreateDept), old.CreateUser, next.ResponsibleUserID) {
		return outOfScope("风险分析单元", next.Name, verb+"为该部门或责任人")
	}
	return nil
}

// RemoveUnits deletes units without events, all in the caller's data scope.
func (p *Prevention) RemoveUnits(ctx context.Context, ids []int64) error {
	if err := p.unitsInScope(ctx, ids, "删除"); err != nil {
		return err
	}
	n, err := p.Q.Count(ctx, &RiskEvent{}, "unit_id IN ?", ids)
	if err != nil {
		return err
	}
	if n > 0 {
		return errs.Rule("HAS_CHILDREN", "请先删除该风险分析单元下的风险事件")
	}
	return p.Units.Remove(ctx, ids)
}

// DecorateUnits fills object names, areas and event counts (two queries).
func (p *Prevention) DecorateUnits(ctx context.Context, rows []RiskUnit) error {
	if len(rows) == 0 {
		return nil
	}
	var objs []RiskObject
	if err := p.Q.ByIDs(ctx, &objs, idsOf(rows, func(u *RiskUnit) int64 { return u.ObjectID })); err != nil {
		return err
	}
	byID := map[int64]*RiskObject{}
	for i := range objs {
		byID[objs[i].ID] = &objs[i]
	}
	counts, err := p.Q.GroupCount(ctx, &RiskEvent{}, "unit_id", "unit_id IN ?", idsOf(rows, func(u *RiskUnit) int64 { return u.ID }))
	if err != nil {
		return err
	}
	for i := range rows {
		if o := byID[rows[i].ObjectID]; o != nil {
			rows[i].ObjectName, rows[i].AreaID, rows[i].AreaName = o.Name, o.AreaID, o.AreaName
		}
		rows[i].EventCount = counts[rows[i].ID]
	}
	return nil
}

// UnitTree is a unit with everything under it.
type UnitTree struct {
	Unit     *RiskUnit
	Events   []RiskEvent
	Measures []Measure
	Plans    []CheckPlan
}

// UnitFull reads a unit, its events, measures and plans in five queries
// whatever their number.
func (p *Prevention) UnitFull(ctx context.Context, id int64) (*UnitTree, error) {
	u, err := p.Units.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	one := []RiskUnit{*u}
	if err := p.DecorateUnits(ctx, one); err != nil {
		return nil, err
	}
	t := &UnitTree{Unit: &one[0]}
	by := paging.Query{Filters: map[string]string{"unitId_equal": itoa(id)}}
	if t.Events, err = p.REvents.List(ctx, by, 0); err != nil {
		return nil, err
	}
	if t.Measures, err = p.Measures.List(ctx, by, 0); err != nil {
		return nil, err
	}
	if t.Plans, err = p.Plans.List(ctx, by, 0); err != nil {
		return nil, err
	}
	events := map[int64]string{}
	for i := range t.Events {
		t.Events[i].UnitName = u.Name
		events[t.Events[i].ID] = t.Events[i].Name
	}
	measures := map[int64]string{}
	for i := range t.Measures {
		t.Measures[i].UnitName, t.Measures[i].EventName = u.Name, events[t.Measures[i].EventID]
		measures[t.Measures[i].ID] = t.Measures[i].Description
	}
	for i := range t.Plans {
		t.Plans[i].MeasureDesc = measures[t.Plans[i].MeasureID]
	}
	return t, nil
}

// recomputeUnitLevel sets a unit's level to the highest of its events.
func (p *Prevention) recomputeUnitLevel(ctx context.Context, unitID int64) error {
	lvl, err := p.Q.MinLevel(ctx, unitID)
	if err != nil {
		return err
	}
	_, err = p.Units.UpdateFields(ctx, []int64{unitID}, map[string]any{"risk_level": lvl})
	return err
}

// ---------------------------------------------------------------- events

// GradeEvent fills score and level from the factors.
func GradeEvent(e *RiskEvent) error {
	e.Method = strings.ToUpper(strings.TrimSpace(e.Method))
	switch e.Method {
	case MethodLS:
		e.E, e.C = 0, 0
	case MethodLEC:
		e.S = 0
	}
	score, level, err := Grade(e.Method, e.L, e.E, e.C, e.S)
	if err != nil {
		return err
	}
	e.Score, e.RiskLevel = score, level
	return nil
}

// SaveEvent inserts or updates a 风险事件, grading it and re-levelling its unit.
func (p *Prevention) SaveEvent(ctx context.Context, e *RiskEvent) error {
	e.Name = strings.TrimSpace(e.Name)
	if e.UnitID <= 0 {
		return errs.BadRequest("请选择风险分析单元")
	}
	if err := valid.Required("事件名称", e.Name); err != nil {
		return err
	}
	if err := valid.MaxLen("事件名称", e.Name, 200); err != nil {
		return err
	}
	if err := valid.MaxLen("事件描述", e.Description, 1000); err != nil {
		return err
	}
	if err := oneOf(ControlLevels, e.ControlLevel, "管控层级"); err != nil {
		return err
	}
	if err := GradeEvent(e); err != nil {
		return err
	}
	if _, err := p.Units.Get(ctx, e.UnitID); err != nil {
		return err
	}
	var oldUnit int64
	if e.ID != 0 {
		old, err := p.REvents.Get(ctx, e.ID)
		if err != nil {
			return err
		}
		oldUnit = old.UnitID
	}
	// The event's unit, and the one it leaves, are the caller's to change.
	if err := p.unitsInScope(ctx, []int64{e.UnitID, oldUnit}, "维护其风险事件"); err != nil {
		return err
	}
	return p.Tx.Tx(ctx, func(ctx context.Context) error {
		if e.ID == 0 {
			if err := p.REvents.Create(ctx, e); err != nil {
				return err
			}
		} else {
			if err := p.REvents.Update(ctx, e.ID, e, "unit_id", "name", "description", "method", "l", "e", "c", "s", "score", "risk_level", "control_level", "remark"); err != nil {
				return err
			}
			if oldUnit != e.UnitID {
				// Measures follow their event to the new unit.
				if err := p.moveMeasures(ctx, e.ID, e.UnitID); err != nil {
					return err
				}
			}
		}
		if oldUnit != 0 && oldUnit != e.UnitID {
			if err := p.recomputeUnitLevel(ctx, oldUnit); err != nil {
				return err
			}
		}
		return p.recomputeUnitLevel(ctx, e.UnitID)
	})
}

func (p *Prevention) moveMeasures(ctx context.Context, eventID, unitID int64) error {
	ms, err := p.Measures.List(ctx, paging.Query{Filters: map[string]string{"eventId_equal": itoa(eventID)}}, 0)
	if err != nil {
		return err
	}
	ids := idsOf(ms, func(m *Measure) int64 { return m.ID })
	if _, err := p.Measures.UpdateFields(ctx, ids, map[string]any{"unit_id": unitID}); err != nil {
		return err
	}
	return nil
}

// RemoveEvents deletes events without measures (their units in the
// caller's data scope) and re-levels their units.
func (p *Prevention) RemoveEvents(ctx context.Context, ids []int64) error {
	var evs []RiskEvent
	if err := p.Q.ByIDs(ctx, &evs, ids); err != nil {
		return err
	}
	if err := p.unitsInScope(ctx, idsOf(evs, func(e *RiskEvent) int64 { return e.UnitID }), "删除其风险事件"); err != nil {
		return err
	}
	n, err := p.Q.Count(ctx, &Measure{}, "event_id IN ?", ids)
	if err != nil {
		return err
	}
	if n > 0 {
		return errs.Rule("HAS_CHILDREN", "请先删除该风险事件下的管控措施")
	}
	return p.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := p.REvents.Remove(ctx, ids); err != nil {
			return err
		}
		seen := map[int64]bool{}
		for _, e := range evs {
			if !seen[e.UnitID] {
				seen[e.UnitID] = true
				if err := p.recomputeUnitLevel(ctx, e.UnitID); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// DecorateEvents fills unit names (one query).
func (p *Prevention) DecorateEvents(ctx context.Context, rows []RiskEvent) error {
	if len(rows) == 0 {
		return nil
	}
	names, err := namesByID(ctx, p.Q, idsOf(rows, func(e *RiskEvent) int64 { return e.UnitID }), unitName)
	if err != nil {
		return err
	}
	for i := range rows {
		rows[i].UnitName = names[rows[i].UnitID]
	}
	return nil
}

// ---------------------------------------------------------------- measures

// SaveMeasure inserts or updates a 管控措施.
func (p *Prevention) SaveMeasure(ctx context.Context, m *Measure) error {
	m.Description, m.Classify2 = strings.TrimSpace(m.Description), strings.TrimSpace(m.Classify2)
	if m.EventID <= 0 {
		return errs.BadRequest("请选择风险事件")
	}
	if err := oneOf(DataSources, m.DataSrc, "管控方式"); err != nil {
		return err
	}
	if err := oneOf(Classify1, m.Classify1, "管控措施分类1"); err != nil {
		return err
	}
	if err := oneOf(Classify2, m.Classify2, "管控措施分类2"); err != nil {
		return err
	}
	if !strings.HasPrefix(m.Classify2, itoa(int64(m.Classify1))+"-") {
		return errs.BadRequest("管控措施分类2「%s」不属于分类1「%s」", Classify2[m.Classify2], Classify1[m.Classify1])
	}
	if err := valid.Required("管控措施描述", m.Description); err != nil {
		return err
	}
	for _, c := range []struct {
		v     string
		n     int
		label string
	}{{m.Description, 4000, "管控措施描述"}, {m.Classify3, 200, "管控措施分类3"}, {m.TroubleshootContent, 1000, "隐患排查内容"}, {m.Remark, 500, "备注"}} {
		if err := valid.MaxLen(c.label, c.v, c.n); err != nil {
			return err
		}
	}
	ev, err := p.REvents.Get(ctx, m.EventID)
	if err != nil {
		return err
	}
	m.UnitID = ev.UnitID
	units := []int64{m.UnitID}
	if m.ID != 0 {
		old, err := p.Measures.Get(ctx, m.ID)
		if err != nil {
			return err
		}
		units = append(units, old.UnitID)
	}
	if err := p.unitsInScope(ctx, units, "维护其管控措施"); err != nil {
		return err
	}
	if m.ID == 0 {
		return p.Measures.Create(ctx, m)
	}
	return p.Measures.Update(ctx, m.ID, m, "event_id", "unit_id", "data_src", "classify1", "classify2", "classify3", "description", "troubleshoot_content", "remark")
}

// RemoveMeasures deletes measures without plans (their units in the
// caller's data scope).
func (p *Prevention) RemoveMeasures(ctx context.Context, ids []int64) error {
	var ms []Measure
	if err := p.Q.ByIDs(ctx, &ms, ids); err != nil {
		return err
	}
	if err := p.unitsInScope(ctx, idsOf(ms, func(m *Measure) int64 { return m.UnitID }), "删除其管控措施"); err != nil {
		return err
	}
	n, err := p.Q.Count(ctx, &CheckPlan{}, "measure_id IN ?", ids)
	if err != nil {
		return err
	}
	if n > 0 {
		return errs.Rule("HAS_CHILDREN", "请先删除该管控措施下的隐患排查任务")
	}
	return p.Measures.Remove(ctx, ids)
}

// DecorateMeasures fills event and unit names (two queries).
func (p *Prevention) DecorateMeasures(ctx context.Context, rows []Measure) error {
	if len(rows) == 0 {
		return nil
	}
	en, err := namesByID(ctx, p.Q, idsOf(rows, func(m *Measure) int64 { return m.EventID }), func(e *RiskEvent) (int64, string) { return e.ID, e.Name })
	if err != nil {
		return err
	}
	un, err := namesByID(ctx, p.Q, idsOf(rows, func(m *Measure) int64 { return m.UnitID }), unitName)
	if err != nil {
		return err
	}
	for i := range rows {
		rows[i].EventName, rows[i].UnitName = en[rows[i].EventID], un[rows[i].UnitID]
	}
	return nil
}

// ---------------------------------------------------------------- plans

// PlanInput is a plan as submitted, with its times as text.
type PlanInput struct {
	CheckPlan
	Start, End string
}

// SavePlan inserts or updates a plan; a change of its timing restarts
// generation from the current window and drops pending future tasks.
func (p *Prevention) SavePlan(ctx context.Context, in *PlanInput) error {
	c := &in.CheckPlan
	if c.MeasureID <= 0 {
		return errs.BadRequest("请选择管控措施")
	}
	if c.CheckCycle <= 0 || c.CheckCycle > 1000 {
		return errs.BadRequest("排查周期须为 1-1000 的整数")
	}
	if err := oneOf(CycleUnits, c.CheckCycleUnit, "排查周期单位"); err != nil {
		return err
	}
	if err := oneOf(DutyTypes, c.DutyType, "责任类型"); err != nil {
		return err
	}
	switch c.DutyType {
	case DutyDept:
		if c.DeptID <= 0 {
			return errs.BadRequest("请选择责任部门")
		}
	case DutyPost:
		if c.PostID <= 0 {
			return errs.BadRequest("请选择责任岗位")
		}
	case DutyPerson:
		if c.ResponsibleUserID <= 0 {
			return errs.BadRequest("请选择责任人")
		}
	}
	now := p.Now()
	start, err := parseTime(in.Start, "开始时间", true, now)
	if err != nil {
		return err
	}
	c.StartTime = start
	c.EndTime = nil
	if strings.TrimSpace(in.End) != "" {
		end, err := parseTime(in.End, "结束时间", false, now)
		if err != nil {
			return err
		}
		if !end.After(start) {
			return errs.BadRequest("结束时间不能早于开始时间")
		}
		c.EndTime = &end
	}
	if err := valid.MaxLen("任务名称", c.Name, 200); err != nil {
		return err
	}
	if err := valid.MaxLen("排查内容", c.TroubleshootContent, 1000); err != nil {
		return err
	}
	if c.Enabled != 0 && c.Enabled != 1 {
		return errs.BadRequest("启用状态只能是 0 或 1")
	}
	m, err := p.Measures.Get(ctx, c.MeasureID)
	if err != nil {
		return err
	}
	unit, err := p.Units.Get(ctx, m.UnitID)
	if err != nil {
		return err
	}
	c.EventID, c.UnitID, c.UnitName = m.EventID, m.UnitID, unit.Name
	if c.ResponsibleUserID > 0 {
		if c.ResponsibleUserName, err = p.personName(ctx, c.ResponsibleUserID, "责任人"); err != nil {
			return err
		}
	}
	if strings.TrimSpace(c.Name) == "" {
		c.Name = firstRunes(m.Description, 60)
	}
	if strings.TrimSpace(c.TroubleshootContent) == "" {
		c.TroubleshootContent = firstRunes(m.TroubleshootContent, 1000)
	}
	cyc := Cycle{Anchor: c.StartTime, N: c.CheckCycle, Unit: c.CheckCycleUnit}
	if c.ID == 0 {
		if err := p.unitsInScope(ctx, []int64{c.UnitID}, "维护其排查计划"); err != nil {
			return err
		}
		c.Enabled = 1
		c.NextSeq = FirstSeq(cyc, now)
		ns := cyc.Start(c.NextSeq)
		c.NextStart = &ns
		return p.Plans.Create(ctx, c)
	}
	old, err := p.Plans.Get(ctx, c.ID)
	if err != nil {
		return err
	}
	if err := p.unitsInScope(ctx, []int64{c.UnitID, old.UnitID}, "维护其排查计划"); err != nil {
		return err
	}
	cols := []string{"measure_id", "event_id", "unit_id", "unit_name", "name", "troubleshoot_content", "check_cycle", "check_cycle_unit", "duty_type", "dept_id", "dept_name", "post_id", "post_name", "responsible_user_id", "responsible_user_name", "start_time", "end_time", "enabled", "remark"}
	retimed := !old.StartTime.Equal(c.StartTime) || old.CheckCycle != c.CheckCycle || old.CheckCycleUnit != c.CheckCycleUnit
	return p.Tx.Tx(ctx, func(ctx context.Context) error {
		if retimed {
			c.NextSeq = FirstSeq(cyc, now)
			ns := cyc.Start(c.NextSeq)
			c.NextStart = &ns
			cols = append(cols, "next_seq", "next_start")
			if err := p.Q.ResetPending(ctx, []int64{c.ID}, now); err != nil {
				return err
			}
		}
		return p.Plans.Update(ctx, c.ID, c, cols...)
	})
}

// RemovePlans deletes plans (their units in the caller's data scope) and
// their pending tasks not started yet.
func (p *Prevention) RemovePlans(ctx context.Context, ids []int64) error {
	var plans []CheckPlan
	if err := p.Q.ByIDs(ctx, &plans, ids); err != nil {
		return err
	}
	if err := p.unitsInScope(ctx, idsOf(plans, func(c *CheckPlan) int64 { return c.UnitID }), "删除其排查计划"); err != nil {
		return err
	}
	return p.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := p.Plans.Remove(ctx, ids); err != nil {
			return err
		}
		return p.Q.ResetPending(ctx, ids, p.Now())
	})
}

// DecoratePlans fills the measure text (one query).
func (p *Prevention) DecoratePlans(ctx context.Context, rows []CheckPlan) error {
	if len(rows) == 0 {
		return nil
	}
	d, err := namesByID(ctx, p.Q, idsOf(rows, func(c *CheckPlan) int64 { return c.MeasureID }), func(m *Measure) (int64, string) { return m.ID, m.Description })
	if err != nil {
		return err
	}
	for i := range rows {
		rows[i].MeasureDesc = d[rows[i].MeasureID]
	}
	return nil
}

// NextWindow of a plan (display).
func NextWindow(c *CheckPlan) (startText string) {
	return timefmt.Format(Cycle{Anchor: c.StartTime, N: c.CheckCycle, Unit: c.CheckCycleUnit}.Start(c.NextSeq))
}
