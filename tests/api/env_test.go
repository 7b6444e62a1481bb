// Package api is the HTTP suite: it starts the real stack in-process (every
// service and the gateway on loopback), calls the Blade REST paths, and runs
// again on PostgreSQL, MySQL, Redis and external NATS when they answer here.
package api

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"anquan/internal/stack"
	"anquan/kit/authn"
	"anquan/kit/conf"
	"anquan/kit/db"
)

// backend is one set of real engines the suite runs on.
type backend struct {
	name  string
	setup func(t *testing.T, c *conf.Config) // configure; t.Skip when absent
}

func answers(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, 500*time.Millisecond)
	if err != nil {
		return false
	}
	_ = c.Close() // best-effort cleanup in a test
	return true
}

func uniq() string { return fmt.Sprintf("t%d", time.Now().UnixNano()%1_000_000_000) }

var backends = []backend{
	{name: "sqlite", setup: func(t *testing.T, c *conf.Config) {}},
	{name: "postgres", setup: func(t *testing.T, c *conf.Config) {
		if !answers("127.0.0.1:5432") {
			t.Skip("PostgreSQL does not answer at 127.0.0.1:5432; skipping the PostgreSQL run")
		}
		c.DB.Driver, c.DB.Prefix = "postgres", "anquan_"+uniq()+"_"
		t.Cleanup(func() { dropAll(c) })
	}},
	{name: "mysql", setup: func(t *testing.T, c *conf.Config) {
		if !answers("127.0.0.1:3306") {
			t.Skip("MySQL/MariaDB does not answer at 127.0.0.1:3306; skipping the MySQL run")
		}
		c.DB.Driver, c.DB.Prefix = "mysql", "anquan_"+uniq()+"_"
		t.Cleanup(func() { dropAll(c) })
	}},
	{name: "redis+nats", setup: func(t *testing.T, c *conf.Config) {
		if !answers("127.0.0.1:6379") || !answers("127.0.0.1:4222") {
			t.Skip("Redis (6379) or NATS (4222) does not answer at 127.0.0.1; skipping the external cache and bus run")
		}
		c.Redis.Addr, c.Redis.Prefix = "127.0.0.1:6379", "anquan:"+uniq()+":"
		c.NATS.URL, c.NATS.Stream = "nats://127.0.0.1:4222", "ANQUAN_T"+uniq()
		useExternalNATS(t, c.NATS.URL)
	}},
}

func dropAll(c *conf.Config) {
	for _, s := range stack.Targets()[2:] { // every service's database
		_ = db.DropDatabase(c, s)
	}
}

// useExternalNATS takes this machine's NATS server until the test ends.
// Every test stream takes the subjects "anquan.>", and JetStream refuses two
// streams with overlapping subjects, so runs sharing the server (two
// checkouts, CI beside a developer's run) take turns through a file lock
// instead of deleting each other's streams. Leftovers of a killed run are
// removed when the turn begins.
func useExternalNATS(t *testing.T, url string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(os.TempDir(), "anquan-test-nats.lock"), os.O_CREATE|os.O_RDWR, 0o666) //nolint:gosec // G302: a shared lock file other test users must open too
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		_ = f.Close() // best-effort cleanup in a test
		t.Fatal(err)
	}
	cleanStreams(t, url)
	t.Cleanup(func() {
		cleanStreams(t, url)
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		_ = f.Close() // best-effort cleanup in a test
	})
}

