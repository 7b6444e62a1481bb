package api

import (
	"bufio"
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"anquan/kit/conf"
	"anquan/kit/db"
)

// TestPositioning: the demo tags, anchors and zones; refused inputs;
// permissions and tenant isolation; positions through the REST batch and
// monitor's MQTT ingest raising the positioning alarms (restricted zone,
// overcrowding, still too long, SOS, low battery) once each, live
// positions and head counts, the stored track, alarm handling with its
// object-level check, and the SSE stream.
func TestPositioning(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			var e *env
			t.Cleanup(func() {
				if e != nil && e.cfg.DB.Driver != "sqlite" {
					_ = db.DropDatabase(e.cfg, "positioning")
					_ = db.DropDatabase(e.cfg, "monitor")
				}
			})
			mqttAddr := freePort(t)
			e = start(t, b, func(c *conf.Config) { c.MQTT.Listen = mqttAddr })
			e.testPositioning(t, "tcp://"+mqttAddr)
		})
	}
}

func (e *env) posStream(token string) (*http.Response, error) {
	req, _ := http.NewRequest("GET", e.base+"/api/positioning/stream", nil)
	req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte("saber:saber_secret")))
	req.Header.Set("Blade-Auth", "bearer "+token)
	return (&http.Client{}).Do(req)
}

func (e *env) posAlarms(t *testing.T, tok, query string) []map[string]any {
	t.Helper()
	r := e.get("/api/positioning/alarm/page?size=100&"+query, tok)
	ok(t, r, "alarm page "+query)
	var out []map[string]any
	for _, it := range r.list() {
		out = append(out, it.(map[string]any))
	}
	return out
}

func fixJSON(tag string, ts time.Time, x, y float64, extra string) map[string]any {
	m := map[string]any{"tag": tag, "ts": ts.UnixMilli(), "x": x, "y": y, "floor": 1, "battery": 80}
	switch extra {
	case "sos":
		m["sos"] = true
	case "low":
		m["battery"] = 10
	}
	return m
}

