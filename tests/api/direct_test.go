package api

import (
	"context"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	commonv1 "anquan/proto/blade/common/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// TestServicesRefuseWhatTheGatewayRefuses: a caller that reaches a
// service's gRPC port directly, with a valid token, is held to the same
// permissions, and internal methods need the service credential.
func TestServicesRefuseWhatTheGatewayRefuses(t *testing.T) {
	e := start(t, backends[0])
	op := e.login("100001", "operator1", "123456")
	admin := e.login("100001", "admin", "admin")
	conn, err := grpc.NewClient("passthrough:///"+e.stack.Infra.Dialer.Addr("user"), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }() // best-effort cleanup in a test
	users := userv1.NewUserServiceClient(conn)
	with := func(tok string) context.Context {
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+tok)
	}
	if _, err := users.Page(with(op), &commonv1.PageQuery{}); status.Code(err) != codes.PermissionDenied {
		t.Fatalf("operator listing users directly: want PermissionDenied, got %v", err)
	}
	if _, err := users.Remove(with(op), &commonv1.IdsQuery{Ids: "1000010000000000401"}); status.Code(err) != codes.PermissionDenied {
		t.Fatalf("operator removing the admin directly: want PermissionDenied, got %v", err)
	}
	if _, err := users.Page(context.Background(), &commonv1.PageQuery{}); status.Code(err) != codes.Unauthenticated {
		t.Fatalf("no token: want Unauthenticated, got %v", err)
	}
	if _, err := users.Page(with(admin), &commonv1.PageQuery{}); err != nil {
		t.Fatalf("administrator directly: %v", err)
	}
	internal := userv1.NewUserInternalClient(conn)
	if _, err := internal.FindCredential(with(admin), &userv1.CredentialQuery{TenantId: "100001", Account: "admin"}); status.Code(err) != codes.PermissionDenied {
		t.Fatalf("internal method without the service credential: want PermissionDenied, got %v", err)
	}
}
