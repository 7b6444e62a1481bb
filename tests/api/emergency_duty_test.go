package api

import (
	"strings"
	"testing"
	"time"

	"anquan/kit/db"
	"anquan/kit/timefmt"
)

// TestEmergencyDuty: the on-duty module. The demo tenant's rosters of this
// week and today's duty board (who is on duty now, with phones); a roster
// by department and by post; the refusals: a person in two overlapping
// shifts (also across midnight), an end before the start, too long a
// range, a malformed shift time, an unknown person, no people, a bad duty
// type, too long a name; the export; buttons, object-level checks and
// tenant isolation.
func TestEmergencyDuty(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			var e *env
			t.Cleanup(func() {
				if e != nil && e.cfg.DB.Driver != "sqlite" {
					_ = db.DropDatabase(e.cfg, "emergency")
				}
			})
			e = start(t, b)
			e.testEmergencyDuty(t)
		})
	}
}

func (e *env) testEmergencyDuty(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	now := time.Now().In(timefmt.Zone)
	day := func(n int) string { return now.AddDate(0, 0, n).Format("2006-01-02") }

	// The demo rosters: two departments and a post, this week from today.
	pg := e.get(em+"/duty/page?size=50", a)
	ok(t, pg, "duty page")
	if len(pg.list()) != 3 {
		t.Fatalf("demo rosters: %s", truncate(pg.Raw))
	}
	if n := len(e.get(em+"/duty/page?dutyType_equal=1", a).list()); n != 1 {
		t.Fatalf("post rosters: %d", n)
	}
	prod := e.one(t, em+"/duty/page?orgName=生产运行部", a, "orgName", "生产运行部")
	if prod["startDate"] != day(0) || prod["endDate"] != day(6) || prod["leaderName"] != "张主任" || len(prod["people"].([]any)) != 2 {
		t.Fatalf("production roster: %v", prod)
	}
	// Today's board: the round-the-clock department is on duty now, with its people's phones.
	board := e.get(em+"/duty/board", a)
	ok(t, board, "duty board")
	bm := board.dataMap()
	if bm["today"] != day(0) {
		t.Fatalf("board day: %v", bm["today"])
	}
	var onNow *map[string]any
	for _, v := range bm["items"].([]any) {
		it := v.(map[string]any)
		r := it["roster"].(map[string]any)
		if r["orgName"] == "生产运行部" && it["onDutyNow"] == true {
			onNow = &r
		}
	}
	if onNow == nil || !strings.Contains(string(board.Raw), "孙焊工") || !strings.Contains(string(board.Raw), "13800000206") {
		t.Fatalf("board: %s", truncate(board.Raw))
	}

	op1 := e.userID(t, a, "operator1") // 王操作: 安全环保部 08:00-20:00 this week
	op2 := e.userID(t, a, "operator2") // 赵操作: 操作工 20:00-08:00 this week
	safety := e.userID(t, a, "safety") // 李安全: leads 安全环保部
	welder := e.userID(t, a, "welder") // 孙焊工: 生产运行部 around the clock
	roster := func(org, from, to, s, en string, people ...string) map[string]any {
		var ps []map[string]any
		for _, p := range people {
			ps = append(ps, map[string]any{"userId": p, "phone": "13900000000"})
		}
		return map[string]any{"dutyType": 0, "orgName": org, "startDate": from, "endDate": to, "shiftName": "班", "shiftStart": s, "shiftEnd": en, "people": ps}
	}
	fails(t, e.post(em+"/duty/submit", a, roster("设备管理部", day(1), day(1), "12:00", "14:00", op1)), 400, "班次时间重叠", "a day shift inside another")
	fails(t, e.post(em+"/duty/submit", a, roster("设备管理部", day(7), day(7), "06:00", "10:00", op2)), 400, "班次时间重叠", "the morning after the last night shift")
	fails(t, e.post(em+"/duty/submit", a, roster("设备管理部", day(3), day(3), "09:00", "10:00", welder)), 400, "班次时间重叠", "inside a 24-hour shift")
	fails(t, e.post(em+"/duty/submit", a, roster("设备管理部", day(3), day(2), "08:00", "17:00", op1)), 400, "结束日期不能早于开始日期", "end before start")
	fails(t, e.post(em+"/duty/submit", a, roster("设备管理部", day(10), day(41), "08:00", "17:00", op1)), 400, "不能超过 31 天", "range too long")
	fails(t, e.post(em+"/duty/submit", a, roster("设备管理部", day(10), day(10), "25:00", "17:00", op1)), 400, "班次开始时间格式错误", "bad shift time")
	fails(t, e.post(em+"/duty/submit", a, roster("设备管理部", day(10), day(10), "08:00", "17:00", "987654321")), 400, "不存在或不属于本租户", "unknown person")
	fails(t, e.post(em+"/duty/submit", a, roster("设备管理部", day(10), day(10), "08:00", "17:00")), 400, "请选择值班人员", "no people")
	fails(t, e.post(em+"/duty/submit", a, roster("设备管理部", "明天", day(10), "08:00", "17:00", op1)), 400, "格式错误", "bad date")
	fails(t, e.post(em+"/duty/submit", a, roster(strings.Repeat("部", 101), day(10), day(10), "08:00", "17:00", op1)), 400, "", "too long a name")
	bad := roster("设备管理部", day(10), day(10), "08:00", "17:00", op1)
	bad["dutyType"] = 2
	fails(t, e.post(em+"/duty/submit", a, bad), 400, "", "duty type 2")

	// Adjacent shifts do not overlap: 王操作 after his day shift, with a leader.
	evening := roster("设备管理部", day(1), day(2), "20:00", "22:00", op1)
	evening["leaderUserId"], evening["phone"] = welder, "0551-6000140"
	fails(t, e.post(em+"/duty/submit", a, evening), 400, "班次时间重叠", "the leader is on another shift")
	evening["leaderUserId"] = safety
	ok(t, e.post(em+"/duty/submit", a, evening), "an evening shift right after the day shift")
	ev := e.one(t, em+"/duty/page?orgName=设备管理部", a, "orgName", "设备管理部")
	if ev["personNames"] != "王操作" || ev["leaderName"] != "李安全" {
		t.Fatalf("evening roster: %v", ev)
	}
	// A post roster next week; then moved onto the evening shift (refused), and removed.
	post := roster("焊工", day(8), day(9), "08:00", "16:00", op1)
	post["dutyType"] = 1
	ok(t, e.post(em+"/duty/submit", a, post), "a post roster")
	wp := e.one(t, em+"/duty/page?orgName=焊工", a, "orgName", "焊工")
	wp["startDate"], wp["endDate"], wp["shiftStart"], wp["shiftEnd"] = day(2), day(2), "21:00", "23:00"
	fails(t, e.post(em+"/duty/submit", a, wp), 400, "班次时间重叠", "an edit onto another shift")
	wp["shiftStart"], wp["shiftEnd"] = "22:00", "23:00"
	ok(t, e.post(em+"/duty/submit", a, wp), "an edit after the evening shift")

	x := e.call("GET", em+"/duty/export?dutyType_equal=0", a, nil)
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), "xlsx") {
		t.Fatalf("duty export: %d", x.Status)
	}

	// Buttons and the record: an operator holds no roster button.
	o := e.login("100001", "operator1", "123456")
	fails(t, e.post(em+"/duty/submit", o, roster("设备管理部", day(20), day(20), "08:00", "17:00", op1)), 403, "", "operator adds a roster")
	fails(t, e.post(em+"/duty/remove?ids="+str(wp["id"]), o, nil), 403, "", "operator removes a roster")

	// Another tenant sees and changes nothing of tenant A.
	platform := e.login("000000", "admin", "admin")
	ok(t, e.post("/api/blade-system/tenant/submit", platform, map[string]any{"tenantId": "300072", "tenantName": "值班隔离测试公司"}), "tenant B")
	b := e.login("300072", "admin", "123456")
	if n := len(e.get(em+"/duty/page", b).list()); n != 0 {
		t.Fatalf("tenant B sees %d rosters", n)
	}
	if items, _ := e.get(em+"/duty/board", b).dataMap()["items"].([]any); len(items) != 0 {
		t.Fatalf("tenant B's board: %d", len(items))
	}
	fails(t, e.get(em+"/duty/detail?id="+str(wp["id"]), b), 400, "不存在", "roster detail across tenants")
	fails(t, e.post(em+"/duty/submit", b, wp), 400, "不存在", "roster edit across tenants")
	fails(t, e.post(em+"/duty/remove?ids="+str(wp["id"]), b, nil), 400, "不存在", "roster remove across tenants")

	ok(t, e.post(em+"/duty/remove?ids="+str(wp["id"])+","+str(ev["id"]), a, nil), "remove the rosters")
	if n := len(e.get(em+"/duty/page", a).list()); n != 3 {
		t.Fatalf("rosters after removal: %d", n)
	}
}
