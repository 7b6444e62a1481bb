package data

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"anquan/education/internal/biz"
	"anquan/kit/cache"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
	contractorv1 "anquan/proto/blade/contractor/v1"
	preventionv1 "anquan/proto/blade/prevention/v1"
	systemv1 "anquan/proto/blade/system/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// unavailable fails closed in Chinese when another service cannot answer.
func unavailable(svc, method string, err error) error {
	st, ok := status.FromError(err)
	if !ok {
		return fmt.Errorf("%s %s: %w", svc, method, err)
	}
	switch st.Code() {
	case codes.Unavailable, codes.Unimplemented, codes.DeadlineExceeded:
		return errs.Unavailable("%s服务暂不可用,请稍后重试", map[string]string{"system": "系统", "user": "用户", "prevention": "隐患排查"}[svc])
	case codes.Unauthenticated, codes.PermissionDenied:
		return err
	case codes.InvalidArgument, codes.FailedPrecondition, codes.NotFound:
		return errs.Rule("REMOTE_REFUSED", "%s", st.Message())
	}
	return fmt.Errorf("%s %s: %w", svc, method, err)
}

// rolesTTL bounds how stale a cached role alias may be.
const rolesTTL = 2 * time.Minute

// Roles implements biz.Roles over blade-system's internal API, caching each
// tenant's role id -> alias map.
type Roles struct {
	C     systemv1.SystemInternalClient
	Cache cache.Cache
}

func rolesKey(tenant string) string { return "education:role-alias:" + tenant }

func (r Roles) Aliases(ctx context.Context, tenant string, roleIDs []int64) ([]string, error) {
	if len(roleIDs) == 0 {
		return nil, nil
	}
	var m map[int64]string
	if r.Cache != nil {
		if raw, ok, err := r.Cache.Get(ctx, rolesKey(tenant)); err == nil && ok {
			if json.Unmarshal([]byte(raw), &m) != nil {
				m = nil
			}
		}
	}
	for _, id := range roleIDs {
		if _, ok := m[id]; !ok {
			m = nil
			break
		}
	}
	if m == nil {
		var err error
		if m, err = r.All(ctx, tenant); err != nil {
			return nil, err
		}
	}
	out := make([]string, 0, len(roleIDs))
	for _, id := range roleIDs {
		if a := m[id]; a != "" {
			out = append(out, a)
		}
	}
	return out, nil
}

// All is every role of the tenant, id to alias, read afresh (and cached for Aliases).
func (r Roles) All(ctx context.Context, tenant string) (map[int64]string, error) {
	rs, err := r.C.GetRoles(ctx, &systemv1.RoleIdsQuery{TenantId: tenant})
	if err != nil {
		return nil, unavailable("system", "GetRoles", err)
	}
	m := make(map[int64]string, len(rs.Items))
	for _, role := range rs.Items {
		m[role.Id] = role.RoleAlias
	}
	if b, err := json.Marshal(m); err == nil && r.Cache != nil {
		// A cache that cannot store only costs the next call a look-up.
		_ = r.Cache.Set(ctx, rolesKey(tenant), string(b), rolesTTL)
	}
	return m, nil
}

// TenantName reads a tenant's name from blade-system (a certificate's
// issuer); empty when it cannot be read.
func TenantName(c systemv1.SystemInternalClient) func(ctx context.Context, tenantID string) string {
	return func(ctx context.Context, tenantID string) string {
		r, err := c.GetTenant(ctx, &systemv1.TenantIdQuery{TenantId: tenantID})
		if err != nil {
			return ""
		}
		return r.TenantName
	}
}

// Reporters reads hidden dangers by reporter from prevention (PreventionInternal) for a tenant.
type Reporters struct {
	C preventionv1.PreventionInternalClient
}

