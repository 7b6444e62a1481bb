package data

import (
	"context"

	"google.golang.org/grpc"

	authv1 "anquan/proto/blade/auth/v1"
	"anquan/user/internal/biz"
)

// Guard implements biz.Guard with blade-auth's AuthInternal.
type Guard struct {
	C authv1.AuthInternalClient
}

// NewGuard binds the guard to a connection to blade-auth.
func NewGuard(conn grpc.ClientConnInterface) Guard {
	return Guard{C: authv1.NewAuthInternalClient(conn)}
}

var _ biz.Guard = Guard{}

func (g Guard) LockedAccounts(ctx context.Context, tenantID string, accounts []string) (map[string]bool, error) {
	r, err := g.C.LockedAccounts(ctx, &authv1.AccountsQuery{TenantId: tenantID, Accounts: accounts})
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(r.Accounts))
	for _, a := range r.Accounts {
		out[a] = true
	}
	return out, nil
}

func (g Guard) Unlock(ctx context.Context, tenantID string, accounts []string) error {
	_, err := g.C.Unlock(ctx, &authv1.AccountsQuery{TenantId: tenantID, Accounts: accounts})
	return err
}

func (g Guard) Revoke(ctx context.Context, tenantID string, ids []int64) error {
	_, err := g.C.RevokeUsers(ctx, &authv1.UsersQuery{TenantId: tenantID, UserIds: ids})
	return err
}
