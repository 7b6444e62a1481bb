package biz

import (
	"context"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// GuardianView is a guardian row with the person's names.
type GuardianView struct {
	Guardian
	WorkTypeName string
	UserName     string
	Account      string
	DeptName     string
	Phone        string
}

// guardianViews names a batch of guardian rows with one user query and one
// department look-up; rows of deleted or disabled users are dropped when
// activeOnly is set.
func (c *Certificates) guardianViews(ctx context.Context, list []Guardian, activeOnly bool) ([]GuardianView, error) {
	out := make([]GuardianView, 0, len(list))
	if len(list) == 0 {
		return out, nil
	}
	id, _ := ident.Caller(ctx)
	users, err := c.people(ctx, id.TenantID, uniqueIDs(list, func(g *Guardian) int64 { return g.UserID }))
	if err != nil {
		return nil, err
	}
	depts, _, err := c.U.Dir.Depts(ctx, id.TenantID, nil)
	if err != nil {
		return nil, err
	}
	for _, g := range list {
		u, ok := users[g.UserID]
		if activeOnly && (!ok || u.Status != StatusNormal) {
			continue
		}
		out = append(out, GuardianView{Guardian: g, WorkTypeName: WorkTypeName(g.WorkType), UserName: displayName(u.RealName, u.Name),
			Account: u.Account, DeptName: depts[u.MainDeptID], Phone: u.Phone})
	}
	return out, nil
}

// PageGuardians lists the tenant's guardian configuration.
func (c *Certificates) PageGuardians(ctx context.Context, q paging.Query) (*paging.Page[GuardianView], error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	p, err := c.S.Guardian.Page(ctx, q)
	if err != nil {
		return nil, err
	}
	views, err := c.guardianViews(ctx, p.Records, false)
	if err != nil {
		return nil, err
	}
	return &paging.Page[GuardianView]{Records: views, Total: p.Total, Size: p.Size, Current: p.Current}, nil
}

// DetailGuardian returns one guardian row.
func (c *Certificates) DetailGuardian(ctx context.Context, id int64) (*GuardianView, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	g, err := c.S.Guardian.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	views, err := c.guardianViews(ctx, []Guardian{*g}, false)
	if err != nil {
		return nil, err
	}
	return &views[0], nil
}

// TicketGuardians lists the active guardians of a work type ("" = all).
func (c *Certificates) TicketGuardians(ctx context.Context, workType string) ([]GuardianView, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	if workType != "" && WorkTypeName(workType) == "" {
		return nil, errs.BadRequest("作业类型不存在")
	}
	list, err := c.Q.Guardians(ctx, workType)
	if err != nil {
		return nil, err
	}
	return c.guardianViews(ctx, list, true)
}

// SaveGuardian configures a person of the tenant as guardian of a work type.
func (c *Certificates) SaveGuardian(ctx context.Context, g *Guardian) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	if err := first(
		func() error {
			if g.WorkType == "" {
				return errs.BadRequest("请选择作业类型")
			}
			if WorkTypeName(g.WorkType) == "" {
				return errs.BadRequest("作业类型不存在")
			}
			return nil
		},
		func() error {
			if g.UserID <= 0 {
				return errs.BadRequest("请选择监护人")
			}
			return nil
		},
		func() error { return maxLen("备注", g.Remark, 500) },
	); err != nil {
		return err
	}
	u, err := c.U.S.User.Get(ctx, g.UserID)
	if err != nil {
		if errs.IsNotFound(err) {
			return errs.BadRequest("监护人不存在")
		}
		return err
	}
	if u.Status != StatusNormal {
		return errs.BadRequest("监护人账号未启用")
	}
	people := []int64{g.UserID}
	if g.ID != 0 {
		old, err := c.Q.HolderIDs(ctx, &Guardian{}, []int64{g.ID})
		if err != nil {
			return err
		}
		people = append(people, old[g.ID])
	}
	if err := c.holdersInScope(ctx, people, "监护人", "配置"); err != nil {
		return err
	}
	return c.U.Tx.Tx(ctx, func(ctx context.Context) error {
		dup, err := c.S.Guardian.Exists(ctx, g.ID, "work_type = ? AND user_id = ?", g.WorkType, g.UserID)
		if err != nil {
			return err
		}
		if dup {
			return errs.Duplicate("%s 已是%s的监护人", displayName(u.RealName, u.Name), WorkTypeName(g.WorkType))
		}
		if g.ID == 0 {
			return c.S.Guardian.Create(ctx, g)
		}
		if _, err := c.S.Guardian.Get(ctx, g.ID); err != nil {
			return err
		}
		return c.S.Guardian.Update(ctx, g.ID, g, "work_type", "user_id", "remark")
	})
}

// RemoveGuardians deletes guardian rows of the tenant, their people in the
// caller's data scope.
func (c *Certificates) RemoveGuardians(ctx context.Context, ids []int64) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	people, err := c.Q.HolderIDs(ctx, &Guardian{}, ids)
	if err != nil {
		return err
	}
	if err := c.holdersInScope(ctx, values(people), "监护人", "删除其配置"); err != nil {
		return err
	}
	return c.S.Guardian.Remove(ctx, ids)
}
