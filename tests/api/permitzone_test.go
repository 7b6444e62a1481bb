package api

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	workticketv1 "anquan/proto/blade/workticket/v1"
)

// TestPositioningPermitZone: 人证不符 (alarm type 6). The demo's synthesis
// zone names the synthesis risk partition, where the demo hot-work permit is
// in progress (welder 孙焊工 operating, 张主任 guarding). Positions posted
// through the ingest API: 赵操作, on no permit there, raises 人证不符 with
// the permit's number once the tenant's delay passed; the welder raises
// nothing; 赵操作 leaving clears it. The internal call lists the permits in
// force per tenant.
func TestPositioningPermitZone(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			var e *env
			t.Cleanup(func() {
				if e != nil && e.cfg.DB.Driver != "sqlite" {
					_ = db.DropDatabase(e.cfg, "positioning")
					_ = db.DropDatabase(e.cfg, "workticket")
				}
			})
			e = start(t, b)
			e.testPositioningPermitZone(t)
		})
	}
}

func (e *env) testPositioningPermitZone(t *testing.T) {
	a := e.login("100001", "admin", "admin")
	area := str(seedids.DemoAreaSynthesis)

	// The internal call: the demo permit in progress at the area, with its crew.
	id, err := e.stack.Infra.Verifier.Verify(a)
	if err != nil {
		t.Fatal(err)
	}
	c := workticketv1.NewWorkticketInternalClient(e.stack.Infra.Dialer.Lazy("workticket"))
	var no string
	eventually(t, "the demo permit in force", func() bool {
		r, err := c.PermitsInForce(ident.With(context.Background(), id), &workticketv1.PermitsInForceRequest{TenantId: "100001"})
		if err != nil {
			return false
		}
		for _, p := range r.Items {
			if str(p.AreaId) == area && slices.Contains(p.UserIds, seedids.DemoWelderUser) && slices.Contains(p.UserIds, seedids.DemoDirectorUser) &&
				!slices.Contains(p.UserIds, seedids.DemoOperator2User) {
				no = p.TicketNo
			}
		}
		return strings.HasPrefix(no, "DH-")
	})
	if r, err := c.PermitsInForce(ident.With(context.Background(), id), &workticketv1.PermitsInForceRequest{TenantId: "300002"}); err != nil || len(r.Items) != 0 {
		t.Fatalf("another tenant's permits in force: %v %v", r, err)
	}

	// The zone names the area; a negative area is refused.
	zones := e.get("/api/positioning/zone/page?name=合成装置区", a)
	ok(t, zones, "zone page")
	if len(zones.list()) != 1 {
		t.Fatalf("synthesis zone: %s", truncate(zones.Raw))
	}
	z := zones.list()[0].(map[string]any)
	if str(z["areaId"]) != area || z["areaName"] != "合成装置区" {
		t.Fatalf("the zone's area: %v", z)
	}
	fails(t, e.post("/api/positioning/zone/submit", a, map[string]any{"name": "负区域", "kind": 1, "floor": 1, "areaId": "-1",
		"polygon": []map[string]any{{"x": 0, "y": 0}, {"x": 10, "y": 0}, {"x": 10, "y": 10}}}), 400, "area", "a negative area")

	// The tenant's delay: 5 s (the platform default is 60 s).
	ok(t, e.post("/api/positioning/rule/submit", a, map[string]any{"code": "cert_mismatch.seconds", "value": 5, "source": "测试"}), "cert delay")
	fails(t, e.post("/api/positioning/rule/submit", a, map[string]any{"code": "cert_mismatch.seconds", "value": 1, "source": "测试"}), 400, "5 到 3600", "a delay of 1 s")

	// 赵操作 (T-0004, on no permit) and the welder (T-0005, the operator) in the zone.
	post := func(x float64) {
		now := time.Now()
		ok(t, e.post("/api/positioning/position/batch", a, map[string]any{"items": []any{
			fixJSON("T-0004", now, x, 40, ""), fixJSON("T-0005", now, 210, 40, "")}}), "positions")
	}
	deadline := time.Now().Add(40 * time.Second)
	var got []map[string]any
	for time.Now().Before(deadline) {
		post(200)
		if got = e.posAlarms(t, a, "alarmType_equal=6&state_equal=1"); len(got) > 0 {
			break
		}
		time.Sleep(time.Second)
	}
	if len(got) != 1 || got[0]["tag"] != "T-0004" || str(got[0]["zoneId"]) != str(z["id"]) || !strings.Contains(str(got[0]["detail"]), no) {
		t.Fatalf("人证不符 of 赵操作 with %s: %v", no, got)
	}
	post(201)
	if n := len(e.posAlarms(t, a, "alarmType_equal=6&state_equal=1")); n != 1 {
		t.Fatalf("raised again while it lasts: %d", n)
	}
	if w := e.posAlarms(t, a, "alarmType_equal=6&tag_equal=T-0005"); len(w) != 0 {
		t.Fatalf("the permit's operator raised 人证不符: %v", w)
	}
	// Leaving the zone clears it.
	post(400)
	eventually(t, "人证不符 cleared", func() bool {
		l := e.posAlarms(t, a, "alarmType_equal=6&tag_equal=T-0004")
		return len(l) == 1 && str(l[0]["clearedAt"]) != ""
	})
}
