package biz

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"anquan/kit/errs"
)

// Point is a WGS-84 position in degrees. A plant is a few kilometres wide
// and never crosses the antimeridian, so planar geometry on degrees is exact
// enough for "which area is this point in".
type Point struct{ Lng, Lat float64 }

// Ring is a closed boundary stored open: the closing point is not repeated.
type Ring []Point

// Polygon is an outer boundary and optional holes.
type Polygon struct {
	Outer Ring
	Holes []Ring
}

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
	p := Polygon{Outer: rings[0], Holes: rings[1:]}
	return p, p.Validate()
}

// readRings turns the decoded JSON into rings.
func readRings(raw any) ([]Ring, error) {
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
		return []Ring{r}, nil
	}
	rings := make([]Ring, 0, len(list))
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

func readRing(pts []any, n int) (Ring, error) {
	if len(pts) > maxRingPoints+1 {
		return nil, errs.BadRequest("区域范围第 %d 个边界的点数超过 %d 个", n, maxRingPoints)
	}
	r := make(Ring, 0, len(pts))
	for i, v := range pts {
		p, err := readPoint(v)
		if err != nil {
			return nil, errs.BadRequest("区域范围第 %d 个边界第 %d 个点: %s", n, i+1, errs.Message(err))
		}
		r = append(r, p)
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

// Validate checks every ring: coordinates in range, at least three distinct
// points, a non-zero area, no crossing edges; every hole lies in the outer
// ring.
func (p *Polygon) Validate() error {
	rings := append([]Ring{p.Outer}, p.Holes...)
	for i := range rings {
		name := "外边界"
		if i > 0 {
			name = fmt.Sprintf("第 %d 个内部空洞", i)
		}
		r, err := normalize(rings[i], name)
		if err != nil {
			return err
		}
		rings[i] = r
	}
	p.Outer, p.Holes = rings[0], rings[1:]
	for i, h := range p.Holes {
		for _, v := range h {
			if !p.Outer.contains(v) {
				return errs.BadRequest("区域范围第 %d 个内部空洞超出了外边界", i+1)
			}
		}
	}
	return nil
}

// normalize drops the closing point and consecutive repeats, then checks the ring.
func normalize(r Ring, name string) (Ring, error) {
	out := make(Ring, 0, len(r))
	for _, v := range r {
		if math.IsNaN(v.Lng) || math.IsNaN(v.Lat) || v.Lng < -180 || v.Lng > 180 || v.Lat < -90 || v.Lat > 90 {
			return nil, errs.BadRequest("区域范围%s的坐标超出范围: 经度应在 -180~180, 纬度应在 -90~90", name)
		}
		if len(out) > 0 && out[len(out)-1] == v {
			continue
		}
		out = append(out, v)
	}
	if len(out) > 1 && out[0] == out[len(out)-1] {
		out = out[:len(out)-1]
	}
	distinct := map[Point]bool{}
	for _, v := range out {
		distinct[v] = true
	}
	if len(distinct) < 3 {
		return nil, errs.BadRequest("区域范围%s至少需要 3 个不同的点", name)
	}
	if i, j, bad := out.selfIntersection(); bad {
		return nil, errs.BadRequest("区域范围%s自相交（第 %d 条边与第 %d 条边交叉）", name, i+1, j+1)
	}
	if math.Abs(out.area()) < 1e-14 {
		return nil, errs.BadRequest("区域范围%s的面积为零（各点共线）", name)
	}
	return out, nil
}

// area is the signed shoelace area (degrees²).
func (r Ring) area() float64 {
	s := 0.0
	for i := range r {
		a, b := r[i], r[(i+1)%len(r)]
		s += a.Lng*b.Lat - b.Lng*a.Lat
	}
	return s / 2
}

// selfIntersection finds two non-adjacent edges that touch or cross.
func (r Ring) selfIntersection() (int, int, bool) {
	n := len(r)
	for i := 0; i < n; i++ {
		a1, a2 := r[i], r[(i+1)%n]
		for j := i + 1; j < n; j++ {
			if j == i+1 || (i == 0 && j == n-1) {
				continue // neighbours share a vertex
			}
			if segmentsIntersect(a1, a2, r[j], r[(j+1)%n]) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

func cross(o, a, b Point) float64 {
	return (a.Lng-o.Lng)*(b.Lat-o.Lat) - (a.Lat-o.Lat)*(b.Lng-o.Lng)
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

func segmentsIntersect(p1, p2, q1, q2 Point) bool {
	d1, d2 := sign(cross(q1, q2, p1)), sign(cross(q1, q2, p2))
	d3, d4 := sign(cross(p1, p2, q1)), sign(cross(p1, p2, q2))
	if d1*d2 < 0 && d3*d4 < 0 {
		return true
	}
	return (d1 == 0 && onSegment(p1, q1, q2)) || (d2 == 0 && onSegment(p2, q1, q2)) ||
		(d3 == 0 && onSegment(q1, p1, p2)) || (d4 == 0 && onSegment(q2, p1, p2))
}

// onSegment: p lies on segment ab (within eps).
func onSegment(p, a, b Point) bool {
	if p.Lng < math.Min(a.Lng, b.Lng)-eps || p.Lng > math.Max(a.Lng, b.Lng)+eps ||
		p.Lat < math.Min(a.Lat, b.Lat)-eps || p.Lat > math.Max(a.Lat, b.Lat)+eps {
		return false
	}
	// Distance from p to the line ab, compared with eps.
	l := math.Hypot(b.Lng-a.Lng, b.Lat-a.Lat)
	if l == 0 {
		return math.Hypot(p.Lng-a.Lng, p.Lat-a.Lat) <= eps
	}
	return math.Abs(cross(a, b, p))/l <= eps
}

// onBoundary: p lies on an edge or vertex of r.
func (r Ring) onBoundary(p Point) bool {
	for i := range r {
		if onSegment(p, r[i], r[(i+1)%len(r)]) {
			return true
		}
	}
	return false
}

// contains: p is inside r or on its boundary (even-odd crossing test).
func (r Ring) contains(p Point) bool {
	if r.onBoundary(p) {
		return true
	}
	in := false
	for i, j := 0, len(r)-1; i < len(r); j, i = i, i+1 {
		a, b := r[i], r[j]
		if (a.Lat > p.Lat) != (b.Lat > p.Lat) &&
			p.Lng < (b.Lng-a.Lng)*(p.Lat-a.Lat)/(b.Lat-a.Lat)+a.Lng {
			in = !in
		}
	}
	return in
}

// Contains reports whether p is in the polygon. The boundary counts as
// inside, including the boundary of a hole; the open inside of a hole does
// not.
func (p Polygon) Contains(pt Point) bool {
	if !p.Outer.contains(pt) {
		return false
	}
	for _, h := range p.Holes {
		if h.contains(pt) && !h.onBoundary(pt) {
			return false
		}
	}
	return true
}

// Box is the bounding box of the outer ring.
func (p Polygon) Box() BBox {
	b := BBox{MinLng: math.Inf(1), MinLat: math.Inf(1), MaxLng: math.Inf(-1), MaxLat: math.Inf(-1)}
	for _, v := range p.Outer {
		b.MinLng, b.MaxLng = math.Min(b.MinLng, v.Lng), math.Max(b.MaxLng, v.Lng)
		b.MinLat, b.MaxLat = math.Min(b.MinLat, v.Lat), math.Max(b.MaxLat, v.Lat)
	}
	return b
}

// Centroid of the outer ring (where the map puts the area's label).
func (p Polygon) Centroid() Point {
	r := p.Outer
	a := r.area()
	if a == 0 {
		return r[0]
	}
	var cx, cy float64
	for i := range r {
		u, v := r[i], r[(i+1)%len(r)]
		f := u.Lng*v.Lat - v.Lng*u.Lat
		cx += (u.Lng + v.Lng) * f
		cy += (u.Lat + v.Lat) * f
	}
	return Point{cx / (6 * a), cy / (6 * a)}
}

// JSON is the canonical stored form: [[[lng,lat],...],...] (outer ring,
// closed, then holes) when there are holes, else the single closed ring
// [[lng,lat],...] the old pages expect.
func (p Polygon) JSON() string {
	ring := func(r Ring) [][2]float64 {
		out := make([][2]float64, 0, len(r)+1)
		for _, v := range r {
			out = append(out, [2]float64{v.Lng, v.Lat})
		}
		return append(out, [2]float64{r[0].Lng, r[0].Lat})
	}
	var b []byte
	if len(p.Holes) == 0 {
		b, _ = json.Marshal(ring(p.Outer))
	} else {
		all := [][][2]float64{ring(p.Outer)}
		for _, h := range p.Holes {
			all = append(all, ring(h))
		}
		b, _ = json.Marshal(all)
	}
	return string(b)
}
