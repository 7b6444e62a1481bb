package api

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"anquan/internal/stack"
	"anquan/kit/conf"
	"anquan/kit/db"
)

// freePort is a loopback address nobody listens on (the embedded broker's).
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	return addr
}

// TestMonitor: the demo gateway, devices and points; GB/T 50493 limits
// refused with the rule; gateway secrets; permissions and tenant isolation;
// telemetry over MQTT (embedded broker, and this machine's Mosquitto when it
// answers) raising an alarm seen in /alarm/active, acknowledged, paged and
// streamed over SSE; wrong credentials and another gateway's topic refused.
func TestMonitor(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			var e *env
			t.Cleanup(func() {
				if e != nil && e.cfg.DB.Driver != "sqlite" {
					_ = db.DropDatabase(e.cfg, "monitor")
				}
			})
			mqttAddr := freePort(t)
			e = start(t, b, func(c *conf.Config) { c.MQTT.Listen = mqttAddr })
			e.testMonitorConfig(t)
			e.testMonitorPermitHolds(t)
			e.testMonitorIngest(t, "tcp://"+mqttAddr)
			e.testMonitorTrend(t, "tcp://"+mqttAddr)
			e.testMonitorOnline(t, "tcp://"+mqttAddr)
			e.testMonitorScreen(t)
		})
	}
}

func (e *env) testMonitorConfig(t *testing.T) {
	a := e.login("100001", "admin", "admin")

	gws := e.get("/api/monitor/gateway/page?code_equal=demo-gw", a)
	ok(t, gws, "gateway page")
	if len(gws.list()) != 1 || gws.list()[0].(map[string]any)["hasSecret"] != true {
		t.Fatalf("demo gateway: %s", truncate(gws.Raw))
	}
	if strings.Contains(string(gws.Raw), "secretHash") || strings.Contains(string(gws.Raw), "$2a$") {
		t.Fatalf("gateway page leaks the secret hash: %s", truncate(gws.Raw))
	}
	gwID := str(gws.list()[0].(map[string]any)["id"])

	pts := e.get("/api/monitor/point/page?size=100", a)
	ok(t, pts, "point page")
	if n := len(pts.list()); n < 11 {
		t.Fatalf("seeded points: %d", n)
	}
	gt := e.get("/api/monitor/point/page?code_equal=GT-101", a).list()[0].(map[string]any)
	if gt["unit"] != "%LEL" || gt["limitH"] != 25.0 || gt["limitHh"] != 50.0 || gt["gasType"] != 1.0 || gt["alarmState"] != "NORMAL" ||
		gt["gatewayCode"] != "demo-gw" || gt["deviceName"] != "罐区气体检测器组" {
		t.Fatalf("GT-101: %v", gt)
	}
	devs := e.get("/api/monitor/device/page?deviceType_equal=G0", a)
	ok(t, devs, "device page")
	if len(devs.list()) != 2 || devs.list()[0].(map[string]any)["deviceTypeName"] != "储罐" {
		t.Fatalf("tanks: %s", truncate(devs.Raw))
	}

	// GB/T 50493-2019 limits.
	gas := func(extra map[string]any) map[string]any {
		p := map[string]any{"code": "GT-9", "name": "测试探头", "gatewayId": gwID, "indicatorType": 5, "unit": "%LEL", "gasType": 1, "limitH": 20, "limitHh": 40}
		for k, v := range extra {
			p[k] = v
		}
		return p
	}
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"limitH": 30})), 400, "一级报警设定值应小于或等于 25%LEL", "combustible level 1 of 30")
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"limitHh": 60})), 400, "二级报警设定值应小于或等于 50%LEL", "combustible level 2 of 60")
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"unit": "ppm"})), 400, "%LEL", "combustible in ppm")
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"gasType": 2, "unit": "mg/m³"})), 400, "职业接触限值", "toxic without OEL")
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"gasType": 2, "unit": "mg/m³", "oel": 10, "limitH": 15})), 400, "100%OEL", "toxic level 1 above OEL")
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"gasType": 2, "unit": "mg/m³", "oel": 10, "limitH": 10, "limitHh": 25})), 400, "200%OEL", "toxic level 2 above 2 OEL")
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"gasType": 3, "unit": "%VOL", "limitL": 18, "limitH": 23.5, "limitHh": nil})), 400, "19.5%VOL", "oxygen low of 18")
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"gasType": 3, "unit": "%VOL", "limitL": 19.5, "limitH": 25, "limitHh": nil})), 400, "23.5%VOL", "oxygen high of 25")
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"gasType": 0, "unit": "m", "limitH": 5, "limitHh": 4})), 400, "不能小于", "HH below H")
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"code": "GT-101"})), 400, "已存在", "duplicate code on the gateway")
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"onDelay": 100000})), 400, "onDelay", "on-delay out of bounds")
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"name": strings.Repeat("长", 101)})), 400, "name 长度不能超过", "long name")
	ok(t, e.post("/api/monitor/point/submit", a, gas(nil)), "a point within the standard")

	// The map position (issue 20): positioning's local metres, both or neither, within ±1000 km.
	if gt["mapX"] != 45.0 || gt["mapY"] != 55.0 {
		t.Fatalf("GT-101 is placed in the demo plant: %v, %v", gt["mapX"], gt["mapY"])
	}
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"code": "GT-10", "mapX": 10})), 400, "同时填写", "only the map X")
	fails(t, e.post("/api/monitor/point/submit", a, gas(map[string]any{"code": "GT-10", "mapX": 2e6, "mapY": 0})), 400, "", "map X beyond 1000 km")
	gt9 := e.get("/api/monitor/point/page?code_equal=GT-9", a).list()[0].(map[string]any)
	if _, has := gt9["mapX"]; has {
		t.Fatalf("a point saved without a position has none: %v", gt9)
	}
	gt9["mapX"], gt9["mapY"] = -12.5, 300
	ok(t, e.post("/api/monitor/point/submit", a, gt9), "place GT-9 on the map")
	if d := e.get("/api/monitor/point/detail?id="+str(gt9["id"]), a).dataMap(); d["mapX"] != -12.5 || d["mapY"] != 300.0 {
		t.Fatalf("GT-9's map position: %v", d)
	}
	fails(t, e.post("/api/monitor/device/submit", a, map[string]any{"code": "X-1", "name": "x", "deviceType": "A9"}), 400, "设备类型", "unknown device type")
	fails(t, e.post("/api/monitor/gateway/submit", a, map[string]any{"code": "a/b", "name": "x"}), 400, "网关编码", "a slash in a gateway code")
	fails(t, e.post("/api/monitor/gateway/remove?ids="+gwID, a, nil), 400, "还有监测点位", "a gateway with points")

	// A new gateway and its secret (shown once, rotated on request).
	ok(t, e.post("/api/monitor/gateway/submit", a, map[string]any{"code": "gw-2", "name": "第二网关"}), "gateway gw-2")
	gw2 := e.get("/api/monitor/gateway/page?code_equal=gw-2", a).list()[0].(map[string]any)
	if gw2["hasSecret"] == true {
		t.Fatalf("a new gateway has no secret yet: %v", gw2)
	}
	s1 := e.post("/api/monitor/gateway/secret?id="+str(gw2["id"]), a, nil)
	ok(t, s1, "issue secret")
	sec := s1.dataMap()
	if sec["username"] != "100001:gw-2" || sec["topic"] != "anquan/100001/gw-2/telemetry" || len(str(sec["secret"])) < 32 {
		t.Fatalf("issued secret: %v", sec)
	}

	// Permissions: an operator does not manage gateways; tenants are apart.
	op := e.login("100001", "operator1", "123456")
	fails(t, e.get("/api/monitor/gateway/page", op), 403, "", "operator reads gateways")
	fails(t, e.post("/api/monitor/gateway/secret?id="+gwID, op, nil), 403, "", "operator issues a secret")
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300002", "tenantName": "监测隔离公司"}), "tenant B")
	b := e.login("300002", "admin", "123456")
	if l := e.get("/api/monitor/point/page", b).list(); len(l) != 0 {
		t.Fatalf("tenant B sees points: %v", l)
	}
	fails(t, e.get("/api/monitor/point/detail?id="+str(gt["id"]), b), 400, "不存在", "point detail across tenants")
	fails(t, e.get("/api/monitor/point/detail?id="+str(gt9["id"]), b), 400, "不存在", "a placed point across tenants")
	if strings.Contains(string(e.get("/api/monitor/point/page?size=1000", b).Raw), "mapX") {
		t.Fatal("tenant B reads map positions")
	}
	fails(t, e.post("/api/monitor/gateway/secret?id="+gwID, b, nil), 400, "不存在", "secret of another tenant's gateway")
	fails(t, e.post("/api/monitor/point/remove?ids="+str(gt["id"]), b, nil), 400, "", "remove across tenants")
	if e.get("/api/monitor/point/detail?id="+str(gt["id"]), a).dataMap()["code"] != "GT-101" {
		t.Fatal("tenant B removed tenant A's point")
	}
}