func (e *env) testPositioning(t *testing.T, broker string) {
	a := e.login("100001", "admin", "admin")

	// Demo data.
	tags := e.get("/api/positioning/tag/page?size=100", a)
	ok(t, tags, "tag page")
	if len(tags.list()) != 8 {
		t.Fatalf("seeded tags: %s", truncate(tags.Raw))
	}
	byCode := map[string]map[string]any{}
	for _, it := range tags.list() {
		m := it.(map[string]any)
		byCode[m["code"].(string)] = m
	}
	if byCode["T-0006"]["personType"] != 2.0 || byCode["T-0001"]["personName"] != "李安全" || byCode["T-0001"]["online"] != false {
		t.Fatalf("seeded tags: %v", byCode)
	}
	zones := e.get("/api/positioning/zone/page?size=100", a)
	ok(t, zones, "zone page")
	zoneID := map[string]string{}
	for _, it := range zones.list() {
		m := it.(map[string]any)
		zoneID[m["name"].(string)] = str(m["id"])
	}
	tank := e.get("/api/positioning/zone/detail?id="+zoneID["甲类储罐区"], a).dataMap()
	if tank["kind"] != 3.0 || len(tank["polygon"].([]any)) != 4 || len(tank["allowedTagIds"].([]any)) != 2 || tank["maxHeadcount"] != 6.0 {
		t.Fatalf("tank zone: %v", tank)
	}
	if n := len(e.get("/api/positioning/anchor/page", a).list()); n != 6 {
		t.Fatalf("seeded anchors: %d", n)
	}

	// Refused inputs.
	sq := []map[string]any{{"x": 0, "y": 0}, {"x": 10, "y": 0}, {"x": 10, "y": 10}, {"x": 0, "y": 10}}
	zone := func(extra map[string]any) map[string]any {
		z := map[string]any{"name": "测试区域", "kind": 1, "floor": 1, "polygon": sq, "maxHeadcount": 5}
		for k, v := range extra {
			z[k] = v
		}
		return z
	}
	fails(t, e.post("/api/positioning/tag/submit", a, map[string]any{"code": "a/b", "personName": "x", "personType": 3}), 400, "定位卡号", "a slash in a tag code")
	fails(t, e.post("/api/positioning/tag/submit", a, map[string]any{"code": "T-9", "personName": "x", "personType": 1}), 400, "绑定系统用户", "an employee without an account")
	fails(t, e.post("/api/positioning/tag/submit", a, map[string]any{"code": "T-0001", "personName": "x", "personType": 3}), 400, "已存在", "a duplicate tag code")
	fails(t, e.post("/api/positioning/tag/submit", a, map[string]any{"code": "T-9", "personName": "x", "personType": 1, "userId": "1000010000000000402"}), 400, "已绑定", "an account bound twice")
	fails(t, e.post("/api/positioning/tag/submit", a, map[string]any{"code": "T-9", "personName": "x", "personType": 3, "postZoneId": "12345"}), 400, "岗位区域不存在", "an unknown post zone")
	if w := e.get("/api/positioning/tag/detail?id="+str(byCode["T-0003"]["id"]), a).dataMap(); w["postZoneName"] != "合成装置区" || str(w["postZoneId"]) != zoneID["合成装置区"] {
		t.Fatalf("王操作's post: %v", w)
	}
	fails(t, e.post("/api/positioning/zone/submit", a, zone(map[string]any{"polygon": sq[:2]})), 400, "至少需要 3 个顶点", "two vertices")
	fails(t, e.post("/api/positioning/zone/submit", a, zone(map[string]any{"polygon": []map[string]any{{"x": 0, "y": 0}, {"x": 10, "y": 10}, {"x": 10, "y": 0}, {"x": 0, "y": 10}}})), 400, "自相交", "a bow tie")
	fails(t, e.post("/api/positioning/zone/submit", a, zone(map[string]any{"allowedTagIds": []string{str(byCode["T-0001"]["id"])}})), 400, "只有限制区域和危险区域", "allowed people in an ordinary zone")
	fails(t, e.post("/api/positioning/zone/submit", a, zone(map[string]any{"kind": 2, "allowedTagIds": []string{"12345"}})), 400, "不存在", "an unknown allowed tag")
	fails(t, e.post("/api/positioning/zone/submit", a, zone(map[string]any{"kind": 9})), 400, "kind", "an unknown kind")
	fails(t, e.post("/api/positioning/zone/submit", a, zone(map[string]any{"name": "甲类储罐区"})), 400, "已存在", "a duplicate zone name")
	fails(t, e.post("/api/positioning/position/batch", a, map[string]any{"items": []any{}}), 400, "items", "an empty batch")
	ok(t, e.post("/api/positioning/zone/submit", a, zone(nil)), "a new zone")
	if len(e.get("/api/positioning/zone/page?name=测试区域", a).list()) != 1 {
		t.Fatal("new zone not listed")
	}

	// Permissions: an operator neither reports positions nor manages tags.
	op := e.login("100001", "operator1", "123456")
	fails(t, e.post("/api/positioning/position/batch", op, map[string]any{"items": []any{fixJSON("T-0001", time.Now(), 1, 1, "")}}), 403, "", "operator reports positions")
	fails(t, e.get("/api/positioning/tag/page", op), 403, "", "operator reads tags")

	// The live stream, opened before the positions.
	resp, err := e.posStream(a)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	events := make(chan [3]string, 1000)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var id, ev string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "id: "):
				id = line[4:]
			case strings.HasPrefix(line, "event: "):
				ev = line[7:]
			case strings.HasPrefix(line, "data: "):
				select {
				case events <- [3]string{id, ev, line[6:]}:
				default:
				}
				id, ev = "", ""
			}
		}
		close(events)
	}()

	// Positions: 王操作 into the hazardous tank farm (not allowed), four
	// people into the warehouse of three, 吴师傅 too; 陈访客 presses SOS,
	// 张主任's card runs low, 赵操作 stands still for six minutes.
	now := time.Now()
	t0, t1 := now.Add(-6*time.Minute), now.Add(-10*time.Second)
	batch := func(ts time.Time) []any {
		dx := 0.0 // the others move 8 m between the first batch and the later ones
		if ts.After(t0) {
			dx = 8
		}
		return []any{
			fixJSON("T-0003", ts, 50+dx, 50, ""),
			fixJSON("T-0001", ts, 30+dx, 150, ""), fixJSON("T-0005", ts, 40+dx, 160, ""), fixJSON("T-0006", ts, 50+dx, 170, ""), fixJSON("T-0007", ts, 60+dx, 180, ""),
			fixJSON("T-0004", ts, 230, 200+float64(ts.Sub(t0)/time.Minute)/10, ""),
		}
	}
	r := e.post("/api/positioning/position/batch", a, map[string]any{"items": batch(t0)})
	ok(t, r, "first batch")
	if r.dataMap()["accepted"] != 6.0 {
		t.Fatalf("first batch: %s", truncate(r.Raw))
	}
	ok(t, e.post("/api/positioning/position/batch", a, map[string]any{"items": batch(t1)}), "second batch")
	last := append(batch(now), fixJSON("T-0008", now, 330, 200, "sos"), fixJSON("T-0002", now, 250, 60, "low"), fixJSON("NOPE", now, 1, 1, ""),
		fixJSON("T-0001", now.Add(-time.Hour), 1, 1, ""))
	r = e.post("/api/positioning/position/batch", a, map[string]any{"items": last})
	ok(t, r, "third batch")
	if r.dataMap()["accepted"] != 8.0 || r.dataMap()["dropped"] != 2.0 {
		t.Fatalf("third batch (an unknown tag and an older fix dropped): %s", truncate(r.Raw))
	}
	// Again: nothing new (one alarm per episode).
	ok(t, e.post("/api/positioning/position/batch", a, map[string]any{"items": batch(now.Add(time.Second))}), "fourth batch")

	want := map[string]int{"alarmType_equal=3&state_equal=1": 3, "alarmType_equal=1": 2, "alarmType_equal=4": 1, "alarmType_equal=8": 1, "alarmType_equal=9": 1}
	for q, n := range want {
		if got := e.posAlarms(t, a, q); len(got) != n {
			t.Fatalf("alarms %s: %d, want %d: %v", q, len(got), n, got)
		}
	}
	wrong := e.posAlarms(t, a, "alarmType_equal=3&tag_equal=T-0003")[0]
	if wrong["personName"] != "王操作" || wrong["zoneName"] != "甲类储罐区" || wrong["state"] != 1.0 || wrong["level"] != 1.0 || wrong["raisedAt"] == "" {
		t.Fatalf("wrong-zone alarm: %v", wrong)
	}
	// 吴师傅's unhandled alarm of yesterday (seeded) came back: the same incident, once more.
	wu := e.posAlarms(t, a, "alarmType_equal=3&tag_equal=T-0007")
	if len(wu) != 1 || wu[0]["repeats"] != 1.0 || wu[0]["clearedAt"] != "" {
		t.Fatalf("a repeated unhandled alarm: %v", wu)
	}
	crowd := e.posAlarms(t, a, "alarmType_equal=1&state_equal=1")[0]
	if crowd["zoneName"] != "危化品仓库" || !strings.Contains(crowd["detail"].(string), "超过最大人数 3") {
		t.Fatalf("overcrowding alarm: %v", crowd)
	}

	// Live positions and head counts.
	live := e.get("/api/positioning/position/live", a)
	ok(t, live, "live positions")
	if len(live.list()) != 8 {
		t.Fatalf("live positions: %s", truncate(live.Raw))
	}
	heads := e.get("/api/positioning/zone/headcount", a).dataMap()
	counts := map[string]float64{}
	for _, z := range heads["zones"].([]any) {
		m := z.(map[string]any)
		counts[m["zoneName"].(string)], _ = m["count"].(float64)
	}
	if counts["危化品仓库"] != 4 || counts["甲类储罐区"] != 1 || counts["办公楼"] != 1 || heads["online"] != 8.0 || heads["total"] != 8.0 {
		t.Fatalf("head counts: %v", heads)
	}
	tag3 := e.get("/api/positioning/tag/detail?id="+str(byCode["T-0003"]["id"]), a).dataMap()
	if tag3["online"] != true || tag3["zoneName"] != "甲类储罐区" || tag3["battery"] != 80.0 {
		t.Fatalf("tag live state: %v", tag3)
	}

	// The stored track (written within a second or two).
	sh, _ := time.LoadLocation("Asia/Shanghai") // the tenant's zone: times on the wire are its wall clock
	from, to := now.Add(-time.Hour).In(sh).Format("2006-01-02 15:04:05"), now.Add(time.Minute).In(sh).Format("2006-01-02 15:04:05")
	eventually(t, "track of 赵操作", func() bool {
		r := e.get(fmt.Sprintf("/api/positioning/position/track?tagId=%s&start=%s&end=%s", str(byCode["T-0004"]["id"]), strings.ReplaceAll(from, " ", "%20"), strings.ReplaceAll(to, " ", "%20")), a)
		pts, _ := r.dataMap()["points"].([]any)
		return r.Status == 200 && len(pts) == 3
	})
	fails(t, e.get(fmt.Sprintf("/api/positioning/position/track?tagId=%s&start=2026-01-01%%2000:00:00&end=2026-01-03%%2000:00:00", str(byCode["T-0004"]["id"])), a), 400, "24 小时", "a track over two days")

	// Handling: who comes from the token; the director holds the button but
	// the tank farm is not his; its responsible person (李安全) handles it.
	director := e.login("100001", "director", "123456")
	safety := e.login("100001", "safety", "123456")
	fails(t, e.post("/api/positioning/alarm/handle", op, map[string]any{"ids": str(wrong["id"]), "state": 2}), 403, "", "operator handles")
	fails(t, e.post("/api/positioning/alarm/handle", director, map[string]any{"ids": str(wrong["id"]), "state": 2}), 403, "不在您的数据权限范围内", "director handles another's zone")
	fails(t, e.post("/api/positioning/alarm/handle", safety, map[string]any{"ids": str(wrong["id"]), "state": 3}), 400, "请填写说明", "false alarm without a comment")
	fails(t, e.post("/api/positioning/alarm/handle", safety, map[string]any{"ids": str(wrong["id"]), "state": 5, "comment": "x"}), 400, "已处理或误报", "an unknown state")
	ok(t, e.post("/api/positioning/alarm/handle", safety, map[string]any{"ids": str(wrong["id"]), "state": 2, "comment": "已劝离"}), "handled by the responsible person")
	h := e.posAlarms(t, a, "id_equal="+str(wrong["id"]))[0]
	if h["state"] != 2.0 || h["handledBy"] != "1000010000000000402" || h["handledByName"] == "" || h["comment"] != "已劝离" || h["handledAt"] == "" {
		t.Fatalf("handled alarm: %v", h)
	}
	fails(t, e.post("/api/positioning/alarm/handle", safety, map[string]any{"ids": str(wrong["id"]), "state": 2}), 400, "已处理", "handled twice")
	// Still inside: no new alarm until he leaves and comes back.
	ok(t, e.post("/api/positioning/position/batch", a, map[string]any{"items": []any{fixJSON("T-0003", now.Add(2*time.Second), 51, 50, "")}}), "still inside")
	if n := len(e.posAlarms(t, a, "alarmType_equal=3&tag_equal=T-0003")); n != 1 {
		t.Fatalf("a handled alarm was raised again while the person stayed: %d", n)
	}

	// Tenant isolation.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300003", "tenantName": "定位隔离公司"}), "tenant B")
	b := e.login("300003", "admin", "123456")
	if l := e.get("/api/positioning/tag/page", b).list(); len(l) != 0 {
		t.Fatalf("tenant B sees tags: %v", l)
	}
	if l := e.get("/api/positioning/position/live", b).list(); len(l) != 0 {
		t.Fatalf("tenant B sees positions: %v", l)
	}
	fails(t, e.get("/api/positioning/tag/detail?id="+str(byCode["T-0001"]["id"]), b), 400, "不存在", "tag detail across tenants")
	fails(t, e.post("/api/positioning/alarm/handle", b, map[string]any{"ids": str(crowd["id"]), "state": 2}), 400, "不存在", "handling across tenants")
	fails(t, e.post("/api/positioning/zone/remove?ids="+zoneID["甲类储罐区"], b, nil), 400, "", "zone removal across tenants")
	rb := e.post("/api/positioning/position/batch", b, map[string]any{"items": []any{fixJSON("T-0001", time.Now(), 1, 1, "")}})
	ok(t, rb, "tenant B batch")
	if rb.dataMap()["accepted"] != nil && rb.dataMap()["accepted"] != 0.0 {
		t.Fatalf("tenant B moved tenant A's tag: %s", truncate(rb.Raw))
	}

	// The stream carried alarms (with ids), positions and head counts.
	var sawAlarm, sawPos, sawHeads bool
	deadline := time.After(10 * time.Second)
	for !sawAlarm || !sawPos || !sawHeads {
		select {
		case ev, more := <-events:
			if !more {
				t.Fatal("stream ended")
			}
			switch {
			case ev[1] == "alarm" && ev[0] != "" && strings.Contains(ev[2], `"personName":"陈访客"`):
				sawAlarm = true
			case ev[1] == "positions" && strings.Contains(ev[2], `"tag":"T-0001"`):
				sawPos = true
			case ev[1] == "headcount" && strings.Contains(ev[2], "危化品仓库"):
				sawHeads = true
			}
		case <-deadline:
			t.Fatalf("stream: alarm %v positions %v headcount %v", sawAlarm, sawPos, sawHeads)
		}
	}

	// MQTT: the demo gateway publishes positions beside its telemetry.
	c, err := mqttClient(broker, "100001:demo-gw", "demo-gw")
	if err != nil {
		t.Fatalf("demo gateway login: %v", err)
	}
	defer c.Disconnect(100)
	// Stamped after the fourth batch's now+1 s: the engine drops a fix older
	// than the tag's last one (out of order), which is what made this step
	// look lost before.
	publish(t, c, "anquan/100001/demo-gw/position", fmt.Sprintf(`[{"tag":"T-0001","ts":%d,"x":300,"y":60,"floor":1,"battery":90}]`, now.Add(2*time.Second).UnixMilli()))
	arrived := false
	for end := time.Now().Add(10 * time.Second); !arrived && time.Now().Before(end); time.Sleep(200 * time.Millisecond) {
		d := e.get("/api/positioning/tag/detail?id="+str(byCode["T-0001"]["id"]), a).dataMap()
		arrived = d["zoneName"] == "合成装置区" && d["battery"] == 90.0
	}
	if !arrived {
		t.Fatal("a position published over MQTT did not reach positioning within 10 s")
	}

	// Gathering (type 11): six people within 5 m of each other in the
	// synthesis unit for longer than 60 s of their fixes' clock (stamped
	// after every earlier fix), seen in the API and on the stream; then they
	// spread out and it clears.
	six := []string{"T-0001", "T-0003", "T-0004", "T-0005", "T-0006", "T-0007"}
	crowdAt := func(ts time.Time, gap float64) []any {
		var out []any
		for i, tag := range six {
			out = append(out, fixJSON(tag, ts, 250+gap*float64(i%3), 70+gap*float64(i/3), ""))
		}
		return out
	}
	for len(events) > 0 {
		<-events
	}
	ok(t, e.post("/api/positioning/position/batch", a, map[string]any{"items": crowdAt(now.Add(10*time.Second), 1.5)}), "a crowd forms")
	time.Sleep(1500 * time.Millisecond) // the gathering rule runs once a second
	if got := e.posAlarms(t, a, "alarmType_equal=11"); len(got) != 0 {
		t.Fatalf("gathering before T: %v", got)
	}
	ok(t, e.post("/api/positioning/position/batch", a, map[string]any{"items": crowdAt(now.Add(75*time.Second), 1.5)}), "the crowd stays 65 s")
	deadline = time.After(10 * time.Second)
	for seen := false; !seen; {
		select {
		case ev := <-events:
			seen = ev[1] == "alarm" && strings.Contains(ev[2], `"alarmType":11`)
		case <-deadline:
			t.Fatal("no gathering alarm on the stream")
		}
	}
	g := e.posAlarms(t, a, "alarmType_equal=11")
	if len(g) != 1 || g[0]["zoneName"] != "合成装置区" || g[0]["state"] != 1.0 || g[0]["clearedAt"] != "" || !strings.Contains(str(g[0]["detail"]), "6 人") {
		t.Fatalf("gathering alarm: %v", g)
	}
	ok(t, e.post("/api/positioning/position/batch", a, map[string]any{"items": crowdAt(now.Add(80*time.Second), 20)}), "the crowd spreads out")
	cleared := false
	for end := time.Now().Add(10 * time.Second); !cleared && time.Now().Before(end); time.Sleep(200 * time.Millisecond) {
		g = e.posAlarms(t, a, "alarmType_equal=11")
		cleared = len(g) == 1 && g[0]["clearedAt"] != ""
	}
	if !cleared {
		t.Fatalf("gathering not cleared: %v", g)
	}
	ok(t, e.post("/api/positioning/alarm/handle", a, map[string]any{"ids": str(g[0]["id"]), "state": 2, "comment": "已疏散"}), "gathering handled")
}
