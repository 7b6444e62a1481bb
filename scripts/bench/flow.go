package main

// Approvals: 100,000 process instances of tenant 100001 (seeded straight
// into flow.db), 12,000 of them open (2,000 waiting for safety_manager,
// 10,000 for workshop_director), each with its history. The to-do list is
// driven by the candidate index, so its cost follows the caller's to-dos,
// not the instance count.

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"path/filepath"
	"time"

	"anquan/kit/idgen"
)

const (
	flInstances = 100000
	flSafety    = 2000
	flDirector  = 10000
)

var flSample int64

func init() {
	addArea(area{name: "flow", seed: seedFlow, run: runFlow})
}

func seedFlow(dir string) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "flow.db")+"?_pragma=busy_timeout(10000)")
	must(err)
	defer func() { _ = db.Close() }() // benchmark tool: best-effort close
	tx, err := db.Begin()
	must(err)
	inst, err := tx.Prepare(`INSERT INTO flow_instance (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
		model_key, business_table, business_id, title, applicant_id, applicant_name, state, step_index, steps, forbid_applicant, version)
		VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, 'bench', 'bench_record', ?, ?, 1000010000000000401, '管理员', ?, ?, ?, 1, 0)`)
	must(err)
	cand, err := tx.Prepare(`INSERT INTO flow_candidate (id, tenant_id, instance_id, who) VALUES (?, '100001', ?, ?)`)
	must(err)
	comment, err := tx.Prepare(`INSERT INTO flow_comment (id, tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted,
		instance_id, task_name, user_id, user_name, action, comment) VALUES (?, '100001', 0, 0, ?, 0, ?, 1, 0, ?, '发起申请', 1000010000000000401, '管理员', 'start', '')`)
	must(err)
	steps := `[{"name":"车间审批","roles":["workshop_director"]},{"name":"安全审批","roles":["safety_manager"]}]`
	base := time.Now().Add(-100 * 24 * time.Hour)
	for i := 0; i < flInstances; i++ {
		id := idgen.Next()
		at := base.Add(time.Duration(i) * time.Minute)
		state, step, role := int32(1), int32(-1), ""
		switch {
		case i%50 == 0 && i/50 < flSafety:
			state, step, role = 0, 1, "safety_manager"
		case i%10 == 1:
			state, step, role = 0, 0, "workshop_director"
		}
		_, err := inst.Exec(id, at, at, i+1, fmt.Sprintf("基准审批 %d", i), state, step, steps)
		must(err)
		if role != "" {
			_, err = cand.Exec(idgen.Next(), id, "r:"+role)
			must(err)
		}
		_, err = comment.Exec(idgen.Next(), at, at, id)
		must(err)
		if i == flInstances/2 {
			flSample = id
		}
	}
	must(tx.Commit())
}

func runFlow(c *http.Client, base, token string) {
	safety := login(c, base, "safety", "123456")
	director := login(c, base, "director", "123456")
	get := func(name, tok, path string) {
		run(c, name, func(i int) *http.Request {
			r, _ := http.NewRequest("GET", base+fmt.Sprintf(path, i%20+1), nil)
			r.Header.Set("Blade-Auth", "bearer "+tok)
			return r
		})
	}
	get("flow: to-do list, 2,000 of 100k waiting (page %d)", safety, "/api/blade-flow/work/todo-list?current=%d&size=10")
	get("flow: to-do list, 10,000 of 100k waiting (page %d)", director, "/api/blade-flow/work/todo-list?current=%d&size=10")
	get("flow: history of one instance (%d)", token, "/api/blade-flow/process/task-process-comment?processInstanceId="+fmt.Sprint(flSample)+"&n=%d")

	// Attachments: a 100 KB photo read back through ?blade-auth= (what an <img> does).
	img := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 100<<10)...)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "现场照片.png")
	_, _ = fw.Write(img) // writes into a bytes.Buffer, which cannot fail
	_ = mw.Close()       // writes into a bytes.Buffer, which cannot fail
	r, _ := http.NewRequest("POST", base+"/api/upload/put-file", &body)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	r.Header.Set("Blade-Auth", "bearer "+token)
	res, err := c.Do(r)
	must(err)
	var up struct {
		Data struct{ Name string } `json:"data"`
	}
	must(json.NewDecoder(res.Body).Decode(&up))
	_ = res.Body.Close() // benchmark tool: best-effort close
	get("flow: attachment preview, a 100 KB photo (%d)", token, "/api/upload/preview/"+up.Data.Name+"?n=%d&blade-auth="+url.QueryEscape(token))
}
