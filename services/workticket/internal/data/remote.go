package data

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"anquan/kit/cache"
	"anquan/kit/errs"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
	contractorv1 "anquan/proto/blade/contractor/v1"
	factoryv1 "anquan/proto/blade/factory/v1"
	flowv1 "anquan/proto/blade/flow/v1"
	systemv1 "anquan/proto/blade/system/v1"
	userv1 "anquan/proto/blade/user/v1"
	"anquan/workticket/internal/biz"
)

// remote keeps another service's refusals (their Chinese message reaches
// the user as a 400), says "unavailable" in Chinese, and turns anything
// else into a plain error (a logged 500).
func remote(svc, method string, err error) error {
	st, ok := status.FromError(err)
	if !ok {
		return fmt.Errorf("%s %s: %w", svc, method, err)
	}
	switch st.Code() {
	case codes.PermissionDenied:
		// Refused for the caller (e.g. not the step's approver): still a 403.
		return errs.Forbidden("%s", st.Message())
	case codes.InvalidArgument, codes.FailedPrecondition, codes.NotFound, codes.AlreadyExists:
		return errs.Rule("REMOTE_REFUSED", "%s", st.Message())
	case codes.Unauthenticated:
		return err
	case codes.Unavailable, codes.Unimplemented, codes.DeadlineExceeded:
		return errs.Rule("UNAVAILABLE", "%s服务暂不可用,请稍后重试", map[string]string{"flow": "审批", "user": "人员资质", "factory": "厂区"}[svc])
	}
	return fmt.Errorf("%s %s: %w", svc, method, err)
}

// Flow implements biz.Flow over blade-flow's internal API.
type Flow struct{ C flowv1.FlowInternalClient }

func instance(i *flowv1.Instance) biz.Instance {
	return biz.Instance{ID: i.ProcessInstanceId, Status: i.Status, TaskName: i.TaskName}
}

func (f Flow) Start(ctx context.Context, key, table string, id int64, title string, steps []biz.Step, comment string) (biz.Instance, error) {
	req := &flowv1.StartRequest{ModelKey: key, BusinessTable: table, BusinessId: id, Title: title, ForbidApplicant: true, Comment: comment}
	for _, s := range steps {
		req.DefaultSteps = append(req.DefaultSteps, &flowv1.Step{Name: s.Name, RoleAliases: s.Roles, UserIds: s.Users})
	}
	i, err := f.C.Start(ctx, req)
	if err != nil {
		return biz.Instance{}, remote("flow", "Start", err)
	}
	return instance(i), nil
}

func (f Flow) Complete(ctx context.Context, pid string, pass bool, comment string) (biz.Instance, error) {
	i, err := f.C.Complete(ctx, &flowv1.CompleteRequest{ProcessInstanceId: pid, Pass: pass, Comment: comment})
	if err != nil {
		return biz.Instance{}, remote("flow", "Complete", err)
	}
	return instance(i), nil
}

func (f Flow) Get(ctx context.Context, pid string) (biz.Instance, error) {
	i, err := f.C.Get(ctx, &flowv1.ProcessInstanceQuery{ProcessInstanceId: pid})
	if err != nil {
		return biz.Instance{}, unavailable("flow", "Get", err)
	}
	out := instance(i)
	out.BusinessTable, out.BusinessID, out.StepIndex = i.BusinessTable, i.BusinessId, i.StepIndex
	for _, s := range i.Steps {
		out.Steps = append(out.Steps, biz.Step{Name: s.Name, Roles: s.RoleAliases, Users: s.UserIds})
	}
	return out, nil
}

func (f Flow) Cancel(ctx context.Context, pid, comment string) error {
	_, err := f.C.Cancel(ctx, &flowv1.RecordRequest{ProcessInstanceId: pid, Action: "cancel", Comment: comment})
	if err != nil {
		return remote("flow", "Cancel", err)
	}
	return nil
}

// People implements biz.People over blade-user's internal API.
type People struct{ C userv1.UserInternalClient }

func (p People) Certificates(ctx context.Context, ids []int64, kind string, at time.Time) ([]biz.Verdict, error) {
	r, err := p.C.CheckCertificates(ctx, &userv1.CertificateCheck{UserIds: ids, Kind: kind, At: timefmt.Format(at)})
	if err != nil {
		return nil, remote("user", "CheckCertificates", err)
	}
	by := map[int64]*userv1.CertificateVerdict{}
	for _, v := range r.Items {
		by[v.UserId] = v
	}
	out := make([]biz.Verdict, len(ids))
	for i, id := range ids {
		out[i] = biz.Verdict{UserID: id, Reason: "人员不存在(id " + strconv.FormatInt(id, 10) + ")"}
		if v := by[id]; v != nil {
			out[i] = biz.Verdict{UserID: id, UserName: v.UserName, Valid: v.Valid, Reason: v.Reason}
		}
	}
	return out, nil
}