// mqttClient connects with MQTT 3.1.1; err is the connect refusal.
func mqttClient(url, user, pass string) (paho.Client, error) {
	opts := paho.NewClientOptions().AddBroker(url).SetClientID(fmt.Sprintf("test-%d", time.Now().UnixNano())).
		SetUsername(user).SetPassword(pass).SetConnectTimeout(5 * time.Second).SetAutoReconnect(false)
	c := paho.NewClient(opts)
	tok := c.Connect()
	if !tok.WaitTimeout(10 * time.Second) {
		return nil, fmt.Errorf("connect timed out")
	}
	return c, tok.Error()
}

func publish(t *testing.T, c paho.Client, topic, payload string) {
	t.Helper()
	tok := c.Publish(topic, 1, false, payload)
	tok.WaitTimeout(5 * time.Second)
}

// stream opens the SSE stream (no client timeout: it stays open).
func (e *env) stream(token, lastID string) (*http.Response, error) {
	req, _ := http.NewRequest("GET", e.base+"/api/monitor/stream", nil)
	req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte("saber:saber_secret")))
	req.Header.Set("Blade-Auth", "bearer "+token)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	return (&http.Client{}).Do(req)
}

func (e *env) activeAlarm(t *testing.T, tok, code string) map[string]any {
	t.Helper()
	r := e.get("/api/monitor/alarm/active", tok)
	ok(t, r, "active alarms")
	for _, it := range r.list() {
		if m := it.(map[string]any); m["pointCode"] == code {
			return m
		}
	}
	return nil
}

func (e *env) testMonitorIngest(t *testing.T, broker string) {
	a := e.login("100001", "admin", "admin")

	// Refusals: a wrong secret, an unknown gateway, a username without tenant.
	for _, c := range [][2]string{{"100001:demo-gw", "wrong"}, {"100001:nope", "demo-gw"}, {"demo-gw", "demo-gw"}, {"300002:demo-gw", "demo-gw"}} {
		if cl, err := mqttClient(broker, c[0], c[1]); err == nil {
			cl.Disconnect(100)
			t.Fatalf("MQTT login %s/%s accepted", c[0], c[1])
		}
	}

	c, err := mqttClient(broker, "100001:demo-gw", "demo-gw")
	if err != nil {
		t.Fatalf("demo gateway login: %v", err)
	}
	defer c.Disconnect(100)

	// SSE stream, opened before the alarm.
	resp, err := e.stream(a, "")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	events := make(chan [3]string, 100)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		var id, ev string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "id: "):
				id = line[4:]
			case strings.HasPrefix(line, "event: "):
				ev = line[7:]
			case strings.HasPrefix(line, "data: "):
				events <- [3]string{id, ev, line[6:]}
				id, ev = "", ""
			}
		}
		close(events)
	}()

	// Malformed messages are dropped (and counted); another gateway's topic is refused.
	publish(t, c, "anquan/100001/demo-gw/telemetry", `{"ts": "soon", "values": {"GT-101": 80}}`)
	publish(t, c, "anquan/100001/demo-gw/telemetry", `not json`)
	// Another gateway's topic: refused (QoS 1 on MQTT 3.1.1: cut off).
	intruder, err := mqttClient(broker, "100001:demo-gw", "demo-gw")
	if err != nil {
		t.Fatal(err)
	}
	publish(t, intruder, "anquan/100001/gw-2/telemetry", `{"values": {"GT-9": 45}}`)
	eventually(t, "the intruder cut off", func() bool { return !intruder.IsConnectionOpen() })

	start := time.Now()
	publish(t, c, "anquan/100001/demo-gw/telemetry", fmt.Sprintf(`[{"ts": %d, "values": {"GT-101": 31.5, "LT-101": 5}}]`, time.Now().UnixMilli()))
	var al map[string]any
	eventually(t, "GT-101 alarm in /alarm/active", func() bool { al = e.activeAlarm(t, a, "GT-101"); return al != nil })
	t.Logf("publish to /alarm/active: %v (including polling)", time.Since(start))
	if al["level"] != "H" || al["value"] != 31.5 || al["state"] != "ACTIVE_UNACK" || al["raisedAt"] == "" || al["alarmStatus"] != 2.0 {
		t.Fatalf("GT-101 alarm: %v", al)
	}
	if e.activeAlarm(t, a, "GT-9") != nil {
		t.Fatal("a message on another gateway's topic raised an alarm")
	}
	gw := e.get("/api/monitor/gateway/page?code_equal=demo-gw", a).list()[0].(map[string]any)
	if gw["malformed"] != "2" || gw["lastSeen"] == "" {
		t.Fatalf("malformed count / last seen: %v", gw)
	}
	// Connected to the embedded broker: online.
	if gw["online"] != true {
		t.Fatalf("a connected gateway is not online: %v", gw)
	}

	// The point's responsible person (李安全) is told, through desk.
	safety := e.login("100001", "safety", "123456")
	eventually(t, "alarm message to the responsible person", func() bool {
		raw := string(e.get("/api/blade-desk/message/list?size=50", safety).Raw)
		return strings.Contains(raw, "监测报警") && strings.Contains(raw, "GT-101") && strings.Contains(raw, "高报")
	})

	// Escalation to level 2 is the same incident; it latches.
	publish(t, c, "anquan/100001/demo-gw/telemetry", `{"values": {"GT-101": 55}}`)
	eventually(t, "escalation to HH", func() bool { x := e.activeAlarm(t, a, "GT-101"); return x != nil && x["level"] == "HH" })
	if x := e.activeAlarm(t, a, "GT-101"); x["id"] != al["id"] {
		t.Fatalf("escalation made a new incident: %v vs %v", x["id"], al["id"])
	}

	// The point list shows the live value and state.
	gt := e.get("/api/monitor/point/page?code_equal=GT-101", a).list()[0].(map[string]any)
	if gt["value"] != 55.0 || gt["alarmLevel"] != "HH" || gt["alarmState"] != "ACTIVE_UNACK" {
		t.Fatalf("GT-101 live: %v", gt)
	}

	// Acknowledgement: who comes from the token; an operator may not.
	op := e.login("100001", "operator1", "123456")
	fails(t, e.post("/api/monitor/alarm/ack?ids="+str(al["id"]), op, nil), 403, "", "operator acks")
	// The director holds the ack button, but the point is neither in his
	// data scope nor his responsibility; its responsible person (safety) may.
	director := e.login("100001", "director", "123456")
	fails(t, e.post("/api/monitor/alarm/ack?ids="+str(al["id"]), director, nil), 403, "不在您的数据权限范围内", "director acks another's point")
	ok(t, e.post("/api/monitor/alarm/ack?ids="+str(al["id"]), safety, nil), "ack by the responsible person")
	x := e.activeAlarm(t, a, "GT-101")
	if x["state"] != "ACTIVE_ACK" || x["ackedBy"] != "1000010000000000402" || x["ackedByName"] == "" {
		t.Fatalf("acked alarm: %v", x)
	}
	// Back to 0: latched (gas level 2), then reset by an acknowledgement.
	publish(t, c, "anquan/100001/demo-gw/telemetry", `{"values": {"GT-101": 0}}`)
	eventually(t, "latched", func() bool { x := e.activeAlarm(t, a, "GT-101"); return x != nil && x["state"] == "LATCHED" })
	ok(t, e.post("/api/monitor/alarm/ack?ids="+str(al["id"]), a, nil), "reset")
	if e.activeAlarm(t, a, "GT-101") != nil {
		t.Fatal("reset alarm still active")
	}
	page := e.get("/api/monitor/alarm/page?pointCode_equal=GT-101", a)
	ok(t, page, "alarm page")
	if len(page.list()) != 1 || page.list()[0].(map[string]any)["state"] != "NORMAL" || page.list()[0].(map[string]any)["clearedAt"] == "" {
		t.Fatalf("alarm history: %s", truncate(page.Raw))
	}

	// The stream carried the alarm and values, with ids; it resumes after one.
	var sawAlarm, sawValue bool
	var firstID string
	deadline := time.After(10 * time.Second)
	for !(sawAlarm && sawValue) {
		select {
		case ev, more := <-events:
			if !more {
				t.Fatal("stream ended")
			}
			if ev[1] == "alarm" && strings.Contains(ev[2], `"pointCode":"GT-101"`) {
				sawAlarm = true
			}
			if ev[1] == "value" && strings.Contains(ev[2], `"code":"GT-101"`) {
				sawValue = true
				if firstID == "" {
					firstID = ev[0]
				}
			}
		case <-deadline:
			t.Fatalf("stream: alarm %v value %v", sawAlarm, sawValue)
		}
	}
	resp2, err := e.stream(a, firstID)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(resp2.Body)
	var replayed int
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "event: ready") {
			break
		}
		if strings.HasPrefix(line, "id: ") {
			replayed++
		}
	}
	_ = resp2.Body.Close()
	if replayed < 3 {
		t.Fatalf("resume after %s replayed %d events", firstID, replayed)
	}
	fails(t, e.get("/api/monitor/stream", op), 403, "", "operator streams")
	fails(t, e.get("/api/monitor/stream", ""), 401, "", "anonymous stream")

	e.testMonitorShelve(t, c)
}

