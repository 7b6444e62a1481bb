package biz

import (
	"context"
	"strconv"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/valid"
)

// UnitNames name the units (dictionary chemical_unit).
var UnitNames = map[int32]string{1: "吨", 2: "立方米"}

// MsdsMax bounds each MSDS section.
const MsdsMax = 4000

func (s *Records) chemicalFor(ctx context.Context, chemicalID int64, verb string) (*Chemical, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	c, err := s.Chemicals.Get(ctx, chemicalID)
	if err != nil {
		return nil, err
	}
	if !inScope(id, c.DeptID, c.CreateUser, c.CreateDept) {
		return nil, errs.Forbidden("化学品「%s」不在您的数据权限范围内,不能%s", c.Name, verb)
	}
	return c, nil
}

func validateChemical(c *Chemical) error {
	var err error
	if c.Name, err = valid.Text("化学品名称", c.Name, 100); err != nil {
		return err
	}
	if c.Alias, err = valid.Optional("别名", c.Alias, 200); err != nil {
		return err
	}
	c.Cas = strings.TrimSpace(c.Cas)
	if c.Cas != "" && !ValidCAS(c.Cas) {
		return errs.BadRequest("CAS 号「%s」无效(格式应为 67-56-1,且校验位须正确)", c.Cas)
	}
	if c.UnNumber, err = valid.Optional("UN 编号", c.UnNumber, 10); err != nil {
		return err
	}
	switch {
	case c.Category < -1 || c.Category > 7:
		return errs.BadRequest("危险化学品类别应在 0 到 7 之间")
	case c.StorageMethod < 0 || c.StorageMethod > 5:
		return errs.BadRequest("储存方式应在 1 到 5 之间")
	case c.ChemicalType < 0 || c.ChemicalType > 6:
		return errs.BadRequest("化学品类型应在 1 到 6 之间")
	case c.HazardousEffect < 0 || c.HazardousEffect > 8:
		return errs.BadRequest("危险特性应在 1 到 8 之间")
	case c.MaterialState < 0 || c.MaterialState > 4:
		return errs.BadRequest("物质形态应在 1 到 4 之间")
	case c.Unit < 1 || c.Unit > 2:
		return errs.BadRequest("请选择计量单位 (吨或立方米)")
	case c.CriticalQuantity < 0 || c.CriticalQuantity > 1e6:
		return errs.BadRequest("临界量应在 0 到 1000000 吨之间")
	}
	if c.GhsClasses, err = NormalizeGhs(c.GhsClasses); err != nil {
		return err
	}
	if c.Attachments, err = valid.Optional("附件", c.Attachments, 500); err != nil {
		return err
	}
	for i, sec := range c.Sections() {
		if *sec.Text, err = valid.Optional("MSDS 第"+strconv.Itoa(i+1)+"部分「"+sec.Title+"」", *sec.Text, MsdsMax); err != nil {
			return err
		}
	}
	return nil
}

var chemicalColumns = []string{"name", "alias", "cas", "un_number", "category", "storage_method", "chemical_type", "hazardous_effect",
	"material_state", "unit", "ghs_classes", "highly_toxic", "key_supervised", "explosive_precursor", "drug_precursor", "critical_quantity",
	"dept_id", "attachments", "msds_identification", "msds_hazards", "msds_composition", "msds_first_aid", "msds_fire_fighting",
	"msds_accidental_release", "msds_handling_storage", "msds_exposure_control", "msds_physical_chemical", "msds_stability_reactivity",
	"msds_toxicology", "msds_ecology", "msds_disposal", "msds_transport", "msds_regulatory", "msds_other", "update_user", "update_time"}

// SubmitChemical adds a chemical or edits one in the caller's scope; a
// CAS number is unique within the tenant.
func (s *Records) SubmitChemical(ctx context.Context, c *Chemical) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if err := validateChemical(c); err != nil {
		return err
	}
	if c.ID != 0 {
		old, err := s.chemicalFor(ctx, c.ID, "修改")
		if err != nil {
			return err
		}
		if c.DeptID == 0 {
			c.DeptID = old.DeptID
		}
	} else if c.DeptID == 0 {
		c.DeptID = id.DeptID()
	}
	if c.DeptID != 0 && !id.DeptInScope(c.DeptID) {
		return errs.Forbidden("所选部门不在您的数据权限范围内")
	}
	if c.Cas != "" {
		dup, err := s.Chemicals.Exists(ctx, c.ID, "cas = ?", c.Cas)
		if err != nil {
			return err
		}
		if dup {
			return errs.BadRequest("CAS 号 %s 已登记", c.Cas)
		}
	}
	if c.ID != 0 {
		return s.Chemicals.Update(ctx, c.ID, c, chemicalColumns...)
	}
	return s.Chemicals.Create(ctx, c)
}

