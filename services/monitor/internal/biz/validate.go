package biz

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/valid"
)

// codePattern: gateway and point codes are MQTT topic levels and JSON keys.
var codePattern = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)

func checkCode(what, code string) error {
	if code == "" {
		return errs.BadRequest("%s不能为空", what)
	}
	if !codePattern.MatchString(code) {
		return errs.BadRequest("%s只能包含字母、数字、点、下划线和连字符", what)
	}
	return nil
}

func checkName(what, name string) error {
	if strings.TrimSpace(name) == "" {
		return errs.BadRequest("%s不能为空", what)
	}
	return nil
}

// ValidateGateway checks a gateway's fields.
func ValidateGateway(g *Gateway) error {
	if err := checkCode("网关编码", g.Code); err != nil {
		return err
	}
	return checkName("网关名称", g.Name)
}

// ValidateDevice checks a device's fields.
func ValidateDevice(d *Device) error {
	if err := checkCode("设备编码", d.Code); err != nil {
		return err
	}
	if err := checkName("设备名称", d.Name); err != nil {
		return err
	}
	if _, ok := DeviceTypes[d.DeviceType]; !ok {
		return errs.BadRequest("设备类型必须是 G0(储罐)、Q0(气体检测器)、P0(生产装置)、K0(仓库)或 Z0(装卸设备)")
	}
	return nil
}

// GB/T 50493-2019《石油化工可燃气体和有毒气体检测报警设计标准》 maxima.
const (
	CombustibleLevel1Max = 25.0 // %LEL
	CombustibleLevel2Max = 50.0 // %LEL
	ToxicLevel1MaxOEL    = 1.0  // × OEL
	ToxicLevel2MaxOEL    = 2.0  // × OEL
	OxygenLowMin         = 19.5 // %VOL
	OxygenHighMax        = 23.5 // %VOL
)

func fmtNum(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.4f", v), "0"), ".")
}

// ValidatePoint checks a point's fields and limits: the limits are ordered
// (LL <= L < H <= HH), the deadband fits between them, and a gas detector's
// limits keep within GB/T 50493-2019. A refusal explains the rule in Chinese.
func ValidatePoint(p *Point) error {
	if err := checkCode("点位编码", p.Code); err != nil {
		return err
	}
	if err := checkName("点位名称", p.Name); err != nil {
		return err
	}
	if p.GatewayID == 0 {
		return errs.BadRequest("请选择采集网关")
	}
	for _, v := range []*float64{p.LimitLL, p.LimitL, p.LimitH, p.LimitHH, p.RangeLow, p.RangeHigh, p.OEL} {
		if v != nil && (math.IsNaN(*v) || math.IsInf(*v, 0)) {
			return errs.BadRequest("报警限值必须是有限数值")
		}
	}
	if err := valid.MapPosition("点位", p.MapX, p.MapY); err != nil {
		return err
	}
	if p.RangeLow != nil && p.RangeHigh != nil && *p.RangeLow >= *p.RangeHigh {
		return errs.BadRequest("量程下限必须小于量程上限")
	}
	// Ordered limits: LL <= L < H <= HH.
	ordered := []struct {
		name string
		v    *float64
	}{{"低低报(LL)", p.LimitLL}, {"低报(L)", p.LimitL}, {"高报(H)", p.LimitH}, {"高高报(HH)", p.LimitHH}}
	var prev *float64
	prevName := ""
	for _, o := range ordered {
		if o.v == nil {
			continue
		}
		if prev != nil && *o.v < *prev {
			return errs.BadRequest("%s限值 %s 不能小于%s限值 %s", o.name, fmtNum(*o.v), prevName, fmtNum(*prev))
		}
		prev, prevName = o.v, o.name
	}
	if p.LimitL != nil && p.LimitH != nil && *p.LimitL >= *p.LimitH {
		return errs.BadRequest("低报(L)限值必须小于高报(H)限值")
	}
	if p.Deadband < 0 {
		return errs.BadRequest("死区不能为负数")
	}
	if p.LimitL != nil && p.LimitH != nil && p.Deadband >= *p.LimitH-*p.LimitL {
		return errs.BadRequest("死区 %s 过大:应小于高报与低报限值之差 %s", fmtNum(p.Deadband), fmtNum(*p.LimitH-*p.LimitL))
	}
	if p.OnDelay < 0 || p.OnDelay > 3600 || p.OffDelay < 0 || p.OffDelay > 3600 {
		return errs.BadRequest("报警延时应在 0~3600 秒之间")
	}
	if p.ExpectInterval == 0 {
		p.ExpectInterval = DefaultExpectInterval
	}
	if p.ExpectInterval < MinExpectInterval || p.ExpectInterval > MaxExpectInterval {
		return errs.BadRequest("采样周期应在 %d~%d 秒之间", MinExpectInterval, MaxExpectInterval)
	}
	if p.MolarMass != nil {
		if p.GasType == GasNone {
			return errs.BadRequest("只有气体检测点可以填写摩尔质量")
		}
		if math.IsNaN(*p.MolarMass) || *p.MolarMass <= 0 || *p.MolarMass > MaxMolarMass {
			return errs.BadRequest("摩尔质量应大于 0 且不超过 %d g/mol", int(MaxMolarMass))
		}
	}
	return validateGas(p)
}

