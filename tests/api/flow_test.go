package api

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"anquan/kit/bus"
	"anquan/kit/conf"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/storage/s3fake"
	flowv1 "anquan/proto/blade/flow/v1"
	resourcev1 "anquan/proto/blade/resource/v1"
)

// dropFlowDatabases removes the flow and resource databases a PostgreSQL or
// MySQL run created (env_test drops the platform services' only); the
// cleanup registers before the stack's, so it runs after the stack stopped.
func dropFlowDatabases(t *testing.T) func(*conf.Config) {
	return func(c *conf.Config) {
		t.Cleanup(func() {
			if c.DB.Driver != "sqlite" {
				for _, s := range []string{"flow", "resource"} {
					_ = db.DropDatabase(c, s)
				}
			}
		})
	}
}

// flowAs is the internal flow client acting for the holder of tok, as a
// business service calls it for its own caller.
func (e *env) flowAs(t *testing.T, tok string) (flowv1.FlowInternalClient, context.Context) {
	t.Helper()
	id, err := e.stack.Infra.Verifier.Verify(tok)
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	return flowv1.NewFlowInternalClient(e.stack.Infra.Dialer.Lazy("flow")), ident.With(context.Background(), id)
}

func (e *env) userID(t *testing.T, admin, account string) string {
	t.Helper()
	r := e.get("/api/blade-user/page?account_equal="+account, admin)
	ok(t, r, "user "+account)
	if len(r.list()) == 0 {
		t.Fatalf("no user %s", account)
	}
	return str(r.list()[0].(map[string]any)["id"])
}

func wantCode(t *testing.T, err error, c codes.Code, msgPart, what string) {
	t.Helper()
	if status.Code(err) != c || !strings.Contains(status.Convert(err).Message(), msgPart) {
		t.Fatalf("%s: want %v containing %q, got %v", what, c, msgPart, err)
	}
}

