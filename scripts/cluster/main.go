// Command cluster runs Anquan as a small cluster on this machine: fresh
// PostgreSQL databases under a unique prefix, `anquan migrate` once, then
// -replicas processes of every target (each service and the gateway) on
// free loopback ports against the machine's PostgreSQL, Redis and NATS
// JetStream, services calling services round-robin over every replica
// (services.<name> is the list of their addresses, kit/rpc), and a
// round-robin front before the gateways. It prints the front's URL, and
// stops everything and drops what it created on Ctrl-C or when -run ends.
//
//	make build && go run ./scripts/cluster -run 'go test ./tests/api -run TestCluster'
//
// The command of -run gets ANQUAN_API_URL (the front), ANQUAN_API_CONFIG
// (the cluster's configuration file) and ANQUAN_API_GATEWAYS (each
// gateway's URL), which make tests/api use the cluster instead of starting
// its own stack.
package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"gopkg.in/yaml.v3"

	"anquan/internal/stack"
	"anquan/kit/cache"
	"anquan/kit/conf"
	"anquan/kit/db"
)

var (
	bin      = flag.String("bin", "bin/anquan", "the anquan binary (make build)")
	replicas = flag.Int("replicas", 2, "processes of every target")
	run      = flag.String("run", "", "shell command to run against the cluster; the cluster stops when it ends, with its exit status")
	pgDSN    = flag.String("pg", "host=127.0.0.1 port=5432 user=postgres sslmode=disable dbname={db}", "PostgreSQL DSN ({db} is each service's database)")
	redisAdr = flag.String("redis", "127.0.0.1:6379", "Redis address")
	natsURL  = flag.String("nats", "nats://127.0.0.1:4222", "NATS JetStream URL")
	mqttURL  = flag.String("mqtt", "tcp://127.0.0.1:1883", "MQTT broker of monitor (used when it answers)")
	web      = flag.String("web", "web/dist", "built web app the gateways serve")
	ready    = flag.Duration("ready", 4*time.Minute, "how long to wait for every process to be ready")
)

// proc is one running replica of a target.
type proc struct {
	target, http, grpc, log string
	cmd                     *exec.Cmd
}

func main() {
	flag.Parse()
	os.Exit(mainErr())
}

func mainErr() int {
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	c, err := newCluster()
	if err != nil {
		fmt.Fprintln(os.Stderr, "cluster:", err)
		return 1
	}
	defer c.teardown()
	if err := c.start(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "cluster:", err)
		return 1
	}
	fmt.Printf("cluster ready: %s (%d replicas of %d targets; config %s, logs %s)\n", c.front, *replicas, len(stack.Targets())-1, c.cfgFile, c.logs)
	if *run == "" {
		fmt.Println("Ctrl-C stops it")
		select {
		case <-ctx.Done():
		case err := <-c.died:
			fmt.Fprintln(os.Stderr, "cluster:", err)
			return 1
		}
		return 0
	}
	cmd := exec.CommandContext(ctx, "sh", "-c", *run) //nolint:gosec // G204: the operator's own command
	cmd.Stdout, cmd.Stderr, cmd.Stdin = os.Stdout, os.Stderr, os.Stdin
	cmd.Env = append(os.Environ(), "ANQUAN_API_URL="+c.front, "ANQUAN_API_CONFIG="+c.cfgFile, "ANQUAN_API_GATEWAYS="+strings.Join(c.gateways(), ","))
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "cluster: -run:", err)
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() > 0 {
			return ee.ExitCode()
		}
		return 1
	}
	return 0
}

// cluster is what newCluster prepared and start launched.
type cluster struct {
	dir, cfgFile, logs, front string
	cfg                       *conf.Config
	procs                     []*proc
	died                      chan error
	unlock                    func()
	stopping                  atomic.Bool
	frontSrv                  *http.Server
}

// newCluster writes the keys and the shared configuration file.
func newCluster() (*cluster, error) {
	abs, err := filepath.Abs(*bin)
	if err != nil {
		return nil, err
	}
	*bin = abs
	if _, err := os.Stat(*bin); err != nil {
		return nil, fmt.Errorf("%s: %w (run make build first)", *bin, err)
	}
	dir, err := os.MkdirTemp("", "anquan-cluster-")
	if err != nil {
		return nil, err
	}
	c := &cluster{dir: dir, logs: filepath.Join(dir, "logs"), cfgFile: filepath.Join(dir, "cluster.yaml"), died: make(chan error, 1), unlock: func() {}}
	if err := os.MkdirAll(c.logs, 0o750); err != nil {
		return c, err
	}
	id := fmt.Sprintf("c%d", time.Now().UnixNano()%1_000_000_000)
	key := filepath.Join(dir, "jwt.pem")
	if err := writeKey(key); err != nil {
		return c, err
	}
	secret := make([]byte, 32)
	_, _ = rand.Read(secret) // crypto/rand.Read never fails (Go 1.24+)
	cfg := conf.Default()
	cfg.Data = filepath.Join(dir, "data") // attachments (local storage), shared by the resource replicas
	cfg.Web, _ = filepath.Abs(*web)
	cfg.DB = conf.DB{Driver: "postgres", DSN: *pgDSN, Prefix: "anquan_" + id + "_", MaxOpen: 5, Migrate: "verify"}
	cfg.Redis = conf.Redis{Addr: *redisAdr, Prefix: "anquan:" + id + ":"}
	// The stream's name is the test suite's (ANQUAN_T*), so the suite's
	// clean-up of leftovers after a killed run removes it too.
	cfg.NATS = conf.NATS{URL: *natsURL, Stream: "ANQUAN_T" + strings.ToUpper(id)}
	cfg.Security.JWTPrivateKey = key
	cfg.Security.InternalSecret = hex.EncodeToString(secret)
	// The API suite's settings: many logins from one address, a loopback identity provider.
	cfg.Gateway.TokenRate = 100000
	cfg.Security.AllowPrivateIdP = true
	cfg.Log = conf.Log{Level: "warn"}
	cfg.MQTT = conf.MQTT{Listen: "off"}
	if u, err := url.Parse(*mqttURL); err == nil && answers(u.Host) {
		cfg.MQTT.URL = *mqttURL
	}
	c.cfg = cfg
	return c, nil
}

