package biz

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// BenchmarkIngest5000: one second of a 5,000-tag plant (every tag reports
// once, every rule on, 20 zones of which half restricted) and the ticker's
// frame and head counts. Run: go test -bench Ingest5000 ./internal/biz/
func BenchmarkIngest5000(b *testing.B) {
	e := NewEngine(&memSink{}, nil, NewHub(10), DefaultRules)
	now := t0
	e.Now = func() time.Time { return now }
	var tags []TagConf
	for i := range 5000 {
		tags = append(tags, TagConf{ID: int64(i + 1), Code: fmt.Sprintf("T%d", i)})
	}
	var zones []ZoneConf
	for i := range 20 {
		x := float64(i%5) * 200
		y := float64(i/5) * 200
		k := ZoneOrdinary
		if i%2 == 0 {
			k = ZoneRestricted
		}
		zones = append(zones, ZoneConf{ID: int64(100 + i), Name: fmt.Sprintf("Z%d", i), Kind: k, Floor: 1, Max: 300,
			Poly: square(x, y, x+150, y+150), Allowed: map[int64]bool{}})
	}
	e.Load("t", tags, zones)
	fixes := make([]Fix, len(tags))
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		now = now.Add(time.Second)
		for i := range fixes {
			fixes[i] = Fix{Tag: tags[i].Code, TS: now, X: float64((i*37+n)%1000) + 0.5, Y: float64((i*91+n)%800) + 0.5, Floor: 1, Battery: 80}
		}
		e.Ingest(context.Background(), "t", fixes)
		e.Tick()
		e.pending = e.pending[:0]
	}
}
