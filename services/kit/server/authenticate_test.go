package server

import (
	"context"
	"errors"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"anquan/kit/authn"
	"anquan/kit/cache"
	"anquan/kit/conf"
	"anquan/kit/ident"
	authv1 "anquan/proto/blade/auth/v1"
	userv1 "anquan/proto/blade/user/v1"
)

type downCache struct{ cache.Cache }

func (downCache) GetMany(context.Context, []string) (map[string]string, error) {
	return nil, errors.New("redis: connection refused")
}

// TestAuthenticateChecksDenyListAndGuestRule: a service's token check
// refuses revoked tokens (token, session, user cut-off), holds a guest to
// its three methods, and refuses every token when the deny-list cannot be
// read.
func TestAuthenticateChecksDenyListAndGuestRule(t *testing.T) {
	c := conf.Default()
	c.Data = t.TempDir()
	keys, err := authn.LoadKeys(c)
	if err != nil {
		t.Fatal(err)
	}
	signer, _ := authn.NewSigner(keys)
	v := authn.NewVerifier(keys)
	sign := func(cl authn.Claims) string {
		tok, _, err := signer.Sign(cl, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	user := sign(authn.Claims{TenantID: "100001", UserID: "7", Family: "fam-user"})
	guest := sign(authn.Claims{TenantID: "100001", UserID: "-1", Guest: true, Family: "fam-guest"})
	oldGuest := sign(authn.Claims{TenantID: "100001", UserID: "-1"}) // issued before the claim existed
	ended := sign(authn.Claims{TenantID: "100001", UserID: "8", Family: "fam-ended"})
	cut := sign(authn.Claims{TenantID: "100001", UserID: "9", Family: "fam-cut"})
	loggedOut := sign(authn.Claims{TenantID: "100001", UserID: "10", Family: "fam-out"})
	ctx := context.Background()
	mem := cache.NewMemory()
	defer func() { _ = mem.Close() }() // best-effort cleanup in a test
	idOut, _ := v.Verify(loggedOut)
	_ = mem.Set(ctx, cache.RevokedJTI(idOut.JTI), "1", time.Hour)
	_ = mem.Set(ctx, cache.RevokedSession("fam-ended"), "1", time.Hour)
	_ = mem.Set(ctx, cache.RevokedBefore("100001", 9), "9999999999", time.Hour)

	page := userv1.UserService_UserListByTenantId_FullMethodName
	info := authv1.AuthService_UserInfo_FullMethodName
	captcha := authv1.AuthService_Captcha_FullMethodName
	cases := []struct {
		name   string
		cache  cache.Cache
		token  string
		method string
		want   codes.Code
		withID bool
	}{
		{"user token", mem, user, page, codes.OK, true},
		{"logged-out token", mem, loggedOut, page, codes.Unauthenticated, false},
		{"token of an ended session", mem, ended, page, codes.Unauthenticated, false},
		{"token before the user's cut-off", mem, cut, page, codes.Unauthenticated, false},
		{"guest reads its user-info", mem, guest, info, codes.OK, true},
		{"guest registers", mem, guest, userv1.UserService_RegisterGuest_FullMethodName, codes.OK, true},
		{"guest lists the tenant's users", mem, guest, page, codes.PermissionDenied, false},
		{"guest token without the claim", mem, oldGuest, page, codes.PermissionDenied, false},
		{"guest on an open method: served as anyone", mem, guest, captcha, codes.OK, false},
		{"deny-list unreadable", downCache{mem}, user, page, codes.Unavailable, false},
		{"deny-list unreadable, open method", downCache{mem}, user, captcha, codes.Unavailable, false},
		{"no token, open method", downCache{mem}, "", captcha, codes.OK, false},
	}
	for _, tc := range cases {
		in := ctx
		if tc.token != "" {
			in = metadata.NewIncomingContext(ctx, metadata.Pairs(MDAuthorization, "Bearer "+tc.token))
		}
		var got *ident.Identity
		_, err := authenticate(v, tc.cache, "secret")(in, nil, &grpc.UnaryServerInfo{FullMethod: tc.method}, func(ctx context.Context, _ any) (any, error) {
			got = ident.From(ctx)
			return nil, nil
		})
		if status.Code(err) != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, err, tc.want)
			continue
		}
		if tc.want == codes.OK && (got != nil) != tc.withID {
			t.Errorf("%s: identity %+v, want one: %v", tc.name, got, tc.withID)
		}
	}
	if _, err := NewGRPC("x", "127.0.0.1:0", v, nil, "secret"); err == nil {
		t.Error("a gRPC server without a deny-list cache was made")
	}
}
