package gateway

import (
	"context"
	"slices"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/grpc"

	"anquan/kit/authz"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/rpc"
	commonv1 "anquan/proto/blade/common/v1"
)

// auditOrder is the order the audit page lists the sources in (the order
// the gateway used to route them; files register in name order).
var auditOrder = []string{"auth", "system", "user", "desk", "factory", "flow", "prevention", "resource", "workticket", "equipment", "inspection",
	"monitor", "education", "contractor", "emergency", "accident", "change", "health", "records", "positioning", "video", "aichat"}

// auditNames are the Chinese names of the services' audit logs.
var auditNames = map[string]string{
	"auth": "登录与令牌", "system": "系统设置", "user": "用户与证书", "desk": "通知公告", "flow": "审批流程",
	"resource": "附件", "factory": "企业与分区", "prevention": "双重预防", "workticket": "特殊作业",
	"equipment": "设备与重大危险源", "inspection": "智能巡检",
	"monitor": "实时监测", "education": "安全教育考试", "contractor": "承包商", "emergency": "应急管理",
	"accident": "事故管理", "change": "变更管理", "health": "职业健康", "records": "化学品与制度文件", "positioning": "人员定位", "video": "视频监控", "aichat": "安全助手",
}

// auditDispatch is the gateway's client of /api/audit-log: every service
// keeps the log of its own writes, so a call goes to the service the query
// names (the generated REST handlers stay as they are; only the client
// chooses the connection).
type auditDispatch struct {
	dialer *rpc.Dialer
	pol    *authz.Policies
}

func (d auditDispatch) client(service string) (commonv1.AuditServiceClient, error) {
	if _, ok := auditNames[service]; !ok || d.dialer.Addr(service) == "" {
		return nil, errs.BadRequest("请选择要查看审计日志的服务")
	}
	return commonv1.NewAuditServiceClient(d.dialer.Lazy(service)), nil
}

// ListAuditSources answers here: the services whose logs exist.
func (d auditDispatch) ListAuditSources(ctx context.Context, _ *commonv1.Empty, _ ...grpc.CallOption) (*commonv1.AuditSources, error) {
	id := ident.From(ctx)
	if id == nil {
		return nil, errs.Unauthorized("")
	}
	if !d.pol.Allowed(id, []string{"audit_log"}) {
		return nil, errs.Forbidden("")
	}
	out := &commonv1.AuditSources{}
	routed := Services()
	for _, s := range auditOrder {
		if name, ok := auditNames[s]; ok && slices.Contains(routed, s) {
			out.Items = append(out.Items, &commonv1.AuditSource{Service: s, Name: name})
		}
	}
	return out, nil
}

func (d auditDispatch) PageAudit(ctx context.Context, q *commonv1.AuditQuery, opts ...grpc.CallOption) (*commonv1.AuditPage, error) {
	c, err := d.client(q.Service)
	if err != nil {
		return nil, err
	}
	return c.PageAudit(ctx, q, opts...)
}

func (d auditDispatch) ExportAudit(ctx context.Context, q *commonv1.AuditQuery, opts ...grpc.CallOption) (*httpbody.HttpBody, error) {
	c, err := d.client(q.Service)
	if err != nil {
		return nil, err
	}
	return c.ExportAudit(ctx, q, opts...)
}
