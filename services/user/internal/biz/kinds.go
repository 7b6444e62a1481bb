package biz

// Kind is a node of the certificate tree of spec 3.1. The codes are the
// contract with the permit service (which kind a work type needs) and the
// keys of the certificate_tree dictionary blade-system serves to the web.
type Kind struct {
	Code, Parent, Name string
}

// Kinds is the certificate tree in display order: a parent precedes its
// children; certificates are recorded against leaves only.
var Kinds = []Kind{
	{Code: "special_operation", Name: "特种作业操作证"},
	{Code: "refrigeration", Parent: "special_operation", Name: "制冷与空调作业"},
	{Code: "height", Parent: "special_operation", Name: "高处作业"},
	{Code: "welding", Parent: "special_operation", Name: "焊接与热切割作业"},
	{Code: "hazardous_chemicals", Parent: "special_operation", Name: "危险化学品安全作业"},
	{Code: "electrician", Parent: "special_operation", Name: "电工作业"},
	{Code: "oil_gas", Parent: "special_operation", Name: "石油天然气安全作业"},
	{Code: "coal_mine", Parent: "special_operation", Name: "煤矿安全作业"},
	{Code: "other_operation", Parent: "special_operation", Name: "其他特种作业"},
	{Code: "special_equipment", Name: "特种设备作业人员证"},
	{Code: "forklift", Parent: "special_equipment", Name: "叉车司机"},
	{Code: "boiler", Parent: "special_equipment", Name: "锅炉作业"},
	{Code: "pressure_vessel", Parent: "special_equipment", Name: "压力容器作业"},
	{Code: "lifting", Parent: "special_equipment", Name: "起重机械作业"},
	{Code: "elevator", Parent: "special_equipment", Name: "电梯作业"},
	{Code: "other_equipment", Parent: "special_equipment", Name: "其他特种设备作业"},
	{Code: "other", Name: "其他证书"},
}

var kindIndex = func() map[string]int {
	m := make(map[string]int, len(Kinds))
	for i, k := range Kinds {
		m[k.Code] = i
	}
	return m
}()

// KindName names a kind code ("" when unknown).
func KindName(code string) string {
	if i, ok := kindIndex[code]; ok {
		return Kinds[i].Name
	}
	return ""
}

// IsLeafKind reports a kind a certificate can be recorded against.
func IsLeafKind(code string) bool {
	if _, ok := kindIndex[code]; !ok {
		return false
	}
	for _, k := range Kinds {
		if k.Parent == code {
			return false
		}
	}
	return true
}

// WorkTypes are the permit types (codes shared with the permit service) a
// guardian is configured for, in display order.
var WorkTypes = []struct{ Code, Name string }{
	{"hotWork", "动火作业"},
	{"confinedSpaceWork", "受限空间作业"},
	{"blindPlateWork", "盲板抽堵作业"},
	{"altitudeWork", "高处作业"},
	{"liftingWork", "吊装作业"},
	{"temporaryPowerWork", "临时用电作业"},
	{"breakGroundWork", "动土作业"},
	{"openCircuitWork", "断路作业"},
	{"ordinary", "一般作业"},
}

// WorkTypeName names a work type code ("" when unknown).
func WorkTypeName(code string) string {
	for _, w := range WorkTypes {
		if w.Code == code {
			return w.Name
		}
	}
	return ""
}
