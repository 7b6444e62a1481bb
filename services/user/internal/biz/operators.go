package biz

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// OperatorView is a person with the certificates they hold.
type OperatorView struct {
	UserView
	Certificates []CertificateView
	// CertificateNames lists the kinds valid today.
	CertificateNames string
	// Qualified: holds a valid certificate (of the kind asked, when asked).
	Qualified bool
}

// DeptView is a department of internal or external people.
type DeptView struct {
	ID        int64
	Name      string
	InOrOut   int32
	UserCount int
}

func checkInOrOut(v int32) error {
	if v != 0 && v != TypeInternal && v != TypeExternal {
		return errs.BadRequest("人员类型只能是 1(内部) 或 2(外部)")
	}
	return nil
}

// DeptList lists the departments the internal (1) or external (2) people
// belong to, with how many there are.
func (c *Certificates) DeptList(ctx context.Context, inOrOut int32) ([]DeptView, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := checkInOrOut(inOrOut); err != nil {
		return nil, err
	}
	counts, err := c.Q.DeptCounts(ctx, inOrOut)
	if err != nil {
		return nil, err
	}
	names, _, err := c.U.Dir.Depts(ctx, id.TenantID, nil)
	if err != nil {
		return nil, err
	}
	out := make([]DeptView, 0, len(counts))
	for dept, n := range counts {
		if name, ok := names[dept]; ok {
			out = append(out, DeptView{ID: dept, Name: name, InOrOut: inOrOut, UserCount: n})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// operatorQuery splits the certificate filters (kind, qualified) from the
// user filters and maps inOrOut onto the user type.
type operatorQuery struct {
	q         paging.Query
	kind      string
	qualified bool
}

func readOperatorQuery(q paging.Query) (operatorQuery, error) {
	o := operatorQuery{q: q}
	o.q.Filters = make(map[string]string, len(q.Filters))
	for k, v := range q.Filters {
		v = strings.TrimSpace(v)
		switch k {
		case "kind", "kind_equal", "certificateKind":
			o.kind = v
		case "qualified", "valid":
			o.qualified = v == "1" || v == "true"
		case "inOrOut", "inOrOut_equal":
			if v != "" {
				n, err := strconv.ParseInt(v, 10, 32)
				if err != nil || checkInOrOut(int32(n)) != nil {
					return o, errs.BadRequest("人员类型只能是 1(内部) 或 2(外部)")
				}
				if n != 0 {
					o.q.Filters["userType_equal"] = v
				}
			}
		default:
			o.q.Filters[k] = v
		}
	}
	if o.kind != "" && KindName(o.kind) == "" {
		return o, errs.BadRequest("证书类型不存在")
	}
	return o, nil
}

// Operators pages the tenant's people (any data scope: they are picked on
// permits) with their certificates.
func (c *Certificates) Operators(ctx context.Context, q paging.Query) (*paging.Page[OperatorView], error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	ctx = ident.ForTenant(ctx, id.TenantID)
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	o, err := readOperatorQuery(q)
	if err != nil {
		return nil, err
	}
	l, err := c.narrow(ctx, id.TenantID, o)
	if err != nil {
		return nil, err
	}
	p, err := c.U.Q.PageUsers(ctx, l.q, l.f)
	if err != nil {
		return nil, err
	}
	views, err := c.operatorViews(ctx, id.TenantID, l, o.kind, p.Records)
	if err != nil {
		return nil, err
	}
	return &paging.Page[OperatorView]{Records: views, Total: p.Total, Size: p.Size, Current: p.Current}, nil
}

// OperatorAll lists every person of the tenant matching q (up to the page
// cap) with their certificates: the permit forms' pickers.
func (c *Certificates) OperatorAll(ctx context.Context, q paging.Query) ([]OperatorView, error) {
	id, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	ctx = ident.ForTenant(ctx, id.TenantID)
	o, err := readOperatorQuery(q)
	if err != nil {
		return nil, err
	}
	l, err := c.narrow(ctx, id.TenantID, o)
	if err != nil {
		return nil, err
	}
	list, err := c.U.Q.ListUsers(ctx, l.q, l.f, paging.MaxSize)
	if err != nil {
		return nil, err
	}
	return c.operatorViews(ctx, id.TenantID, l, o.kind, list)
}

// narrow prepares the user query and, for a kind filter, keeps the holders
// of a certificate of that kind (valid today when qualified is asked).
func (c *Certificates) narrow(ctx context.Context, tenant string, o operatorQuery) (*listing, error) {
	l, err := c.U.prepare(ctx, tenant, o.q)
	if err != nil {
		return nil, err
	}
	if o.kind != "" {
		l.f.Holding, l.f.HoldingTenant = o.kind, tenant
		if o.qualified {
			l.f.HoldingOn = Day(c.Now())
		}
	}
	return l, nil
}

// operatorViews attaches the certificates of a page of users: one
// certificate query and the name look-ups of the page.
func (c *Certificates) operatorViews(ctx context.Context, tenant string, l *listing, kind string, users []User) ([]OperatorView, error) {
	out := make([]OperatorView, 0, len(users))
	if len(users) == 0 {
		return out, nil
	}
	lk, err := c.U.newLookup(ctx, tenant, users, false, false, l.depts)
	if err != nil {
		return nil, err
	}
	certs, err := c.Q.CertificatesOf(ctx, uniqueIDs(users, func(u *User) int64 { return u.ID }))
	if err != nil {
		return nil, err
	}
	w, err := c.window(ctx)
	if err != nil {
		return nil, err
	}
	byUser := map[int64][]CertificateView{}
	for _, v := range certs {
		byUser[v.UserID] = append(byUser[v.UserID], CertificateView{Certificate: v, KindName: KindName(v.Kind),
			DeptName: lk.depts[v.DeptID], ValidState: w.State(&v), DaysLeft: DaysLeft(w.Today, v.ExpireDate)})
	}
	for _, uv := range lk.views(users) {
		ov := OperatorView{UserView: uv, Certificates: byUser[uv.ID]}
		if ov.Certificates == nil {
			ov.Certificates = []CertificateView{}
		}
		var names []string
		for i := range ov.Certificates {
			cv := &ov.Certificates[i]
			cv.UserName = displayName(uv.RealName, uv.Name)
			if cv.ValidState == StateExpired || cv.IssueDate > w.Today {
				continue
			}
			names = append(names, cv.KindName)
			if kind == "" || cv.Kind == kind {
				ov.Qualified = true
			}
		}
		ov.CertificateNames = strings.Join(names, ",")
		out = append(out, ov)
	}
	return out, nil
}
