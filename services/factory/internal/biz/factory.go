package biz

import (
	"context"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// Dept is what factory needs to know of a blade-system department.
type Dept struct {
	ID, ParentID   int64
	Name, FullName string
	Category, Sort int32
}

// Directory is the part of blade-system and blade-user factory reads.
type Directory interface {
	// Depts are every department of a tenant.
	Depts(ctx context.Context, tenantID string) ([]Dept, error)
	// Param is a system parameter of the tenant (falling back to the
	// platform's); found is false when neither has it.
	Param(ctx context.Context, tenantID, key string) (value string, found bool, err error)
	// UserName is the name of a user of the tenant; found is false for an
	// unknown user or one of another tenant.
	UserName(ctx context.Context, tenantID string, userID int64) (name string, found bool, err error)
}

// AreaQueries are the area reads the generic store cannot express.
type AreaQueries interface {
	// Covering lists the areas whose bounding box holds p (of areaType when > 0).
	Covering(ctx context.Context, p Point, areaType int32) ([]Area, error)
	// ByIDs lists the caller's tenant's areas among ids.
	ByIDs(ctx context.Context, ids []int64) ([]Area, error)
}

// Events records domain events in the current transaction (the outbox).
type Events interface {
	Add(ctx context.Context, subject, tenantID string, data any) error
}

// Factory is base-factory's use cases.
type Factory struct {
	Enterprises paging.Store[Enterprise]
	Areas       paging.Store[Area]
	AreaQ       AreaQueries
	Maps        paging.Store[MapSetting]
	Readings    Readings
	Tx          db.Transactor
	Dir         Directory
	Events      Events
	Weather     Provider
	// Now is the clock (tests fix it).
	Now func() time.Time
}

// ---- enterprise ----

// EnterpriseOf returns the caller tenant's enterprise record, or by id; an
// empty record (id 0) when the tenant has none yet, so the shell's header
// falls back to its default title instead of showing an error.
func (f *Factory) EnterpriseOf(ctx context.Context, id int64) (*Enterprise, error) {
	c, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	if id > 0 {
		return f.Enterprises.Get(ctx, id)
	}
	e, err := f.Enterprises.FindBy(ctx, "1 = 1")
	if err != nil || e != nil {
		return e, err
	}
	out := &Enterprise{}
	out.TenantID = c.TenantID
	return out, nil
}

// EnterprisePage lists enterprise records (one per tenant; the tenant scope
// applies).
func (f *Factory) EnterprisePage(ctx context.Context, q paging.Query) (*paging.Page[Enterprise], error) {
	return f.Enterprises.Page(ctx, q)
}

var phoneRe = regexp.MustCompile(`^[0-9+\-() ]{5,20}$`)

func checkLen(name, v string, max int, required bool) error {
	n := utf8.RuneCountInString(v)
	if required && n == 0 {
		return errs.BadRequest("%s不能为空", name)
	}
	if n > max {
		return errs.BadRequest("%s不能超过 %d 个字符", name, max)
	}
	return nil
}

func checkLngLat(lng, lat float64) error {
	if lng < -180 || lng > 180 || lat < -90 || lat > 90 {
		return errs.BadRequest("经纬度超出范围: 经度应在 -180~180, 纬度应在 -90~90")
	}
	return nil
}

// ValidateEnterprise checks and normalises a submitted record.
func ValidateEnterprise(e *Enterprise) error {
	e.EnterpriseName = strings.TrimSpace(e.EnterpriseName)
	e.CompanyShortName = strings.TrimSpace(e.CompanyShortName)
	for _, c := range []struct {
		name, v  string
		max      int
		required bool
	}{
		{"企业名称", e.EnterpriseName, 100, true}, {"企业简称", e.CompanyShortName, 50, false},
		{"地址", e.Address, 200, false}, {"法定代表人", e.LegalPerson, 50, false},
		{"联系人", e.ContactPerson, 50, false}, {"所属行业", e.Industry, 100, false}, {"备注", e.Remark, 500, false},
	} {
		if err := checkLen(c.name, c.v, c.max, c.required); err != nil {
			return err
		}
	}
	code, err := ValidateCreditCode(e.CreditCode)
	if err != nil {
		return err
	}
	e.CreditCode = code
	if e.ContactPhone = strings.TrimSpace(e.ContactPhone); e.ContactPhone != "" && !phoneRe.MatchString(e.ContactPhone) {
		return errs.BadRequest("联系电话格式错误")
	}
	if err := checkLngLat(e.Longitude, e.Latitude); err != nil {
		return err
	}
	if strings.TrimSpace(e.AreaLocation) == "" {
		e.AreaLocation = ""
		return nil
	}
	p, err := ParsePolygon(e.AreaLocation)
	if err != nil {
		return err
	}
	e.AreaLocation = p.JSON()
	if e.Longitude == 0 && e.Latitude == 0 {
		c := p.Centroid()
		e.Longitude, e.Latitude = c.Lng, c.Lat
	}
	return nil
}

// SubmitEnterprise saves the tenant's record. A tenant has one record: a
// submit without id updates the existing one.
func (f *Factory) SubmitEnterprise(ctx context.Context, e *Enterprise) error {
	c, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if err := ValidateEnterprise(e); err != nil {
		return err
	}
	return f.Tx.Tx(ctx, func(ctx context.Context) error {
		if e.ID == 0 {
			cur, err := f.Enterprises.FindBy(ctx, "1 = 1")
			if err != nil {
				return err
			}
			if cur != nil {
				e.ID = cur.ID
			}
		}
		if e.ID == 0 {
			if err := f.Enterprises.Create(ctx, e); err != nil {
				return err
			}
		} else if err := f.Enterprises.Update(ctx, e.ID, e); err != nil {
			return err
		}
		return f.Events.Add(ctx, "factory.enterprise.saved", c.TenantID, map[string]any{
			"id": e.ID, "enterpriseName": e.EnterpriseName, "companyShortName": e.CompanyShortName})
	})
}

// RemoveEnterprises deletes records logically.
func (f *Factory) RemoveEnterprises(ctx context.Context, ids []int64) error {
	return f.Enterprises.Remove(ctx, ids)
}

// ---- areas ----

// ValidateArea checks the fields that need no look-up and normalises the
// polygon into its stored form and bounding box.
func ValidateArea(a *Area) error {
	a.Name, a.Code = strings.TrimSpace(a.Name), strings.TrimSpace(a.Code)
	if err := checkLen("分区名称", a.Name, 100, true); err != nil {
		return err
	}
	if err := checkLen("分区编码", a.Code, 50, false); err != nil {
		return err
	}
	if err := checkLen("备注", a.Remark, 500, false); err != nil {
		return err
	}
	if _, ok := AreaTypeNames[a.AreaType]; !ok {
		return errs.BadRequest("区域类型不合法: 应为 1 罐区、2 生产装置区、3 仓储区")
	}
	if _, ok := RiskLevelNames[a.RiskLevel]; !ok {
		return errs.BadRequest("风险等级不合法: 应为 1 重大(红)、2 较大(橙)、3 一般(黄)、4 低(蓝)")
	}
	if a.Sort < 0 {
		return errs.BadRequest("排序不能为负数")
	}
	p, err := ParsePolygon(a.AreaLocation)
	if err != nil {
		return err
	}
	a.AreaLocation = p.JSON()
	b := p.Box()
	a.MinLng, a.MinLat, a.MaxLng, a.MaxLat = b.MinLng, b.MinLat, b.MaxLng, b.MaxLat
	return nil
}

// SubmitArea validates an area, its code's uniqueness and its responsible
// dept and person (both of the caller's tenant), and saves it.
func (f *Factory) SubmitArea(ctx context.Context, a *Area) error {
	c, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if err := ValidateArea(a); err != nil {
		return err
	}
	if a.ID != 0 {
		old, err := f.Areas.Get(ctx, a.ID)
		if err != nil {
			return err
		}
		// The area, and what the edit makes of it, are in the caller's scope.
		next := *old
		next.DeptID, next.UserID = a.DeptID, a.UserID
		if err := f.areasInScope(ctx, []Area{*old, next}, "修改"); err != nil {
			return err
		}
	}
	if a.Code != "" {
		taken, err := f.Areas.Exists(ctx, a.ID, "code = ?", a.Code)
		if err != nil {
			return err
		}
		if taken {
			return errs.Duplicate("分区编码 %s 已存在", a.Code)
		}
	}
	if a.DeptID != 0 {
		depts, err := f.Dir.Depts(ctx, c.TenantID)
		if err != nil {
			return err
		}
		if findDept(depts, a.DeptID) == nil {
			return errs.NotFound("责任部门不存在")
		}
	}
	a.UserName = ""
	if a.UserID != 0 {
		name, found, err := f.Dir.UserName(ctx, c.TenantID, a.UserID)
		if err != nil {
			return err
		}
		if !found {
			return errs.NotFound("责任人不存在")
		}
		a.UserName = name
	}
	return f.Tx.Tx(ctx, func(ctx context.Context) error {
		verb := "updated"
		if a.ID == 0 {
			verb = "created"
			if err := f.Areas.Create(ctx, a); err != nil {
				return err
			}
		} else if err := f.Areas.Update(ctx, a.ID, a); err != nil {
			return err
		}
		return f.Events.Add(ctx, "factory.area."+verb, c.TenantID, map[string]any{
			"id": a.ID, "name": a.Name, "areaType": a.AreaType, "riskLevel": a.RiskLevel})
	})
}

// RemoveAreas deletes areas logically, all in the caller's data scope.
func (f *Factory) RemoveAreas(ctx context.Context, ids []int64) error {
	c, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	areas, err := f.AreaQ.ByIDs(ctx, ids)
	if err != nil {
		return err
	}
	if err := f.areasInScope(ctx, areas, "删除"); err != nil {
		return err
	}
	return f.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := f.Areas.Remove(ctx, ids); err != nil {
			return err
		}
		return f.Events.Add(ctx, "factory.area.removed", c.TenantID, map[string]any{"ids": ids})
	})
}

