package biz

import (
	"encoding/json"
	"math"
)

// Vertex is a point in the plant's local metres.
type Vertex struct{ X, Y float64 }

// Polygon is a closed ring of vertices (the last joins the first).
type Polygon []Vertex

// Contains reports whether p lies inside the polygon (even-odd rule; a
// point on an edge may fall either way, which a 3 m positioning error
// swamps anyway).
func (pg Polygon) Contains(x, y float64) bool {
	in := false
	for i, j := 0, len(pg)-1; i < len(pg); j, i = i, i+1 {
		a, b := pg[i], pg[j]
		if (a.Y > y) != (b.Y > y) && x < (b.X-a.X)*(y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// Bounds is the polygon's bounding box.
func (pg Polygon) Bounds() (minX, minY, maxX, maxY float64) {
	minX, minY, maxX, maxY = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, v := range pg {
		minX, maxX = math.Min(minX, v.X), math.Max(maxX, v.X)
		minY, maxY = math.Min(minY, v.Y), math.Max(maxY, v.Y)
	}
	return
}

// Area is the polygon's area in square metres.
func (pg Polygon) Area() float64 {
	s := 0.0
	for i, j := 0, len(pg)-1; i < len(pg); j, i = i, i+1 {
		s += pg[j].X*pg[i].Y - pg[i].X*pg[j].Y
	}
	return math.Abs(s) / 2
}

func cross(o, a, b Vertex) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }

func segmentsCross(p1, p2, q1, q2 Vertex) bool {
	d1, d2 := cross(q1, q2, p1), cross(q1, q2, p2)
	d3, d4 := cross(p1, p2, q1), cross(p1, p2, q2)
	return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}

// SelfIntersects reports whether two non-adjacent edges cross.
func (pg Polygon) SelfIntersects() bool {
	n := len(pg)
	for i := 0; i < n; i++ {
		a1, a2 := pg[i], pg[(i+1)%n]
		for j := i + 2; j < n; j++ {
			if i == 0 && j == n-1 {
				continue // adjacent through the closing edge
			}
			if segmentsCross(a1, a2, pg[j], pg[(j+1)%n]) {
				return true
			}
		}
	}
	return false
}

// EncodePolygon stores a polygon as [[x,y],...].
func EncodePolygon(pg Polygon) string {
	out := make([][2]float64, len(pg))
	for i, v := range pg {
		out[i] = [2]float64{v.X, v.Y}
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// DecodePolygon reads a stored polygon (nil when unreadable).
func DecodePolygon(s string) Polygon {
	var in [][2]float64
	if json.Unmarshal([]byte(s), &in) != nil {
		return nil
	}
	out := make(Polygon, len(in))
	for i, v := range in {
		out[i] = Vertex{v[0], v[1]}
	}
	return out
}
