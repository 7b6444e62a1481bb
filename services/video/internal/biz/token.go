package biz

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"
	"time"

	"anquan/kit/errs"
)

// StreamClaim is what a stream token says: this user of this tenant may
// watch this camera until Expires (unix seconds).
type StreamClaim struct {
	Tenant  string `json:"t"`
	Camera  int64  `json:"c"`
	User    int64  `json:"u"`
	Expires int64  `json:"e"`
}

// Tokens signs and checks stream tokens (HMAC-SHA256 with a key derived from
// the deployment's internal secret, so every replica checks every token).
type Tokens struct {
	key []byte
	TTL time.Duration
}

// NewTokens derives the signing key from secret.
func NewTokens(secret string, ttl time.Duration) *Tokens {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte("anquan video stream token v1"))
	return &Tokens{key: m.Sum(nil), TTL: ttl}
}

var b64 = base64.RawURLEncoding

func (t *Tokens) mac(payload string) string {
	m := hmac.New(sha256.New, t.key)
	m.Write([]byte(payload))
	return b64.EncodeToString(m.Sum(nil))
}

// Sign makes the token of c.
func (t *Tokens) Sign(c StreamClaim) string {
	raw, _ := json.Marshal(c) // a struct of strings and numbers
	p := b64.EncodeToString(raw)
	return p + "." + t.mac(p)
}

// Verify checks a token's signature and expiry at now.
func (t *Tokens) Verify(token string, now time.Time) (*StreamClaim, error) {
	refused := errs.Forbidden("视频流地址无效或已过期,请重新打开")
	p, sig, ok := strings.Cut(token, ".")
	if !ok || len(token) > 500 || !hmac.Equal([]byte(sig), []byte(t.mac(p))) {
		return nil, refused
	}
	raw, err := b64.DecodeString(p)
	if err != nil {
		return nil, refused
	}
	var c StreamClaim
	if json.Unmarshal(raw, &c) != nil || c.Tenant == "" || c.Camera <= 0 {
		return nil, refused
	}
	if now.Unix() >= c.Expires {
		return nil, refused
	}
	return &c, nil
}
