package gateway

import (
	"context"
	"crypto/sha256"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc/codes"

	"anquan/kit/authn"
	"anquan/kit/errs"
	"anquan/kit/ident"
	authv1 "anquan/proto/blade/auth/v1"
)

// apiKeyPaths are the only paths an API key opens: the assistant's
// OpenAI-compatible endpoint. Everywhere else a key is no credential.
const apiKeyPaths = "/api/ai-chat/v1/" //nolint:gosec // G101: a URL path prefix, not a credential

// keyTokens turns an API key into the short-lived access token blade-auth
// mints for its user, and keeps that token for a part of its life so a
// streaming client's calls do not each cost a round trip. The token never
// leaves the gateway: services see an ordinary token of that user, so the
// key sees exactly what the user may see. A revoked key's token is refused
// by the deny-list (its session), and a refused one is minted again once
// (blade-auth then refuses a revoked key). A map in this process rather
// than kit/cache: that is Redis in production, and a minted token is not
// to be stored outside the gateway that uses it.
type keyTokens struct {
	auth authv1.AuthInternalClient
	mu   sync.Mutex
	held map[[32]byte]heldToken
	// refused keys (unknown, revoked or expired) until a time: a client
	// retrying a bad key in a loop costs a map lookup, not a blade-auth call
	// each. A refused secret never becomes valid (a new key is a new random
	// secret), so the only cost of the memory is its size, bounded like held.
	refused map[[32]byte]time.Time
	// mints is each client address's budget of keys sent to blade-auth (a key
	// not kept or remembered as refused): someone trying many keys from one
	// address is slowed to keyMintsPerMinute, shared by the gateway replicas
	// when the cache is Redis. nil: no budget (tests).
	mints ipLimiter
}

type heldToken struct {
	token string
	until time.Time
}

// keyHeld bounds the tokens (and refusals) kept; past it the oldest half is
// not worth sorting out: the map is emptied and tokens are minted again.
const keyHeld = 10000

// keyRefusedFor is how long a refused key is answered from memory.
const keyRefusedFor = time.Minute

// errKeyRefused is blade-auth's answer to a key it refused, given again from memory.
var errKeyRefused = errs.Unauthorized(authn.MsgBadKey)

// keyMintsPerMinute: an honest client holds a few keys and mints each about
// once per half token life, so thirty different keys a minute from one
// address is someone guessing.
const keyMintsPerMinute = 30

// errKeyLimited: the address has sent too many keys to be checked this minute.
var errKeyLimited = errs.TooMany("API 密钥尝试过于频繁,请稍后再试")

func newKeyTokens(auth authv1.AuthInternalClient, mints ipLimiter) *keyTokens {
	return &keyTokens{auth: auth, held: map[[32]byte]heldToken{}, refused: map[[32]byte]time.Time{}, mints: mints}
}

// token answers the access token for key; fresh skips the one kept.
func (k *keyTokens) token(ctx context.Context, key string, fresh bool) (string, error) {
	key = authn.StripBearer(key)
	h := sha256.Sum256([]byte(key))
	now := time.Now()
	k.mu.Lock()
	t, ok := k.held[h]
	until, bad := k.refused[h]
	k.mu.Unlock()
	if bad && now.Before(until) {
		return "", errKeyRefused
	}
	if !fresh && ok && now.Before(t.until) {
		return t.token, nil
	}
	if k.mints != nil && !k.mints.allow(ctx, ident.ClientIP(ctx)) {
		return "", errKeyLimited
	}
	r, err := k.auth.KeyToken(ctx, &authv1.KeyTokenRequest{Key: key})
	if err != nil {
		k.forget(h)
		if errs.Code(err) == codes.Unauthenticated {
			k.mu.Lock()
			if len(k.refused) >= keyHeld {
				k.refused = map[[32]byte]time.Time{}
			}
			k.refused[h] = now.Add(keyRefusedFor)
			k.mu.Unlock()
		}
		return "", err
	}
	// kept for half its life: a token always has minutes left when used
	keep := time.Duration(r.ExpiresIn) * time.Second / 2
	k.mu.Lock()
	if len(k.held) >= keyHeld {
		k.held = map[[32]byte]heldToken{}
	}
	k.held[h] = heldToken{token: r.AccessToken, until: now.Add(keep)}
	k.mu.Unlock()
	return r.AccessToken, nil
}

func (k *keyTokens) forget(h [32]byte) {
	k.mu.Lock()
	delete(k.held, h)
	k.mu.Unlock()
}

// keyApplies: an API key on a path it opens.
func keyApplies(path, raw string) bool {
	return strings.HasPrefix(path, apiKeyPaths) && authn.IsAPIKey(raw)
}
