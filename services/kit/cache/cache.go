// Package cache is the key-value store for tokens deny-lists, captchas,
// counters and cached look-ups: in-process by default, Redis in production.
package cache

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Cache is the small interface every service uses.
type Cache interface {
	Get(ctx context.Context, key string) (string, bool, error)
	// GetMany reads several keys in one step; missing keys are absent from the map.
	GetMany(ctx context.Context, keys []string) (map[string]string, error)
	Set(ctx context.Context, key, value string, ttl time.Duration) error
	// Take gets and deletes in one step (one-time values such as captchas).
	Take(ctx context.Context, key string) (string, bool, error)
	Del(ctx context.Context, keys ...string) error
	// Incr adds one and, on the first increment, sets the ttl.
	Incr(ctx context.Context, key string, ttl time.Duration) (int64, error)
	// DelPrefix removes every key starting with prefix.
	DelPrefix(ctx context.Context, prefix string) error
	// Swap sets key to value (for ttl) only while it holds old, in one step;
	// old "" means absent, value "" deletes. It reports whether it swapped
	// (kit/schedule's leases: acquire, renew and release by a holder id).
	Swap(ctx context.Context, key, old, value string, ttl time.Duration) (bool, error)
	Ping(ctx context.Context) error
	Close() error
}

// Memory is the in-process cache of the all-in-one binary.
type Memory struct {
	mu   sync.Mutex
	data map[string]entry
	stop chan struct{}
}

type entry struct {
	v   string
	exp time.Time
}

// NewMemory starts an in-process cache with a janitor for expired keys.
func NewMemory() *Memory {
	m := &Memory{data: map[string]entry{}, stop: make(chan struct{})}
	go m.janitor()
	return m
}

func (m *Memory) janitor() {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-m.stop:
			return
		case now := <-t.C:
			m.mu.Lock()
			for k, e := range m.data {
				if !e.exp.IsZero() && now.After(e.exp) {
					delete(m.data, k)
				}
			}
			m.mu.Unlock()
		}
	}
}

func (m *Memory) get(key string) (entry, bool) {
	e, ok := m.data[key]
	if ok && !e.exp.IsZero() && time.Now().After(e.exp) {
		delete(m.data, key)
		return entry{}, false
	}
	return e, ok
}

func (m *Memory) Get(_ context.Context, key string) (string, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.get(key)
	return e.v, ok, nil
}

func (m *Memory) GetMany(_ context.Context, keys []string) (map[string]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string]string, len(keys))
	for _, k := range keys {
		if e, ok := m.get(k); ok {
			out[k] = e.v
		}
	}
	return out, nil
}

func exp(ttl time.Duration) time.Time {
	if ttl <= 0 {
		return time.Time{}
	}
	return time.Now().Add(ttl)
}

func (m *Memory) Set(_ context.Context, key, value string, ttl time.Duration) error {
	m.mu.Lock()
	m.data[key] = entry{v: value, exp: exp(ttl)}
	m.mu.Unlock()
	return nil
}

func (m *Memory) Take(_ context.Context, key string) (string, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.get(key)
	delete(m.data, key)
	return e.v, ok, nil
}

func (m *Memory) Del(_ context.Context, keys ...string) error {
	m.mu.Lock()
	for _, k := range keys {
		delete(m.data, k)
	}
	m.mu.Unlock()
	return nil
}

func (m *Memory) Incr(_ context.Context, key string, ttl time.Duration) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.get(key)
	n, _ := strconv.ParseInt(e.v, 10, 64)
	n++
	if !ok {
		e.exp = exp(ttl)
	}
	e.v = strconv.FormatInt(n, 10)
	m.data[key] = e
	return n, nil
}

func (m *Memory) DelPrefix(_ context.Context, prefix string) error {
	m.mu.Lock()
	for k := range m.data {
		if strings.HasPrefix(k, prefix) {
			delete(m.data, k)
		}
	}
	m.mu.Unlock()
	return nil
}

