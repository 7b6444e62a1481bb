package biz

import (
	"strings"
	"testing"

	"anquan/kit/errs"
)

// A 10x10 square with a 2x2 hole in the middle, and an L-shaped (concave)
// polygon whose notch is the top-right quarter.
const (
	squareWithHole = `[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[4,4],[6,4],[6,6],[4,6],[4,4]]]`
	lShape         = `[[0,0],[10,0],[10,5],[5,5],[5,10],[0,10]]`
	positions      = `[{"lng":0,"lat":0},{"lng":10,"lat":0},{"lng":10,"lat":10},{"lng":0,"lat":10}]`
	geoJSON        = `{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]]]}`
)

func mustPoly(t *testing.T, s string) Polygon {
	t.Helper()
	p, err := ParsePolygon(s)
	if err != nil {
		t.Fatalf("parse %s: %v", s, err)
	}
	return p
}

func TestContainsHandlesHolesConcaveShapesEdgesAndVertices(t *testing.T) {
	cases := []struct {
		name, poly string
		pt         Point
		want       bool
	}{
		{"inside square", squareWithHole, Point{1, 1}, true},
		{"inside the hole", squareWithHole, Point{5, 5}, false},
		{"on the hole's edge", squareWithHole, Point{4, 5}, true},
		{"on the hole's vertex", squareWithHole, Point{6, 6}, true},
		{"between hole and outer", squareWithHole, Point{8, 5}, true},
		{"on an outer edge", squareWithHole, Point{10, 3}, true},
		{"on an outer vertex", squareWithHole, Point{0, 0}, true},
		{"just outside", squareWithHole, Point{10.0001, 3}, false},
		{"far outside", squareWithHole, Point{-5, 20}, false},
		{"L: in the foot", lShape, Point{8, 2}, true},
		{"L: in the upright", lShape, Point{2, 8}, true},
		{"L: in the notch", lShape, Point{7, 7}, false},
		{"L: on the reflex vertex", lShape, Point{5, 5}, true},
		{"L: on the notch edge", lShape, Point{7, 5}, true},
		{"L: ray through a vertex", lShape, Point{2, 5}, true},
		{"L: ray through a vertex, outside", lShape, Point{-1, 5}, false},
		{"positions form", positions, Point{5, 5}, true},
		{"GeoJSON form", geoJSON, Point{9.5, 9.5}, true},
		{"clockwise ring", `[[0,0],[0,10],[10,10],[10,0]]`, Point{5, 5}, true},
		{"within eps of an edge", lShape, Point{10 + 1e-10, 3}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := mustPoly(t, c.poly).Contains(c.pt); got != c.want {
				t.Fatalf("Contains(%v) = %v, want %v", c.pt, got, c.want)
			}
		})
	}
}

func TestParsePolygonRefusesBadShapes(t *testing.T) {
	cases := []struct{ name, poly, msg string }{
		{"empty", ``, "不能为空"},
		{"not JSON", `[[1,2]`, "JSON"},
		{"not an array", `"x"`, "坐标数组"},
		{"two points", `[[0,0],[1,1]]`, "至少需要 3 个不同的点"},
		{"closed but two distinct", `[[0,0],[1,1],[0,0]]`, "至少需要 3 个不同的点"},
		{"collinear", `[[0,0],[1,1],[2,2]]`, "面积为零"},
		{"bow tie", `[[0,0],[2,2],[2,0],[0,2]]`, "自相交"},
		{"longitude out of range", `[[190,0],[1,0],[1,1]]`, "超出范围"},
		{"latitude out of range", `[[0,-91],[1,0],[1,1]]`, "超出范围"},
		{"text coordinates", `[["a","b"],[1,0],[1,1]]`, "数字"},
		{"one number", `[[1],[1,0],[1,1]]`, "[经度,纬度]"},
		{"hole outside", `[[[0,0],[4,0],[4,4],[0,4]],[[5,5],[6,5],[6,6]]]`, "超出了外边界"},
		{"line string GeoJSON", `{"type":"LineString","coordinates":[[0,0],[1,1]]}`, "Polygon"},
		{"position without lat", `[{"lng":1},{"lng":2,"lat":0},{"lng":2,"lat":2}]`, "lng 与 lat"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParsePolygon(c.poly)
			if err == nil || !strings.Contains(errs.Message(err), c.msg) {
				t.Fatalf("ParsePolygon(%s) = %v, want a message containing %q", c.poly, err, c.msg)
			}
		})
	}
}

func TestPolygonJSONIsClosedAndRoundTrips(t *testing.T) {
	cases := []struct{ in, want string }{
		{`[[0,0],[1,0],[1,1]]`, `[[0,0],[1,0],[1,1],[0,0]]`},
		{`[[0,0],[1,0],[1,1],[0,0]]`, `[[0,0],[1,0],[1,1],[0,0]]`},
		{`[[0,0],[1,0],[1,0],[1,1]]`, `[[0,0],[1,0],[1,1],[0,0]]`}, // repeats dropped
		{positions, `[[0,0],[10,0],[10,10],[0,10],[0,0]]`},
		{squareWithHole, `[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[4,4],[6,4],[6,6],[4,6],[4,4]]]`},
	}
	for _, c := range cases {
		p := mustPoly(t, c.in)
		if got := p.JSON(); got != c.want {
			t.Fatalf("JSON(%s) = %s, want %s", c.in, got, c.want)
		}
		if again := mustPoly(t, p.JSON()).JSON(); again != c.want {
			t.Fatalf("round trip of %s: %s", c.in, again)
		}
	}
}

func TestBoxAndCentroid(t *testing.T) {
	p := mustPoly(t, lShape)
	if b := p.Box(); b != (BBox{0, 0, 10, 10}) {
		t.Fatalf("box %v", b)
	}
	sq := mustPoly(t, `[[0,0],[4,0],[4,2],[0,2]]`)
	if c := sq.Centroid(); c != (Point{2, 1}) {
		t.Fatalf("centroid %v", c)
	}
}
