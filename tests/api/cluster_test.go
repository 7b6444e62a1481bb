package api

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"anquan/internal/stack"
	"anquan/kit/conf"
	"anquan/kit/platform"
	"anquan/kit/schedule"
)

// clusterBackend is the backend of a running cluster (scripts/cluster):
// ANQUAN_API_URL is its front, ANQUAN_API_CONFIG the configuration file
// its processes share. With them set, the suite runs its scenarios against
// that cluster only, unchanged: start returns the cluster instead of a
// stack of its own, and e.stack.Infra is this process's client of the
// cluster's Redis, NATS, keys and services (what tests read beside HTTP).
const clusterBackend = "cluster"

func init() {
	if os.Getenv("ANQUAN_API_URL") != "" {
		backends = []backend{{name: clusterBackend, setup: func(*testing.T, *conf.Config) {}}}
	}
}

// startOnCluster connects to the running cluster. A test that needs a
// server configured otherwise than the cluster (its mutations change the
// cluster's configuration) is skipped: the cluster cannot be reconfigured.
func startOnCluster(t *testing.T, mutate []func(*conf.Config)) *env {
	t.Helper()
	c, err := conf.Load(os.Getenv("ANQUAN_API_CONFIG"))
	if err != nil {
		t.Fatalf("cluster configuration (ANQUAN_API_CONFIG): %v", err)
	}
	// The mutations see no server database: the clean-ups some of them
	// register drop a stack's databases, never the cluster's.
	want := clone(t, c)
	want.DB = conf.DB{Driver: "sqlite"}
	for _, m := range mutate {
		m(want)
	}
	want.DB = c.DB
	if have, need := yamlOf(t, c), yamlOf(t, want); have != need {
		t.Skipf("needs a server configured otherwise than the cluster:\n%s\nwant\n%s", have, need)
	}
	c.Data = t.TempDir() // this client's own (its id-node lease is in Redis)
	in, err := platform.Open(context.Background(), c)
	if err != nil {
		t.Fatalf("connect to the cluster's infrastructure: %v", err)
	}
	t.Cleanup(in.Close)
	return &env{t: t, base: os.Getenv("ANQUAN_API_URL"), stack: &stack.Stack{Infra: in}, cfg: c, http: (&env{}).httpClient()}
}

func yamlOf(t *testing.T, c *conf.Config) string {
	t.Helper()
	b, err := yaml.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func clone(t *testing.T, c *conf.Config) *conf.Config {
	t.Helper()
	out := &conf.Config{}
	if err := yaml.Unmarshal([]byte(yamlOf(t, c)), out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestClusterStreamReachesEitherGateway: a live monitoring event reaches
// a browser whichever gateway its stream landed on (the ingesting replica
// relays it to every replica over NATS); the two monitor replicas raise one
// alarm and tell the responsible person once (one holds the ingest lease).
func TestClusterStreamReachesEitherGateway(t *testing.T) {
	gateways := strings.Split(os.Getenv("ANQUAN_API_GATEWAYS"), ",")
	if os.Getenv("ANQUAN_API_URL") == "" || len(gateways) < 2 {
		t.Skip("runs against a cluster of two gateways or more (scripts/cluster sets ANQUAN_API_GATEWAYS)")
	}
	e := start(t, backends[0])
	if e.cfg.MQTT.URL == "" {
		t.Skip("the cluster has no MQTT broker")
	}
	a := e.login("100001", "admin", "admin")
	heard := make([]chan string, len(gateways))
	for i, gw := range gateways {
		on := &env{t: t, base: gw}
		resp, err := on.stream(a, "")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = resp.Body.Close() }) // the stream ends with the test
		if resp.StatusCode != 200 {
			t.Fatalf("stream on %s: %d", gw, resp.StatusCode)
		}
		heard[i] = make(chan string, 100)
		go func(c chan string) {
			sc := bufio.NewScanner(resp.Body)
			for sc.Scan() {
				if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
					c <- d
				}
			}
			close(c)
		}(heard[i])
	}
	c, err := mqttClient(e.cfg.MQTT.URL, "", "")
	if err != nil {
		t.Fatalf("broker: %v", err)
	}
	defer c.Disconnect(100)
	time.Sleep(time.Second) // both streams subscribed (the ready event comes first, but through a round trip)
	publish(t, c, "anquan/100001/demo-gw/telemetry", fmt.Sprintf(`[{"ts": %d, "values": {"GT-101": 31.5}}]`, time.Now().UnixMilli()))
	for i, ch := range heard {
		deadline := time.After(15 * time.Second)
	wait:
		for {
			select {
			case d, open := <-ch:
				if !open {
					t.Fatalf("stream on %s ended", gateways[i])
				}
				if strings.Contains(d, "GT-101") {
					break wait
				}
			case <-deadline:
				t.Fatalf("the GT-101 event did not reach the stream on %s", gateways[i])
			}
		}
	}
	alarms := func() (n int) {
		for _, it := range e.get("/api/monitor/alarm/active", a).list() {
			if it.(map[string]any)["pointCode"] == "GT-101" {
				n++
			}
		}
		return n
	}
	eventually(t, "GT-101 alarm", func() bool { return alarms() > 0 })
	safety := e.login("100001", "safety", "123456")
	eventually(t, "alarm message", func() bool {
		return strings.Contains(string(e.get("/api/blade-desk/message/list?size=50", safety).Raw), "GT-101")
	})
	time.Sleep(2 * time.Second) // a second replica's duplicate would be in by now
	// One replica holds monitor's ingest lease and alone evaluates the broker's messages.
	if n, told := alarms(), strings.Count(string(e.get("/api/blade-desk/message/list?size=50", safety).Raw), "GT-101"); n != 1 || told != 1 {
		t.Fatalf("GT-101 raised %d active alarms and told the responsible person %d times over two monitor replicas, want 1 and 1", n, told)
	}
}

