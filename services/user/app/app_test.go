package app_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"

	"anquan/kit/authn"
	"anquan/kit/cache"
	"anquan/kit/conf"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/platform"
	"anquan/kit/rpc"
	"anquan/kit/seedids"
	"anquan/kit/server"
	"anquan/kit/xlsx"
	commonv1 "anquan/proto/blade/common/v1"
	systemv1 "anquan/proto/blade/system/v1"
	pb "anquan/proto/blade/user/v1"
	"anquan/user/app"
	"anquan/user/internal/usertest"
)

// start runs blade-user as a component beside a fake blade-system on
// loopback ports, with the infrastructure a process shares (no bus: events
// stay in the outbox).
func start(t *testing.T) (*platform.Infra, *authn.Keys) {
	t.Helper()
	authn.HashCost = bcrypt.MinCost
	ctx := context.Background()
	c := conf.Default()
	c.Data = t.TempDir()
	keys, err := authn.LoadKeys(c)
	if err != nil {
		t.Fatal(err)
	}
	secret, err := authn.InternalSecret(c)
	if err != nil {
		t.Fatal(err)
	}
	in := &platform.Infra{Conf: c, Cache: cache.NewMemory(), Keys: keys, Verifier: authn.NewVerifier(keys), Secret: secret, Dialer: rpc.NewDialer(nil, secret)}
	t.Cleanup(in.Close)

	sys, err := server.NewGRPC("system", "127.0.0.1:0", in.Verifier, in.Cache, secret)
	if err != nil {
		t.Fatal(err)
	}
	fake := usertest.Server{S: usertest.NewSystem()}
	systemv1.RegisterSystemInternalServer(sys.Server, fake)
	systemv1.RegisterSystemServiceServer(sys.Server, fake)
	sys.Serve()
	t.Cleanup(func() { sys.Stop(ctx) })
	in.Dialer.SetAddr("system", sys.Addr())

	a := app.New(in, "127.0.0.1:0")
	if err := a.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Stop(ctx) })
	if err := a.Ready(ctx); err != nil {
		t.Fatal(err)
	}
	return in, keys
}