// testMonitorShelve: shelving (ISA-18.2) is bounded (1..480 minutes, a
// reason), refused for oxygen and gas level 2, object- and tenant-checked,
// audited as the caller; an incident raised while shelved is recorded under
// the shelve; reaching gas level 2 lifts it; it can be lifted by hand.
func (e *env) testMonitorShelve(t *testing.T, c paho.Client) {
	a := e.login("100001", "admin", "admin")
	const tel = "anquan/100001/demo-gw/telemetry"
	publish(t, c, tel, `{"values": {"PT-101": 13, "OT-201": 18, "GT-103": 30}}`)
	var pt, ot, gt map[string]any
	eventually(t, "PT-101, OT-201 and GT-103 alarms", func() bool {
		pt, ot, gt = e.activeAlarm(t, a, "PT-101"), e.activeAlarm(t, a, "OT-201"), e.activeAlarm(t, a, "GT-103")
		return pt != nil && ot != nil && gt != nil
	})
	if pt["shelved"] == true {
		t.Fatalf("a new alarm is not shelved: %v", pt)
	}
	shelve := func(tok string, id any, minutes int, reason string) *resp {
		return e.post("/api/monitor/alarm/shelve", tok, map[string]any{"ids": str(id), "minutes": minutes, "reason": reason})
	}
	fails(t, shelve(a, pt["id"], 0, "标定"), 400, "搁置时长应为 1 到 480 分钟", "shelve for 0 minutes")
	fails(t, shelve(a, pt["id"], 481, "标定"), 400, "搁置时长应为 1 到 480 分钟", "shelve beyond the maximum")
	fails(t, shelve(a, pt["id"], 30, "  "), 400, "请填写搁置原因", "shelve without a reason")
	fails(t, shelve(a, pt["id"], 30, strings.Repeat("长", 201)), 400, "搁置原因不能超过200个字符", "a long reason")
	fails(t, shelve(a, ot["id"], 30, "标定"), 400, "氧含量报警", "shelve an oxygen alarm")
	fails(t, shelve(e.login("100001", "operator1", "123456"), pt["id"], 30, "标定"), 403, "", "operator shelves")
	fails(t, shelve(e.login("300002", "admin", "123456"), pt["id"], 30, "标定"), 400, "不存在", "shelve another tenant's alarm")

	ok(t, shelve(a, pt["id"], 30, "压力变送器标定"), "shelve PT-101 for 30 minutes")
	x := e.activeAlarm(t, a, "PT-101")
	if x["shelved"] != true || x["shelvedUntil"] == "" || x["shelveReason"] != "压力变送器标定" || x["shelvedByName"] == "" || x["state"] != "ACTIVE_UNACK" {
		t.Fatalf("shelved alarm: %v", x)
	}
	audit := e.get("/api/audit-log/page?service=monitor&size=50&recordIds="+str(pt["id"]), a)
	ok(t, audit, "audit of the shelve")
	if !strings.Contains(string(audit.Raw), "shelve_reason") || !strings.Contains(string(audit.Raw), `"account":"admin"`) {
		t.Fatalf("the shelve is not audited as the caller: %s", truncate(audit.Raw))
	}

	// Over, and raised again while shelved: a new incident recorded under the shelve.
	ok(t, e.post("/api/monitor/alarm/ack?ids="+str(pt["id"]), a, nil), "ack PT-101")
	publish(t, c, tel, `{"values": {"PT-101": 5}}`)
	eventually(t, "PT-101 over", func() bool { return e.activeAlarm(t, a, "PT-101") == nil })
	publish(t, c, tel, `{"values": {"PT-101": 13}}`)
	eventually(t, "PT-101 raised again", func() bool { x = e.activeAlarm(t, a, "PT-101"); return x != nil })
	if x["id"] == pt["id"] || x["shelved"] != true || x["shelveReason"] != "压力变送器标定" {
		t.Fatalf("the incident raised while shelved: %v", x)
	}

	// Lifted by hand: announced again; lifting twice is refused.
	ok(t, e.post("/api/monitor/alarm/unshelve?ids="+str(x["id"]), a, nil), "unshelve PT-101")
	if y := e.activeAlarm(t, a, "PT-101"); y["shelved"] == true {
		t.Fatalf("unshelved alarm: %v", y)
	}
	fails(t, e.post("/api/monitor/alarm/unshelve?ids="+str(x["id"]), a, nil), 400, "未处于搁置状态", "unshelve twice")

	// Gas level 1 may be shelved; level 2 lifts the shelve and may not be shelved.
	ok(t, shelve(a, gt["id"], 10, "检修动火,已有监护"), "shelve GT-103 level 1")
	publish(t, c, tel, `{"values": {"GT-103": 55}}`)
	eventually(t, "GT-103 level 2 lifts the shelve", func() bool {
		y := e.activeAlarm(t, a, "GT-103")
		return y != nil && y["level"] == "HH" && y["shelved"] != true
	})
	fails(t, shelve(a, gt["id"], 10, "检修"), 400, "气体二级报警", "shelve gas level 2")

	e.testMonitorHolds(t, c)
	e.testMonitorRulesAndFloods(t, c)
}