// TestClusterIngestFailsOver: the monitor replica holding the ingest lease
// is paused (SIGSTOP: it neither renews nor releases, as a hung or cut-off
// process); the other takes the lease within TTL+TTL/5, and a value
// published then raises one alarm and one message. Resumed, the old holder
// drops what the broker had queued on its connection meanwhile (its lease ran
// out by its own clock) and stands by.
func TestClusterIngestFailsOver(t *testing.T) {
	if os.Getenv("ANQUAN_API_URL") == "" {
		t.Skip("runs against a cluster (scripts/cluster)")
	}
	e := start(t, backends[0])
	if e.cfg.MQTT.URL == "" {
		t.Skip("the cluster has no MQTT broker")
	}
	ctx := context.Background()
	key := schedule.LeaseKey("monitor:ingest")
	holder := func() string {
		v, _, err := e.stack.Infra.Cache.Get(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	old := holder()
	p := strings.Split(old, "/")
	var pid int
	if len(p) == 3 {
		pid, _ = strconv.Atoi(p[1])
	}
	if pid <= 1 {
		t.Fatalf("monitor's ingest lease holder %q is not host/pid/id", old)
	}
	// The cluster runs on this machine: the holder is one of its processes.
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatalf("pause the holder %d: %v", pid, err)
	}
	resumed := false
	resume := func() {
		if !resumed {
			resumed = true
			_ = syscall.Kill(pid, syscall.SIGCONT)
		}
	}
	t.Cleanup(resume)
	paused := time.Now()
	for holder() == old || holder() == "" {
		if time.Since(paused) > 15*time.Second {
			t.Fatalf("no other replica took the ingest lease within 15 s (TTL 10 s + 2 s between tries)")
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("ingest failover: %s took the lease %v after the holder was paused", holder(), time.Since(paused).Round(100*time.Millisecond))
	c, err := mqttClient(e.cfg.MQTT.URL, "", "")
	if err != nil {
		t.Fatalf("broker: %v", err)
	}
	defer c.Disconnect(100)
	publish(t, c, "anquan/100001/demo-gw/telemetry", fmt.Sprintf(`[{"ts": %d, "values": {"GT-103": 31.5}}]`, time.Now().UnixMilli()))
	// The broker also queued the message on the paused holder's connection.
	time.Sleep(2 * time.Second)
	resume()
	a := e.login("100001", "admin", "admin")
	safety := e.login("100001", "safety", "123456")
	alarms := func() (n int) {
		for _, it := range e.get("/api/monitor/alarm/active", a).list() {
			if it.(map[string]any)["pointCode"] == "GT-103" {
				n++
			}
		}
		return n
	}
	told := func() int {
		return strings.Count(string(e.get("/api/blade-desk/message/list?size=50", safety).Raw), "GT-103")
	}
	eventually(t, "GT-103 alarm raised by the new holder", func() bool { return alarms() > 0 && told() > 0 })
	time.Sleep(3 * time.Second) // the old holder's duplicate would be in by now
	if n, m := alarms(), told(); n != 1 || m != 1 {
		t.Fatalf("after the failover GT-103 raised %d active alarms and told the responsible person %d times, want 1 and 1", n, m)
	}
	if h := holder(); h == old {
		t.Fatalf("the resumed old holder took the lease back from a holder that renews it")
	}
}
