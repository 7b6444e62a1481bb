package api

import (
	"strings"
	"testing"
	"time"

	"anquan/kit/db"
	"anquan/kit/timefmt"
)

// TestPositioningRules: the tenant's positioning rule table (bounded,
// battery hysteresis kept, versioned; per tenant in the engine's unit tests) drives the engine: a
// report interval of 1 s makes a silent card offline after 3 s, and a card
// silent in the hazardous tank farm raises 离线 (type 12) until it reports.
func TestPositioningRules(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			var e *env
			t.Cleanup(func() {
				if e != nil && e.cfg.DB.Driver != "sqlite" {
					_ = db.DropDatabase(e.cfg, "positioning")
				}
			})
			e = start(t, b)
			e.testPositioningRules(t)
			e.testPositioningZoneWindow(t)
		})
	}
}

func (e *env) testPositioningRules(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	rule := func(tok, code string, v int, source string) *resp {
		return e.post("/api/positioning/rule/submit", tok, map[string]any{"code": code, "value": v, "source": source})
	}
	valueOf := func(tok, code string) any {
		r := e.get("/api/positioning/rule/list", tok)
		ok(t, r, "rule list")
		if len(r.list()) != 11 {
			t.Fatalf("rules: %s", truncate(r.Raw))
		}
		for _, it := range r.list() {
			if m := it.(map[string]any); m["code"] == code {
				return m["value"]
			}
		}
		t.Fatalf("rule %s missing: %s", code, truncate(r.Raw))
		return nil
	}
	if v := valueOf(a, "report.interval.seconds"); v != float64(20) {
		t.Fatalf("default report interval: %v", v)
	}
	fails(t, rule(a, "battery.low.percent", 35, "x"), 400, "低于恢复阈值 30", "low battery above its clearing")
	fails(t, rule(a, "still.radius.metres", 1, "x"), 400, "应在 3 到 50", "a stillness radius under the positioning error")
	fails(t, rule(a, "gather.people", 2, "x"), 400, "不少于 3 人", "a gathering of two")
	fails(t, rule(a, "nope", 1, "x"), 400, "不存在", "an unknown rule")
	fails(t, rule(a, "report.interval.seconds", 1, " "), 400, "请填写规则依据", "a rule without its source")
	fails(t, rule(e.login("100001", "operator1", "123456"), "report.interval.seconds", 1, "x"), 403, "", "operator edits a rule")
	ok(t, rule(a, "report.interval.seconds", 1, "测试:定位卡每秒上报"), "a 1 s report interval")
	if v := valueOf(a, "report.interval.seconds"); v != float64(1) {
		t.Fatalf("report interval in force: %v", v)
	}
	hist := e.get("/api/positioning/rule/history?code=report.interval.seconds", a)
	ok(t, hist, "rule history")
	if len(hist.list()) != 1 || hist.list()[0].(map[string]any)["version"] != 1.0 {
		t.Fatalf("history: %s", truncate(hist.Raw))
	}

	// 赵操作 (allowed in the tank farm) goes silent there: offline after 3 s, 离线.
	ok(t, e.post("/api/positioning/position/batch", a, map[string]any{"items": []any{fixJSON("T-0004", time.Now(), 60, 60, "")}}), "a fix in the tank farm")
	var off map[string]any
	eventually(t, "the offline alarm", func() bool {
		if got := e.posAlarms(t, a, "alarmType_equal=12&tag_equal=T-0004"); len(got) == 1 {
			off = got[0]
			return true
		}
		return false
	})
	if off["zoneName"] != "甲类储罐区" || off["level"] != 1.0 || off["clearedAt"] != "" || off["parkCode"] != 0.0 {
		t.Fatalf("offline alarm: %v", off)
	}
	tags := e.get("/api/positioning/tag/page?code_equal=T-0004", a)
	ok(t, tags, "tag page")
	if m := tags.list()[0].(map[string]any); m["online"] != false || m["zoneName"] != "甲类储罐区" {
		t.Fatalf("the silent tag: %v", m)
	}
	ok(t, e.post("/api/positioning/position/batch", a, map[string]any{"items": []any{fixJSON("T-0004", time.Now(), 61, 60, "")}}), "the card reports again")
	if got := e.posAlarms(t, a, "alarmType_equal=12&tag_equal=T-0004"); len(got) != 1 || got[0]["clearedAt"] == "" {
		t.Fatalf("offline alarm after the card reported: %v", got)
	}
}

// testPositioningZoneWindow: a zone's time window (weekdays 1-7, HH:mm) is
// validated, stored and read back; an allowed person inside the zone
// outside the window is 串岗 after the debounce (park code 3 on its row).
func (e *env) testPositioningZoneWindow(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	tag := e.get("/api/positioning/tag/page?code_equal=T-0005", a).list()[0].(map[string]any)
	sq := []map[string]any{{"x": 500, "y": 500}, {"x": 520, "y": 500}, {"x": 520, "y": 520}, {"x": 500, "y": 520}}
	zone := func(days []int, from, to string) map[string]any {
		return map[string]any{"name": "检修区", "kind": 2, "floor": 1, "polygon": sq, "allowedTagIds": []string{str(tag["id"])},
			"allowWeekdays": days, "allowFrom": from, "allowTo": to}
	}
	fails(t, e.post("/api/positioning/zone/submit", a, zone([]int{1}, "8:00", "18:00")), 400, "HH:mm", "a time without its leading zero")
	fails(t, e.post("/api/positioning/zone/submit", a, zone([]int{8}, "", "")), 400, "allowWeekdays", "weekday 8")
	fails(t, e.post("/api/positioning/zone/submit", a, zone(nil, "08:00", "18:00")), 400, "请选择准入星期", "hours without weekdays")
	// Every weekday but today's: now is outside the window.
	today := int(time.Now().In(timefmt.Zone).Weekday()) // windows are plant time
	if today == 0 {
		today = 7
	}
	var days []int
	for d := 1; d <= 7; d++ {
		if d != today {
			days = append(days, d)
		}
	}
	ok(t, e.post("/api/positioning/zone/submit", a, zone(days, "", "")), "a zone with a window")
	z := e.get("/api/positioning/zone/page?name=检修区", a).list()[0].(map[string]any)
	if len(z["allowWeekdays"].([]any)) != 6 || z["allowFrom"] != "" {
		t.Fatalf("stored window: %v", z)
	}
	now := time.Now()
	ok(t, e.post("/api/positioning/position/batch", a, map[string]any{"items": []any{fixJSON("T-0005", now, 510, 510, ""),
		fixJSON("T-0005", now.Add(6*time.Second), 510, 511, "")}}), "the allowed welder in the zone outside its window")
	got := e.posAlarms(t, a, "alarmType_equal=3&tag_equal=T-0005")
	if len(got) != 1 || got[0]["zoneName"] != "检修区" || !strings.Contains(got[0]["detail"].(string), "准入时段外") || got[0]["parkCode"] != 3.0 {
		t.Fatalf("串岗 outside the window: %v", got)
	}
}
