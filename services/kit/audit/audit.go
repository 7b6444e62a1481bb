// Package audit serves a service's audit log (kit/db.AuditLog, written in
// the transaction of every write) to its tenant's administrators: a page
// and an xlsx export, registered on every service's gRPC server, reached
// through the gateway's /api/audit-log paths.
package audit

import (
	"cmp"
	"context"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/grpc"
	"gorm.io/gorm"

	"anquan/kit/crud"
	"anquan/kit/db"
	"anquan/kit/paging"
	"anquan/kit/svc"
	"anquan/kit/timefmt"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
)

// Server answers the audit calls of one service.
type Server struct {
	commonv1.UnimplementedAuditServiceServer
	service string
	logs    *crud.Repo[db.AuditLog]
}

// Register serves the log of g on s.
func Register(s grpc.ServiceRegistrar, g *gorm.DB, service string) {
	commonv1.RegisterAuditServiceServer(s, &Server{service: service, logs: crud.New[db.AuditLog](g, crud.Spec{
		Name: "审计日志",
		Filters: paging.Fields{
			"entity": "entity", "entityName": "entity_name", "op": "op", "account": "account", "userId": "user_id",
			"recordIds": "record_ids", "requestId": "request_id", "clientIp": "client_ip", "createTime": "create_time",
		},
		Order: "create_time desc, id desc",
	})})
}

// ListAuditSources: a service knows only itself (the gateway lists all).
func (s *Server) ListAuditSources(context.Context, *commonv1.Empty) (*commonv1.AuditSources, error) {
	return &commonv1.AuditSources{Items: []*commonv1.AuditSource{{Service: s.service}}}, nil
}

func query(q *commonv1.AuditQuery) paging.Query {
	return paging.Query{Current: int(q.Current), Size: int(q.Size), Ascs: q.Ascs, Descs: q.Descs, Filters: q.Filters}
}

// PageAudit is a page of the caller's tenant's log, newest first.
func (s *Server) PageAudit(ctx context.Context, q *commonv1.AuditQuery) (*commonv1.AuditPage, error) {
	p, err := s.logs.Page(ctx, query(q))
	if err != nil {
		return nil, err
	}
	out := &commonv1.AuditPage{Total: int32(p.Total), Size: int32(p.Size), Current: int32(p.Current), Pages: svc.Pages(p.Total, p.Size)}
	for i := range p.Records {
		out.Records = append(out.Records, s.entry(&p.Records[i]))
	}
	return out, nil
}

func (s *Server) entry(e *db.AuditLog) *commonv1.AuditEntry {
	if e.EntityName == "" {
		e.EntityName = db.EntityName(e.Entity)
	}
	return &commonv1.AuditEntry{
		Id: e.ID, TenantId: e.TenantID, CreateTime: timefmt.Format(e.CreateTime), UserId: e.UserID, Account: e.Account,
		ClientIp: e.ClientIP, RequestId: e.RequestID, Op: e.Op, Entity: e.Entity, EntityName: e.EntityName,
		RecordIds: e.RecordIDs, Rows: e.Rows, Changes: e.Changes, BeforeDigest: e.BeforeDigest, AfterDigest: e.AfterDigest,
		Service: s.service,
	}
}

// opNames are the Chinese names of the operations (exports).
var opNames = map[string]string{"create": "新增", "update": "修改", "delete": "删除"}

// ExportAudit is the filtered log as xlsx.
func (s *Server) ExportAudit(ctx context.Context, q *commonv1.AuditQuery) (*httpbody.HttpBody, error) {
	return svc.Export(ctx, s.logs, query(q), "审计日志", []xlsx.Column[db.AuditLog]{
		{Header: "时间", Width: 20, Value: func(e db.AuditLog) any { return timefmt.Format(e.CreateTime) }},
		{Header: "账号", Value: func(e db.AuditLog) any { return e.Account }},
		{Header: "用户ID", Width: 20, Value: func(e db.AuditLog) any { return e.UserID }},
		{Header: "操作", Value: func(e db.AuditLog) any { return opNames[e.Op] }},
		{Header: "对象", Value: func(e db.AuditLog) any { return cmp.Or(e.EntityName, db.EntityName(e.Entity)) }},
		{Header: "数据表", Value: func(e db.AuditLog) any { return e.Entity }},
		{Header: "记录ID", Width: 30, Value: func(e db.AuditLog) any { return e.RecordIDs }},
		{Header: "行数", Value: func(e db.AuditLog) any { return e.Rows }},
		{Header: "修改字段", Width: 30, Value: func(e db.AuditLog) any { return e.Changes }},
		{Header: "修改前摘要", Width: 30, Value: func(e db.AuditLog) any { return e.BeforeDigest }},
		{Header: "写入值摘要", Width: 30, Value: func(e db.AuditLog) any { return e.AfterDigest }},
		{Header: "IP", Value: func(e db.AuditLog) any { return e.ClientIP }},
		{Header: "请求编号", Value: func(e db.AuditLog) any { return e.RequestID }},
	})
}
