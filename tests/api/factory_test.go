package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	commonv1 "anquan/proto/blade/common/v1"
	factoryv1 "anquan/proto/blade/factory/v1"
)

// TestFactory: the demo enterprise, its risk partitions and the point look-up
// (holes, concave shapes, edges), validation of submits, map settings and
// config.json, weather (none, then the plant's own station), the dept/user
// look-ups, FactoryInternal.GetAreas and tenant isolation.
func TestFactory(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			// Registered first so it runs after the stack stops; the shared
			// cleanup drops only the platform services' databases.
			var e *env
			t.Cleanup(func() {
				if e != nil && e.cfg.DB.Driver != "sqlite" {
					_ = db.DropDatabase(e.cfg, "factory")
				}
			})
			e = start(t, b)
			e.testFactory(t)
		})
	}
}

func names(r *resp) []string {
	var out []string
	for _, v := range r.list() {
		out = append(out, str(v.(map[string]any)["name"]))
	}
	return out
}

func (e *env) testFactory(t *testing.T) {
	a := e.login("100001", "admin", "admin")

	// Enterprise record.
	d := e.get("/api/base-factory/factory/detail", a)
	ok(t, d, "factory detail")
	ent := d.dataMap()
	if ent["enterpriseName"] != "江东化工有限公司" || ent["companyShortName"] != "江东化工" || len(str(ent["creditCode"])) != 18 {
		t.Fatalf("seeded enterprise: %v", ent)
	}
	fails(t, e.post("/api/base-factory/factory/submit", a, map[string]any{"enterpriseName": "江东化工有限公司", "creditCode": "91320191MA1N8K2QX0"}), 400, "校验位", "bad credit code") //nolint:gosec // G101: a deliberately invalid credit code in a test, not a credential
	fails(t, e.post("/api/base-factory/factory/submit", a, map[string]any{"enterpriseName": "", "creditCode": ent["creditCode"]}), 400, "企业名称不能为空", "no name")
	ent["enterpriseName"] = "江东化工股份有限公司"
	ok(t, e.post("/api/base-factory/factory/submit", a, ent), "rename enterprise")
	if got := e.get("/api/base-factory/factory/detail", a).dataMap()["enterpriseName"]; got != "江东化工股份有限公司" {
		t.Fatalf("renamed enterprise: %v", got)
	}
	if p := e.get("/api/base-factory/factory/page", a); len(p.list()) != 1 {
		t.Fatalf("one record per tenant, page: %s", p.Raw)
	}

	// Areas and the point look-up.
	l := e.get("/api/nDoublePrevention/risk-partition/list", a)
	ok(t, l, "area list")
	if len(l.list()) != 5 {
		t.Fatalf("seeded areas: %s", l.Raw)
	}
	tank := l.list()[0].(map[string]any)
	if tank["name"] != "甲类储罐区" || tank["colour"] != "red" || tank["areaTypeName"] != "罐区" || tank["deptName"] != "罐区" {
		t.Fatalf("tank area: %v", tank)
	}
	at := func(lng, lat float64, sta int) []string {
		r := e.post("/api/common/drop-downBox/pointExistRange", a, map[string]any{"longitude": lng, "latitude": lat, "areaSta": sta})
		ok(t, r, "pointExistRange")
		return names(r)
	}
	for _, c := range []struct {
		lng, lat float64
		sta      int
		want     string
	}{
		{118.8010, 32.2710, 0, "甲类储罐区"}, // inside the tank farm
		{118.80175, 32.2714, 0, ""},     // inside its fire-water pool (a hole)
		{118.8015, 32.2714, 0, "甲类储罐区"}, // on the hole's edge: boundary counts
		{118.8005, 32.2705, 0, "甲类储罐区"}, // on a vertex
		{118.8020, 32.2705, 0, "甲类储罐区"}, // on an edge
		{118.8070, 32.2722, 0, ""},      // in the notch of the L-shaped unit
		{118.8050, 32.2730, 0, "合成装置区"}, // in the L's upright
		{118.8050, 32.2730, 1, ""},      // areaSta 1 (tanks) filters it out
		{118.8050, 32.2730, 2, "合成装置区"}, // areaSta 2 keeps it
		{118.9000, 32.3000, 0, ""},      // outside the plant
	} {
		got := strings.Join(at(c.lng, c.lat, c.sta), ",")
		if got != c.want {
			t.Errorf("point (%v,%v) sta %d: got %q want %q", c.lng, c.lat, c.sta, got, c.want)
		}
	}
	fails(t, e.post("/api/common/drop-downBox/pointExistRange", a, map[string]any{"longitude": 200, "latitude": 32}), 400, "经纬度超出范围", "bad point")

	area := map[string]any{"name": "装卸区", "code": "ZX-01", "areaType": 1, "riskLevel": 3, "deptId": fmt.Sprint(seedids.DemoWorkshop2Dept),
		"areaLocation": `[{"lng":118.8040,"lat":32.2700},{"lng":118.8060,"lat":32.2700},{"lng":118.8060,"lat":32.2704},{"lng":118.8040,"lat":32.2704}]`}
	bad := func(field string, v any, msg string) {
		m := map[string]any{}
		for k, x := range area {
			m[k] = x
		}
		m[field] = v
		fails(t, e.post("/api/nDoublePrevention/risk-partition/submit", a, m), 400, msg, "area "+field)
	}
	bad("areaLocation", `[[118.80,32.27],[118.81,32.28],[118.81,32.27],[118.80,32.28]]`, "自相交")
	bad("areaLocation", `[[118.80,32.27],[118.81,32.27],[118.80,32.27]]`, "至少需要 3 个不同的点")
	bad("areaLocation", `[[218.80,32.27],[118.81,32.27],[118.81,32.28]]`, "超出范围")
	bad("areaLocation", `not json`, "JSON")
	bad("areaType", 9, "区域类型不合法")
	bad("riskLevel", 0, "风险等级不合法")
	bad("code", "GQ-01", "已存在")
	bad("deptId", "123", "责任部门不存在")
	bad("userId", "123", "责任人不存在")
	bad("name", "", "分区名称不能为空")
	// the responsible person's name comes from blade-user
	safety := e.get("/api/blade-user/page?account_equal=safety", a).dataMap()["records"].([]any)[0].(map[string]any)
	area["userId"] = str(safety["id"])
	ok(t, e.post("/api/nDoublePrevention/risk-partition/submit", a, area), "add area")
	named := false
	for _, it := range e.get("/api/nDoublePrevention/risk-partition/list", a).list() {
		if m := it.(map[string]any); m["name"] == "装卸区" {
			named = m["userName"] != "" && m["userName"] == safety["realName"]
		}
	}
	if !named {
		t.Fatalf("the new area does not name its responsible person %v", safety["realName"])
	}
	if got := strings.Join(at(118.8050, 32.2702, 1), ","); got != "装卸区" {
		t.Fatalf("new area located: %q", got)
	}
	p := e.get("/api/nDoublePrevention/risk-partition/page?name=装卸&current=1&size=10", a)
	ok(t, p, "area page")
	if len(p.list()) != 1 || p.dataMap()["total"] != float64(1) {
		t.Fatalf("area page: %s", p.Raw)
	}
	added := p.list()[0].(map[string]any)
	if !strings.HasPrefix(str(added["areaLocation"]), "[[118.804,32.27]") {
		t.Fatalf("positions stored as a closed ring: %v", added["areaLocation"])
	}

	// Map settings and config.json.
	m := e.get("/api/base-factory/map-setting/detail", a)
	ok(t, m, "map detail")
	cp, _ := m.dataMap()["centralPoint"].([]any)
	if len(cp) != 2 || len(m.dataMap()["areaLocation"].([]any)) != 4 {
		t.Fatalf("seeded map: %s", m.Raw)
	}
	fails(t, e.post("/api/base-factory/map-setting/submit", a, map[string]any{"centralPoint": []float64{118.8}}), 400, "中心点", "bad centre")
	ok(t, e.post("/api/base-factory/map-setting/submit", a, map[string]any{"centralPoint": []float64{118.805, 32.272},
		"mapModelUrl": "/models/jd/tileset.json", "modelPoint": map[string]any{"alt": 20, "scale": 1.5}}), "map submit")
	c := e.get("/config/config.json", a)
	var cfg map[string]any
	if err := json.Unmarshal(c.Raw, &cfg); err != nil || c.Status != 200 {
		t.Fatalf("config.json: %d %s", c.Status, c.Raw)
	}
	if cfg["mapModelUrl"] != "/models/jd/tileset.json" || cfg["modelPoint"].(map[string]any)["lng"] != 118.805 || cfg["modelAccuracy"] != float64(16) {
		t.Fatalf("config.json: %s", c.Raw)
	}
	if r := e.get("/config/config.json", ""); r.Status != 401 {
		t.Fatalf("config.json without a token: %d", r.Status)
	}

	// Weather: none configured says so; a station reading is then served.
	w := e.get("/api/common/drop-downBox/getWeather", a)
	ok(t, w, "weather")
	if w.dataMap()["available"] == true || !strings.Contains(str(w.dataMap()["message"]), "未配置气象数据来源") {
		t.Fatalf("weather with no source: %s", w.Raw)
	}
	// A provider configured as a system parameter ({lng}/{lat} from the enterprise) answers next.
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("lat") != "32.2728" {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		_, _ = w.Write([]byte(`{"current":{"time":"2026-11-21T02:00","temperature_2m":7.5,"relative_humidity_2m":80,"wind_speed_10m":7.2,"wind_direction_10m":180}}`))
	}))
	defer provider.Close()
	ok(t, e.post("/api/blade-system/param/submit", a, map[string]any{"paramName": "外部气象服务", "paramKey": "weather.provider.url",
		"paramValue": provider.URL + "/v1/forecast?latitude={lat}&longitude={lng}&lat={lat}"}), "weather param")
	w = e.get("/api/common/drop-downBox/getWeather", a)
	if wd := w.dataMap(); wd["available"] != true || wd["source"] != "provider" || wd["temperature"] != 7.5 || wd["windSpeed"] != float64(2) || wd["windDirectionName"] != "南风" {
		t.Fatalf("weather from the provider: %s", w.Raw)
	}
	fails(t, e.post("/api/common/weather-station/submit", a, map[string]any{"temperature": 99}), 400, "温度", "bad reading")
	ok(t, e.post("/api/common/weather-station/submit", a, map[string]any{"station": "1号气象站", "temperature": 18.5, "humidity": 62, "windSpeed": 3.2, "windDirection": 90}), "reading")
	w = e.get("/api/common/drop-downBox/getWeather", a)
	if wd := w.dataMap(); wd["available"] != true || wd["source"] != "station" || wd["temperature"] != 18.5 || wd["windDirectionName"] != "东风" {
		t.Fatalf("weather from the station: %s", w.Raw)
	}

	// Dept and user look-ups.
	tr := e.get("/api/common/drop-downBox/tree", a)
	ok(t, tr, "tree")
	if len(tr.list()) != 1 || len(tr.list()[0].(map[string]any)["children"].([]any)) == 0 {
		t.Fatalf("dept tree: %s", tr.Raw)
	}
	roots := e.get("/api/common/drop-downBox/tree?parentId=0", a)
	if len(roots.list()) != 1 || roots.list()[0].(map[string]any)["hasChildren"] != true || len(roots.list()[0].(map[string]any)["children"].([]any)) != 0 {
		t.Fatalf("lazy roots: %s", roots.Raw)
	}
	sub := e.get(fmt.Sprintf("/api/common/drop-downBox/tree?factoryId=%d", seedids.DemoWorkshop1Dept), a)
	if len(sub.list()) != 1 || sub.list()[0].(map[string]any)["title"] != "合成车间" {
		t.Fatalf("subtree: %s", sub.Raw)
	}
	ok(t, e.get("/api/common/drop-downBox/getDeptByCategory?category=1", a), "depts by category")
	u := e.get(fmt.Sprintf("/api/common/drop-downBox/userByTenantId?deptId=%d", seedids.DemoWorkshop1Dept), a)
	ok(t, u, "users of a dept")
	var accounts []string
	for _, x := range u.list() {
		accounts = append(accounts, str(x.(map[string]any)["account"]))
	}
	if !strings.Contains(strings.Join(accounts, ","), "operator1") || strings.Contains(strings.Join(accounts, ","), "operator2") {
		t.Fatalf("users of 合成车间: %v", accounts)
	}
	all := e.get("/api/common/drop-downBox/userByFactoryId?factoryId="+str(ent["id"]), a)
	if len(all.list()) < 7 {
		t.Fatalf("users of the whole factory: %s", all.Raw)
	}
	if pg := e.get("/api/common/drop-downBox/userPageByTenantId?current=1&size=3", a); len(pg.list()) != 3 {
		t.Fatalf("user page: %s", pg.Raw)
	}

	// FactoryInternal.GetAreas for the acting user: own tenant only.
	internal := factoryv1.NewFactoryInternalClient(e.stack.Infra.Dialer.Lazy("factory"))
	actA := ident.With(context.Background(), &ident.Identity{TenantID: "100001", Token: a})
	got, err := internal.GetAreas(actA, &commonv1.IdsQuery{Ids: fmt.Sprintf("%d,%d", seedids.DemoAreaTank, seedids.DemoAreaUtilities)})
	if err != nil || len(got.Items) != 2 || got.Items[0].Colour != "red" || got.Items[1].RiskLevel != 4 {
		t.Fatalf("GetAreas: %v %v", got, err)
	}

	// Tenant isolation.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300002", "tenantName": "隔离化工公司"}), "tenant B")
	b := e.login("300002", "admin", "123456")
	if bd := e.get("/api/base-factory/factory/detail", b); bd.dataMap()["enterpriseName"] != nil && bd.dataMap()["enterpriseName"] != "" {
		t.Fatalf("tenant B sees an enterprise: %s", bd.Raw)
	}
	entB := map[string]any{}
	for k, v := range ent {
		entB[k] = v
	}
	entB["enterpriseName"] = "被篡改"
	fails(t, e.post("/api/base-factory/factory/submit", b, entB), 400, "不存在", "B enterprise update")
	fails(t, e.get("/api/base-factory/factory/detail?id="+str(ent["id"]), b), 400, "不存在", "B enterprise detail")
	if bl := e.get("/api/nDoublePrevention/risk-partition/list", b); len(bl.list()) != 0 {
		t.Fatalf("tenant B sees areas: %s", bl.Raw)
	}
	tankID := str(tank["id"])
	fails(t, e.get("/api/nDoublePrevention/risk-partition/detail?id="+tankID, b), 400, "不存在", "B area detail")
	hijack := map[string]any{}
	for k, v := range tank {
		hijack[k] = v
	}
	hijack["name"], hijack["deptId"] = "被篡改", "0"
	fails(t, e.post("/api/nDoublePrevention/risk-partition/submit", b, hijack), 400, "不存在", "B area update")
	fails(t, e.post("/api/nDoublePrevention/risk-partition/remove?ids="+tankID, b, nil), 400, "不存在", "B area remove")
	if r := e.post("/api/common/drop-downBox/pointExistRange", b, map[string]any{"longitude": 118.8010, "latitude": 32.2710}); len(r.list()) != 0 {
		t.Fatalf("B locates A's area: %s", r.Raw)
	}
	fails(t, e.get(fmt.Sprintf("/api/common/drop-downBox/userByTenantId?deptId=%d", seedids.DemoWorkshop1Dept), b), 400, "部门不存在", "B users of A's dept")
	actB := ident.With(context.Background(), &ident.Identity{TenantID: "300002", Token: b})
	if got, err := internal.GetAreas(actB, &commonv1.IdsQuery{Ids: tankID}); err != nil || len(got.Items) != 0 {
		t.Fatalf("GetAreas across tenants: %v %v", got, err)
	}
	if r := e.get("/api/nDoublePrevention/risk-partition/detail?id="+tankID, a); r.dataMap()["name"] != "甲类储罐区" {
		t.Fatalf("A's tank changed: %s", r.Raw)
	}
	// B's map falls back to defaults.
	bm := e.get("/config/config.json", b)
	if bm.Status != 200 || !strings.Contains(string(bm.Raw), "tileset.json") {
		t.Fatalf("B config.json defaults: %d %s", bm.Status, bm.Raw)
	}
}
