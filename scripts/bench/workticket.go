package main

// Permits: the list of 100,000 permits of tenant 100001 (seeded straight
// into workticket.db) and full permit lifecycles through the gateway
// (apply, approve, confirm measures, gas analysis, start, complete, accept).

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"anquan/kit/idgen"
)

const wtPermits = 100000

func init() {
	addArea(area{name: "workticket", seed: seedPermits, run: runPermits})
}

func seedPermits(dir string) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "workticket.db")+"?_pragma=busy_timeout(10000)")
	must(err)
	defer func() { _ = db.Close() }() // benchmark tool: best-effort close
	tx, err := db.Begin()
	must(err)
	stmt, err := tx.Prepare(`INSERT INTO wt_ticket (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
		ticket_no, work_type, level, work_unit, area_name, location, content, applicant_name, operator_ids, operator_names, guardian_name,
		plan_start, plan_end, plan_day, hazard_codes, measures, related_ticket_nos, attachments, ticket_status, job_status, work_phase, flow_status, detail)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, ?, ?, '合成车间', '合成车间', '装置区', ?, '管理员', '', '孙焊工', '张主任',
		?, ?, ?, '08', '[]', '', '', ?, ?, ?, 1, '{}')`)
	must(err)
	types := []struct{ code, prefix string }{{"hotWork", "DH"}, {"confinedSpaceWork", "SX"}, {"blindPlateWork", "MB"}, {"altitudeWork", "GC"},
		{"liftingWork", "DZ"}, {"temporaryPowerWork", "LD"}, {"breakGroundWork", "DT"}, {"openCircuitWork", "DL"}}
	base := time.Now().Add(-200 * 24 * time.Hour)
	for i := 0; i < wtPermits; i++ {
		ty := types[i%len(types)]
		at := base.Add(time.Duration(i) * 3 * time.Minute)
		st := []int32{0, 1, 3, 3, 3, 4}[i%6]
		job := map[int32]int32{0: 1, 1: 2, 3: 3, 4: 1}[st]
		_, err := stmt.Exec(idgen.Next(), at, at, fmt.Sprintf("%s-B%s-%06d", ty.prefix, at.Format("20060102"), i), ty.code, i%3,
			fmt.Sprintf("基准测试作业 %d", i), at, at.Add(4*time.Hour), at.Format("2006-01-02"), st, job, job)
		must(err)
	}
	must(tx.Commit())
}

// wtCall posts or gets JSON through the gateway and returns data.
func wtCall(c *http.Client, method, url, token string, body any) (map[string]any, error) {
	var rd *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	r, _ := http.NewRequest(method, url, rd)
	r.Header.Set("Blade-Auth", "bearer "+token)
	r.Header.Set("Content-Type", "application/json")
	res, err := c.Do(r)
	if err != nil {
		return nil, err
	}
	defer func() { _ = res.Body.Close() }() // benchmark tool: best-effort close
	var out map[string]any
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		return nil, err
	}
	if res.StatusCode != 200 {
		return nil, fmt.Errorf("%s %s: %d %v", method, url, res.StatusCode, out["msg"])
	}
	d, _ := out["data"].(map[string]any)
	if d == nil {
		d = map[string]any{"list": out["data"]}
	}
	return d, nil
}

func firstID(c *http.Client, url, token string) string {
	d, err := wtCall(c, "GET", url, token, nil)
	must(err)
	recs, _ := d["records"].([]any)
	if recs == nil {
		recs, _ = d["list"].([]any)
	}
	if len(recs) == 0 {
		must(fmt.Errorf("nothing at %s", url))
	}
	return fmt.Sprint(recs[0].(map[string]any)["id"])
}

func runPermits(c *http.Client, base, token string) {
	get := func(name, query string) {
		run(c, name, func(i int) *http.Request {
			r, _ := http.NewRequest("GET", base+"/api/n-work-ticket/ticket/list?"+fmt.Sprintf(query, i%50+1), nil)
			r.Header.Set("Blade-Auth", "bearer "+token)
			return r
		})
	}
	get("workticket: permit list, 100k (page %d)", "current=%d&size=10")
	get("workticket: permit list, type+status filter", "current=%d&size=10&workType_equal=hotWork&ticketStatus_equal=3")
	lifecycle(c, base, token)
}

