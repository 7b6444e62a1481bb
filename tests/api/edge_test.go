package api

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"anquan/kit/conf"
)

// send sends a request as built, with the suite's client.
func (e *env) send(req *http.Request) *resp {
	e.t.Helper()
	res, err := e.http.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer func() { _ = res.Body.Close() }() // best-effort cleanup in a test
	b, _ := io.ReadAll(res.Body)
	out := &resp{Status: res.StatusCode, Header: res.Header, Raw: b}
	_ = json.Unmarshal(b, &out.Body)
	return out
}

func (e *env) request(method, path string, body io.Reader, headers ...string) *http.Request {
	e.t.Helper()
	req, err := http.NewRequest(method, e.base+path, body)
	if err != nil {
		e.t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return req
}

var basicAPI = "Basic " + base64.StdEncoding.EncodeToString([]byte("api:api_secret"))

// seriesOf counts the anquan_http_seconds series /metrics exposes.
func (e *env) seriesOf(t *testing.T) (int, string) {
	t.Helper()
	r := e.get("/metrics", "")
	if r.Status != 200 {
		t.Fatalf("/metrics: %d", r.Status)
	}
	n := 0
	for _, l := range strings.Split(string(r.Raw), "\n") {
		if strings.HasPrefix(l, "anquan_http_seconds_count{") {
			n++
		}
	}
	return n, string(r.Raw)
}

// TestMetricsAreLabelledByRouteNotByPath: fifty random paths asked by an
// anonymous client (under /api, under a plain handler's prefix, and
// elsewhere) add a handful of series at most, never one per path.
func TestMetricsAreLabelledByRouteNotByPath(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			admin := e.login("100001", "admin", "admin")
			before, _ := e.seriesOf(t)
			for i := 0; i < 50; i++ {
				switch i % 5 {
				case 0:
					e.get(fmt.Sprintf("/api/no-such-%d/x%d", i, i), "")
				case 1:
					e.get(fmt.Sprintf("/api/upload/preview/rand-%d.png", i), "")
				case 2:
					e.get(fmt.Sprintf("/some/spa/route-%d", i), "")
				case 3:
					e.get(fmt.Sprintf("/api/blade-user/detail?id=%d", 1000+i), admin)
				default:
					e.call("DELETE", fmt.Sprintf("/api/blade-system/rand-%d", i), "", nil)
				}
			}
			after, text := e.seriesOf(t)
			if grown := after - before; grown >= 10 {
				t.Fatalf("50 random paths added %d series", grown)
			}
			for _, raw := range []string{"no-such-", "rand-", "route-"} {
				if strings.Contains(text, raw) {
					t.Fatalf("a raw path (%s...) became a metric label", raw)
				}
			}
			for _, want := range []string{`route="unmatched"`, `route="/api/blade-user/detail"`, `route="/api/upload/preview/"`} {
				if !strings.Contains(text, want) {
					t.Fatalf("metrics lack %s", want)
				}
			}
		})
	}
}

// TestForwardedForCountsOnlyFromTrustedProxies: the token endpoint's per-IP
// budget (the same address lockouts count) follows X-Forwarded-For only
// when the peer is a configured proxy, and then its rightmost untrusted hop.
// Gateway configuration only (the budget lives in the gateway): SQLite.
func TestForwardedForCountsOnlyFromTrustedProxies(t *testing.T) {
	form := url.Values{"tenantId": {"100001"}, "username": {"nobody"}, "password": {"x"}, "grant_type": {"password"}}
	ask := func(e *env, xff string) int {
		return e.token("api:api_secret", form, "X-Forwarded-For", xff).Status
	}
	t.Run("no trusted proxy (default): a client cannot pick its address", func(t *testing.T) {
		e := start(t, backends[0], func(c *conf.Config) { c.Gateway.TokenRate = 2 })
		codes := []int{ask(e, "1.1.1.1"), ask(e, "2.2.2.2"), ask(e, "3.3.3.3")}
		if codes[2] != 429 {
			t.Fatalf("statuses %v: every forged address must count as the peer's", codes)
		}
	})
	t.Run("trusted proxy: the hop it appended, not what the client wrote", func(t *testing.T) {
		e := start(t, backends[0], func(c *conf.Config) { c.Gateway.TokenRate = 2; c.Gateway.TrustedProxies = []string{"127.0.0.1/32"} })
		if codes := []int{ask(e, "198.51.100.1"), ask(e, "198.51.100.2"), ask(e, "198.51.100.3")}; codes[2] == 429 {
			t.Fatalf("statuses %v: distinct clients behind the proxy share one budget", codes)
		}
		codes := []int{ask(e, "6.6.6.1, 198.51.100.9"), ask(e, "6.6.6.2, 198.51.100.9"), ask(e, "6.6.6.3, 198.51.100.9")}
		if codes[2] != 429 {
			t.Fatalf("statuses %v: a forged leftmost entry escaped the budget", codes)
		}
	})
}