func (m *Memory) Swap(_ context.Context, key, old, value string, ttl time.Duration) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.get(key)
	if ok != (old != "") || e.v != old {
		return false, nil
	}
	if value == "" {
		delete(m.data, key)
	} else {
		m.data[key] = entry{v: value, exp: exp(ttl)}
	}
	return true, nil
}

func (m *Memory) Ping(context.Context) error { return nil }

func (m *Memory) Close() error {
	select {
	case <-m.stop:
	default:
		close(m.stop)
	}
	return nil
}

// Redis is the production cache; Prefix namespaces the keys of one deployment.
type Redis struct {
	C      redis.UniversalClient
	Prefix string
}

// NewRedis connects to Redis (a comma list of addresses means cluster).
func NewRedis(addr, password string, db int, prefix string) *Redis {
	c := redis.NewUniversalClient(&redis.UniversalOptions{Addrs: strings.Split(addr, ","), Password: password, DB: db})
	return &Redis{C: c, Prefix: prefix}
}

func (r *Redis) k(key string) string { return r.Prefix + key }

func (r *Redis) Get(ctx context.Context, key string) (string, bool, error) {
	v, err := r.C.Get(ctx, r.k(key)).Result()
	if err == redis.Nil {
		return "", false, nil
	}
	return v, err == nil, err
}

func (r *Redis) GetMany(ctx context.Context, keys []string) (map[string]string, error) {
	out := make(map[string]string, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	ks := make([]string, len(keys))
	for i, k := range keys {
		ks[i] = r.k(k)
	}
	vals, err := r.C.MGet(ctx, ks...).Result()
	if err != nil {
		return nil, err
	}
	for i, v := range vals {
		if s, ok := v.(string); ok {
			out[keys[i]] = s
		}
	}
	return out, nil
}

func (r *Redis) Set(ctx context.Context, key, value string, ttl time.Duration) error {
	return r.C.Set(ctx, r.k(key), value, ttl).Err()
}

func (r *Redis) Take(ctx context.Context, key string) (string, bool, error) {
	v, err := r.C.GetDel(ctx, r.k(key)).Result()
	if err == redis.Nil {
		return "", false, nil
	}
	return v, err == nil, err
}

func (r *Redis) Del(ctx context.Context, keys ...string) error {
	if len(keys) == 0 {
		return nil
	}
	ks := make([]string, len(keys))
	for i, k := range keys {
		ks[i] = r.k(k)
	}
	return r.C.Del(ctx, ks...).Err()
}

var incrScript = redis.NewScript(`local n = redis.call('INCR', KEYS[1]) if n == 1 and tonumber(ARGV[1]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n`)

func (r *Redis) Incr(ctx context.Context, key string, ttl time.Duration) (int64, error) {
	return incrScript.Run(ctx, r.C, []string{r.k(key)}, ttl.Milliseconds()).Int64()
}

func (r *Redis) DelPrefix(ctx context.Context, prefix string) error {
	iter := r.C.Scan(ctx, 0, r.k(prefix)+"*", 500).Iterator()
	var batch []string
	for iter.Next(ctx) {
		batch = append(batch, iter.Val())
		if len(batch) == 500 {
			if err := r.C.Del(ctx, batch...).Err(); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	if len(batch) > 0 {
		if err := r.C.Del(ctx, batch...).Err(); err != nil {
			return err
		}
	}
	return iter.Err()
}

// swapScript is Swap in one step on the server: its TTL is counted by
// Redis's clock alone, never compared with a replica's.
var swapScript = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if (v == false and ARGV[1] == '') or v == ARGV[1] then
  if ARGV[2] == '' then
    redis.call('DEL', KEYS[1])
  elseif tonumber(ARGV[3]) > 0 then
    redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  else
    redis.call('SET', KEYS[1], ARGV[2])
  end
  return 1
end
return 0`)

func (r *Redis) Swap(ctx context.Context, key, old, value string, ttl time.Duration) (bool, error) {
	n, err := swapScript.Run(ctx, r.C, []string{r.k(key)}, old, value, ttl.Milliseconds()).Int()
	return n == 1, err
}

func (r *Redis) Ping(ctx context.Context) error { return r.C.Ping(ctx).Err() }
func (r *Redis) Close() error                   { return r.C.Close() }
