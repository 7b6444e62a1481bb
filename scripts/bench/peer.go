package main

// The -peer comparison (issue 13): the paged user list of the all-in-one against a bare net/http
// server answering the same bytes, and against go-admin when one is running, in interleaved
// rounds on the same machine, with medians and ratios. Interleaving spreads a noisy neighbour
// over every contestant instead of charging it to one.

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"time"
)

var (
	peer        = flag.Bool("peer", false, "compare the paged user list with a bare net/http server (and go-admin with -go-admin-url) in interleaved rounds; prints medians and ratios")
	rounds      = flag.Int("rounds", 3, "rounds of the -peer comparison")
	goAdminURL  = flag.String("go-admin-url", "", "-peer: a running go-admin's paged user list URL (go-admin needs its own config and database set-up, so it is started by hand)")
	goAdminAuth = flag.String("go-admin-auth", "", "-peer: the Authorization header for -go-admin-url (e.g. 'Bearer <token>')")
	goAdminPID  = flag.Int("go-admin-pid", 0, "-peer: go-admin's process id, for its CPU per request and memory (0: not measured)")
	bareServe   = flag.String("bare-serve", "", "internal: serve the bare comparison server on this address")
	bareBody    = flag.String("bare-body", "", "internal: the file whose bytes the bare server answers")
)

// serveBare is the bare contestant: net/http answering a fixed JSON body, nothing else.
func serveBare(addr, bodyFile string) {
	body, err := os.ReadFile(bodyFile) //nolint:gosec // G304: written by this program's -peer run
	must(err)
	must(http.ListenAndServe(addr, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { //nolint:gosec // G114: a benchmark's loopback server
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	})))
}

// contestant is one server of the comparison.
type contestant struct {
	name string
	pid  int
	req  func() *http.Request
	runs []figures
}

func runPeer(c *http.Client, base, token string, anquanPID int, dir string) {
	list := base + "/api/blade-user/page?current=1&size=10"
	res, err := c.Do(authed(list, token))
	must(err)
	body, err := io.ReadAll(res.Body)
	_ = res.Body.Close() // benchmark tool: best-effort close
	must(err)
	if res.StatusCode != 200 {
		must(fmt.Errorf("the user list answered %d: %s", res.StatusCode, body))
	}
	bodyFile := filepath.Join(dir, "bare-body.json")
	must(os.WriteFile(bodyFile, body, 0o600))
	bareAddr := freeAddr()
	self, err := os.Executable()
	must(err)
	bare := exec.Command(self, "-bare-serve="+bareAddr, "-bare-body="+bodyFile) //nolint:gosec // G204: this program, re-executed
	bare.Stdout, bare.Stderr = os.Stderr, os.Stderr
	must(bare.Start())
	defer stop(bare)
	waitUp("http://" + bareAddr + "/")

	all := []*contestant{
		{name: "bare net/http", pid: bare.Process.Pid, req: func() *http.Request {
			r, _ := http.NewRequest("GET", "http://"+bareAddr+"/", nil)
			return r
		}},
		{name: "Anquan (all-in-one)", pid: anquanPID, req: func() *http.Request { return authed(list, token) }},
	}
	if *goAdminURL != "" {
		all = append(all, &contestant{name: "go-admin", pid: *goAdminPID, req: func() *http.Request {
			r, _ := http.NewRequest("GET", *goAdminURL, nil)
			if *goAdminAuth != "" {
				r.Header.Set("Authorization", *goAdminAuth)
			}
			return r
		}})
	}
	fmt.Printf("\npeer comparison: paged user list (page of 10, %d-byte answer), %d connections, %v per run, %d interleaved rounds\n",
		len(body), *conns, *duration, *rounds)
	idle := map[string]float64{}
	for _, k := range all {
		idle[k.name] = rssMB(k.pid)
	}
	for r := 1; r <= *rounds; r++ {
		for _, k := range all {
			f := measure(c, k.pid, func(int) *http.Request { return k.req() })
			k.runs = append(k.runs, f)
			fmt.Printf("  round %d  %-22s %8.0f req/s   p99 %7.2f ms   CPU %6.0f µs/req   errors %d\n", r, k.name, f.rps, ms(f.p99), f.cpuPerReq, f.errors)
		}
	}
	fmt.Printf("\n%-22s %10s %10s %14s %14s\n", "median of rounds", "req/s", "p99 ms", "CPU µs/req", "RSS idle/after")
	med := map[string]figures{}
	for _, k := range all {
		m := medianFigures(k.runs)
		med[k.name] = m
		fmt.Printf("%-22s %10.0f %10.2f %14.0f %7.0f/%.0f MB\n", k.name, m.rps, ms(m.p99), m.cpuPerReq, idle[k.name], rssMB(k.pid))
	}
	a, b := med["Anquan (all-in-one)"], med["bare net/http"]
	fmt.Printf("Anquan / bare: throughput %.1f%%, CPU per request %.1fx\n", 100*a.rps/b.rps, safeDiv(a.cpuPerReq, b.cpuPerReq))
	if g, ok := med["go-admin"]; ok {
		fmt.Printf("Anquan / go-admin: throughput %.2fx, CPU per request %.2fx, p99 %.2fx\n", safeDiv(a.rps, g.rps), safeDiv(a.cpuPerReq, g.cpuPerReq), safeDiv(ms(a.p99), ms(g.p99)))
	}
}

// medianFigures is each figure's median over the runs (figure by figure, not one run's).
func medianFigures(runs []figures) figures {
	med := func(get func(f figures) float64) float64 {
		v := make([]float64, len(runs))
		for i, f := range runs {
			v[i] = get(f)
		}
		sort.Float64s(v)
		if len(v) == 0 {
			return 0
		}
		return v[len(v)/2]
	}
	return figures{
		rps:       med(func(f figures) float64 { return f.rps }),
		cpuPerReq: med(func(f figures) float64 { return f.cpuPerReq }),
		p50:       time.Duration(med(func(f figures) float64 { return float64(f.p50) })),
		p99:       time.Duration(med(func(f figures) float64 { return float64(f.p99) })),
	}
}

func safeDiv(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// waitUp waits for any answer from url.
func waitUp(url string) {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if r, err := http.Get(url); err == nil { //nolint:gosec // G107: a loopback address of this run
			_ = r.Body.Close() // benchmark tool: best-effort close
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	must(fmt.Errorf("%s did not answer in 10 s", url))
}
