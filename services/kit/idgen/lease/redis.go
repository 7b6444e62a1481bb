package lease

import (
	"context"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"anquan/kit/cache"
)

// Redis keeps claims as keys with an expiry in the shared cache.
type Redis struct{ R *cache.Redis }

func (s Redis) key(node int64) string {
	return s.R.Prefix + "idgen:node:" + strconv.FormatInt(node, 10)
}

// claimScript sets the key when it is absent or already the owner's, in one
// step, so two processes cannot both take a node.
var claimScript = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if v == false or v == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`)

var releaseScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`)

func (s Redis) Claim(ctx context.Context, node int64, owner string, ttl time.Duration) (bool, error) {
	n, err := claimScript.Run(ctx, s.R.C, []string{s.key(node)}, owner, ttl.Milliseconds()).Int()
	return n == 1, err
}

func (s Redis) Release(ctx context.Context, node int64, owner string) error {
	return releaseScript.Run(ctx, s.R.C, []string{s.key(node)}, owner).Err()
}

// Close leaves the connection to the cache's owner.
func (s Redis) Close() error { return nil }
