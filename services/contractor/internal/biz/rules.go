package biz

import (
	"regexp"
	"strings"
	"time"

	"anquan/kit/errs"
	"anquan/kit/timefmt"
	"anquan/kit/valid"
)

var (
	creditCode = regexp.MustCompile(`^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$`)
	phoneRe    = regexp.MustCompile(`^[0-9+\-() ]{0,20}$`)
)

// ValidIDCard checks a resident identity card number (GB 11643-1999: 17
// digits and the ISO 7064 MOD 11-2 check character).
func ValidIDCard(s string) bool {
	if len(s) != 18 {
		return false
	}
	weights := []int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for i := 0; i < 17; i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return false
		}
		sum += int(c-'0') * weights[i]
	}
	return s[17] == "10X98765432"[sum%11]
}

// MaskIDCard keeps the first 6 and last 4 characters.
func MaskIDCard(s string) string {
	if len(s) < 10 {
		return s
	}
	return s[:6] + strings.Repeat("*", len(s)-10) + s[len(s)-4:]
}

// ParseDate reads an optional date (yyyy-MM-dd); a date counts to its end.
func ParseDate(s, what string) (*time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	t, ok := timefmt.Parse(s)
	if !ok {
		return nil, errs.BadRequest("%s格式应为 yyyy-MM-dd", what)
	}
	t = time.Date(t.Year(), t.Month(), t.Day(), 23, 59, 59, 0, timefmt.Zone)
	return &t, nil
}

// NormalizeCompany validates a company in place.
func NormalizeCompany(c *Company) error {
	var err error
	if c.Name, err = valid.Text("单位名称", c.Name, 200); err != nil {
		return err
	}
	c.CreditCode = strings.ToUpper(strings.TrimSpace(c.CreditCode))
	if !creditCode.MatchString(c.CreditCode) {
		return errs.BadRequest("统一社会信用代码应为 18 位数字或大写字母")
	}
	if c.Category < 1 || c.Category > 5 {
		return errs.BadRequest("承包商类别只能是 1 原材料、2 设备设施、3 软件及技术服务、4 办公用品、5 其他")
	}
	if c.Risk < 1 || c.Risk > 4 {
		return errs.BadRequest("风险等级只能是 1 未知风险、2 风险较大、3 风险轻微、4 非常可靠")
	}
	if c.Contact, err = valid.Optional("联系人", c.Contact, 50); err != nil {
		return err
	}
	if c.Phone = strings.TrimSpace(c.Phone); !phoneRe.MatchString(c.Phone) {
		return errs.BadRequest("联系电话格式错误")
	}
	if c.Qualification, err = valid.Optional("资质证书名称", c.Qualification, 200); err != nil {
		return err
	}
	if c.QualificationNo, err = valid.Optional("资质证书编号", c.QualificationNo, 64); err != nil {
		return err
	}
	if c.Remark, err = valid.Optional("备注", c.Remark, 500); err != nil {
		return err
	}
	return nil
}

// NormalizePerson validates a person in place.
func NormalizePerson(p *Person) error {
	var err error
	if p.Name, err = valid.Text("姓名", p.Name, 50); err != nil {
		return err
	}
	p.IDCard = strings.ToUpper(strings.TrimSpace(p.IDCard))
	if !ValidIDCard(p.IDCard) {
		return errs.BadRequest("身份证号码不正确")
	}
	if p.Phone = strings.TrimSpace(p.Phone); !phoneRe.MatchString(p.Phone) {
		return errs.BadRequest("联系电话格式错误")
	}
	if p.WorkType, err = valid.Optional("工种", p.WorkType, 50); err != nil {
		return err
	}
	if p.CertificateNo, err = valid.Optional("证书编号", p.CertificateNo, 64); err != nil {
		return err
	}
	if p.Remark, err = valid.Optional("备注", p.Remark, 500); err != nil {
		return err
	}
	if p.CompanyID <= 0 {
		return errs.BadRequest("请选择所属承包商单位")
	}
	return nil
}

// Verdict is the admission check of one person.
type Verdict struct {
	UserID      int64
	Contractor  bool
	Allowed     bool
	Name        string
	CompanyName string
	Reasons     []string
}

// Reason joins what is missing.
func (v Verdict) Reason() string { return strings.Join(v.Reasons, ";") }

// Check is the admission rule: every condition must hold at `at`.
func Check(p *Person, c *Company, at time.Time) Verdict {
	v := Verdict{UserID: p.UserID, Contractor: true, Name: p.Name, CompanyName: p.CompanyName}
	miss := func(s string) { v.Reasons = append(v.Reasons, s) }
	if p.Blacklisted {
		miss("人员已列入黑名单")
	}
	if c == nil {
		miss("所属承包商单位不存在")
	} else {
		v.CompanyName = c.Name
		if c.Blacklisted {
			miss("所属单位已列入黑名单")
		}
		switch c.Admission {
		case AdmissionAdmitted:
		case AdmissionExited:
			miss("所属单位已退场")
		default:
			miss("所属单位未通过准入审核")
		}
		if c.QualificationExpire == nil || c.QualificationExpire.Before(at) {
			miss("所属单位资质证书未登记或已过期")
		}
		if c.AgreementExpire == nil || c.AgreementExpire.Before(at) {
			miss("安全协议未签订或已过期")
		}
	}
	switch {
	case !p.Trained:
		miss("未通过入场安全培训考试")
	case p.TrainExpire != nil && p.TrainExpire.Before(at):
		miss("入场安全培训已过期")
	}
	if p.CertificateExpire != nil && p.CertificateExpire.Before(at) {
		miss("个人作业证书已过期")
	}
	v.Allowed = len(v.Reasons) == 0
	return v
}