// TestFlow: a tenant's configured chain runs a record to completion; only
// candidates sign (the administrator and the applicant included), todo lists
// and history follow, two simultaneous signers advance it once, and another
// tenant sees nothing of it.
func TestFlow(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b, dropFlowDatabases(t))
			admin := e.login("100001", "admin", "admin")
			safety := e.login("100001", "safety", "123456")
			director := e.login("100001", "director", "123456")
			op := e.login("100001", "operator1", "123456")
			directorID := e.userID(t, admin, "director")
			var evMu sync.Mutex
			events := map[string]string{} // processInstanceId -> subject
			ctx, cancel := context.WithCancel(context.Background())
			t.Cleanup(cancel)
			if err := e.stack.Infra.Bus.Subscribe(ctx, "flow-api-test", []string{"anquan.flow.instance.>"}, func(_ context.Context, ev bus.Event) error {
				var d struct {
					ProcessInstanceID string `json:"processInstanceId"`
					BusinessTable     string `json:"businessTable"`
				}
				_ = json.Unmarshal(ev.Data, &d)
				evMu.Lock()
				events[d.ProcessInstanceID] = ev.Subject + "|" + ev.TenantID + "|" + d.BusinessTable
				evMu.Unlock()
				return nil
			}); err != nil {
				t.Fatalf("subscribe: %v", err)
			}
			eventFor := func(pid, want string) {
				t.Helper()
				eventually(t, want+" of "+pid, func() bool { evMu.Lock(); defer evMu.Unlock(); return events[pid] == want })
			}

			// Model validation.
			fails(t, e.post("/api/blade-flow/model/submit", admin, map[string]any{"modelKey": "test", "name": "空流程"}), 400, "至少需要一个审批环节", "no steps")
			fails(t, e.post("/api/blade-flow/model/submit", admin, map[string]any{"modelKey": "test", "name": "x", "steps": []any{map[string]any{"name": "审批"}}}), 400, "需要指定审批角色或审批人", "step without signer")
			fails(t, e.post("/api/blade-flow/model/submit", admin, map[string]any{"modelKey": "test", "name": "x", "steps": []any{map[string]any{"name": "审批", "roleAliases": "no_such_role"}}}), 400, "角色不存在", "unknown role")
			fails(t, e.post("/api/blade-flow/model/submit", admin, map[string]any{"modelKey": "bad key!", "name": "x", "steps": []any{map[string]any{"name": "审批", "roleAliases": "safety_manager"}}}), 400, "流程标识格式错误", "bad key")
			fails(t, e.post("/api/blade-flow/model/submit", op, map[string]any{"modelKey": "test", "name": "x"}), 403, "", "operator may not configure")
			ok(t, e.post("/api/blade-flow/model/submit", admin, map[string]any{
				"modelKey": "test:a", "name": "测试审批", "forbidApplicant": true,
				"steps": []any{
					map[string]any{"name": "安全审批", "roleAliases": "safety_manager"},
					map[string]any{"name": "车间审批", "userIds": directorID},
				}}), "model submit")
			fails(t, e.post("/api/blade-flow/model/submit", admin, map[string]any{"modelKey": "test:a", "name": "重复", "steps": []any{map[string]any{"name": "审批", "roleAliases": "safety_manager"}}}), 400, "已存在", "duplicate key")
			ml := e.get("/api/blade-flow/model/list?modelKey=test", admin)
			ok(t, ml, "model list")
			if len(ml.list()) != 1 || len(ml.list()[0].(map[string]any)["steps"].([]any)) != 2 {
				t.Fatalf("model list: %s", truncate(ml.Raw))
			}

			// The demo tenant's example models are seeded disabled, so they change nothing.
			seeded := e.get("/api/blade-flow/model/list?modelKey_equal=hazard", admin)
			if len(seeded.list()) != 1 || str(seeded.list()[0].(map[string]any)["status"]) != "0" {
				t.Fatalf("seeded hazard model: %s", truncate(seeded.Raw))
			}

			// The most specific configured key wins over the caller's default chain.
			fc, opCtx := e.flowAs(t, op)
			inst, err := fc.Start(opCtx, &flowv1.StartRequest{ModelKey: "test:a:1", BusinessTable: "test_record", BusinessId: 1, Title: "测试记录", Comment: "请审批",
				DefaultSteps: []*flowv1.Step{{Name: "默认", RoleAliases: "operator"}}})
			if err != nil {
				t.Fatalf("start: %v", err)
			}
			if inst.TaskName != "安全审批" || inst.Status != 0 || len(inst.Steps) != 2 {
				t.Fatalf("start: %+v", inst)
			}
			pid := inst.ProcessInstanceId
			_, err = fc.Start(opCtx, &flowv1.StartRequest{ModelKey: "test:a", BusinessTable: "test_record", BusinessId: 1})
			wantCode(t, err, codes.FailedPrecondition, "已在审批中", "second start")
			if hz, err := fc.Start(opCtx, &flowv1.StartRequest{ModelKey: "hazard", BusinessTable: "test_hazard", BusinessId: 1, DefaultSteps: []*flowv1.Step{{Name: "内置", RoleAliases: "safety_manager"}}}); err != nil || hz.TaskName != "内置" {
				t.Fatalf("a disabled model must not replace the default chain: %v %+v", err, hz)
			}
			_, err = fc.Start(opCtx, &flowv1.StartRequest{ModelKey: "none", BusinessTable: "test_record", BusinessId: 2})
			wantCode(t, err, codes.FailedPrecondition, "未配置审批流程", "no model, no default")

			// Not candidates: the operator, and the administrator (not listed).
			_, err = fc.Complete(opCtx, &flowv1.CompleteRequest{ProcessInstanceId: pid, Pass: true})
			wantCode(t, err, codes.PermissionDenied, "申请人不能审批", "applicant signs")
			ac, adminCtx := e.flowAs(t, admin)
			_, err = ac.Complete(adminCtx, &flowv1.CompleteRequest{ProcessInstanceId: pid, Pass: true})
			wantCode(t, err, codes.PermissionDenied, "不是当前环节【安全审批】的审批人", "administrator signs")

			// To-do lists follow the candidates.
			todo := func(tok string) string {
				r := e.get("/api/blade-flow/work/todo-list", tok)
				ok(t, r, "todo")
				return string(r.Raw)
			}
			if !strings.Contains(todo(safety), pid) || strings.Contains(todo(director), pid) || strings.Contains(todo(admin), pid) {
				t.Fatal("todo lists do not follow the first step's candidates")
			}
			sc, safetyCtx := e.flowAs(t, safety)
			if inst, err = sc.Complete(safetyCtx, &flowv1.CompleteRequest{ProcessInstanceId: pid, Pass: true, Comment: "同意"}); err != nil || inst.TaskName != "车间审批" {
				t.Fatalf("safety signs: %v %+v", err, inst)
			}
			if strings.Contains(todo(safety), pid) || !strings.Contains(todo(director), pid) {
				t.Fatal("todo lists do not follow the second step's candidates")
			}
			if r := e.get("/api/blade-flow/work/done-list", safety); !strings.Contains(string(r.Raw), pid) {
				t.Fatalf("done list of safety: %s", truncate(r.Raw))
			}
			_, err = sc.Complete(safetyCtx, &flowv1.CompleteRequest{ProcessInstanceId: pid, Pass: true})
			wantCode(t, err, codes.PermissionDenied, "车间审批", "safety signs twice")
			if _, err = fc.Record(opCtx, &flowv1.RecordRequest{ProcessInstanceId: pid, Action: "hack"}); status.Code(err) != codes.InvalidArgument {
				t.Fatalf("record bad action: %v", err)
			}
			if _, err = fc.Record(opCtx, &flowv1.RecordRequest{ProcessInstanceId: pid, TaskName: "补充材料", Comment: "已上传图纸"}); err != nil {
				t.Fatalf("record: %v", err)
			}
			dc, directorCtx := e.flowAs(t, director)
			if inst, err = dc.Complete(directorCtx, &flowv1.CompleteRequest{ProcessInstanceId: pid, Pass: true, Comment: "准予作业"}); err != nil || inst.Status != 1 || inst.StepIndex != -1 {
				t.Fatalf("director completes: %v %+v", err, inst)
			}
			_, err = dc.Complete(directorCtx, &flowv1.CompleteRequest{ProcessInstanceId: pid, Pass: true})
			wantCode(t, err, codes.FailedPrecondition, "已审批通过", "sign a finished instance")
			_, err = fc.Cancel(opCtx, &flowv1.RecordRequest{ProcessInstanceId: pid})
			wantCode(t, err, codes.FailedPrecondition, "不能撤销", "cancel a finished instance")

			eventFor(pid, "anquan.flow.instance.completed|100001|test_record")
			h := e.get("/api/blade-flow/process/task-process-comment?processInstanceId="+pid, op)
			ok(t, h, "history")
			lines, _ := h.data().([]any)
			var acts []string
			for _, l := range lines {
				m := l.(map[string]any)
				acts = append(acts, str(m["action"])+":"+str(m["taskName"])+":"+str(m["userName"]))
				if str(m["time"]) == "" {
					t.Fatalf("history line without time: %v", m)
				}
			}
			if len(acts) != 4 || !strings.HasPrefix(acts[0], "start:") || !strings.HasPrefix(acts[1], "pass:安全审批") || !strings.HasPrefix(acts[2], "record:补充材料") || !strings.HasPrefix(acts[3], "pass:车间审批") {
				t.Fatalf("history: %v", acts)
			}

			// Default chain, rejection, and two signers at once.
			two := []*flowv1.Step{{Name: "会签", RoleAliases: "safety_manager,workshop_director"}, {Name: "批准", RoleAliases: "administrator"}}
			inst, err = fc.Start(opCtx, &flowv1.StartRequest{ModelKey: "other", BusinessTable: "test_record", BusinessId: 3, Title: "并发", DefaultSteps: two})
			if err != nil {
				t.Fatalf("start default chain: %v", err)
			}
			var wg sync.WaitGroup
			errsOut := make([]error, 2)
			for i, c := range []struct {
				cl  flowv1.FlowInternalClient
				ctx context.Context
			}{{sc, safetyCtx}, {dc, directorCtx}} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errsOut[i] = c.cl.Complete(c.ctx, &flowv1.CompleteRequest{ProcessInstanceId: inst.ProcessInstanceId, Pass: true})
				}()
			}
			wg.Wait()
			if (errsOut[0] == nil) == (errsOut[1] == nil) {
				t.Fatalf("two signers at once: want exactly one to advance, got %v / %v", errsOut[0], errsOut[1])
			}
			if got, _ := fc.Get(opCtx, &flowv1.ProcessInstanceQuery{ProcessInstanceId: inst.ProcessInstanceId}); got.StepIndex != 1 {
				t.Fatalf("after two signers: step %d", got.StepIndex)
			}
			// Sent back to the first step, signed again, then rejected for good.
			if inst, err = ac.Complete(adminCtx, &flowv1.CompleteRequest{ProcessInstanceId: inst.ProcessInstanceId, Pass: false, ReturnTo: 1, Comment: "补充会签意见"}); err != nil || inst.Status != 0 || inst.TaskName != "会签" {
				t.Fatalf("send back: %v %+v", err, inst)
			}
			if !strings.Contains(todo(safety), inst.ProcessInstanceId) || strings.Contains(todo(admin), inst.ProcessInstanceId) {
				t.Fatal("to-do lists do not follow a task sent back")
			}
			if _, err = sc.Complete(safetyCtx, &flowv1.CompleteRequest{ProcessInstanceId: inst.ProcessInstanceId, Pass: true}); err != nil {
				t.Fatalf("sign again after send back: %v", err)
			}
			if inst, err = ac.Complete(adminCtx, &flowv1.CompleteRequest{ProcessInstanceId: inst.ProcessInstanceId, Pass: false, Comment: "资料不全"}); err != nil || inst.Status != 2 {
				t.Fatalf("administrator rejects: %v %+v", err, inst)
			}
			eventFor(inst.ProcessInstanceId, "anquan.flow.instance.rejected|100001|test_record")
			// desk turns both into messages to the applicant
			eventually(t, "the applicant's messages", func() bool {
				raw := string(e.get("/api/blade-desk/message/list?size=50", op).Raw)
				return strings.Contains(raw, "审批已通过") && strings.Contains(raw, "「测试记录」") && strings.Contains(raw, "审批被驳回") && strings.Contains(raw, "资料不全")
			})

			// Cancel: the applicant (or an administrator) only, and only while in process.
			inst, err = fc.Start(opCtx, &flowv1.StartRequest{ModelKey: "other", BusinessTable: "test_record", BusinessId: 4, DefaultSteps: two})
			if err != nil {
				t.Fatalf("start: %v", err)
			}
			_, err = sc.Cancel(safetyCtx, &flowv1.RecordRequest{ProcessInstanceId: inst.ProcessInstanceId})
			wantCode(t, err, codes.PermissionDenied, "只有申请人或管理员", "a signer cancels")
			if inst, err = fc.Cancel(opCtx, &flowv1.RecordRequest{ProcessInstanceId: inst.ProcessInstanceId, Comment: "不再需要"}); err != nil || inst.Status != 3 {
				t.Fatalf("applicant cancels: %v %+v", err, inst)
			}
			if strings.Contains(todo(safety), inst.ProcessInstanceId) {
				t.Fatal("a cancelled instance stays in the to-do list")
			}
			_, err = sc.Complete(safetyCtx, &flowv1.CompleteRequest{ProcessInstanceId: inst.ProcessInstanceId, Pass: true})
			wantCode(t, err, codes.FailedPrecondition, "已撤销", "sign a cancelled instance")
			if _, err = fc.Start(opCtx, &flowv1.StartRequest{ModelKey: "other", BusinessTable: "test_record", BusinessId: 4, DefaultSteps: two}); err != nil {
				t.Fatalf("restart after cancel: %v", err)
			}

			// Another tenant sees nothing.
			platform := e.login("000000", "admin", "admin")
			ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300002", "tenantName": "流程隔离公司"}), "tenant B")
			other := e.login("300002", "admin", "123456")
			fails(t, e.get("/api/blade-flow/process/task-process-comment?processInstanceId="+pid, other), 400, "不存在", "history across tenants")
			fails(t, e.get("/api/blade-flow/process/detail?processInstanceId="+pid, other), 400, "不存在", "detail across tenants")
			if r := e.get("/api/blade-flow/model/list", other); strings.Contains(string(r.Raw), "test:a") {
				t.Fatal("model list crosses tenants")
			}
			modelID := str(ml.list()[0].(map[string]any)["id"])
			fails(t, e.get("/api/blade-flow/model/detail?id="+modelID, other), 400, "不存在", "model detail across tenants")
			fails(t, e.post("/api/blade-flow/model/remove?ids="+modelID, other, nil), 400, "不存在", "model remove across tenants")
			fails(t, e.post("/api/blade-flow/model/submit", other, map[string]any{"id": modelID, "modelKey": "test:a", "name": "篡改", "steps": []any{map[string]any{"name": "审批", "roleAliases": "administrator"}}}), 400, "不存在", "model update across tenants")
			if r := e.get("/api/blade-flow/model/detail?id="+modelID, admin); str(r.dataMap()["name"]) != "测试审批" {
				t.Fatalf("tenant A's model changed: %s", truncate(r.Raw))
			}
			if r := e.get("/api/blade-flow/work/todo-list", other); len(r.list()) != 0 {
				t.Fatalf("another tenant's to-do list: %s", truncate(r.Raw))
			}
			oc, otherCtx := e.flowAs(t, other)
			_, err = oc.Complete(otherCtx, &flowv1.CompleteRequest{ProcessInstanceId: pid, Pass: true})
			wantCode(t, err, codes.NotFound, "不存在", "complete across tenants")
			fails(t, e.get("/api/blade-flow/process/task-process-comment?processInstanceId=abc", op), 400, "格式错误", "bad id")
		})
	}
}

