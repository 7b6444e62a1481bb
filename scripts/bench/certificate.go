package main

// Certificates: one certificate per seeded bench user (a fifth of them
// welding, dates spread so some are expired or expiring), then the pages a
// permit form and the reminder page call: operatorList filtered by a kind
// and valid today, the certificate page, and certificateExpireInfo.

import (
	"database/sql"
	"fmt"
	"net/http"
	"path/filepath"
	"time"

	"anquan/kit/idgen"
)

var certKinds = []string{"welding", "electrician", "height", "lifting", "hazardous_chemicals"}

func init() {
	addArea(area{name: "certificate", seed: seedCertificates, run: runCertificates})
}

func seedCertificates(dir string) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "user.db")+"?_pragma=busy_timeout(10000)")
	must(err)
	defer func() { _ = db.Close() }() // benchmark tool: best-effort close
	rows, err := db.Query(`SELECT id, main_dept_id FROM blade_user WHERE tenant_id = '100001' AND account LIKE 'bench%'`)
	must(err)
	type u struct{ id, dept int64 }
	var users []u
	for rows.Next() {
		var x u
		must(rows.Scan(&x.id, &x.dept))
		users = append(users, x)
	}
	must(rows.Err())
	_ = rows.Close() // benchmark tool: best-effort close
	tx, err := db.Begin()
	must(err)
	st, err := tx.Prepare(`INSERT INTO blade_user_certificate (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
		user_id, kind, certificate_no, issuing_authority, issue_date, expire_date, review_date, attachments, in_or_out, dept_id, remark)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, ?, ?, '苏州市应急管理局', ?, ?, '', '', 1, ?, '')`)
	must(err)
	now := time.Now()
	for i, x := range users {
		issue := now.AddDate(0, 0, -1000-i%500).Format("2006-01-02")
		expire := now.AddDate(0, 0, i%1200-100).Format("2006-01-02")
		_, err := st.Exec(idgen.Next(), now, now, x.id, certKinds[i%len(certKinds)], fmt.Sprintf("BENCH-%06d", i), issue, expire, x.dept)
		must(err)
	}
	must(tx.Commit())
}

func runCertificates(c *http.Client, base, token string) {
	get := func(path string) func(i int) *http.Request {
		return func(i int) *http.Request {
			r, _ := http.NewRequest("GET", base+path+fmt.Sprint(i%50+1), nil)
			r.Header.Set("Blade-Auth", "bearer "+token)
			return r
		}
	}
	run(c, "certificate: operatorList kind=welding qualified", get("/api/blade_user_certificate/usercertificate/operatorList?kind=welding&qualified=1&size=10&current="))
	run(c, "certificate: certificate page", get("/api/blade_user_certificate/usercertificate/page?size=10&current="))
	run(c, "certificate: certificateExpireInfo", get("/api/certificateExpire/certificateExpireInfo?size=10&current="))
}
