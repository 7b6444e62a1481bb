package app

import (
	"context"
	"encoding/json"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"anquan/kit/authn"
	"anquan/kit/bus"
	"anquan/kit/conf"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/platform"
	"anquan/kit/server"
	"anquan/kit/timefmt"
	commonv1 "anquan/proto/blade/common/v1"
	pb "anquan/proto/blade/desk/v1"
	systemv1 "anquan/proto/blade/system/v1"
)

const tenant = "100001"

// fakeSystem is blade-system's internal API for tenant 100001: administrator
// role 20, department 10, a licence ending in ten days. It refuses calls
// without the internal credential, as the real one does.
type fakeSystem struct {
	systemv1.UnimplementedSystemInternalServer
	secret string
	ends   time.Time
}

func (f *fakeSystem) internal(ctx context.Context) error {
	md, _ := metadata.FromIncomingContext(ctx)
	if v := md.Get(server.MDInternalSecret); len(v) == 0 || v[0] != f.secret {
		return status.Error(codes.PermissionDenied, "internal credential missing")
	}
	return nil
}

func (f *fakeSystem) GetTenant(ctx context.Context, q *systemv1.TenantIdQuery) (*systemv1.Tenant, error) {
	if err := f.internal(ctx); err != nil {
		return nil, err
	}
	return &systemv1.Tenant{TenantId: q.TenantId, ExpireTime: timefmt.Format(f.ends)}, nil
}

func (f *fakeSystem) GetRoles(ctx context.Context, q *systemv1.RoleIdsQuery) (*systemv1.RoleSummary, error) {
	if err := f.internal(ctx); err != nil {
		return nil, err
	}
	return &systemv1.RoleSummary{Items: []*systemv1.Role{{Id: 20, RoleAlias: "administrator", TenantId: q.TenantId}, {Id: 21, RoleAlias: "staff"}}}, nil
}

// GetPolicies grants the publishing buttons to role 20 (the test's caller).
func (f *fakeSystem) GetPolicies(ctx context.Context, _ *commonv1.Empty) (*systemv1.PolicyList, error) {
	if err := f.internal(ctx); err != nil {
		return nil, err
	}
	out := &systemv1.PolicyList{}
	for _, code := range []string{"notice_add", "notice_edit", "notice_delete"} {
		out.Items = append(out.Items, &systemv1.Policy{RoleId: "20", TenantId: "100001", Code: code})
	}
	return out, nil
}

func (f *fakeSystem) GetDepts(ctx context.Context, q *systemv1.DeptQuery) (*systemv1.DeptNames, error) {
	if err := f.internal(ctx); err != nil {
		return nil, err
	}
	return &systemv1.DeptNames{Names: map[int64]string{10: "生产部"}}, nil
}

// The component end to end: gRPC with real tokens, the bus consumer, and
// blade-system reached through the dialer.
func TestDeskServesNoticesAndTurnsBusEventsIntoMessages(t *testing.T) {
	ctx := context.Background()
	c := conf.Default()
	c.Data = t.TempDir()
	in, err := platform.Open(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()

	y, m, d := time.Now().In(timefmt.Zone).Date()
	sys := &fakeSystem{secret: in.Secret, ends: time.Date(y, m, d+10, 12, 0, 0, 0, timefmt.Zone)}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gs := grpc.NewServer()
	systemv1.RegisterSystemInternalServer(gs, sys)
	go func() { _ = gs.Serve(lis) }() // Serve returns when the test stops the server
	defer gs.Stop()
	in.Dialer.SetAddr("system", lis.Addr().String())

	a := New(in, "127.0.0.1:0")
	if err := a.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = a.Stop(ctx) }() // best-effort cleanup in a test
	if err := a.Ready(ctx); err != nil {
		t.Fatal(err)
	}

	signer, err := authn.NewSigner(in.Keys)
	if err != nil {
		t.Fatal(err)
	}
	tok, _, err := signer.Sign(authn.Claims{TenantID: tenant, UserID: "1", UserName: "管理员", RoleID: "20", DeptID: "10"}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	admin := ident.With(ctx, &ident.Identity{TenantID: tenant, UserID: 1, Token: tok})
	desk := pb.NewDeskServiceClient(in.Dialer.MustConn("desk"))

	event, _ := json.Marshal(bus.Event{ID: "reg-1", Subject: "anquan.user.registered", TenantID: tenant, OccurredAt: time.Now(),
		Data: json.RawMessage(`{"tenantId":"100001","userId":"55","account":"lisi","name":"李四"}`)})
	if err := in.Bus.Publish(ctx, "anquan.user.registered", "reg-1", event, nil); err != nil {
		t.Fatal(err)
	}
	var unread int32
	for deadline := time.Now().Add(10 * time.Second); unread == 0 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		n, err := desk.UnreadCount(admin, &commonv1.Empty{})
		if err != nil {
			t.Fatal(err)
		}
		unread = n.Value
	}
	if unread != 1 {
		t.Fatalf("administrator unread = %d, want 1 (the registration message)", unread)
	}

	if _, err := desk.NoticeSubmit(admin, &pb.Notice{MessageTitle: "安全培训", MessageContent: "周五下午", Type: 2, Scope: "dept", DeptIds: "10"}); err != nil {
		t.Fatalf("submit to a department of the tenant: %v", err)
	}
	_, err = desk.NoticeSubmit(admin, &pb.Notice{MessageTitle: "安全培训", MessageContent: "周五下午", Type: 2, Scope: "dept", DeptIds: "99"})
	if errs.Code(err) != codes.InvalidArgument || errs.Message(err) != "接收部门不存在: 99" {
		t.Errorf("submit to an unknown department: %v", err)
	}
	page, err := desk.NoticeList(admin, &commonv1.PageQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != 2 {
		t.Errorf("notice list total = %d, want 2", page.Total)
	}

	r, err := desk.Expiration(admin, &commonv1.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Type != "license" || r.DaysLeft != 10 || r.RemindDate != timefmt.FormatDate(sys.ends) {
		t.Errorf("reminder = %v", r)
	}

	_, err = desk.UnreadCount(ctx, &commonv1.Empty{})
	if errs.Code(err) != codes.Unauthenticated {
		t.Errorf("call without a token: %v, want Unauthenticated", err)
	}
}
