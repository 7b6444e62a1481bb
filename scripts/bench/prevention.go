package main

// Double prevention: one day of inspection tasks generated for 10,000
// plans of tenant 100001 on hourly to yearly cycles (seeded straight into
// prevention.db with their measures), and the hidden-danger page over
// 100,000 hazards.

import (
	"database/sql"
	"fmt"
	"net/http"
	"path/filepath"
	"time"

	"anquan/kit/idgen"
	"anquan/kit/timefmt"
)

const (
	pvPlans   = 10000
	pvHazards = 100000
)

func init() {
	addArea(area{name: "prevention", seed: seedPrevention, run: runPrevention})
}

// pvTomorrow is the day generated: plans start then, so the server's own
// scheduler (which generates up to now at start) leaves the whole day to
// the measured call.
func pvTomorrow() time.Time {
	n := time.Now().In(timefmt.Zone)
	return time.Date(n.Year(), n.Month(), n.Day()+1, 0, 0, 0, 0, timefmt.Zone)
}

// pvCycles: (cycle, unit, share in tenths of a percent) — hourly patrols
// dominate the task count, as in a plant (两重点一重大 units every hour).
var pvCycles = []struct {
	n, unit int32
	per1000 int
}{
	{1, 1, 100}, {2, 1, 100}, {8, 1, 100}, {1, 2, 300}, {7, 2, 100}, {1, 3, 200}, {1, 4, 100},
}

func seedPrevention(dir string) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "prevention.db")+"?_pragma=busy_timeout(10000)")
	must(err)
	defer func() { _ = db.Close() }() // benchmark tool: best-effort close
	tx, err := db.Begin()
	must(err)
	now := time.Now().In(timefmt.Zone)
	start := pvTomorrow()
	ms, err := tx.Prepare(`INSERT INTO prevention_measure (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
		event_id, unit_id, data_src, classify1, classify2, classify3, description, troubleshoot_content, remark)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, 1, 1, 2, 1, '1-1', '', ?, '检查运行参数', '')`)
	must(err)
	ps, err := tx.Prepare(`INSERT INTO prevention_check_plan (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
		measure_id, event_id, unit_id, unit_name, name, troubleshoot_content, check_cycle, check_cycle_unit, duty_type, dept_id, dept_name,
		post_id, post_name, responsible_user_id, responsible_user_name, start_time, end_time, enabled, next_seq, remark)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, 1, 1, '基准单元', ?, '检查运行参数', ?, ?, 1, 0, '', 1000010000000000303, '操作工', 0, '', ?, NULL, 1, 0, '')`)
	must(err)
	i := 0
	for _, c := range pvCycles {
		for k := 0; k < pvPlans*c.per1000/1000; k++ {
			mid := idgen.Next()
			_, err := ms.Exec(mid, now, now, fmt.Sprintf("基准管控措施 %d", i))
			must(err)
			_, err = ps.Exec(idgen.Next(), now, now, mid, fmt.Sprintf("基准排查任务 %d", i), c.n, c.unit, start)
			must(err)
			i++
		}
	}
	hs, err := tx.Prepare(`INSERT INTO prevention_hazard (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
		danger_name, danger_desc, danger_level, danger_src, danger_manage_type, hazard_danger_type, unit_id, unit_name, report_user_id,
		report_user_name, report_time, deadline, liable_user_id, liable_user_name, photos, treatment_plan, rectify_measures, rectify_photos,
		danger_state, overdue)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, '基准测试隐患描述', ?, ?, 1, ?, 1, '基准单元', 1000010000000000401, '管理员', ?, ?,
		1000010000000000401, '管理员', '', '', '', '', ?, 0)`)
	must(err)
	base := now.Add(-300 * 24 * time.Hour)
	states := []int32{9, 9, 9, 0, 1, 10}
	for j := 0; j < pvHazards; j++ {
		at := base.Add(time.Duration(j) * 4 * time.Minute)
		_, err := hs.Exec(idgen.Next(), at, at, fmt.Sprintf("基准隐患 %d", j), j%7/6, j%10+1, j%8+1, at, at.Add(7*24*time.Hour), states[j%len(states)])
		must(err)
	}
	must(tx.Commit())
	fmt.Printf("  prevention: %d measures and plans, %d hazards\n", i, pvHazards)
}

func runPrevention(c *http.Client, base, token string) {
	if !wanted("prevention: generate") && !wanted("prevention: hidden-danger") {
		return
	}
	day := pvTomorrow()
	until := timefmt.Format(day.Add(24*time.Hour - time.Second))
	for _, label := range []string{"first run", "rerun (idempotent)"} {
		t0 := time.Now()
		d, err := wtCall(c, "POST", base+"/api/nDoublePrevention/check-task/generate", token, map[string]any{"until": until})
		if err != nil {
			fmt.Println("prevention: generate one day:", err)
			return
		}
		fmt.Printf("%-42s %8v   plans %v   tasks created %v   (server %v ms)\n", "prevention: generate one day, "+label,
			time.Since(t0).Round(time.Millisecond), d["plans"], d["created"], d["millis"])
	}
	page := func(name, filter string) {
		run(c, name, func(i int) *http.Request {
			r, _ := http.NewRequest("GET", base+"/api/nDoublePrevention/hidden-danger/page?size=10&current="+fmt.Sprint(i%50+1)+filter, nil)
			r.Header.Set("Blade-Auth", "bearer "+token)
			return r
		})
	}
	page("prevention: hidden-danger page (100k rows)", "")
	page("prevention: hidden-danger page, state+level", "&dangerState_equal=0&dangerLevel_equal=1")
}
