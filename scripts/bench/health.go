package main

// Occupational health: 100,000 examinations (health.db) of tenant 100001
// over the five types and five conclusions, then their list page (first and
// a deep page, by conclusion, by name) and the periodic examinations due.

import (
	"fmt"
	"net/http"
	"time"

	"anquan/kit/idgen"
)

func init() {
	addArea(area{name: "health", seed: seedHealth, run: runHealth})
}

func seedHealth(dir string) {
	seedRows(dir, "health.db", `INSERT INTO health_exam (`+emgBase+`, user_id, user_name, exam_type, exam_date, institution, factor_names,
		conclusion, conclusion_note, needs_reassign, reassigned, diagnosis_id)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, ?, ?, ?, '压测体检机构', '苯、噪声', ?, '', 0, 0, 0)`,
		func(i int, now time.Time) []any {
			at := now.Add(-time.Duration(i) * time.Minute)
			return []any{idgen.Next(), at, at, 900000000 + i%5000, fmt.Sprintf("压测人员 %04d", i%5000), i%5 + 1, at, i%5 + 1}
		})
}

func runHealth(c *http.Client, base, token string) {
	get := func(path string) func(i int) *http.Request {
		return func(i int) *http.Request { return authed(base+path, token) }
	}
	run(c, "health: exam page", get("/api/health/exam/page?size=10&current=1"))
	run(c, "health: exam page 5000", get("/api/health/exam/page?size=10&current=5000"))
	run(c, "health: exam page conclusion=4", get("/api/health/exam/page?size=10&conclusion=4"))
	run(c, "health: exam page by name", get("/api/health/exam/page?size=10&userName=%E5%8E%8B%E6%B5%8B%E4%BA%BA%E5%91%98%200123"))
	run(c, "health: exam due", get("/api/health/exam/due"))
}
