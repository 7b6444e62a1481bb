package data

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"anquan/kit/errs"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
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
	case codes.InvalidArgument, codes.FailedPrecondition, codes.NotFound, codes.AlreadyExists, codes.PermissionDenied:
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