// AreaPage is the paged list with dept names.
func (f *Factory) AreaPage(ctx context.Context, q paging.Query) (*paging.Page[Area], error) {
	p, err := f.Areas.Page(ctx, q)
	if err != nil {
		return nil, err
	}
	return p, f.withDeptNames(ctx, p.Records)
}

// AreaList is every matching area (the map and the pickers), with dept names.
func (f *Factory) AreaList(ctx context.Context, q paging.Query) ([]Area, error) {
	list, err := f.Areas.List(ctx, q, paging.MaxSize)
	if err != nil {
		return nil, err
	}
	return list, f.withDeptNames(ctx, list)
}

// Area is one area with its dept name.
func (f *Factory) Area(ctx context.Context, id int64) (*Area, error) {
	a, err := f.Areas.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	one := []Area{*a}
	if err := f.withDeptNames(ctx, one); err != nil {
		return nil, err
	}
	return &one[0], nil
}

// AreasByIDs serves other services: the caller tenant's areas among ids
// (all of them when ids is empty); others are absent.
func (f *Factory) AreasByIDs(ctx context.Context, ids []int64) ([]Area, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	var (
		list []Area
		err  error
	)
	if len(ids) == 0 {
		list, err = f.Areas.List(ctx, paging.Query{}, paging.MaxSize)
	} else {
		list, err = f.AreaQ.ByIDs(ctx, ids)
	}
	if err != nil {
		return nil, err
	}
	return list, f.withDeptNames(ctx, list)
}

