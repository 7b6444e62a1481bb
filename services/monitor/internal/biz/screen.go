package biz

import (
	"context"
	"slices"
	"time"

	"anquan/kit/paging"
)

// Bounds of the screen: the points and gateways it counts, and the key
// points whose trends it draws.
const (
	ScreenMaxPoints = 20000
	ScreenKeyPoints = 4
)

// Live-state groups of the screen, in the order shown.
var ScreenStates = []struct{ Code, Name string }{
	{"ALARM", "报警中"},
	{"RTN_UNACK", "已恢复未确认"},
	{"NORMAL", "正常"},
	{"NO_DATA", "无数据"},
	{"HELD", "停用"},
}

// GasTypeNames name the detectors' gas types.
var GasTypeNames = map[int32]string{GasCombustible: "可燃气体", GasToxic: "有毒气体", GasOxygen: "氧气"}

// Count is a figure of the screen.
type Count struct {
	Code, Name string
	Count      int
}

// ScreenGateway is a gateway's presence and its number of points.
type ScreenGateway struct {
	Gateway  Gateway
	Presence GatewayPresence
	Online   bool
	Points   int
}

// Screen is the monitoring screen's figures.
type Screen struct {
	Points, Detectors int
	States, GasTypes  []Count
	Gateways          []ScreenGateway
	OnlineRate        float64
	KeyPoints         []Point
	Live              map[int64]LiveState
}

// stateGroup is the screen's group of a point's live state.
func stateGroup(l LiveState, now time.Time) string {
	switch {
	case !l.HeldUntil.IsZero() && now.Before(l.HeldUntil):
		return "HELD"
	case l.State == "ACTIVE_UNACK" || l.State == "ACTIVE_ACK" || l.State == "LATCHED":
		return "ALARM"
	case l.State == "RTN_UNACK":
		return "RTN_UNACK"
	case !l.Has:
		return "NO_DATA"
	default:
		return "NORMAL"
	}
}

// ScreenFigures reads the caller's points (as the point list: tenant and
// data scope, one query), their live states (one engine snapshot) and the
// tenant's gateways (one query) with their presence.
func (m *Monitor) ScreenFigures(ctx context.Context) (*Screen, error) {
	points, err := m.Points.List(ctx, paging.Query{}, ScreenMaxPoints)
	if err != nil {
		return nil, err
	}
	gws, err := m.Gateways.List(ctx, paging.Query{}, MaxNamed)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(points))
	for i := range points {
		ids[i] = points[i].ID
	}
	live := m.Engine.Snapshot(ctx, ids)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	now := m.Now()
	s := &Screen{Points: len(points), Live: live}
	states := map[string]int{}
	gas := map[int32]int{}
	perGateway := map[int64]int{}
	for i := range points {
		p := &points[i]
		states[stateGroup(live[p.ID], now)]++
		perGateway[p.GatewayID]++
		if p.GasType != GasNone {
			gas[p.GasType]++
			s.Detectors++
		}
	}
	for _, st := range ScreenStates {
		s.States = append(s.States, Count{Code: st.Code, Name: st.Name, Count: states[st.Code]})
	}
	for _, g := range []int32{GasCombustible, GasToxic, GasOxygen} {
		s.GasTypes = append(s.GasTypes, Count{Code: string(rune('0' + g)), Name: GasTypeNames[g], Count: gas[g]})
	}
	online := 0
	for _, g := range gws {
		pr, _ := m.Engine.GatewayStats(g.TenantID, g.Code)
		sg := ScreenGateway{Gateway: g, Presence: pr, Online: pr.Online(now), Points: perGateway[g.ID]}
		if sg.Online {
			online++
		}
		s.Gateways = append(s.Gateways, sg)
	}
	s.OnlineRate = 100
	if len(gws) > 0 {
		s.OnlineRate = float64(online) * 100 / float64(len(gws))
	}
	s.KeyPoints = keyPoints(points, live, now)
	return s, nil
}

// keyPoints are the points whose trends the screen draws: those in alarm
// first, then gas detectors, then the rest, each by code; at most
// ScreenKeyPoints.
func keyPoints(points []Point, live map[int64]LiveState, now time.Time) []Point {
	rank := func(p *Point) int {
		switch {
		case stateGroup(live[p.ID], now) == "ALARM":
			return 0
		case p.GasType != GasNone:
			return 1
		default:
			return 2
		}
	}
	sorted := slices.Clone(points)
	slices.SortStableFunc(sorted, func(a, b Point) int {
		if ra, rb := rank(&a), rank(&b); ra != rb {
			return ra - rb
		}
		if a.Code < b.Code {
			return -1
		}
		if a.Code > b.Code {
			return 1
		}
		return 0
	})
	if len(sorted) > ScreenKeyPoints {
		sorted = sorted[:ScreenKeyPoints]
	}
	return sorted
}