func validateGas(p *Point) error {
	unit := strings.ToUpper(strings.ReplaceAll(p.Unit, " ", ""))
	switch p.GasType {
	case GasNone:
		return nil
	case GasCombustible:
		if unit != "%LEL" {
			return errs.BadRequest("可燃气体检测点的单位应为 %%LEL(GB/T 50493-2019 以爆炸下限的百分比设定报警值)")
		}
		if p.LimitH == nil || p.LimitHH == nil {
			return errs.BadRequest("可燃气体检测点须设置一级报警值(高报)和二级报警值(高高报)")
		}
		if *p.LimitH > CombustibleLevel1Max {
			return errs.BadRequest("可燃气体一级报警值 %s%%LEL 超出国标要求:GB/T 50493-2019 规定一级报警设定值应小于或等于 25%%LEL", fmtNum(*p.LimitH))
		}
		if *p.LimitHH > CombustibleLevel2Max {
			return errs.BadRequest("可燃气体二级报警值 %s%%LEL 超出国标要求:GB/T 50493-2019 规定二级报警设定值应小于或等于 50%%LEL", fmtNum(*p.LimitHH))
		}
	case GasToxic:
		if p.OEL == nil || *p.OEL <= 0 {
			return errs.BadRequest("有毒气体检测点须填写职业接触限值(OEL),以校核报警值")
		}
		if p.LimitH == nil || p.LimitHH == nil {
			return errs.BadRequest("有毒气体检测点须设置一级报警值(高报)和二级报警值(高高报)")
		}
		if *p.LimitH > *p.OEL*ToxicLevel1MaxOEL {
			return errs.BadRequest("有毒气体一级报警值 %s 超出国标要求:GB/T 50493-2019 规定一级报警设定值应小于或等于 100%%OEL(%s %s)", fmtNum(*p.LimitH), fmtNum(*p.OEL), p.Unit)
		}
		if *p.LimitHH > *p.OEL*ToxicLevel2MaxOEL {
			return errs.BadRequest("有毒气体二级报警值 %s 超出国标要求:GB/T 50493-2019 规定二级报警设定值应小于或等于 200%%OEL(%s %s)", fmtNum(*p.LimitHH), fmtNum(*p.OEL*2), p.Unit)
		}
	case GasOxygen:
		if unit != "%VOL" {
			return errs.BadRequest("氧气检测点的单位应为 %%VOL")
		}
		if p.LimitL == nil || p.LimitH == nil {
			return errs.BadRequest("氧气检测点须设置欠氧报警值(低报)和富氧报警值(高报)")
		}
		if *p.LimitL < OxygenLowMin {
			return errs.BadRequest("欠氧报警值 %s%%VOL 超出国标要求:GB/T 50493-2019 规定欠氧报警设定值宜为 19.5%%VOL,不应更低", fmtNum(*p.LimitL))
		}
		if *p.LimitH > OxygenHighMax {
			return errs.BadRequest("富氧报警值 %s%%VOL 超出国标要求:GB/T 50493-2019 规定富氧报警设定值宜为 23.5%%VOL,不应更高", fmtNum(*p.LimitH))
		}
	default:
		return errs.BadRequest("气体类型只能是 0(未指定)、1(可燃)、2(有毒)或 3(氧气)")
	}
	return nil
}
