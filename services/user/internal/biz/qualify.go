package biz

import (
	"context"
	"fmt"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
)

// Holder is one person asked about with one certificate of the asked kind
// they hold (CertificateNo "" when they hold none): the rows of the single
// query a qualification check makes.
type Holder struct {
	UserID        int64
	RealName      string
	Name          string
	UserStatus    int32
	CertificateNo string
	IssueDate     string
	ExpireDate    string
}

// GuardianRow is the person asked about and whether a guardian row of the
// work type names them (GuardianID 0 when none).
type GuardianRow struct {
	UserID     int64
	RealName   string
	Name       string
	UserStatus int32
	GuardianID int64
}

// CheckQueries answer the qualification checks, each with one query.
type CheckQueries interface {
	// Holders returns, for the users among ids that exist in the caller's
	// tenant, one row per certificate of kind they hold (or one row without
	// certificate).
	Holders(ctx context.Context, ids []int64, kind string) ([]Holder, error)
	// GuardianOf returns the user (nil when absent from the tenant) and
	// whether they guard workType.
	GuardianOf(ctx context.Context, userID int64, workType string) (*GuardianRow, error)
}

// Verdict answers whether one person may do work needing a certificate kind.
type Verdict struct {
	UserID        int64
	UserName      string
	Valid         bool
	CertificateNo string
	ExpireDate    string
	Reason        string
}

// Day is the calendar day of t in the tenant zone (yyyy-MM-dd). Certificates
// are judged by day: one that expires today is valid until the end of today
// (the date printed on a certificate is its last valid day), and one issued
// today is valid from the start of today.
func Day(t time.Time) string { return t.In(timefmt.Zone).Format(timefmt.DateLayout) }

// CheckAt reads the moment of a check ("" = now).
func CheckAt(at string, now time.Time) (time.Time, error) {
	if at == "" {
		return now, nil
	}
	t, ok := timefmt.Parse(at)
	if !ok {
		return time.Time{}, errs.BadRequest("检查时间格式错误,应为 yyyy-MM-dd HH:mm:ss")
	}
	return t, nil
}

func displayName(realName, name string) string {
	if realName != "" {
		return realName
	}
	return name
}

// Judge decides one verdict per distinct id, in the order asked, from the
// rows of Holders. A person with several certificates of the kind is valid
// when any is; otherwise the reason names the latest one.
func Judge(ids []int64, kind string, day string, rows []Holder) []Verdict {
	kindName := KindName(kind)
	byUser := make(map[int64][]Holder, len(ids))
	for _, r := range rows {
		byUser[r.UserID] = append(byUser[r.UserID], r)
	}
	seen := make(map[int64]bool, len(ids))
	out := make([]Verdict, 0, len(ids))
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		out = append(out, judgeOne(id, kind, kindName, day, byUser[id]))
	}
	return out
}

func judgeOne(id int64, kind, kindName, day string, rows []Holder) Verdict {
	v := Verdict{UserID: id}
	if kindName == "" {
		v.Reason = fmt.Sprintf("证书类型 %s 不存在", kind)
		return v
	}
	if len(rows) == 0 {
		v.Reason = "人员不存在"
		return v
	}
	v.UserName = displayName(rows[0].RealName, rows[0].Name)
	if rows[0].UserStatus != StatusNormal {
		v.Reason = fmt.Sprintf("%s 的账号未启用", v.UserName)
		return v
	}
	var best, latest *Holder
	for i := range rows {
		r := &rows[i]
		if r.CertificateNo == "" {
			continue
		}
		if r.IssueDate <= day && day <= r.ExpireDate && (best == nil || r.ExpireDate > best.ExpireDate) {
			best = r
		}
		if latest == nil || r.ExpireDate > latest.ExpireDate {
			latest = r
		}
	}
	switch {
	case best != nil:
		v.Valid, v.CertificateNo, v.ExpireDate = true, best.CertificateNo, best.ExpireDate
	case latest == nil:
		v.Reason = fmt.Sprintf("%s 未持有%s证书", v.UserName, kindName)
	case latest.ExpireDate < day:
		v.CertificateNo, v.ExpireDate = latest.CertificateNo, latest.ExpireDate
		v.Reason = fmt.Sprintf("%s 的%s证书(%s)已于 %s 过期", v.UserName, kindName, latest.CertificateNo, latest.ExpireDate)
	default:
		v.CertificateNo, v.ExpireDate = latest.CertificateNo, latest.ExpireDate
		v.Reason = fmt.Sprintf("%s 的%s证书(%s)自 %s 起生效", v.UserName, kindName, latest.CertificateNo, latest.IssueDate)
	}
	return v
}

// CheckCertificates answers, for each person, whether they hold a
// certificate of kind valid at the moment at ("" = now). Unknown people and
// kinds are answered as invalid with a reason, never as an error.
func (c *Certificates) CheckCertificates(ctx context.Context, ids []int64, kind, at string) ([]Verdict, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	t, err := CheckAt(at, c.Now())
	if err != nil {
		return nil, err
	}
	var rows []Holder
	if KindName(kind) != "" && len(ids) > 0 {
		if rows, err = c.Check.Holders(ctx, ids, kind); err != nil {
			return nil, err
		}
	}
	return Judge(ids, kind, Day(t), rows), nil
}

// GuardianVerdict answers whether one person may guard a work type.
type GuardianVerdict struct {
	Valid    bool
	UserName string
	Reason   string
}

// CheckGuardian answers whether the person is a guardian of the work type.
func (c *Certificates) CheckGuardian(ctx context.Context, userID int64, workType string) (*GuardianVerdict, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return nil, err
	}
	typeName := WorkTypeName(workType)
	if typeName == "" {
		return &GuardianVerdict{Reason: fmt.Sprintf("作业类型 %s 不存在", workType)}, nil
	}
	if userID <= 0 {
		return &GuardianVerdict{Reason: "未指定监护人"}, nil
	}
	r, err := c.Check.GuardianOf(ctx, userID, workType)
	if err != nil {
		return nil, err
	}
	return judgeGuardian(r, typeName), nil
}

func judgeGuardian(r *GuardianRow, typeName string) *GuardianVerdict {
	if r == nil {
		return &GuardianVerdict{Reason: "监护人不存在"}
	}
	v := &GuardianVerdict{UserName: displayName(r.RealName, r.Name)}
	switch {
	case r.UserStatus != StatusNormal:
		v.Reason = fmt.Sprintf("%s 的账号未启用", v.UserName)
	case r.GuardianID == 0:
		v.Reason = fmt.Sprintf("%s 不是%s的监护人", v.UserName, typeName)
	default:
		v.Valid = true
	}
	return v
}