// cleanStreams removes test streams: JetStream refuses two streams with
// overlapping subjects, so a leftover from a killed run would block the next.
func cleanStreams(t *testing.T, url string) {
	nc, err := nats.Connect(url)
	if err != nil {
		return
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for name := range js.StreamNames(ctx).Name() {
		if strings.HasPrefix(name, "ANQUAN_T") {
			_ = js.DeleteStream(ctx, name)
		}
	}
}

// env is a running stack and an HTTP client for it.
type env struct {
	t     *testing.T
	base  string
	stack *stack.Stack
	cfg   *conf.Config
	http  *http.Client
}

func start(t *testing.T, b backend, mutate ...func(*conf.Config)) *env {
	t.Helper()
	if b.name == clusterBackend {
		return startOnCluster(t, mutate)
	}
	c := conf.Default()
	c.Data = t.TempDir()
	c.HTTP = "127.0.0.1:0"
	c.Web = t.TempDir()
	c.Log.Level, c.Log.Access = "warn", false
	c.Gateway.TokenRate = 100000
	c.MQTT.Listen = "127.0.0.1:0" // the embedded broker on a free port
	b.setup(t, c)
	for _, m := range mutate {
		m(c)
	}
	ctx := context.Background()
	if c.DB.MigrateMode() == "verify" {
		// As a deploy does: `anquan migrate`, then the process verifies.
		if err := stack.Migrate(ctx, c); err != nil {
			t.Fatalf("migrate: %v", err)
		}
	}
	s, err := stack.Build(ctx, c)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	if err := s.Start(ctx); err != nil {
		s.Stop()
		t.Fatalf("start: %v", err)
	}
	t.Cleanup(s.Stop)
	return &env{t: t, base: "http://" + s.Gateway.Addr(), stack: s, cfg: c, http: (&env{}).httpClient()}
}

func (*env) httpClient() *http.Client { return &http.Client{Timeout: 30 * time.Second} }

// resp is a decoded answer.
type resp struct {
	Status int
	Header http.Header
	Raw    []byte
	Body   map[string]any
}

func (r *resp) data() any { return r.Body["data"] }

func (r *resp) dataMap() map[string]any {
	m, _ := r.Body["data"].(map[string]any)
	return m
}

func (r *resp) list() []any {
	switch d := r.Body["data"].(type) {
	case []any:
		return d
	case map[string]any:
		l, _ := d["records"].([]any)
		return l
	}
	return nil
}

func (r *resp) msg() string { s, _ := r.Body["msg"].(string); return s }

// call sends a request; body is JSON (any) or url.Values (form).
func (e *env) call(method, path, token string, body any, headers ...string) *resp {
	e.t.Helper()
	var rd io.Reader
	ct := ""
	switch b := body.(type) {
	case nil:
	case url.Values:
		rd, ct = strings.NewReader(b.Encode()), "application/x-www-form-urlencoded"
	case []byte:
		rd, ct = bytes.NewReader(b), "application/json"
	default:
		j, _ := json.Marshal(b)
		rd, ct = bytes.NewReader(j), "application/json"
	}
	req, err := http.NewRequest(method, e.base+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte("saber:saber_secret")))
	if token != "" {
		req.Header.Set("Blade-Auth", "bearer "+token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := e.http.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer func() { _ = res.Body.Close() }() // best-effort cleanup in a test
	raw, _ := io.ReadAll(res.Body)
	out := &resp{Status: res.StatusCode, Header: res.Header, Raw: raw}
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

func (e *env) get(path, token string) *resp { return e.call("GET", path, token, nil) }

func (e *env) post(path, token string, body any) *resp { return e.call("POST", path, token, body) }

// token asks the token endpoint with a client (id:secret) and form values.
func (e *env) token(client string, form url.Values, headers ...string) *resp {
	e.t.Helper()
	req, _ := http.NewRequest("POST", e.base+"/api/blade-auth/oauth/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if client != "" {
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(client)))
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := e.http.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }() // best-effort cleanup in a test
	raw, _ := io.ReadAll(res.Body)
	out := &resp{Status: res.StatusCode, Header: res.Header, Raw: raw}
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

// login uses the plain-password API client and returns the access token.
func (e *env) login(tenant, account, password string) string {
	e.t.Helper()
	r := e.token("api:api_secret", url.Values{"tenantId": {tenant}, "username": {account}, "password": {password}, "grant_type": {"password"}, "scope": {"all"}})
	if r.Status != 200 {
		e.t.Fatalf("login %s/%s: %d %s", tenant, account, r.Status, r.Raw)
	}
	tok, _ := r.Body["access_token"].(string)
	return tok
}

// loginWeb logs in like the browser: saber client, captcha grant, encrypted password.
func (e *env) loginWeb(tenant, account, password, captchaKey, captchaCode string) *resp {
	return e.token("saber:saber_secret", url.Values{"tenantId": {tenant}, "username": {account},
		"password": {authn.EncryptTransport(e.cfg.Security.PasswordKey, password)}, "grant_type": {"captcha"}, "scope": {"all"}, "type": {"account"}},
		"Tenant-Id", tenant, "Captcha-Key", captchaKey, "Captcha-Code", captchaCode)
}

func ok(t *testing.T, r *resp, what string) {
	t.Helper()
	if r.Status != 200 || r.Body["code"] != float64(200) || r.Body["success"] != true {
		t.Fatalf("%s: want 200 envelope, got %d %s", what, r.Status, truncate(r.Raw))
	}
}

func fails(t *testing.T, r *resp, status int, msgPart, what string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("%s: want HTTP %d, got %d %s", what, status, r.Status, truncate(r.Raw))
	}
	if r.Body["code"] != float64(status) || r.Body["success"] != false {
		t.Fatalf("%s: want Blade error envelope with code %d, got %s", what, status, truncate(r.Raw))
	}
	if msgPart != "" && !strings.Contains(r.msg(), msgPart) {
		t.Fatalf("%s: want msg containing %q, got %q", what, msgPart, r.msg())
	}
}

func truncate(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "..."
	}
	return string(b)
}

func str(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return fmt.Sprintf("%.0f", x)
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// eventually polls until fn is true (events cross the bus asynchronously).
func eventually(t *testing.T, what string, fn func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if fn() {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

// waitDemoSeed waits for prevention's demo seed, which runs in the
// background after start: its risk units, and its three hazards moved to
// their states (reported, in rectification, accepted), the seed's last step.
func (e *env) waitDemoSeed(t *testing.T, token string) {
	t.Helper()
	eventually(t, "demo seed", func() bool {
		r := e.get(pv+"/risk-unit/page?size=100", token)
		return r.Status == 200 && len(r.list()) >= 5
	})
	eventually(t, "seeded hazards in their states", func() bool {
		states := map[string]float64{}
		for _, v := range e.get(pv+"/hidden-danger/page?size=100", token).list() {
			h := v.(map[string]any)
			if st, ok := h["dangerState"].(float64); ok {
				states[str(h["dangerName"])] = st
			}
		}
		return len(states) >= 3 && states["T102 储罐呼吸阀阻火器锈蚀"] == 10 && states["装卸站台静电接地夹损坏"] == 0 && states["可燃气体报警仪超期未标定"] == 9
	})
}

func TestMain(m *testing.M) {
	os.Exit(m.Run())
}
