// Command bench measures the all-in-one binary on SQLite with 10,000 users
// in one tenant: paged user list, menu routes and login throughput at 32
// concurrent connections, memory idle and after the run, and time to ready.
// It prints figures; it never passes or fails on timing.
package main

import (
	"bufio"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	_ "modernc.org/sqlite"

	"anquan/kit/authn"
	"anquan/kit/idgen"
)

var (
	bin      = flag.String("bin", "bin/anquan", "the anquan binary")
	users    = flag.Int("users", 10000, "users to seed in tenant 100001")
	conns    = flag.Int("c", 32, "concurrent connections")
	duration = flag.Duration("d", 10*time.Second, "duration of each scenario")
	only     = flag.String("only", "", "run only scenarios whose name contains this")
	profile  = flag.String("profile", "", "write a CPU profile of each scenario run into this folder (<scenario>.pprof; the server runs with ANQUAN_PPROF=on)")
)

func main() {
	flag.Parse()
	if *bareServe != "" {
		serveBare(*bareServe, *bareBody)
		return
	}
	dir, err := os.MkdirTemp("", "anquan-bench-")
	must(err)
	defer func() { _ = os.RemoveAll(dir) }() // best-effort removal of the temporary data dir
	addr := freeAddr()
	base := "http://" + addr

	fmt.Printf("machine: %d cores (%s), %s/%s, Go %s\n", runtime.NumCPU(), cpuModel(), runtime.GOOS, runtime.GOARCH, runtime.Version())
	cold := time.Now()
	p := launch(dir, addr)
	waitReady(base)
	fmt.Printf("ready (cold start, first seed): %v\n", time.Since(cold).Round(time.Millisecond))
	stop(p)

	seed(filepath.Join(dir, "user.db"), *users)
	fmt.Printf("seeded %d users into tenant 100001\n", *users)
	for _, a := range areas {
		if a.seed != nil && wanted(a.name) && !*peer { // the comparison reads the user list only
			t0 := time.Now()
			a.seed(dir)
			fmt.Printf("seeded %s in %v\n", a.name, time.Since(t0).Round(time.Millisecond))
		}
	}

	warm := time.Now()
	p = launch(dir, addr)
	waitReady(base)
	fmt.Printf("ready (warm start): %v at %s\n", time.Since(warm).Round(time.Millisecond), base)
	defer stop(p)
	serverPID = p.Process.Pid
	benchBase = base
	time.Sleep(2 * time.Second)
	fmt.Printf("RSS idle: %.1f MB\n", rssMB(p.Process.Pid))

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *conns * 2, MaxConnsPerHost: *conns * 2}, Timeout: 30 * time.Second}
	token := login(client, base, "admin", "admin")
	if *peer {
		runPeer(client, base, token, p.Process.Pid, dir)
		return
	}

	list := func(name, filter string) {
		run(client, name, func(i int) *http.Request {
			return authed(base+"/api/blade-user/page?current=1&size=10&"+fmt.Sprintf(filter, i%*users+1), token)
		})
	}
	run(client, "user list: first page (no filter)", func(int) *http.Request {
		return authed(base+"/api/blade-user/page?current=1&size=10", token)
	})
	list("user list: account_equal (indexed)", "account_equal=bench%d")
	list("user list: phone (contains, full scan)", "phone=%d")
	run(client, "menu/routes", func(int) *http.Request {
		return authed(base+"/api/blade-system/menu/routes", token)
	})
	run(client, "login (password grant, bcrypt)", func(i int) *http.Request {
		return tokenRequest(base, fmt.Sprintf("bench%d", i%*users+1), "123456")
	})
	for _, a := range areas {
		if a.run != nil && wanted(a.name) {
			a.run(client, base, token)
		}
	}
	fmt.Printf("RSS after the run: %.1f MB\n", rssMB(p.Process.Pid))
}

// area is one business area's figures, declared in its own file
// (scripts/bench/<area>.go) with addArea: seed writes rows into the stopped
// server's SQLite files under dir (<service>.db); run drives scenarios with
// run(...) as the admin of tenant 100001.
type area struct {
	name string
	seed func(dir string)
	run  func(c *http.Client, base, token string)
}