func asList(v any) []any { l, _ := v.([]any); return l }

// plantTime formats t as the tenant's wall clock (China, UTC+8).
func plantTime(t time.Time) string {
	return t.In(time.FixedZone("CST", 8*3600)).Format("2006-01-02 15:04:05")
}

func (e *env) pointID(t *testing.T, tok, code string) any {
	t.Helper()
	r := e.get("/api/monitor/point/page?code_equal="+code, tok)
	ok(t, r, "point "+code)
	if len(r.list()) != 1 {
		t.Fatalf("point %s: %s", code, truncate(r.Raw))
	}
	return r.list()[0].(map[string]any)["id"]
}

// testMonitorHolds: a point held out of service (bounded inputs, object
// and tenant checks, one hold at a time, audited): its alarm is stored
// flagged suppressed and kept out of the active list; ended by hand, the
// alarm is announced.
func (e *env) testMonitorHolds(t *testing.T, c paho.Client) {
	a := e.login("100001", "admin", "admin")
	const tel = "anquan/100001/demo-gw/telemetry"
	pid := e.pointID(t, a, "PT-102")
	until := plantTime(time.Now().Add(time.Hour))
	hold := func(tok string, body map[string]any) *resp { return e.post("/api/monitor/hold/submit", tok, body) }
	base := func(mod func(map[string]any)) map[string]any {
		b := map[string]any{"pointId": pid, "kind": 1, "reason": "压力变送器标定", "until": until}
		mod(b)
		return b
	}
	fails(t, hold(a, base(func(b map[string]any) { b["reason"] = " " })), 400, "请填写停用原因", "hold without a reason")
	fails(t, hold(a, base(func(b map[string]any) { b["kind"] = 2 })), 400, "请填写作业票", "permit hold without its permit")
	fails(t, hold(a, base(func(b map[string]any) { b["kind"] = 7 })), 400, "停用类型", "unknown kind")
	fails(t, hold(a, base(func(b map[string]any) { b["until"] = plantTime(time.Now().AddDate(0, 0, 31)) })), 400, "不能超过 30 天", "hold beyond 30 days")
	fails(t, hold(a, base(func(b map[string]any) { b["until"] = plantTime(time.Now().Add(-time.Minute)) })), 400, "晚于当前时间", "hold in the past")
	fails(t, hold(a, base(func(b map[string]any) { b["until"] = "soon" })), 400, "停用截止时间", "a bad end")
	fails(t, hold(e.login("100001", "operator1", "123456"), base(func(map[string]any) {})), 403, "", "operator holds")
	fails(t, hold(e.login("300002", "admin", "123456"), base(func(map[string]any) {})), 400, "不存在", "hold another tenant's point")
	ok(t, hold(a, base(func(map[string]any) {})), "hold PT-102")
	fails(t, hold(a, base(func(map[string]any) {})), 400, "已停用至", "hold twice")

	holds := e.get("/api/monitor/hold/page?pointCode_equal=PT-102", a)
	ok(t, holds, "hold page")
	if len(holds.list()) != 1 {
		t.Fatalf("holds: %s", truncate(holds.Raw))
	}
	h := holds.list()[0].(map[string]any)
	if h["status"] != float64(1) || h["kindName"] != "标定" || h["byName"] == "" || h["until"] != until {
		t.Fatalf("hold: %v", h)
	}
	audit := e.get("/api/audit-log/page?service=monitor&size=50&recordIds="+str(h["id"]), a)
	ok(t, audit, "audit of the hold")
	if !strings.Contains(string(audit.Raw), `"entity":"monitor_hold"`) || !strings.Contains(string(audit.Raw), `"account":"admin"`) {
		t.Fatalf("the hold is not audited as the caller: %s", truncate(audit.Raw))
	}
	if p := e.get("/api/monitor/point/detail?id="+str(pid), a).dataMap(); p["heldUntil"] != until {
		t.Fatalf("held point: %v", p)
	}

	// Alarming while held: stored, flagged, not in the active list.
	publish(t, c, tel, `{"values": {"PT-102": 13}}`)
	var stored map[string]any
	eventually(t, "PT-102 alarm stored suppressed", func() bool {
		r := e.get("/api/monitor/alarm/page?pointCode_equal=PT-102", a)
		if len(r.list()) == 0 {
			return false
		}
		stored = r.list()[0].(map[string]any)
		return true
	})
	if stored["suppressed"] != true || e.activeAlarm(t, a, "PT-102") != nil {
		t.Fatalf("alarm of a held point: %v", stored)
	}

	// Ended by hand: the alarm is announced; ending again, or another
	// tenant's call, is refused.
	fails(t, e.post("/api/monitor/hold/remove?ids="+str(h["id"]), e.login("300002", "admin", "123456"), nil), 400, "不存在", "end another tenant's hold")
	ok(t, e.post("/api/monitor/hold/remove?ids="+str(h["id"]), a, nil), "end the hold")
	eventually(t, "PT-102 announced after the hold", func() bool {
		x := e.activeAlarm(t, a, "PT-102")
		return x != nil && x["suppressed"] != true
	})
	fails(t, e.post("/api/monitor/hold/remove?ids="+str(h["id"]), a, nil), 400, "停用已结束", "end twice")
	if x := e.get("/api/monitor/hold/page?pointCode_equal=PT-102", a).list()[0].(map[string]any); x["status"] != float64(3) || x["endedAt"] == "" {
		t.Fatalf("ended hold: %v", x)
	}
}

