package service

import (
	"context"
	"strings"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/ident"
	kitserver "anquan/kit/server"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/user/v1"
	"anquan/user/internal/biz"
)

// Certificate serves CertificateService (people's certificates, their
// expiry reminders, guardians) and the qualification checks of UserInternal.
type Certificate struct {
	pb.UnimplementedCertificateServiceServer
	uc *biz.Certificates
}

// NewCertificate binds the handlers to the use cases.
func NewCertificate(uc *biz.Certificates) *Certificate { return &Certificate{uc: uc} }

func certificateOut(v *biz.CertificateView) *pb.Certificate {
	c := &v.Certificate
	return &pb.Certificate{
		Id: c.ID, TenantId: c.TenantID, UserId: c.UserID, UserName: v.UserName, Kind: c.Kind, KindName: v.KindName,
		CertificateNo: c.CertificateNo, IssuingAuthority: c.IssuingAuthority, IssueDate: c.IssueDate, ExpireDate: c.ExpireDate,
		ReviewDate: c.ReviewDate, Attachments: c.Attachments, InOrOut: c.InOrOut, DeptId: idString(c.DeptID), DeptName: v.DeptName,
		ValidState: v.ValidState, DaysLeft: int32(v.DaysLeft), Remark: c.Remark, CreateUser: c.CreateUser,
		CreateTime: timefmt.Format(c.CreateTime), UpdateTime: timefmt.Format(c.UpdateTime), Status: c.Status, IsDeleted: c.IsDeleted,
	}
}

func certificateIn(p *pb.Certificate) *biz.Certificate {
	c := &biz.Certificate{UserID: p.UserId, Kind: p.Kind, CertificateNo: p.CertificateNo, IssuingAuthority: p.IssuingAuthority,
		IssueDate: p.IssueDate, ExpireDate: p.ExpireDate, ReviewDate: p.ReviewDate, Attachments: strings.TrimSpace(p.Attachments), Remark: p.Remark}
	c.ID = p.Id
	return c
}

func (s *Certificate) PageCertificates(ctx context.Context, q *commonv1.PageQuery) (*pb.CertificatePage, error) {
	p, err := s.uc.PageCertificates(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.CertificatePage{Records: svc.Map(p.Records, certificateOut), Total: int32(p.Total), Size: int32(p.Size),
		Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *Certificate) CertificateDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.Certificate, error) {
	return svc.Detail(ctx, q.Id, s.uc.DetailCertificate, certificateOut)
}

func (s *Certificate) CertificateSubmit(ctx context.Context, p *pb.Certificate) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SaveCertificate(ctx, certificateIn(p))
}

func (s *Certificate) CertificateRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveCertificates)
}

var stateNames = map[int32]string{biz.StateValid: "有效", biz.StateExpiring: "即将到期", biz.StateExpired: "已过期"}

var certificateColumns = []xlsx.Column[biz.CertificateView]{
	{Header: "持证人", Value: func(v biz.CertificateView) any { return v.UserName }},
	{Header: "人员类型", Width: 10, Value: func(v biz.CertificateView) any { return typeNames[v.InOrOut] }},
	{Header: "所属部门", Width: 20, Value: func(v biz.CertificateView) any { return v.DeptName }},
	{Header: "证书类型", Width: 20, Value: func(v biz.CertificateView) any { return v.KindName }},
	{Header: "证书编号", Width: 24, Value: func(v biz.CertificateView) any { return v.CertificateNo }},
	{Header: "发证机关", Width: 24, Value: func(v biz.CertificateView) any { return v.IssuingAuthority }},
	{Header: "发证日期", Width: 12, Value: func(v biz.CertificateView) any { return v.IssueDate }},
	{Header: "到期日期", Width: 12, Value: func(v biz.CertificateView) any { return v.ExpireDate }},
	{Header: "复审日期", Width: 12, Value: func(v biz.CertificateView) any { return v.ReviewDate }},
	{Header: "状态", Width: 10, Value: func(v biz.CertificateView) any { return stateNames[v.ValidState] }},
}

