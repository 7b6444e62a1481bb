package biz

import (
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"
)

// Gathering (人员聚集, alarm type 11): N or more online people within R
// metres of each other on one floor for T seconds. Evaluated once a second
// per tenant by the ticker, not on every fix: at 5,000 tags one clustering
// costs about 2 ms, and gateways may send a message per tag.
//
// Clusters are DBSCAN with eps = R and minPts = N-1 over a hash grid of cell
// R (only the 3×3 neighbouring cells are compared), merged with union-find;
// a cluster is tracked across ticks by its membership (Jaccard ≥ 0.5) so
// people joining or leaving do not restart its clock. Hysteresis: a gathering
// is raised at N people for T and cleared below N-1 (or when it breaks up).
// The clock is the fixes' own (their latest timestamp), like the other rules.

// gatherPoint is one online tag on the grid.
type gatherPoint struct {
	st     *tagState
	cx, cy int64
	floor  int64
}

// cellKey packs a grid cell into one integer (a fast map key): 14 bits of
// floor, 25 bits each of cx and cy (|coordinate| ≤ MaxCoord and a radius of
// at least 0.1 m keep |cx| below 2^24).
func cellKey(floor, cx, cy int64) int64 {
	const off = 1 << 24
	return (floor&0x3fff)<<50 | (cx+off)&0x1ffffff<<25 | (cy+off)&0x1ffffff
}

// clusters groups points: each group holds the indexes of at least minPts
// points, every core point having minPts-1 neighbours within r.
func clusters(pts []gatherPoint, r float64, minPts int) [][]int {
	if len(pts) < minPts || r < 0.1 {
		return nil
	}
	grid := make(map[int64][]int, len(pts))
	for i := range pts {
		p := &pts[i]
		p.cx, p.cy, p.floor = int64(math.Floor(p.st.x/r)), int64(math.Floor(p.st.y/r)), int64(p.st.floor)
		k := cellKey(p.floor, p.cx, p.cy)
		grid[k] = append(grid[k], i)
	}
	r2 := r * r
	// near calls fn for each point within r of point i until fn says stop.
	near := func(i int, fn func(j int) bool) {
		p := &pts[i]
		for dx := int64(-1); dx <= 1; dx++ {
			for dy := int64(-1); dy <= 1; dy++ {
				for _, j := range grid[cellKey(p.floor, p.cx+dx, p.cy+dy)] {
					if j == i {
						continue
					}
					a, b := p.st, pts[j].st
					if ddx, ddy := a.x-b.x, a.y-b.y; ddx*ddx+ddy*ddy <= r2 && !fn(j) {
						return
					}
				}
			}
		}
	}
	core := make([]bool, len(pts))
	anyCore := false
	for i := range pts {
		n := 1
		near(i, func(int) bool { n++; return n < minPts }) // enough neighbours: a core point
		core[i] = n >= minPts
		anyCore = anyCore || core[i]
	}
	if !anyCore {
		return nil
	}
	parent := make([]int, len(pts))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	attached := make([]bool, len(pts))
	for i := range pts {
		if !core[i] {
			continue
		}
		attached[i] = true
		near(i, func(j int) bool {
			switch {
			case core[j]:
				if a, b := find(i), find(j); a != b {
					parent[a] = b
				}
			case !attached[j]: // a border point joins the first core that reaches it
				attached[j] = true
				parent[j] = find(i)
			}
			return true
		})
	}
	groups := map[int][]int{}
	for i := range pts {
		if attached[i] {
			root := find(i)
			groups[root] = append(groups[root], i)
		}
	}
	out := make([][]int, 0, len(groups))
	for _, g := range groups {
		if len(g) >= minPts {
			out = append(out, g)
		}
	}
	return out
}

// gathering is a cluster tracked across ticks.
type gathering struct {
	key     int64 // the alarm key's Tag field (a cluster id, or a restored alarm's id)
	members map[int64]bool
	x, y    float64
	since   time.Time // fix time it first had N people (zero: fewer)
}

// jaccard is |a∩b| / |a∪b| of two member sets.
func jaccard(a, b map[int64]bool) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	in := 0
	for id := range a {
		if b[id] {
			in++
		}
	}
	return float64(in) / float64(len(a)+len(b)-in)
}

