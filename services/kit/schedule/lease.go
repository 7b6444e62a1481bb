package schedule

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"anquan/kit/cache"
)

// Lease is one replica's part in an active/standby lease in the shared cache
// (Redis in a cluster, the process's own cache in the all-in-one): the
// replica holding it does the work (start), the others wait and take over
// when the holder stops renewing. Work whose state must see every message of
// a key in one place (an alarm's on-delay, a tag's debounce) needs that: a
// shared subscription would spread one point's messages over the replicas.
//
// The cache's key holds the holder's id with the TTL counted by the cache's
// clock alone; the holder counts its own validity on its monotonic clock
// from before each successful acquire or renew, less a margin for clock
// rate drift, so no two machines' clocks are ever compared.
type Lease struct {
	key, holder string
	ttl, every  time.Duration
	c           cache.Cache
	start       func(context.Context, *Lease) (stop func(), err error)

	base  time.Time    // the monotonic origin of valid
	valid atomic.Int64 // held until base+valid (0: not held)

	mu     sync.Mutex
	stopFn func() // the work's stop while held

	cancel context.CancelFunc
	done   chan struct{}
}

// LeaseKey is the cache key of lease name.
func LeaseKey(name string) string { return "lease:" + name }

// NewHolder is a holder id: host/pid/random, so an operator (and the
// cluster tests) can tell which process holds a lease.
func NewHolder() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(b))
}

// Lead takes part in lease name with the given TTL. Its first attempt runs
// before Lead returns (an all-in-one, alone in its own cache, starts its work
// at once); then every TTL/5 the holder renews and a standby tries to take
// the lease, so a holder that stops renewing is replaced within TTL+TTL/5.
// start is called on every gain (with the lease, whose Held the work checks)
// and returns how to stop the work; an error
// gives the lease back. Stop ends the part (the work stopped, the lease
// released for the next replica).
func Lead(c cache.Cache, name string, ttl time.Duration, start func(context.Context, *Lease) (stop func(), err error)) *Lease {
	ctx, cancel := context.WithCancel(context.Background())
	l := &Lease{key: LeaseKey(name), holder: NewHolder(), ttl: ttl, every: ttl / 5, c: c, start: start,
		base: time.Now(), cancel: cancel, done: make(chan struct{})}
	l.tick(ctx)
	go l.run(ctx)
	return l
}

// Holder is this replica's id in the lease.
func (l *Lease) Holder() string { return l.holder }

// Held reports whether this replica holds the lease now by its own clock:
// the work checks it before acting on a message, so a holder that was paused
// past its lease (and replaced) drops what it still had in flight.
func (l *Lease) Held() bool {
	v := l.valid.Load()
	return v != 0 && int64(time.Since(l.base)) < v
}

// Stop gives the lease up and waits for the work to stop.
func (l *Lease) Stop() {
	l.cancel()
	<-l.done
}

func (l *Lease) run(ctx context.Context) {
	defer close(l.done)
	t := time.NewTicker(l.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			l.stepDown("stopping")
			return
		case <-t.C:
			l.tick(ctx)
		}
	}
}

// tick renews a held lease or tries to take a free one.
func (l *Lease) tick(ctx context.Context) {
	l.mu.Lock()
	held := l.stopFn != nil
	l.mu.Unlock()
	at := time.Since(l.base)
	cctx, cancel := context.WithTimeout(ctx, l.every)
	defer cancel()
	if held {
		ok, err := l.c.Swap(cctx, l.key, l.holder, l.holder, l.ttl)
		switch {
		case ok:
			l.extend(at)
		case err == nil:
			l.stepDown("another replica holds it")
		case !l.Held():
			l.stepDown("not renewed within its TTL: " + err.Error())
		default:
			slog.Warn("lease: renewal failed; retried", "lease", l.key, "err", err)
		}
		return
	}
	ok, err := l.c.Swap(cctx, l.key, "", l.holder, l.ttl)
	if err != nil {
		slog.Warn("lease: cannot ask the cache; retried", "lease", l.key, "err", err)
		return
	}
	if !ok {
		return
	}
	l.extend(at)
	stop, err := l.start(ctx, l)
	if err != nil {
		slog.Error("lease: gained, but its work did not start; given back", "lease", l.key, "err", err)
		l.valid.Store(0)
		l.release()
		return
	}
	l.mu.Lock()
	l.stopFn = stop
	l.mu.Unlock()
	slog.Info("lease: gained; this replica does the work", "lease", l.key, "holder", l.holder)
}

// extend counts the lease from at (before the cache was asked), less a
// tenth for the two clocks' rates.
func (l *Lease) extend(at time.Duration) { l.valid.Store(int64(at + l.ttl - l.ttl/10)) }

func (l *Lease) stepDown(why string) {
	l.valid.Store(0)
	l.mu.Lock()
	stop := l.stopFn
	l.stopFn = nil
	l.mu.Unlock()
	if stop == nil {
		return
	}
	stop()
	l.release()
	slog.Info("lease: given up; this replica stands by", "lease", l.key, "holder", l.holder, "why", why)
}

// release frees the key when it is still this replica's, so a standby takes
// over at its next try instead of after the TTL.
func (l *Lease) release() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := l.c.Swap(ctx, l.key, l.holder, "", 0); err != nil {
		slog.Warn("lease: not released; it expires after its TTL", "lease", l.key, "err", err)
	}
}
