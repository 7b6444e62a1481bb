package biz

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"anquan/kit/errs"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
)

// Point is a WGS-84 position in degrees. A plant is a few kilometres wide
// and never crosses the antimeridian, so planar geometry on degrees is exact
// enough for "which area is this point in".
type Point struct{ Lng, Lat float64 }

func (p Point) orb() orb.Point { return orb.Point{p.Lng, p.Lat} }

// Polygon is an outer ring then optional holes, each closed (the first point
// repeated at the end), as orb and GeoJSON want them. Containment, area,
// bounds and centroid come from orb's planar package.
type Polygon orb.Polygon

// BBox bounds a polygon; stored beside the row so a point query reads only
// the areas whose box holds the point.
type BBox struct{ MinLng, MinLat, MaxLng, MaxLat float64 }

// maxRingPoints keeps the self-intersection check (quadratic) cheap.
const maxRingPoints = 2000

// eps is the tolerance of the boundary test, in degrees (about 0.1 mm).
const eps = 1e-9

// ParsePolygon reads the JSON forms the web and the old system send:
//
//	[[lng,lat],...]                 one ring
//	[[[lng,lat],...],[[...]],...]   outer ring, then holes
//	[{"lng":..,"lat":..},...]       positions ("longitude"/"latitude" too)
//	[[{...},...],[{...},...]]       rings of positions
//	{"type":"Polygon","coordinates":[[[lng,lat],...]]}   GeoJSON
//
// and validates it (see Validate). A ring may or may not repeat its first
// point at the end.
func ParsePolygon(s string) (Polygon, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Polygon{}, errs.BadRequest("区域范围不能为空")
	}
	var raw any
	if err := json.Unmarshal([]byte(s), &raw); err != nil {
		return Polygon{}, errs.BadRequest("区域范围不是合法的 JSON: %v", err)
	}
	if m, ok := raw.(map[string]any); ok {
		if t, _ := m["type"].(string); t != "Polygon" {
			return Polygon{}, errs.BadRequest("区域范围只支持 Polygon 类型的 GeoJSON")
		}
		raw = m["coordinates"]
	}
	rings, err := readRings(raw)
	if err != nil {
		return Polygon{}, err
	}
	return validate(rings)
}

// readRings turns the decoded JSON into rings.
func readRings(raw any) ([]orb.Ring, error) {
	list, ok := raw.([]any)
	if !ok || len(list) == 0 {
		return nil, errs.BadRequest("区域范围应为坐标数组，如 [[120.1,32.1],[120.2,32.1],[120.2,32.2]]")
	}
	// A list of points is one ring; a list of lists of points is several.
	if isPoint(list[0]) {
		r, err := readRing(list, 1)
		if err != nil {
			return nil, err
		}
		return []orb.Ring{r}, nil
	}
	rings := make([]orb.Ring, 0, len(list))
	for i, item := range list {
		pts, ok := item.([]any)
		if !ok {
			return nil, errs.BadRequest("区域范围第 %d 个边界格式错误", i+1)
		}
		r, err := readRing(pts, i+1)
		if err != nil {
			return nil, err
		}
		rings = append(rings, r)
	}
	return rings, nil
}

// isPoint tells a point ({...} or [number, ...]) from a ring ([[...], ...]).
func isPoint(v any) bool {
	switch t := v.(type) {
	case map[string]any:
		return true
	case []any:
		if len(t) == 0 {
			return false
		}
		switch t[0].(type) {
		case []any, map[string]any:
			return false
		}
		return true
	}
	return false
}

func readRing(pts []any, n int) (orb.Ring, error) {
	if len(pts) > maxRingPoints+1 {
		return nil, errs.BadRequest("区域范围第 %d 个边界的点数超过 %d 个", n, maxRingPoints)
	}
	r := make(orb.Ring, 0, len(pts))
	for i, v := range pts {
		p, err := readPoint(v)
		if err != nil {
			return nil, errs.BadRequest("区域范围第 %d 个边界第 %d 个点: %s", n, i+1, errs.Message(err))
		}
		r = append(r, p.orb())
	}
	return r, nil
}

// readPoint reads [lng,lat(,alt)] or {"lng","lat"} / {"longitude","latitude"}.
func readPoint(v any) (Point, error) {
	switch t := v.(type) {
	case []any:
		if len(t) < 2 || len(t) > 3 {
			return Point{}, errs.BadRequest("坐标应为 [经度,纬度]")
		}
		lng, ok1 := t[0].(float64)
		lat, ok2 := t[1].(float64)
		if !ok1 || !ok2 {
			return Point{}, errs.BadRequest("坐标应为数字")
		}
		return Point{lng, lat}, nil
	case map[string]any:
		lng, ok1 := num(t, "lng", "longitude", "lon")
		lat, ok2 := num(t, "lat", "latitude")
		if !ok1 || !ok2 {
			return Point{}, errs.BadRequest("坐标应包含 lng 与 lat")
		}
		return Point{lng, lat}, nil
	}
	return Point{}, errs.BadRequest("坐标格式错误")
}

// num reads the first present key as a number (strings like "120.5" too).
func num(m map[string]any, keys ...string) (float64, bool) {
	for _, k := range keys {
		switch v := m[k].(type) {
		case float64:
			return v, true
		case string:
			var f float64
			if _, err := fmt.Sscan(v, &f); err == nil {
				return f, true
			}
			return 0, false
		}
	}
	return 0, false
}

