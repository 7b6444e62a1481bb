package biz

import (
	"context"
	"strings"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
)

// CertStores are the generic repositories of the certificate models.
type CertStores struct {
	Certificate paging.Store[Certificate]
	Guardian    paging.Store[Guardian]
	Setting     paging.Store[ExpireSetting]
}

// CertQueries are what the generic stores cannot express.
type CertQueries interface {
	CheckQueries
	// CertificatesOf lists the certificates of the users (one query).
	CertificatesOf(ctx context.Context, userIDs []int64) ([]Certificate, error)
	// DeptCounts counts the normal users of a work company type (0: any) per main department.
	DeptCounts(ctx context.Context, userType int32) (map[int64]int, error)
	// Expiring pages the certificates expiring on or before until (expired included).
	Expiring(ctx context.Context, q paging.Query, until string) (*paging.Page[Certificate], error)
	// CountExpiring counts the expired (before today) and expiring (today..until) certificates.
	CountExpiring(ctx context.Context, today, until string) (expired, expiring int64, err error)
	// Guardians lists the guardian rows of a work type ("" = every type).
	Guardians(ctx context.Context, workType string) ([]Guardian, error)
	// HolderIDs maps the rows of model (&Certificate{} or &Guardian{})
	// among ids to the person each belongs to.
	HolderIDs(ctx context.Context, model any, ids []int64) (map[int64]int64, error)
}

// Certificates is the use cases of people's certificates, their expiry
// reminders and the guardians of work types (spec 7.6).
type Certificates struct {
	U      *Users
	S      CertStores
	Q      CertQueries
	Check  CheckQueries
	Notice NoticeQueries
	Now    func() time.Time
}

// NewCertificates wires the certificate use cases on top of the user ones.
func NewCertificates(u *Users, s CertStores, q CertQueries, n NoticeQueries) *Certificates {
	return &Certificates{U: u, S: s, Q: q, Check: q, Notice: n, Now: time.Now}
}

// CertificateView is a certificate with the names a list shows.
type CertificateView struct {
	Certificate
	UserName   string
	DeptName   string
	KindName   string
	ValidState int32
	DaysLeft   int
}

// Window is a tenant's reminder setting resolved to the last reminded day.
type Window struct {
	Setting ExpireSetting
	Today   string
	Until   string
}

// State of a certificate on the window's day.
func (w Window) State(c *Certificate) int32 {
	switch {
	case c.ExpireDate < w.Today:
		return StateExpired
	case c.ExpireDate <= w.Until:
		return StateExpiring
	}
	return StateValid
}

// DaysLeft from today to the expire date (0 on the last valid day).
func DaysLeft(today, expire string) int {
	a, ok1 := time.Parse(timefmt.DateLayout, today)
	b, ok2 := time.Parse(timefmt.DateLayout, expire)
	if ok1 != nil || ok2 != nil {
		return 0
	}
	return int(b.Sub(a).Hours() / 24)
}

// WindowOf resolves a setting on a moment: the reminder covers the days
// from today up to today + remindDate days (or calendar months).
func WindowOf(s ExpireSetting, now time.Time) Window {
	today := now.In(timefmt.Zone)
	until := today.AddDate(0, 0, int(s.RemindDate))
	if s.Type == RemindMonths {
		until = today.AddDate(0, int(s.RemindDate), 0)
	}
	return Window{Setting: s, Today: Day(today), Until: Day(until)}
}

// setting is the caller's tenant reminder, or the default one.
func (c *Certificates) setting(ctx context.Context) (ExpireSetting, error) {
	list, err := c.S.Setting.List(ctx, paging.Query{Size: 1}, 1)
	if err != nil {
		return ExpireSetting{}, err
	}
	if len(list) == 0 {
		return ExpireSetting{Type: RemindDays, RemindDate: DefaultRemindDays}, nil
	}
	return list[0], nil
}

func (c *Certificates) window(ctx context.Context) (Window, error) {
	s, err := c.setting(ctx)
	if err != nil {
		return Window{}, err
	}
	return WindowOf(s, c.Now()), nil
}