// gatherRules finds the tenant's gatherings and raises or clears their alarms.
func (e *Engine) gatherRules(t *tenantState, tenant string, now time.Time, w []AlarmWrite) []AlarmWrite {
	r := e.rules(t)
	if r.GatherPeople < 2 || r.GatherRadius <= 0 {
		return w
	}
	pts := t.gatherBuf[:0]
	for _, st := range t.tags {
		if e.online(t, st, now) {
			pts = append(pts, gatherPoint{st: st})
		}
	}
	t.gatherBuf = pts
	groups := clusters(pts, r.GatherRadius, int(max(2, r.GatherPeople-1)))

	used := make(map[*gathering]bool, len(t.gatherings))
	next := make([]*gathering, 0, len(groups))
	for _, g := range groups {
		members := make(map[int64]bool, len(g))
		var sx, sy float64
		var at time.Time
		for _, i := range g {
			st := pts[i].st
			members[st.conf.ID] = true
			sx, sy = sx+st.x, sy+st.y
			if st.ts.After(at) {
				at = st.ts
			}
		}
		cx, cy := sx/float64(len(g)), sy/float64(len(g))
		// The tracked cluster this one continues: the best membership
		// overlap, or a restored alarm's (no members known) within R.
		var prev *gathering
		best := 0.5
		for _, p := range t.gatherings {
			if used[p] {
				continue
			}
			if j := jaccard(p.members, members); j >= best {
				prev, best = p, j
			} else if len(p.members) == 0 && prev == nil && math.Hypot(p.x-cx, p.y-cy) <= r.GatherRadius {
				prev = p
			}
		}
		cur := &gathering{members: members, x: cx, y: cy}
		if prev != nil {
			used[prev] = true
			cur.key, cur.since = prev.key, prev.since
		} else {
			cur.key = e.nextClusterKey()
		}
		k := akey{AlarmGather, cur.key, 0}
		n := int32(len(g))
		if n < r.GatherPeople && !t.active[k] {
			cur.since = time.Time{}
		} else if n >= r.GatherPeople && cur.since.IsZero() {
			cur.since = at
		}
		holds := n >= r.GatherPeople-1 && !cur.since.IsZero()
		if !t.active[k] {
			holds = n >= r.GatherPeople && at.Sub(cur.since) >= r.GatherAfter
		}
		w = e.cond(t, k, holds, at, func() Alarm { return e.gatherAlarm(t, tenant, pts, g, cx, cy) }, w)
		next = append(next, cur)
	}
	// Gatherings that broke up clear.
	for _, p := range t.gatherings {
		if !used[p] {
			w = e.cond(t, akey{AlarmGather, p.key, 0}, false, now, nil, w)
		}
	}
	t.gatherings = next
	return w
}

func (e *Engine) nextClusterKey() int64 {
	e.clusterSeq++
	return -e.clusterSeq // negative: never an alarm id (restored gatherings use theirs)
}

// gatherAlarm describes a gathering: where, how many, who (the zone most of
// them are in answers for it).
func (e *Engine) gatherAlarm(t *tenantState, tenant string, pts []gatherPoint, g []int, cx, cy float64) Alarm {
	zones := map[*ZoneConf]int{}
	var names []string
	var first *tagState
	for _, i := range g {
		st := pts[i].st
		if first == nil {
			first = st
		}
		if st.zone != nil {
			zones[st.zone]++
		}
		names = append(names, st.conf.PersonName)
	}
	var zone *ZoneConf
	for z, n := range zones {
		if zone == nil || n > zones[zone] || (n == zones[zone] && z.ID < zone.ID) {
			zone = z
		}
	}
	r := e.rules(t)
	detail := fmt.Sprintf("%d 人在 %g 米范围内聚集超过 %d 秒:%s", len(g), r.GatherRadius, int(r.GatherAfter.Seconds()), strings.Join(names, "、"))
	if utf8.RuneCountInString(detail) > 200 {
		detail = string([]rune(detail)[:199]) + "…"
	}
	a := Alarm{AlarmType: AlarmGather, Level: 2, X: cx, Y: cy, Detail: detail, ScopeDept: first.conf.CreateDept, ScopeUser: first.conf.CreateUser}
	a.TenantID = tenant
	if zone != nil {
		a.ZoneID, a.ZoneName, a.ResponsibleUserID = zone.ID, zone.Name, zone.Responsible
		a.ScopeDept, a.ScopeUser = zone.CreateDept, zone.CreateUser
	}
	return a
}