// testMonitorRulesAndFloods: the tenant's alarm rule table (bounded, the
// flood ending below where it starts, per tenant, versioned) drives the
// longest shelve, chattering and floods; the analysis reads them.
func (e *env) testMonitorRulesAndFloods(t *testing.T, c paho.Client) {
	a := e.login("100001", "admin", "admin")
	other := e.login("300002", "admin", "123456")
	const tel = "anquan/100001/demo-gw/telemetry"
	rule := func(tok, code string, v int, source string) *resp {
		return e.post("/api/monitor/rule/submit", tok, map[string]any{"code": code, "value": v, "source": source})
	}
	valueOf := func(tok, code string) any {
		r := e.get("/api/monitor/rule/list", tok)
		ok(t, r, "rule list")
		for _, it := range r.list() {
			if m := it.(map[string]any); m["code"] == code {
				return m["value"]
			}
		}
		t.Fatalf("rule %s missing: %s", code, truncate(r.Raw))
		return nil
	}
	if v := valueOf(a, "flood.start.count"); v != float64(10) {
		t.Fatalf("default flood start: %v", v)
	}
	fails(t, rule(a, "flood.end.count", 10, "ISA-18.2"), 400, "应小于开始阈值 10", "flood ending at its start")
	fails(t, rule(a, "shelve.max.minutes", 2000, "x"), 400, "应在 1 到 1440", "a shelve beyond a day")
	fails(t, rule(a, "shelve.max.minutes", 60, " "), 400, "请填写规则依据", "a rule without its source")
	fails(t, rule(a, "nope", 1, "x"), 400, "不存在", "an unknown rule")
	fails(t, rule(e.login("100001", "operator1", "123456"), "shelve.max.minutes", 60, "x"), 403, "", "operator edits a rule")
	ok(t, rule(a, "shelve.max.minutes", 60, "本厂规定:搁置不超过 1 小时"), "shorter shelves")
	if v := valueOf(a, "shelve.max.minutes"); v != float64(60) {
		t.Fatalf("shelve maximum in force: %v", v)
	}
	if v := valueOf(other, "shelve.max.minutes"); v != float64(480) {
		t.Fatalf("another tenant's shelve maximum: %v", v)
	}
	pt := e.activeAlarm(t, a, "PT-101")
	fails(t, e.post("/api/monitor/alarm/shelve", a, map[string]any{"ids": str(pt["id"]), "minutes": 61, "reason": "标定"}), 400,
		"搁置时长应为 1 到 60 分钟", "shelve beyond the tenant's maximum")
	hist := e.get("/api/monitor/rule/history?code=shelve.max.minutes", a)
	ok(t, hist, "rule history")
	if len(hist.list()) != 1 {
		t.Fatalf("history: %s", truncate(hist.Raw))
	}

	// A flood: more than 2 alarms in the window of the reaction area.
	ok(t, rule(a, "flood.end.count", 1, "测试"), "flood end")
	ok(t, rule(a, "flood.start.count", 2, "测试"), "flood start")
	for i := 0; i < 3; i++ {
		publish(t, c, tel, `{"values": {"PT-201": 4.2}}`)
		var x map[string]any
		eventually(t, "PT-201 raised", func() bool { x = e.activeAlarm(t, a, "PT-201"); return x != nil && x["state"] == "ACTIVE_UNACK" })
		if i == 2 {
			if x["chattering"] != true || x["flood"] != true {
				t.Fatalf("third activation in a minute: %v", x)
			}
			break
		}
		ok(t, e.post("/api/monitor/alarm/ack?ids="+str(x["id"]), a, nil), "ack PT-201")
		publish(t, c, tel, `{"values": {"PT-201": 3.0}}`)
		eventually(t, "PT-201 over", func() bool { return e.activeAlarm(t, a, "PT-201") == nil })
	}
	if p := e.get("/api/monitor/point/detail?id="+str(e.pointID(t, a, "PT-201")), a).dataMap(); p["chattering"] != true {
		t.Fatalf("chattering point: %v", p)
	}

	// The analysis of the last three plant days.
	day := func(d int) string { return plantTime(time.Now().AddDate(0, 0, d))[:10] }
	an := e.get("/api/monitor/alarm/analysis?from="+day(-2)+"&to="+day(0), a)
	ok(t, an, "analysis")
	m := an.dataMap()
	figs, _ := m["figures"].([]any)
	days, _ := m["days"].([]any)
	floods, _ := m["floods"].([]any)
	chat, _ := m["chattering"].([]any)
	// (PT-102's alarm, raised while held, is no longer suppressed: its hold ended.)
	n, _ := m["alarms"].(float64)
	if len(figs) != 8 || len(days) != 3 || len(floods) == 0 || len(chat) == 0 || n < 5 {
		t.Fatalf("analysis: figures %d days %d floods %d chattering %d alarms %v", len(figs), len(days), len(floods), len(chat), n)
	}
	if f := floods[0].(map[string]any); f["firstPointCode"] == "" || f["endAt"] != "" {
		t.Fatalf("open flood: %v", f)
	}
	if an := e.get("/api/monitor/alarm/analysis?from="+day(-2)+"&to="+day(0), other).dataMap(); len(asList(an["floods"])) != 0 || (an["alarms"] != nil && an["alarms"] != float64(0)) {
		t.Fatalf("another tenant's analysis: %v", an)
	}
	fails(t, e.get("/api/monitor/alarm/analysis?from="+day(0)+"&to="+day(-1), a), 400, "开始日期不能晚于结束日期", "a reversed range")
	fails(t, e.get("/api/monitor/alarm/analysis?from="+day(-92)+"&to="+day(0), a), 400, "不能超过 92 天", "93 days")
	fails(t, e.get("/api/monitor/alarm/analysis", a), 400, "请选择统计日期范围", "no range")
	fails(t, e.get("/api/monitor/alarm/analysis?from="+day(-1)+"&to="+day(0), e.login("100001", "operator1", "123456")), 403, "", "operator analysis")
}

// TestMonitorExternalBroker: with mqtt.url set, monitor subscribes to an
// external broker (this machine's Mosquitto at 127.0.0.1:1883, anonymous)
// instead of embedding one; a gateway's message there raises the alarm.
func TestMonitorExternalBroker(t *testing.T) {
	if !answers("127.0.0.1:1883") {
		t.Skip("Mosquitto does not answer at 127.0.0.1:1883; skipping the external-broker run")
	}
	e := start(t, backends[0], func(c *conf.Config) { c.MQTT.URL = "tcp://127.0.0.1:1883" })
	a := e.login("100001", "admin", "admin")
	c, err := mqttClient("tcp://127.0.0.1:1883", "", "")
	if err != nil {
		t.Fatalf("Mosquitto: %v", err)
	}
	defer c.Disconnect(100)
	publish(t, c, "anquan/100001/demo-gw/telemetry", `{"values": {"GT-103": 33}}`)
	var al map[string]any
	eventually(t, "GT-103 alarm through Mosquitto", func() bool { al = e.activeAlarm(t, a, "GT-103"); return al != nil })
	if al["level"] != "H" || al["value"] != 33.0 {
		t.Fatalf("GT-103 alarm: %v", al)
	}
}