// validate checks every ring: coordinates in range, at least three distinct
// points, a non-zero area, no crossing edges; every hole lies in the outer
// ring.
func validate(rings []orb.Ring) (Polygon, error) {
	for i := range rings {
		name := "外边界"
		if i > 0 {
			name = fmt.Sprintf("第 %d 个内部空洞", i)
		}
		r, err := normalize(rings[i], name)
		if err != nil {
			return nil, err
		}
		rings[i] = r
	}
	for i, h := range rings[1:] {
		for _, v := range h {
			if !ringCovers(rings[0], v) {
				return nil, errs.BadRequest("区域范围第 %d 个内部空洞超出了外边界", i+1)
			}
		}
	}
	return Polygon(rings), nil
}

// normalize drops consecutive repeats, closes the ring, then checks it.
func normalize(r orb.Ring, name string) (orb.Ring, error) {
	out := make(orb.Ring, 0, len(r)+1)
	for _, v := range r {
		if math.IsNaN(v[0]) || math.IsNaN(v[1]) || v[0] < -180 || v[0] > 180 || v[1] < -90 || v[1] > 90 {
			return nil, errs.BadRequest("区域范围%s的坐标超出范围: 经度应在 -180~180, 纬度应在 -90~90", name)
		}
		if len(out) > 0 && out[len(out)-1] == v {
			continue
		}
		out = append(out, v)
	}
	distinct := map[orb.Point]bool{}
	for _, v := range out {
		distinct[v] = true
	}
	if len(distinct) < 3 {
		return nil, errs.BadRequest("区域范围%s至少需要 3 个不同的点", name)
	}
	if !out.Closed() {
		out = append(out, out[0])
	}
	if i, j, bad := selfIntersection(out); bad {
		return nil, errs.BadRequest("区域范围%s自相交（第 %d 条边与第 %d 条边交叉）", name, i+1, j+1)
	}
	if math.Abs(planar.Area(out)) < 1e-14 { // a ring's area is signed by its winding
		return nil, errs.BadRequest("区域范围%s的面积为零（各点共线）", name)
	}
	return out, nil
}

// selfIntersection finds two non-adjacent edges of a closed ring that touch
// or cross (orb has no validity check; this one is what it lacks).
func selfIntersection(r orb.Ring) (int, int, bool) {
	n := len(r) - 1 // edges: r[i] -> r[i+1]
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if j == i+1 || (i == 0 && j == n-1) {
				continue // neighbours share a vertex
			}
			if segmentsIntersect(r[i], r[i+1], r[j], r[j+1]) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// cross is the orientation of b relative to the line o→a.
func cross(o, a, b orb.Point) float64 {
	return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0])
}

func sign(v float64) int {
	switch {
	case v > eps*eps:
		return 1
	case v < -eps*eps:
		return -1
	}
	return 0
}

// segmentsIntersect: the segments cross, or an end of one lies on the other.
func segmentsIntersect(p1, p2, q1, q2 orb.Point) bool {
	d1, d2 := sign(cross(q1, q2, p1)), sign(cross(q1, q2, p2))
	d3, d4 := sign(cross(p1, p2, q1)), sign(cross(p1, p2, q2))
	if d1*d2 < 0 && d3*d4 < 0 {
		return true
	}
	on := func(p, a, b orb.Point) bool { return planar.DistanceFromSegment(a, b, p) <= eps }
	return on(p1, q1, q2) || on(p2, q1, q2) || on(q1, p1, p2) || on(q2, p1, p2)
}

// onBoundary: p lies on an edge or vertex of r (within eps).
func onBoundary(r orb.Ring, p orb.Point) bool { return planar.DistanceFrom(r, p) <= eps }

// ringCovers: p is inside r or on its boundary.
func ringCovers(r orb.Ring, p orb.Point) bool { return planar.RingContains(r, p) || onBoundary(r, p) }

// Contains reports whether p is in the polygon. The boundary counts as
// inside, including the boundary of a hole (planar.PolygonContains counts a
// hole's boundary as outside); the open inside of a hole does not.
func (p Polygon) Contains(pt Point) bool {
	q := pt.orb()
	if !ringCovers(p[0], q) {
		return false
	}
	for _, h := range p[1:] {
		if planar.RingContains(h, q) && !onBoundary(h, q) {
			return false
		}
	}
	return true
}

// Outer is the outer boundary without its closing point (the map setting's
// list of positions).
func (p Polygon) Outer() []Point {
	out := make([]Point, 0, len(p[0])-1)
	for _, v := range p[0][:len(p[0])-1] {
		out = append(out, Point{v[0], v[1]})
	}
	return out
}

// Box is the bounding box of the outer ring.
func (p Polygon) Box() BBox {
	b := orb.Polygon(p).Bound()
	return BBox{MinLng: b.Min[0], MinLat: b.Min[1], MaxLng: b.Max[0], MaxLat: b.Max[1]}
}

// Centroid of the outer ring (where the map puts the area's label; holes
// do not move it).
func (p Polygon) Centroid() Point {
	c, _ := planar.CentroidArea(p[0])
	return Point{c[0], c[1]}
}

// JSON is the canonical stored form: [[[lng,lat],...],...] (outer ring,
// closed, then holes) when there are holes, else the single closed ring
// [[lng,lat],...] the old pages expect.
func (p Polygon) JSON() string {
	var b []byte
	if len(p) == 1 {
		b, _ = json.Marshal(p[0])
	} else {
		b, _ = json.Marshal(p)
	}
	return string(b)
}