func (s *Certificate) CertificateExport(ctx context.Context, q *commonv1.PageQuery) (*httpbody.HttpBody, error) {
	return svc.ExportEach(ctx, "证书", "证书数据", certificateColumns, func(add func(biz.CertificateView) error) error {
		return s.uc.EachCertificate(ctx, svc.Query(q), svc.MaxExportRows, add)
	})
}

// CertificateTree answers the tree of spec 3.1 from biz.Kinds.
func (s *Certificate) CertificateTree(context.Context, *commonv1.Empty) (*pb.CertificateKinds, error) {
	nodes := map[string]*pb.CertificateKind{}
	var roots []*pb.CertificateKind
	for _, k := range biz.Kinds {
		n := &pb.CertificateKind{Code: k.Code, ParentCode: k.Parent, Title: k.Name, Key: k.Code, Value: k.Code}
		nodes[k.Code] = n
		if p, found := nodes[k.Parent]; found {
			p.Children = append(p.Children, n)
			p.HasChildren = true
		} else {
			roots = append(roots, n)
		}
	}
	return &pb.CertificateKinds{Items: roots}, nil
}

func (s *Certificate) DeptList(ctx context.Context, q *pb.InOrOutQuery) (*pb.CertificateDepts, error) {
	list, err := s.uc.DeptList(ctx, q.InOrOut)
	if err != nil {
		return nil, err
	}
	return &pb.CertificateDepts{Items: svc.Map(list, func(d *biz.DeptView) *pb.CertificateDept {
		return &pb.CertificateDept{Id: d.ID, DeptName: d.Name, InOrOut: d.InOrOut, UserCount: int32(d.UserCount)}
	})}, nil
}

func operatorOut(v *biz.OperatorView) *pb.Operator {
	u := &v.UserView
	return &pb.Operator{Id: u.ID, Account: u.Account, Name: u.Name, RealName: u.RealName, UserType: u.UserType,
		DeptId: u.DeptID, DeptName: u.DeptName, PostName: u.PostName, Phone: u.Phone,
		Certificates: svc.Map(v.Certificates, certificateOut), CertificateNames: v.CertificateNames, Qualified: v.Qualified}
}