func writeKey(path string) error {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return err
	}
	return os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600)
}

// start migrates, launches every replica and the front, and waits for /readyz.
func (c *cluster) start(ctx context.Context) error {
	for _, a := range []string{hostOf(*pgDSN), *redisAdr, hostOfURL(*natsURL)} {
		if !answers(a) {
			return fmt.Errorf("%s does not answer", a)
		}
	}
	unlock, err := lockNATS()
	if err != nil {
		return err
	}
	c.unlock = unlock
	targets := stack.Targets()[1:] // gateway and every service
	for _, t := range targets {
		for i := 0; i < *replicas; i++ {
			c.procs = append(c.procs, &proc{target: t, http: freeAddr(), grpc: freeAddr(), log: filepath.Join(c.logs, fmt.Sprintf("%s-%d.log", t, i+1))})
		}
	}
	for _, s := range targets[1:] {
		var list []string
		for _, p := range c.procs {
			if p.target == s {
				list = append(list, p.grpc)
			}
		}
		c.cfg.Services[s] = strings.Join(list, ",")
	}
	b, err := yaml.Marshal(c.cfg)
	if err != nil {
		return err
	}
	if err := os.WriteFile(c.cfgFile, b, 0o600); err != nil {
		return err
	}
	t0 := time.Now()
	mig := exec.CommandContext(ctx, *bin, "migrate", "--target=all") //nolint:gosec // G204: the binary the operator named
	mig.Env = append(os.Environ(), "ANQUAN_CONFIG="+c.cfgFile)
	if out, err := mig.CombinedOutput(); err != nil {
		return fmt.Errorf("anquan migrate: %w\n%s", err, out)
	}
	fmt.Printf("migrated %s* in %v\n", c.cfg.DB.Prefix, time.Since(t0).Round(time.Millisecond))
	// The first replica of every target, then the others: a first start
	// seeds the demo tenant, which one process per service does alone.
	for i := 0; i < *replicas; i++ {
		t1 := time.Now()
		var wave []*proc
		for j, p := range c.procs {
			if j%*replicas == i {
				if err := c.launch(p); err != nil {
					return err
				}
				wave = append(wave, p)
			}
		}
		if err := c.waitReady(ctx, wave); err != nil {
			return err
		}
		fmt.Printf("replica %d of %d targets ready in %v\n", i+1, len(targets), time.Since(t1).Round(time.Millisecond))
	}
	return c.startFront()
}

func (c *cluster) launch(p *proc) error {
	f, err := os.Create(p.log)
	if err != nil {
		return err
	}
	p.cmd = exec.Command(*bin, "--target="+p.target) //nolint:gosec // G204: the binary the operator named
	p.cmd.Env = append(os.Environ(), "ANQUAN_CONFIG="+c.cfgFile, "ANQUAN_HTTP="+p.http, "ANQUAN_GRPC="+p.grpc)
	p.cmd.Stdout, p.cmd.Stderr = f, f
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // Ctrl-C reaches the cluster, which stops them in order
	if err := p.cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", p.target, err)
	}
	go func() {
		err := p.cmd.Wait()
		_ = f.Close() // the log is complete
		if !c.stopping.Load() {
			select {
			case c.died <- fmt.Errorf("%s (%s) exited: %v; log %s:\n%s", p.target, p.http, err, p.log, tail(p.log)):
			default:
			}
		}
	}()
	return nil
}

func (c *cluster) waitReady(ctx context.Context, ps []*proc) error {
	deadline := time.Now().Add(*ready)
	hc := &http.Client{Timeout: 2 * time.Second}
	for _, p := range ps {
		for {
			r, err := hc.Get("http://" + p.http + "/readyz")
			if err == nil {
				_ = r.Body.Close() // only the status matters
				if r.StatusCode == http.StatusOK {
					break
				}
			}
			select {
			case err := <-c.died:
				return err
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(250 * time.Millisecond):
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("%s at %s not ready after %v; log %s:\n%s", p.target, p.http, *ready, p.log, tail(p.log))
			}
		}
	}
	return nil
}

