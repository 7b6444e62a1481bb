// Package lease gives each process its own snowflake node number: a claim
// on one of the 1024 nodes, held in the store every replica shares (Redis
// when the cache is Redis, else a table of the database), renewed while the
// process lives and released when it stops. A pod ordinal given in
// ANQUAN_ID_NODE replaces the claim.
package lease

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"os"
	"strconv"
	"sync"
	"time"

	"anquan/kit/cache"
	"anquan/kit/conf"
	"anquan/kit/idgen"
)

// EnvNode names the variable that fixes the node (a StatefulSet ordinal):
// the deployment then guarantees that no two processes share it.
const EnvNode = "ANQUAN_ID_NODE"

// TTL is how long a claim outlives its last renewal; it is renewed every
// TTL/3, so a process that stops without releasing frees its node after TTL.
const TTL = 30 * time.Second

// Store keeps the node claims of every process of a deployment.
type Store interface {
	// Claim takes node for owner until ttl from now when the node is free,
	// expired or already owner's; false means another process holds it.
	Claim(ctx context.Context, node int64, owner string, ttl time.Duration) (bool, error)
	// Release frees node when owner holds it.
	Release(ctx context.Context, node int64, owner string) error
	Close() error
}

// ErrNoNode: every node is claimed by a live process.
var ErrNoNode = errors.New("idgen lease: all 1024 nodes are taken")

// Lease is one process's claim.
type Lease struct {
	store Store
	owner string
	ttl   time.Duration
	set   func(int64)

	mu   sync.Mutex
	node int64

	stop     chan struct{}
	done     chan struct{}
	stopOnce sync.Once
}

// Start fixes the process's node for idgen.Next: from ANQUAN_ID_NODE when
// set, else from a claim in Redis (when c is Redis) or in the database of
// cfg (the all-in-one's SQLite by default, so it needs no setup).
func Start(ctx context.Context, cfg *conf.Config, c cache.Cache) (*Lease, error) {
	if v := os.Getenv(EnvNode); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n >= idgen.Nodes {
			return nil, fmt.Errorf("%s=%q: want a number from 0 to %d", EnvNode, v, idgen.Nodes-1)
		}
		idgen.SetNode(n)
		slog.Info("id node fixed", "node", n, "by", EnvNode)
		return &Lease{node: n}, nil
	}
	var s Store
	if r, ok := c.(*cache.Redis); ok {
		s = Redis{R: r}
	} else {
		d, err := OpenDB(ctx, cfg)
		if err != nil {
			return nil, err
		}
		s = d
	}
	l, err := Acquire(ctx, s, TTL, idgen.SetNode)
	if err != nil {
		_ = s.Close()
		return nil, err
	}
	slog.Info("id node leased", "node", l.Node())
	return l, nil
}

// Acquire claims a free node, trying them in turn from a random one, and
// renews the claim until Stop. set (may be nil) receives the node, and a
// new one if the claim is ever lost (the process was cut off past the TTL
// and another took the node meanwhile).
func Acquire(ctx context.Context, s Store, ttl time.Duration, set func(int64)) (*Lease, error) {
	owner, err := ownerID()
	if err != nil {
		return nil, err
	}
	l := &Lease{store: s, owner: owner, ttl: ttl, set: set, stop: make(chan struct{}), done: make(chan struct{})}
	n, err := l.claimAny(ctx)
	if err != nil {
		return nil, err
	}
	l.use(n)
	go l.renew() //nolint:gosec // G118: the renew loop outlives the request; it stops on l.stop
	return l, nil
}

// Node is the leased node number.
func (l *Lease) Node() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.node
}

// Stop ends the renewals and releases the node (a fixed node has nothing
// to release); later calls do nothing.
func (l *Lease) Stop() {
	if l == nil || l.store == nil {
		return
	}
	l.stopOnce.Do(l.release)
}

func (l *Lease) release() {
	close(l.stop)
	<-l.done
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := l.store.Release(ctx, l.Node(), l.owner); err != nil {
		slog.Warn("id node not released; it frees itself after the lease time", "node", l.Node(), "err", err)
	}
	if err := l.store.Close(); err != nil {
		slog.Warn("id node store close", "err", err)
	}
}

func (l *Lease) use(n int64) {
	l.mu.Lock()
	l.node = n
	l.mu.Unlock()
	if l.set != nil {
		l.set(n)
	}
}

func (l *Lease) claimAny(ctx context.Context) (int64, error) {
	r, err := rand.Int(rand.Reader, big.NewInt(idgen.Nodes))
	if err != nil {
		return 0, err
	}
	start := r.Int64()
	for i := int64(0); i < idgen.Nodes; i++ {
		n := (start + i) % idgen.Nodes
		ok, err := l.store.Claim(ctx, n, l.owner, l.ttl)
		if err != nil {
			return 0, fmt.Errorf("idgen lease: claim node %d: %w", n, err)
		}
		if ok {
			return n, nil
		}
	}
	return 0, ErrNoNode
}

func (l *Lease) renew() {
	defer close(l.done)
	t := time.NewTicker(l.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), l.ttl/3)
		ok, err := l.store.Claim(ctx, l.Node(), l.owner, l.ttl)
		switch {
		case err != nil:
			// Retried at the next tick; the claim holds until its TTL ends.
			slog.Warn("id node lease not renewed", "node", l.Node(), "err", err)
		case !ok:
			n, err := l.claimAny(ctx)
			if err != nil {
				slog.Error("id node lost and no other free", "node", l.Node(), "err", err)
				break
			}
			slog.Warn("id node lost to another process; switched", "from", l.Node(), "to", n)
			l.use(n)
		}
		cancel()
	}
}

// ownerID names this process uniquely: host, pid and a random part (a
// restarted process with a reused pid is another owner).
func ownerID() (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	host, _ := os.Hostname()
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(b)), nil
}
