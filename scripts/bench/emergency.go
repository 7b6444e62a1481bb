package main

// Emergency and accidents: 100,000 supplies and drills (emergency.db) and
// 100,000 accidents and near misses (accident.db) of tenant 100001, then
// their list pages (first and a deep page, and a filtered one).

import (
	"database/sql"
	"fmt"
	"net/http"
	"path/filepath"
	"time"

	"anquan/kit/idgen"
)

const emergencyRows = 100000

func init() {
	addArea(area{name: "emergency", seed: seedEmergency, run: runEmergency})
}

func seedRows(dir, file, insert string, row func(i int, now time.Time) []any) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, file)+"?_pragma=busy_timeout(10000)")
	must(err)
	defer func() { _ = db.Close() }() // benchmark tool: best-effort close
	tx, err := db.Begin()
	must(err)
	st, err := tx.Prepare(insert)
	must(err)
	now := time.Now()
	for i := 0; i < emergencyRows; i++ {
		_, err := st.Exec(row(i, now)...)
		must(err)
	}
	must(tx.Commit())
}

const emgBase = `id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted`

func seedEmergency(dir string) {
	seedRows(dir, "emergency.db", `INSERT INTO emergency_supply (`+emgBase+`, name, category, model, warehouse, quantity, min_stock, unit,
		expiry_date, check_cycle_days, last_check_date, scrapped, responsible_user_id, remark)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, ?, '', ?, ?, 5, '件', ?, 30, ?, 0, 0, '')`,
		func(i int, now time.Time) []any {
			return []any{idgen.Next(), now, now, fmt.Sprintf("压测物资 %06d", i), i % 14, fmt.Sprintf("仓库 %02d", i%40), i % 20,
				now.AddDate(0, 0, i%800-100), now.AddDate(0, 0, -(i % 60))}
		})
	seedRows(dir, "emergency.db", `INSERT INTO emergency_drill (`+emgBase+`, name, plan_id, way, state, planned_date, place, scenario,
		team_id, participants, responsible_user_id, record, evaluation_grade, evaluation, rectifications, reported_to_authority, state_reason)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, ?, ?, ?, ?, '压测地点', '', 0, 10, 0, '', 0, '', '', 0, '')`,
		func(i int, now time.Time) []any {
			// Drills spread over 5,000 plans (ids of no plan here), as a real
			// tenant's drills name their plans.
			return []any{idgen.Next(), now, now, fmt.Sprintf("压测演练 %06d", i), i%5000 + 1, i % 5, i % 5, now.AddDate(0, 0, -(i % 1000))}
		})
	seedRows(dir, "accident.db", `INSERT INTO accident_report (`+emgBase+`, title, occurred_at, place, accident_type, gb6441_type, cause,
		nature, deaths, serious_injuries, minor_injuries, missing, direct_loss, grade, description, measures_taken, dept_id,
		responsible_user_id, state, reported_at, report_due, supplement_due, investigation_due, extension_days, investigation_leader,
		investigation_report, root_cause, responsibility, education)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, ?, ?, ?, 0, ?, 1, 0, 0, 1, 0, 1.5, 4, '', '', 0, 0, ?, ?, ?, ?, ?, 0, '', '', '', '', '')`,
		func(i int, now time.Time) []any {
			at := now.Add(-time.Duration(i) * time.Hour)
			return []any{idgen.Next(), now, now, fmt.Sprintf("压测事故 %06d", i), at, fmt.Sprintf("区域 %02d", i%30), i%5 + 1, i%3 + 1,
				i % 3, at.Add(30 * time.Minute), at.Add(time.Hour), at.AddDate(0, 0, 30), at.AddDate(0, 0, 60)}
		})
	seedRows(dir, "accident.db", `INSERT INTO accident_near_miss (`+emgBase+`, title, occurred_at, place, potential_type, cause,
		description, measures, reporter_name)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, ?, ?, ?, ?, '压测', '', '压测')`,
		func(i int, now time.Time) []any {
			return []any{idgen.Next(), now, now, fmt.Sprintf("压测未遂 %06d", i), now.Add(-time.Duration(i) * time.Hour), fmt.Sprintf("区域 %02d", i%30),
				i%5 + 1, i%3 + 1}
		})
}

func runEmergency(c *http.Client, base, token string) {
	get := func(path string) func(i int) *http.Request {
		return func(i int) *http.Request { return authed(base+path, token) }
	}
	run(c, "emergency: supply page", get("/api/emergency/supply/page?size=10&current=1"))
	run(c, "emergency: supply page 5000", get("/api/emergency/supply/page?size=10&current=5000"))
	run(c, "emergency: supply page by warehouse", get("/api/emergency/supply/page?size=10&warehouse=%E4%BB%93%E5%BA%93%2007"))
	run(c, "emergency: drill page", get("/api/emergency/drill/page?size=10&current=1"))
	run(c, "emergency: drill page state=2", get("/api/emergency/drill/page?size=10&state=2"))
	run(c, "emergency: plan page", get("/api/emergency/plan/page?size=10&current=1"))
	run(c, "emergency: accident report page", get("/api/accident/report/page?size=10&current=1"))
	run(c, "emergency: accident report page 5000", get("/api/accident/report/page?size=10&current=5000"))
	run(c, "emergency: accident report page type=2", get("/api/accident/report/page?size=10&accidentType=2"))
	run(c, "emergency: accident near-miss page", get("/api/accident/near-miss/page?size=10&current=1"))
	run(c, "emergency: accident stats of the year", get("/api/accident/report/stats"))
}
