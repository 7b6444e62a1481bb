package api

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"anquan/internal/stack"
	"anquan/kit/authn"
	"anquan/kit/conf"
)

var handedOut sync.Map

// freeAddr picks a free loopback port below the kernel's ephemeral range
// (32768-60999 on Linux). The ports are chosen up front and bound later, one
// target after another; a port from the ephemeral range could meanwhile become
// the local end of one of the many outgoing connections (PostgreSQL, Redis,
// NATS) or another ":0" listener, which failed a CI run with "address already
// in use". Below the range only an explicit bind can take it.
// Ports handed out are remembered, so two targets never get the same one.
func freeAddr(t *testing.T) string {
	for range 200 {
		addr := fmt.Sprintf("127.0.0.1:%d", 20000+rand.IntN(12000)) //nolint:gosec // G404: a test port, not a secret
		if _, taken := handedOut.LoadOrStore(addr, true); taken {
			continue
		}
		l, err := net.Listen("tcp", addr)
		if err != nil {
			continue // taken: try another
		}
		_ = l.Close() // best-effort: the port is bound again by its target
		return addr
	}
	t.Fatal("no free loopback port in 20000-31999")
	return ""
}

// TestLoneTargets runs every service as its own target (as Kubernetes runs
// one per Deployment) against PostgreSQL, Redis and external NATS, with a
// lone gateway in front, and drives a few calls that cross services.
func TestLoneTargets(t *testing.T) {
	if !answers("127.0.0.1:5432") || !answers("127.0.0.1:6379") || !answers("127.0.0.1:4222") {
		t.Skip("PostgreSQL, Redis or NATS does not answer at 127.0.0.1; skipping the microservice-mode run")
	}
	keys := t.TempDir()
	base := conf.Default()
	base.Data = keys
	if _, err := authn.LoadKeys(base); err != nil { // generate one key pair for every target
		t.Fatal(err)
	}
	prefix := "anquan_" + uniq() + "_"
	stream := "ANQUAN_T" + uniq()
	useExternalNATS(t, "nats://127.0.0.1:4222")
	addrs := map[string]string{}
	services := stack.Targets()[2:] // every service, in start order (not "all", "gateway")
	for _, s := range services {
		addrs[s] = freeAddr(t)
	}
	cfg := func(target string) *conf.Config {
		c := conf.Default()
		c.Target, c.Data, c.HTTP = target, t.TempDir(), freeAddr(t)
		c.MQTT.Listen = "127.0.0.1:0"
		c.GRPC = addrs[target]
		c.DB.Driver, c.DB.Prefix = "postgres", prefix
		c.Redis.Addr, c.Redis.Prefix = "127.0.0.1:6379", prefix
		c.NATS.URL, c.NATS.Stream = "nats://127.0.0.1:4222", stream
		c.Security.JWTPrivateKey = filepath.Join(keys, "keys", "jwt_ed25519.pem")
		c.Security.InternalSecret = "lone-target-test-secret"
		c.Log.Level, c.Log.Access = "warn", false
		c.Web = t.TempDir()
		for k, v := range addrs {
			c.Services[k] = v
		}
		return c
	}
	t.Cleanup(func() { dropAll(cfg("system")) })
	var gw *stack.Stack
	for _, target := range append(services, "gateway") {
		// Each Deployment's migration job, then its replica (which verifies).
		if err := stack.Migrate(context.Background(), cfg(target)); err != nil {
			t.Fatalf("%s migrate: %v", target, err)
		}
		s, err := stack.Build(context.Background(), cfg(target))
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		if err := s.Start(context.Background()); err != nil {
			s.Stop()
			t.Fatalf("%s start: %v", target, err)
		}
		t.Cleanup(s.Stop)
		if target == "gateway" {
			gw = s
		}
	}
	e := &env{t: t, base: "http://" + gw.Gateway.Addr(), stack: gw, cfg: cfg("gateway"), http: (&env{}).httpClient()}
	admin := e.login("100001", "admin", "admin")
	ok(t, e.get("/api/blade-system/menu/routes", admin), "routes through a lone gateway")
	ok(t, e.get("/api/blade-user/page", admin), "users")
	ok(t, e.get("/api/blade-auth/oauth/user-info", admin), "user-info (auth -> user)")
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "400001", "tenantName": "微服务模式公司"}), "tenant (system -> user)")
	e.login("400001", "admin", "123456")
	ok(t, e.post("/api/blade-desk/notice/submit", admin, map[string]any{"messageTitle": "微服务", "messageContent": "ok", "type": 2}), "notice")
}

// TestSigtermLosesNoAcknowledgedWrite starts the real binary, writes, stops
// it with SIGTERM at once, and finds the write and its event after a restart.
func TestSigtermLosesNoAcknowledgedWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "anquan")
	build := exec.Command("go", "build", "-o", bin, "anquan/cmd/anquan") //nolint:gosec // G204: fixed go build command in a test
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatalf("build: %v", err)
	}
	data := t.TempDir()
	addr := freeAddr(t)
	launch := func() *exec.Cmd {
		c := exec.Command(bin, "--http="+addr, "--data="+data, "--web="+t.TempDir()) //nolint:gosec // G204: the binary this test just built
		c.Env = append(os.Environ(), "ANQUAN_LOG_LEVEL=warn", "ANQUAN_ACCESS_LOG=off", "ANQUAN_MQTT=127.0.0.1:0")
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		return c
	}
	e := &env{t: t, base: "http://" + addr, cfg: conf.Default(), http: (&env{}).httpClient()}
	waitReady := func() time.Duration {
		start := time.Now()
		for time.Since(start) < 30*time.Second {
			if r, err := e.http.Get(e.base + "/readyz"); err == nil {
				_ = r.Body.Close() // best-effort cleanup in a test
				if r.StatusCode == 200 {
					return time.Since(start)
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatal("not ready in 30s")
		return 0
	}
	p := launch()
	waitReady()
	admin := e.login("100001", "admin", "admin")
	for i := 0; i < 20; i++ {
		ok(t, e.post("/api/blade-desk/notice/submit", admin, map[string]any{"messageTitle": "停机前的通知", "messageContent": "第" + str(float64(i)) + "条", "type": 2}), "write")
	}
	if err := p.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- p.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v", err)
		}
	case <-time.After(20 * time.Second):
		_ = p.Process.Kill()
		t.Fatal("did not stop within 20s of SIGTERM")
	}
	db, err := sql.Open("sqlite", "file:"+filepath.Join(data, "desk.db"))
	if err != nil {
		t.Fatal(err)
	}
	var pending, notices int
	_ = db.QueryRow("SELECT COUNT(*) FROM outbox_event WHERE published_at IS NULL").Scan(&pending)
	_ = db.QueryRow("SELECT COUNT(*) FROM blade_notice WHERE message_title = '停机前的通知'").Scan(&notices)
	_ = db.Close() // best-effort cleanup in a test
	if notices != 20 || pending != 0 {
		t.Fatalf("after SIGTERM: %d of 20 notices stored, %d events unpublished", notices, pending)
	}
	p = launch()
	warm := waitReady()
	defer func() { _ = p.Process.Signal(syscall.SIGTERM); _ = p.Wait() }()
	// A figure, not a verdict (make bench reports warm starts on a quiet machine).
	t.Logf("warm start ready in %v", warm)
	admin = e.login("100001", "admin", "admin")
	r := e.get("/api/blade-desk/notice/list?size=50&messageTitle="+url.QueryEscape("停机前的通知"), admin)
	if r.dataMap()["total"] != float64(20) {
		t.Fatalf("notices after restart: %s", truncate(r.Raw))
	}
}