// TestMonitorStreamDoesNotHoldTheStop: an open SSE stream ends when the
// stack stops, and the stop does not wait out its bound for it.
func TestMonitorStreamDoesNotHoldTheStop(t *testing.T) {
	c := conf.Default()
	c.Data, c.HTTP, c.Web, c.MQTT.Listen = t.TempDir(), "127.0.0.1:0", t.TempDir(), "127.0.0.1:0"
	c.Log.Level, c.Log.Access = "warn", false
	ctx := context.Background()
	s, err := stack.Build(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(ctx); err != nil {
		s.Stop()
		t.Fatal(err)
	}
	e := &env{t: t, base: "http://" + s.Gateway.Addr(), stack: s, cfg: c, http: (&env{}).httpClient()}
	resp, err := e.stream(e.login("100001", "admin", "admin"), "")
	if err != nil || resp.StatusCode != 200 {
		s.Stop()
		t.Fatalf("stream: %v", err)
	}
	ended := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, resp.Body); close(ended) }()
	start := time.Now()
	s.Stop()
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("stop took %v with a stream open", d)
	}
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
		t.Fatal("the stream did not end with the stack")
	}
	t.Logf("stop with an open stream: %v", time.Since(start))
}

// TestMonitorHTTPIngest: POST /api/monitor/ingest takes a gateway's batch
// with its own Basic credentials (no user token), the MQTT payload, drops
// malformed frames with a count, refuses bad credentials and large bodies,
// limits a gateway's rate, and marks the gateway seen and online.
func TestMonitorHTTPIngest(t *testing.T) {
	e := start(t, backends[0], func(c *conf.Config) { c.MQTT.Listen = freePort(t) })
	a := e.login("100001", "admin", "admin")
	basic := func(user, pass string) string {
		return "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+pass))
	}
	send := func(auth, body string, headers ...string) (int, map[string]any) {
		t.Helper()
		h := append([]string{"Content-Type", "application/json"}, headers...)
		if auth != "" {
			h = append(h, "Authorization", auth)
		}
		res, err := e.http.Do(e.request("POST", "/api/monitor/ingest", strings.NewReader(body), h...))
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = res.Body.Close() }()
		var out map[string]any
		_ = json.NewDecoder(res.Body).Decode(&out)
		return res.StatusCode, out
	}
	good := basic("100001:demo-gw", "demo-gw")

	// No credentials, a wrong secret, another tenant's name, a user token: refused.
	for _, c := range []struct{ name, auth string }{
		{"none", ""},
		{"wrong secret", basic("100001:demo-gw", "nope")},
		{"unknown gateway", basic("100001:no-such-gw", "demo-gw")},
		{"other tenant", basic("000000:demo-gw", "demo-gw")},
		{"no colon", basic("demo-gw", "demo-gw")},
		{"user token", "Bearer " + a},
	} {
		if code, out := send(c.auth, `{"values": {"GT-103": 33}}`); code != 401 || out["msg"] == "" {
			t.Fatalf("%s: %d %v", c.name, code, out)
		}
	}
	if e.activeAlarm(t, a, "GT-103") != nil {
		t.Fatal("a refused batch raised an alarm")
	}

	// A batch: two good frames, one malformed; the good ones raise the alarm.
	code, out := send(good, fmt.Sprintf(`[{"ts": %d, "values": {"GT-103": 33, "LT-101": 5}}, {"values": {"GT-103": "x"}}, {"values": {"LT-101": 5.5}}]`, time.Now().UnixMilli()))
	if code != 200 || out["success"] != true {
		t.Fatalf("batch: %d %v", code, out)
	}
	if d := out["data"].(map[string]any); d["accepted"] != 3.0 || d["dropped"] != 1.0 {
		t.Fatalf("counts: %v", d)
	}
	var al map[string]any
	eventually(t, "GT-103 alarm from the HTTP batch", func() bool { al = e.activeAlarm(t, a, "GT-103"); return al != nil })
	if al["level"] != "H" || al["value"] != 33.0 {
		t.Fatalf("GT-103 alarm: %v", al)
	}
	gw := e.get("/api/monitor/gateway/page?code_equal=demo-gw", a).list()[0].(map[string]any)
	if gw["online"] != true || gw["lastSeen"] == "" || gw["malformed"] != "1" {
		t.Fatalf("gateway after an HTTP batch: %v", gw)
	}

	// Not JSON: 400 with the expected shape in Chinese; over 1 MiB: 413.
	if code, out := send(good, `not json`); code != 400 || !strings.Contains(out["msg"].(string), "格式") {
		t.Fatalf("not json: %d %v", code, out)
	}
	big := `{"values": {"LT-101": 5}, "pad": "` + strings.Repeat("x", 1<<20) + `"}`
	if code, out := send(good, big); code != 413 {
		t.Fatalf("large body: %d %v", code, out)
	}

	// The gateway's budget: at most IngestPerMinute batches a minute.
	limited := false
	for i := 0; i < 130 && !limited; i++ {
		code, _ := send(good, `{"values": {"LT-101": 5}}`)
		limited = code == 429
	}
	if !limited {
		t.Fatal("no rate limit per gateway")
	}
	// The rest of the API still wants a user token.
	if r := e.get("/api/monitor/gateway/page", ""); r.Status != 401 {
		t.Fatalf("gateway page without a token: %d", r.Status)
	}
}