func (p People) Guardian(ctx context.Context, id int64, workType string) (biz.Verdict, error) {
	v, err := p.C.CheckGuardian(ctx, &userv1.GuardianCheck{UserId: id, WorkType: workType})
	if err != nil {
		return biz.Verdict{}, remote("user", "CheckGuardian", err)
	}
	return biz.Verdict{UserID: id, UserName: v.UserName, Valid: v.Valid, Reason: v.Reason}, nil
}

// Areas implements biz.Areas over the factory service's internal API.
type Areas struct {
	C factoryv1.FactoryInternalClient
}

func (a Areas) Area(ctx context.Context, id int64) (string, bool, error) {
	r, err := a.C.GetAreas(ctx, &commonv1.IdsQuery{Ids: strconv.FormatInt(id, 10)})
	if err != nil {
		return "", false, remote("factory", "GetAreas", err)
	}
	for _, v := range r.Items {
		if v.Id == id {
			return v.Name, true, nil
		}
	}
	return "", false, nil
}

// Tenants reads tenant names from blade-system (the print header).
type Tenants struct{ C systemv1.SystemInternalClient }

// TenantName is the tenant's name, "" when blade-system cannot say.
func (t Tenants) TenantName(ctx context.Context, tenantID string) string {
	r, err := t.C.GetTenant(ctx, &systemv1.TenantIdQuery{TenantId: tenantID})
	if err != nil {
		return ""
	}
	return r.TenantName
}

// DeptName implements biz.Depts: the name of a department of the tenant.
func (t Tenants) DeptName(ctx context.Context, tenantID string, id int64) (string, bool, error) {
	r, err := t.C.GetDepts(ctx, &systemv1.DeptQuery{TenantId: tenantID, DeptIds: []int64{id}})
	if err != nil {
		return "", false, remote("system", "GetDepts", err)
	}
	name, ok := r.Names[id]
	return name, ok, nil
}

// unavailable maps the error of a look-up an authorization decision needs:
// the call is refused, never decided without the answer (fail closed).
// An unreachable service is a 503; a refusal keeps its code; anything else
// is a plain error (a logged 500).
func unavailable(svc, method string, err error) error {
	st, ok := status.FromError(err)
	if !ok {
		return fmt.Errorf("%s %s: %w", svc, method, err)
	}
	switch st.Code() {
	case codes.Unavailable, codes.Unimplemented, codes.DeadlineExceeded:
		return status.Errorf(codes.Unavailable, "%s服务暂不可用,无法核实您对该作业票的权限,请稍后重试", map[string]string{"flow": "审批", "system": "系统"}[svc])
	case codes.Unauthenticated, codes.PermissionDenied:
		return err
	}
	return fmt.Errorf("%s %s: %w", svc, method, err)
}

// rolesTTL bounds how stale a cached role alias may be; aliases are set
// when a role is made and rarely change (blade-flow caches them alike).
const rolesTTL = 2 * time.Minute

// Roles implements biz.Roles over blade-system's internal API, caching each
// tenant's role id -> alias map (one look-up per tenant, not per request).
type Roles struct {
	C     systemv1.SystemInternalClient
	Cache cache.Cache
}

func rolesKey(tenant string) string { return "workticket:role-alias:" + tenant }

func (r Roles) Aliases(ctx context.Context, tenant string, roleIDs []int64) ([]string, error) {
	if len(roleIDs) == 0 {
		return nil, nil
	}
	var m map[int64]string
	if r.Cache != nil {
		// A cache miss, fault or unreadable entry means asking blade-system.
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
		rs, err := r.C.GetRoles(ctx, &systemv1.RoleIdsQuery{TenantId: tenant})
		if err != nil {
			return nil, unavailable("system", "GetRoles", err)
		}
		m = make(map[int64]string, len(rs.Items))
		for _, role := range rs.Items {
			m[role.Id] = role.RoleAlias
		}
		if b, err := json.Marshal(m); err == nil && r.Cache != nil {
			// A cache that cannot store only costs the next call a look-up.
			_ = r.Cache.Set(ctx, rolesKey(tenant), string(b), rolesTTL)
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

// Contractors implements biz.Contractors over the contractor service's
// internal API; an unreachable service refuses the permit (fail closed).
type Contractors struct {
	C contractorv1.ContractorInternalClient
}

func (c Contractors) Refused(ctx context.Context, ids []int64, at time.Time) (string, string, bool, error) {
	r, err := c.C.CheckAdmission(ctx, &contractorv1.AdmissionQuery{UserIds: ids, At: timefmt.Format(at)})
	if err != nil {
		if st, ok := status.FromError(err); ok && (st.Code() == codes.Unavailable || st.Code() == codes.DeadlineExceeded) {
			return "", "", false, errs.Unavailable("承包商服务暂不可用,无法核实作业人员的准入资格,请稍后重试")
		}
		return "", "", false, remote("contractor", "CheckAdmission", err)
	}
	for _, v := range r.Items {
		if v.Contractor && !v.Allowed {
			return v.Name, v.Reason, false, nil
		}
	}
	return "", "", true, nil
}
