// Package biz holds the contractor service's rules: companies and their
// admission, people and their entry training, the blacklist, and the
// admission check permits call.
package biz

import (
	"context"
	"time"

	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/valid"
)

// PassedSubject is education's pass event (consumed to mark people trained).
const PassedSubject = "anquan.education.exam.passed"

// TrainingValid is how long a passed entry training counts.
const TrainingValid = 365 * 24 * time.Hour

// AliasSafetyManager: holders manage contractors, as the administrator does.
const AliasSafetyManager = "safety_manager"

// Roles is the part of blade-system the service uses.
type Roles interface {
	Aliases(ctx context.Context, tenantID string, roleIDs []int64) ([]string, error)
}

// People resolves a user id of a tenant to a name (kit/people.Directory).
type People interface {
	Name(ctx context.Context, tenantID string, userID int64) (name string, found bool, err error)
}

// Queries are what the generic repositories cannot express.
type Queries interface {
	PersonsByUser(ctx context.Context, userIDs []int64) ([]Person, error)
	Companies(ctx context.Context, ids []int64) ([]Company, error)
	PersonCounts(ctx context.Context, companyIDs []int64) (map[int64]int32, error)
	// Untrained marks people of a user trained (any tenant: the event says which).
	Train(ctx context.Context, userID int64, at, until time.Time, certNo string) (int64, error)
}

// Contractor holds the use cases.
type Contractor struct {
	Companies *crud.Repo[Company]
	Persons   *crud.Repo[Person]
	Blacklist *crud.Repo[Blacklist]
	Q         Queries
	Tx        db.Transactor
	Roles     Roles
	People    People
	Now       func() time.Time
}

// Manager: an administrator or a safety manager of the tenant.
func (c *Contractor) Manager(ctx context.Context) (bool, error) {
	me, err := ident.User(ctx)
	if err != nil {
		return false, err
	}
	if me.Super {
		return true, nil
	}
	aliases, err := c.Roles.Aliases(ctx, me.TenantID, me.RoleIDs)
	if err != nil {
		return false, err
	}
	for _, a := range aliases {
		if a == AliasSafetyManager || a == ident.AliasAdministrator {
			return true, nil
		}
	}
	return false, nil
}

func (c *Contractor) mustManage(ctx context.Context, what string) error {
	m, err := c.Manager(ctx)
	if err != nil {
		return err
	}
	if !m {
		return errs.Forbidden("只有安全管理员可以%s", what)
	}
	return nil
}

// mayWrite: the record's creator or a manager.
func (c *Contractor) mayWrite(ctx context.Context, createUser int64, what string) error {
	me, err := ident.User(ctx)
	if err != nil {
		return err
	}
	if createUser == me.UserID {
		return nil
	}
	m, err := c.Manager(ctx)
	if err != nil {
		return err
	}
	if !m {
		return errs.Forbidden("只有%s的登记人或安全管理员可以修改", what)
	}
	return nil
}

// ---------------------------------------------------------------- companies

// CompanyPage lists companies with their people counts.
func (c *Contractor) CompanyPage(ctx context.Context, q paging.Query) (*paging.Page[Company], map[int64]int32, error) {
	p, err := c.Companies.Page(ctx, q)
	if err != nil {
		return nil, nil, err
	}
	ids := make([]int64, 0, len(p.Records))
	for _, x := range p.Records {
		ids = append(ids, x.ID)
	}
	n, err := c.Q.PersonCounts(ctx, ids)
	return p, n, err
}

