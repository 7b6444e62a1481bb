package api

import (
	"io"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"anquan/kit/authn"
	"anquan/kit/conf"
	commonv1 "anquan/proto/blade/common/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// TestEndedSessionStopsItsAccessTokensEverywhere: a refresh-token reuse,
// and a logout, end the whole session at once: every access token issued in
// it is refused by the gateway and by a service reached directly, not
// only when it expires.
func TestEndedSessionStopsItsAccessTokensEverywhere(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			users := userv1.NewUserServiceClient(e.grpcTo("user"))
			works := func(tok, what string) {
				t.Helper()
				ok(t, e.get("/api/blade-user/info", tok), what+" through the gateway")
				if _, err := users.Info(bearer(tok), &commonv1.Empty{}); err != nil {
					t.Fatalf("%s at blade-user directly: %v", what, err)
				}
			}
			refused := func(tok, what string) {
				t.Helper()
				fails(t, e.get("/api/blade-user/info", tok), 401, "", what+" through the gateway")
				if _, err := users.Info(bearer(tok), &commonv1.Empty{}); status.Code(err) != codes.Unauthenticated {
					t.Fatalf("%s at blade-user directly: want Unauthenticated, got %v", what, err)
				}
			}
			grant := func(form url.Values) *resp {
				t.Helper()
				r := e.token("api:api_secret", form)
				if r.Status != 200 {
					t.Fatalf("grant %s: %d %s", form.Get("grant_type"), r.Status, r.Raw)
				}
				return r
			}
			password := url.Values{"tenantId": {"100001"}, "username": {"operator1"}, "password": {"123456"}, "grant_type": {"password"}}
			refresh := func(rt string) url.Values { return url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt}} }

			// Reuse: the thief's replay ends the session of both copies.
			first := grant(password)
			a1, r1 := str(first.Body["access_token"]), str(first.Body["refresh_token"])
			second := grant(refresh(r1))
			a2 := str(second.Body["access_token"])
			works(a1, "first access token")
			works(a2, "rotated access token")
			if r := e.token("api:api_secret", refresh(r1)); r.Status != 400 {
				t.Fatalf("reuse: %d %s", r.Status, r.Raw)
			}
			refused(a1, "first access token after the reuse")
			refused(a2, "rotated access token after the reuse")

			// Logout with the newest token ends the older one of the session too.
			third := grant(password)
			a3, r3 := str(third.Body["access_token"]), str(third.Body["refresh_token"])
			a4 := str(grant(refresh(r3)).Body["access_token"])
			works(a3, "older token of a new session")
			ok(t, e.post("/api/blade-auth/oauth/logout", a4, map[string]any{}), "logout")
			refused(a4, "logged-out token")
			refused(a3, "older token of the logged-out session")

			// Another session of the same user is untouched.
			works(str(grant(password).Body["access_token"]), "a separate session")
		})
	}
}

// cutter is a TCP relay in front of Redis that can stop answering: what a
// Redis outage looks like to the stack.
type cutter struct {
	lis   net.Listener
	mu    sync.Mutex
	conns []net.Conn
	cut   bool
}

func newCutter(t *testing.T, target string) *cutter {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c := &cutter{lis: lis}
	go func() {
		for {
			in, err := lis.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", target)
			if err != nil {
				_ = in.Close() // best-effort cleanup in a test
				continue
			}
			c.mu.Lock()
			if c.cut {
				c.mu.Unlock()
				_ = in.Close()  // best-effort cleanup in a test
				_ = out.Close() // best-effort cleanup in a test
				continue
			}
			c.conns = append(c.conns, in, out)
			c.mu.Unlock()
			go func() { _, _ = io.Copy(out, in); _ = out.Close() }() // best-effort cleanup in a test
			go func() { _, _ = io.Copy(in, out); _ = in.Close() }()  // best-effort cleanup in a test
		}
	}()
	t.Cleanup(c.stop)
	return c
}

func (c *cutter) addr() string { return c.lis.Addr().String() }

// stop closes the listener and every relayed connection: nothing answers.
func (c *cutter) stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cut = true
	_ = c.lis.Close() // best-effort cleanup in a test
	for _, conn := range c.conns {
		_ = conn.Close() // best-effort cleanup in a test
	}
	c.conns = nil
}

// TestUnreachableDenyListRefusesWith503: with Redis gone, a logged-in call
// is refused (503 in the Blade envelope), not served on an unchecked token;
// a service reached directly refuses with Unavailable; a login is refused
// too (its lockout counters cannot be read), in the OAuth error shape.
func TestUnreachableDenyListRefusesWith503(t *testing.T) {
	redis := backends[len(backends)-1]
	if redis.name != "redis+nats" {
		t.Fatal("the last backend is expected to be redis+nats")
	}
	var relay *cutter
	e := start(t, redis, func(c *conf.Config) {
		relay = newCutter(t, c.Redis.Addr)
		c.Redis.Addr = relay.addr()
	})
	tok := e.login("100001", "operator1", "123456")
	ok(t, e.get("/api/blade-user/info", tok), "before the outage")
	users := userv1.NewUserServiceClient(e.grpcTo("user"))
	if _, err := users.Info(bearer(tok), &commonv1.Empty{}); err != nil {
		t.Fatalf("directly, before the outage: %v", err)
	}

	relay.stop()
	for _, p := range []string{"/api/blade-user/info", "/api/blade-system/menu/routes", "/api/blade-auth/oauth/user-info"} {
		r := e.get(p, tok)
		fails(t, r, 503, authn.MsgDenyListDown, "logged-in call while Redis does not answer: "+p)
	}
	if _, err := users.Info(bearer(tok), &commonv1.Empty{}); status.Code(err) != codes.Unavailable {
		t.Fatalf("directly while Redis does not answer: want Unavailable, got %v", err)
	}
	r := e.token("api:api_secret", url.Values{"tenantId": {"100001"}, "username": {"operator1"}, "password": {"123456"}, "grant_type": {"password"}})
	if r.Status != 503 || r.Body["error_code"] != float64(503) || !strings.Contains(str(r.Body["error_description"]), "稍后") {
		t.Fatalf("login while Redis does not answer: want 503 in the OAuth shape, got %d %s", r.Status, r.Raw)
	}
}
