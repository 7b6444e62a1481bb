package service

import (
	"context"

	"google.golang.org/protobuf/types/known/wrapperspb"

	"anquan/kit/errs"
	pb "anquan/proto/blade/auth/v1"
)

// AuthInternal: the login guard and token state blade-user asks about.
// The tenant is required here rather than in the proto, so the empty
// request stays valid for the rule-compilation check of every message.

func needTenant(t string) error {
	if t == "" {
		return errs.BadRequest("租户编号不能为空")
	}
	return nil
}

func (s *Auth) LockedAccounts(ctx context.Context, q *pb.AccountsQuery) (*pb.AccountList, error) {
	if err := needTenant(q.TenantId); err != nil {
		return nil, err
	}
	locked, err := s.uc.LockedAccounts(ctx, q.TenantId, q.Accounts)
	if err != nil {
		return nil, err
	}
	return &pb.AccountList{Accounts: locked}, nil
}

func (s *Auth) Unlock(ctx context.Context, q *pb.AccountsQuery) (*wrapperspb.BoolValue, error) {
	if err := needTenant(q.TenantId); err != nil {
		return nil, err
	}
	if err := s.uc.Unlock(ctx, q.TenantId, q.Accounts); err != nil {
		return nil, err
	}
	return wrapperspb.Bool(true), nil
}

func (s *Auth) RevokeUsers(ctx context.Context, q *pb.UsersQuery) (*wrapperspb.BoolValue, error) {
	if err := needTenant(q.TenantId); err != nil {
		return nil, err
	}
	if err := s.uc.RevokeUsers(ctx, q.TenantId, q.UserIds); err != nil {
		return nil, err
	}
	return wrapperspb.Bool(true), nil
}
