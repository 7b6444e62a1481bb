// Package service is the gRPC layer of the contractor service: it converts
// proto <-> biz and validates what the transport carries.
package service

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/contractor/internal/biz"
	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/contractor/v1"
)

// Contractor implements ContractorService and ContractorInternal.
type Contractor struct {
	pb.UnimplementedContractorServiceServer
	pb.UnimplementedContractorInternalServer
	uc *biz.Contractor
}

// New wraps the use cases.
func New(uc *biz.Contractor) *Contractor { return &Contractor{uc: uc} }

func pages[T any, P any](p *paging.Page[T], f func(*T) P) (recs []P, total, size, current, n int32) {
	return svc.Map(p.Records, f), int32(p.Total), int32(p.Size), int32(p.Current), int32(p.Pages())
}

func base(id int64) db.Base {
	var b db.Base
	b.ID = id
	return b
}

func date(t *time.Time) string {
	if t == nil {
		return ""
	}
	return timefmt.FormatDate(*t)
}

// ---------------------------------------------------------------- companies

func company(c *biz.Company) *pb.Company {
	return &pb.Company{Id: c.ID, Name: c.Name, CreditCode: c.CreditCode, Category: c.Category, Risk: c.Risk, Contact: c.Contact, Phone: c.Phone,
		Qualification: c.Qualification, QualificationNo: c.QualificationNo, QualificationExpire: date(c.QualificationExpire), AgreementExpire: date(c.AgreementExpire),
		Admission: c.Admission, ReviewComment: c.ReviewComment, ReviewerName: c.ReviewerName, ReviewTime: timefmt.FormatPtr(c.ReviewTime),
		Blacklisted: c.Blacklisted, BlacklistReason: c.BlacklistReason, Remark: c.Remark, CreateTime: timefmt.Format(c.CreateTime), CreateUser: c.CreateUser}
}

func (s *Contractor) CompanyPage(ctx context.Context, q *commonv1.PageQuery) (*pb.CompanyRows, error) {
	p, n, err := s.uc.CompanyPage(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.CompanyRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(p, company)
	for _, c := range out.Records {
		c.PersonCount = n[c.Id]
	}
	return out, nil
}

func (s *Contractor) CompanyDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Company, error) {
	return svc.Detail(ctx, q.GetId(), s.uc.Companies.Get, company)
}

func (s *Contractor) CompanySubmit(ctx context.Context, in *pb.Company) (*pb.Company, error) {
	qe, err := biz.ParseDate(in.QualificationExpire, "资质有效期")
	if err != nil {
		return nil, err
	}
	ae, err := biz.ParseDate(in.AgreementExpire, "安全协议有效期")
	if err != nil {
		return nil, err
	}
	c, err := s.uc.SaveCompany(ctx, &biz.Company{Base: base(in.Id), Name: in.Name, CreditCode: in.CreditCode, Category: in.Category, Risk: in.Risk,
		Contact: in.Contact, Phone: in.Phone, Qualification: in.Qualification, QualificationNo: in.QualificationNo, QualificationExpire: qe, AgreementExpire: ae, Remark: in.Remark})
	if err != nil {
		return nil, err
	}
	return company(c), nil
}

func (s *Contractor) CompanyRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.GetIds(), s.uc.RemoveCompanies)
}

func (s *Contractor) CompanyReview(ctx context.Context, in *pb.ReviewRequest) (*pb.Company, error) {
	if err := svc.Need(in.Id); err != nil {
		return nil, err
	}
	c, err := s.uc.Review(ctx, in.Id, in.Pass, in.Exit, in.Comment)
	if err != nil {
		return nil, err
	}
	return company(c), nil
}

// ---------------------------------------------------------------- people

func person(p *biz.Person, v biz.Verdict, masked bool) *pb.Person {
	card := p.IDCard
	if masked {
		card = biz.MaskIDCard(card)
	}
	return &pb.Person{Id: p.ID, CompanyId: p.CompanyID, CompanyName: p.CompanyName, Name: p.Name, IdCard: card, Phone: p.Phone, UserId: p.UserID,
		UserName: p.UserName, WorkType: p.WorkType, CertificateNo: p.CertificateNo, CertificateExpire: date(p.CertificateExpire), Trained: p.Trained,
		TrainedTime: timefmt.FormatPtr(p.TrainedTime), TrainExpire: date(p.TrainExpire), ExamCertNo: p.ExamCertNo, Blacklisted: p.Blacklisted,
		BlacklistReason: p.BlacklistReason, Remark: p.Remark, Allowed: v.Allowed, Reason: v.Reason(), CreateTime: timefmt.Format(p.CreateTime), CreateUser: p.CreateUser}
}