var areas []area

func addArea(a area) { areas = append(areas, a) }

// wanted: -only selects an area by its name or a scenario by its own.
func wanted(name string) bool {
	return *only == "" || strings.Contains(name, *only) || strings.Contains(*only, name)
}

// mqttAddr is the embedded MQTT broker's address (a free port, so a running
// server on the default one does not matter).
var mqttAddr = freeAddr()

func launch(dir, addr string) *exec.Cmd {
	cmd := exec.Command(*bin, "--target=all", "--http="+addr, "--data="+dir, "--web="+filepath.Join(dir, "noweb"), "--mqtt="+mqttAddr) //nolint:gosec // G204: the binary under benchmark, chosen by the operator's --bin flag
	cmd.Env = append(os.Environ(), "ANQUAN_CAPTCHA=off", "ANQUAN_ACCESS_LOG=off", "ANQUAN_LOG_LEVEL=warn", "ANQUAN_TOKEN_RATE=100000000")
	if *profile != "" {
		cmd.Env = append(cmd.Env, "ANQUAN_PPROF=on")
	}
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	must(cmd.Start())
	return cmd
}

func stop(c *exec.Cmd) {
	_ = c.Process.Signal(syscall.SIGTERM)
	_, _ = c.Process.Wait()
}

func waitReady(base string) {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if r, err := http.Get(base + "/readyz"); err == nil {
			_ = r.Body.Close() // benchmark tool: best-effort close
			if r.StatusCode == 200 {
				return
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	fmt.Fprintln(os.Stderr, "not ready after 60s")
	os.Exit(1)
}

// seed inserts users directly (one bcrypt hash shared by all: hashing 10,000
// passwords would take minutes and measure nothing of interest).
func seed(path string, n int) {
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	must(err)
	defer func() { _ = db.Close() }() // benchmark tool: best-effort close
	hash, err := authn.Hash("123456")
	must(err)
	tx, err := db.Begin()
	must(err)
	stmt, err := tx.Prepare(`INSERT INTO blade_user (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
		code, user_type, account, password, name, real_name, nick_name, avatar, email, phone, sex, role_id, dept_id, post_id, main_dept_id, oauth_id)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, '', 1, ?, ?, ?, ?, ?, '', '', ?, 1, '1000010000000000104', '1000010000000000204', '1000010000000000303', 1000010000000000204, '')`)
	must(err)
	now := time.Now()
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("测试%d", i)
		_, err := stmt.Exec(idgen.Next(), now, now, fmt.Sprintf("bench%d", i), hash, name, name, name, fmt.Sprintf("139%08d", i))
		must(err)
	}
	must(tx.Commit())
}

// authed is a GET of target as the holder of token (area files may use it).
func authed(target, token string) *http.Request {
	r, _ := http.NewRequest("GET", target, nil)
	r.Header.Set("Blade-Auth", "bearer "+token)
	return r
}

// tokenRequest is the password grant of user in tenant 100001.
func tokenRequest(base, user, pass string) *http.Request {
	form := url.Values{"tenantId": {"100001"}, "username": {user}, "password": {pass}, "grant_type": {"password"}}
	r, _ := http.NewRequest("POST", base+"/api/blade-auth/oauth/token", strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte("api:api_secret")))
	return r
}

func login(c *http.Client, base, user, pass string) string {
	res, err := c.Do(tokenRequest(base, user, pass))
	must(err)
	defer func() { _ = res.Body.Close() }() // benchmark tool: best-effort close
	var out map[string]any
	must(json.NewDecoder(res.Body).Decode(&out))
	tok, _ := out["access_token"].(string)
	if tok == "" {
		fmt.Fprintln(os.Stderr, "login failed:", out)
		os.Exit(1)
	}
	return tok
}

// serverPID is the process whose CPU time each scenario reports.
var serverPID int

// cpuSeconds is the user+system CPU time of a process so far.
func cpuSeconds(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	var ut, st float64
	if _, err := fmt.Sscanf(f[11], "%f", &ut); err != nil {
		return 0
	}
	if _, err := fmt.Sscanf(f[12], "%f", &st); err != nil {
		return 0
	}
	return (ut + st) / 100 // clock ticks (USER_HZ 100)
}

