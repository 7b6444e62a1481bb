package biz

import (
	"fmt"
	"strings"

	"anquan/kit/errs"
)

// Normalize validates the common and type-specific fields of t (with d its
// type fields) and computes the level: hot work from the requested level
// raised by the calendar, height from metres, lifting from tonnes. It then
// checks the validity window of the effective level.
func Normalize(t *Ticket, d *Detail, cal Calendar) error {
	info, ok := TypeInfo(t.WorkType)
	if !ok {
		return errs.BadRequest("作业类型无效: %s", t.WorkType)
	}
	t.Content = strings.TrimSpace(t.Content)
	switch {
	case t.Content == "":
		return errs.BadRequest("请填写作业内容")
	case t.AreaID <= 0:
		return errs.BadRequest("请选择作业区域")
	case t.GuardianID <= 0:
		return errs.BadRequest("请选择监护人")
	case strings.TrimSpace(t.WorkUnit) == "" && t.WorkUnitID == 0:
		return errs.BadRequest("请填写作业单位")
	}
	if err := checkHazards(t.HazardCodes); err != nil {
		return err
	}
	only := Detail{}
	t.Level = 0
	switch info.Code {
	case HotWork:
		h := d.HotWork
		if h == nil || h.FireLevel == nil {
			return errs.BadRequest("请选择动火级别(特级/一级/二级)")
		}
		if *h.FireLevel < FireSpecial || *h.FireLevel > FireSecond {
			return errs.BadRequest("动火级别无效: %d", *h.FireLevel)
		}
		if err := checkCodes(h.Tools, HotWorkTools, "动火工具"); err != nil {
			return err
		}
		if strings.TrimSpace(h.Tools) == "" {
			return errs.BadRequest("请选择动火工具")
		}
		t.Level, h.EscalationReason = EscalateFire(*h.FireLevel, cal, t.PlanStart, t.PlanEnd)
		h.Escalated = h.EscalationReason != ""
		only.HotWork = h
	case ConfinedSpaceWork:
		c := d.ConfinedSpace
		if c == nil || strings.TrimSpace(c.SpaceName) == "" {
			return errs.BadRequest("请填写受限空间名称")
		}
		if strings.TrimSpace(c.Medium) == "" {
			return errs.BadRequest("请填写受限空间原有介质")
		}
		if strings.TrimSpace(c.Isolation) == "" {
			return errs.BadRequest("请填写隔绝措施")
		}
		only.ConfinedSpace = c
	case BlindPlateWork:
		b := d.BlindPlate
		switch {
		case b == nil || (b.PlateType != PlateInsert && b.PlateType != PlateRemove):
			return errs.BadRequest("请选择盲板抽堵类型(1 堵, 2 抽)")
		case strings.TrimSpace(b.PipeName) == "" || strings.TrimSpace(b.Medium) == "":
			return errs.BadRequest("请填写设备/管道名称和介质")
		case strings.TrimSpace(b.Material) == "" || strings.TrimSpace(b.Size) == "":
			return errs.BadRequest("请填写盲板材质和规格")
		case b.Pressure < 0:
			return errs.BadRequest("介质压力不能为负数")
		case b.Temperature < -273.15:
			return errs.BadRequest("介质温度无效")
		}
		only.BlindPlate = b
	case AltitudeWork:
		if d.Altitude == nil {
			return errs.BadRequest("请填写作业高度(米)")
		}
		lv, err := AltitudeLevel(d.Altitude.Height)
		if err != nil {
			return err
		}
		t.Level, only.Altitude = lv, d.Altitude
	case LiftingWork:
		if d.Lifting == nil {
			return errs.BadRequest("请填写吊装物质量(吨,大于0)")
		}
		lv, err := LiftingLevel(d.Lifting.Weight)
		if err != nil {
			return err
		}
		t.Level, only.Lifting = lv, d.Lifting
	case TemporaryPowerWork:
		p := d.TemporaryPower
		switch {
		case p == nil || strings.TrimSpace(p.PowerSource) == "":
			return errs.BadRequest("请填写电源接入点")
		case p.Voltage <= 0:
			return errs.BadRequest("请填写工作电压(V,大于0)")
		case p.Load <= 0:
			return errs.BadRequest("请填写用电负荷(kW,大于0)")
		}
		only.TemporaryPower = p
	case BreakGroundWork:
		g := d.BreakGround
		if g == nil || g.Length <= 0 || g.Width <= 0 || g.Depth <= 0 {
			return errs.BadRequest("请填写动土范围的长、宽、深(米,大于0)")
		}
		only.BreakGround = g
	case OpenCircuitWork:
		o := d.OpenCircuit
		if o == nil || strings.TrimSpace(o.RoadSection) == "" {
			return errs.BadRequest("请填写断路地段")
		}
		if strings.TrimSpace(o.ClosurePlan) == "" {
			return errs.BadRequest("请填写断路方案(交通组织与绕行路线)")
		}
		only.OpenCircuit = o
	}
	*d = only
	return CheckWindow(t.WorkType, t.Level, t.PlanStart, t.PlanEnd)
}

func checkHazards(list string) error {
	return checkCodes(list, HazardCodes, "危害辨识代码")
}

func checkCodes(list string, opts []Option, what string) error {
	for _, c := range strings.Split(list, ",") {
		c = strings.TrimSpace(c)
		if c != "" && OptionName(opts, c) == "" {
			return errs.BadRequest("%s无效: %s", what, c)
		}
	}
	return nil
}

// NormalizeMeasures numbers the checklist and drops empty items; an empty
// checklist takes the type's template.
func NormalizeMeasures(workType string, in []Measure) ([]Measure, error) {
	var out []Measure
	for _, m := range in {
		m.Content = strings.TrimSpace(m.Content)
		if m.Content == "" {
			continue
		}
		m.Seq = int32(len(out) + 1)
		out = append(out, m)
	}
	if len(out) == 0 {
		for i, c := range MeasureTemplates[workType] {
			out = append(out, Measure{Seq: int32(i + 1), Content: c, Involved: true})
		}
	}
	if len(out) > 100 {
		return nil, errs.BadRequest("安全措施最多100项")
	}
	return out, nil
}

// ModelKey is the flow process key of a permit.
func ModelKey(workType string, level int32) string {
	return fmt.Sprintf("workticket:%s:%d", workType, level)
}

// DefaultSteps is the built-in approval chain of a type and level, used
// when the tenant configured none in blade-flow (the older practice the
// research notes; tenants override it per type and level).
func DefaultSteps(workType string, level int32) []Step {
	unit := Step{Name: "作业单位负责人审批", Roles: "workshop_director"}
	safety := Step{Name: "安全管理部门审批", Roles: "safety_manager"}
	chief := Step{Name: "主要负责人审批", Roles: "administrator"}
	switch workType {
	case HotWork:
		switch level {
		case FireSpecial:
			return []Step{unit, safety, chief}
		case FireFirst:
			return []Step{unit, safety}
		}
		return []Step{unit}
	case ConfinedSpaceWork, BreakGroundWork, OpenCircuitWork:
		return []Step{unit, safety}
	case AltitudeWork:
		if level >= 3 {
			return []Step{unit, safety}
		}
		return []Step{unit}
	case LiftingWork:
		switch level {
		case 1:
			return []Step{unit, safety, chief}
		case 2:
			return []Step{unit, safety}
		}
		return []Step{unit}
	}
	return []Step{unit}
}
