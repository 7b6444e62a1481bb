package service

import (
	"cmp"
	"context"
	"errors"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	"anquan/kit/svc"
	pb "anquan/proto/blade/user/v1"
	"anquan/user/internal/biz"
)

// UserInternal: what blade-auth and blade-system ask of users.

func (s *User) FindCredential(ctx context.Context, q *pb.CredentialQuery) (*pb.Credential, error) {
	u, err := s.uc.FindCredential(ctx, q.TenantId, q.Account)
	if err != nil {
		return nil, err
	}
	return credentialOut(u), nil
}

func (s *User) GetCredential(ctx context.Context, q *pb.UserIdQuery) (*pb.Credential, error) {
	u, err := s.uc.GetCredential(ctx, q.TenantId, q.UserId)
	if err != nil {
		return nil, err
	}
	return credentialOut(u), nil
}

func (s *User) GetUserName(ctx context.Context, q *pb.UserIdQuery) (*pb.UserDisplayName, error) {
	u, err := s.uc.GetCredential(ctx, q.TenantId, q.UserId)
	if err != nil {
		return nil, err
	}
	return &pb.UserDisplayName{Id: u.ID, Name: cmp.Or(u.RealName, u.Name)}, nil
}

func (s *User) GetUserNames(ctx context.Context, q *pb.UserNamesQuery) (*pb.UserDisplayNames, error) {
	users, err := s.uc.UsersByIDs(ctx, q.TenantId, q.UserIds)
	if err != nil {
		return nil, err
	}
	return displayNames(users), nil
}

func displayNames(users []biz.User) *pb.UserDisplayNames {
	out := &pb.UserDisplayNames{Items: make([]*pb.UserDisplayName, len(users))}
	for i := range users {
		out.Items[i] = &pb.UserDisplayName{Id: users[i].ID, Name: cmp.Or(users[i].RealName, users[i].Name)}
	}
	return out
}

func (s *User) GetGroupMembers(ctx context.Context, q *pb.GroupMembersQuery) (*pb.UserDisplayNames, error) {
	users, err := s.uc.GroupMembers(ctx, q.TenantId, q.DeptIds, q.RoleIds, q.PostIds)
	if err != nil {
		return nil, err
	}
	return displayNames(users), nil
}

func (s *User) UpgradeHash(ctx context.Context, q *pb.HashUpdate) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.UpgradeHash(ctx, q.TenantId, q.UserId, q.PasswordHash)
}

func (s *User) BindOAuth(ctx context.Context, q *pb.OAuthQuery) (*pb.OAuthBinding, error) {
	o, u, err := s.uc.BindOAuth(ctx, biz.Profile{TenantID: q.TenantId, Source: q.Source, UUID: q.Uuid,
		Username: q.Username, Nickname: q.Nickname, Avatar: q.Avatar, Email: q.Email})
	if err != nil {
		return nil, err
	}
	return &pb.OAuthBinding{OauthId: idString(o.ID), User: credentialOut(u)}, nil
}

func (s *User) CreateTenantAdmin(ctx context.Context, q *pb.TenantAdmin) (*wrapperspb.BoolValue, error) {
	return svc.OK, s.uc.CreateTenantAdmin(ctx, biz.Admin{TenantID: q.TenantId, Account: q.Account, PasswordHash: q.PasswordHash,
		RoleID: q.RoleId, DeptID: q.DeptId, Name: q.Name})
}

func (s *User) CountUsers(ctx context.Context, q *pb.CountQuery) (*wrapperspb.Int32Value, error) {
	n, err := s.uc.CountUsers(ctx, q.TenantId)
	if err != nil {
		return nil, err
	}
	return wrapperspb.Int32(int32(n)), nil
}

// WithCertificates lets UserInternal answer the qualification checks the
// certificate handlers implement.
func (s *User) WithCertificates(c *Certificate) *User { s.cert = c; return s }

func (s *User) CheckCertificates(ctx context.Context, q *pb.CertificateCheck) (*pb.CertificateVerdicts, error) {
	if s.cert == nil {
		return nil, errs.Internal(errNoCertificates)
	}
	return s.cert.CheckCertificates(ctx, q)
}

func (s *User) CheckGuardian(ctx context.Context, q *pb.GuardianCheck) (*pb.GuardianVerdict, error) {
	if s.cert == nil {
		return nil, errs.Internal(errNoCertificates)
	}
	return s.cert.CheckGuardian(ctx, q)
}

var errNoCertificates = errors.New("user: certificate handlers not wired")
