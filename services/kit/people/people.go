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

// Names are the display names of the tenant's users among ids, read in one
// call (at most 1000 ids); an unknown id has no entry. A failed look-up
// fails closed with 503, as Name does.
func (d Directory) Names(ctx context.Context, tenantID string, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	r, err := d.C.GetUserNames(ctx, &userv1.UserNamesQuery{TenantId: tenantID, UserIds: ids})
	if err != nil {
		slog.Warn("a users look-up failed", "users", len(ids), "err", err)
		return nil, status.Error(codes.Unavailable, "人员服务暂不可用,请稍后重试")
	}
	for _, u := range r.Items {
		out[u.Id] = u.Name
	}
	return out, nil
}

// Members are the active people of departments (with their sub-departments) and roles,
// id to name, in one call (at most 1000). A failed look-up fails closed with 503.
func (d Directory) Members(ctx context.Context, tenantID string, depts, roles []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(depts) == 0 && len(roles) == 0 {
		return out, nil
	}
	r, err := d.C.GetGroupMembers(ctx, &userv1.GroupMembersQuery{TenantId: tenantID, DeptIds: depts, RoleIds: roles})
	if err != nil {
		slog.Warn("a group members look-up failed", "depts", len(depts), "roles", len(roles), "err", err)
		return nil, status.Error(codes.Unavailable, "人员服务暂不可用,请稍后重试")
	}
	for _, u := range r.Items {
		out[u.Id] = u.Name
	}
	return out, nil
}

// PostMembers are the active holders of a post (a post anywhere in the person's list), id to
// name (at most 1000). A failed look-up fails closed with 503.
func (d Directory) PostMembers(ctx context.Context, tenantID string, postID int64) (map[int64]string, error) {
	r, err := d.C.GetGroupMembers(ctx, &userv1.GroupMembersQuery{TenantId: tenantID, PostIds: []int64{postID}})
	if err != nil {
		slog.Warn("a post members look-up failed", "post", postID, "err", err)
		return nil, status.Error(codes.Unavailable, "人员服务暂不可用,请稍后重试")
	}
	out := make(map[int64]string, len(r.Items))
	for _, u := range r.Items {
		out[u.Id] = u.Name
	}
	return out, nil
}
