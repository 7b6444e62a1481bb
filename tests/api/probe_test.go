package api

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

// The probes of this file are generated from the gateway's own OpenAPI
// document, so an endpoint added later is probed (or must be listed, with
// its reason, in testdata/authz-allow.txt) without anyone remembering to.

// openAPI is the gateway's document: path -> method -> query parameters.
func (e *env) openAPI(t *testing.T) map[string]map[string][]string {
	t.Helper()
	r := e.get("/api/openapi.json", "")
	if r.Status != 200 {
		t.Fatalf("openapi: %d", r.Status)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct{ Name, In string } `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(r.Raw, &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string][]string{}
	for p, ms := range doc.Paths {
		out[p] = map[string][]string{}
		for m, op := range ms {
			var qs []string
			for _, prm := range op.Parameters {
				if prm.In == "query" {
					qs = append(qs, prm.Name)
				}
			}
			out[p][strings.ToUpper(m)] = qs
		}
	}
	return out
}

type allowed struct{ kind, reason string }

func readAllowList(t *testing.T) map[string]allowed {
	t.Helper()
	f, err := os.Open("testdata/authz-allow.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }() // best-effort cleanup in a test
	out := map[string]allowed{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := s.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) != 3 || parts[2] == "" {
			t.Fatalf("allow-list line without path, kind and reason: %q", line)
		}
		out[parts[0]] = allowed{parts[1], parts[2]}
	}
	return out
}

// probeTarget is a record a state-changing endpoint acts on: how to find
// one, how to read it back, and what to send.
type probeTarget struct {
	id     string
	idKey  string         // the body's / query's name of the record id
	detail string         // GET path answering the record (read back as its owner)
	body   map[string]any // what the call sends
}

// targetOf finds a record of tenant A for a state-changing endpoint: the
// resource is the path without its last segment (…/hidden-danger/assess
// acts on …/hidden-danger), its records come from its page or list, and
// its read-back is its detail (else its list filtered by id). A few
// endpoints act on a parent record (a gas sample on its permit).
func (e *env) targetOf(t *testing.T, spec map[string]map[string][]string, path, skipID string, owners ...string) *probeTarget {
	t.Helper()
	type parent struct{ list, idKey, detail string }
	parents := map[string]parent{
		"/api/nDoublePrevention/check-record/submit":           {"/api/nDoublePrevention/check-task/page", "taskId", "/api/nDoublePrevention/check-task/detail?id="},
		"/api/n-work-ticket/gas/submit":                        {"/api/n-work-ticket/ticket/page", "ticketId", "/api/n-work-ticket/gas/list?ticketId="},
		"/api/n-work-ticket/briefing/submit":                   {"/api/n-work-ticket/ticket/page", "ticketId", "/api/n-work-ticket/briefing/detail?ticketId="},
		"/api/n-work-ticket/guardian_change/add":               {"/api/n-work-ticket/ticket/page", "ticketId", "/api/n-work-ticket/ticket/detail?id="},
		"/api/n-work-ticket/guardian_change/update":            {"/api/n-work-ticket/guardian_change/find", "id", "/api/n-work-ticket/guardian_change/find?id="},
		"/api/n-work-ticket/guardian_change/delete":            {"/api/n-work-ticket/guardian_change/find", "id", "/api/n-work-ticket/guardian_change/find?id="},
		"/api/blade-user/grant":                                {"/api/blade-user/page", "userIds", "/api/blade-user/detail?id="},
		"/api/blade-user/reset-password":                       {"/api/blade-user/page", "userIds", "/api/blade-user/detail?id="},
		"/api/blade-user/unlock":                               {"/api/blade-user/page", "userIds", "/api/blade-user/detail?id="},
		"/api/blade-user/audit-pass":                           {"/api/blade-user/page", "userIds", "/api/blade-user/detail?id="},
		"/api/blade-user/audit-refuse":                         {"/api/blade-user/page", "userIds", "/api/blade-user/detail?id="},
		"/api/blade-user/update":                               {"/api/blade-user/page", "id", "/api/blade-user/detail?id="},
		"/api/blade-system/tenant/updateMenuSubtabulationList": {"/api/blade-system/tenant/list", "tenantId", "/api/blade-system/tenant/getMenuSubtabulationList?tenantId="},
	}
	p, ok := parents[path]
	if !ok {
		base := path[:strings.LastIndex(path, "/")]
		for _, l := range []string{"/page", "/list"} {
			if _, has := spec[base+l]["GET"]; has {
				p.list = base + l
				break
			}
		}
		if p.list == "" {
			return nil
		}
		p.idKey = "id"
		if _, has := spec[base+"/detail"]["GET"]; has {
			p.detail = base + "/detail?id="
		} else {
			p.detail = p.list + "?id_equal="
		}
	}
	for _, owner := range owners {
		r := e.get(p.list+"?current=1&size=20", owner)
		if r.Status != 200 || len(r.list()) == 0 {
			continue
		}
		idField := "id"
		if p.idKey == "tenantId" {
			idField = "tenantId"
		}
		// The oldest record (lists are newest first) that is not the
		// prober's own account nor made by the prober.
		var rec map[string]any
		for i := len(r.list()) - 1; i >= 0; i-- {
			m := r.list()[i].(map[string]any)
			if str(m["id"]) != skipID && str(m["createUser"]) != skipID {
				rec = m
				break
			}
		}
		if rec == nil {
			continue
		}
		id := str(rec[idField])
		body := map[string]any{}
		d := e.get(p.detail+url.QueryEscape(id), owner)
		if m := d.dataMap(); m != nil && p.idKey == "id" {
			for k, v := range m {
				body[k] = v
			}
		}
		body[p.idKey] = id
		if p.idKey == "userIds" {
			body["userIds"] = id
		}
		body["comment"], body["pass"], body["reason"] = "越权探测", true, "越权探测"
		// A harmless visible change, so an accepted update would show.
		for _, f := range []string{"remark", "dangerName", "content", "name", "realName", "deptName", "roleName", "objectName", "unitName", "eventName", "measureDesc", "messageTitle", "location", "areaName"} {
			if s, isStr := body[f].(string); isStr {
				body[f] = s + "(越权)"
				break
			}
		}
		return &probeTarget{id: id, idKey: p.idKey, detail: p.detail + url.QueryEscape(id), body: body}
	}
	return nil
}

// sendProbe calls path as tok on the target: the body as JSON, the id also as
// the query's ids / id (remove?ids=, detail-style actions).
func (e *env) sendProbe(path, tok string, tg *probeTarget) *resp {
	q := url.Values{"ids": {tg.id}, "id": {tg.id}}
	if tg.idKey != "id" {
		q.Set(tg.idKey, tg.id)
	}
	return e.post(path+"?"+q.Encode(), tok, tg.body)
}

// volatile fields are recomputed on every read (the caller's offered
// actions, ages): they are not the record.
var volatile = regexp.MustCompile(`"(actions|daysLeft|serverTime|expired|printTime)":(\[[^\]]*\]|[^,}]*),?`)

func (e *env) readBack(tg *probeTarget, owner string) string {
	return volatile.ReplaceAllString(string(e.get(tg.detail, owner).Raw), "")
}

// probeUser makes "prober" in tenant 100001: a role that holds every
// button of the tenant but is not an administrator, with data scope
// "self", and a user in it who is on no record.
func (e *env) probeUser(t *testing.T, admin string) (string, string) {
	t.Helper()
	tree := e.get("/api/blade-system/menu/grant-tree", admin)
	ok(t, tree, "grant tree")
	var ids []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case []any:
			for _, c := range x {
				walk(c)
			}
		case map[string]any:
			if id := str(x["id"]); id != "" {
				ids = append(ids, id)
			}
			walk(x["children"])
			walk(x["menu"])
		}
	}
	walk(tree.data())
	if len(ids) < 50 {
		t.Fatalf("grant tree has %d entries: %s", len(ids), truncate(tree.Raw))
	}
	ok(t, e.post("/api/blade-system/role/submit", admin, map[string]any{"roleName": "越权探测", "roleAlias": "prober", "dataScope": 2, "sort": 99}), "prober role")
	rid := str(e.get("/api/blade-system/role/list?roleAlias_equal=prober", admin).list()[0].(map[string]any)["id"])
	ok(t, e.post("/api/blade-system/role/grant", admin, map[string]any{"roleIds": []string{rid}, "menuIds": ids}), "grant every button")
	ok(t, e.post("/api/blade-user/submit", admin, map[string]any{"account": "prober", "password": "Prober-123", "realName": "探测员", "name": "探测员",
		"roleId": rid, "deptId": "1000010000000000204", "userType": 1}), "prober user")
	tok := e.login("100001", "prober", "Prober-123")
	e.granted(t, tok, "/api/nDoublePrevention/hidden-danger/remove")
	return tok, e.userID(t, admin, "prober")
}

// TestProbeObjectLevelAuthorization: every state-changing endpoint, called
// on a record of tenant 100001 by a member holding every button but no
// relation to the record (nor an administrator role), and by another
// tenant's administrator, is refused and leaves the record as it was.
func TestProbeObjectLevelAuthorization(t *testing.T) {
	e := start(t, backends[0])
	spec := e.openAPI(t)
	allow := readAllowList(t)
	admin := e.login("100001", "admin", "admin")
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300001", "tenantName": "探测乙方"}), "tenant B")
	other := e.login("300001", "admin", "123456")
	// Background work of the start (the demo seed moving hazards through
	// their flows) must be over, or its writes look like the probe's.
	e.waitDemoSeed(t, admin)
	prober, proberID := e.probeUser(t, admin)
	// A guardian change to probe its update and delete on: the safety
	// manager takes over an issued permit.
	issued := e.get("/api/n-work-ticket/ticket/page?ticketStatus_equal=1&size=1", admin)
	ok(t, e.post("/api/n-work-ticket/guardian_change/add", admin, map[string]any{"ticketId": str(issued.list()[0].(map[string]any)["id"]),
		"newGuardianId": e.userID(t, admin, "safety"), "reason": "交接班", "handoverContent": "探测用"}), "guardian change")
	// A point held out of service, to probe the holds on (the demo seed has none).
	ok(t, e.post("/api/monitor/hold/submit", admin, map[string]any{"pointId": e.pointID(t, admin, "PT-102"), "kind": 1, "reason": "探测用",
		"until": plantTime(time.Now().Add(time.Hour))}), "hold")

	var paths []string
	for p, ms := range spec {
		if _, post := ms["POST"]; post {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	for p := range allow {
		if _, ok := spec[p]; !ok {
			t.Errorf("allow-list names %s, which the gateway no longer serves", p)
		}
	}
	codes := map[string]int{}
	probed, crossed, listed := 0, 0, 0
	for _, path := range paths {
		_, isAllowed := allow[path]
		tg := e.targetOf(t, spec, path, proberID, admin, platform)
		if tg == nil && !isAllowed {
			t.Errorf("%s: no record to probe it on; give it a target in targetOf or list it with its reason in testdata/authz-allow.txt", path)
			continue
		}
		if tg == nil {
			listed++
			continue
		}
		owner := admin
		if strings.HasPrefix(path, "/api/blade-system/tenant/") || strings.HasPrefix(path, "/api/blade-system/client/") {
			owner = platform
		}
		callers := []struct{ name, tok string }{{"another tenant's administrator", other}}
		if !isAllowed {
			callers = append([]struct{ name, tok string }{{"prober (every button, no relation)", prober}}, callers...)
			probed++
		} else {
			listed++
		}
		crossed++
		for _, c := range callers {
			before := e.readBack(tg, owner)
			r := e.sendProbe(path, c.tok, tg)
			codes[fmt.Sprintf("%d", r.Status)]++
			// An allowed endpoint may succeed for the other tenant on its own
			// things (its own profile, its own scheduler); tenant A's record
			// must still be untouched.
			if r.Status == 200 && r.Body["success"] == true && !isAllowed {
				t.Errorf("%s accepted from %s on %s=%s: %s", path, c.name, tg.idKey, tg.id, truncate(r.Raw))
			} else if r.Status >= 500 {
				t.Errorf("%s from %s: %d %s", path, c.name, r.Status, truncate(r.Raw))
			}
			if after := e.readBack(tg, owner); after != before {
				t.Errorf("%s from %s changed %s %s: %s", path, c.name, tg.idKey, tg.id, jsonDiff(before, after))
			}
		}
	}
	t.Logf("object-level probe: %d state-changing endpoints; %d probed as a member without relation, %d on the reviewed allow-list; %d probed across tenants; answers %v",
		len(paths), probed, listed, crossed, codes)
}

// jsonDiff names the leaves that differ between two JSON answers, whole,
// so a failure shows what changed however long the record is.
func jsonDiff(before, after string) string {
	var a, b any
	if json.Unmarshal([]byte(before), &a) != nil || json.Unmarshal([]byte(after), &b) != nil {
		return "before " + truncate([]byte(before)) + "\nafter  " + truncate([]byte(after))
	}
	var out []string
	var walk func(path string, x, y any)
	walk = func(path string, x, y any) {
		xm, xok := x.(map[string]any)
		ym, yok := y.(map[string]any)
		if xok && yok {
			keys := map[string]bool{}
			for k := range xm {
				keys[k] = true
			}
			for k := range ym {
				keys[k] = true
			}
			for k := range keys {
				walk(path+"."+k, xm[k], ym[k])
			}
			return
		}
		xl, xok := x.([]any)
		yl, yok := y.([]any)
		if xok && yok && len(xl) == len(yl) {
			for i := range xl {
				walk(fmt.Sprintf("%s[%d]", path, i), xl[i], yl[i])
			}
			return
		}
		xb, _ := json.Marshal(x)
		yb, _ := json.Marshal(y)
		if string(xb) != string(yb) {
			out = append(out, fmt.Sprintf("%s: %s → %s", path, truncate(xb), truncate(yb)))
		}
	}
	walk("", a, b)
	sort.Strings(out)
	return strings.Join(out, "; ")
}

// collectIDs gathers every "id" value in a JSON answer.
func collectIDs(raw []byte, into map[string]bool) {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return
	}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case []any:
			for _, c := range x {
				walk(c)
			}
		case map[string]any:
			for k, c := range x {
				if (k == "id" || strings.HasSuffix(k, "Id")) && len(str(c)) >= 15 {
					into[str(c)] = true
				}
				walk(c)
			}
		}
	}
	walk(v)
}

// TestProbeCrossTenantReads: every read endpoint (list, page, detail,
// tree, export, look-ups) answered to tenant B's administrator shows none
// of tenant A's record ids, also when B asks for A's ids by name; an
// export has exactly the rows of B's own list.
func TestProbeCrossTenantReads(t *testing.T) {
	e := start(t, backends[0])
	spec := e.openAPI(t)
	admin := e.login("100001", "admin", "admin")
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300001", "tenantName": "探测乙方"}), "tenant B")
	other := e.login("300001", "admin", "123456")

	var gets []string
	for p, ms := range spec {
		if _, get := ms["GET"]; get && !strings.HasSuffix(p, "/export") && p != "/api/blade-auth/oauth/logout" {
			gets = append(gets, p)
		}
	}
	sort.Strings(gets)
	// Tenant A's ids, from everything A reads.
	aIDs := map[string]bool{}
	first := map[string]string{} // resource -> one of A's ids
	for _, p := range gets {
		r := e.get(p+"?current=1&size=1000", admin)
		collectIDs(r.Raw, aIDs)
		if l := r.list(); len(l) > 0 {
			if m, ok := l[0].(map[string]any); ok {
				first[p[:strings.LastIndex(p, "/")]] = str(m["id"])
			}
		}
	}
	// B's own ids are not A's (the tenant record, B's own menus and roles).
	bIDs := map[string]bool{}
	for _, p := range gets {
		collectIDs(e.get(p+"?current=1&size=1000", other).Raw, bIDs)
	}
	for id := range bIDs {
		delete(aIDs, id)
	}
	if len(aIDs) < 100 {
		t.Fatalf("only %d ids of tenant A collected", len(aIDs))
	}
	leaks := 0
	for _, p := range gets {
		base := p[:strings.LastIndex(p, "/")]
		q := url.Values{"current": {"1"}, "size": {"1000"}, "tenantId": {"100001"}}
		for _, prm := range spec[p]["GET"] {
			if (prm == "id" || strings.HasSuffix(prm, "Id") || prm == "roleIds") && first[base] != "" && prm != "tenantId" {
				q.Set(prm, first[base])
			}
		}
		r := e.get(p+"?"+q.Encode(), other)
		if r.Status >= 500 {
			t.Errorf("%s as tenant B: %d %s", p, r.Status, truncate(r.Raw))
		}
		got := map[string]bool{}
		collectIDs(r.Raw, got)
		for id := range got {
			if aIDs[id] {
				leaks++
				t.Errorf("%s shows tenant A's id %s to tenant B: %s", p, id, truncate(r.Raw))
				break
			}
		}
	}
	// Exports: B's export has exactly B's list (the list is checked above).
	exports := 0
	for p, ms := range spec {
		if _, get := ms["GET"]; !get || !strings.HasSuffix(p, "/export") {
			continue
		}
		base := strings.TrimSuffix(p, "/export")
		list := ""
		for _, l := range []string{"/page", "/list"} {
			if _, has := spec[base+l]["GET"]; has {
				list = base + l
				break
			}
		}
		x := e.get(p, other)
		if x.Status == 403 || x.Status == 400 {
			continue // B may not export it at all
		}
		exports++
		if !strings.Contains(x.Header.Get("Content-Disposition"), ".xlsx") {
			// Another format (the provincial upload package): none of A's ids in it.
			for id := range aIDs {
				if strings.Contains(string(x.Raw), id) {
					t.Errorf("%s gives tenant B a file with tenant A's id %s", p, id)
					break
				}
			}
			continue
		}
		rows := e.exportRows(t, p, other)
		if list == "" {
			continue
		}
		l := e.get(list+"?current=1&size=1000", other)
		total := len(l.list())
		if tot, ok := l.dataMap()["total"].(float64); ok {
			total = int(tot)
		}
		if len(rows)-1 != total {
			t.Errorf("%s: tenant B's export has %d rows, its list %d", p, len(rows)-1, total)
		}
	}
	t.Logf("cross-tenant read probe: %d read endpoints and %d exports as tenant B, %d ids of tenant A looked for, %d leaks", len(gets), exports, len(aIDs), leaks)
}
