package simulate

import (
	"math"
	"testing"
	"time"
)

// During the briefing the first six demo people stand within 5 m of each
// other (the gathering rule's radius); outside it they walk their paths.
func TestBriefingGathersSixPeople(t *testing.T) {
	people := DemoPeople()
	start := time.Unix(0, 0).Add(10 * BriefEvery)
	in := fixes(people, time.Second, start.Add(10*time.Second))
	for i := 0; i < BriefPeople; i++ {
		for j := 0; j < BriefPeople; j++ {
			a, b := in[i], in[j]
			if d := math.Hypot(a["x"].(float64)-b["x"].(float64), a["y"].(float64)-b["y"].(float64)); d > 5 {
				t.Fatalf("%s and %s are %.1f m apart during the briefing", a["tag"], b["tag"], d)
			}
		}
	}
	if briefing(start.Add(BriefFor)) || !briefing(start) {
		t.Fatal("the briefing lasts BriefFor from each BriefEvery")
	}
	out := fixes(people, time.Second, start.Add(BriefFor+time.Minute))
	if math.Hypot(out[0]["x"].(float64)-BriefAt[0], out[0]["y"].(float64)-BriefAt[1]) < 1 && math.Hypot(out[1]["x"].(float64)-BriefAt[0], out[1]["y"].(float64)-BriefAt[1]) < 3 {
		t.Fatal("after the briefing they walk on")
	}
}