// lifecycle drives whole permits (二级 hot work on a working day: one
// approval step) with *conns workers for *duration.
func lifecycle(c *http.Client, base, admin string) {
	name := "workticket: full permit lifecycle (7 calls)"
	if !wanted(name) {
		return
	}
	wt := base + "/api/n-work-ticket"
	director := login(c, base, "director", "123456")
	welder := firstID(c, base+"/api/blade-user/page?account_equal=welder", admin)
	safety := firstID(c, base+"/api/blade-user/page?account_equal=safety", admin)
	area := firstID(c, base+"/api/nDoublePrevention/risk-partition/list", admin)
	cst := time.FixedZone("CST", 8*3600)
	now := time.Now().In(cst)
	day := func(t time.Time) string { return t.Format("2006-01-02") }
	_, err := wtCall(c, "POST", wt+"/calendar/submit", admin, map[string]any{"items": []map[string]any{
		{"day": day(now), "dayType": 1}, {"day": day(now.Add(4 * time.Hour)), "dayType": 1}, {"day": day(now.Add(*duration + 4*time.Hour)), "dayType": 1}}})
	must(err)
	_, err = wtCall(c, "POST", wt+"/calendar/setting", admin, map[string]any{"nightStart": now.Add(6 * time.Hour).Format("15:04"), "nightEnd": now.Add(7 * time.Hour).Format("15:04")})
	must(err)

	// Time spent per call kind (where a permit's latency goes).
	var stepNanos [7]atomic.Int64
	stepNames := []string{"submit+apply", "approve", "measure-confirm", "gas", "start", "complete", "accept"}
	one := func() error {
		t := time.Now().In(cst)
		t0 := time.Now()
		p, err := wtCall(c, "POST", wt+"/ticket/submit", admin, map[string]any{
			"workType": "hotWork", "workUnit": "合成车间", "areaId": area, "location": "管廊", "content": "基准测试动火",
			"operatorIds": welder, "guardianId": safety, "planStartTime": t.Add(-time.Minute).Format("2006-01-02 15:04:05"),
			"planEndTime": t.Add(2 * time.Hour).Format("2006-01-02 15:04:05"), "hazardCodes": "08",
			"hotWork": map[string]any{"fireLevel": 2, "tools": "weld"}, "safetyMeasures": []map[string]any{{"content": "监护人已到位"}}, "apply": true})
		if err != nil {
			return err
		}
		stepNanos[0].Add(int64(time.Since(t0)))
		id := p["id"]
		steps := []struct {
			path, tok string
			body      map[string]any
		}{
			{"/ticket/approve", director, map[string]any{"id": id, "pass": true, "comment": "同意"}},
			{"/ticket/measure-confirm", admin, map[string]any{"id": id, "measures": []map[string]any{{"seq": 1, "involved": true}}}},
			{"/gas/submit", admin, map[string]any{"ticketId": id, "readings": []map[string]any{{"gasName": "甲烷", "gasType": 1, "value": 0.1, "lel": 5}}}},
			{"/ticket/start", admin, map[string]any{"id": id}},
			{"/ticket/complete", admin, map[string]any{"id": id}},
			{"/ticket/accept", admin, map[string]any{"id": id}},
		}
		for i, s := range steps {
			t0 := time.Now()
			if _, err := wtCall(c, "POST", wt+s.path, s.tok, s.body); err != nil {
				return err
			}
			stepNanos[i+1].Add(int64(time.Since(t0)))
		}
		return nil
	}
	var (
		mu       sync.Mutex
		lat      []time.Duration
		done     atomic.Int64
		failures atomic.Int64
		wg       sync.WaitGroup
		firstErr atomic.Value
	)
	cpu0 := cpuSeconds(serverPID)
	end := time.Now().Add(*duration)
	for w := 0; w < *conns; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for time.Now().Before(end) {
				t := time.Now()
				if err := one(); err != nil {
					failures.Add(1)
					firstErr.CompareAndSwap(nil, err.Error())
					continue
				}
				mine = append(mine, time.Since(t))
				done.Add(1)
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[int(float64(len(lat)-1)*p)].Microseconds()) / 1000
	}
	perPermit := 0.0
	if n := done.Load(); n > 0 {
		perPermit = (cpuSeconds(serverPID) - cpu0) / float64(n) * 1e3
	}
	fmt.Printf("%-42s %8.0f permits/s p50 %7.2f ms   p99 %7.2f ms   server CPU %6.1f ms/permit  errors %d\n", name,
		float64(done.Load())/duration.Seconds(), pct(0.5), pct(0.99), perPermit, failures.Load())
	if n := done.Load(); n > 0 {
		fmt.Print("  mean per call:")
		for i, name := range stepNames {
			fmt.Printf(" %s %.1f ms", name, float64(stepNanos[i].Load())/float64(n)/1e6)
		}
		fmt.Println()
	}
	if e := firstErr.Load(); e != nil {
		fmt.Printf("  first error: %v\n", e)
	}
}