// withDeptNames fills DeptName with one directory call for the whole list.
func (f *Factory) withDeptNames(ctx context.Context, list []Area) error {
	need := false
	for i := range list {
		need = need || list[i].DeptID != 0
	}
	if !need {
		return nil
	}
	depts, err := f.Dir.Depts(ctx, list[0].TenantID)
	if err != nil {
		return err
	}
	names := make(map[int64]string, len(depts))
	for _, d := range depts {
		names[d.ID] = d.Name
	}
	for i := range list {
		list[i].DeptName = names[list[i].DeptID]
	}
	return nil
}

// Locate answers the areas containing p (boundary included), of areaType
// when > 0, most severe risk first.
func (f *Factory) Locate(ctx context.Context, p Point, areaType int32) ([]Area, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	if err := checkLngLat(p.Lng, p.Lat); err != nil {
		return nil, err
	}
	if _, ok := AreaTypeNames[areaType]; areaType != 0 && !ok {
		return nil, errs.BadRequest("区域类型不合法: 应为 1 罐区、2 生产装置区、3 仓储区")
	}
	cands, err := f.AreaQ.Covering(ctx, p, areaType)
	if err != nil {
		return nil, err
	}
	out := cands[:0]
	for _, a := range cands {
		poly, err := ParsePolygon(a.AreaLocation)
		if err != nil {
			continue // a stored polygon is valid; a hand-edited bad row matches nothing
		}
		if poly.Contains(p) {
			out = append(out, a)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].RiskLevel < out[j].RiskLevel })
	return out, f.withDeptNames(ctx, out)
}

// ---- depts ----

func findDept(depts []Dept, id int64) *Dept {
	for i := range depts {
		if depts[i].ID == id {
			return &depts[i]
		}
	}
	return nil
}

// DeptsByCategory lists the tenant's depts of a category (all when 0).
func (f *Factory) DeptsByCategory(ctx context.Context, category int32) ([]Dept, error) {
	c, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	depts, err := f.Dir.Depts(ctx, c.TenantID)
	if err != nil {
		return nil, err
	}
	out := make([]Dept, 0, len(depts))
	for _, d := range depts {
		if category == 0 || d.Category == category {
			out = append(out, d)
		}
	}
	return out, nil
}

// UserDept resolves the dept a user look-up filters by: deptID, else
// factoryID (the enterprise record's id means the whole tenant, otherwise
// it names a dept). 0 means the whole tenant. A dept of another tenant is
// not found.
func (f *Factory) UserDept(ctx context.Context, deptID, factoryID int64) (int64, error) {
	c, err := ident.Caller(ctx)
	if err != nil {
		return 0, err
	}
	id := deptID
	if id == 0 && factoryID != 0 {
		e, err := f.Enterprises.FindBy(ctx, "id = ?", factoryID)
		if err != nil {
			return 0, err
		}
		if e != nil {
			return 0, nil
		}
		id = factoryID
	}
	if id == 0 {
		return 0, nil
	}
	depts, err := f.Dir.Depts(ctx, c.TenantID)
	if err != nil {
		return 0, err
	}
	if findDept(depts, id) == nil {
		return 0, errs.NotFound("部门不存在")
	}
	return id, nil
}