// certFilters maps the aliases the web sends onto model fields.
func certFilters(q paging.Query) paging.Query {
	f := make(map[string]string, len(q.Filters))
	for k, v := range q.Filters {
		if strings.TrimSpace(v) == "" {
			continue
		}
		if k == "userType" || k == "userType_equal" {
			k = "inOrOut"
		}
		f[k] = v
	}
	q.Filters = f
	return q
}

// PageCertificates lists the tenant's certificates with holder, department,
// kind names and validity.
func (c *Certificates) PageCertificates(ctx context.Context, q paging.Query) (*paging.Page[CertificateView], error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	w, err := c.window(ctx)
	if err != nil {
		return nil, err
	}
	p, err := c.S.Certificate.Page(ctx, certFilters(q))
	if err != nil {
		return nil, err
	}
	views, err := c.views(ctx, w, p.Records)
	if err != nil {
		return nil, err
	}
	return &paging.Page[CertificateView]{Records: views, Total: p.Total, Size: p.Size, Current: p.Current}, nil
}

// EachCertificate streams the certificates of q as views (export).
func (c *Certificates) EachCertificate(ctx context.Context, q paging.Query, max int, fn func(CertificateView) error) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	w, err := c.window(ctx)
	if err != nil {
		return err
	}
	var batch []Certificate
	flush := func() error {
		views, err := c.views(ctx, w, batch)
		if err != nil {
			return err
		}
		batch = batch[:0]
		for _, v := range views {
			if err := fn(v); err != nil {
				return err
			}
		}
		return nil
	}
	if err := c.S.Certificate.Each(ctx, certFilters(q), max, func(v Certificate) error {
		batch = append(batch, v)
		if len(batch) == 500 {
			return flush()
		}
		return nil
	}); err != nil {
		return err
	}
	return flush()
}

// DetailCertificate returns one certificate of the tenant.
func (c *Certificates) DetailCertificate(ctx context.Context, id int64) (*CertificateView, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	v, err := c.S.Certificate.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	w, err := c.window(ctx)
	if err != nil {
		return nil, err
	}
	views, err := c.views(ctx, w, []Certificate{*v})
	if err != nil {
		return nil, err
	}
	return &views[0], nil
}

// people names the users of a tenant by id with one query.
func (c *Certificates) people(ctx context.Context, tenant string, ids []int64) (map[int64]User, error) {
	out := make(map[int64]User, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	list, err := c.U.Q.ListUsers(ident.ForTenant(ctx, tenant), paging.Query{}, Filter{IDs: ids}, len(ids))
	if err != nil {
		return nil, err
	}
	for _, u := range list {
		out[u.ID] = u
	}
	return out, nil
}

// uniqueIDs collects the positive ids of in, each once (see uniq).
func uniqueIDs[T any](in []T, id func(*T) int64) []int64 {
	ids := make([]int64, 0, len(in))
	for i := range in {
		if v := id(&in[i]); v > 0 {
			ids = append(ids, v)
		}
	}
	return uniq(ids)
}

// views names a batch of certificates: one user query and one department
// look-up for the whole batch.
func (c *Certificates) views(ctx context.Context, w Window, list []Certificate) ([]CertificateView, error) {
	out := make([]CertificateView, 0, len(list))
	if len(list) == 0 {
		return out, nil
	}
	id, _ := ident.Caller(ctx)
	users, err := c.people(ctx, id.TenantID, uniqueIDs(list, func(v *Certificate) int64 { return v.UserID }))
	if err != nil {
		return nil, err
	}
	depts, _, err := c.U.Dir.Depts(ctx, id.TenantID, nil)
	if err != nil {
		return nil, err
	}
	for _, v := range list {
		u := users[v.UserID]
		out = append(out, CertificateView{Certificate: v, UserName: displayName(u.RealName, u.Name), DeptName: depts[v.DeptID],
			KindName: KindName(v.Kind), ValidState: w.State(&v), DaysLeft: DaysLeft(w.Today, v.ExpireDate)})
	}
	return out, nil
}

func checkDate(label, v string, required bool) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		if required {
			return "", errs.BadRequest("请选择%s", label)
		}
		return "", nil
	}
	t, ok := timefmt.Parse(v)
	if !ok {
		return "", errs.BadRequest("%s格式错误,应为 yyyy-MM-dd", label)
	}
	return t.Format(timefmt.DateLayout), nil
}

