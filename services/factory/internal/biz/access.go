package biz

import (
	"context"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Object-level rules of base-factory. The buttons (factory_edit,
// factory_delete, risk_partition_*, map_setting_edit) say who may write at
// all; a row of another tenant is never found (kit's tenant scope, 400).
//
//	entity        update (submit with id) / remove
//	企业信息       the tenant's one record; holders of factory_edit / factory_delete (a submit
//	              without id updates it, an id of another tenant is not found)
//	风险分区       holders of risk_partition_edit / _delete, and the area in the caller's data
//	              scope: its responsible department (else the creator's) among the scope's,
//	              or, for scope "self", created by or naming as responsible the caller; an
//	              edit may not move it out of the scope. The responsible person's name is
//	              looked up by id (SubmitArea), never taken from the body.
//	地图设置       the tenant's one row; holders of map_setting_edit (the body's id is ignored)

// AreaInScope: an area is scoped by its responsible department (else its
// creator's) and its creator and responsible person.
func AreaInScope(id *ident.Identity, a *Area) bool {
	dept := a.DeptID
	if dept == 0 {
		dept = a.CreateDept
	}
	return id.InScope(dept, a.CreateUser, a.UserID)
}

// areasInScope refuses when one of the areas lies outside the caller's scope.
func (f *Factory) areasInScope(ctx context.Context, areas []Area, verb string) error {
	id := ident.From(ctx)
	for i := range areas {
		if !AreaInScope(id, &areas[i]) {
			return errs.Forbidden("风险分区「%s」不在您的数据权限范围内,不能%s", areas[i].Name, verb)
		}
	}
	return nil
}
