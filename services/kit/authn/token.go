package authn

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"anquan/kit/ident"
)

// Issuer of every Anquan token.
const Issuer = "anquan"

// Claims of an access token (Blade names where the web reads them).
type Claims struct {
	TenantID   string  `json:"tenant_id"`
	UserID     string  `json:"user_id"`
	Account    string  `json:"account"`
	UserName   string  `json:"user_name"`
	NickName   string  `json:"nick_name,omitempty"`
	RoleID     string  `json:"role_id"`
	RoleName   string  `json:"role_name"`
	DeptID     string  `json:"dept_id"`
	PostID     string  `json:"post_id,omitempty"`
	OAuthID    string  `json:"oauth_id,omitempty"`
	ClientID   string  `json:"client_id"`
	DataScope  int     `json:"data_scope,omitempty"`
	ScopeDepts []int64 `json:"scope_depts,omitempty"`
	Super      bool    `json:"super,omitempty"`
	// Family is the refresh-token family (the login session) the token belongs to.
	Family string `json:"fam,omitempty"`
	// Guest marks a social login bound to no local user yet: the token may
	// call only what GuestMayCall allows (see guest.go).
	Guest bool `json:"guest,omitempty"`
	jwt.RegisteredClaims
}

// Signer issues tokens.
type Signer struct{ keys *Keys }

// NewSigner needs the private key.
func NewSigner(k *Keys) (*Signer, error) {
	if k == nil || k.Private == nil {
		return nil, errors.New("token signer needs the private key")
	}
	return &Signer{keys: k}, nil
}

// PublicKey verifies what this signer issues.
func (s *Signer) PublicKey() ed25519.PublicKey { return s.keys.Public }

// Sign issues an access token valid for ttl; returns the token and its id.
func (s *Signer) Sign(c Claims, ttl time.Duration) (string, string, error) {
	now := time.Now()
	c.Issuer = Issuer
	c.IssuedAt = jwt.NewNumericDate(now)
	c.NotBefore = jwt.NewNumericDate(now.Add(-30 * time.Second))
	c.ExpiresAt = jwt.NewNumericDate(now.Add(ttl))
	c.ID = RandomID(16)
	tok, err := jwt.NewWithClaims(jwt.SigningMethodEdDSA, &c).SignedString(s.keys.Private)
	return tok, c.ID, err
}

// Verifier checks tokens offline with the public key. Verified tokens are
// remembered until they expire, so a token is verified once per process,
// not once per call (Ed25519 and the claim parsing dominate a cheap call).
type Verifier struct {
	keys   *Keys
	parser *jwt.Parser
	// verifyKey is the public key, or it and the previous ones of a rotation.
	verifyKey any
	seen      sync.Map // sha256(token) -> *ident.Identity
	size      atomic.Int64
}

// maxRemembered bounds the memory of remembered tokens.
const maxRemembered = 20000

// NewVerifier needs the public key (and takes the previous ones of a rotation).
func NewVerifier(k *Keys) *Verifier {
	v := &Verifier{keys: k, parser: jwt.NewParser(jwt.WithValidMethods([]string{"EdDSA"}), jwt.WithIssuer(Issuer), jwt.WithLeeway(30*time.Second))}
	v.verifyKey = k.Public
	if len(k.Previous) > 0 {
		set := jwt.VerificationKeySet{Keys: []jwt.VerificationKey{k.Public}}
		for _, p := range k.Previous {
			set.Keys = append(set.Keys, p)
		}
		v.verifyKey = set
	}
	return v
}

// ErrToken: missing, malformed, badly signed or expired.
var ErrToken = errors.New("invalid token")

// Verify parses a bearer token ("bearer xxx" or bare) into an identity.
func (v *Verifier) Verify(raw string) (*ident.Identity, error) {
	raw = StripBearer(raw)
	if raw == "" {
		return nil, ErrToken
	}
	key := sha256.Sum256([]byte(raw))
	if got, ok := v.seen.Load(key); ok {
		id := got.(*ident.Identity)
		if time.Now().Unix() < id.ExpiresAt {
			return id, nil
		}
		v.seen.Delete(key)
		v.size.Add(-1)
		return nil, ErrToken
	}
	id, err := v.verify(raw)
	if err != nil {
		return nil, err
	}
	if v.size.Add(1) > maxRemembered {
		v.seen.Range(func(k, _ any) bool { v.seen.Delete(k); return true })
		v.size.Store(1)
	}
	v.seen.Store(key, id)
	return id, nil
}

func (v *Verifier) verify(raw string) (*ident.Identity, error) {
	var c Claims
	_, err := v.parser.ParseWithClaims(raw, &c, func(*jwt.Token) (any, error) { return v.verifyKey, nil })
	if err != nil {
		return nil, ErrToken
	}
	// A user id that does not parse reads as 0, which makes the token a
	// guest's below; role and dept lists that do not parse read as empty,
	// which grants nothing. Both errors narrow what the token may do.
	uid, _ := strconv.ParseInt(c.UserID, 10, 64)
	roles, _ := ident.ParseIDs(c.RoleID)
	depts, _ := ident.ParseIDs(c.DeptID)
	id := &ident.Identity{
		TenantID: c.TenantID, UserID: uid, Account: c.Account, UserName: c.UserName,
		RoleIDs: roles, RoleNames: c.RoleName, DeptIDs: depts, PostID: c.PostID, OAuthID: c.OAuthID,
		ClientID: c.ClientID, DataScope: c.DataScope, ScopeDepts: c.ScopeDepts, Super: c.Super,
		Token: raw, JTI: c.ID, Session: c.Family,
		// A token of no local user is a guest's even without the claim
		// (tokens issued before the claim existed).
		Guest: c.Guest || uid <= 0,
	}
	if c.ExpiresAt != nil {
		id.ExpiresAt = c.ExpiresAt.Unix()
	}
	if c.IssuedAt != nil {
		id.IssuedAt = c.IssuedAt.Unix()
	}
	if id.DataScope == 0 {
		id.DataScope = ident.ScopeAll
	}
	return id, nil
}

// StripBearer removes a "bearer " prefix in any case.
func StripBearer(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 7 && strings.EqualFold(s[:7], "bearer ") {
		return strings.TrimSpace(s[7:])
	}
	return s
}

// RandomID returns n random bytes as hex.
func RandomID(n int) string {
	b := make([]byte, n)
	// crypto/rand.Read never returns an error (Go 1.24+: it aborts the
	// program instead), so there is nothing to handle.
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// APIKeyPrefix starts every API key secret (blade-auth issues them for the
// assistant's OpenAI-compatible endpoint): a leaked key is recognisable,
// and the gateway tells a key from a JWT without parsing it.
const APIKeyPrefix = "aq-sk-"

// MsgBadKey refuses a key that is unknown, revoked or expired (blade-auth, and
// the gateway when it remembers the refusal).
const MsgBadKey = "API 密钥无效、已吊销或已过期"

// IsAPIKey reports whether a bearer value is an API key rather than a token.
func IsAPIKey(raw string) bool { return strings.HasPrefix(StripBearer(raw), APIKeyPrefix) }
