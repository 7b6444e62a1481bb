package data

import (
	"context"
	"slices"

	"gorm.io/gorm"

	"anquan/flow/internal/biz"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
)

// demoModels are example chains of the demo tenant, seeded disabled: a
// disabled model changes nothing (services keep their built-in chains), and
// an administrator enables or edits one to take over. A model removed once
// is not seeded again.
var demoModels = []struct {
	key, name, remark string
	forbid            bool
	steps             []biz.Step
}{
	{"workticket:hotWork:1", "一级动火作业审批", "示例配置(停用):启用后替代内置审批链", true, []biz.Step{
		{Name: "作业单位负责人审批", Roles: []string{"workshop_director"}},
		{Name: "安全管理部门审批", Roles: []string{"safety_manager"}},
	}},
	{"workticket:hotWork:0", "特级动火作业审批", "示例配置(停用):启用后替代内置审批链", true, []biz.Step{
		{Name: "作业单位负责人审批", Roles: []string{"workshop_director"}},
		{Name: "安全管理部门审批", Roles: []string{"safety_manager"}},
		{Name: "主要负责人审批", Roles: []string{"administrator"}},
	}},
	{"hazard", "隐患治理", "示例配置(停用):启用后替代内置审批链", false, []biz.Step{
		{Name: "隐患评估", Roles: []string{"safety_manager"}},
		{Name: "隐患整改", Roles: []string{"workshop_director", "operator"}},
		{Name: "隐患验收", Roles: []string{"safety_manager"}},
	}},
}

// Seed adds the demo tenant's example models once (idempotent at every start).
func Seed(g *gorm.DB) error {
	ctx := ident.ForTenant(context.Background(), seedids.DemoTenant)
	keys := make([]string, len(demoModels))
	for i, m := range demoModels {
		keys[i] = m.key
	}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		var have []string
		// Unscoped: a model the administrator removed stays removed.
		if err := db.Conn(ctx, g).Unscoped().Model(&biz.Model{}).Where("tenant_id = ? AND model_key IN ?", seedids.DemoTenant, keys).Pluck("model_key", &have).Error; err != nil {
			return err
		}
		for _, m := range demoModels {
			if slices.Contains(have, m.key) {
				continue
			}
			row := &biz.Model{ModelKey: m.key, Name: m.name, Steps: biz.EncodeSteps(m.steps), ForbidApplicant: m.forbid, Remark: m.remark}
			if err := db.Conn(ctx, g).Create(row).Error; err != nil {
				return err
			}
			// status has a column default of 1 (enabled), which a zero value
			// on insert does not override.
			if err := db.Conn(ctx, g).Model(row).Where("id = ?", row.ID).Update("status", 0).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