// upload posts one file as multipart field "file".
func (e *env) upload(t *testing.T, tok, filename string, content []byte) *resp {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", filename)
	if _, err := fw.Write(content); err != nil {
		t.Fatal(err)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return e.call("POST", "/api/upload/put-file", tok, buf.Bytes(), "Content-Type", mw.FormDataContentType())
}

// raw fetches a path with optional Blade-Auth and returns status, type and body.
func (e *env) raw(t *testing.T, path, tok string) (int, string, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", e.base+path, nil)
	if tok != "" {
		req.Header.Set("Blade-Auth", "bearer "+tok)
	}
	res, err := e.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }() // best-effort cleanup in a test
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Content-Type"), b
}

// TestResource: uploads are checked by type class, content and size, stored
// under unguessable names, previewed with the header or ?blade-auth=, and
// invisible to another tenant; only the uploader or an administrator deletes.
func TestResource(t *testing.T) {
	png := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 600)...)
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b, dropFlowDatabases(t), func(c *conf.Config) { c.Storage.MaxUpload = 4096 })
			admin := e.login("100001", "admin", "admin")
			op := e.login("100001", "operator1", "123456")

			r := e.upload(t, op, "现场照片.png", png)
			ok(t, r, "upload png")
			d := r.dataMap()
			name := str(d["name"])
			if !regexp.MustCompile(`^[0-9a-f]{32}\.png$`).MatchString(name) || str(d["originalName"]) != "现场照片.png" || str(d["size"]) != "608" || str(d["link"]) != "/api/upload/preview/"+name {
				t.Fatalf("upload answer: %s", truncate(r.Raw))
			}
			if code, ct, body := e.raw(t, "/api/upload/preview/"+name, op); code != 200 || ct != "image/png" || !bytes.Equal(body, png) {
				t.Fatalf("preview: %d %s %d bytes", code, ct, len(body))
			}
			if code, _, body := e.raw(t, "/api/upload/preview/"+name+"?blade-auth="+url.QueryEscape(admin), ""); code != 200 || !bytes.Equal(body, png) {
				t.Fatalf("preview with ?blade-auth=: %d", code)
			}
			if code, _, _ := e.raw(t, "/api/upload/preview/"+name, ""); code != 401 {
				t.Fatalf("preview without a token: want 401, got %d", code)
			}
			fails(t, e.upload(t, op, "setup.exe", []byte("MZ\x90\x00")), 400, "不支持的文件类型: .exe", "exe")
			fails(t, e.upload(t, op, "noext", []byte("hello")), 400, "不支持的文件类型", "no extension")
			fails(t, e.upload(t, op, "photo.png", append([]byte("MZ\x90\x00\x03"), make([]byte, 100)...)), 400, "文件内容与扩展名 .png 不符", "renamed exe")
			fails(t, e.upload(t, op, "report.docx", []byte("PK\x03\x04not really a zip")), 400, "不符", "fake docx")
			fails(t, e.upload(t, op, "empty.txt", nil), 400, "文件内容为空", "empty")
			fails(t, e.upload(t, op, "big.png", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 5000)...)), 400, "文件大小不能超过", "too large")
			ok(t, e.upload(t, op, "说明.txt", []byte("动火作业安全措施\n1. 清理可燃物")), "upload txt")
			fails(t, e.call("POST", "/api/upload/put-file", op, []byte(`{}`)), 400, "multipart", "not multipart")
			if r := e.upload(t, "", "a.png", png); r.Status != 401 {
				t.Fatalf("upload without a token: %d", r.Status)
			}

			// Another tenant: not found, cannot delete.
			platform := e.login("000000", "admin", "admin")
			ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300003", "tenantName": "附件隔离公司"}), "tenant B")
			other := e.login("300003", "admin", "123456")
			fails(t, e.get("/api/upload/preview/"+name, other), 400, "文件不存在", "preview across tenants")
			fails(t, e.post("/api/upload/delete?fileName="+name, other, nil), 400, "文件不存在", "delete across tenants")
			for _, p := range []string{"..%2F..%2Fetc%2Fpasswd", "x.png", "0123456789abcdef0123456789abcdef.png"} {
				fails(t, e.get("/api/upload/preview/"+p, op), 400, "文件不存在", "odd name "+p)
			}

			// Only the uploader or an administrator deletes.
			mine := str(e.upload(t, admin, "a.png", png).dataMap()["name"])
			fails(t, e.post("/api/upload/delete?fileName="+mine, op, nil), 403, "只能删除自己上传的文件", "delete another's file")
			ok(t, e.post("/api/upload/delete?fileName="+name, op, nil), "delete own file")
			ok(t, e.post("/api/upload/delete?fileName=preview/"+mine, admin, nil), "delete by path after the upload segment")
			fails(t, e.get("/api/upload/preview/"+name, op), 400, "文件不存在", "preview after delete")
		})
	}
}

