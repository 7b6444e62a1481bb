package simulate

import (
	"math"
	"math/rand/v2"
	"time"
)

// Walker is a simulated person: a tag walking a closed path (local metres,
// the demo plant of services/positioning's seed) at Speed m/s.
type Walker struct {
	Tag     string
	Path    [][2]float64
	Speed   float64
	Battery int
	dist    float64
}

// DemoPeople are the demo tenant's people: patrols, operators at their
// units, a contractor whose shortcut crosses the restricted warehouse, a
// fitter standing still at the assembly point and a visitor whose card runs
// low.
func DemoPeople() []*Walker {
	return []*Walker{
		{Tag: "T-0001", Path: [][2]float64{{160, 130}, {80, 60}, {70, 180}, {250, 70}, {340, 200}}, Speed: 1.4, Battery: 86},
		{Tag: "T-0002", Path: [][2]float64{{340, 200}, {250, 70}}, Speed: 1.2, Battery: 74},
		{Tag: "T-0003", Path: [][2]float64{{200, 40}, {300, 40}, {300, 100}, {200, 100}}, Speed: 1.0, Battery: 91},
		{Tag: "T-0004", Path: [][2]float64{{40, 40}, {120, 40}, {120, 80}, {40, 80}}, Speed: 0.9, Battery: 66},
		{Tag: "T-0005", Path: [][2]float64{{50, 170}, {100, 200}}, Speed: 0.5, Battery: 58},
		{Tag: "T-0006", Path: [][2]float64{{160, 180}, {70, 180}, {160, 180}, {260, 70}}, Speed: 1.5, Battery: 80},
		{Tag: "T-0007", Path: [][2]float64{{230, 205}}, Battery: 77},
		{Tag: "T-0008", Path: [][2]float64{{320, 180}, {360, 220}}, Speed: 0.8, Battery: 18},
	}
}

func (w *Walker) length() float64 {
	l := 0.0
	for i := range w.Path {
		a, b := w.Path[i], w.Path[(i+1)%len(w.Path)]
		l += math.Hypot(b[0]-a[0], b[1]-a[1])
	}
	return l
}

// at is the point dist metres along the closed path.
func (w *Walker) at(dist float64) (float64, float64) {
	total := w.length()
	if total == 0 {
		return w.Path[0][0], w.Path[0][1]
	}
	d := math.Mod(dist, total)
	for i := range w.Path {
		a, b := w.Path[i], w.Path[(i+1)%len(w.Path)]
		seg := math.Hypot(b[0]-a[0], b[1]-a[1])
		if d <= seg {
			f := d / seg
			return a[0] + (b[0]-a[0])*f, a[1] + (b[1]-a[1])*f
		}
		d -= seg
	}
	return w.Path[0][0], w.Path[0][1]
}

// The shift briefing (班前会): every BriefEvery the first BriefPeople walkers
// leave their paths and stand together at BriefAt (the synthesis unit) for
// BriefFor, longer than the gathering rule's 60 s, so 人员聚集 shows on the
// demo map and alarm list, and clears when they walk on.
const (
	BriefEvery  = 6 * time.Minute
	BriefFor    = 90 * time.Second
	BriefPeople = 6
)

// BriefAt is where the briefing stands.
var BriefAt = [2]float64{260, 60}

// briefing reports whether now is inside a briefing.
func briefing(now time.Time) bool {
	return time.Duration(now.UnixNano())%BriefEvery < BriefFor
}

// fixes moves every walker by dt and answers the position payload.
func fixes(people []*Walker, dt time.Duration, now time.Time) []map[string]any {
	out := make([]map[string]any, 0, len(people))
	brief := briefing(now)
	for i, w := range people {
		var x, y float64
		if brief && i < BriefPeople {
			// two rows of three, 1.5 m apart
			x, y = BriefAt[0]+1.5*float64(i%3), BriefAt[1]+1.5*float64(i/3)
		} else {
			w.dist += w.Speed * dt.Seconds()
			x, y = w.at(w.dist)
		}
		if w.Speed > 0 {
			//nolint:gosec // G404: simulated positioning error, not security
			x, y = x+(rand.Float64()-0.5), y+(rand.Float64()-0.5)
		}
		out = append(out, map[string]any{"tag": w.Tag, "ts": now.UnixMilli(), "x": math.Round(x*10) / 10, "y": math.Round(y*10) / 10,
			"floor": 1, "battery": w.Battery})
	}
	return out
}