// login is the demo administrator's token, as blade-auth would sign it.
func login(t *testing.T, keys *authn.Keys) context.Context {
	t.Helper()
	signer, err := authn.NewSigner(keys)
	if err != nil {
		t.Fatal(err)
	}
	tok, _, err := signer.Sign(authn.Claims{TenantID: seedids.DemoTenant, UserID: strconv.FormatInt(seedids.DemoAdminUser, 10), Account: "admin", Super: true}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return ident.With(context.Background(), &ident.Identity{TenantID: seedids.DemoTenant, UserID: seedids.DemoAdminUser, Token: tok})
}

func TestUserServiceOverGRPCWithSeedTransportPasswordsAndExport(t *testing.T) {
	in, keys := start(t)
	users := pb.NewUserServiceClient(in.Dialer.Lazy("user"))
	internal := pb.NewUserInternalClient(in.Dialer.Lazy("user"))
	sys := ident.AsSystem(context.Background())

	// The seed ran: the demo administrator logs in with admin/admin.
	cred, err := internal.FindCredential(sys, &pb.CredentialQuery{TenantId: seedids.DemoTenant, Account: "admin"})
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := authn.Check(cred.PasswordHash, "admin"); !ok || cred.Id != seedids.DemoAdminUser {
		t.Fatalf("seeded admin: %+v", cred)
	}

	// Without a token the service refuses.
	if _, err := users.Page(context.Background(), &commonv1.PageQuery{}); errs.Code(err) != codes.Unauthenticated {
		t.Fatalf("anonymous page: %v", err)
	}

	// Submit with the web client's encrypted password; names come from blade-system.
	ctx := login(t, keys)
	_, err = users.Submit(ctx, &pb.User{Account: "newbie", RealName: "新人", Password: authn.EncryptTransport(conf.DefaultPasswordKey, "p@ss-123"),
		RoleId: strconv.FormatInt(usertest.RoleOperator, 10), DeptId: strconv.FormatInt(usertest.DeptTank, 10), PostId: strconv.FormatInt(usertest.PostWelder, 10)})
	if err != nil {
		t.Fatal(err)
	}
	_, err = users.Submit(ctx, &pb.User{Account: "newbie", Password: "123456"})
	if errs.Code(err) != codes.AlreadyExists || errs.Message(err) != "当前账号已被使用!" {
		t.Fatalf("duplicate submit: %v", err)
	}
	p, err := users.Page(ctx, &commonv1.PageQuery{Filters: map[string]string{"account": "newbie"}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Total != 1 || p.Records[0].RoleName != "作业人员" || p.Records[0].DeptName != "罐区" || p.Records[0].PostName != "焊工" || p.Records[0].Password != "" {
		t.Fatalf("page: %+v", p.Records)
	}
	cred, err = internal.FindCredential(sys, &pb.CredentialQuery{TenantId: seedids.DemoTenant, Account: "newbie"})
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := authn.Check(cred.PasswordHash, "p@ss-123"); !ok {
		t.Fatal("the transport password was not decrypted before hashing")
	}

	// Export: an xlsx named in Content-Disposition, Chinese header row.
	var hdr metadata.MD
	body, err := users.Export(ctx, &commonv1.PageQuery{}, grpc.Header(&hdr))
	if err != nil {
		t.Fatal(err)
	}
	if len(hdr.Get("content-disposition")) == 0 || body.ContentType != xlsx.ContentType {
		t.Fatalf("export headers: %v %q", hdr, body.ContentType)
	}
	rows, err := xlsx.Read(body.Data)
	if err != nil {
		t.Fatal(err)
	}
	if rows[0][0] != "账号" || len(rows) != 1+8 { // 7 seeded demo users plus newbie
		t.Fatalf("export: header %v, %d rows", rows[0], len(rows))
	}

	n, err := internal.CountUsers(sys, &pb.CountQuery{TenantId: seedids.DemoTenant})
	if err != nil || n.Value != 8 {
		t.Fatalf("count: %v %v", n, err)
	}
}

func TestRegisterGuestAnswersInDataOverGRPC(t *testing.T) {
	in, keys := start(t)
	users := pb.NewUserServiceClient(in.Dialer.Lazy("user"))
	internal := pb.NewUserInternalClient(in.Dialer.Lazy("user"))
	b, err := internal.BindOAuth(ident.AsSystem(context.Background()), &pb.OAuthQuery{TenantId: seedids.DemoTenant, Source: "wechat", Uuid: "w-1", Nickname: "访客"})
	if err != nil || b.User != nil || b.OauthId == "" {
		t.Fatalf("bind: %+v %v", b, err)
	}
	signer, _ := authn.NewSigner(keys)
	tok, _, err := signer.Sign(authn.Claims{TenantID: seedids.DemoTenant, UserID: "-1", OAuthID: b.OauthId}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	ctx := ident.With(context.Background(), &ident.Identity{TenantID: seedids.DemoTenant, UserID: -1, OAuthID: b.OauthId, Token: tok})
	req := &pb.RegisterGuestRequest{TenantId: seedids.DemoTenant, Name: "访客", Account: "admin", Password: authn.EncryptTransport(conf.DefaultPasswordKey, "123456"), OauthId: b.OauthId}
	r, err := users.RegisterGuest(ctx, req)
	if err != nil || r.Success || r.Msg != "当前账号已被使用!" {
		t.Fatalf("taken account: %+v %v", r, err)
	}
	req.Account = "guest"
	r, err = users.RegisterGuest(ctx, req)
	if err != nil || !r.Success || r.Msg != "注册申请已提交,请耐心等待管理员通过!" {
		t.Fatalf("registration: %+v %v", r, err)
	}
	req.TenantId = ""
	if _, err := users.RegisterGuest(ctx, req); errs.Message(err) != "请先输入租户编号" {
		t.Fatalf("blank tenant: %v", err)
	}
}
