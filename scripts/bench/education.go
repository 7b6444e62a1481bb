package main

// Education: 100,000 marked attempts of one demo exam (half of them passed),
// then the results page a manager reads (首页 and deep pages), filtered by
// the exam and by passed.

import (
	"database/sql"
	"fmt"
	"net/http"
	"path/filepath"
	"time"

	"anquan/kit/idgen"
)

const educationResults = 100000

func init() {
	addArea(area{name: "education", seed: seedEducation, run: runEducation})
}

func seedEducation(dir string) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "education.db")+"?_pragma=busy_timeout(10000)")
	must(err)
	defer func() { _ = db.Close() }() // benchmark tool: best-effort close
	var examID int64
	var name string
	var start, end time.Time
	must(db.QueryRow(`SELECT id, name, start_time, end_time FROM edu_exam WHERE tenant_id = '100001' AND is_deleted = 0 ORDER BY id LIMIT 1`).Scan(&examID, &name, &start, &end))
	// Times as the service writes them (local, no zone name read back from the file).
	start, end = time.Unix(start.Unix(), 0), time.Unix(end.Unix(), 0)
	tx, err := db.Begin()
	must(err)
	st, err := tx.Prepare(`INSERT INTO edu_record (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
		exam_id, exam_name, user_id, user_name, state, started_at, deadline, submitted_at, score, total_score, pass_score, passed, auto_submitted,
		duration, exam_start, exam_end, items, cert_no)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, ?, ?, ?, 2, ?, ?, ?, ?, 100, 60, ?, 0, 30, ?, ?, '[]', '')`)
	must(err)
	now := time.Now()
	for i := 0; i < educationResults; i++ {
		score := 40 + i%61
		started := start.Add(time.Duration(i%1440) * time.Minute)
		_, err := st.Exec(idgen.Next(), now, now, examID, name, 2000000000000000000+int64(i), fmt.Sprintf("考生%06d", i),
			started, started.Add(30*time.Minute), started.Add(20*time.Minute), score, score >= 60, start, end)
		must(err)
	}
	must(tx.Commit())
}

func runEducation(c *http.Client, base, token string) {
	get := func(path string) func(i int) *http.Request {
		return func(i int) *http.Request {
			r, _ := http.NewRequest("GET", base+path+fmt.Sprint(i%50+1), nil)
			r.Header.Set("Blade-Auth", "bearer "+token)
			return r
		}
	}
	run(c, "education: results page (100,000 attempts)", get("/api/education/record/page?size=10&current="))
	run(c, "education: results of passed attempts", get("/api/education/record/page?passed_equal=1&size=10&current="))
	run(c, "education: my exams", get("/api/education/record/mine?size=10&current="))
}
