package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/rpc"
	commonv1 "anquan/proto/blade/common/v1"
	userv1 "anquan/proto/blade/user/v1"
	workticketv1 "anquan/proto/blade/workticket/v1"
)

// oidcProvider is a small OAuth2/OIDC provider on loopback: code
// "good-code" gives a token, the token gives the person sub; calls counts
// every request it receives.
func oidcProvider(t *testing.T, sub string) (srv *httptest.Server, calls *atomic.Int32) {
	t.Helper()
	calls = &atomic.Int32{}
	mux := http.NewServeMux()
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if err := r.ParseForm(); err != nil || r.Form.Get("code") != "good-code" {
			w.WriteHeader(400)
			_ = json.NewEncoder(w).Encode(map[string]string{"error": "invalid_grant"})
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]string{"access_token": "provider-token", "token_type": "bearer"})
	})
	mux.HandleFunc("/userinfo", func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if r.Header.Get("Authorization") != "Bearer provider-token" {
			w.WriteHeader(401)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]string{"sub": sub, "preferred_username": sub, "name": "访客"})
	})
	srv = httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, calls
}

func (e *env) socialLogin(source, code string) *resp {
	return e.token("saber:saber_secret", url.Values{"tenantId": {"100001"}, "source": {source}, "code": {code}, "state": {"x"}, "grant_type": {"social"}})
}

// grpcTo dials one service of the stack directly (not through the gateway).
func (e *env) grpcTo(name string) *grpc.ClientConn {
	e.t.Helper()
	// Every replica of a cluster, round-robin (kit/rpc.Target).
	target, opts := rpc.Target(name, e.stack.Infra.Dialer.Addr(name))
	conn, err := grpc.NewClient(target, append(opts, grpc.WithTransportCredentials(insecure.NewCredentials()))...)
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { _ = conn.Close() }) // best-effort cleanup in a test
	return conn
}

func bearer(tok string) context.Context {
	return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+tok)
}

// TestGuestTokenReachesOnlyUserInfoRegistrationAndLogout: a social login of
// a person with no local account gets a guest token. It reads its own
// user-info, files its registration and logs out; the tenant's user list,
// permit list and menus are refused (403) at the gateway and at the
// services reached directly.
func TestGuestTokenReachesOnlyUserInfoRegistrationAndLogout(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b, func(c *conf.Config) { c.Security.AllowPrivateIdP = true })
			idp, _ := oidcProvider(t, "oidc-guest-7")
			admin := e.login("100001", "admin", "admin")
			ok(t, e.post("/api/blade-auth/social-provider/submit", admin, map[string]any{"source": "oidc", "name": "测试身份源", "clientId": "anquan", "clientSecret": "s3cret", "tokenUrl": idp.URL + "/token", "userInfoUrl": idp.URL + "/userinfo"}), "provider")
			r := e.socialLogin("oidc", "good-code")
			if r.Status != 200 || r.Body["user_id"] != "-1" {
				t.Fatalf("social login: %d %s", r.Status, r.Raw)
			}
			guest := str(r.Body["access_token"])
			if id, err := e.stack.Infra.Verifier.Verify(guest); err != nil || !id.Guest {
				t.Fatalf("the token of an unregistered person must be a guest's: %+v %v", id, err)
			}

			info := e.get("/api/blade-auth/oauth/user-info", guest)
			ok(t, info, "guest user-info")
			if str(info.dataMap()["id"]) != "-1" {
				t.Fatalf("guest user-info: %s", info.Raw)
			}
			ok(t, e.get("/api/blade-auth/oauth/captcha", guest), "an open path stays open")
			for _, p := range []string{"/api/blade-user/userListByTenantId", "/api/blade-user/page", "/api/n-work-ticket/ticket/list", "/api/blade-system/menu/routes", "/api/blade-user/info"} {
				fails(t, e.get(p, guest), 403, "注册", "guest "+p)
			}

			users := userv1.NewUserServiceClient(e.grpcTo("user"))
			if _, err := users.UserListByTenantId(bearer(guest), &commonv1.PageQuery{}); status.Code(err) != codes.PermissionDenied {
				t.Fatalf("guest listing users at blade-user directly: want PermissionDenied, got %v", err)
			}
			permits := workticketv1.NewWorkticketServiceClient(e.grpcTo("workticket"))
			if _, err := permits.TicketList(bearer(guest), &commonv1.PageQuery{}); status.Code(err) != codes.PermissionDenied || !strings.Contains(status.Convert(err).Message(), "注册") {
				t.Fatalf("guest listing permits at the workticket service directly: want PermissionDenied, got %v", err)
			}

			reg := e.post("/api/blade-user/register-guest", guest, map[string]any{"tenantId": "100001", "name": "访客七", "account": "guest7", "password": "123456", "oauthId": r.Body["oauth_id"]})
			ok(t, reg, "register-guest")
			if reg.dataMap()["success"] != true {
				t.Fatalf("register-guest: %s", reg.Raw)
			}
			ok(t, e.post("/api/blade-auth/oauth/logout", guest, map[string]any{}), "guest logout")
			fails(t, e.get("/api/blade-auth/oauth/user-info", guest), 401, "", "guest token after logout")
		})
	}
}

