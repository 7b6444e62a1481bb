package biz

import (
	"context"
	"strings"
	"unicode/utf8"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// Limits of a notice's text.
const (
	MaxTitle   = 200
	MaxContent = 10000
)

// normalize checks a notice's own fields and fills the status default.
func normalize(n *Notice) error {
	n.MessageTitle = strings.TrimSpace(n.MessageTitle)
	if n.MessageTitle == "" {
		return errs.BadRequest("请输入消息标题")
	}
	if utf8.RuneCountInString(n.MessageTitle) > MaxTitle {
		return errs.BadRequest("消息标题不能超过%d个字", MaxTitle)
	}
	if strings.TrimSpace(n.MessageContent) == "" {
		return errs.BadRequest("请输入消息内容")
	}
	if utf8.RuneCountInString(n.MessageContent) > MaxContent {
		return errs.BadRequest("消息内容不能超过%d个字", MaxContent)
	}
	if n.Type != TypeMessage && n.Type != TypeNotice {
		return errs.BadRequest("消息类型只能是1(消息)或2(通知)")
	}
	if n.Status == 0 {
		n.Status = StatusNormal
	}
	if n.Status < StatusPinned || n.Status > StatusNormal {
		return errs.BadRequest("消息状态只能是5(置顶)、6(重要)或7(普通)")
	}
	return nil
}

// checkAudience refuses an audience outside the tenant: every department
// and role must be one of the tenant's (blade-system knows). Users are
// accepted by id, as blade-user offers no look-up to desk.
func (d *Desk) checkAudience(ctx context.Context, tenantID string, a *Audience) error {
	if a.Scope == "" {
		// Blade clients publish without a scope and mean the whole tenant.
		a.Scope = ScopeTenant
	}
	switch a.Scope {
	case ScopeTenant:
		return nil
	case ScopeDept:
		if len(a.DeptIDs) == 0 {
			return errs.BadRequest("请选择接收部门")
		}
		known, err := d.Dir.DeptIDs(ctx, tenantID)
		if err != nil {
			return err
		}
		if bad := missing(a.DeptIDs, known); len(bad) > 0 {
			return errs.BadRequest("接收部门不存在: %s", ident.JoinIDs(bad))
		}
	case ScopeUser:
		if len(a.UserIDs) == 0 {
			return errs.BadRequest("请选择接收人员")
		}
		for _, id := range a.UserIDs {
			if id <= 0 {
				return errs.BadRequest("接收人员编号错误: %d", id)
			}
		}
	case ScopeRole:
		if len(a.RoleIDs) == 0 {
			return errs.BadRequest("请选择接收角色")
		}
		roles, err := d.Dir.Roles(ctx, tenantID)
		if err != nil {
			return err
		}
		known := make([]int64, len(roles))
		for i, r := range roles {
			known[i] = r.ID
		}
		if bad := missing(a.RoleIDs, known); len(bad) > 0 {
			return errs.BadRequest("接收角色不存在: %s", ident.JoinIDs(bad))
		}
	default:
		return errs.BadRequest("接收范围只能是 tenant(全员)、dept(部门)、user(人员)或 role(角色)")
	}
	return nil
}

// missing returns the ids of want that are not in have.
func missing(want, have []int64) []int64 {
	set := make(map[int64]bool, len(have))
	for _, h := range have {
		set[h] = true
	}
	var out []int64
	for _, w := range want {
		if !set[w] {
			out = append(out, w)
		}
	}
	return out
}