// RemoveChemicals removes chemicals in the caller's scope with their stock.
func (s *Records) RemoveChemicals(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	var rows []Chemical
	if err := s.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for _, c := range rows {
		if !inScope(id, c.DeptID, c.CreateUser, c.CreateDept) {
			return errs.Forbidden("化学品「%s」不在您的数据权限范围内,不能删除", c.Name)
		}
	}
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		var stock []Stock
		if err := s.Q.ByIDsWhere(ctx, &stock, "chemical_id", ids); err != nil {
			return err
		}
		if len(stock) > 0 {
			sids := make([]int64, 0, len(stock))
			for _, st := range stock {
				sids = append(sids, st.ID)
			}
			if err := s.Stocks.Remove(ctx, sids); err != nil {
				return err
			}
		}
		return s.Chemicals.Remove(ctx, ids)
	})
}

// SubmitStock sets the quantity of a chemical at a location (one row per
// chemical and location).
func (s *Records) SubmitStock(ctx context.Context, st *Stock) error {
	if st.ID != 0 {
		old, err := s.Stocks.Get(ctx, st.ID)
		if err != nil {
			return err
		}
		if old.ChemicalID != st.ChemicalID {
			return errs.BadRequest("库存记录不能改属其他化学品")
		}
	}
	c, err := s.chemicalFor(ctx, st.ChemicalID, "登记库存")
	if err != nil {
		return err
	}
	if st.Location, err = valid.Text("储存地点", st.Location, 100); err != nil {
		return err
	}
	if st.Remark, err = valid.Optional("备注", st.Remark, 500); err != nil {
		return err
	}
	if st.Quantity < 0 || st.Quantity > 1e7 || st.MaxQuantity < 0 || st.MaxQuantity > 1e7 {
		return errs.BadRequest("数量应在 0 到 10000000 之间")
	}
	if st.MaxQuantity > 0 && st.Quantity > st.MaxQuantity {
		return errs.BadRequest("储存量 %g 超过该地点的最大储存量 %g", st.Quantity, st.MaxQuantity)
	}
	if st.Unit == 0 {
		st.Unit = c.Unit
	}
	if st.Unit < 1 || st.Unit > 2 {
		return errs.BadRequest("请选择计量单位 (吨或立方米)")
	}
	dup, err := s.Stocks.Exists(ctx, st.ID, "chemical_id = ? AND location = ?", st.ChemicalID, st.Location)
	if err != nil {
		return err
	}
	if dup {
		return errs.BadRequest("「%s」在 %s 已有库存记录,请修改该记录", c.Name, st.Location)
	}
	if st.ID != 0 {
		return s.Stocks.Update(ctx, st.ID, st, "location", "quantity", "max_quantity", "unit", "remark", "update_user", "update_time")
	}
	return s.Stocks.Create(ctx, st)
}

// RemoveStocks removes stock rows of chemicals in the caller's scope.
func (s *Records) RemoveStocks(ctx context.Context, ids []int64) error {
	var rows []Stock
	if err := s.Q.ByIDs(ctx, &rows, ids); err != nil {
		return err
	}
	for _, st := range rows {
		if _, err := s.chemicalFor(ctx, st.ChemicalID, "删除库存"); err != nil {
			return err
		}
	}
	return s.Stocks.Remove(ctx, ids)
}

// QuantityLimit bounds the quantity read.
const QuantityLimit = 5000

// Quantities: the quantity of each chemical per location.
func (s *Records) Quantities(ctx context.Context, chemicalID int64, cas, location string) ([]Quantity, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	return s.Q.Quantities(ctx, chemicalID, strings.TrimSpace(cas), strings.TrimSpace(location), QuantityLimit)
}