// SaveCompany creates (pending admission) or edits a company; changing the
// qualification or the agreement of an admitted company sends it back to review.
func (c *Contractor) SaveCompany(ctx context.Context, in *Company) (*Company, error) {
	if err := NormalizeCompany(in); err != nil {
		return nil, err
	}
	dup, err := c.Companies.Exists(ctx, in.ID, "credit_code = ?", in.CreditCode)
	if err != nil {
		return nil, err
	}
	if dup {
		return nil, errs.Duplicate("统一社会信用代码已登记")
	}
	if in.ID == 0 {
		in.Admission, in.Blacklisted, in.BlacklistReason = AdmissionPending, false, ""
		if err := c.Companies.Create(ctx, in); err != nil {
			return nil, err
		}
		return in, nil
	}
	old, err := c.Companies.Get(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if err := c.mayWrite(ctx, old.CreateUser, "承包商单位"); err != nil {
		return nil, err
	}
	cols := []string{"name", "credit_code", "category", "risk", "contact", "phone", "qualification", "qualification_no", "qualification_expire", "agreement_expire", "remark"}
	if old.Admission == AdmissionAdmitted && (old.QualificationNo != in.QualificationNo || !sameDay(old.QualificationExpire, in.QualificationExpire) || !sameDay(old.AgreementExpire, in.AgreementExpire)) {
		in.Admission = AdmissionPending
		cols = append(cols, "admission")
	}
	err = c.Tx.Tx(ctx, func(ctx context.Context) error {
		if err := c.Companies.Update(ctx, in.ID, in, cols...); err != nil {
			return err
		}
		if old.Name == in.Name {
			return nil
		}
		return c.Persons.Conn(ctx).Where("company_id = ?", in.ID).Update("company_name", in.Name).Error
	})
	if err != nil {
		return nil, err
	}
	c.Persons.Changed()
	return c.Companies.Get(ctx, in.ID)
}

func sameDay(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Format(time.DateOnly) == b.Format(time.DateOnly)
}

// RemoveCompanies deletes companies without people.
func (c *Contractor) RemoveCompanies(ctx context.Context, ids []int64) error {
	for _, id := range ids {
		x, err := c.Companies.Get(ctx, id)
		if err != nil {
			return err
		}
		if err := c.mayWrite(ctx, x.CreateUser, "承包商单位"); err != nil {
			return err
		}
	}
	n, err := c.Q.PersonCounts(ctx, ids)
	if err != nil {
		return err
	}
	for _, v := range n {
		if v > 0 {
			return errs.Rule("IN_USE", "单位下还有登记的人员,请先删除人员")
		}
	}
	return c.Companies.Remove(ctx, ids)
}

// Review decides a company's admission (a manager, never on its own say).
func (c *Contractor) Review(ctx context.Context, id int64, pass, exit bool, comment string) (*Company, error) {
	me, err := ident.User(ctx)
	if err != nil {
		return nil, err
	}
	if err := c.mustManage(ctx, "审核承包商准入"); err != nil {
		return nil, err
	}
	if comment, err = valid.Optional("审核意见", comment, 500); err != nil {
		return nil, err
	}
	x, err := c.Companies.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	state := AdmissionRejected
	switch {
	case exit:
		if x.Admission != AdmissionAdmitted {
			return nil, errs.Rule("STATE", "只有已准入的单位可以退场")
		}
		state = AdmissionExited
	case pass:
		if x.Blacklisted {
			return nil, errs.Rule("BLACKLISTED", "单位已列入黑名单,不能准入")
		}
		now := c.Now()
		if x.QualificationExpire == nil || x.QualificationExpire.Before(now) {
			return nil, errs.Rule("QUALIFICATION", "单位资质证书未登记或已过期,不能准入")
		}
		if x.AgreementExpire == nil || x.AgreementExpire.Before(now) {
			return nil, errs.Rule("AGREEMENT", "安全协议未签订或已过期,不能准入")
		}
		state = AdmissionAdmitted
	default:
		if comment == "" {
			return nil, errs.BadRequest("请填写不通过的原因")
		}
	}
	now := c.Now()
	x.Admission, x.ReviewComment, x.ReviewerName, x.ReviewTime = state, comment, me.UserName, &now
	if err := c.Companies.Update(ctx, id, x, "admission", "review_comment", "reviewer_name", "review_time"); err != nil {
		return nil, err
	}
	return c.Companies.Get(ctx, id)
}

// ---------------------------------------------------------------- people

// SavePerson registers or edits a contractor's worker.
func (c *Contractor) SavePerson(ctx context.Context, in *Person) (*Person, error) {
	if err := NormalizePerson(in); err != nil {
		return nil, err
	}
	co, err := c.Companies.Get(ctx, in.CompanyID)
	if err != nil {
		if errs.IsNotFound(err) {
			return nil, errs.BadRequest("所属承包商单位不存在")
		}
		return nil, err
	}
	in.CompanyName = co.Name
	dup, err := c.Persons.Exists(ctx, in.ID, "id_card = ?", in.IDCard)
	if err != nil {
		return nil, err
	}
	if dup {
		return nil, errs.Duplicate("该身份证号码已登记")
	}
	in.UserName = ""
	if in.UserID > 0 {
		taken, err := c.Persons.Exists(ctx, in.ID, "user_id = ?", in.UserID)
		if err != nil {
			return nil, err
		}
		if taken {
			return nil, errs.Duplicate("该登录账号已关联其他承包商人员")
		}
		me, err := ident.Caller(ctx)
		if err != nil {
			return nil, err
		}
		name, found, err := c.People.Name(ctx, me.TenantID, in.UserID)
		if err != nil {
			return nil, err
		}
		if in.UserName = name; !found {
			return nil, errs.BadRequest("登录账号不存在(id %d)", in.UserID)
		}
	}
	if in.ID == 0 {
		// Training comes only from a passed exam, the blacklist only from its entries.
		in.Trained, in.TrainedTime, in.TrainExpire, in.ExamCertNo, in.Blacklisted, in.BlacklistReason = false, nil, nil, "", false, ""
		if err := c.Persons.Create(ctx, in); err != nil {
			return nil, err
		}
		return in, nil
	}
	old, err := c.Persons.Get(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if err := c.mayWrite(ctx, old.CreateUser, "承包商人员"); err != nil {
		return nil, err
	}
	cols := []string{"company_id", "company_name", "name", "id_card", "phone", "user_id", "user_name", "work_type", "certificate_no", "certificate_expire", "remark"}
	if old.UserID != in.UserID {
		// A training belongs to the account that passed the exam.
		in.Trained, in.TrainedTime, in.TrainExpire, in.ExamCertNo = false, nil, nil, ""
		cols = append(cols, "trained", "trained_time", "train_expire", "exam_cert_no")
	}
	if err := c.Persons.Update(ctx, in.ID, in, cols...); err != nil {
		return nil, err
	}
	return c.Persons.Get(ctx, in.ID)
}

// RemovePersons deletes people the caller may write.
func (c *Contractor) RemovePersons(ctx context.Context, ids []int64) error {
	for _, id := range ids {
		p, err := c.Persons.Get(ctx, id)
		if err != nil {
			return err
		}
		if err := c.mayWrite(ctx, p.CreateUser, "承包商人员"); err != nil {
			return err
		}
	}
	return c.Persons.Remove(ctx, ids)
}

// Verdicts checks people (rows already read) against their companies.
func (c *Contractor) Verdicts(ctx context.Context, ps []Person, at time.Time) (map[int64]Verdict, error) {
	ids := make([]int64, 0, len(ps))
	for _, p := range ps {
		ids = append(ids, p.CompanyID)
	}
	cs, err := c.Q.Companies(ctx, ids)
	if err != nil {
		return nil, err
	}
	by := map[int64]*Company{}
	for i := range cs {
		by[cs[i].ID] = &cs[i]
	}
	out := make(map[int64]Verdict, len(ps))
	for i := range ps {
		out[ps[i].ID] = Check(&ps[i], by[ps[i].CompanyID], at)
	}
	return out, nil
}

// CheckAdmission answers one verdict per user id of the caller's tenant.
func (c *Contractor) CheckAdmission(ctx context.Context, userIDs []int64, at time.Time) ([]Verdict, error) {
	if at.IsZero() {
		at = c.Now()
	}
	ps, err := c.Q.PersonsByUser(ctx, userIDs)
	if err != nil {
		return nil, err
	}
	vs, err := c.Verdicts(ctx, ps, at)
	if err != nil {
		return nil, err
	}
	byUser := map[int64]Verdict{}
	for _, p := range ps {
		byUser[p.UserID] = vs[p.ID]
	}
	out := make([]Verdict, 0, len(userIDs))
	for _, id := range userIDs {
		v, ok := byUser[id]
		if !ok {
			v = Verdict{UserID: id, Allowed: true}
		}
		out = append(out, v)
	}
	return out, nil
}

// Trained marks the tenant's people of the account that passed an exam.
func (c *Contractor) Trained(ctx context.Context, tenantID string, userID int64, at time.Time, certNo string) error {
	if tenantID == "" || userID <= 0 || at.IsZero() {
		return nil
	}
	_, err := c.Q.Train(ident.ForTenant(ctx, tenantID), userID, at, at.Add(TrainingValid), certNo)
	c.Persons.Changed()
	return err
}

// ---------------------------------------------------------------- blacklist

// AddBlacklist puts a company or a person on the blacklist.
func (c *Contractor) AddBlacklist(ctx context.Context, kind int32, targetID int64, reason string) (*Blacklist, error) {
	me, err := ident.User(ctx)
	if err != nil {
		return nil, err
	}
	if err := c.mustManage(ctx, "管理黑名单"); err != nil {
		return nil, err
	}
	if reason, err = valid.Text("列入黑名单的原因", reason, 500); err != nil {
		return nil, err
	}
	e := &Blacklist{Kind: kind, TargetID: targetID, Reason: reason, OperatorName: me.UserName}
	err = c.Tx.Tx(ctx, func(ctx context.Context) error {
		switch kind {
		case KindCompany:
			x, err := c.Companies.Get(ctx, targetID)
			if err != nil {
				return err
			}
			if x.Blacklisted {
				return errs.Rule("BLACKLISTED", "该单位已在黑名单中")
			}
			e.TargetName, e.IDNo = x.Name, x.CreditCode
			if err := c.Companies.Conn(ctx).Where("id = ?", x.ID).Updates(map[string]any{"blacklisted": true, "blacklist_reason": reason}).Error; err != nil {
				return err
			}
			c.Companies.Changed()
		case KindPerson:
			p, err := c.Persons.Get(ctx, targetID)
			if err != nil {
				return err
			}
			if p.Blacklisted {
				return errs.Rule("BLACKLISTED", "该人员已在黑名单中")
			}
			e.TargetName, e.IDNo = p.Name, MaskIDCard(p.IDCard)
			if err := c.Persons.Conn(ctx).Where("id = ?", p.ID).Updates(map[string]any{"blacklisted": true, "blacklist_reason": reason}).Error; err != nil {
				return err
			}
			c.Persons.Changed()
		default:
			return errs.BadRequest("黑名单类型只能是 1 单位、2 人员")
		}
		return c.Blacklist.Create(ctx, e)
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// Lift takes an entry off the blacklist (the entry stays as history).
func (c *Contractor) Lift(ctx context.Context, id int64, reason string) (*Blacklist, error) {
	if err := c.mustManage(ctx, "管理黑名单"); err != nil {
		return nil, err
	}
	var err error
	if reason, err = valid.Text("移出黑名单的原因", reason, 500); err != nil {
		return nil, err
	}
	e, err := c.Blacklist.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if e.Lifted {
		return nil, errs.Rule("LIFTED", "该记录已移出黑名单")
	}
	now := c.Now()
	err = c.Tx.Tx(ctx, func(ctx context.Context) error {
		clear := map[string]any{"blacklisted": false, "blacklist_reason": ""}
		var err error
		if e.Kind == KindCompany {
			err = c.Companies.Conn(ctx).Where("id = ?", e.TargetID).Updates(clear).Error
		} else {
			err = c.Persons.Conn(ctx).Where("id = ?", e.TargetID).Updates(clear).Error
		}
		if err != nil {
			return err
		}
		e.Lifted, e.LiftTime, e.LiftReason = true, &now, reason
		return c.Blacklist.Update(ctx, e.ID, e, "lifted", "lift_time", "lift_reason")
	})
	if err != nil {
		return nil, err
	}
	c.Companies.Changed()
	c.Persons.Changed()
	return c.Blacklist.Get(ctx, id)
}
