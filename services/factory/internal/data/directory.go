package data

import (
	"context"
	"fmt"

	"anquan/factory/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/people"
	systemv1 "anquan/proto/blade/system/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// Directory implements biz.Directory over blade-system's and blade-user's
// internal APIs.
type Directory struct {
	System systemv1.SystemInternalClient
	Users  userv1.UserInternalClient
}

func (d Directory) Depts(ctx context.Context, tenantID string) ([]biz.Dept, error) {
	l, err := d.System.ListTenantDepts(ctx, &systemv1.DeptQuery{TenantId: tenantID})
	if err != nil {
		return nil, remote("blade-system ListTenantDepts", err)
	}
	out := make([]biz.Dept, len(l.Items))
	for i, x := range l.Items {
		out[i] = biz.Dept{ID: x.Id, ParentID: x.ParentId, Name: x.DeptName, FullName: x.FullName, Category: x.DeptCategory, Sort: x.Sort}
	}
	return out, nil
}

func (d Directory) Param(ctx context.Context, tenantID, key string) (string, bool, error) {
	p, err := d.System.GetParam(ctx, &systemv1.ParamQuery{TenantId: tenantID, Key: key})
	if errs.IsNotFound(err) {
		return "", false, nil
	}
	if err != nil {
		return "", false, remote("blade-system GetParam", err)
	}
	return p.ParamValue, true, nil
}

// UserName is kit/people's look-up (a failed call refuses with 503).
func (d Directory) UserName(ctx context.Context, tenantID string, userID int64) (string, bool, error) {
	return people.Directory{C: d.Users}.Name(ctx, tenantID, userID)
}

// remote turns a failed call into a plain error: the caller's answer is a
// logged 500, not the other service's transport message.
func remote(method string, err error) error {
	return fmt.Errorf("%s: %v", method, err)
}
