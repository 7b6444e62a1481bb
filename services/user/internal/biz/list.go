package biz

import (
	"context"
	"strconv"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// Filter keys on numeric columns: a bare key means "contains" in Blade,
// which is meaningless (and invalid SQL on PostgreSQL) for a number, so it
// is read as equality.
var numericFilters = []string{"userType", "status", "sex"}

// listing is one prepared user list: the query, the extra filter, and the
// department names fetched while resolving a dept filter.
type listing struct {
	q     paging.Query
	f     Filter
	depts map[int64]string
}

// prepare reads the filters blade-user adds to the Blade keys: normal users
// only unless a status filter asks, and deptId as a department subtree.
func (s *Users) prepare(ctx context.Context, tenant string, q paging.Query) (*listing, error) {
	in := q.Filters
	q.Filters = make(map[string]string, len(in))
	var dept string
	for k, v := range in {
		if k == "deptId" || k == "deptId_equal" {
			dept = strings.TrimSpace(v)
			continue
		}
		// inOrOut (spec 7.6) is the work company type: the user type.
		if k == "inOrOut" || k == "inOrOut_equal" {
			k = "userType"
		}
		q.Filters[k] = v
	}
	for _, name := range numericFilters {
		if v, ok := q.Filters[name]; ok {
			delete(q.Filters, name)
			q.Filters[name+"_equal"] = v
		}
	}
	l := &listing{q: q}
	if !hasFilter(q.Filters, "status") {
		l.f.Statuses = []int32{StatusNormal}
	}
	if dept != "" {
		id, err := strconv.ParseInt(dept, 10, 64)
		if err != nil || id <= 0 {
			return nil, errs.BadRequest("部门参数格式错误")
		}
		names, subtree, err := s.Dir.Depts(ctx, tenant, []int64{id})
		if err != nil {
			return nil, err
		}
		l.f.Dept, l.f.Depts, l.depts = id, append(subtree, id), names
	}
	return l, nil
}

// hasFilter reports a non-blank filter on field name with any operator.
func hasFilter(filters map[string]string, name string) bool {
	for k, v := range filters {
		if (k == name || strings.HasPrefix(k, name+"_")) && strings.TrimSpace(v) != "" {
			return true
		}
	}
	return false
}

// Page lists the users the caller's data scope allows, with the names of
// their roles, departments and posts and their lock state.
func (s *Users) Page(ctx context.Context, q paging.Query) (*paging.Page[UserView], error) {
	return s.page(ctx, q, true)
}

// TenantPage lists every user of the caller's tenant (pickers in other
// modules), whatever the caller's data scope.
func (s *Users) TenantPage(ctx context.Context, q paging.Query) (*paging.Page[UserView], error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	return s.page(ident.ForTenant(ctx, id.TenantID), q, false)
}

func (s *Users) page(ctx context.Context, q paging.Query, locked bool) (*paging.Page[UserView], error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	l, err := s.prepare(ctx, id.TenantID, q)
	if err != nil {
		return nil, err
	}
	p, err := s.Q.PageUsers(ctx, l.q, l.f)
	if err != nil {
		return nil, err
	}
	lk, err := s.newLookup(ctx, id.TenantID, p.Records, false, locked, l.depts)
	if err != nil {
		return nil, err
	}
	return &paging.Page[UserView]{Records: lk.views(p.Records), Total: p.Total, Size: p.Size, Current: p.Current}, nil
}

// TenantList lists every user of the caller's tenant matching q, up to the page cap.
func (s *Users) TenantList(ctx context.Context, q paging.Query) ([]UserView, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	ctx = ident.ForTenant(ctx, id.TenantID)
	l, err := s.prepare(ctx, id.TenantID, q)
	if err != nil {
		return nil, err
	}
	list, err := s.Q.ListUsers(ctx, l.q, l.f, paging.MaxSize)
	if err != nil {
		return nil, err
	}
	lk, err := s.newLookup(ctx, id.TenantID, list, false, false, l.depts)
	if err != nil {
		return nil, err
	}
	return lk.views(list), nil
}

// Export streams the users of q (same filters and scope as Page) to fn.
func (s *Users) Export(ctx context.Context, q paging.Query, max int, fn func(UserView) error) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	l, err := s.prepare(ctx, id.TenantID, q)
	if err != nil {
		return err
	}
	lk, err := s.newLookup(ctx, id.TenantID, nil, true, false, l.depts)
	if err != nil {
		return err
	}
	return s.Q.EachUser(ctx, l.q, l.f, max, func(u User) error { return fn(lk.view(u, false)) })
}

// Detail returns one user of the caller's tenant with names and lock state.
func (s *Users) Detail(ctx context.Context, userID int64) (*UserView, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	u, err := s.S.User.Get(ctx, userID)
	if err != nil {
		return nil, err
	}
	lk, err := s.newLookup(ctx, id.TenantID, []User{*u}, false, true, nil)
	if err != nil {
		return nil, err
	}
	v := lk.views([]User{*u})[0]
	return &v, nil
}

// Info is the caller's own profile.
func (s *Users) Info(ctx context.Context) (*UserView, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	if id.UserID <= 0 {
		return nil, errs.NotFound("用户不存在")
	}
	return s.Detail(ctx, id.UserID)
}
