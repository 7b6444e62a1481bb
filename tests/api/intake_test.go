package api

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"anquan/kit/bus"
)

// testHazardIntake: another service's "<svc>.hazard.raised" event becomes a
// hidden danger waiting for assessment, reported by the person who found it,
// once per source record however often the event arrives; a malformed event
// is dropped without stopping the ones after it.
func (e *env) testHazardIntake(t *testing.T, admin string) {
	t.Helper()
	welder := e.userID(t, admin, "welder")
	raise := func(id string, data map[string]any) {
		t.Helper()
		raw, _ := json.Marshal(data)
		ev, _ := json.Marshal(bus.Event{ID: id, Subject: "anquan.inspection.hazard.raised", TenantID: "100001", OccurredAt: time.Now(), Data: raw})
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := e.stack.Infra.Bus.Publish(ctx, "anquan.inspection.hazard.raised", id, ev, nil); err != nil {
			t.Fatalf("publish: %v", err)
		}
	}
	title := "巡检异常:P-101 出口压力 1.9 MPa" + uniq()
	good := map[string]any{"source": "inspection", "sourceId": "rec-" + title, "title": title, "description": "上限 1.6 MPa",
		"level": 0, "hazardType": 7, "dangerSrc": 1, "location": "一车间", "reporterId": welder,
		"link": "/intelligentInspectionNew/record?id=1"}
	// A malformed event first: it must not block the good one behind it.
	raise("intake-bad-"+title, map[string]any{"source": "Bad Source!", "sourceId": "x", "title": "x", "reporterId": welder})
	raise("intake-1-"+title, good)
	// The same source record again under another event id: no second hazard.
	raise("intake-2-"+title, good)

	var h map[string]any
	eventually(t, "the raised hazard is listed", func() bool {
		for _, v := range e.get(pv+"/hidden-danger/page?size=50&dangerName="+url.QueryEscape(title), admin).list() {
			h = v.(map[string]any)
			return true
		}
		return false
	})
	if h["dangerState"].(float64) != 10 || str(h["reportUserId"]) != welder || str(h["liableUserId"]) != welder ||
		str(h["sourceSvc"]) != "inspection" || !strings.HasPrefix(str(h["sourceLink"]), "/intelligentInspectionNew/") ||
		str(h["processInstanceId"]) == "" || h["dangerSrc"].(float64) != 1 {
		t.Fatalf("raised hazard: %v", h)
	}
	// A later event is processed, so the duplicate before it was too.
	later := "巡检异常:后续事件" + uniq()
	raise("intake-3-"+later, map[string]any{"source": "inspection", "sourceId": "rec-" + later, "title": later, "reporterId": welder})
	eventually(t, "the later hazard is listed", func() bool {
		return len(e.get(pv+"/hidden-danger/page?size=50&dangerName="+url.QueryEscape(later), admin).list()) == 1
	})
	if n := len(e.get(pv+"/hidden-danger/page?size=50&dangerName="+url.QueryEscape(title), admin).list()); n != 1 {
		t.Fatalf("the repeated source record made %d hazards, want 1", n)
	}
}
