package data

import (
	"context"

	"anquan/kit/errs"
	systemv1 "anquan/proto/blade/system/v1"
)

// Params reads tenant parameters from blade-system (the provincial upload
// keys): a missing parameter is not an error.
type Params struct {
	C systemv1.SystemInternalClient
}

func (p Params) Param(ctx context.Context, tenantID, key string) (string, bool, error) {
	v, err := p.C.GetParam(ctx, &systemv1.ParamQuery{TenantId: tenantID, Key: key})
	if errs.IsNotFound(err) {
		return "", false, nil
	}
	if err != nil {
		return "", false, remote(err, "系统参数")
	}
	return v.ParamValue, true, nil
}
