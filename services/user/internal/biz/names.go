package biz

import (
	"context"
	"log/slog"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// checkRefs refuses roles, departments and posts that are not the tenant's
// (a foreign or deleted id is answered as missing). The names come from a
// per-tenant snapshot that blade-system's events renew; an id it lacks may be
// a role or department created a moment ago whose event has not arrived yet,
// so a miss reads the tenant again once before refusing.
func (s *Users) checkRefs(ctx context.Context, tenant string, roles, depts, posts []int64) error {
	missing, err := s.missingRef(ctx, tenant, roles, depts, posts)
	if err != nil || missing == "" {
		return err
	}
	if r, ok := s.Dir.(interface{ Invalidate(tenant string) }); ok {
		r.Invalidate(tenant)
		if missing, err = s.missingRef(ctx, tenant, roles, depts, posts); err != nil || missing == "" {
			return err
		}
	}
	return errs.BadRequest("%s不存在", missing)
}

// missingRef names the first kind (角色, 部门, 岗位) with an id the tenant lacks, or "".
func (s *Users) missingRef(ctx context.Context, tenant string, roles, depts, posts []int64) (string, error) {
	if len(roles) > 0 {
		names, err := s.Dir.RoleNames(ctx, tenant, roles)
		if err != nil {
			return "", err
		}
		if !hasAll(roles, names) {
			return "角色", nil
		}
	}
	if len(depts) > 0 {
		names, _, err := s.Dir.Depts(ctx, tenant, nil)
		if err != nil {
			return "", err
		}
		if !hasAll(depts, names) {
			return "部门", nil
		}
	}
	if len(posts) > 0 {
		names, err := s.Dir.PostNames(ctx, tenant)
		if err != nil {
			return "", err
		}
		if !hasAll(posts, names) {
			return "岗位", nil
		}
	}
	return "", nil
}

func hasAll(ids []int64, names map[int64]string) bool {
	for _, id := range ids {
		if _, ok := names[id]; !ok {
			return false
		}
	}
	return true
}

// lookup turns users into views with one directory call per kind of name
// (never one per user), plus the lock state when asked for.
type lookup struct {
	ctx    context.Context
	s      *Users
	tenant string
	locked bool
	roles  map[int64]string
	depts  map[int64]string
	posts  map[int64]string
}

// newLookup fetches the names the users refer to; with all set it fetches
// every name of the tenant (exports, whose rows are not known up front).
// depts may carry department names a filter already fetched.
func (s *Users) newLookup(ctx context.Context, tenant string, users []User, all, locked bool, depts map[int64]string) (*lookup, error) {
	l := &lookup{ctx: ctx, s: s, tenant: tenant, locked: locked, depts: depts}
	var roleIDs []int64
	needDepts, needPosts := all, all
	seen := map[int64]bool{}
	for i := range users {
		ids, _ := ident.ParseIDs(users[i].RoleID)
		for _, id := range ids {
			if !seen[id] {
				seen[id] = true
				roleIDs = append(roleIDs, id)
			}
		}
		needDepts = needDepts || users[i].DeptID != "" //nolint:gosec // G602: false positive, i ranges over users
		needPosts = needPosts || users[i].PostID != "" //nolint:gosec // G602: false positive, i ranges over users
	}
	var err error
	if all || len(roleIDs) > 0 {
		if l.roles, err = s.Dir.RoleNames(ctx, tenant, roleIDs); err != nil {
			return nil, err
		}
	}
	if needDepts && l.depts == nil {
		if l.depts, _, err = s.Dir.Depts(ctx, tenant, nil); err != nil {
			return nil, err
		}
	}
	if needPosts {
		if l.posts, err = s.Dir.PostNames(ctx, tenant); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// joinNames writes the names of a comma list of ids, skipping unknown ids.
func joinNames(list string, names map[int64]string) string {
	ids, _ := ident.ParseIDs(list)
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if n, ok := names[id]; ok {
			out = append(out, n)
		}
	}
	return strings.Join(out, ",")
}

func (l *lookup) view(u User, locked bool) UserView {
	return UserView{User: u, RoleName: joinNames(u.RoleID, l.roles), DeptName: joinNames(u.DeptID, l.depts), PostName: joinNames(u.PostID, l.posts), Locked: locked}
}

func (l *lookup) views(users []User) []UserView {
	locked := l.s.lockedAccounts(l.ctx, l.tenant, users, l.locked)
	out := make([]UserView, 0, len(users))
	for _, u := range users {
		out = append(out, l.view(u, locked[u.Account]))
	}
	return out
}

// lockedAccounts asks blade-auth which accounts of a page of users are
// locked, in one call; when it cannot answer, the page still shows, with
// everyone unlocked (the lock itself is enforced at login, not here).
func (s *Users) lockedAccounts(ctx context.Context, tenant string, users []User, want bool) map[string]bool {
	if !want || len(users) == 0 {
		return map[string]bool{}
	}
	accounts := make([]string, len(users))
	for i, u := range users {
		accounts[i] = u.Account
	}
	locked, err := s.Guard.LockedAccounts(ctx, tenant, accounts)
	if err != nil {
		slog.Warn("lock states unavailable", "tenant", tenant, "err", err)
		return map[string]bool{}
	}
	return locked
}
