package api

import (
	"strings"
	"testing"
)

// TestEveryWriteLeavesAnAuditEntry: a write through the gateway is in its
// service's audit log with who, what and which record; tenant
// administrators page and export it per service; members without the right
// and other tenants see none of it.
func TestEveryWriteLeavesAnAuditEntry(t *testing.T) {
	e := start(t, backends[0])
	admin := e.login("100001", "admin", "admin")
	ok(t, e.post("/api/blade-system/post/submit", admin, map[string]any{"postCode": "audit1", "postName": "审计岗位", "category": 1}), "post")
	id := str(e.get("/api/blade-system/post/list?postCode_equal=audit1", admin).list()[0].(map[string]any)["id"])
	ok(t, e.post("/api/blade-system/post/submit", admin, map[string]any{"id": id, "postCode": "audit1", "postName": "审计岗位二", "category": 1}), "post update")
	ok(t, e.post("/api/blade-system/post/remove?ids="+id, admin, nil), "post remove")

	src := e.get("/api/audit-log/services", admin)
	ok(t, src, "audit sources")
	if !strings.Contains(string(src.Raw), `"service":"workticket"`) || !strings.Contains(string(src.Raw), "双重预防") {
		t.Fatalf("audit sources: %s", truncate(src.Raw))
	}
	page := e.get("/api/audit-log/page?service=system&size=50&recordIds="+id, admin)
	ok(t, page, "audit page")
	var ops []string
	for _, r := range page.list() {
		m := r.(map[string]any)
		if m["entity"] != "blade_post" || m["account"] != "admin" || m["tenantId"] != "100001" || m["entityName"] != "岗位" {
			t.Fatalf("audit entry: %v", m)
		}
		ops = append(ops, str(m["op"])+":"+str(m["changes"]))
	}
	// Newest first: the logical delete, the update, the creation.
	if len(ops) != 3 || ops[0] != "delete:is_deleted" || !strings.HasPrefix(ops[1], "update:") || !strings.Contains(ops[1], "post_name") || ops[2] != "create:" {
		t.Fatalf("audit of the post's writes: %v", ops)
	}
	rows := e.exportRows(t, "/api/audit-log/export?service=system&recordIds="+id, admin)
	if len(rows) != 4 || rows[0][0] != "时间" {
		t.Fatalf("audit export: %v", rows)
	}
	fails(t, e.get("/api/audit-log/page?service=nosuch", admin), 400, "请选择", "unknown service")
	fails(t, e.get("/api/audit-log/page?service=system", e.login("100001", "operator1", "123456")), 403, "", "operator reads the audit log")
	platform := e.login("000000", "admin", "admin")
	if strings.Contains(string(e.get("/api/audit-log/page?service=system&size=1000", platform).Raw), id) {
		t.Fatal("another tenant reads tenant 100001's audit entries")
	}
}
