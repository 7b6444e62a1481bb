package main

// Factory: the point look-up (pointExistRange: which areas contain a GPS
// fix, the call a positioning feed makes per reading) over 2,000 risk
// partitions of tenant 100001, and the risk-partition page.

import (
	"database/sql"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"anquan/kit/idgen"
)

const fcGrid = 50 // fcGrid x fcGrid/… squares: 50 x 40 = 2,000 areas

func init() {
	addArea(area{name: "factory", seed: seedFactory, run: runFactory})
}

// seedFactory lays a 50 x 40 grid of 100 m squares (each with its box) east
// of the demo plant.
func seedFactory(dir string) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "factory.db")+"?_pragma=busy_timeout(10000)")
	must(err)
	defer func() { _ = db.Close() }() // benchmark tool: best-effort close
	tx, err := db.Begin()
	must(err)
	st, err := tx.Prepare(`INSERT INTO base_risk_partition (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
		name, code, area_type, risk_level, area_location, dept_id, user_id, user_name, remark, sort, min_lng, min_lat, max_lng, max_lat)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, ?, ?, ?, ?, 0, 0, '', '', ?, ?, ?, ?, ?)`)
	must(err)
	now := time.Now()
	const step = 0.001
	for i := 0; i < fcGrid; i++ {
		for j := 0; j < 40; j++ {
			x, y := 118.81+float64(i)*step, 32.27+float64(j)*step
			ring := fmt.Sprintf("[[%.4f,%.4f],[%.4f,%.4f],[%.4f,%.4f],[%.4f,%.4f],[%.4f,%.4f]]", x, y, x+step, y, x+step, y+step, x, y+step, x, y)
			n := i*40 + j
			_, err := st.Exec(idgen.Next(), now, now, fmt.Sprintf("网格区%04d", n), fmt.Sprintf("BENCH-%04d", n), n%3+1, n%4+1, ring, n+100, x, y, x+step, y+step)
			must(err)
		}
	}
	must(tx.Commit())
}

func runFactory(c *http.Client, base, token string) {
	run(c, "factory: pointExistRange (2,000 areas)", func(i int) *http.Request {
		// a point inside square (i%50, i%40), off-centre
		x, y := 118.81+float64(i%fcGrid)*0.001+0.0003, 32.27+float64(i%40)*0.001+0.0007
		r, _ := http.NewRequest("POST", base+"/api/common/drop-downBox/pointExistRange", strings.NewReader(fmt.Sprintf(`{"longitude":%.6f,"latitude":%.6f}`, x, y)))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Blade-Auth", "bearer "+token)
		return r
	})
	run(c, "factory: risk-partition page", func(i int) *http.Request {
		r, _ := http.NewRequest("GET", base+"/api/nDoublePrevention/risk-partition/page?size=10&current="+fmt.Sprint(i%100+1), nil)
		r.Header.Set("Blade-Auth", "bearer "+token)
		return r
	})
}
