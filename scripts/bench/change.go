package main

// Management of change: 100,000 change requests (change.db) of tenant
// 100001 spread over the seven types and the seven stages, then their list
// page (first and a deep page, by stage, by title) and the export's first
// rows.

import (
	"fmt"
	"net/http"
	"time"

	"anquan/kit/idgen"
)

func init() {
	addArea(area{name: "change", seed: seedChange, run: runChange})
}

func seedChange(dir string) {
	seedRows(dir, "change.db", `INSERT INTO change_request (`+emgBase+`, title, change_type, attribute, category, construction_nature,
		construction_status, temporary, expire_at, reason, content, location, dept_id, applicant_name, state, risk_analysis, approver_name,
		approve_note, startup_at, accept_note, reject_reason, closed_at, overdue_notified)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, ?, ?, ?, 0, 0, 0, NULL, '', '压测变更内容', ?, 0, '压测', ?, '', '', '', NULL, '', '', NULL, 0)`,
		func(i int, now time.Time) []any {
			at := now.Add(-time.Duration(i) * time.Minute)
			return []any{idgen.Next(), at, at, fmt.Sprintf("压测变更 %06d", i), i%7 + 1, i%2 + 1, i%2 + 1, fmt.Sprintf("装置 %02d", i%30), i % 7}
		})
}

func runChange(c *http.Client, base, token string) {
	get := func(path string) func(i int) *http.Request {
		return func(i int) *http.Request { return authed(base+path, token) }
	}
	run(c, "change: request page", get("/api/change/request/page?size=10&current=1"))
	run(c, "change: request page 5000", get("/api/change/request/page?size=10&current=5000"))
	run(c, "change: request page state=3", get("/api/change/request/page?size=10&state=3"))
	run(c, "change: request page by title", get("/api/change/request/page?size=10&title=%E5%8E%8B%E6%B5%8B%E5%8F%98%E6%9B%B4%200123"))
}
