package main

// Equipment and inspection: the ledger page over 100,000 items and its due
// list (seeded straight into equipment.db), and generating one day's
// inspection tasks for 5,000 points (250 plans of 20 points on 8-hour
// shifts, seeded into inspection.db): the day's tasks are deleted and one
// generate call through the gateway makes them again, timed.

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"anquan/kit/idgen"
)

const (
	eqItems      = 100000
	inspPoints   = 5000
	inspPerRoute = 20
)

// eqDir is the data folder seedEquipment wrote to (the run reopens inspection.db).
var eqDir string

func init() {
	addArea(area{name: "equipment", seed: seedEquipment, run: runEquipment})
}

func seedEquipment(dir string) {
	eqDir = dir
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "equipment.db")+"?_pragma=busy_timeout(10000)")
	must(err)
	defer func() { _ = db.Close() }() // benchmark tool: best-effort close
	tx, err := db.Begin()
	must(err)
	stmt, err := tx.Prepare(`INSERT INTO equipment_ledger (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
		code, name, category, rule_id, model, maker, area_id, location, responsible_user_id, responsible_name, register_no, commission_date,
		lifecycle, maintain_state, enable, maintain_cycle_days, last_detect_date, next_detect_date, last_maintain_date, next_maintain_date, next_due, remark)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, ?, ?, 0, '', '', 0, '基准测试', 0, '', '', '2020-01-01', 1, 1, 1, 0, '', ?, '', '', ?, '')`)
	must(err)
	now := time.Now()
	for i := 0; i < eqItems; i++ {
		due := now.AddDate(0, 0, i%730-30).Format("2006-01-02")
		_, err := stmt.Exec(idgen.Next(), now, now, fmt.Sprintf("BE-%06d", i), fmt.Sprintf("基准测试设备 %d", i), 1+i%4, due, due)
		must(err)
	}
	must(tx.Commit())

	idb, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "inspection.db")+"?_pragma=busy_timeout(10000)")
	must(err)
	defer func() { _ = idb.Close() }() // benchmark tool: best-effort close
	tx, err = idb.Begin()
	must(err)
	pst, err := tx.Prepare(`INSERT INTO inspection_point (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
		code, name, point_type, equipment_id, area_id, location, items, remark) VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, ?, 2, 0, 0, '', ?, '')`)
	must(err)
	items, _ := json.Marshal([]map[string]any{{"name": "外观", "kind": 1}, {"name": "压力", "kind": 2, "max": 1.6, "unit": "MPa"}})
	var route []string
	plan, err := tx.Prepare(`INSERT INTO inspection_plan (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
		name, point_ids, inspector_user_id, inspector_name, cycle_hours, enable, remark) VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, ?, 1000010000000000404, '王操作', 8, 1, '')`)
	must(err)
	for i := 0; i < inspPoints; i++ {
		id := idgen.Next()
		_, err := pst.Exec(id, now, now, fmt.Sprintf("BP-%05d", i), fmt.Sprintf("基准巡检点 %d", i), string(items))
		must(err)
		route = append(route, fmt.Sprint(id))
		if len(route) == inspPerRoute {
			_, err := plan.Exec(idgen.Next(), now, now, fmt.Sprintf("基准巡检计划 %d", i/inspPerRoute), strings.Join(route, ","))
			must(err)
			route = route[:0]
		}
	}
	must(tx.Commit())
}

func runEquipment(c *http.Client, base, token string) {
	run(c, "equipment: ledger page, 100k (page %d)", func(i int) *http.Request {
		return authed(base+fmt.Sprintf("/api/equipment/ledger/page?current=%d&size=10", i%50+1), token)
	})
	run(c, "equipment: due list within 30 days", func(i int) *http.Request {
		return authed(base+fmt.Sprintf("/api/equipment/ledger/overdue?current=%d&size=10", i%20+1), token)
	})
	name := "equipment/inspection: one day's tasks for 5,000 points (one generate call)"
	if !wanted(name) {
		return
	}
	idb, err := sql.Open("sqlite", "file:"+filepath.Join(eqDir, "inspection.db")+"?_pragma=busy_timeout(10000)")
	must(err)
	defer func() { _ = idb.Close() }() // benchmark tool: best-effort close
	_, err = idb.Exec(`DELETE FROM inspection_task WHERE tenant_id = '100001'`)
	must(err)
	req, _ := http.NewRequest("POST", base+"/api/inspection/task/generate", nil)
	req.Header.Set("Blade-Auth", "bearer "+token)
	t0 := time.Now()
	resp, err := c.Do(req)
	must(err)
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close() // benchmark tool: best-effort close
	fmt.Printf("%-60s %v  %s\n", name, time.Since(t0).Round(time.Millisecond), strings.TrimSpace(string(body)))
}