func (s *Contractor) PersonPage(ctx context.Context, q *commonv1.PageQuery) (*pb.PersonRows, error) {
	p, err := s.uc.Persons.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	vs, err := s.uc.Verdicts(ctx, p.Records, s.uc.Now())
	if err != nil {
		return nil, err
	}
	out := &pb.PersonRows{Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: int32(p.Pages())}
	for i := range p.Records {
		out.Records = append(out.Records, person(&p.Records[i], vs[p.Records[i].ID], true))
	}
	return out, nil
}

func (s *Contractor) personView(ctx context.Context, p *biz.Person) (*pb.Person, error) {
	vs, err := s.uc.Verdicts(ctx, []biz.Person{*p}, s.uc.Now())
	if err != nil {
		return nil, err
	}
	return person(p, vs[p.ID], false), nil
}

func (s *Contractor) PersonDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Person, error) {
	if err := svc.Need(q.GetId()); err != nil {
		return nil, err
	}
	p, err := s.uc.Persons.Get(ctx, q.GetId())
	if err != nil {
		return nil, err
	}
	return s.personView(ctx, p)
}

func (s *Contractor) PersonSubmit(ctx context.Context, in *pb.Person) (*pb.Person, error) {
	ce, err := biz.ParseDate(in.CertificateExpire, "证书有效期")
	if err != nil {
		return nil, err
	}
	p, err := s.uc.SavePerson(ctx, &biz.Person{Base: base(in.Id), CompanyID: in.CompanyId, Name: in.Name, IDCard: in.IdCard, Phone: in.Phone,
		UserID: in.UserId, WorkType: in.WorkType, CertificateNo: in.CertificateNo, CertificateExpire: ce, Remark: in.Remark})
	if err != nil {
		return nil, err
	}
	return s.personView(ctx, p)
}

func (s *Contractor) PersonRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.GetIds(), s.uc.RemovePersons)
}

// ---------------------------------------------------------------- blacklist

func entry(e *biz.Blacklist) *pb.BlacklistEntry {
	return &pb.BlacklistEntry{Id: e.ID, Kind: e.Kind, TargetId: e.TargetID, TargetName: e.TargetName, IdNo: e.IDNo, Reason: e.Reason, Lifted: e.Lifted,
		LiftTime: timefmt.FormatPtr(e.LiftTime), LiftReason: e.LiftReason, OperatorName: e.OperatorName, CreateTime: timefmt.Format(e.CreateTime)}
}

func (s *Contractor) BlacklistPage(ctx context.Context, q *commonv1.PageQuery) (*pb.BlacklistRows, error) {
	p, err := s.uc.Blacklist.Page(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	out := &pb.BlacklistRows{}
	out.Records, out.Total, out.Size, out.Current, out.Pages = pages(p, entry)
	return out, nil
}

func (s *Contractor) BlacklistAdd(ctx context.Context, in *pb.BlacklistEntry) (*pb.BlacklistEntry, error) {
	if err := svc.Need(in.TargetId); err != nil {
		return nil, err
	}
	e, err := s.uc.AddBlacklist(ctx, in.Kind, in.TargetId, in.Reason)
	if err != nil {
		return nil, err
	}
	return entry(e), nil
}

func (s *Contractor) BlacklistLift(ctx context.Context, in *pb.LiftRequest) (*pb.BlacklistEntry, error) {
	if err := svc.Need(in.Id); err != nil {
		return nil, err
	}
	e, err := s.uc.Lift(ctx, in.Id, in.Reason)
	if err != nil {
		return nil, err
	}
	return entry(e), nil
}

// ---------------------------------------------------------------- admission

func (s *Contractor) check(ctx context.Context, q *pb.AdmissionQuery) (*pb.AdmissionVerdicts, error) {
	var at time.Time
	if q.At != "" {
		t, ok := timefmt.Parse(q.At)
		if !ok {
			return nil, errs.BadRequest("时间格式应为 yyyy-MM-dd HH:mm:ss")
		}
		at = t
	}
	if len(q.UserIds) == 0 {
		return nil, errs.BadRequest("请选择人员")
	}
	vs, err := s.uc.CheckAdmission(ctx, q.UserIds, at)
	if err != nil {
		return nil, err
	}
	out := &pb.AdmissionVerdicts{}
	for _, v := range vs {
		out.Items = append(out.Items, &pb.AdmissionVerdict{UserId: v.UserID, Contractor: v.Contractor, Allowed: v.Allowed, Name: v.Name,
			CompanyName: v.CompanyName, Reason: v.Reason()})
	}
	return out, nil
}

func (s *Contractor) AdmissionCheck(ctx context.Context, q *pb.AdmissionQuery) (*pb.AdmissionVerdicts, error) {
	return s.check(ctx, q)
}

func (s *Contractor) CheckAdmission(ctx context.Context, q *pb.AdmissionQuery) (*pb.AdmissionVerdicts, error) {
	return s.check(ctx, q)
}