// TestSocialProviderOnInternalAddressIsRefused: with security.allowPrivateIdP
// off (the default), a provider on a loopback, private, link-local or
// metadata address is refused when saved (400, a Chinese sentence naming the
// switch); and a provider whose name resolves to loopback when called
// (localhost here; a rebinding DNS name alike) is refused before any byte
// reaches it.
func TestSocialProviderOnInternalAddressIsRefused(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			idp, calls := oidcProvider(t, "oidc-ssrf")
			admin := e.login("100001", "admin", "admin")
			submit := func(tokenURL, userInfoURL string) *resp {
				return e.post("/api/blade-auth/social-provider/submit", admin, map[string]any{"source": "corp", "name": "企业身份源", "clientId": "anquan", "clientSecret": "s3cret", "tokenUrl": tokenURL, "userInfoUrl": userInfoURL})
			}
			public := "https://203.0.114.7"
			for _, u := range []string{idp.URL + "/token", "http://169.254.169.254/latest/meta-data/iam", "http://[::1]:8080/token", "http://10.0.0.5/token", "http://192.168.1.20/token", "http://172.16.0.1/token", "http://100.64.0.1/token", "http://0.0.0.0:6379/", "http://[fd00::1]/token", "http://localhost:6379/"} {
				fails(t, submit(u, public+"/userinfo"), 400, "security.allowPrivateIdP", "tokenUrl "+u)
				fails(t, submit(public+"/token", u), 400, "内网", "userInfoUrl "+u)
			}
			if got := e.get("/api/blade-auth/social-provider/list", admin); len(got.list()) != 0 {
				t.Fatalf("a refused provider was saved: %s", got.Raw)
			}

			// Saved while it pointed elsewhere; now its name resolves to loopback.
			ok(t, submit(public+"/token", public+"/userinfo"), "provider on a public address")
			port := idp.URL[strings.LastIndex(idp.URL, ":")+1:]
			g, err := db.Open(context.Background(), e.cfg, "auth")
			if err != nil {
				t.Fatal(err)
			}
			if sqlDB, err := g.DB(); err == nil {
				defer func() { _ = sqlDB.Close() }() // best-effort cleanup in a test
			}
			res := g.WithContext(ident.AsSystem(context.Background())).Exec("UPDATE auth_social_provider SET token_url = ?, user_info_url = ? WHERE source = ?",
				"http://localhost:"+port+"/token", "http://localhost:"+port+"/userinfo", "corp")
			if res.Error != nil || res.RowsAffected != 1 {
				t.Fatalf("pointing the provider at localhost: %v (%d rows)", res.Error, res.RowsAffected)
			}
			r := e.socialLogin("corp", "good-code")
			if r.Status != 400 || !strings.Contains(str(r.Body["error_description"]), "内网") {
				t.Fatalf("call to a provider resolving to loopback: want 400 naming the refusal, got %d %s", r.Status, r.Raw)
			}
			if n := calls.Load(); n != 0 {
				t.Fatalf("the provider on loopback was reached %d times", n)
			}
		})
	}
}
