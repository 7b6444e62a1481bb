package biz

import (
	"context"
	"log/slog"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// SubjectCertificateExpiring is raised once per certificate and reminder
// stage (expiring within the window, then expired); desk turns it into a
// message to the holder.
const SubjectCertificateExpiring = "user.certificate.expiring"

// Reminder stages of a certificate.
const (
	StageExpiring = "expiring"
	StageExpired  = "expired"
)

// ExpiredLookback bounds how long after its expiry a certificate is still
// reminded (a certificate expired years ago is not news).
const ExpiredLookback = 30

// NoticeQueries serve the daily reminder job, across tenants.
type NoticeQueries interface {
	// Settings of every tenant that saved one.
	AllSettings(ctx context.Context) ([]ExpireSetting, error)
	// Due lists certificates of every tenant expiring in [since, until].
	Due(ctx context.Context, since, until string, limit int) ([]Certificate, error)
	// Noticed returns the keys (NoticeKey) already recorded for the certificates.
	Noticed(ctx context.Context, certIDs []int64) (map[string]bool, error)
	// Record stores a notice; a unique index refuses a second one.
	Record(ctx context.Context, n *ExpiryNotice) error
}

// NoticeKey identifies one reminder of one certificate.
func NoticeKey(certID int64, expire, stage string) string {
	return ident.JoinIDs([]int64{certID}) + "|" + expire + "|" + stage
}

// ExpireInfo is the reminder setting with the certificates it covers.
type ExpireInfo struct {
	Window   Window
	Page     *paging.Page[CertificateView]
	Expired  int64
	Expiring int64
}

// ExpireSettingOf is the caller's tenant reminder (the default when none saved).
func (c *Certificates) ExpireSettingOf(ctx context.Context) (ExpireSetting, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return ExpireSetting{}, err
	}
	return c.setting(ctx)
}

// ExpireInfo pages the certificates expired or expiring within the
// tenant's window, soonest first.
func (c *Certificates) ExpireInfo(ctx context.Context, q paging.Query) (*ExpireInfo, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	w, err := c.window(ctx)
	if err != nil {
		return nil, err
	}
	q = certFilters(q)
	if q.Ascs == "" && q.Descs == "" {
		q.Ascs = "expireDate"
	}
	p, err := c.Q.Expiring(ctx, q, w.Until)
	if err != nil {
		return nil, err
	}
	views, err := c.views(ctx, w, p.Records)
	if err != nil {
		return nil, err
	}
	expired, expiring, err := c.Q.CountExpiring(ctx, w.Today, w.Until)
	if err != nil {
		return nil, err
	}
	return &ExpireInfo{Window: w, Expired: expired, Expiring: expiring,
		Page: &paging.Page[CertificateView]{Records: views, Total: p.Total, Size: p.Size, Current: p.Current}}, nil
}

// SaveExpireSetting creates or updates the tenant's reminder.
func (c *Certificates) SaveExpireSetting(ctx context.Context, s ExpireSetting) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	switch s.Type {
	case RemindDays:
		if s.RemindDate < 1 || s.RemindDate > 365 {
			return errs.BadRequest("提前提醒天数须为 1-365 天")
		}
	case RemindMonths:
		if s.RemindDate < 1 || s.RemindDate > 12 {
			return errs.BadRequest("提前提醒月数须为 1-12 个月")
		}
	default:
		return errs.BadRequest("提醒方式只能是 1(按天) 或 2(按月)")
	}
	return c.U.Tx.Tx(ctx, func(ctx context.Context) error {
		list, err := c.S.Setting.List(ctx, paging.Query{Size: 1}, 1)
		if err != nil {
			return err
		}
		if len(list) == 0 {
			return c.S.Setting.Create(ctx, &ExpireSetting{Type: s.Type, RemindDate: s.RemindDate})
		}
		_, err = c.S.Setting.UpdateFields(ctx, []int64{list[0].ID}, map[string]any{"type": s.Type, "remind_date": s.RemindDate})
		return err
	})
}

// RemindExpiring raises the reminder event of every certificate that
// entered its tenant's window or expired since the last run, once per
// certificate and stage: the job runs hourly and on start, and a second
// process racing it is refused by the notice's unique index. It returns
// how many events it raised.
func (c *Certificates) RemindExpiring(ctx context.Context) (int, error) {
	ctx = ident.AsSystem(ctx)
	now := c.Now()
	settings, err := c.Notice.AllSettings(ctx)
	if err != nil {
		return 0, err
	}
	byTenant := map[string]Window{}
	widest := WindowOf(ExpireSetting{Type: RemindDays, RemindDate: DefaultRemindDays}, now)
	for _, s := range settings {
		w := WindowOf(s, now)
		byTenant[s.TenantID] = w
		if w.Until > widest.Until {
			widest = w
		}
	}
	since := Day(now.AddDate(0, 0, -ExpiredLookback))
	due, err := c.Notice.Due(ctx, since, widest.Until, 5000)
	if err != nil || len(due) == 0 {
		return 0, err
	}
	done, err := c.Notice.Noticed(ctx, uniqueIDs(due, func(v *Certificate) int64 { return v.ID }))
	if err != nil {
		return 0, err
	}
	byHolder := map[string][]Certificate{}
	for _, v := range due {
		w, ok := byTenant[v.TenantID]
		if !ok {
			w = WindowOf(ExpireSetting{Type: RemindDays, RemindDate: DefaultRemindDays}, now)
		}
		stage := ""
		switch w.State(&v) {
		case StateExpired:
			stage = StageExpired
		case StateExpiring:
			stage = StageExpiring
		}
		if stage == "" || done[NoticeKey(v.ID, v.ExpireDate, stage)] {
			continue
		}
		byHolder[v.TenantID] = append(byHolder[v.TenantID], v)
	}
	raised := 0
	for tenant, list := range byHolder {
		n, err := c.remindTenant(ident.ForTenant(ctx, tenant), tenant, Day(now), list)
		raised += n
		if err != nil {
			slog.Warn("certificate reminders", "tenant", tenant, "err", err)
		}
	}
	return raised, nil
}

// remindTenant records the notices and events of one tenant in one transaction.
func (c *Certificates) remindTenant(ctx context.Context, tenant, today string, list []Certificate) (int, error) {
	users, err := c.people(ctx, tenant, uniqueIDs(list, func(v *Certificate) int64 { return v.UserID }))
	if err != nil {
		return 0, err
	}
	err = c.U.Tx.Tx(ctx, func(ctx context.Context) error {
		for _, v := range list {
			stage := StageExpiring
			if v.ExpireDate < today {
				stage = StageExpired
			}
			if err := c.Notice.Record(ctx, &ExpiryNotice{CertificateID: v.ID, ExpireDate: v.ExpireDate, Stage: stage}); err != nil {
				return err
			}
			u := users[v.UserID]
			if err := c.U.Events.Add(ctx, SubjectCertificateExpiring, tenant, map[string]any{
				"certificateId": ident.JoinIDs([]int64{v.ID}), "userId": ident.JoinIDs([]int64{v.UserID}),
				"userName": displayName(u.RealName, u.Name), "kind": v.Kind, "kindName": KindName(v.Kind),
				"certificateNo": v.CertificateNo, "expireDate": v.ExpireDate, "daysLeft": DaysLeft(today, v.ExpireDate),
				"expired": stage == StageExpired, "stage": stage,
			}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(list), nil
}