func (s *Certificate) Operators(ctx context.Context, q *commonv1.PageQuery) (*pb.OperatorPage, error) {
	p, err := s.uc.Operators(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.OperatorPage{Records: svc.Map(p.Records, operatorOut), Total: int32(p.Total), Size: int32(p.Size),
		Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *Certificate) GetTicketOperatorAll(ctx context.Context, q *commonv1.PageQuery) (*pb.OperatorList, error) {
	list, err := s.uc.OperatorAll(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.OperatorList{Items: svc.Map(list, operatorOut)}, nil
}

func settingOut(v biz.ExpireSetting) *pb.CertificateExpireSetting {
	return &pb.CertificateExpireSetting{Id: v.ID, TenantId: v.TenantID, Type: v.Type, RemindDate: v.RemindDate, UpdateTime: timefmt.Format(v.UpdateTime)}
}

func (s *Certificate) ExpireInfo(ctx context.Context, q *commonv1.PageQuery) (*pb.CertificateExpireInfo, error) {
	r, err := s.uc.ExpireInfo(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	p := r.Page
	return &pb.CertificateExpireInfo{Records: svc.Map(p.Records, certificateOut), Total: int32(p.Total), Size: int32(p.Size),
		Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size), Type: r.Window.Setting.Type, RemindDate: r.Window.Setting.RemindDate,
		Until: r.Window.Until, ExpiredCount: int32(r.Expired), ExpiringCount: int32(r.Expiring)}, nil
}

func (s *Certificate) CertificateExpireDetail(ctx context.Context, _ *commonv1.Empty) (*pb.CertificateExpireSetting, error) {
	v, err := s.uc.ExpireSettingOf(ctx)
	if err != nil {
		return nil, err
	}
	return settingOut(v), nil
}

func (s *Certificate) CertificateExpireSave(ctx context.Context, p *pb.CertificateExpireSetting) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.SaveExpireSetting(ctx, biz.ExpireSetting{Type: p.Type, RemindDate: p.RemindDate})
}

func guardianOut(v *biz.GuardianView) *pb.TicketGuardian {
	return &pb.TicketGuardian{Id: v.ID, TenantId: v.TenantID, WorkType: v.WorkType, WorkTypeName: v.WorkTypeName, UserId: v.UserID,
		UserName: v.UserName, Account: v.Account, DeptName: v.DeptName, Phone: v.Phone, Remark: v.Remark, CreateTime: timefmt.Format(v.CreateTime)}
}

func (s *Certificate) GuardianPage(ctx context.Context, q *commonv1.PageQuery) (*pb.TicketGuardianPage, error) {
	p, err := s.uc.PageGuardians(ctx, svc.Query(q))
	if err != nil {
		return nil, err
	}
	return &pb.TicketGuardianPage{Records: svc.Map(p.Records, guardianOut), Total: int32(p.Total), Size: int32(p.Size),
		Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}, nil
}

func (s *Certificate) GuardianDetail(ctx context.Context, q *commonv1.IdQuery) (*pb.TicketGuardian, error) {
	return svc.Detail(ctx, q.Id, s.uc.DetailGuardian, guardianOut)
}

func (s *Certificate) GuardianSubmit(ctx context.Context, p *pb.TicketGuardian) (*wrapperspb.BoolValue, error) {
	g := &biz.Guardian{WorkType: strings.TrimSpace(p.WorkType), UserID: p.UserId, Remark: strings.TrimSpace(p.Remark)}
	g.ID = p.Id
	return svc.OK, s.uc.SaveGuardian(ctx, g)
}

func (s *Certificate) GuardianRemove(ctx context.Context, q *commonv1.IdsQuery) (*wrapperspb.BoolValue, error) {
	return svc.Remove(ctx, q.Ids, s.uc.RemoveGuardians)
}

func (s *Certificate) GetTicketGuardian(ctx context.Context, q *pb.WorkTypeQuery) (*pb.TicketGuardianList, error) {
	list, err := s.uc.TicketGuardians(ctx, strings.TrimSpace(q.WorkType))
	if err != nil {
		return nil, err
	}
	return &pb.TicketGuardianList{Items: svc.Map(list, guardianOut)}, nil
}

// ---- UserInternal: the permit service's qualification checks ----

// actingTenant binds an internal call to the tenant of the user it acts for.
// Internal methods run as the system (the callee trusts the internal
// credential, not a token); the dialer sends the acting user's tenant in the
// metadata alongside that credential, and the checks are then scoped to it
// like any tenant query.
func actingTenant(ctx context.Context) (context.Context, error) {
	if id := ident.From(ctx); id != nil && id.TenantID != "" {
		return ctx, nil
	}
	md, _ := metadata.FromIncomingContext(ctx)
	if t := md.Get(kitserver.MDTenantID); len(t) > 0 && strings.TrimSpace(t[0]) != "" {
		return ident.ForTenant(ctx, strings.TrimSpace(t[0])), nil
	}
	return nil, errs.BadRequest("缺少租户编号")
}

func (s *Certificate) CheckCertificates(ctx context.Context, q *pb.CertificateCheck) (*pb.CertificateVerdicts, error) {
	ctx, err := actingTenant(ctx)
	if err != nil {
		return nil, err
	}
	list, err := s.uc.CheckCertificates(ctx, q.UserIds, strings.TrimSpace(q.Kind), strings.TrimSpace(q.At))
	if err != nil {
		return nil, err
	}
	return &pb.CertificateVerdicts{Items: svc.Map(list, func(v *biz.Verdict) *pb.CertificateVerdict {
		return &pb.CertificateVerdict{UserId: v.UserID, UserName: v.UserName, Valid: v.Valid, CertificateNo: v.CertificateNo,
			ExpireDate: v.ExpireDate, Reason: v.Reason}
	})}, nil
}

func (s *Certificate) CheckGuardian(ctx context.Context, q *pb.GuardianCheck) (*pb.GuardianVerdict, error) {
	ctx, err := actingTenant(ctx)
	if err != nil {
		return nil, err
	}
	v, err := s.uc.CheckGuardian(ctx, q.UserId, strings.TrimSpace(q.WorkType))
	if err != nil {
		return nil, err
	}
	return &pb.GuardianVerdict{Valid: v.Valid, UserName: v.UserName, Reason: v.Reason}, nil
}