// checkCertificate validates and normalises a submitted certificate.
func checkCertificate(v *Certificate) error {
	v.CertificateNo = strings.TrimSpace(v.CertificateNo)
	v.IssuingAuthority = strings.TrimSpace(v.IssuingAuthority)
	v.Kind = strings.TrimSpace(v.Kind)
	var err error
	return first(
		func() error {
			if v.UserID <= 0 {
				return errs.BadRequest("请选择持证人")
			}
			return nil
		},
		func() error {
			if v.Kind == "" {
				return errs.BadRequest("请选择证书类型")
			}
			if !IsLeafKind(v.Kind) {
				return errs.BadRequest("证书类型不存在,请从证书类型树的末级选择")
			}
			return nil
		},
		func() error {
			if v.CertificateNo == "" {
				return errs.BadRequest("请输入证书编号")
			}
			return maxLen("证书编号", v.CertificateNo, 64)
		},
		func() error { return maxLen("发证机关", v.IssuingAuthority, 100) },
		func() error { v.IssueDate, err = checkDate("发证日期", v.IssueDate, true); return err },
		func() error { v.ExpireDate, err = checkDate("到期日期", v.ExpireDate, true); return err },
		func() error { v.ReviewDate, err = checkDate("复审日期", v.ReviewDate, false); return err },
		func() error {
			if v.ExpireDate <= v.IssueDate {
				return errs.BadRequest("到期日期必须晚于发证日期")
			}
			return nil
		},
		func() error { return maxLen("附件", v.Attachments, 2000) },
		func() error { return maxLen("备注", v.Remark, 500) },
	)
}

// SaveCertificate inserts (no id) or updates a certificate of a person of
// the caller's tenant; the holder's work company type and department are
// copied from the user.
func (c *Certificates) SaveCertificate(ctx context.Context, v *Certificate) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	if err := checkCertificate(v); err != nil {
		return err
	}
	// Get runs under the tenant scope: another tenant's user is NotFound.
	u, err := c.U.S.User.Get(ctx, v.UserID)
	if err != nil {
		if errs.IsNotFound(err) {
			return errs.BadRequest("持证人不存在")
		}
		return err
	}
	v.InOrOut, v.DeptID = u.UserType, u.MainDeptID
	holders := []int64{v.UserID}
	if v.ID != 0 {
		old, err := c.Q.HolderIDs(ctx, &Certificate{}, []int64{v.ID})
		if err != nil {
			return err
		}
		holders = append(holders, old[v.ID])
	}
	// The certificate's holder, and the one it is taken from, are the caller's to manage.
	if err := c.holdersInScope(ctx, holders, "持证人", "维护其证书"); err != nil {
		return err
	}
	return c.U.Tx.Tx(ctx, func(ctx context.Context) error {
		dup, err := c.S.Certificate.Exists(ctx, v.ID, "kind = ? AND certificate_no = ?", v.Kind, v.CertificateNo)
		if err != nil {
			return err
		}
		if dup {
			return errs.Duplicate("证书编号 %s 已存在", v.CertificateNo)
		}
		if v.ID == 0 {
			return c.S.Certificate.Create(ctx, v)
		}
		if _, err := c.S.Certificate.Get(ctx, v.ID); err != nil {
			return err
		}
		return c.S.Certificate.Update(ctx, v.ID, v, "user_id", "kind", "certificate_no", "issuing_authority", "issue_date",
			"expire_date", "review_date", "attachments", "in_or_out", "dept_id", "remark")
	})
}

// RemoveCertificates deletes certificates of the tenant (logically),
// their holders in the caller's data scope.
func (c *Certificates) RemoveCertificates(ctx context.Context, ids []int64) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	holders, err := c.Q.HolderIDs(ctx, &Certificate{}, ids)
	if err != nil {
		return err
	}
	if err := c.holdersInScope(ctx, values(holders), "持证人", "删除其证书"); err != nil {
		return err
	}
	return c.S.Certificate.Remove(ctx, ids)
}

func values(m map[int64]int64) []int64 {
	out := make([]int64, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}