// TestCORSAllowsOnlyConfiguredOrigins: none by default; a configured origin
// gets CORS without credentials; "*" never comes with credentials. Gateway
// configuration only: SQLite.
func TestCORSAllowsOnlyConfiguredOrigins(t *testing.T) {
	probe := func(e *env, origin string) (simple, preflight *resp) {
		simple = e.send(e.request("GET", "/api/blade-auth/oauth/captcha", nil, "Origin", origin))
		preflight = e.send(e.request("OPTIONS", "/api/blade-user/page", nil, "Origin", origin, "Access-Control-Request-Method", "GET", "Access-Control-Request-Headers", "blade-auth"))
		return
	}
	noCORS := func(t *testing.T, r *resp, what string) {
		t.Helper()
		if v := r.Header.Get("Access-Control-Allow-Origin"); v != "" {
			t.Fatalf("%s: Access-Control-Allow-Origin %q", what, v)
		}
		if v := r.Header.Get("Access-Control-Allow-Credentials"); v != "" {
			t.Fatalf("%s: Access-Control-Allow-Credentials %q", what, v)
		}
	}
	t.Run("default: no origin is allowed", func(t *testing.T) {
		e := start(t, backends[0])
		s, p := probe(e, "https://evil.example")
		noCORS(t, s, "simple request")
		noCORS(t, p, "preflight")
		ok(t, s, "the call itself still answers (same-origin needs no CORS)")
	})
	t.Run("configured origin", func(t *testing.T) {
		e := start(t, backends[0], func(c *conf.Config) { c.Gateway.CORSOrigins = []string{"https://plant.example.com"} })
		s, p := probe(e, "https://plant.example.com")
		if s.Header.Get("Access-Control-Allow-Origin") != "https://plant.example.com" || p.Header.Get("Access-Control-Allow-Origin") != "https://plant.example.com" {
			t.Fatalf("allowed origin: simple %v, preflight %d %v", s.Header, p.Status, p.Header)
		}
		if !strings.Contains(strings.ToLower(p.Header.Get("Access-Control-Allow-Headers")), "blade-auth") {
			t.Fatalf("preflight headers: %v", p.Header)
		}
		if s.Header.Get("Access-Control-Allow-Credentials") != "" || p.Header.Get("Access-Control-Allow-Credentials") != "" {
			t.Fatal("credentials must not be allowed")
		}
		s, p = probe(e, "https://evil.example")
		noCORS(t, s, "other origin, simple request")
		noCORS(t, p, "other origin, preflight")
	})
	t.Run("any origin, never with credentials", func(t *testing.T) {
		e := start(t, backends[0], func(c *conf.Config) { c.Gateway.CORSOrigins = []string{"*"} })
		s, _ := probe(e, "https://anyone.example")
		if s.Header.Get("Access-Control-Allow-Origin") != "*" || s.Header.Get("Access-Control-Allow-Credentials") != "" {
			t.Fatalf("wildcard: %v", s.Header)
		}
	})
}

func oauthRefusal(t *testing.T, r *resp, status int, msgPart, what string) {
	t.Helper()
	if r.Status != status || r.Body["error_code"] != float64(status) || !strings.Contains(str(r.Body["error_description"]), msgPart) {
		t.Fatalf("%s: want %d {error_code, error_description ~ %q}, got %d %s", what, status, msgPart, r.Status, r.Raw)
	}
}

