package biz

import (
	"math"
	"regexp"
	"strings"
	"unicode/utf8"

	"anquan/kit/errs"
)

var codeRe = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// Bounds of a zone.
const (
	MaxVertices = 200
	MaxAllowed  = 1000
	// MaxCoord bounds coordinates: a plant's local metres.
	MaxCoord = 1e6
)

func blank(s string) bool { return strings.TrimSpace(s) == "" }

func tooLong(s string, n int) bool { return utf8.RuneCountInString(s) > n }

// ValidateTag checks a tag before it is saved.
func ValidateTag(t *Tag) error {
	t.Code, t.PersonName = strings.TrimSpace(t.Code), strings.TrimSpace(t.PersonName)
	switch {
	case !codeRe.MatchString(t.Code):
		return errs.BadRequest("定位卡号只能由 1-64 位字母、数字、- 和 _ 组成")
	case blank(t.PersonName):
		return errs.BadRequest("请填写持卡人姓名")
	case tooLong(t.PersonName, 50):
		return errs.BadRequest("持卡人姓名不能超过 50 个字")
	case PersonTypes[t.PersonType] == "":
		return errs.BadRequest("人员类型只能是员工、承包商或访客")
	case t.PersonType == PersonEmployee && t.UserID == 0:
		return errs.BadRequest("员工的定位卡须绑定系统用户")
	case tooLong(t.DeptName, 100) || tooLong(t.Phone, 20) || tooLong(t.Remark, 500):
		return errs.BadRequest("部门、电话或备注过长")
	}
	return nil
}

// ValidateAnchor checks an anchor before it is saved.
func ValidateAnchor(a *Anchor) error {
	a.Code, a.Name = strings.TrimSpace(a.Code), strings.TrimSpace(a.Name)
	switch {
	case !codeRe.MatchString(a.Code):
		return errs.BadRequest("基站编号只能由 1-64 位字母、数字、- 和 _ 组成")
	case blank(a.Name):
		return errs.BadRequest("请填写基站名称")
	case tooLong(a.Name, 100) || tooLong(a.Remark, 500):
		return errs.BadRequest("基站名称或备注过长")
	case !finite(a.X) || !finite(a.Y) || math.Abs(a.X) > MaxCoord || math.Abs(a.Y) > MaxCoord:
		return errs.BadRequest("基站坐标超出范围(±1000 km)")
	case a.Floor < -10 || a.Floor > 200:
		return errs.BadRequest("楼层应在 -10 至 200 之间")
	}
	return nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// ValidateZone checks a zone and its polygon before it is saved.
func ValidateZone(z *Zone, pg Polygon, allowed []int64) error {
	z.Name = strings.TrimSpace(z.Name)
	switch {
	case blank(z.Name):
		return errs.BadRequest("请填写区域名称")
	case tooLong(z.Name, 100) || tooLong(z.Remark, 500):
		return errs.BadRequest("区域名称或备注过长")
	case ZoneKinds[z.Kind] == "":
		return errs.BadRequest("区域类型只能是普通区域、限制区域、危险区域或紧急集合点")
	case z.Floor < -10 || z.Floor > 200:
		return errs.BadRequest("楼层应在 -10 至 200 之间")
	case z.MaxHeadcount < 0 || z.MaxHeadcount > 100000:
		return errs.BadRequest("最大人数应在 0 至 100000 之间(0 表示不限)")
	case len(pg) < 3:
		return errs.BadRequest("区域边界至少需要 3 个顶点")
	case len(pg) > MaxVertices:
		return errs.BadRequest("区域边界最多 %d 个顶点", MaxVertices)
	case len(allowed) > MaxAllowed:
		return errs.BadRequest("允许进入的人员最多 %d 个", MaxAllowed)
	case z.AreaID < 0:
		return errs.BadRequest("作业区域(厂区区域)无效,请重新选择")
	case tooLong(z.AreaName, 200):
		return errs.BadRequest("作业区域名称过长")
	}
	if z.AreaID == 0 {
		z.AreaName = ""
	}
	z.AreaName = strings.TrimSpace(z.AreaName)
	for _, v := range pg {
		if !finite(v.X) || !finite(v.Y) || math.Abs(v.X) > MaxCoord || math.Abs(v.Y) > MaxCoord {
			return errs.BadRequest("区域顶点坐标超出范围(±1000 km)")
		}
	}
	if pg.SelfIntersects() {
		return errs.BadRequest("区域边界自相交,请按顺序绘制顶点")
	}
	if pg.Area() < 1 {
		return errs.BadRequest("区域面积过小(不足 1 平方米),请检查顶点")
	}
	if z.Kind != ZoneRestricted && z.Kind != ZoneHazardous && len(allowed) > 0 {
		return errs.BadRequest("只有限制区域和危险区域可以设置允许进入的人员")
	}
	return nil
}