// run drives one scenario with *conns workers for *duration and prints its figures.
func run(c *http.Client, name string, mk func(i int) *http.Request) {
	if *only != "" && !strings.Contains(name, *only) {
		return
	}
	prof := startProfile(c, name)
	r := measure(c, serverPID, mk)
	prof()
	fmt.Printf("%-42s %8.0f req/s   p50 %7.2f ms   p99 %7.2f ms   server CPU %6.0f µs/req   errors %d\n", name, r.rps,
		ms(r.p50), ms(r.p99), r.cpuPerReq, r.errors)
}

// figures are one scenario run's results.
type figures struct {
	rps, cpuPerReq float64 // cpuPerReq in µs, of process pid
	p50, p99       time.Duration
	errors         int64
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// measure drives mk with *conns workers for *duration; pid is the server whose CPU time is
// charged to the requests. A non-200 answer counts as an error.
func measure(c *http.Client, pid int, mk func(i int) *http.Request) figures {
	var (
		mu    sync.Mutex
		lat   []time.Duration
		errs  atomic.Int64
		count atomic.Int64
		wg    sync.WaitGroup
	)
	cpu0 := cpuSeconds(pid)
	end := time.Now().Add(*duration)
	for w := 0; w < *conns; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var mine []time.Duration
			for i := w; time.Now().Before(end); i += *conns {
				t := time.Now()
				res, err := c.Do(mk(i))
				if err != nil {
					errs.Add(1)
					continue
				}
				_, _ = io.Copy(io.Discard, res.Body)
				_ = res.Body.Close() // benchmark tool: best-effort close
				if res.StatusCode != 200 {
					errs.Add(1)
				}
				mine = append(mine, time.Since(t))
				count.Add(1)
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[int(float64(len(lat)-1)*p)]
	}
	out := figures{rps: float64(count.Load()) / duration.Seconds(), p50: pct(0.50), p99: pct(0.99), errors: errs.Load()}
	if n := count.Load(); n > 0 {
		out.cpuPerReq = (cpuSeconds(pid) - cpu0) / float64(n) * 1e6
	}
	return out
}

// benchBase is the server's address, for the profile requests.
var benchBase string

// startProfile asks the server for a CPU profile of the scenario's run
// (-profile); the returned func waits for it and writes the file.
func startProfile(c *http.Client, name string) func() {
	if *profile == "" || benchBase == "" {
		return func() {}
	}
	secs := int(duration.Seconds())
	if secs < 1 {
		secs = 1
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		res, err := c.Get(fmt.Sprintf("%s/debug/pprof/profile?seconds=%d", benchBase, secs))
		if err != nil {
			fmt.Fprintln(os.Stderr, "profile:", err)
			return
		}
		defer func() { _ = res.Body.Close() }() // benchmark tool: best-effort close
		must(os.MkdirAll(*profile, 0o750))
		slug := strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
				return r
			}
			return '-'
		}, name)
		f, err := os.Create(filepath.Join(*profile, slug+".pprof")) //nolint:gosec // G304: the operator's -profile folder
		must(err)
		_, _ = io.Copy(f, res.Body)
		_ = f.Close() // benchmark tool: best-effort close
		fmt.Printf("  profile: %s\n", f.Name())
	}()
	return func() { <-done }
}

func rssMB(pid int) float64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer func() { _ = f.Close() }() // benchmark tool: best-effort close
	s := bufio.NewScanner(f)
	for s.Scan() {
		if strings.HasPrefix(s.Text(), "VmRSS:") {
			var kb float64
			if _, err := fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(s.Text(), "VmRSS:")), "%f", &kb); err != nil {
				return 0
			}
			return kb / 1024
		}
	}
	return 0
}

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "model name") {
			return strings.TrimSpace(strings.SplitN(l, ":", 2)[1])
		}
	}
	return "unknown cpu"
}

func freeAddr() string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	must(err)
	defer func() { _ = l.Close() }() // benchmark tool: best-effort close
	return l.Addr().String()
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}
