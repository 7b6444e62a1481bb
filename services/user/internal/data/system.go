package data

import (
	"context"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	commonv1 "anquan/proto/blade/common/v1"
	systemv1 "anquan/proto/blade/system/v1"
	"anquan/user/internal/biz"
)

// PostLister is the part of SystemService the directory uses: posts have no
// SystemInternal look-up, so their names come from the post list, called
// as the service itself acting in the tenant.
type PostLister interface {
	PostList(ctx context.Context, in *commonv1.PageQuery, opts ...grpc.CallOption) (*systemv1.PostPage, error)
}

// Directory implements biz.Directory with blade-system's clients. Every
// call runs as blade-user acting in the named tenant (ident.ForTenant): it
// carries the internal credential, never the end user's token.
type Directory struct {
	Internal systemv1.SystemInternalClient
	Posts    PostLister
}

// NewDirectory binds the directory to a connection to blade-system.
func NewDirectory(conn grpc.ClientConnInterface) Directory {
	return Directory{Internal: systemv1.NewSystemInternalClient(conn), Posts: systemv1.NewSystemServiceClient(conn)}
}

var _ biz.Directory = Directory{}

// remote keeps blade-system's answers users can act on (a missing tenant)
// and hides transport failures behind the generic server error.
func remote(op string, err error) error {
	switch errs.Code(err) {
	case codes.InvalidArgument, codes.NotFound, codes.FailedPrecondition, codes.AlreadyExists, codes.PermissionDenied, codes.Unauthenticated:
		return err
	}
	return fmt.Errorf("blade-system %s: %v", op, err)
}

func (d Directory) AccountLimit(ctx context.Context, tenantID string) (int32, error) {
	t, err := d.Internal.GetTenant(ident.ForTenant(ctx, tenantID), &systemv1.TenantIdQuery{TenantId: tenantID})
	if err != nil {
		return 0, remote("GetTenant", err)
	}
	return t.AccountNumber, nil
}

func (d Directory) RoleNames(ctx context.Context, tenantID string, ids []int64) (map[int64]string, error) {
	r, err := d.Internal.GetRoles(ident.ForTenant(ctx, tenantID), &systemv1.RoleIdsQuery{TenantId: tenantID, RoleIds: ident.JoinIDs(ids)})
	if err != nil {
		return nil, remote("GetRoles", err)
	}
	out := make(map[int64]string, len(r.Items))
	for _, role := range r.Items {
		out[role.Id] = role.RoleName
	}
	return out, nil
}

func (d Directory) AdminRoles(ctx context.Context, tenantID string) ([]int64, error) {
	r, err := d.Internal.GetRoles(ident.ForTenant(ctx, tenantID), &systemv1.RoleIdsQuery{TenantId: tenantID})
	if err != nil {
		return nil, remote("GetRoles", err)
	}
	var out []int64
	for _, role := range r.Items {
		if role.RoleAlias == ident.AliasAdministrator {
			out = append(out, role.Id)
		}
	}
	return out, nil
}

func (d Directory) Depts(ctx context.Context, tenantID string, roots []int64) (map[int64]string, []int64, error) {
	r, err := d.Internal.GetDepts(ident.ForTenant(ctx, tenantID), &systemv1.DeptQuery{TenantId: tenantID, DeptIds: roots})
	if err != nil {
		return nil, nil, remote("GetDepts", err)
	}
	return r.Names, r.Descendants, nil
}

func (d Directory) PostNames(ctx context.Context, tenantID string) (map[int64]string, error) {
	r, err := d.Posts.PostList(ident.ForTenant(ctx, tenantID), &commonv1.PageQuery{Current: 1, Size: paging.MaxSize})
	if err != nil {
		return nil, remote("PostList", err)
	}
	out := make(map[int64]string, len(r.Records))
	for _, p := range r.Records {
		out[p.Id] = p.PostName
	}
	return out, nil
}

func (d Directory) Param(ctx context.Context, tenantID, key string) (string, bool, error) {
	p, err := d.Internal.GetParam(ident.ForTenant(ctx, tenantID), &systemv1.ParamQuery{TenantId: tenantID, Key: key})
	if errs.IsNotFound(err) {
		return "", false, nil
	}
	if err != nil {
		return "", false, remote("GetParam", err)
	}
	return p.ParamValue, true, nil
}
