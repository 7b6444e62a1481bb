// Package people looks up a person of a tenant in blade-user for services
// that record who did something on someone's behalf: the name is read from
// the user service by id, never taken from the client.
package people

import (
	"context"
	"log/slog"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"anquan/kit/errs"
	userv1 "anquan/proto/blade/user/v1"
)

// Directory implements the services' People ports over blade-user.
type Directory struct {
	C userv1.UserInternalClient
}

// Name is the display name of the tenant's user; found is false for no such
// user (or one of another tenant). A failed look-up fails closed: the call
// that needed the answer is refused with 503, never let through.
func (d Directory) Name(ctx context.Context, tenantID string, userID int64) (string, bool, error) {
	u, err := d.C.GetUserName(ctx, &userv1.UserIdQuery{TenantId: tenantID, UserId: userID})
	if errs.IsNotFound(err) {
		return "", false, nil
	}
	if err != nil {
		slog.Warn("a user look-up failed", "user", userID, "err", err)
		return "", false, status.Error(codes.Unavailable, "人员服务暂不可用,请稍后重试")
	}
	return u.Name, true, nil
}
