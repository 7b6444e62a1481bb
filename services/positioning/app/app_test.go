package app

import (
	"context"
	"sync"
	"testing"
	"time"

	"anquan/kit/bus"
	"anquan/positioning/internal/biz"
)

// configStore is the database both replicas read: a tenant's one zone and its rule versions.
type configStore struct {
	biz.Queries
	mu    sync.Mutex
	zone  string
	still int32
}

func (s *configStore) Config(_ context.Context, tenant string) (map[string][]biz.TagConf, map[string][]biz.ZoneConf, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return nil, map[string][]biz.ZoneConf{tenant: {{ID: 1, Name: s.zone}}}, nil
}

func (s *configStore) Rules(context.Context, string) ([]biz.Rule, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return []biz.Rule{{Code: biz.RuleStillMinutes, Value: s.still, Version: 1}}, nil
}

func TestAConfigurationChangeReachesEveryReplica(t *testing.T) {
	ctx := context.Background()
	b, err := bus.Open(ctx, "", t.TempDir(), "TEST")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	store := &configStore{zone: "旧区", still: 5}
	replica := func() *biz.Positioning {
		p := &biz.Positioning{Q: store, Engine: biz.NewEngine(nil, nil, biz.NewHub(10), biz.DefaultRules)}
		wctx, stop := context.WithCancel(ctx)
		t.Cleanup(stop)
		if err := watchConfig(wctx, b, p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	one, two := replica(), replica()
	if err := b.NC.Flush(); err != nil {
		t.Fatal(err)
	}

	// replica one saves a zone and a rule: both replicas read them back
	store.mu.Lock()
	store.zone, store.still = "新区", 9
	store.mu.Unlock()
	one.Changed("100001")
	for _, p := range []*biz.Positioning{one, two} {
		deadline := time.Now().Add(5 * time.Second)
		for p.Engine.ZoneName("100001", 1) != "新区" || p.Engine.RulesOf("100001").StillAfter != 9*time.Minute {
			if time.Now().After(deadline) {
				t.Fatalf("a replica kept zone %q and still-after %v", p.Engine.ZoneName("100001", 1), p.Engine.RulesOf("100001").StillAfter)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	// without a bus (one process) nothing is announced
	alone := &biz.Positioning{}
	if err := watchConfig(ctx, nil, alone); err != nil || alone.Changed != nil {
		t.Fatalf("no bus: %v, announcer set %v", err, alone.Changed != nil)
	}
}