// testMonitorTrend: samples published over MQTT with their own times come
// back from /point/trend downsampled in the database (min, max and mean per
// bucket, at most width buckets, empty buckets left out), with the point's
// limits; ranges and widths are bounded, other tenants see nothing.
func (e *env) testMonitorTrend(t *testing.T, broker string) {
	a := e.login("100001", "admin", "admin")
	c, err := mqttClient(broker, "100001:demo-gw", "demo-gw")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Disconnect(100)
	// Two hours of TT-301 a minute apart, two days ago (plant time, whole
	// minutes): 0..9 + 20 in every ten minutes.
	base := time.Now().In(time.FixedZone("CST", 8*3600)).Add(-48 * time.Hour).Truncate(time.Hour)
	frames := make([]string, 0, 120)
	for i := 0; i < 120; i++ {
		frames = append(frames, fmt.Sprintf(`{"ts": %d, "values": {"TT-301": %d}}`, base.Add(time.Duration(i)*time.Minute).UnixMilli(), 20+i%10))
	}
	publish(t, c, "anquan/100001/demo-gw/telemetry", "["+strings.Join(frames, ",")+"]")
	id := str(e.pointID(t, a, "TT-301"))
	f := url.QueryEscape(base.Format("2006-01-02 15:04:05"))
	to := url.QueryEscape(base.Add(2*time.Hour - time.Second).Format("2006-01-02 15:04:05"))
	q := "/api/monitor/point/trend?id=" + id + "&from=" + f + "&to=" + to
	var tr map[string]any
	eventually(t, "the TT-301 history in the trend", func() bool {
		r := e.get(q+"&width=12", a)
		ok(t, r, "trend")
		tr = r.dataMap()
		return len(asList(tr["buckets"])) == 12 && asList(tr["buckets"])[11].(map[string]any)["count"] == 10.0
	})
	if tr["pointCode"] != "TT-301" || tr["unit"] != "℃" || tr["limitH"] != 30.0 || tr["limitHh"] != 35.0 || tr["bucketSeconds"] != 600.0 {
		t.Fatalf("trend head: %v", tr)
	}
	for k, b := range asList(tr["buckets"]) {
		m := b.(map[string]any)
		if m["min"] != 20.0 || m["max"] != 29.0 || m["avg"] != 24.5 || m["count"] != 10.0 ||
			m["ts"] != base.Add(time.Duration(k)*10*time.Minute).Format("2006-01-02 15:04:05") {
			t.Fatalf("bucket %d: %v", k, m)
		}
	}
	// The same range as instants with an offset (RFC 3339), as a browser in any zone sends it.
	fr := url.QueryEscape(base.UTC().Format(time.RFC3339))
	tr3339 := url.QueryEscape(base.Add(2*time.Hour - time.Second).UTC().Format(time.RFC3339))
	r3339 := e.get("/api/monitor/point/trend?id="+id+"&from="+fr+"&to="+tr3339+"&width=12", a)
	ok(t, r3339, "trend with RFC 3339 times")
	if b := asList(r3339.dataMap()["buckets"]); len(b) != 12 || b[0].(map[string]any)["ts"] != base.Format("2006-01-02 15:04:05") {
		t.Fatalf("trend with RFC 3339 times: %v", r3339.dataMap())
	}
	// The half hour after the samples: buckets without samples are left out.
	f2 := url.QueryEscape(base.Add(90 * time.Minute).Format("2006-01-02 15:04:05"))
	to2 := url.QueryEscape(base.Add(150*time.Minute - time.Second).Format("2006-01-02 15:04:05"))
	r := e.get("/api/monitor/point/trend?id="+id+"&from="+f2+"&to="+to2+"&width=60", a)
	ok(t, r, "trend past the samples")
	if n := len(asList(r.dataMap()["buckets"])); n != 30 {
		t.Fatalf("buckets with samples in the last half hour: %d", n)
	}
	// Never more than width buckets, whatever the range.
	r = e.get(q+"&width=11", a)
	ok(t, r, "trend of width 11")
	if n := len(asList(r.dataMap()["buckets"])); n > 11 || n < 10 {
		t.Fatalf("width 11: %d buckets", n)
	}

	far := url.QueryEscape(base.Add(40 * 24 * time.Hour).Format("2006-01-02 15:04:05"))
	fails(t, e.get("/api/monitor/point/trend?id="+id+"&from="+f+"&to="+far, a), 400, "不能超过 31 天", "a 40-day range")
	fails(t, e.get(q+"&width=5000", a), 400, "趋势宽度", "width 5000")
	fails(t, e.get(q+"&width=5", a), 400, "趋势宽度", "width 5")
	fails(t, e.get("/api/monitor/point/trend?id="+id+"&from="+to+"&to="+f, a), 400, "早于", "from after to")
	fails(t, e.get("/api/monitor/point/trend?id="+id+"&from=yesterday&to="+to, a), 400, "开始和结束时间", "an unreadable time")
	b := e.login("300002", "admin", "123456")
	fails(t, e.get(q, b), 400, "不存在", "another tenant's point")
	if r := e.get(q, ""); r.Status != 401 {
		t.Fatalf("trend without a token: %d", r.Status)
	}
}

// testMonitorScreen: /api/monitor/screen counts the tenant's points by live
// state and its detectors by gas type, lists the gateways with presence and
// the key points (alarming first); another tenant sees none of it.
func (e *env) testMonitorScreen(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	r := e.get("/api/monitor/screen", a)
	ok(t, r, "screen")
	d := r.dataMap()
	points := len(e.get("/api/monitor/point/page?size=1000", a).list())
	sum := 0.0
	for _, s := range asList(d["states"]) {
		sum += s.(map[string]any)["count"].(float64)
	}
	if d["points"] != float64(points) || sum != float64(points) {
		t.Fatalf("screen points %v, states sum %v, point list %d", d["points"], sum, points)
	}
	gas := map[string]float64{}
	for _, g := range asList(d["gasTypes"]) {
		m := g.(map[string]any)
		gas[str(m["code"])] = m["count"].(float64)
	}
	if gas["1"] < 3 || gas["2"] < 1 || gas["3"] < 1 {
		t.Fatalf("detectors by gas type: %v", d["gasTypes"])
	}
	// The rate is the share of gateways online (the test's MQTT clients have
	// gone, so the demo gateway may be offline by now).
	var demo map[string]any
	online := 0.0
	gws := asList(d["gateways"])
	for _, g := range gws {
		m := g.(map[string]any)
		if m["code"] == "demo-gw" {
			demo = m
		}
		if m["online"] == true {
			online++
		}
	}
	rate, _ := d["onlineRate"].(float64)
	if demo == nil || demo["points"].(float64) < 13 || demo["lastSeen"] == "" || rate != online*100/float64(len(gws)) {
		t.Fatalf("gateways on the screen: %v (rate %v)", gws, d["onlineRate"])
	}
	keys := asList(d["keyPoints"])
	if len(keys) != 4 {
		t.Fatalf("key points: %v", keys)
	}
	// GT-101 was left in alarm by the ingest run: alarming points come first.
	if first := keys[0].(map[string]any); first["alarmState"] == "NORMAL" {
		t.Fatalf("the first key point is not in alarm: %v", first)
	}
	b := e.login("300002", "admin", "123456")
	rb := e.get("/api/monitor/screen", b)
	ok(t, rb, "screen of tenant B")
	if rb.dataMap()["points"] != nil && rb.dataMap()["points"] != 0.0 {
		t.Fatalf("tenant B's screen counts points: %v", rb.dataMap())
	}
	if r := e.get("/api/monitor/screen", ""); r.Status != 401 {
		t.Fatalf("screen without a token: %d", r.Status)
	}
}