// TestResourceOnS3: with storage.driver s3 the same upload, preview and
// delete go to an S3-compatible store with signed requests (a fake store
// that checks each signature stands in for MinIO), and the internal Exists
// answers for the caller's tenant only.
func TestResourceOnS3(t *testing.T) {
	fake := s3fake.New("minio", "minio-secret", "us-east-1")
	s3 := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/anquan/100001/") {
			http.Error(w, "AccessDenied", http.StatusForbidden)
			return
		}
		fake.ServeHTTP(w, r)
	}))
	defer s3.Close()
	e := start(t, backends[0], func(c *conf.Config) {
		c.Storage = conf.Storage{Driver: "s3", Endpoint: s3.URL, Region: "us-east-1", Bucket: "anquan", AccessKey: "minio", SecretKey: "minio-secret", MaxUpload: 1 << 20}
	})
	op := e.login("100001", "operator1", "123456")
	pdf := []byte("%PDF-1.4\n% 整改报告\n")
	r := e.upload(t, op, "整改报告.pdf", pdf)
	ok(t, r, "upload to s3")
	name := str(r.dataMap()["name"])
	stored, _ := fake.Object("/anquan/100001/" + name)
	if !bytes.Equal(stored, pdf) {
		t.Fatalf("object not in the bucket under the tenant's prefix: %v", len(stored))
	}
	if code, ct, body := e.raw(t, "/api/upload/preview/"+name, op); code != 200 || ct != "application/pdf" || !bytes.Equal(body, pdf) {
		t.Fatalf("preview from s3: %d %s", code, ct)
	}
	id, _ := e.stack.Infra.Verifier.Verify(op)
	rc := resourcev1.NewResourceInternalClient(e.stack.Infra.Dialer.Lazy("resource"))
	got, err := rc.Exists(ident.With(context.Background(), id), &resourcev1.FileNames{Names: []string{name, "0123456789abcdef0123456789abcdef.png", "../x"}})
	if err != nil || len(got.Names) != 1 || got.Names[0] != name {
		t.Fatalf("exists: %v %v", got, err)
	}
	platform := e.login("000000", "admin", "admin")
	if got, err := rc.Exists(ident.With(context.Background(), mustVerify(t, e, platform)), &resourcev1.FileNames{Names: []string{name}}); err != nil || len(got.Names) != 0 {
		t.Fatalf("exists for another tenant: %v %v", got, err)
	}
	ok(t, e.post("/api/upload/delete?fileName="+name, op, nil), "delete from s3")
	if _, still := fake.Object("/anquan/100001/" + name); still {
		t.Fatal("object not deleted from the bucket")
	}
}

func mustVerify(t *testing.T, e *env, tok string) *ident.Identity {
	t.Helper()
	id, err := e.stack.Infra.Verifier.Verify(tok)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