func (r Reporters) ReporterTally(ctx context.Context, tenant string, userID int64, limit int, mineOnly bool) ([]biz.ReporterCount, []biz.ReportedHazard, error) {
	res, err := r.C.ReporterTally(ctx, &preventionv1.ReporterTallyQuery{TenantId: tenant, UserId: userID, Limit: int32(limit), MineOnly: mineOnly})
	if err != nil {
		return nil, nil, unavailable("prevention", "ReporterTally", err)
	}
	counts := make([]biz.ReporterCount, len(res.Counts))
	for i, c := range res.Counts {
		counts[i] = biz.ReporterCount{UserID: c.UserId, Reported: c.Reported, Major: c.Major, Accepted: c.Accepted}
	}
	mine := make([]biz.ReportedHazard, len(res.Mine))
	for i, h := range res.Mine {
		t, _ := timefmt.Parse(h.ReportTime)
		mine[i] = biz.ReportedHazard{ID: h.Id, Name: h.DangerName, Level: h.DangerLevel, State: h.DangerState, ReportTime: t}
	}
	return counts, mine, nil
}

// Posts implements biz.Posts over blade-system's post list, called as education acting
// in the tenant (as blade-user reads post names).
type Posts struct {
	C systemv1.SystemServiceClient
}

func (p Posts) PostNames(ctx context.Context, tenant string) (map[int64]string, error) {
	r, err := p.C.PostList(ident.ForTenant(ctx, tenant), &commonv1.PageQuery{Current: 1, Size: paging.MaxSize})
	if err != nil {
		return nil, unavailable("system", "PostList", err)
	}
	out := make(map[int64]string, len(r.Records))
	for _, x := range r.Records {
		out[x.Id] = x.PostName
	}
	return out, nil
}

// Holdings reads a person's certificates from blade-user's certificate list, as the caller
// (the forwarded identity): blade-user applies its own right and tenant to them.
type Holdings struct {
	C userv1.CertificateServiceClient
}

// maxHeld bounds the certificates listed on one person's file.
const maxHeld = 100

func (h Holdings) CertificatesOf(ctx context.Context, userID int64) ([]biz.HeldCert, bool, error) {
	r, err := h.C.PageCertificates(ctx, &commonv1.PageQuery{Current: 1, Size: maxHeld,
		Filters: map[string]string{"userId_equal": strconv.FormatInt(userID, 10)}})
	if status.Code(err) == codes.PermissionDenied {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, unavailable("user", "PageCertificates", err)
	}
	out := make([]biz.HeldCert, 0, len(r.Records))
	for _, c := range r.Records {
		if c.UserId != userID { // the filter is blade-user's; the file shows only this person's
			continue
		}
		out = append(out, biz.HeldCert{KindName: c.KindName, Number: c.CertificateNo, Authority: c.IssuingAuthority,
			ExpireDate: c.ExpireDate, ValidState: c.ValidState})
	}
	return out, true, nil
}

// Contractors reads a company's people from the contractor service as the caller (the
// forwarded identity): the contractor service applies its own right and tenant, so only a
// caller who may see the company's people can schedule an exam for them.
type Contractors struct {
	C contractorv1.ContractorServiceClient
}

func (c Contractors) Workers(ctx context.Context, companyID int64) (map[int64]string, error) {
	if _, err := c.C.CompanyDetail(ctx, &commonv1.IdQuery{Id: companyID}); err != nil {
		if status.Code(err) == codes.NotFound {
			return nil, errs.BadRequest("承包商单位不存在(id %d)", companyID)
		}
		return nil, unavailableContractor(err)
	}
	out := map[int64]string{}
	for page := int32(1); ; page++ {
		r, err := c.C.PersonPage(ctx, &commonv1.PageQuery{Current: page, Size: paging.MaxSize,
			Filters: map[string]string{"companyId_equal": strconv.FormatInt(companyID, 10)}})
		if err != nil {
			return nil, unavailableContractor(err)
		}
		for _, p := range r.Records {
			if p.CompanyId == companyID && p.UserId > 0 {
				out[p.UserId] = p.Name
			}
		}
		if len(r.Records) < paging.MaxSize || page >= r.Pages {
			return out, nil
		}
	}
}

// unavailableContractor: the contractor service down, or its refusal in Chinese.
func unavailableContractor(err error) error {
	switch status.Code(err) {
	case codes.Unavailable, codes.Unimplemented, codes.DeadlineExceeded:
		return errs.Unavailable("承包商服务暂不可用,请稍后重试")
	case codes.PermissionDenied:
		return errs.Forbidden("无权查看该承包商单位的人员")
	}
	return unavailable("contractor", "PersonPage", err)
}