// testMonitorOnline: the online rate from the demo week of online spans
// (data.SeedOnline: LT-102 down 6 h six days ago, GT-103 1 h five days ago,
// PT-102 20 min four days ago, TT-301 3 h two days ago, AT-201 15 min
// yesterday) and the live samples: per point, per device and the tenant's
// daily figure against the online target rule (99.5 %, then 98 %); bounds,
// exports, the gas fields of a point, and tenants apart.
func (e *env) testMonitorOnline(t *testing.T, broker string) {
	a := e.login("100001", "admin", "admin")
	cst := time.FixedZone("CST", 8*3600)
	day := func(ago int) string { return time.Now().In(cst).AddDate(0, 0, -ago).Format("2006-01-02") }
	near := func(got any, want float64) bool { f, _ := got.(float64); return f > want-1e-4 && f < want+1e-4 }

	daily := e.get("/api/monitor/online/daily?from="+day(7)+"&to="+day(0), a)
	ok(t, daily, "daily online figures")
	d := daily.dataMap()
	days := asList(d["days"])
	if d["targetPermille"] != 995.0 || !strings.Contains(str(d["targetSource"]), "99.5%") || len(days) != 8 {
		t.Fatalf("daily head: %s", truncate(daily.Raw))
	}
	fig := func(ago int) map[string]any { return days[7-ago].(map[string]any) }
	// 13 seeded points a day: 18,720 point-minutes.
	for _, c := range []struct {
		ago   int
		ratio float64
		met   bool
	}{{7, 1, true}, {6, 1 - 360.0/18720, false}, {5, 1 - 60.0/18720, true}, {4, 1 - 20.0/18720, true}, {3, 1, true},
		{2, 1 - 180.0/18720, false}, {1, 1 - 15.0/18720, true}} {
		f := fig(c.ago)
		if f["day"] != day(c.ago) || f["points"] != 13.0 || !near(f["ratio"], c.ratio) || f["met"] != c.met {
			t.Fatalf("%d days ago: %v, want ratio %.6f met %v", c.ago, f, c.ratio, c.met)
		}
	}

	// The rule table holds the target: at 98 % two days ago meets it too.
	ok(t, e.post("/api/monitor/rule/submit", a, map[string]any{"code": "online.target.permille", "value": 980, "source": "测试:放宽到 98%"}), "online target 98 %")
	d = e.get("/api/monitor/online/daily?from="+day(2)+"&to="+day(2), a).dataMap()
	if d["targetPermille"] != 980.0 || d["targetSource"] != "测试:放宽到 98%" || asList(d["days"])[0].(map[string]any)["met"] != true {
		t.Fatalf("daily at 98 %%: %v", d)
	}
	fails(t, e.post("/api/monitor/rule/submit", a, map[string]any{"code": "online.target.permille", "value": 1001, "source": "x"}), 400, "应在 500 到 1000", "a target above 100 %")
	ok(t, e.post("/api/monitor/rule/submit", a, map[string]any{"code": "online.target.permille", "value": 995, "source": "应急管理部 2022-09-16"}), "online target back to 99.5 %")

	// Per point: AT-201 was down 15 minutes yesterday; TT-301 just sent
	// (the trend test) and is online now.
	at := e.get("/api/monitor/online/point/page?day="+day(1)+"&pointCode=AT-201", a)
	ok(t, at, "online points yesterday")
	if l := at.list(); len(l) != 1 {
		t.Fatalf("AT-201 yesterday: %s", truncate(at.Raw))
	}
	// the page's search sends the column's name with its operator
	if l := e.get("/api/monitor/online/point/page?day="+day(1)+"&pointCode_equal=AT-201", a).list(); len(l) != 1 {
		t.Fatalf("AT-201 by pointCode_equal: %d rows", len(l))
	}
	p := at.list()[0].(map[string]any)
	if p["pointCode"] != "AT-201" || p["seconds"] != 86400.0 || p["onlineSeconds"] != 86400.0-900 || !near(p["ratio"], 1-900.0/86400) ||
		p["expectInterval"] != 60.0 || p["deviceName"] != "加氢反应釜 R-201" || p["gatewayCode"] != "demo-gw" {
		t.Fatalf("AT-201 yesterday: %v", p)
	}
	c, err := mqttClient(broker, "100001:demo-gw", "demo-gw")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Disconnect(100)
	publish(t, c, "anquan/100001/demo-gw/telemetry", `{"values": {"TT-301": 24}}`)
	eventually(t, "TT-301 online now", func() bool {
		l := e.get("/api/monitor/online/point/page?pointName=甲类仓库&day="+day(0), a).list()
		return len(l) == 1 && l[0].(map[string]any)["online"] == true && l[0].(map[string]any)["lastSeen"] != ""
	})
	all := e.get("/api/monitor/online/point/page?size=100", a)
	ok(t, all, "online points today")
	if n := len(all.list()); n < 13 {
		t.Fatalf("online points today: %d", n)
	}

	// Per device: the reactor's four points, AT-201 down 15 minutes yesterday.
	devs := e.get("/api/monitor/online/device/list?day="+day(1), a)
	ok(t, devs, "online devices")
	found := false
	for _, it := range devs.list() {
		m := it.(map[string]any)
		if m["deviceCode"] == "R-201" {
			found = true
			if m["points"] != 4.0 || m["seconds"] != 4*86400.0 || !near(m["ratio"], 1-900.0/(4*86400)) {
				t.Fatalf("R-201 yesterday: %v", m)
			}
		}
	}
	if !found {
		t.Fatalf("R-201 missing: %s", truncate(devs.Raw))
	}

	// Exports.
	for _, path := range []string{"/api/monitor/online/daily/export?from=" + day(7) + "&to=" + day(0), "/api/monitor/online/point/export?day=" + day(1)} {
		x := e.get(path, a)
		if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Type"), "spreadsheetml") || len(x.Raw) < 1000 {
			t.Fatalf("%s: %d %s", path, x.Status, x.Header.Get("Content-Type"))
		}
	}

	// Bounds.
	fails(t, e.get("/api/monitor/online/daily?from="+day(100)+"&to="+day(0), a), 400, "不能超过 92 天", "a 101-day range")
	fails(t, e.get("/api/monitor/online/daily?from="+day(0)+"&to="+day(1), a), 400, "开始日期不能晚于结束日期", "from after to")
	fails(t, e.get("/api/monitor/online/daily?from=x&to="+day(0), a), 400, "统计日期", "an unreadable date")
	fails(t, e.get("/api/monitor/online/point/page?day=tomorrow", a), 400, "统计日期", "an unreadable day")
	fails(t, e.get("/api/monitor/online/device/list?day="+strings.Repeat("1", 11), a), 400, "", "a day too long")

	// A point's sampling interval and its gas's molar mass.
	gws := e.get("/api/monitor/gateway/page?code_equal=demo-gw", a).list()
	gw := str(gws[0].(map[string]any)["id"])
	pt := func(extra map[string]any) map[string]any {
		m := map[string]any{"code": "AT-9", "name": "测试硫化氢", "gatewayId": gw, "indicatorType": 4, "unit": "ppm", "gasType": 2, "oel": 7,
			"limitH": 7, "limitHh": 14}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	fails(t, e.post("/api/monitor/point/submit", a, pt(map[string]any{"expectInterval": 100000})), 400, "expectInterval", "an interval above a day")
	fails(t, e.post("/api/monitor/point/submit", a, pt(map[string]any{"molarMass": -1})), 400, "molarMass", "a negative molar mass")
	fails(t, e.post("/api/monitor/point/submit", a, pt(map[string]any{"gasType": 0, "unit": "m", "oel": nil, "molarMass": 34.08})), 400, "摩尔质量", "a molar mass on a level")
	ok(t, e.post("/api/monitor/point/submit", a, pt(map[string]any{"expectInterval": 5, "molarMass": 34.08})), "a toxic point in ppm")
	nine := e.get("/api/monitor/point/page?code_equal=AT-9", a).list()[0].(map[string]any)
	if nine["expectInterval"] != 5.0 || nine["molarMass"] != 34.08 {
		t.Fatalf("AT-9: %v", nine)
	}
	if s := e.get("/api/monitor/point/page?code_equal=AT-201", a).list()[0].(map[string]any); s["molarMass"] != 34.08 || s["expectInterval"] != 60.0 {
		t.Fatalf("AT-201: %v", s)
	}

	// Another tenant sees nothing of it.
	b := e.login("300002", "admin", "123456")
	if l := e.get("/api/monitor/online/point/page?day="+day(1), b).list(); len(l) != 0 {
		t.Fatalf("tenant B sees online points: %v", l)
	}
	bd := e.get("/api/monitor/online/daily?from="+day(2)+"&to="+day(1), b).dataMap()
	for _, it := range asList(bd["days"]) {
		if m := it.(map[string]any); m["points"] != nil && m["points"] != 0.0 || m["met"] == true {
			t.Fatalf("tenant B's daily figure: %v", bd)
		}
	}
	if r := e.get("/api/monitor/online/daily?from="+day(1)+"&to="+day(0), ""); r.Status != 401 {
		t.Fatalf("daily without a token: %d", r.Status)
	}
}