// TestTokenEndpointTakesPostFormsOnly: GET (with the secret and the
// password in the URL) is refused with 405, a POST with secrets in its
// query string with 400, a JSON body with 400, all in the OAuth error
// shape; urlencoded and multipart forms log in.
func TestTokenEndpointTakesPostFormsOnly(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			creds := url.Values{"tenantId": {"100001"}, "username": {"admin"}, "password": {"admin"}, "grant_type": {"password"}}
			r := e.send(e.request("GET", "/api/blade-auth/oauth/token?"+creds.Encode()+"&client_id=api&client_secret=api_secret", nil))
			oauthRefusal(t, r, 405, "POST", "GET with credentials in the URL")
			if r.Header.Get("Allow") != "POST" {
				t.Fatalf("405 without Allow: POST: %v", r.Header)
			}
			for _, q := range []string{"password=admin", "client_secret=api_secret", "refresh_token=x", "code=x"} {
				r = e.send(e.request("POST", "/api/blade-auth/oauth/token?"+q, strings.NewReader(creds.Encode()), "Authorization", basicAPI, "Content-Type", "application/x-www-form-urlencoded"))
				oauthRefusal(t, r, 400, "请将其放在 POST 表单中提交", "POST with "+q+" in the query string")
			}
			r = e.send(e.request("POST", "/api/blade-auth/oauth/token", strings.NewReader(`{"username":"admin","password":"admin"}`), "Authorization", basicAPI, "Content-Type", "application/json"))
			oauthRefusal(t, r, 400, "表单", "JSON body")

			r = e.send(e.request("POST", "/api/blade-auth/oauth/token?tenantId=100001", strings.NewReader(url.Values{"username": {"admin"}, "password": {"admin"}, "grant_type": {"password"}}.Encode()), "Authorization", basicAPI, "Content-Type", "application/x-www-form-urlencoded"))
			if r.Status != 200 || str(r.Body["access_token"]) == "" {
				t.Fatalf("urlencoded form (tenant in the query string): %d %s", r.Status, r.Raw)
			}
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			for k, v := range creds {
				_ = mw.WriteField(k, v[0])
			}
			_ = mw.Close()
			r = e.send(e.request("POST", "/api/blade-auth/oauth/token", &buf, "Authorization", basicAPI, "Content-Type", mw.FormDataContentType()))
			if r.Status != 200 || str(r.Body["access_token"]) == "" {
				t.Fatalf("multipart form: %d %s", r.Status, r.Raw)
			}
		})
	}
}

// TestSecurityHeadersOnEveryAnswer: the web app, an envelope answer, an
// error answer and the token endpoint all carry the browser protections.
func TestSecurityHeadersOnEveryAnswer(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			admin := e.login("100001", "admin", "admin")
			answers := map[string]*resp{
				"/ (web app)":          e.get("/", ""),
				"SPA route":            e.get("/system/user", ""),
				"envelope answer":      e.get("/api/blade-system/menu/routes", admin),
				"error answer (404)":   e.get("/api/no-such-thing", ""),
				"error answer (401)":   e.get("/api/blade-user/page", ""),
				"token endpoint":       e.token("api:api_secret", url.Values{"tenantId": {"100001"}, "username": {"admin"}, "password": {"admin"}, "grant_type": {"password"}}),
				"token endpoint (405)": e.get("/api/blade-auth/oauth/token", ""),
				"token endpoint (400)": e.token("api:api_secret", url.Values{"tenantId": {"100001"}, "username": {"admin"}, "password": {"bad"}, "grant_type": {"password"}}),
				"docs":                 e.get("/api/docs", ""),
				"metrics":              e.get("/metrics", ""),
			}
			for what, r := range answers {
				h := r.Header
				p := h.Get("Content-Security-Policy")
				for _, d := range []string{"default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"} {
					if !strings.Contains(p, d) {
						t.Errorf("%s: CSP lacks %q: %q", what, d, p)
					}
				}
				if strings.Contains(p, "'unsafe-eval'") || strings.Contains(p, "script-src 'self' 'unsafe-inline'") {
					t.Errorf("%s: CSP allows inline or eval'd scripts: %q", what, p)
				}
				if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "strict-origin-when-cross-origin" || h.Get("X-Frame-Options") != "DENY" {
					t.Errorf("%s: headers %v", what, h)
				}
				if len(h.Values("Set-Cookie")) > 0 {
					t.Errorf("%s: sets a cookie %v", what, h.Values("Set-Cookie"))
				}
			}
			if p := answers["docs"].Header.Get("Content-Security-Policy"); !strings.Contains(p, "'sha256-") {
				t.Errorf("the docs page's inline script is not allowed by hash: %q", p)
			}
			if r := answers["token endpoint"]; r.Status != 200 || r.Header.Get("Cache-Control") != "no-store" {
				t.Errorf("token endpoint: %d %v", r.Status, r.Header)
			}
		})
	}
}
