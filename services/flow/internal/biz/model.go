package biz

import (
	"context"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/paging"
)

// SubmitModel creates or updates a process definition after checking its
// key, chain and that every role it names exists in the tenant. Who: holders
// of flow_model_add / flow_model_edit (and _delete for RemoveModels); a
// definition is tenant data (another tenant's id is not found) with no
// owner or department, so no data scope applies; running instances keep
// the chain they copied at start. Instances and their history have no
// update or remove call: Complete (the current step's candidates, Decide),
// Cancel (the applicant, the administrator, the service) and Record
// (MayRecord) are the only writes.
func (f *Flow) SubmitModel(ctx context.Context, m *Model, steps []Step) error {
	if err := CheckKey(m.ModelKey); err != nil {
		return err
	}
	m.Name = strings.TrimSpace(m.Name)
	if m.Name == "" {
		return errs.BadRequest("流程名称不能为空")
	}
	if len([]rune(m.Name)) > maxName {
		return errs.BadRequest("流程名称不能超过 %d 字", maxName)
	}
	if len([]rune(m.Remark)) > 500 {
		return errs.BadRequest("备注不能超过 500 字")
	}
	if m.Status != 0 && m.Status != 1 {
		return errs.BadRequest("流程状态只能是 1 启用 或 0 停用")
	}
	roles, err := f.Dir.TenantAliases(ctx, tenantOf(ctx))
	if err != nil {
		return err
	}
	if err := CheckSteps(steps, roles); err != nil {
		return err
	}
	m.Steps = EncodeSteps(steps)
	taken, err := f.Models.Exists(ctx, m.ID, "model_key = ?", m.ModelKey)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("流程标识已存在: %s", m.ModelKey)
	}
	if m.ID == 0 {
		disabled := m.Status == 0
		return f.Tx.Tx(ctx, func(ctx context.Context) error {
			if err := f.Models.Create(ctx, m); err != nil {
				return err
			}
			if !disabled {
				return nil
			}
			// the column default (1, enabled) wins over a zero value on insert
			_, err := f.Models.UpdateFields(ctx, []int64{m.ID}, map[string]any{"status": 0})
			return err
		})
	}
	return f.Models.Update(ctx, m.ID, m, "model_key", "name", "steps", "forbid_applicant", "remark", "status")
}

// ModelPage lists definitions.
func (f *Flow) ModelPage(ctx context.Context, q paging.Query) (*paging.Page[Model], error) {
	return f.Models.Page(ctx, q)
}

// ModelDetail returns one definition.
func (f *Flow) ModelDetail(ctx context.Context, id int64) (*Model, error) {
	return f.Models.Get(ctx, id)
}

// RemoveModels deletes definitions logically; running instances keep their copy.
func (f *Flow) RemoveModels(ctx context.Context, ids []int64) error {
	return f.Models.Remove(ctx, ids)
}
