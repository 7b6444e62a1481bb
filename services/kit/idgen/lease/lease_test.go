package lease

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync"
	"testing"
	"time"

	"anquan/kit/cache"
	"anquan/kit/conf"
	"anquan/kit/idgen"
)

func TestConcurrentProcessesGetDistinctNodesAndMintNoDuplicateIDs(t *testing.T) {
	t.Run("database", func(t *testing.T) {
		cfg := conf.Default()
		cfg.Data = t.TempDir()
		// Each process opens its own connection to the shared database.
		processes(t, func(t *testing.T) Store {
			d, err := OpenDB(t.Context(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			return d
		})
	})
	t.Run("redis", func(t *testing.T) {
		b := make([]byte, 6)
		_, _ = rand.Read(b)
		r := cache.NewRedis("127.0.0.1:6379", "", 0, "anquan-lease-test-"+hex.EncodeToString(b)+":")
		t.Cleanup(func() { _ = r.Close() })
		if err := r.Ping(t.Context()); err != nil {
			t.Skipf("Redis variant skipped: no Redis answers at 127.0.0.1:6379 (%v)", err)
		}
		processes(t, func(*testing.T) Store { return Redis{R: r} })
	})
}

// processes starts several leases at once on one shared store, as replicas
// starting together would, and has each mint ids concurrently with its node.
func processes(t *testing.T, open func(t *testing.T) Store) {
	const procs, perProc = 8, 20000
	ttl := 1500 * time.Millisecond
	ctx := context.Background()
	stores := make([]Store, procs)
	for i := range stores {
		stores[i] = open(t)
	}
	leases := make([]*Lease, procs)
	errs := make([]error, procs)
	var wg sync.WaitGroup
	for i := range leases {
		wg.Go(func() { leases[i], errs[i] = Acquire(ctx, stores[i], ttl, nil) })
	}
	wg.Wait()
	nodes := map[int64]int{}
	for i, l := range leases {
		if errs[i] != nil {
			t.Fatalf("process %d: %v", i, errs[i])
		}
		t.Cleanup(l.Stop)
		if j, dup := nodes[l.Node()]; dup {
			t.Fatalf("processes %d and %d share node %d", j, i, l.Node())
		}
		nodes[l.Node()] = i
	}
	ids := make([][]int64, procs)
	for i, l := range leases {
		wg.Go(func() {
			g := idgen.New(l.Node())
			for range perProc {
				ids[i] = append(ids[i], g.Next())
			}
		})
	}
	wg.Wait()
	seen := make(map[int64]bool, procs*perProc)
	for _, list := range ids {
		for _, id := range list {
			if seen[id] {
				t.Fatalf("id %d minted twice", id)
			}
			seen[id] = true
		}
	}

	// Renewals keep a node held past its TTL; a stopped process frees it.
	time.Sleep(2 * ttl)
	held := leases[1].Node()
	if ok, err := stores[1].Claim(ctx, held, "another process", ttl); err != nil || ok {
		t.Fatalf("a live process's node %d was handed to another (%v)", held, err)
	}
	freed := leases[0].Node()
	leases[0].Stop()
	if ok, err := stores[1].Claim(ctx, freed, "another process", ttl); err != nil || !ok {
		t.Fatalf("a stopped process's node %d is still taken (%v)", freed, err)
	}
	if err := stores[1].Release(ctx, freed, "another process"); err != nil {
		t.Fatal(err)
	}
}

func TestPodOrdinalFixesTheNodeWithoutAClaim(t *testing.T) {
	cfg := conf.Default()
	cfg.Data = t.TempDir()
	t.Setenv(EnvNode, "7")
	l, err := Start(t.Context(), cfg, cache.NewMemory())
	if err != nil {
		t.Fatal(err)
	}
	defer l.Stop()
	if l.Node() != 7 || idgen.Node() != 7 {
		t.Fatalf("node %d, idgen %d, want 7", l.Node(), idgen.Node())
	}
	t.Setenv(EnvNode, "1024")
	if _, err := Start(t.Context(), cfg, cache.NewMemory()); err == nil {
		t.Fatal("an ordinal out of range was accepted")
	}
}

func TestAllInOneLeasesFromItsOwnDataFolder(t *testing.T) {
	cfg := conf.Default()
	cfg.Data = t.TempDir()
	a, err := Start(t.Context(), cfg, cache.NewMemory())
	if err != nil {
		t.Fatal(err)
	}
	defer a.Stop()
	if idgen.Node() != a.Node() {
		t.Fatalf("idgen uses node %d, lease holds %d", idgen.Node(), a.Node())
	}
	// A second process on the same data folder gets another node.
	b, err := Start(t.Context(), cfg, cache.NewMemory())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Stop()
	if a.Node() == b.Node() {
		t.Fatalf("two processes on node %d", a.Node())
	}
}