// gateways are the base URLs of the gateway replicas.
func (c *cluster) gateways() []string {
	var out []string
	for _, p := range c.procs {
		if p.target == "gateway" {
			out = append(out, "http://"+p.http)
		}
	}
	return out
}

// startFront serves a round-robin reverse proxy over the gateways.
func (c *cluster) startFront() error {
	var gws []*url.URL
	for _, g := range c.gateways() {
		u, err := url.Parse(g)
		if err != nil {
			return err
		}
		gws = append(gws, u)
	}
	var next atomic.Uint64
	proxy := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(gws[next.Add(1)%uint64(len(gws))])
			r.Out.Host = r.In.Host
		},
		FlushInterval: -1, // event streams pass through as they are written
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	c.front = "http://" + lis.Addr().String()
	c.frontSrv = &http.Server{Handler: proxy, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = c.frontSrv.Serve(lis) }()
	return nil
}

// teardown stops every process (SIGTERM, then SIGKILL after 30 s), drops
// the databases, the stream and the cache keys, and removes the folder.
func (c *cluster) teardown() {
	c.stopping.Store(true)
	if c.frontSrv != nil {
		_ = c.frontSrv.Close() // nothing left to serve
	}
	for _, p := range c.procs {
		if p.cmd != nil && p.cmd.Process != nil {
			_ = p.cmd.Process.Signal(syscall.SIGTERM) // already gone is fine
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for _, p := range c.procs {
		if p.cmd == nil || p.cmd.Process == nil {
			continue
		}
		for p.cmd.ProcessState == nil && time.Now().Before(deadline) && p.cmd.Process.Signal(syscall.Signal(0)) == nil {
			time.Sleep(50 * time.Millisecond)
		}
		_ = p.cmd.Process.Kill() // past the grace period, or already gone
	}
	if c.cfg != nil {
		for _, s := range stack.Targets()[2:] {
			if err := db.DropDatabase(c.cfg, s); err != nil {
				fmt.Fprintln(os.Stderr, "cluster: drop database:", c.cfg.DB.Prefix+s, err)
			}
		}
		if r := cache.NewRedis(c.cfg.Redis.Addr, "", 0, c.cfg.Redis.Prefix); r != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			_ = r.DelPrefix(ctx, "") // best effort: the keys expire anyway
			_ = r.Close()
			cancel()
		}
		deleteStream(c.cfg.NATS.URL, c.cfg.NATS.Stream)
	}
	c.unlock()
	_ = os.RemoveAll(c.dir) // best effort: a temporary folder
	fmt.Println("cluster stopped; databases", c.cfg.DB.Prefix+"*", "dropped")
}

// lockNATS takes the machine's NATS turn the API suite takes (tests/api
// useExternalNATS): every stream takes the subjects anquan.>, and JetStream
// refuses two streams with overlapping subjects.
func lockNATS() (func(), error) {
	f, err := os.OpenFile(filepath.Join(os.TempDir(), "anquan-test-nats.lock"), os.O_CREATE|os.O_RDWR, 0o666) //nolint:gosec // G302: the lock file other test users open too
	if err != nil {
		return nil, err
	}
	fmt.Println("waiting for the NATS turn (", f.Name(), ")")
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		_ = f.Close() // the error is the one returned
		return nil, err
	}
	return func() { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN); _ = f.Close() }, nil
}

func deleteStream(u, name string) {
	nc, err := nats.Connect(u)
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
	_ = js.DeleteStream(ctx, name) // best effort
}

func answers(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return false
	}
	_ = c.Close() // a probe
	return true
}

// hostOf reads host and port of a key=value PostgreSQL DSN.
func hostOf(dsn string) string {
	host, port := "127.0.0.1", "5432"
	for _, kv := range strings.Fields(dsn) {
		if v, ok := strings.CutPrefix(kv, "host="); ok {
			host = v
		}
		if v, ok := strings.CutPrefix(kv, "port="); ok {
			port = v
		}
	}
	return net.JoinHostPort(host, port)
}

func hostOfURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return s
	}
	return u.Host
}

// nextPort hands out loopback ports below the kernel's ephemeral range
// (32768 and up): a port taken from :0 and closed can be handed again to
// another replica, or to a process's outgoing connection, before the
// replica binds it.
var nextPort = 20000 + int(time.Now().UnixNano()%8000)

func freeAddr() string {
	for ; nextPort < 32000; nextPort++ {
		a := fmt.Sprintf("127.0.0.1:%d", nextPort)
		l, err := net.Listen("tcp", a)
		if err == nil {
			_ = l.Close() // free: handed to a replica
			nextPort++
			return a
		}
	}
	panic("no free loopback port below 32000")
}

// tail is the end of a log, for an error message.
func tail(path string) string {
	b, _ := os.ReadFile(path) //nolint:gosec // G304: the cluster's own log
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}
